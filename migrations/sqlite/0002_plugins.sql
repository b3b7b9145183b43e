-- Generator plugins: every uploaded version, the active version of each slot, and the audit
-- trail of who changed what. A slot is a generator name in a scope: '' (global) or a brand key.

CREATE TABLE plugin_versions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    slot         TEXT    NOT NULL,
    scope        TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    version      TEXT    NOT NULL,
    sha256       TEXT    NOT NULL,
    -- The WIT world the component implements; the host keeps serving older worlds beside newer.
    world        TEXT    NOT NULL,
    wasm         BLOB     NOT NULL,
    -- The `describe` manifest as JSON.
    manifest     TEXT    NOT NULL,
    -- Key prefix of the uploader, or 'builtin'.
    uploaded_by  TEXT    NOT NULL,
    created_at   INTEGER  NOT NULL,
    UNIQUE (slot, scope, sha256)
);

CREATE TABLE plugin_slots (
    slot                 TEXT    NOT NULL,
    scope                TEXT    NOT NULL,
    active_version_id    INTEGER  REFERENCES plugin_versions (id),
    previous_version_id  INTEGER  REFERENCES plugin_versions (id),
    disabled             INTEGER  NOT NULL DEFAULT 0,
    -- Per-slot limit overrides as JSON ('' = the scope's defaults).
    limits               TEXT    NOT NULL DEFAULT '',
    -- Bumped on every change; replicas reload slots whose generation moved.
    generation           INTEGER  NOT NULL,
    updated_at           INTEGER  NOT NULL,
    PRIMARY KEY (slot, scope)
);

CREATE TABLE plugin_audit (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          INTEGER  NOT NULL,
    actor       TEXT    NOT NULL,
    role        TEXT    NOT NULL,
    action      TEXT    NOT NULL,
    slot        TEXT    NOT NULL,
    scope       TEXT    NOT NULL,
    version_id  INTEGER,
    -- 'ok', 'denied' or 'rejected'.
    outcome     TEXT    NOT NULL,
    detail      TEXT    NOT NULL
);
CREATE INDEX plugin_audit_by_time ON plugin_audit (at);
