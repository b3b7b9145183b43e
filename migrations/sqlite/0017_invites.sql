-- Free-bot invites: a recipient's pitch page and a one-time claim code. Claiming creates a
-- registered brand for the recipient (`brand_key`) with a bot and its allowance.
CREATE TABLE invites (
    code        TEXT    PRIMARY KEY,
    api_key_id  INTEGER NOT NULL REFERENCES api_keys (id),
    who         TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    page_id     TEXT    NOT NULL REFERENCES engine_pages (id),
    message     TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    claimed_at  INTEGER,
    brand_key   TEXT    REFERENCES brands (key)
);
CREATE INDEX invites_by_key ON invites (api_key_id, created_at);

-- The generations a claimed brand's bot may still make: a ledger like credits.
CREATE TABLE bot_allowance (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    brand_key      TEXT    NOT NULL REFERENCES brands (key),
    kind           TEXT    NOT NULL CHECK (kind IN ('grant', 'spend')),
    amount         INTEGER NOT NULL,
    balance_after  INTEGER NOT NULL CHECK (balance_after >= 0),
    reason         TEXT    NOT NULL,
    created_at     INTEGER NOT NULL
);
CREATE INDEX bot_allowance_by_brand ON bot_allowance (brand_key, id);
