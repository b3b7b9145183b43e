-- The service's own random keys, made once by whichever process first needs one, so every
-- replica signs alike: `page-tokens` signs the token each served pitch page carries.
CREATE TABLE service_keys (
    name        TEXT     PRIMARY KEY,
    secret      TEXT     NOT NULL,
    created_at  INTEGER  NOT NULL
);

-- What each page token has counted: one row per token (its nonce, never anything about the
-- person) and action, so a token counts each action once. Kept until the token has expired.
CREATE TABLE page_token_uses (
    nonce    TEXT     NOT NULL,
    action   TEXT     NOT NULL,
    page_id  TEXT     NOT NULL,
    used_at  INTEGER  NOT NULL,
    PRIMARY KEY (nonce, action)
);
CREATE INDEX page_token_uses_by_time ON page_token_uses (used_at);

-- A page's events of one kind in the last hour (the cap on `page.cta_clicked`).
CREATE INDEX webhook_events_by_job_event ON webhook_events (job_id, event, created_at);
-- Finished events past their retention, oldest first.
CREATE INDEX webhook_events_finished ON webhook_events (state, created_at);
