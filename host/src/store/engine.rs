//! Queries of engine pages and the picture of each beat. Their voice track and pictures are
//! blobs; the rows name them.

use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::columns::{EMPTY, required};
use super::{Db, now_ms};
use crate::aspect::Aspect;
use crate::caption_style::CaptionStyle;
use crate::illustrate::Subject;
use crate::render::fonts::Typeface;
use crate::render::words::Word;

/// One beat: its caption, where it sits in the voice track, and its words' times.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Beat {
    pub text: String,
    /// Milliseconds into the voice track.
    pub start: u64,
    pub end: u64,
    /// The caption's words (they concatenate to `text`) and when each is said; empty when
    /// only the beat is timed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<Word>,
}

/// How a page's pictures are drawn, kept with the page: they are drawn when first needed
/// (`engine::pictures`), from the page's beats and this, exactly as they would have been drawn
/// with the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawing {
    /// What the opening card says.
    pub title: String,
    pub seed: u64,
    /// The typeface the words' boxes were found in, kept even if the brand picks another.
    pub typeface: Typeface,
    /// What the beats' illustrations show when a caption names nothing; none on pages laid out
    /// before beats had illustrations (their words' boxes were found without them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<Subject>,
    /// How the page's lit pictures mark the words (pages from before styles: the default).
    #[serde(default, skip_serializing_if = "CaptionStyle::is_default")]
    pub caption: CaptionStyle,
}

/// Where a page's voice track is kept. Keyed by the job that made it, so a retried job writes
/// the same blobs again instead of leaving the first attempt's behind.
pub fn voice_key(job_id: &str) -> String {
    format!("pages/{job_id}/voice.wav")
}

/// Where page `page`'s link card is kept: beside its voice track, in its job's folder, so the
/// card is named by the page's row and goes with it.
pub fn card_key(page: &Page) -> String {
    format!("{}/card.png", folder(page))
}

/// The folder of page `page`'s blobs (its job's).
fn folder(page: &Page) -> &str {
    page.voice.rsplit_once('/').map_or("pages/unknown", |(folder, _)| folder)
}

/// Where picture `position` (0 the opening card) of `page` drawn in `aspect` with its words lit
/// in `caption`'s style is kept, in a folder of their own beside the page's own pictures: plain,
/// lit, and its words' boxes (JSON).
pub fn shaped_keys(page: &Page, (aspect, caption): (Aspect, CaptionStyle), position: i64) -> [String; 3] {
    let stem = format!("{}/{}-{}/{position}", folder(page), aspect.slug(), caption.name());
    [format!("{stem}.png"), format!("{stem}-lit.png"), format!("{stem}.boxes.json")]
}

/// Where the picture of beat `position` (from 1) is kept.
pub fn frame_key(job_id: &str, position: i64) -> String {
    format!("pages/{job_id}/{position}.png")
}

/// Where the picture of beat `position` with its words lit is kept.
pub fn lit_key(job_id: &str, position: i64) -> String {
    format!("pages/{job_id}/{position}-lit.png")
}

/// A page to record; its blobs are already stored.
pub struct NewPage<'a> {
    pub id: &'a str,
    pub job_id: &'a str,
    pub key_id: i64,
    pub title: &'a str,
    pub language: &'a str,
    /// The registered brand whose look the page has.
    pub brand: Option<&'a str>,
    pub beats: &'a [Beat],
    pub captioned: bool,
    pub audio_type: &'a str,
    pub duration_ms: u64,
    /// How its pictures are drawn when first needed.
    pub drawing: &'a Drawing,
    /// Which beats (in order) have a lit picture too: some word of theirs is drawn.
    pub lit: Vec<bool>,
    /// `script` or `pitch`.
    pub kind: &'a str,
    /// What a kind adds (a pitch's hook, memes, …), as JSON.
    pub extra: Option<&'a serde_json::Value>,
}

/// The page a job already stored, if it did.
pub async fn by_job(db: &Db, job_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM engine_pages WHERE job_id = $1").bind(job_id).fetch_optional(db.pool()).await
}

/// Records a page and its frames in one transaction.
pub async fn insert(db: &Db, page: &NewPage<'_>) -> Result<(), sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    insert_in(&mut tx, page).await?;
    tx.commit().await
}

/// Records a page and its frames inside the caller's transaction.
pub async fn insert_in(conn: &mut sqlx::AnyConnection, page: &NewPage<'_>) -> Result<(), sqlx::Error> {
    let beats = serde_json::to_string(page.beats).map_err(|e| sqlx::Error::Encode(e.into()))?;
    let drawing = serde_json::to_string(page.drawing).map_err(|e| sqlx::Error::Encode(e.into()))?;
    let tx = conn;
    sqlx::query(
        "INSERT INTO engine_pages (id, job_id, api_key_id, title, language, beats, captioned, audio, audio_blob, \
         audio_type, duration_ms, created_at, brand, kind, extra, drawing) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(page.id)
    .bind(page.job_id)
    .bind(page.key_id)
    .bind(page.title)
    .bind(page.language)
    .bind(beats)
    .bind(i64::from(page.captioned))
    .bind(EMPTY)
    .bind(voice_key(page.job_id))
    .bind(page.audio_type)
    .bind(page.duration_ms as i64)
    .bind(now_ms())
    .bind(page.brand)
    .bind(page.kind)
    .bind(page.extra.map(|e| e.to_string()))
    .bind(drawing)
    .execute(&mut *tx)
    .await?;
    // Every picture's blobs are named now, drawn or not: the opening card (position 0), then
    // each beat, lit where its words are placed.
    let lit = std::iter::once(false).chain(page.lit.iter().copied());
    for (position, lit) in (0i64..).zip(lit) {
        sqlx::query("INSERT INTO engine_frames (page_id, position, png, blob, lit_blob) VALUES ($1, $2, $3, $4, $5)")
            .bind(page.id)
            .bind(position)
            .bind(EMPTY)
            .bind(frame_key(page.job_id, position))
            .bind(lit.then(|| lit_key(page.job_id, position)))
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// A stored page, naming its voice track.
#[derive(Debug, Clone)]
pub struct Page {
    pub id: String,
    pub title: String,
    pub language: String,
    pub beats: Vec<Beat>,
    pub captioned: bool,
    pub audio_type: String,
    /// The blob of the voice track.
    pub voice: String,
    pub duration_ms: u64,
    /// The registered brand whose look the page has.
    pub brand: Option<String>,
    /// `script` or `pitch`.
    pub kind: String,
    /// What the kind adds, as JSON (`Null` when nothing).
    pub extra: serde_json::Value,
    /// How its pictures are drawn; `None` for pages whose pictures were all drawn with them.
    pub drawing: Option<Drawing>,
}

/// A stored JSON column of page `id`, parsed.
fn parsed<T: serde::de::DeserializeOwned>(id: &str, what: &str, json: &str) -> Result<T, sqlx::Error> {
    serde_json::from_str(json).map_err(|e| sqlx::Error::Decode(format!("stored {what} of page {id}: {e}").into()))
}

/// The page with this id. Stored beats that do not parse are an error, never a default.
pub async fn get(db: &Db, id: &str) -> Result<Option<Page>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, title, language, beats, captioned, audio_type, audio_blob, duration_ms, brand, kind, extra, \
         drawing FROM engine_pages WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    row.map(|r| {
        let beats = parsed(id, "beats", &r.try_get::<String, _>("beats")?)?;
        Ok(Page {
            id: r.try_get("id")?,
            title: r.try_get("title")?,
            language: r.try_get("language")?,
            beats,
            captioned: r.try_get::<i64, _>("captioned")? != 0,
            audio_type: r.try_get("audio_type")?,
            voice: required(r.try_get("audio_blob")?, "voice track")?,
            duration_ms: r.try_get::<i64, _>("duration_ms")? as u64,
            brand: r.try_get("brand")?,
            kind: r.try_get("kind")?,
            extra: match r.try_get::<Option<String>, _>("extra")? {
                Some(json) => parsed(id, "extra", &json)?,
                None => serde_json::Value::Null,
            },
            drawing: r.try_get::<Option<String>, _>("drawing")?.map(|json| parsed(id, "drawing", &json)).transpose()?,
        })
    })
    .transpose()
}

/// The blob of beat `position`'s picture (from 1), and of its lit picture when it has one.
pub async fn frame(db: &Db, id: &str, position: i64) -> Result<Option<(String, Option<String>)>, sqlx::Error> {
    let row = sqlx::query("SELECT blob, lit_blob FROM engine_frames WHERE page_id = $1 AND position = $2")
        .bind(id)
        .bind(position)
        .fetch_optional(db.pool())
        .await?;
    row.map(|r| Ok((required(r.try_get("blob")?, "picture")?, r.try_get("lit_blob")?))).transpose()
}

/// Every picture's blobs of page `id` by position (0 the opening card), in order.
pub async fn frames(db: &Db, id: &str) -> Result<Vec<(i64, (String, Option<String>))>, sqlx::Error> {
    let rows = sqlx::query("SELECT position, blob, lit_blob FROM engine_frames WHERE page_id = $1 ORDER BY position")
        .bind(id)
        .fetch_all(db.pool())
        .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("position")?, (required(r.try_get("blob")?, "picture")?, r.try_get("lit_blob")?))))
        .collect()
}
