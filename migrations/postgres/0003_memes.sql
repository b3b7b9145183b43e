-- Memes: what was made, for whom, in which language and voice; the content the generator
-- returned (JSON) is rendered into the meme's public page.

CREATE TABLE memes (
    id          TEXT    PRIMARY KEY,
    api_key_id  BIGINT  NOT NULL REFERENCES api_keys (id),
    -- A registered brand's key, or NULL for an ad-hoc brand profile or none.
    brand_key   TEXT,
    brand_name  TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    title       TEXT    NOT NULL,
    content     TEXT    NOT NULL,
    credits     BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX memes_by_time ON memes (created_at);
CREATE INDEX memes_by_brand ON memes (brand_key, created_at);
