-- Large binaries live in the blob store (`blobs`), not in rows: each row names its blob by key.
-- The old bytes columns stay (SQLite cannot relax NOT NULL in place) and are written empty.
-- Rows from before this migration are moved out by the host at start-up
-- (`store::blobs::move_out`): blob written first, then the key set and the bytes emptied.
ALTER TABLE meme_images ADD COLUMN blob TEXT;
ALTER TABLE engine_pages ADD COLUMN audio_blob TEXT;
ALTER TABLE engine_frames ADD COLUMN blob TEXT;
ALTER TABLE uploads ADD COLUMN blob TEXT;
-- NULL once the render's hosting time is over and its file deleted (the page answers 410).
ALTER TABLE renders ADD COLUMN blob TEXT;
