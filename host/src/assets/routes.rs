//! Pay-per-asset routes: the live price, asset jobs (create, read, check), and a job's webhook
//! delivery log and replay.

use axum::{Json, extract::Path, extract::State};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::PricingResult;
use super::jobs::{AssetJobRequest, Checked, Created, Deliveries, Read, Replayed};
use crate::auth::Caller;
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, Call, Wait, WaitQuery};

/// The price of one asset in SOL at the live rate (cached 45 s), the formats, the treasury.
#[utoipa::path(get, path = "/api/agent/asset/pricing", tag = "assets",
    responses((status = 200, body = PricingResult),
              (status = 400, description = "No treasury set up (`payment_rail_unavailable`, naming the rails taken)", body = ErrorBody),
              (status = 503, description = "No SOL/USD rate right now", body = ErrorBody)))]
async fn pricing(_caller: Caller, State(state): State<AppState>) -> Result<Json<PricingResult>, Error> {
    Ok(Json(super::pricing(&state.services).await?))
}

/// Makes the free preview and opens a 24-hour quote of a unique lamport amount. Send exactly
/// that amount to the treasury, then call the check route.
#[utoipa::path(post, path = "/api/agent/asset/jobs", tag = "assets", request_body = AssetJobRequest,
    responses((status = 200, body = Created),
              (status = 400, description = "A bad request, or no treasury set up (`payment_rail_unavailable`)", body = ErrorBody),
              (status = 401, body = ErrorBody),
              (status = 429, description = "Rate limited, or the key has its most open quotes (`too_many_open_quotes`)", body = ErrorBody),
              (status = 503, description = "No SOL/USD rate, or every amount of the price held (`quote_amounts_exhausted`)", body = ErrorBody)))]
async fn create(Call(ctx): Call, ApiJson(request): ApiJson<AssetJobRequest>) -> Result<Json<Created>, Error> {
    Ok(Json(super::jobs::create(&ctx, request).await?))
}

/// The job as recorded (never reads the chain).
#[utoipa::path(get, path = "/api/agent/asset/jobs/{id}", tag = "assets", params(("id" = String, Path), WaitQuery),
    responses((status = 200, body = Read), (status = 404, body = ErrorBody)))]
async fn read(Call(ctx): Call, Path(id): Path<String>, Wait(wait): Wait) -> Result<Json<Read>, Error> {
    Ok(Json(super::jobs::get(&ctx, &id, wait).await?))
}

/// Looks for the job's deposit on chain and claims it (once, ever); `paid: false` while none
/// has landed. Waits up to 20 s for the MP4 once paid.
#[utoipa::path(post, path = "/api/agent/asset/jobs/{id}/check", tag = "assets", params(("id" = String, Path)),
    responses((status = 200, body = Checked), (status = 404, body = ErrorBody),
              (status = 409, description = "The quote lapsed unpaid: create a new job", body = ErrorBody),
              (status = 502, body = ErrorBody), (status = 503, body = ErrorBody)))]
async fn check(Call(ctx): Call, Path(id): Path<String>) -> Result<Json<Checked>, Error> {
    Ok(Json(super::jobs::check(&ctx, &id).await?))
}

/// Every webhook attempt for the job: when, the receiver's status, or why it failed.
#[utoipa::path(get, path = "/api/agent/asset/jobs/{id}/deliveries", tag = "assets", params(("id" = String, Path)),
    responses((status = 200, body = Deliveries), (status = 404, body = ErrorBody)))]
async fn deliveries(Call(ctx): Call, Path(id): Path<String>) -> Result<Json<Deliveries>, Error> {
    Ok(Json(super::jobs::deliveries(&ctx, &id).await?))
}

/// Sends the job's events again now, with their original `webhook-id`s.
#[utoipa::path(post, path = "/api/agent/asset/jobs/{id}/deliveries/replay", tag = "assets",
    params(("id" = String, Path)),
    responses((status = 200, body = Replayed), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn replay(Call(ctx): Call, Path(id): Path<String>) -> Result<Json<Replayed>, Error> {
    Ok(Json(super::jobs::replay(&ctx, &id).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(pricing))
        .routes(routes!(create))
        .routes(routes!(read))
        .routes(routes!(check))
        .routes(routes!(deliveries))
        .routes(routes!(replay))
}
