-- The payment seam: every paid call or job authorizes a payment through one rail (prepaid
-- credits now; x402 and SOL next) and records it here, in the same transaction as the rail's own
-- record. An intent ends captured (the work's result is stored, in the same transaction) or
-- released (the rail gives the money back). Synchronous work holds its intent until
-- lease_until; an intent a dead process left authorized past it is released by the reaper.
-- A job holds its intent (job_id) until it succeeds or fails for good.
CREATE TABLE payment_intents (
    id          TEXT    PRIMARY KEY,
    operation   TEXT    NOT NULL,
    api_key_id  BIGINT  NOT NULL REFERENCES api_keys (id),
    rail        TEXT    NOT NULL CHECK (rail IN ('credits', 'x402', 'sol')),
    -- In the rail's unit: credits, USDC atomic units or lamports.
    amount      BIGINT  NOT NULL CHECK (amount > 0),
    -- The rail's record of the money: the credit ledger row, a settlement, a signature.
    reference   TEXT    NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('authorized', 'captured', 'released')),
    job_id      TEXT,
    lease_until BIGINT,
    created_at  BIGINT  NOT NULL,
    settled_at  BIGINT
);
CREATE INDEX payment_intents_open ON payment_intents (state, lease_until);

-- Jobs name what paid for them (rail and intent) instead of a credit ledger row. charge_id
-- stays for the rows written before this migration and is no longer written.
ALTER TABLE jobs ADD COLUMN payment_rail TEXT;
ALTER TABLE jobs ADD COLUMN payment_ref TEXT;

INSERT INTO payment_intents (id, operation, api_key_id, rail, amount, reference, state, job_id, created_at, settled_at)
SELECT 'pi_' || jobs.id, jobs.kind, jobs.api_key_id, 'credits', jobs.cost, CAST(jobs.charge_id AS TEXT),
       CASE WHEN jobs.state = 'succeeded' THEN 'captured'
            WHEN EXISTS (SELECT 1 FROM credit_ledger r WHERE r.refund_of = jobs.charge_id) THEN 'released'
            ELSE 'authorized' END,
       jobs.id, jobs.created_at, jobs.finished_at
FROM jobs WHERE jobs.charge_id IS NOT NULL;

UPDATE jobs SET payment_rail = 'credits', payment_ref = 'pi_' || id WHERE charge_id IS NOT NULL;
