//! The caller's own account: `GET /api/agent/me`.

use axum::{Json, extract::State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::app::AppState;
use crate::auth::{Caller, Role};
use crate::billing::credits;
use crate::error::{ApiError, ErrorBody};

/// The key, as the caller may see it (never the secret).
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyView {
    /// Public prefix of the key.
    pub prefix: String,
    pub label: String,
    pub role: Role,
}

/// Body of `GET /api/agent/me`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    pub success: bool,
    pub key: KeyView,
    /// Prepaid credits left.
    pub credits: i64,
    /// Marketplace listings of this key (the marketplace is not open yet).
    #[schema(value_type = Vec<Object>)]
    pub listings: Vec<serde_json::Value>,
    /// Marketplace purchases of this key.
    #[schema(value_type = Vec<Object>)]
    pub purchases: Vec<serde_json::Value>,
}

/// The key's credits, listings and purchases.
#[utoipa::path(get, path = "/api/agent/me", tag = "account",
    security(("api_key" = [])),
    responses((status = 200, description = "The caller's account", body = Me),
               (status = 401, description = "Missing or invalid key", body = ErrorBody)))]
async fn me(State(state): State<AppState>, caller: Caller) -> Result<Json<Me>, ApiError> {
    let credits = credits::balance(&state.db, caller.key_id).await?;
    Ok(Json(Me {
        success: true,
        key: KeyView { prefix: caller.prefix, label: caller.label, role: caller.role },
        credits,
        listings: Vec::new(),
        purchases: Vec::new(),
    }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(me))
}
