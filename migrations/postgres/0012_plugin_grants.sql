-- Capabilities the operator granted a slot (`asset-host plugins grant SLOT CAPABILITY`). A
-- generator's call may use what its manifest asks for and its slot was granted: two keys. The
-- built-in generators are granted what they ask, since the operator runs the binary they are in.
CREATE TABLE plugin_grants (
    slot        TEXT    NOT NULL,
    scope       TEXT    NOT NULL,
    capability  TEXT    NOT NULL,
    granted_by  TEXT    NOT NULL,
    granted_at  BIGINT  NOT NULL,
    PRIMARY KEY (slot, scope, capability)
);
