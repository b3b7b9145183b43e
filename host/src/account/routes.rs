//! Account routes: `GET /api/agent/me`.

use axum::Json;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Me;
use crate::error::Error;
use crate::http::error::ErrorBody;
use crate::http::{AppState, Call};

/// The key's credits, listings and purchases.
#[utoipa::path(get, path = "/api/agent/me", tag = "account",
    security(("api_key" = [])),
    responses((status = 200, description = "The caller's account", body = Me),
               (status = 401, description = "Missing or invalid key", body = ErrorBody)))]
async fn me(Call(ctx): Call) -> Result<Json<Me>, Error> {
    Ok(Json(super::me(&ctx).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me))
}
