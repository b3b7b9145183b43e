//! Queries of MP4 renders. The video is a blob; the row names it until the hosting time is over
//! and the file is deleted.

use sqlx::Row;

use super::columns::EMPTY;
use super::{Db, now_ms};
use crate::aspect::Aspect;

/// Where a render's video is kept: keyed by its job, so a retry replaces the same blob.
pub fn key(job_id: &str) -> String {
    format!("renders/{job_id}.mp4")
}

/// Where the poster (PNG) and the looping preview (GIF) of the video kept at `video` are.
pub fn stills(video: &str) -> [String; 2] {
    let stem = video.strip_suffix(".mp4").unwrap_or(video);
    [format!("{stem}.poster.png"), format!("{stem}.loop.gif")]
}

/// Records `job_id`'s render for `key_id`; its blob is already stored.
pub async fn insert(db: &Db, job_id: &str, key_id: i64, render: &Render) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO renders (id, job_id, api_key_id, page_id, mp4, blob, size_bytes, duration_ms, created_at, \
         expires_at, aspect) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&render.id)
    .bind(job_id)
    .bind(key_id)
    .bind(&render.page_id)
    .bind(EMPTY)
    .bind(&render.blob)
    .bind(render.size_bytes)
    .bind(render.duration_ms)
    .bind(now_ms())
    .bind(render.expires_at)
    .bind(render.aspect.name())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// A stored render.
#[derive(Debug, Clone)]
pub struct Render {
    pub id: String,
    pub page_id: String,
    pub size_bytes: i64,
    pub duration_ms: i64,
    pub expires_at: i64,
    /// The video's blob; `None` once it has been deleted.
    pub blob: Option<String>,
    pub aspect: Aspect,
}

/// `SELECT` of the columns [`render`] reads, from `renders`, then the rest of the query.
macro_rules! select {
    ($rest:literal) => {
        concat!("SELECT id, page_id, size_bytes, duration_ms, expires_at, blob, aspect FROM renders ", $rest)
    };
}

fn render(row: &sqlx::any::AnyRow) -> Result<Render, sqlx::Error> {
    Ok(Render {
        id: row.try_get("id")?,
        page_id: row.try_get("page_id")?,
        size_bytes: row.try_get("size_bytes")?,
        duration_ms: row.try_get("duration_ms")?,
        expires_at: row.try_get("expires_at")?,
        blob: row.try_get("blob")?,
        // A shape this version does not know (written by a newer one) reads as the first.
        aspect: Aspect::parse(row.try_get("aspect")?).unwrap_or_default(),
    })
}

pub async fn get(db: &Db, id: &str) -> Result<Option<Render>, sqlx::Error> {
    sqlx::query(select!("WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?.as_ref().map(render).transpose()
}

/// The render a job stored, if it did.
pub async fn by_job(db: &Db, job_id: &str) -> Result<Option<Render>, sqlx::Error> {
    sqlx::query(select!("WHERE job_id = $1"))
        .bind(job_id)
        .fetch_optional(db.pool())
        .await?
        .as_ref()
        .map(render)
        .transpose()
}

/// The videos of page `page_id` still hosted, newest first.
pub async fn of_page(db: &Db, page_id: &str) -> Result<Vec<Render>, sqlx::Error> {
    let query =
        select!("WHERE page_id = $1 AND expires_at > $2 AND blob IS NOT NULL ORDER BY created_at DESC LIMIT 20");
    sqlx::query(query).bind(page_id).bind(now_ms()).fetch_all(db.pool()).await?.iter().map(render).collect()
}

/// Renders whose hosting time is over and whose file is not deleted yet: (id, blob).
pub async fn expired(db: &Db, limit: i64) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, blob FROM renders WHERE expires_at <= $1 AND blob IS NOT NULL LIMIT $2")
        .bind(now_ms())
        .bind(limit)
        .fetch_all(db.pool())
        .await
}

/// Records that the render's file is deleted.
pub async fn forget(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE renders SET blob = NULL, mp4 = NULL WHERE id = $1").bind(id).execute(db.pool()).await?;
    Ok(())
}
