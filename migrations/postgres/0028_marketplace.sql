-- The agent marketplace: pages listed for sale in credits, and their sales. A listing names
-- the job that makes its page (`engine_pages.job_id`), so it is written before the page
-- exists and is shown only once the page does.
CREATE TABLE listings (
    id             TEXT    PRIMARY KEY,
    seller_key_id  BIGINT  NOT NULL REFERENCES api_keys (id),
    job_id         TEXT    NOT NULL UNIQUE,
    kind           TEXT    NOT NULL,
    language       TEXT    NOT NULL,
    brand          TEXT,
    title          TEXT    NOT NULL,
    price          BIGINT  NOT NULL CHECK (price > 0),
    sales          BIGINT  NOT NULL DEFAULT 0 CHECK (sales >= 0),
    created_at     BIGINT  NOT NULL,
    delisted_at    BIGINT
);
CREATE INDEX listings_by_seller ON listings (seller_key_id, created_at);

-- One purchase per buyer and listing, ever; the ledger rows of both sides name its id.
CREATE TABLE listing_sales (
    id            TEXT    PRIMARY KEY,
    listing_id    TEXT    NOT NULL REFERENCES listings (id),
    buyer_key_id  BIGINT  NOT NULL REFERENCES api_keys (id),
    price         BIGINT  NOT NULL CHECK (price > 0),
    fee           BIGINT  NOT NULL CHECK (fee >= 0 AND fee < price),
    created_at    BIGINT  NOT NULL,
    UNIQUE (listing_id, buyer_key_id)
);
CREATE INDEX listing_sales_by_buyer ON listing_sales (buyer_key_id, created_at);
CREATE INDEX listing_sales_by_listing ON listing_sales (listing_id, created_at);
