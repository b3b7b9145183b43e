//! Catalog routes: the services menu, the meme kinds, the credit packs, and the product pack
//! route that refuses calls as coming soon.

use axum::{Json, extract::State};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{MEME_KINDS, MemeKinds, PackRequest, ServicesMenu};
use crate::auth::Caller;
use crate::billing::packs::PackCatalog;
use crate::error::Error;
use crate::http::AppState;
use crate::http::error::{ApiJson, ErrorBody};

/// Lists every service with its route, prices, credits, limits and rate group.
#[utoipa::path(get, path = "/api/agent/services", tag = "catalog",
    responses((status = 200, description = "The services menu", body = ServicesMenu)))]
async fn services(State(state): State<AppState>) -> Json<ServicesMenu> {
    Json(crate::billing::spoken_menu(state.x402.as_deref(), state.services.sol_chain.as_deref(), &state.speech))
}

/// Lists the meme kinds and their credit cost.
#[utoipa::path(get, path = "/api/agent/legacy/kinds", tag = "catalog",
    responses((status = 200, description = "Meme kinds", body = MemeKinds)))]
async fn meme_kinds() -> Json<MemeKinds> {
    Json(MemeKinds { success: true, kinds: MEME_KINDS, default_kind: "image" })
}

/// The product pack is listed but not available: a valid request is refused as coming soon
/// and never charged.
#[utoipa::path(post, path = "/api/agent/amazon/pack", tag = "catalog",
    request_body = PackRequest,
    responses((status = 501, description = "Coming soon; nothing is charged", body = ErrorBody)))]
async fn product_pack(_caller: Caller, ApiJson(request): ApiJson<PackRequest>) -> Error {
    super::product_pack(&request)
}

/// Lists the credit packs with their per-credit rates.
#[utoipa::path(get, path = "/api/agent/credits/packs", tag = "billing",
    responses((status = 200, description = "The credit pack catalog", body = PackCatalog)))]
async fn packs() -> Json<PackCatalog> {
    Json(crate::billing::packs::catalog())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(services))
        .routes(routes!(meme_kinds))
        .routes(routes!(product_pack))
        .routes(routes!(packs))
}
