-- What 2025-11-25 clients answered, on their sessions, to a question a call asked them
-- (elicitation, sampling): any replica may receive the answer, so it is kept here until the
-- replica whose call waits for it takes it (once). Forgotten after an hour.
CREATE TABLE mcp_answers (
    id          TEXT     PRIMARY KEY,
    session_id  TEXT     NOT NULL,
    message     TEXT     NOT NULL,
    created_at  BIGINT   NOT NULL
);

CREATE INDEX mcp_answers_by_session ON mcp_answers (session_id);
