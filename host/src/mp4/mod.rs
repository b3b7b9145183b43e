//! MP4 renders: an engine page turned into a vertical video. Submitting checks that `pageUrl`
//! names one of this service's engine pages and that the renderer is not busy, then charges 3
//! credits with the job (202). A worker encodes the page's beat pictures and voice track
//! (`media::mp4`), and the video is hosted at `/v/<id>` for `mp4_hosted_secs` (24 hours by
//! default); then the file is deleted and the page answers 410. A render that fails for good is
//! refunded.

pub mod routes;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::Row;
use utoipa::ToSchema;

use crate::catalog;
use crate::ctx::{Ctx, Services};
use crate::engine;
use crate::error::Error;
use crate::jobs::worker::{Handler, JobError};
use crate::jobs::{self, Accepted, Job};
use crate::media::{mp4, wav};
use crate::store::{Db, now_ms, public_id};

/// The job kind (and catalog service id).
pub const KIND: &str = "mp4";

/// Body of `POST /api/agent/mp4`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Mp4Request {
    /// An engine page: `/m/<id>`, or its full address on this service.
    pub page_url: Option<String>,
}

/// The engine page id in `page_url`, if it names one of this service's pages: a path
/// `/m/<id>`, or a full http(s) URL on the service's own address (`base_url`).
pub fn page_id(page_url: &str, base_url: &str) -> Option<String> {
    let page_url = page_url.trim();
    let path = if page_url.starts_with('/') {
        page_url.to_string()
    } else {
        let url = url::Url::parse(page_url).ok()?;
        let base = url::Url::parse(base_url).ok()?;
        let same = matches!(url.scheme(), "http" | "https")
            && url.host_str().map(str::to_ascii_lowercase) == base.host_str().map(str::to_ascii_lowercase)
            && url.port_or_known_default() == base.port_or_known_default()
            && url.username().is_empty()
            && url.password().is_none();
        if !same {
            return None;
        }
        url.path().to_string()
    };
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let id = path.strip_prefix("/m/")?.trim_end_matches('/');
    (!id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())).then(|| id.to_string())
}

/// Validates, checks the renderer, then pays for and queues the render.
pub async fn submit(ctx: &Ctx, request: Mp4Request) -> Result<Accepted, Error> {
    let base_url = &ctx.base_url;
    let raw = request
        .page_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .ok_or_else(|| Error::bad_request("missing_page_url", "`pageUrl` is required: an engine page, /m/<id>."))?;
    let id = page_id(raw, base_url).ok_or_else(|| {
        Error::bad_request(
            "invalid_page_url",
            format!("`pageUrl` must be one of this service's engine pages: /m/<id> or {base_url}/m/<id>."),
        )
    })?;
    if engine::get(&ctx.db, &id).await?.is_none() {
        return Err(Error::bad_request("unknown_page", "No engine page has this address."));
    }
    jobs::ensure_renderer_free(ctx).await?;
    let job_id = format!("mp4_{}", public_id());
    jobs::submit_paid(ctx, &job_id, KIND, catalog::price(KIND), &json!({ "pageId": id }), "mp4").await
}

/// The worker side.
pub fn handler(services: Services) -> Handler {
    Arc::new(move |job: Job| {
        let services = services.clone();
        Box::pin(async move { render(&services, &job).await })
    })
}

async fn render(state: &Services, job: &Job) -> Result<Value, JobError> {
    if let Some(done) = existing(&state.db, &job.id).await.map_err(|e| JobError::Retry(e.to_string()))? {
        return Ok(done);
    }
    let retry = |e: sqlx::Error| JobError::Retry(e.to_string());
    let page_id = job.input["pageId"].as_str().ok_or_else(|| JobError::Fatal("bad job input".into()))?.to_string();
    let page = engine::get(&state.db, &page_id)
        .await
        .map_err(retry)?
        .ok_or_else(|| JobError::Fatal("the page is gone".into()))?;
    let audio =
        engine::audio(&state.db, &page_id).await.map_err(retry)?.ok_or_else(|| JobError::Fatal("no voice".into()))?;
    let voice = wav::parse(&audio).map_err(|e| JobError::Fatal(format!("the voice track: {e}")))?;
    let mut frames = Vec::with_capacity(page.beats.len());
    for position in 1..=page.beats.len() as i64 {
        frames.push(
            engine::frame(&state.db, &page_id, position)
                .await
                .map_err(retry)?
                .ok_or_else(|| JobError::Fatal(format!("beat {position} has no picture")))?,
        );
    }
    let scratch = crate::media::Scratch::new(&state.settings.data_dir, &job.id)
        .map_err(|e| JobError::Retry(format!("scratch folder: {e}")))?;
    let (wav_path, out_path) = (scratch.0.join("voice.wav"), scratch.0.join("out.mp4"));
    std::fs::write(&wav_path, voice.to_wav()).map_err(|e| JobError::Retry(format!("scratch file: {e}")))?;
    let starts: Vec<u64> = page.beats.iter().map(|b| b.start).collect();
    let duration_ms = voice.duration_ms();
    let (encoded, bytes) = tokio::task::spawn_blocking(move || {
        let shots: Vec<mp4::Shot<'_>> =
            starts.iter().zip(&frames).map(|(&start_ms, png)| mp4::Shot { start_ms, png }).collect();
        let encoded = mp4::encode(&shots, duration_ms, &wav_path, &out_path)?;
        let bytes = std::fs::read(&out_path).map_err(|e| e.to_string())?;
        Ok::<_, String>((encoded, bytes))
    })
    .await
    .map_err(|e| JobError::Retry(format!("render task: {e}")))?
    .map_err(JobError::Retry)?;
    tracing::info!(frames = encoded.frames, ms = encoded.total_ms, bytes = bytes.len(), "rendered MP4");

    let id = public_id();
    let now = now_ms();
    let expires_at = now + state.settings.mp4_hosted_secs as i64 * 1000;
    sqlx::query(
        "INSERT INTO renders (id, job_id, api_key_id, page_id, mp4, size_bytes, duration_ms, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&id)
    .bind(&job.id)
    .bind(job.key_id)
    .bind(&page_id)
    .bind(bytes.as_slice())
    .bind(bytes.len() as i64)
    .bind(duration_ms as i64)
    .bind(now)
    .bind(expires_at)
    .execute(state.db.pool())
    .await
    .map_err(retry)?;
    Ok(result(&id, duration_ms as i64, expires_at, bytes.len() as i64))
}

fn result(id: &str, duration_ms: i64, expires_at: i64, size: i64) -> Value {
    json!({"renderId": id, "durationMs": duration_ms, "expiresAt": expires_at, "sizeBytes": size})
}

/// The render a previous attempt of `job_id` already stored (it died before recording success).
async fn existing(db: &Db, job_id: &str) -> Result<Option<Value>, sqlx::Error> {
    let row = sqlx::query("SELECT id, duration_ms, expires_at, size_bytes FROM renders WHERE job_id = $1")
        .bind(job_id)
        .fetch_optional(db.pool())
        .await?;
    row.map(|r| {
        Ok(result(
            &r.try_get::<String, _>("id")?,
            r.try_get("duration_ms")?,
            r.try_get("expires_at")?,
            r.try_get("size_bytes")?,
        ))
    })
    .transpose()
}

/// A hosted render.
#[derive(Debug, Clone, Serialize)]
pub struct Hosted {
    pub id: String,
    pub page_id: String,
    pub duration_ms: i64,
    pub expires_at: i64,
}

/// The render `id`: `Ok(None)` if it never existed, `Err(Gone)` once expired.
pub async fn hosted(db: &Db, id: &str) -> Result<Option<Hosted>, Error> {
    let row = sqlx::query(
        "SELECT id, page_id, duration_ms, expires_at, \
         CAST(CASE WHEN mp4 IS NULL THEN 1 ELSE 0 END AS BIGINT) AS deleted FROM renders WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    let Some(row) = row else { return Ok(None) };
    let expires_at: i64 = row.try_get("expires_at")?;
    if expires_at <= now_ms() || row.try_get::<i64, _>("deleted")? == 1 {
        return Err(Error::Gone { message: "This video's hosting time is over and it has been deleted.".into() });
    }
    Ok(Some(Hosted {
        id: row.try_get("id")?,
        page_id: row.try_get("page_id")?,
        duration_ms: row.try_get("duration_ms")?,
        expires_at,
    }))
}

/// The MP4 bytes of a live render.
pub async fn file(db: &Db, id: &str) -> Result<Option<Vec<u8>>, Error> {
    if hosted(db, id).await?.is_none() {
        return Ok(None);
    }
    Ok(sqlx::query_scalar("SELECT mp4 FROM renders WHERE id = $1 AND mp4 IS NOT NULL")
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// Deletes the files of expired renders (their pages then answer 410). Returns how many.
pub async fn expire(db: &Db) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE renders SET mp4 = NULL WHERE expires_at <= $1 AND mp4 IS NOT NULL")
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected())
}
