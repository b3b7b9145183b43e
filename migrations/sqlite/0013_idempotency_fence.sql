-- Idempotency claims are fenced: each claim writes its own token, and only the holder of the
-- current token may renew, complete or release the record (a taken-over claim's late completion
-- changes nothing). The claim also names its request, whose payment must be settled before an
-- abandoned claim may be taken over and the work run again.
ALTER TABLE idempotency_keys ADD COLUMN claim_token TEXT NOT NULL DEFAULT '';
ALTER TABLE idempotency_keys ADD COLUMN request_id TEXT NOT NULL DEFAULT '';
CREATE INDEX payment_intents_by_reference ON payment_intents (api_key_id, reference);
