-- Pay-per-asset jobs: a free preview (a meme the job owns), a quote of a unique lamport amount
-- (held in sol_quotes while open), then the claimed deposit and the MP4 render.
-- States: awaiting_payment -> paid (claimed; the render runs) -> delivered, or
-- paid -> render_failed (the payment stays bound; a check renders again) -> paid.
CREATE TABLE asset_jobs (
    id               TEXT     PRIMARY KEY,
    api_key_id       BIGINT   NOT NULL REFERENCES api_keys (id),
    format           TEXT     NOT NULL,
    input            TEXT     NOT NULL,
    language         TEXT     NOT NULL,
    -- The service's public address when the job was made: its links (and its webhooks') point there.
    base_url         TEXT     NOT NULL,
    -- The meme whose page is the free preview and whose pictures the MP4 shows.
    preview_id       TEXT     NOT NULL,
    state            TEXT     NOT NULL
        CHECK (state IN ('awaiting_payment', 'paid', 'delivered', 'render_failed')),
    amount_lamports  BIGINT   NOT NULL,
    quoted_at        BIGINT   NOT NULL,
    expires_at       BIGINT   NOT NULL,
    callback_url     TEXT,
    webhook_secret   TEXT,
    -- The deposit that paid for it (also the key of sol_deposits).
    signature        TEXT     UNIQUE,
    paid_at          BIGINT,
    -- The current render job (jobs.id) and the render it made.
    render_job_id    TEXT,
    render_id        TEXT,
    renders          BIGINT   NOT NULL DEFAULT 0,
    error            TEXT,
    delivered_at     BIGINT,
    created_at       BIGINT   NOT NULL,
    updated_at       BIGINT   NOT NULL
);
CREATE INDEX asset_jobs_by_key ON asset_jobs (api_key_id, created_at);

-- Deposits that paid for an asset: a signature unlocks one asset, ever (the key says so on
-- every replica), and the row outlives its job.
CREATE TABLE sol_deposits (
    signature        TEXT     PRIMARY KEY,
    job_id           TEXT     NOT NULL UNIQUE,
    amount_lamports  BIGINT   NOT NULL,
    payer            TEXT,
    slot             BIGINT   NOT NULL,
    block_time       BIGINT   NOT NULL,
    claimed_at       BIGINT   NOT NULL
);

-- Renders are now made of engine pages or of memes (an asset's preview): `page_id` no longer
-- references engine_pages.
ALTER TABLE renders DROP CONSTRAINT renders_page_id_fkey;
