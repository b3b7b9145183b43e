-- Money that arrives from outside: x402 payments (USDC per call) and credit pack purchases
-- (USDC over x402, or a card through Stripe Checkout).

-- Every x402 payment offered and verified, before any work. (network, payer, nonce) is the
-- EIP-3009 authorization itself: the unique constraint makes one payment run one piece of
-- work, on any replica. A settled row is the ledger entry of the money received.
CREATE TABLE x402_payments (
    id            TEXT    PRIMARY KEY,
    network       TEXT    NOT NULL,
    payer         TEXT    NOT NULL,
    nonce         TEXT    NOT NULL,
    -- USDC atomic units (6 decimals).
    amount       INTEGER NOT NULL CHECK (amount > 0),
    pay_to        TEXT    NOT NULL,
    api_key_id   INTEGER NOT NULL REFERENCES api_keys (id),
    operation     TEXT    NOT NULL,
    resource      TEXT    NOT NULL,
    job_id        TEXT,
    version      INTEGER NOT NULL,
    -- What the facilitator is sent again at settlement (JSON).
    payload       TEXT    NOT NULL,
    requirements  TEXT    NOT NULL,
    -- verified → settling → settled | failed; released when the work failed before settling.
    state         TEXT    NOT NULL CHECK (state IN ('verified', 'settling', 'settled', 'failed', 'released')),
    tx_hash       TEXT,
    error         TEXT,
    created_at   INTEGER NOT NULL,
    settled_at    INTEGER,
    UNIQUE (network, payer, nonce)
);
CREATE INDEX x402_payments_by_key ON x402_payments (api_key_id, created_at);

-- Credit packs bought. reference is the payment: an x402 payment id or a Stripe Checkout
-- Session id; unique, so a payment grants its pack once however often it is reported.
CREATE TABLE credit_purchases (
    id           TEXT    PRIMARY KEY,
    api_key_id  INTEGER NOT NULL REFERENCES api_keys (id),
    pack         TEXT    NOT NULL,
    credits     INTEGER NOT NULL CHECK (credits > 0),
    price_cents INTEGER NOT NULL CHECK (price_cents > 0),
    method       TEXT    NOT NULL CHECK (method IN ('usdc', 'card')),
    reference    TEXT    NOT NULL UNIQUE,
    state        TEXT    NOT NULL CHECK (state IN ('pending', 'granted')),
    checkout_url TEXT,
    ledger_id    INTEGER  REFERENCES credit_ledger (id),
    created_at  INTEGER NOT NULL,
    granted_at   INTEGER
);
CREATE INDEX credit_purchases_by_key ON credit_purchases (api_key_id, created_at);

-- A keyless x402 caller reads its job with a token only the 202 carried (SHA-256 hex).
ALTER TABLE jobs ADD COLUMN access_hash TEXT;
