-- The shape each video was rendered in (`aspect`: 9:16, 1:1, 4:5 or 16:9); videos made before
-- shapes were offered are all 9:16. An engine page offers the shapes of its videos still hosted,
-- found by page.
ALTER TABLE renders ADD COLUMN aspect TEXT NOT NULL DEFAULT '9:16';
CREATE INDEX renders_page ON renders (page_id, expires_at);
