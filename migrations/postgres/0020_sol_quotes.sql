-- Open SOL quotes: the lamport amount is the key, so no two open quotes share one and a
-- deposit of that exact amount names its job. A quote leaves this table when it is paid, or a
-- week after it lapsed (a late deposit must not unlock another job's asset meanwhile).
CREATE TABLE sol_quotes (
    amount_lamports  BIGINT  PRIMARY KEY,
    job_id           TEXT    NOT NULL UNIQUE,
    expires_at       BIGINT  NOT NULL,
    created_at       BIGINT  NOT NULL
);
CREATE INDEX sol_quotes_by_expiry ON sol_quotes (expires_at);
