-- A payment intent names the request that opened it (the idempotency fence compares it with
-- the request an `Idempotency-Key` record names: the intent's `reference` is the rail's record,
-- a ledger row or an x402 payment, never the request) and, for a call, the process instance
-- holding it (a restarted instance releases its own holds at once instead of waiting for the
-- hold to lapse); an `Idempotency-Key` record names that instance too, for the same reason.
ALTER TABLE payment_intents ADD COLUMN request_id TEXT;
ALTER TABLE payment_intents ADD COLUMN holder TEXT;
ALTER TABLE idempotency_keys ADD COLUMN holder TEXT;
CREATE INDEX payment_intents_by_request ON payment_intents (api_key_id, request_id);
CREATE INDEX payment_intents_by_holder ON payment_intents (holder, state);
CREATE INDEX idempotency_keys_by_holder ON idempotency_keys (holder, state);

-- When a settlement was last sent to the facilitator: a payment left `settling` (its outcome
-- unknown: a timeout, a process that died mid-settlement) is asked again once this is older
-- than the facilitator's timeout, until the facilitator says what became of it.
ALTER TABLE x402_payments ADD COLUMN settle_sent_at BIGINT;
CREATE INDEX x402_payments_settling ON x402_payments (state, settle_sent_at);
