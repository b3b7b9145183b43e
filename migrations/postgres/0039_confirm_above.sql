-- Credits above which a key's MCP calls ask their person before spending (NULL: never ask), as
-- the account that owns the key set it in the dashboard.
ALTER TABLE api_keys ADD COLUMN confirm_above BIGINT;
