-- How many pictures a meme has, drawn or not: pictures no answer names are drawn when first
-- asked for, so `meme_images` holds only those drawn so far. NULL for memes made before
-- (all their pictures were drawn with them).
ALTER TABLE memes ADD COLUMN pictures BIGINT;
