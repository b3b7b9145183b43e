//! Audioscript routes: submit (202, 3 credits) and the free status poll.

use axum::{
    Json,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
};
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Accepted, AudioscriptRequest};
use crate::app::AppState;
use crate::auth::Caller;
use crate::error::{ApiError, ApiJson, ErrorBody};
use crate::jobs;
use crate::memes::routes::base_url;

/// Queues a beat-timed, captioned engine page made from a script: 3 credits, refunded if the job fails.
#[utoipa::path(post, path = "/api/agent/audioscript", tag = "audio", request_body = AudioscriptRequest,
    responses((status = 202, body = Accepted), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 429, description = "Rate limited, or the renderer is busy (nothing charged)", body = ErrorBody)))]
async fn submit(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(request): ApiJson<AudioscriptRequest>,
) -> Result<(StatusCode, Json<Accepted>), ApiError> {
    let accepted = super::submit(&state, &caller, request, &base_url(&state, &headers)).await?;
    Ok((StatusCode::ACCEPTED, Json(accepted)))
}

/// Where an audioscript job is: `queued`, `running`, `succeeded` (with `pageUrl`) or `failed`
/// (refunded). Free. Another key's job is a 404.
#[utoipa::path(get, path = "/api/agent/audioscript/{jobId}", tag = "audio", params(("jobId" = String, Path)),
    responses((status = 200, description = "The job's status"), (status = 404, body = ErrorBody)))]
async fn status(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path(job_id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    job_status(&state, &caller, &headers, &job_id, super::KIND).await
}

/// The status of `caller`'s job `job_id` of `kind`, or 404.
pub async fn job_status(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    job_id: &str,
    kind: &str,
) -> Result<Json<Value>, ApiError> {
    let job = jobs::get(&state.db, job_id, caller.key_id)
        .await?
        .filter(|j| j.kind == kind)
        .ok_or_else(|| ApiError::NotFound { message: "No such job for this key.".into() })?;
    Ok(Json(super::status_view(&job, &base_url(state, headers))))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(submit)).routes(routes!(status))
}
