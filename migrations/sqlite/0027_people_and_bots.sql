-- People who hold keys: an account per Telegram user of the service's bot, or one an operator
-- made for a key (`asset-host dashboard link`). Credits stay with each key.
CREATE TABLE accounts (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    name              TEXT    NOT NULL,
    telegram_user_id  INTEGER UNIQUE,
    created_at        INTEGER NOT NULL
);
ALTER TABLE api_keys ADD COLUMN account_id INTEGER REFERENCES accounts (id);
-- When the key was last used, to the minute.
ALTER TABLE api_keys ADD COLUMN last_used_at INTEGER;
CREATE INDEX api_keys_by_account ON api_keys (account_id);

-- One-time dashboard sign-in links; only the hash of a link's token is kept.
CREATE TABLE login_links (
    token_hash  TEXT    PRIMARY KEY,
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER
);

-- Dashboard sessions: the hash of the cookie's id and the token every form must carry.
CREATE TABLE dashboard_sessions (
    id_hash     TEXT    PRIMARY KEY,
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    csrf        TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);
CREATE INDEX dashboard_sessions_by_expiry ON dashboard_sessions (expires_at);

-- Updates a bot has handled ('service' or a brand key): Telegram redelivers what it thinks failed.
CREATE TABLE bot_updates (
    bot        TEXT    NOT NULL,
    update_id  INTEGER NOT NULL,
    seen_at    INTEGER NOT NULL,
    PRIMARY KEY (bot, update_id)
);

-- A brand's own Telegram bot: its token sealed with the operator's key, the hash of the secret
-- its webhook deliveries carry, its username, and `connected` or why its webhook is not set.
CREATE TABLE brand_bots (
    brand_key     TEXT    PRIMARY KEY REFERENCES brands (key),
    token_sealed  TEXT    NOT NULL,
    secret_hash   TEXT    NOT NULL,
    username      TEXT    NOT NULL,
    status        TEXT    NOT NULL,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);

-- A brand bot's free generations are a payment rail of their own ('allowance', in
-- generations). SQLite cannot change a CHECK in place: the table is rebuilt as it was, with
-- the new rail allowed.
CREATE TABLE payment_intents_new (
    id          TEXT    PRIMARY KEY,
    operation   TEXT    NOT NULL,
    api_key_id  INTEGER  NOT NULL REFERENCES api_keys (id),
    rail        TEXT    NOT NULL CHECK (rail IN ('credits', 'x402', 'sol', 'allowance')),
    amount      INTEGER  NOT NULL CHECK (amount > 0),
    reference   TEXT    NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN ('authorized', 'captured', 'released')),
    job_id      TEXT,
    lease_until INTEGER,
    created_at  INTEGER  NOT NULL,
    settled_at  INTEGER
);
INSERT INTO payment_intents_new SELECT id, operation, api_key_id, rail, amount, reference, state, job_id,
    lease_until, created_at, settled_at FROM payment_intents;
DROP TABLE payment_intents;
ALTER TABLE payment_intents_new RENAME TO payment_intents;
CREATE INDEX payment_intents_open ON payment_intents (state, lease_until);
CREATE INDEX payment_intents_by_reference ON payment_intents (api_key_id, reference);
