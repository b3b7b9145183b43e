-- Engine pages of more than one kind: `script` (audioscript: a script or a recording) or
-- `pitch` (a pitch page: its hook, call to action, memes and what was read about the person in
-- `extra`, JSON, whose meme pictures are blobs it names).
ALTER TABLE engine_pages ADD COLUMN kind TEXT NOT NULL DEFAULT 'script';
ALTER TABLE engine_pages ADD COLUMN extra TEXT;
