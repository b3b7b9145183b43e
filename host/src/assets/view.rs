//! How an asset job is shown: its status, the view the routes answer and the payload of its
//! webhook events (both built from the stored row, so they never disagree).

use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::callbacks::WebhookView;
use crate::dates::iso8601;
use crate::error::Failure;
use crate::store::assets::{AssetJob, State};
use crate::store::now_ms;

/// A job's quote.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    /// Send exactly this many lamports: the amount identifies the job's payment.
    pub amount_lamports: u64,
    pub amount_sol: f64,
    /// ISO 8601; the quote lives 24 hours.
    pub expires_at: String,
}

/// An asset job as the routes show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssetJobView {
    pub job_id: String,
    /// `AWAITING_PAYMENT`, `PAID` (paid, rendering), `DELIVERED`, `RENDER_FAILED` or `EXPIRED`.
    pub status: &'static str,
    pub format: String,
    /// The video's shape (`9:16`, `1:1`, `4:5` or `16:9`).
    pub aspect: &'static str,
    /// The free preview page.
    pub preview_url: String,
    /// The MP4, once `DELIVERED` (hosted for 24 hours from delivery).
    pub mp4_url: Option<String>,
    /// Its poster (its first picture, PNG), once `DELIVERED`.
    pub poster_url: Option<String>,
    /// Its looping preview (animated GIF, at most 6 s and 2 MB), once `DELIVERED`.
    pub loop_url: Option<String>,
    /// The MP4's own page, once `DELIVERED`.
    pub video_page_url: Option<String>,
    pub paid: bool,
    pub quote: QuoteView,
    /// The deposit's transaction signature, once paid.
    pub signature: Option<String>,
    pub paid_at: Option<String>,
    pub delivered_at: Option<String>,
    /// Why the last render failed: a stable code and a message (the cause stays in the logs).
    pub error: Option<Failure>,
    pub webhook: Option<WebhookView>,
    pub created_at: String,
}

/// The address of a render's MP4.
pub fn mp4_url(base_url: &str, render_id: &str) -> String {
    format!("{base_url}/v/{render_id}/video.mp4")
}

/// The status a job shows.
pub fn status(job: &AssetJob) -> &'static str {
    match job.state {
        State::AwaitingPayment if now_ms() > job.expires_at => "EXPIRED",
        State::AwaitingPayment => "AWAITING_PAYMENT",
        State::Paid => "PAID",
        State::Delivered => "DELIVERED",
        State::RenderFailed => "RENDER_FAILED",
    }
}

/// A job as the routes show it (links at the address it was made on).
pub fn view(job: &AssetJob) -> AssetJobView {
    let base = &job.base_url;
    let lamports = u64::try_from(job.amount_lamports).unwrap_or_default();
    let delivered = job.state == State::Delivered;
    let render = job.render_id.as_deref().filter(|_| delivered);
    AssetJobView {
        job_id: job.id.clone(),
        status: status(job),
        format: job.format.clone(),
        aspect: job.aspect.name(),
        preview_url: format!("{base}/memes/{}", job.preview_id),
        mp4_url: render.map(|r| mp4_url(base, r)),
        poster_url: render.map(|r| format!("{base}/v/{r}/poster.png")),
        loop_url: render.map(|r| format!("{base}/v/{r}/loop.gif")),
        video_page_url: render.map(|r| format!("{base}/v/{r}")),
        paid: job.state != State::AwaitingPayment,
        quote: QuoteView {
            amount_lamports: lamports,
            amount_sol: super::sol(lamports),
            expires_at: iso8601(job.expires_at),
        },
        signature: job.signature.clone(),
        paid_at: job.paid_at.map(iso8601),
        delivered_at: job.delivered_at.map(iso8601),
        error: job.error.clone(),
        webhook: job.callback_url.clone().map(|callback_url| WebhookView { callback_url }),
        created_at: iso8601(job.created_at),
    }
}

/// The payload of a webhook event about `job` (without `attempt`, which each attempt adds).
pub fn event_payload(event: &str, job: &AssetJob) -> serde_json::Value {
    let shown = view(job);
    let mut payload = json!({
        "event": event,
        "jobId": job.id,
        "status": shown.status,
        "format": job.format,
        "aspect": shown.aspect,
        "mp4Url": shown.mp4_url,
        "posterUrl": shown.poster_url,
        "loopUrl": shown.loop_url,
        "paid": shown.paid,
        "previewUrl": shown.preview_url,
        "signature": job.signature,
    });
    match (job.delivered_at, &job.error) {
        (Some(at), _) if job.state == State::Delivered => payload["deliveredAt"] = json!(iso8601(at)),
        (_, Some(error)) => {
            payload["error"] = json!(error);
            payload["failedAt"] = json!(iso8601(job.updated_at));
        }
        _ => {}
    }
    payload
}
