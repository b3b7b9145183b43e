-- The durable job queue shared by audioscript and MP4 renders (and later asset jobs). States:
-- queued -> running -> succeeded | queued (retry after backoff) | failed (final; charge refunded
-- in the same transaction). A running job whose lease expired is claimable again.
CREATE TABLE jobs (
    id           TEXT    PRIMARY KEY,
    kind         TEXT    NOT NULL,
    api_key_id   BIGINT  NOT NULL REFERENCES api_keys (id),
    state        TEXT    NOT NULL,
    input        TEXT    NOT NULL,
    result       TEXT,
    error        TEXT,
    attempts     BIGINT  NOT NULL DEFAULT 0,
    max_attempts BIGINT  NOT NULL,
    -- The ledger row of the charge, refunded when the job fails for good; NULL when free.
    charge_id    BIGINT  REFERENCES credit_ledger (id),
    cost         BIGINT  NOT NULL,
    run_after    BIGINT  NOT NULL,
    lease_owner  TEXT,
    lease_until  BIGINT ,
    created_at   BIGINT  NOT NULL,
    updated_at   BIGINT  NOT NULL,
    finished_at  BIGINT 
);
CREATE INDEX jobs_ready ON jobs (state, run_after);
CREATE INDEX jobs_by_key ON jobs (api_key_id, created_at);
