-- Where a running job's work is (script, voice, pictures, encode, keep), written by its worker as
-- it moves so a status read and an MCP client's progress can say it; cleared when an attempt is
-- claimed.
ALTER TABLE jobs ADD COLUMN stage TEXT;
