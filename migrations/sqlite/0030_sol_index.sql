-- The index of the treasury's deposits (billing/sol/index): every signature of the treasury is
-- read once, across replicas, from a stored cursor, so a deposit stays findable however many
-- transfers land after it.
--
-- One row per treasury address. Everything at or before `cursor_signature` is indexed. A run
-- walks newest-first from `gap_top` (the newest signature when the walk began) down to the
-- cursor; `gap_before` is the oldest signature the walk has stored so far (the next page's
-- `before`). When the walk meets the cursor (or the first-run floor) the cursor becomes
-- `gap_top` and `covered_at` the moment the walk began listing. One replica walks at a time,
-- under the lease (`lease_owner`, `lease_until`): every write is conditional on holding it.
CREATE TABLE sol_index (
    treasury          TEXT     PRIMARY KEY,
    cursor_signature  TEXT,
    gap_top           TEXT,
    gap_before        TEXT,
    gap_opened_at     INTEGER,
    covered_at        INTEGER  NOT NULL DEFAULT 0,
    lease_owner       TEXT,
    lease_until       INTEGER  NOT NULL DEFAULT 0,
    updated_at        INTEGER  NOT NULL
);

-- Deposits to the treasury the index found whose amount an open (or reserved) quote held when
-- they were read: a deposit of an amount no quote holds can pay for nothing, so dust is read
-- once and not kept. Looked up by amount and block time when a job is checked.
CREATE TABLE sol_treasury_deposits (
    signature        TEXT     PRIMARY KEY,
    treasury         TEXT     NOT NULL,
    amount_lamports  INTEGER  NOT NULL,
    payer            TEXT,
    slot             INTEGER  NOT NULL,
    block_time       INTEGER  NOT NULL,
    indexed_at       INTEGER  NOT NULL
);
CREATE INDEX sol_treasury_deposits_by_amount ON sol_treasury_deposits (treasury, amount_lamports, block_time);

-- Open quotes are counted per key when a job is created (the bound of open quotes per key).
CREATE INDEX asset_jobs_open_by_key ON asset_jobs (api_key_id, state, expires_at);
