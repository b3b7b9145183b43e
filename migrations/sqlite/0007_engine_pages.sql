-- Engine pages (`/m/<id>`): a voice track split into beats, each with its caption and picture.
CREATE TABLE engine_pages (
    id           TEXT    PRIMARY KEY,
    job_id       TEXT    NOT NULL UNIQUE REFERENCES jobs (id),
    api_key_id   INTEGER NOT NULL REFERENCES api_keys (id),
    title        TEXT    NOT NULL,
    language     TEXT    NOT NULL,
    -- [{"text", "start", "end"}] with times in milliseconds into the voice track.
    beats        TEXT    NOT NULL,
    -- Whether the captions come from the words (false when only pauses gave the beats).
    captioned    INTEGER NOT NULL,
    audio        BLOB    NOT NULL,
    audio_type   TEXT    NOT NULL,
    duration_ms  INTEGER NOT NULL,
    created_at   INTEGER NOT NULL
);

-- The picture of each beat (1080×1920 PNG), shown in time on the page and held in the MP4.
CREATE TABLE engine_frames (
    page_id   TEXT    NOT NULL REFERENCES engine_pages (id),
    position  INTEGER NOT NULL,
    png       BLOB    NOT NULL,
    PRIMARY KEY (page_id, position)
);
