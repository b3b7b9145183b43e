-- The webhook outbox: an event row is written in the transaction that changes the state it
-- reports, then delivered at once and retried by a sweeper until the receiver answers 2xx.

CREATE TABLE webhook_events (
    -- The Standard Webhooks `webhook-id`: the same on every attempt.
    id            TEXT    PRIMARY KEY,
    api_key_id    BIGINT  NOT NULL REFERENCES api_keys (id),
    job_id        TEXT    NOT NULL,
    event         TEXT    NOT NULL,
    -- The payload without `attempt` (JSON); each attempt adds its number.
    data          TEXT    NOT NULL,
    url           TEXT    NOT NULL,
    secret        TEXT    NOT NULL,
    -- pending → delivered, or expired when no attempt succeeded for three days.
    state         TEXT    NOT NULL CHECK (state IN ('pending', 'delivered', 'expired')),
    attempts      BIGINT  NOT NULL DEFAULT 0,
    next_at       BIGINT  NOT NULL,
    locked_until  BIGINT,
    created_at    BIGINT  NOT NULL,
    delivered_at  BIGINT
);
CREATE INDEX webhook_events_due ON webhook_events (state, next_at);
CREATE INDEX webhook_events_by_job ON webhook_events (job_id, created_at);

-- Every attempt: when, what the receiver answered or why it could not be reached.
CREATE TABLE webhook_deliveries (
    id           BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id     TEXT    NOT NULL REFERENCES webhook_events (id),
    attempt      BIGINT  NOT NULL,
    at           BIGINT  NOT NULL,
    status_code  BIGINT,
    error        TEXT,
    duration_ms  BIGINT  NOT NULL
);
CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id, attempt);
