-- Pay-per-asset jobs: a free preview (a meme the job owns), a quote of a unique lamport amount
-- (held in sol_quotes while open), then the claimed deposit and the MP4 render.
-- States: awaiting_payment -> paid (claimed; the render runs) -> delivered, or
-- paid -> render_failed (the payment stays bound; a check renders again) -> paid.
CREATE TABLE asset_jobs (
    id               TEXT     PRIMARY KEY,
    api_key_id       INTEGER  NOT NULL REFERENCES api_keys (id),
    format           TEXT     NOT NULL,
    input            TEXT     NOT NULL,
    language         TEXT     NOT NULL,
    -- The service's public address when the job was made: its links (and its webhooks') point there.
    base_url         TEXT     NOT NULL,
    -- The meme whose page is the free preview and whose pictures the MP4 shows.
    preview_id       TEXT     NOT NULL,
    state            TEXT     NOT NULL
        CHECK (state IN ('awaiting_payment', 'paid', 'delivered', 'render_failed')),
    amount_lamports  INTEGER  NOT NULL,
    quoted_at        INTEGER  NOT NULL,
    expires_at       INTEGER  NOT NULL,
    callback_url     TEXT,
    webhook_secret   TEXT,
    -- The deposit that paid for it (also the key of sol_deposits).
    signature        TEXT     UNIQUE,
    paid_at          INTEGER,
    -- The current render job (jobs.id) and the render it made.
    render_job_id    TEXT,
    render_id        TEXT,
    renders          INTEGER  NOT NULL DEFAULT 0,
    error            TEXT,
    delivered_at     INTEGER,
    created_at       INTEGER  NOT NULL,
    updated_at       INTEGER  NOT NULL
);
CREATE INDEX asset_jobs_by_key ON asset_jobs (api_key_id, created_at);

-- Deposits that paid for an asset: a signature unlocks one asset, ever (the key says so on
-- every replica), and the row outlives its job.
CREATE TABLE sol_deposits (
    signature        TEXT     PRIMARY KEY,
    job_id           TEXT     NOT NULL UNIQUE,
    amount_lamports  INTEGER  NOT NULL,
    payer            TEXT,
    slot             INTEGER  NOT NULL,
    block_time       INTEGER  NOT NULL,
    claimed_at       INTEGER  NOT NULL
);

-- Renders are now made of engine pages or of memes (an asset's preview): `page_id` no longer
-- references engine_pages. SQLite cannot drop a constraint, so the table is rebuilt.
CREATE TABLE renders_new (
    id           TEXT    PRIMARY KEY,
    job_id       TEXT    NOT NULL UNIQUE REFERENCES jobs (id),
    api_key_id   INTEGER NOT NULL REFERENCES api_keys (id),
    page_id      TEXT    NOT NULL,
    mp4          BLOB,
    size_bytes   INTEGER NOT NULL,
    duration_ms  INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    blob         TEXT
);
INSERT INTO renders_new (id, job_id, api_key_id, page_id, mp4, size_bytes, duration_ms, created_at, expires_at, blob)
    SELECT id, job_id, api_key_id, page_id, mp4, size_bytes, duration_ms, created_at, expires_at, blob FROM renders;
DROP TABLE renders;
ALTER TABLE renders_new RENAME TO renders;
CREATE INDEX renders_expiry ON renders (expires_at);
