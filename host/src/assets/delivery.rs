//! Delivering a paid asset: its MP4 is rendered by a durable job (`asset-mp4`) from the
//! preview's pictures (each fitted to 1080×1920 and held for its format's time, over a silent
//! track), hosted like any render (`/v/<id>`); the job then moves to `delivered` and, with a
//! callback, the `job.delivered` event is written in the same transaction and sent at once.
//! A render that fails for good moves the job to `render_failed` with `job.failed`; the
//! payment stays bound to the job, and the next check queues a new render.

use std::sync::Arc;

use serde_json::{Value, json};
use sqlx::AnyConnection;

use super::view::event_payload;
use crate::aspect::Aspect;
use crate::ctx::{Ctx, Services};
use crate::error::{Error, Reason};
use crate::events::{self, NewEvent};
use crate::jobs::worker::{Handler, JobError};
use crate::jobs::{self, Job, Start, State as JobState};
use crate::media::{Scratch, film, mp4, wav};
use crate::pipeline;
use crate::store::Db;
use crate::store::assets::{self as rows, AssetJob, Ended, State};
use crate::store::changes::Notice;

/// The job kind of an asset's render.
pub const RENDER_KIND: &str = "asset-mp4";
/// The silent track's sample rate.
const SAMPLE_RATE: u32 = 48_000;
/// Pictures a preview has at most (a carousel has a handful).
const MAX_PICTURES: i64 = 20;

/// The id of the next render of `job`.
pub fn render_job_id(job: &AssetJob) -> String {
    nth_render(&job.id, job.renders + 1)
}

/// The id of render `n` (from 1) of asset job `id`.
fn nth_render(id: &str, n: i64) -> String {
    format!("{id}_r{n}")
}

/// Writes the first render of asset job `id` for `key_id`, waiting for its payment, inside the
/// transaction that opens its quote.
pub async fn await_payment_in(conn: &mut AnyConnection, id: &str, key_id: i64) -> Result<(), sqlx::Error> {
    render_in(conn, (id, key_id), &nth_render(id, 1), Start::OnPayment).await
}

/// Starts the paid job's render `render_job_id` inside the claim's transaction: the render
/// waiting for the payment moves on, paid by the deposit's captured intent of its lamports, or,
/// for an asset quoted before its render waited with it, one is queued now.
pub async fn start_in(
    conn: &mut AnyConnection,
    job: &AssetJob,
    render_job_id: &str,
    (intent, lamports): (&str, u64),
) -> Result<(), Error> {
    if jobs::paid_in(conn, render_job_id, intent, lamports).await? {
        return Ok(());
    }
    Ok(render_in(conn, (&job.id, job.key_id), render_job_id, Start::Now).await?)
}

/// Queues render `render_job_id` of asset job `id` of `key_id`, starting as `start` says.
async fn render_in(
    conn: &mut AnyConnection,
    (id, key_id): (&str, i64),
    render_job_id: &str,
    start: Start,
) -> Result<(), sqlx::Error> {
    jobs::queue_in(conn, (render_job_id, RENDER_KIND, key_id), &json!({ "assetJobId": id }), start).await?;
    Ok(())
}

/// Tells workers a render is queued and waiting readers that asset job `id` moved on.
pub async fn announce(db: &Db, id: &str) {
    db.announce(Notice::Queued).await;
    db.announce(Notice::Changed(id.into())).await;
}

/// A paid job whose render failed (recorded, or its job failed without a word: its worker
/// died on the last attempt) gets a new render; anything else is answered as it is.
pub async fn render_again_if_failed(ctx: &Ctx, job: AssetJob) -> Result<AssetJob, Error> {
    let Some(previous) = job.render_job_id.clone() else { return Ok(job) };
    let failed = match job.state {
        State::RenderFailed => true,
        State::Paid => jobs::get(&ctx.db, &previous, job.key_id).await?.is_some_and(|j| j.state == JobState::Failed),
        _ => false,
    };
    if !failed {
        return Ok(job);
    }
    let next = render_job_id(&job);
    let mut tx = ctx.db.pool().begin().await?;
    if rows::rerender_in(&mut tx, &job.id, &previous, &next).await? {
        render_in(&mut tx, (&job.id, job.key_id), &next, Start::Now).await?;
        tx.commit().await?;
        announce(&ctx.db, &job.id).await;
        tracing::info!(job = job.id, render = next, "rendering a paid asset again");
    } else {
        tx.rollback().await?;
    }
    let mut conn = ctx.db.pool().acquire().await?;
    Ok(rows::get_any(&mut conn, &job.id).await?.unwrap_or(job))
}

/// What a buyer is told when the preview a video is made of cannot be read.
const PREVIEW_UNAVAILABLE: Reason =
    Reason { code: "preview_unavailable", message: "The preview's pictures could not be read to make the video." };

/// The worker side.
pub fn handler(services: Services) -> Handler {
    Arc::new(move |job: Job| {
        let services = services.clone();
        Box::pin(async move { render(&services, &job).await })
    })
}

async fn render(services: &Services, job: &Job) -> Result<Value, JobError> {
    let retry = |e: Error| JobError::Retry(e.to_string());
    let asset_id = job.input["assetJobId"].as_str().ok_or_else(|| JobError::Fatal("bad job input".into()))?;
    let mut conn = services.db.pool().acquire().await.map_err(|e| retry(e.into()))?;
    let asset = rows::get_any(&mut conn, asset_id)
        .await
        .map_err(|e| retry(e.into()))?
        .ok_or_else(|| JobError::Fatal("the asset job is gone".into()))?;
    drop(conn);
    if asset.state != State::Paid || asset.render_job_id.as_deref() != Some(job.id.as_str()) {
        // A newer render (or none) is the asset's now: this one has nothing to do.
        return Ok(json!({ "superseded": true }));
    }
    let made = match crate::store::renders::by_job(&services.db, &job.id).await.map_err(|e| retry(e.into()))? {
        Some(done) => Ok(crate::mp4::result(&done)),
        None => make(services, job, &asset).await,
    };
    match made {
        Ok(result) => {
            let render_id = result["renderId"].as_str().unwrap_or_default();
            settle(services, &asset, &job.id, Ended::Delivered { render_id }).await.map_err(retry)?;
            Ok(result)
        }
        Err(e) => {
            let last = !e.retryable() || job.attempts >= job.max_attempts;
            if last {
                // The asset keeps what its buyer may read; the worker logs the cause.
                if let Err(recording) = settle(services, &asset, &job.id, Ended::Failed { error: e.reason() }).await {
                    tracing::error!(job = asset.id, error = %recording, "recording a failed asset render failed");
                }
            }
            Err(e)
        }
    }
}

/// The preview's cards as kept (up to [`MAX_PICTURES`]).
async fn cards_of(services: &Services, asset: &AssetJob) -> Result<Vec<Vec<u8>>, JobError> {
    let mut pictures = Vec::new();
    for position in 1..=MAX_PICTURES {
        match crate::memes::image(services, &asset.preview_id, position).await {
            Ok(Some(png)) => pictures.push(png),
            Ok(None) => break,
            Err(e) => return Err(unreadable(e, &format!("the preview's picture {position}"))),
        }
    }
    Ok(pictures)
}

/// Why `what` of a preview could not be read, as the job takes it: a store that is down may come
/// back; a picture that is missing will not.
fn unreadable(e: Error, what: &str) -> JobError {
    match e {
        e @ Error::Unavailable { .. } => JobError::Retry(e.to_string()),
        e => JobError::Fatal(format!("{what} cannot be read: {e}")).told(PREVIEW_UNAVAILABLE),
    }
}

/// The MP4 of the preview's pictures, in the asset's shape.
async fn make(services: &Services, job: &Job, asset: &AssetJob) -> Result<Value, JobError> {
    let format =
        super::format(&asset.format).ok_or_else(|| JobError::Fatal(format!("unknown format {}", asset.format)))?;
    let pictures = match asset.aspect {
        Aspect::Tall => cards_of(services, asset).await?,
        aspect => crate::memes::shaped(services, &asset.preview_id, aspect)
            .await
            .map_err(|e| unreadable(e, "the preview"))?
            .unwrap_or_default(),
    };
    if pictures.is_empty() {
        return Err(JobError::Fatal("the preview has no pictures".into()).told(PREVIEW_UNAVAILABLE));
    }
    // The video ends on a card that leads back to the free preview page.
    let preview = format!("{}/memes/{}", asset.base_url, asset.preview_id);
    let ending = crate::memes::ending(services, &asset.preview_id, &preview, asset.aspect)
        .await
        .map_err(|e| JobError::Retry(e.to_string()))?;
    let total_ms = format.hold_ms * pictures.len() as u64;
    let end_ms = if ending.is_some() { film::END_MS } else { 0 };
    let silence = wav::Pcm {
        sample_rate: SAMPLE_RATE,
        channels: 1,
        data: vec![0; ((total_ms + end_ms) * u64::from(SAMPLE_RATE) / 1000) as usize * 2],
    };
    let scratch = Scratch::new(&services.settings.data_dir, &job.id)
        .await
        .map_err(|e| JobError::Retry(format!("scratch folder: {e}")))?;
    let (wav_path, out_path) = (scratch.path().join("silence.wav"), scratch.path().join("out.mp4"));
    tokio::fs::write(&wav_path, silence.to_wav()).await.map_err(|e| JobError::Retry(format!("scratch file: {e}")))?;
    let (out, hold_ms) = (out_path.clone(), format.hold_ms);
    let size = asset.aspect.size();
    let encoded = services
        .renders
        .run(services.settings.media_budget(), move |budget| {
            let frames = pictures
                .iter()
                .map(|png| crate::render::framed(png, size.0, size.1).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()?;
            let shots = (0u64..)
                .zip(&frames)
                .map(|(n, png)| mp4::Shot { start_ms: n * hold_ms, png, lit: None, words: Vec::new() })
                .collect();
            let film = mp4::Film {
                size,
                opening: None,
                shots,
                voice_ms: total_ms,
                ending: ending.as_deref(),
                cues: &[],
                keep_said: false,
            };
            let encoded = mp4::encode(&film, &wav_path, &out, budget)?;
            let firsts: Vec<&[u8]> = frames.iter().map(Vec::as_slice).collect();
            Ok((encoded, crate::mp4::Stills::of(&firsts)?))
        })
        .await
        .map_err(pipeline::cpu_failure)?;
    let (encoded, stills) = encoded;
    tracing::info!(job = asset.id, frames = encoded.frames, ms = encoded.total_ms, "rendered an asset's MP4");
    let video = crate::mp4::Video { path: &out_path, stills, aspect: asset.aspect, duration_ms: total_ms + end_ms };
    crate::mp4::keep(services, job, asset.preview_id.clone(), video).await
}

/// Records how render `render_job_id` of `asset` ended and, with a callback, its event, in
/// one transaction; then sends the event. Nothing happens if the asset moved on meanwhile.
async fn settle(services: &Services, asset: &AssetJob, render_job_id: &str, ended: Ended<'_>) -> Result<(), Error> {
    let event = match ended {
        Ended::Delivered { .. } => "job.delivered",
        Ended::Failed { .. } => "job.failed",
    };
    let mut tx = services.db.pool().begin().await?;
    let Some(moved) = rows::end_render_in(&mut tx, &asset.id, render_job_id, ended).await? else {
        tx.rollback().await?;
        return Ok(());
    };
    let queued = match (&moved.callback_url, &moved.webhook_secret) {
        (Some(url), Some(secret)) => {
            let data = event_payload(event, &moved).to_string();
            let new = NewEvent { key_id: moved.key_id, job_id: &moved.id, event, data: &data, url, secret };
            Some(events::enqueue_in(&mut tx, &new).await?)
        }
        _ => None,
    };
    tx.commit().await?;
    services.db.announce(Notice::Changed(moved.id.as_str().into())).await;
    tracing::info!(job = moved.id, event, "asset job settled");
    if let Some(id) = queued {
        events::dispatch(services, id);
    }
    Ok(())
}
