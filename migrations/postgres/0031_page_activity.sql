-- What people do on a pitch page, counted by the page's own script (a link-preview fetcher
-- runs none): views, plays, shares and call-to-action clicks, each a count with its first and
-- last time. Never who: no address, no user agent, no cookie.
CREATE TABLE page_activity (
    page_id   TEXT     NOT NULL REFERENCES engine_pages (id),
    action    TEXT     NOT NULL,
    count     BIGINT  NOT NULL,
    first_at  BIGINT  NOT NULL,
    last_at   BIGINT  NOT NULL,
    PRIMARY KEY (page_id, action)
);

-- Where a pitch page's events (`page.viewed`, `page.cta_clicked`) are sent, and the secret
-- that signs them; the events themselves go through the webhook outbox like a job's.
CREATE TABLE page_webhooks (
    page_id     TEXT     PRIMARY KEY REFERENCES engine_pages (id),
    url         TEXT     NOT NULL,
    secret      TEXT     NOT NULL,
    created_at  BIGINT  NOT NULL
);

-- A key's pitch pages, newest first (GET /api/agent/me lists them with their activity).
CREATE INDEX engine_pages_by_key_kind ON engine_pages (api_key_id, kind, created_at);
