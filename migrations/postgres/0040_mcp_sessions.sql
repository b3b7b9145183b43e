-- Sessions of MCP 2025-11-25 clients (2026-07-28 has none): what the client declared when it
-- initialized (`state`, JSON), so any replica, or this one after a restart or an idle spell, can
-- take the session up again; the key that opened it (set as the id is handed out; a request
-- with another key's session id is answered as if the session did not exist); when it was last
-- used. Forgotten a day after its last use.
CREATE TABLE mcp_sessions (
    id          TEXT     PRIMARY KEY,
    api_key_id  BIGINT,
    state       TEXT     NOT NULL,
    created_at  BIGINT   NOT NULL,
    seen_at     BIGINT   NOT NULL
);

CREATE INDEX mcp_sessions_by_use ON mcp_sessions (seen_at);
