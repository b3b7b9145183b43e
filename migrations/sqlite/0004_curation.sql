-- What operators curate for the public feeds: the hall of fame and contests.

CREATE TABLE featured (
    meme_id      TEXT    PRIMARY KEY REFERENCES memes (id),
    note         TEXT    NOT NULL DEFAULT '',
    featured_at  INTEGER  NOT NULL
);

CREATE TABLE contests (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    title       TEXT    NOT NULL,
    rules       TEXT    NOT NULL,
    starts_at   INTEGER  NOT NULL,
    ends_at     INTEGER  NOT NULL,
    -- The reward schedule as JSON: [{"rank": 1, "reward": "..."}].
    rewards     TEXT    NOT NULL,
    created_at  INTEGER  NOT NULL,
    CHECK (ends_at > starts_at)
);
CREATE INDEX contests_by_window ON contests (starts_at, ends_at);
