//! Pay-per-asset routes: the live price.

use axum::{Json, extract::State};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::PricingResult;
use crate::auth::Caller;
use crate::error::Error;
use crate::http::AppState;
use crate::http::error::ErrorBody;

/// The price of one asset in SOL at the live rate (cached 45 s), the formats, the treasury.
#[utoipa::path(get, path = "/api/agent/asset/pricing", tag = "assets",
    responses((status = 200, body = PricingResult),
              (status = 503, description = "No treasury set up, or no SOL/USD rate", body = ErrorBody)))]
async fn pricing(_caller: Caller, State(state): State<AppState>) -> Result<Json<PricingResult>, Error> {
    Ok(Json(super::pricing(&state.services).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(pricing))
}
