-- MP4 renders of engine pages, hosted on a temporary page (`/v/<id>`) for about 24 hours. After
-- `expires_at` the file is deleted (mp4 set to NULL) and the page answers 410.
CREATE TABLE renders (
    id           TEXT    PRIMARY KEY,
    job_id       TEXT    NOT NULL UNIQUE REFERENCES jobs (id),
    api_key_id   INTEGER NOT NULL REFERENCES api_keys (id),
    page_id      TEXT    NOT NULL REFERENCES engine_pages (id),
    mp4          BLOB,
    size_bytes   INTEGER NOT NULL,
    duration_ms  INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL
);
CREATE INDEX renders_expiry ON renders (expires_at);
