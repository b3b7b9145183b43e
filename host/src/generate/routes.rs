//! Generate route: `POST /api/agent/generate` (paid from credits; 200 a page, 202 a job).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Answer, GenerateRequest, Generated, GeneratedJob};
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, Call};

/// Makes an engine page of the chosen `kind` from prepaid credits at the kind's price (pitch 1,
/// slideshow 1, audioscript 3): a pitch or slideshow answers the page (200), an audioscript a
/// job to poll (202). Refunded if making it fails.
#[utoipa::path(post, path = "/api/agent/generate", tag = "pages", request_body = GenerateRequest,
    responses((status = 200, description = "The page", body = Generated),
              (status = 202, description = "The job making the page", body = GeneratedJob),
              (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 429, description = "Rate limited, or the renderer is busy (nothing charged)", body = ErrorBody),
              (status = 502, description = "The generator failed (refunded)", body = ErrorBody)))]
async fn generate(Call(ctx): Call, ApiJson(request): ApiJson<GenerateRequest>) -> Result<Response, Error> {
    Ok(match super::generate(&ctx, request).await? {
        Answer::Page(page) => Json(page).into_response(),
        Answer::Job(job) => (StatusCode::ACCEPTED, Json(job)).into_response(),
    })
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(generate))
}
