//! Pitch routes: `POST /api/agent/before` (paid, synchronous).

use axum::Json;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{PitchRequest, PitchResult};
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, Call};

/// Makes a personalized pitch page for one person: a hook naming them, message-style beats
/// voiced and shown as chat bubbles, memes and a call to action, on a page to share (an engine
/// page: `POST /api/agent/mp4` renders it). 1 credit, refunded if making it fails.
#[utoipa::path(post, path = "/api/agent/before", tag = "pitch", request_body = PitchRequest,
    responses((status = 200, body = PitchResult), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 429, body = ErrorBody), (status = 502, description = "The generator failed (refunded)", body = ErrorBody)))]
async fn before(Call(ctx): Call, ApiJson(request): ApiJson<PitchRequest>) -> Result<Json<PitchResult>, Error> {
    Ok(Json(super::create(&ctx, request).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(before))
}
