-- Brands, keys, the credit ledger, idempotency records and shared rate-limit state.
-- Money is integer credits; times are Unix milliseconds.

-- A registered brand: its voice, hashtag and token shape what generators write for it.
CREATE TABLE brands (
    key           TEXT    PRIMARY KEY,
    name          TEXT    NOT NULL,
    voice         TEXT    NOT NULL DEFAULT '',
    hashtag       TEXT    NOT NULL,
    token         TEXT    NOT NULL,
    -- The brand's messaging bot, if it has one (its link is derived from it).
    bot_username  TEXT,
    -- 0 when the brand's admin switched meme generation off (requests answer 403).
    meme_mode     BIGINT NOT NULL DEFAULT 1,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

CREATE TABLE api_keys (
    id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    prefix      TEXT    NOT NULL UNIQUE,
    key_hash    TEXT    NOT NULL,
    label       TEXT    NOT NULL DEFAULT '',
    role        TEXT    NOT NULL CHECK (role IN ('agent', 'operator', 'brand-admin')),
    -- The brand a brand-admin key administers; NULL for other roles.
    brand_key   TEXT    REFERENCES brands (key),
    credits     BIGINT  NOT NULL DEFAULT 0 CHECK (credits >= 0),
    created_at  BIGINT  NOT NULL,
    CHECK ((role = 'brand-admin') = (brand_key IS NOT NULL))
);

CREATE TABLE credit_ledger (
    id             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    api_key_id     BIGINT  NOT NULL REFERENCES api_keys (id),
    kind           TEXT    NOT NULL CHECK (kind IN ('grant', 'charge', 'refund')),
    amount         BIGINT  NOT NULL,
    balance_after  BIGINT  NOT NULL CHECK (balance_after >= 0),
    reason         TEXT    NOT NULL,
    reference      TEXT,
    refund_of      BIGINT  UNIQUE REFERENCES credit_ledger (id),
    created_at     BIGINT  NOT NULL,
    CHECK ((kind = 'charge' AND amount < 0) OR (kind <> 'charge' AND amount > 0)),
    CHECK ((kind = 'refund') = (refund_of IS NOT NULL))
);
CREATE INDEX credit_ledger_by_key ON credit_ledger (api_key_id, id);

CREATE TABLE idempotency_keys (
    api_key_id     BIGINT  NOT NULL REFERENCES api_keys (id),
    idem_key       TEXT    NOT NULL,
    request_hash   TEXT    NOT NULL,
    state          TEXT    NOT NULL CHECK (state IN ('running', 'done')),
    status_code    BIGINT,
    content_type   TEXT,
    response_body  BYTEA,
    locked_until   BIGINT  NOT NULL,
    created_at     BIGINT  NOT NULL,
    PRIMARY KEY (api_key_id, idem_key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

-- Counters are disposable: unlogged skips the WAL (and its fsync) on every call; a crash
-- only forgets recent counts.
CREATE UNLOGGED TABLE rate_limits (
    bucket  TEXT    PRIMARY KEY,
    tat     BIGINT  NOT NULL
);
CREATE INDEX rate_limits_by_tat ON rate_limits (tat);
