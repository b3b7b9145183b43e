-- MCP tasks (the `io.modelcontextprotocol/tasks` extension): a tool call a client let become a
-- task, owned by the key that made it. A task follows a job (read through the status tool of
-- `service`, the job's own row saying where it is) or holds the result of a call that finished
-- within it. Forgotten a day after it was made, as its `ttlMs` says.
CREATE TABLE mcp_tasks (
    id          TEXT     PRIMARY KEY,
    api_key_id  INTEGER  NOT NULL,
    tool        TEXT     NOT NULL,
    service     TEXT,
    job_id      TEXT,
    result      TEXT,
    created_at  INTEGER  NOT NULL
);

CREATE INDEX mcp_tasks_by_age ON mcp_tasks (created_at);
