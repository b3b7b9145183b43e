//! Queries of memes and their pictures.

use serde_json::Value;
use sqlx::{AnyConnection, Row};

use super::columns::{EMPTY, required};
use super::{Db, now_ms};
use crate::render::cards::Picture;

/// Where the picture at `position` (from 1) of meme `id` is kept.
pub fn picture_key(id: &str, position: i64) -> String {
    format!("memes/{id}/{position}.png")
}

/// Where meme `id`'s link card is kept (named by the meme's row: see `blobs::naming_row`).
pub fn card_key(id: &str) -> String {
    format!("memes/{id}/card.png")
}

/// A meme to record with its pictures (whose blobs are already stored).
pub struct NewMeme<'a> {
    pub id: &'a str,
    pub key_id: i64,
    pub brand_key: Option<&'a str>,
    pub brand_name: &'a str,
    pub kind: &'a str,
    pub language: &'a str,
    pub title: &'a str,
    pub content: &'a Value,
    pub credits: i64,
    /// How many pictures it has.
    pub picture_count: i64,
    /// Those drawn already (the first ones; the others are drawn when asked for).
    pub pictures: &'a [Picture],
}

/// Records a meme and its drawn pictures inside the caller's transaction.
pub async fn insert_in(conn: &mut AnyConnection, meme: &NewMeme<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO memes (id, api_key_id, brand_key, brand_name, kind, language, title, content, credits, \
           created_at, pictures) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(meme.id)
    .bind(meme.key_id)
    .bind(meme.brand_key)
    .bind(meme.brand_name)
    .bind(meme.kind)
    .bind(meme.language)
    .bind(meme.title)
    .bind(meme.content.to_string())
    .bind(meme.credits)
    .bind(now_ms())
    .bind(meme.picture_count)
    .execute(&mut *conn)
    .await?;
    insert_pictures_in(conn, meme.id, meme.pictures).await
}

/// Records drawn pictures of meme `id` (their blobs already stored), from position 1; a
/// picture recorded already (drawn by a concurrent request) is left as it is.
pub async fn insert_pictures_in(conn: &mut AnyConnection, id: &str, pictures: &[Picture]) -> Result<(), sqlx::Error> {
    for (position, picture) in (1i64..).zip(pictures) {
        sqlx::query(
            "INSERT INTO meme_images (meme_id, position, width, height, png, blob) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (meme_id, position) DO NOTHING",
        )
        .bind(id)
        .bind(position)
        .bind(i64::from(picture.width))
        .bind(i64::from(picture.height))
        .bind(EMPTY)
        .bind(picture_key(id, position))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A stored meme, for its page.
pub struct Stored {
    pub id: String,
    pub kind: String,
    pub language: String,
    pub title: String,
    pub brand_name: String,
    /// The registered brand, if it was one.
    pub brand_key: Option<String>,
    pub content: Value,
    /// How many pictures it has (one card, or a carousel's slides).
    pub pictures: i64,
}

/// The blob of a meme's picture at `position` (1-based).
pub async fn image(db: &Db, id: &str, position: i64) -> Result<Option<String>, sqlx::Error> {
    let key: Option<Option<String>> =
        sqlx::query_scalar("SELECT blob FROM meme_images WHERE meme_id = $1 AND position = $2")
            .bind(id)
            .bind(position)
            .fetch_optional(db.pool())
            .await?;
    key.map(|k| required(k, "picture")).transpose()
}

/// The meme with this id. Stored content that does not parse is an error, never a default.
pub async fn get(db: &Db, id: &str) -> Result<Option<Stored>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, kind, language, title, brand_name, brand_key, content, \
         COALESCE(pictures, (SELECT COUNT(*) FROM meme_images WHERE meme_id = memes.id)) AS pictures \
         FROM memes WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    row.map(|r| {
        let content = serde_json::from_str(&r.try_get::<String, _>("content")?)
            .map_err(|e| sqlx::Error::Decode(format!("stored meme content: {e}").into()))?;
        Ok(Stored {
            id: r.try_get("id")?,
            kind: r.try_get("kind")?,
            language: r.try_get("language")?,
            title: r.try_get("title")?,
            brand_name: r.try_get("brand_name")?,
            brand_key: r.try_get("brand_key")?,
            content,
            pictures: r.try_get("pictures")?,
        })
    })
    .transpose()
}
