//! Audioscript routes: submit (202, paid) and the free status poll.

use axum::{Json, extract::Path, http::StatusCode};
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::AudioscriptRequest;
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, Call, Wait, WaitQuery};
use crate::jobs::{self, Accepted};

/// Queues a beat-timed, captioned engine page made from a script: 3 credits, refunded if the job fails.
#[utoipa::path(post, path = "/api/agent/audioscript", tag = "audio", request_body = AudioscriptRequest,
    responses((status = 202, body = Accepted), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 429, description = "Rate limited, or the renderer is busy (nothing charged)", body = ErrorBody)))]
async fn submit(
    Call(ctx): Call,
    ApiJson(request): ApiJson<AudioscriptRequest>,
) -> Result<(StatusCode, Json<Accepted>), Error> {
    Ok((StatusCode::ACCEPTED, Json(super::submit(&ctx, request).await?)))
}

/// Where an audioscript job is: `queued`, `running`, `succeeded` (with `pageUrl`, and the
/// captions as `captionsVttUrl` and `captionsSrtUrl`) or `failed`
/// (refunded). Free. Another key's job is a 404.
#[utoipa::path(get, path = "/api/agent/audioscript/{jobId}", tag = "audio", params(("jobId" = String, Path), WaitQuery),
    responses((status = 200, description = "The job's status"), (status = 404, body = ErrorBody)))]
async fn status(Call(ctx): Call, Path(job_id): Path<String>, Wait(wait): Wait) -> Result<Json<Value>, Error> {
    Ok(Json(jobs::status(&ctx, &job_id, super::KIND, super::result_view, wait).await?))
}

/// Cancels a job that has not finished: it fails with `cancelled` and its payment is released
/// (credits back, an x402 payment never settled, a SOL quote closed); answers the job's status.
/// A job waiting for its SOL deposit has it looked for on chain first: one that landed pays the
/// job, which runs (409 `paid_in_sol`); while the node cannot be read it is not cancelled (503
/// `sol_deposits_unknown`, `Retry-After`). A finished job is answered as it is. Free.
#[utoipa::path(post, path = "/api/agent/audioscript/{jobId}/cancel", tag = "audio", params(("jobId" = String, Path)),
    responses((status = 200, description = "The job's status"), (status = 404, body = ErrorBody),
              (status = 409, description = "Paid by a SOL deposit (`paid_in_sol`, also when the cancel found its deposit), or its x402 payment is being settled (`payment_settling`)", body = ErrorBody),
              (status = 503, description = "Waiting for its SOL deposit, and whether it landed cannot be told: the Solana RPC node cannot be read (`sol_deposits_unknown`); nothing changed, the job still waits; ask again after `Retry-After`", body = ErrorBody,
               headers(("Retry-After" = u64, description = "Seconds to wait before cancelling again")))))]
async fn cancel(Call(ctx): Call, Path(job_id): Path<String>) -> Result<Json<Value>, Error> {
    Ok(Json(jobs::cancel(&ctx, &job_id, super::KIND, super::result_view).await?))
}

/// For a job paid in SOL (`X-Pay-With: sol`): looks for its deposit on chain and claims it, or
/// runs a paid job that failed for good again; answers the job's status. Free.
#[utoipa::path(post, path = "/api/agent/audioscript/{jobId}/check", tag = "audio", params(("jobId" = String, Path)),
    responses((status = 200, description = "The job's status"), (status = 404, body = ErrorBody),
              (status = 409, description = "Not paid in SOL, or its quote lapsed unpaid (`quote_expired`)", body = ErrorBody),
              (status = 502, body = ErrorBody), (status = 503, body = ErrorBody)))]
async fn check(Call(ctx): Call, Path(job_id): Path<String>) -> Result<Json<Value>, Error> {
    Ok(Json(jobs::deposits::check(&ctx, &job_id, super::KIND, super::result_view).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(submit)).routes(routes!(status)).routes(routes!(check)).routes(routes!(cancel))
}
