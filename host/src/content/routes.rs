//! Content route: `POST /api/agent/content` (1 credit; `meme` as the meme route).

use axum::Json;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Answer, ContentRequest};
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, Call};

/// Writes a post in a brand's voice: `meme` (the meme route's answer), `tweet`, `thread`,
/// `linkedin`, `instagram`, `tiktok-script`, `email`, `blog-intro` or `press-release`, in any of
/// the 23 languages, within the platform's limits (reported in `content.limits`). 1 credit
/// (a `hybrid` meme 2), refunded if writing fails. A registered brand that switched the mode
/// off answers 403.
#[utoipa::path(post, path = "/api/agent/content", tag = "content", request_body = ContentRequest,
    responses((status = 200, description = "The post (or, for `meme`, the meme)", body = Answer),
              (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 403, description = "The brand switched this mode off", body = ErrorBody),
              (status = 429, body = ErrorBody),
              (status = 502, description = "The generator failed (refunded)", body = ErrorBody)))]
async fn content(Call(ctx): Call, ApiJson(request): ApiJson<ContentRequest>) -> Result<Json<Answer>, Error> {
    Ok(Json(super::create(&ctx, request).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(content))
}
