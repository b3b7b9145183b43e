-- The durable job queue shared by audioscript and MP4 renders (and later asset jobs). States:
-- queued -> running -> succeeded | queued (retry after backoff) | failed (final; charge refunded
-- in the same transaction). A running job whose lease expired is claimable again.
CREATE TABLE jobs (
    id           TEXT    PRIMARY KEY,
    kind         TEXT    NOT NULL,
    api_key_id   INTEGER NOT NULL REFERENCES api_keys (id),
    state        TEXT    NOT NULL,
    input        TEXT    NOT NULL,
    result       TEXT,
    error        TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    max_attempts INTEGER NOT NULL,
    -- The ledger row of the charge, refunded when the job fails for good; NULL when free.
    charge_id    INTEGER REFERENCES credit_ledger (id),
    cost         INTEGER NOT NULL,
    run_after    INTEGER NOT NULL,
    lease_owner  TEXT,
    lease_until  INTEGER,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    finished_at  INTEGER
);
CREATE INDEX jobs_ready ON jobs (state, run_after);
CREATE INDEX jobs_by_key ON jobs (api_key_id, created_at);
