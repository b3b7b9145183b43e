-- A key can be revoked: it then authenticates nothing, on every replica at once (keys are
-- looked up per request). The row stays: its ledger and its jobs name it.
ALTER TABLE api_keys ADD COLUMN revoked_at BIGINT;
