-- Free-bot invites: a recipient's pitch page and a one-time claim code. Claiming creates a
-- registered brand for the recipient (`brand_key`) with a bot and its allowance.
CREATE TABLE invites (
    code        TEXT    PRIMARY KEY,
    api_key_id  BIGINT  NOT NULL REFERENCES api_keys (id),
    who         TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    page_id     TEXT    NOT NULL REFERENCES engine_pages (id),
    message     TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    claimed_at  BIGINT,
    brand_key   TEXT    REFERENCES brands (key)
);
CREATE INDEX invites_by_key ON invites (api_key_id, created_at);

-- The generations a claimed brand's bot may still make: a ledger like credits.
CREATE TABLE bot_allowance (
    id             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    brand_key      TEXT    NOT NULL REFERENCES brands (key),
    kind           TEXT    NOT NULL CHECK (kind IN ('grant', 'spend')),
    amount         BIGINT  NOT NULL,
    balance_after  BIGINT  NOT NULL CHECK (balance_after >= 0),
    reason         TEXT    NOT NULL,
    created_at     BIGINT  NOT NULL
);
CREATE INDEX bot_allowance_by_brand ON bot_allowance (brand_key, id);
