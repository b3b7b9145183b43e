-- Audio given by URL for an audioscript job, downloaded and decoded at submission (so a bad
-- file is refused before any charge) and kept for the worker as 16 kHz mono WAV.
CREATE TABLE uploads (
    job_id      TEXT    PRIMARY KEY,
    audio       BYTEA   NOT NULL,
    created_at  BIGINT  NOT NULL
);
