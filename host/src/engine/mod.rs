//! Engine pages (`/m/<id>`): a voice track split into beats, each beat with its caption and its
//! picture, shown in time with the voice. Audioscript jobs make them; MP4 renders read them.

pub mod page;
pub mod routes;

use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::store::{Db, now_ms};

/// One beat: its caption and where it sits in the voice track.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Beat {
    pub text: String,
    /// Milliseconds into the voice track.
    pub start: u64,
    pub end: u64,
}

/// A page to store, with the picture of each beat.
pub struct NewPage<'a> {
    pub id: &'a str,
    pub job_id: &'a str,
    pub key_id: i64,
    pub title: &'a str,
    pub language: &'a str,
    pub beats: &'a [Beat],
    pub captioned: bool,
    pub audio: &'a [u8],
    pub audio_type: &'a str,
    pub duration_ms: u64,
    pub frames: &'a [Vec<u8>],
}

/// Stores a page and its frames in one transaction. A retried job that already stored its page
/// (it died after the commit) finds it there and stores nothing twice.
pub async fn store(db: &Db, page: &NewPage<'_>) -> Result<String, sqlx::Error> {
    if let Some(existing) = sqlx::query_scalar::<_, String>("SELECT id FROM engine_pages WHERE job_id = $1")
        .bind(page.job_id)
        .fetch_optional(db.pool())
        .await?
    {
        return Ok(existing);
    }
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "INSERT INTO engine_pages (id, job_id, api_key_id, title, language, beats, captioned, audio, audio_type, \
         duration_ms, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(page.id)
    .bind(page.job_id)
    .bind(page.key_id)
    .bind(page.title)
    .bind(page.language)
    .bind(serde_json::to_string(page.beats).unwrap_or_default())
    .bind(i64::from(page.captioned))
    .bind(page.audio)
    .bind(page.audio_type)
    .bind(page.duration_ms as i64)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    for (position, png) in (1i64..).zip(page.frames) {
        sqlx::query("INSERT INTO engine_frames (page_id, position, png) VALUES ($1, $2, $3)")
            .bind(page.id)
            .bind(position)
            .bind(png.as_slice())
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(page.id.to_string())
}

/// A stored page without its audio.
#[derive(Debug, Clone)]
pub struct Page {
    pub id: String,
    pub title: String,
    pub language: String,
    pub beats: Vec<Beat>,
    pub captioned: bool,
    pub audio_type: String,
    pub duration_ms: u64,
}

pub async fn get(db: &Db, id: &str) -> Result<Option<Page>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, title, language, beats, captioned, audio_type, duration_ms FROM engine_pages WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    row.map(|r| {
        Ok(Page {
            id: r.try_get("id")?,
            title: r.try_get("title")?,
            language: r.try_get("language")?,
            beats: serde_json::from_str(&r.try_get::<String, _>("beats")?).unwrap_or_default(),
            captioned: r.try_get::<i64, _>("captioned")? != 0,
            audio_type: r.try_get("audio_type")?,
            duration_ms: r.try_get::<i64, _>("duration_ms")? as u64,
        })
    })
    .transpose()
}

/// The page's voice track.
pub async fn audio(db: &Db, id: &str) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar("SELECT audio FROM engine_pages WHERE id = $1").bind(id).fetch_optional(db.pool()).await
}

/// The picture of beat `position` (from 1).
pub async fn frame(db: &Db, id: &str, position: i64) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar("SELECT png FROM engine_frames WHERE page_id = $1 AND position = $2")
        .bind(id)
        .bind(position)
        .fetch_optional(db.pool())
        .await
}
