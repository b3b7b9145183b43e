//! Queries of the public feeds (paid memes only: an asset's free preview, at 0 credits, is
//! not a public creation): recent memes, the day's creators, the hall of fame
//! (`featured`) and contests. What the feeds show, and how, is the `feeds` feature's; rows
//! here are plain fields.
//!
//! The brand filter of every feed is `$n = '' OR brand_key = $n`, bound to `''` for all
//! brands: one query for both feeds.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Db, now_ms};

/// A meme as the feeds list it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meme {
    pub id: String,
    pub kind: String,
    pub language: String,
    pub title: String,
    /// The registered brand's key, or `None`.
    pub brand_key: Option<String>,
    pub brand_name: String,
    pub created_at: i64,
}

/// A meme from a `memes` row (columns id, kind, language, title, brand_key, brand_name,
/// created_at).
fn meme_of(row: &AnyRow) -> Result<Meme, sqlx::Error> {
    Ok(Meme {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        language: row.try_get("language")?,
        title: row.try_get("title")?,
        brand_key: row.try_get("brand_key")?,
        brand_name: row.try_get("brand_name")?,
        created_at: row.try_get("created_at")?,
    })
}

/// Up to `limit` memes (of `brand`, or all), newest first, made before the item at
/// (`before_at`, `before_id`): the cursor of the last item already shown.
pub async fn recent(
    db: &Db,
    before_at: i64,
    before_id: &str,
    limit: i64,
    brand: Option<&str>,
) -> Result<Vec<Meme>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, kind, language, title, brand_key, brand_name, created_at FROM memes \
         WHERE (created_at < $1 OR (created_at = $1 AND id < $2)) AND ($4 = '' OR brand_key = $4) AND credits > 0 \
         ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(before_at)
    .bind(before_id)
    .bind(limit)
    .bind(brand.unwrap_or(""))
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(meme_of).collect()
}

/// A creator's count of memes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Creator {
    /// The public prefix of the creating key.
    pub prefix: String,
    pub memes: i64,
}

/// The top 20 creators of memes (of `brand`, or all) made since `since`: most memes first,
/// ties broken by who reached the count first.
pub async fn creators(db: &Db, since: i64, brand: Option<&str>) -> Result<Vec<Creator>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT k.prefix AS prefix, COUNT(*) AS made, MAX(m.created_at) AS last_at FROM memes m \
         JOIN api_keys k ON k.id = m.api_key_id \
         WHERE m.created_at >= $1 AND ($2 = '' OR m.brand_key = $2) AND m.credits > 0 \
         GROUP BY k.prefix ORDER BY made DESC, last_at ASC LIMIT 20",
    )
    .bind(since)
    .bind(brand.unwrap_or(""))
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(|r| Ok(Creator { prefix: r.try_get("prefix")?, memes: r.try_get("made")? })).collect()
}

/// A featured meme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Featured {
    pub meme: Meme,
    pub note: String,
    pub featured_at: i64,
}

/// The hall of fame (of `brand`, or all), newest first, at most 50.
pub async fn featured(db: &Db, brand: Option<&str>) -> Result<Vec<Featured>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT m.id, m.kind, m.language, m.title, m.brand_key, m.brand_name, m.created_at, f.note, f.featured_at \
         FROM featured f JOIN memes m ON m.id = f.meme_id WHERE ($1 = '' OR m.brand_key = $1) \
         ORDER BY f.featured_at DESC LIMIT 50",
    )
    .bind(brand.unwrap_or(""))
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| Ok(Featured { meme: meme_of(r)?, note: r.try_get("note")?, featured_at: r.try_get("featured_at")? }))
        .collect()
}

/// Features meme `meme_id`; featuring it again updates the note.
pub async fn feature(db: &Db, meme_id: &str, note: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO featured (meme_id, note, featured_at) VALUES ($1, $2, $3) \
         ON CONFLICT (meme_id) DO UPDATE SET note = excluded.note",
    )
    .bind(meme_id)
    .bind(note)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// A stored contest; its rewards are JSON of the caller's reward type `R`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contest<R> {
    pub title: String,
    pub rules: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub rewards: Vec<R>,
}

/// The open contest at `now`: the latest-starting one whose window contains it. Stored rewards
/// that do not parse as `R` are an error, never a default.
pub async fn open_contest<R: DeserializeOwned>(db: &Db, now: i64) -> Result<Option<Contest<R>>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT title, rules, starts_at, ends_at, rewards FROM contests WHERE starts_at <= $1 AND ends_at > $1 \
         ORDER BY starts_at DESC, id DESC LIMIT 1",
    )
    .bind(now)
    .fetch_optional(db.pool())
    .await?;
    row.map(|r| {
        let rewards = serde_json::from_str(&r.try_get::<String, _>("rewards")?)
            .map_err(|e| sqlx::Error::Decode(format!("stored contest rewards: {e}").into()))?;
        Ok(Contest {
            title: r.try_get("title")?,
            rules: r.try_get("rules")?,
            starts_at: r.try_get("starts_at")?,
            ends_at: r.try_get("ends_at")?,
            rewards,
        })
    })
    .transpose()
}

/// A contest to schedule.
pub struct NewContest<'a, R> {
    pub title: &'a str,
    pub rules: &'a str,
    pub starts_at: i64,
    pub ends_at: i64,
    pub rewards: &'a [R],
}

/// Schedules a contest.
pub async fn insert_contest<R: Serialize>(db: &Db, contest: &NewContest<'_, R>) -> Result<(), sqlx::Error> {
    let rewards = serde_json::to_string(contest.rewards).map_err(|e| sqlx::Error::Encode(e.into()))?;
    sqlx::query(
        "INSERT INTO contests (title, rules, starts_at, ends_at, rewards, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(contest.title)
    .bind(contest.rules)
    .bind(contest.starts_at)
    .bind(contest.ends_at)
    .bind(rewards)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}
