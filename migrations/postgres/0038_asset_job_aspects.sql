-- The shape an asset job's video is rendered in (`aspect`: 9:16, 1:1, 4:5 or 16:9); jobs made
-- before shapes were offered are all 9:16.
ALTER TABLE asset_jobs ADD COLUMN aspect TEXT NOT NULL DEFAULT '9:16';
