-- How a page's pictures are drawn (JSON: the opening card's title, the seed, the typeface its
-- words' boxes were found in): pictures are drawn when first asked for, so `engine_frames`
-- names blobs that may not be written yet. NULL for pages made before (all their pictures were
-- drawn with them).
ALTER TABLE engine_pages ADD COLUMN drawing TEXT;
