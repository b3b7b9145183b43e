-- When a worker last claimed the job (its current attempt began): with created_at, how long it
-- waited in the queue. NULL until first claimed.
ALTER TABLE jobs ADD COLUMN started_at INTEGER;
