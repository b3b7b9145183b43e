-- People who hold keys: an account per Telegram user of the service's bot, or one an operator
-- made for a key (`asset-host dashboard link`). Credits stay with each key.
CREATE TABLE accounts (
    id                BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name              TEXT    NOT NULL,
    telegram_user_id  BIGINT  UNIQUE,
    created_at        BIGINT  NOT NULL
);
ALTER TABLE api_keys ADD COLUMN account_id BIGINT REFERENCES accounts (id);
-- When the key was last used, to the minute.
ALTER TABLE api_keys ADD COLUMN last_used_at BIGINT;
CREATE INDEX api_keys_by_account ON api_keys (account_id);

-- One-time dashboard sign-in links; only the hash of a link's token is kept.
CREATE TABLE login_links (
    token_hash  TEXT    PRIMARY KEY,
    account_id  BIGINT  NOT NULL REFERENCES accounts (id),
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    used_at     BIGINT
);

-- Dashboard sessions: the hash of the cookie's id and the token every form must carry.
CREATE TABLE dashboard_sessions (
    id_hash     TEXT    PRIMARY KEY,
    account_id  BIGINT  NOT NULL REFERENCES accounts (id),
    csrf        TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
CREATE INDEX dashboard_sessions_by_expiry ON dashboard_sessions (expires_at);

-- Updates a bot has handled ('service' or a brand key): Telegram redelivers what it thinks failed.
CREATE TABLE bot_updates (
    bot        TEXT    NOT NULL,
    update_id  BIGINT  NOT NULL,
    seen_at    BIGINT  NOT NULL,
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
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL
);

-- A brand bot's free generations are a payment rail of their own ('allowance', in generations).
ALTER TABLE payment_intents DROP CONSTRAINT payment_intents_rail_check;
ALTER TABLE payment_intents ADD CONSTRAINT payment_intents_rail_check
    CHECK (rail IN ('credits', 'x402', 'sol', 'allowance'));
