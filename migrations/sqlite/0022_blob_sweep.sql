-- Blobs no row names, as the sweeper last saw them: one is deleted only when a later sweep, at
-- least the grace period after, still finds no row naming it (a blob is written before the row
-- that names it commits, so a young orphan may be a row on its way).
CREATE TABLE blob_orphans (
    key      TEXT     PRIMARY KEY,
    seen_at  INTEGER  NOT NULL
);

-- Periodic tasks that must run once per cluster take a lease by name; a holder that dies simply
-- lets it lapse.
CREATE TABLE task_leases (
    name    TEXT     PRIMARY KEY,
    holder  TEXT     NOT NULL,
    until   INTEGER  NOT NULL
);
