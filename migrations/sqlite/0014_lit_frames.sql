-- Word-timed captions: each beat's picture with every word lit, from which a video lights one
-- word at a time (the words' boxes are in the page's beats JSON). NULL for beats without timed
-- words and for pages made before word times.
ALTER TABLE engine_frames ADD COLUMN lit_blob TEXT;
