//! Account routes: `GET /api/agent/me`, `GET /api/agent/payments/{id}`.

use axum::Json;
use axum::extract::{Path, State};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Me;
use crate::error::Error;
use crate::http::error::ErrorBody;
use crate::http::{AppState, Call};
use crate::store::x402::PaymentRecord;

/// The key's credits, listings and purchases.
#[utoipa::path(get, path = "/api/agent/me", tag = "account",
    security(("api_key" = [])),
    responses((status = 200, description = "The caller's account", body = Me),
               (status = 401, description = "Missing or invalid key", body = ErrorBody)))]
async fn me(Call(ctx): Call) -> Result<Json<Me>, Error> {
    Ok(Json(super::me(&ctx).await?))
}

/// An x402 payment and how its settlement stands: `settling` while the facilitator has not
/// said (the answer that took it was 202 `settlement_pending`), then `settled` or `failed`.
#[utoipa::path(get, path = "/api/agent/payments/{id}", tag = "account",
    params(("id" = String, Path, description = "The payment's id (`xp_…`), as an answer named it")),
    responses((status = 200, description = "The payment", body = PaymentRecord),
               (status = 404, description = "No such payment", body = ErrorBody)))]
async fn payment(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<PaymentRecord>, Error> {
    Ok(Json(super::payment(&state.db, &id).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me)).routes(routes!(payment))
}
