-- Treasury signatures the deposit index listed but could not read (billing/sol/index): the node
-- answered an error or `null` for the transaction. The walk records each here, in the
-- transaction that moves it past the signature, and goes on to the others, so one transaction
-- the node will not return holds up no deposit and the cursor never passes a signature
-- silently. Each is read again after a backoff (`next_at`, ms) until it is read (the row is
-- deleted) or `attempts` reach their bound: then `given_up_at` is set and a line logged, and
-- the row stays for the operator. `block_time` is the listing's (NULL when the node did not
-- say): while a signature is unread, a quote whose window it may fall in is not closed.
CREATE TABLE sol_unread_signatures (
    signature      TEXT     PRIMARY KEY,
    treasury       TEXT     NOT NULL,
    block_time     BIGINT,
    attempts       BIGINT   NOT NULL,
    next_at        BIGINT   NOT NULL,
    last_error     TEXT     NOT NULL,
    first_seen_at  BIGINT   NOT NULL,
    given_up_at    BIGINT
);
CREATE INDEX sol_unread_signatures_due ON sol_unread_signatures (treasury, given_up_at, next_at);
