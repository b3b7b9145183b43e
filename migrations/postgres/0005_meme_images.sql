-- The pictures of a meme: one card, or one per carousel slide, as PNG. Stored in the database so
-- every replica serves them; written in the same transaction as the meme.
CREATE TABLE meme_images (
    meme_id   TEXT    NOT NULL REFERENCES memes (id),
    -- 1-based position: the card, or the slide number.
    position  BIGINT  NOT NULL,
    width     BIGINT  NOT NULL,
    height    BIGINT  NOT NULL,
    png       BYTEA   NOT NULL,
    PRIMARY KEY (meme_id, position)
);
