-- An x402 payment identifier (the `payment-identifier` extension) claims an idempotency record
-- like an `Idempotency-Key` does; its answer is replayed whole, the payment's receipt included,
-- so the headers an answer carried are kept with it (a JSON array of [name, value] pairs).
ALTER TABLE idempotency_keys ADD COLUMN response_headers TEXT;
