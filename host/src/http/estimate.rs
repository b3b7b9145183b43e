//! Free estimates: what a priced request would cost on each rail (credits, USD, x402's amount
//! and network, SOL lamports at the live rate where SOL pays for it) and whether it would be
//! accepted. The request is checked by its own service's check, the one its route runs before
//! paying, so a body the route refuses is refused here with the same 400; nothing is charged,
//! made, fetched or stored. Over HTTP (`POST /api/agent/estimate`) and as the MCP tool
//! `estimate_price`, which read the request's body as its route reads it.

use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::catalog::{self, Availability};
use crate::ctx::Ctx;
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody, input_of};
use crate::http::{AppState, Call};
use crate::money::Price;
use crate::{assets, audioscript, content, generate, market, memes, mp4, pitch};

/// What to estimate.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EstimateRequest {
    /// The service, by its catalog id: `pitch`, `audioscript`, `mp4`, `meme`, `invite-bot`,
    /// `content`, `generate`, `request` or `asset-job`.
    #[schema(example = "meme")]
    pub service: Option<String>,
    /// The body the service's route would get, as it would get it.
    #[schema(value_type = Object, example = json!({"input": "Agents that pay their own way", "kind": "hybrid"}))]
    pub request: Option<Value>,
}

/// What the call would cost, on each rail it can be paid on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Estimate {
    pub success: bool,
    pub service: &'static str,
    /// The body would be accepted as sent (a body the route refuses is answered its 400 here).
    pub accepted: bool,
    /// In credits, from the key's balance (`None` for a service paid only in SOL).
    pub credits: Option<i64>,
    /// In US dollars, as a decimal string.
    pub usd: Option<String>,
    /// Paid per call over x402 (where enabled and the service takes it): the v2 requirements a
    /// 402 would carry (`amount` in USDC atomic units, `network`, `asset`, `payTo`).
    #[schema(value_type = Option<Object>)]
    pub x402: Option<Value>,
    /// Paid in SOL (where the service takes it and a treasury is set up): the lamports at the
    /// live rate; a quote adds a few lamports to make its amount unique.
    pub sol: Option<SolEstimate>,
    /// The key's credits now, and whether they cover `credits`.
    pub balance: i64,
    pub enough_credits: bool,
}

/// A price in SOL at the live rate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SolEstimate {
    pub lamports: u64,
    /// US dollars per SOL, as a decimal string, and where the rate came from.
    pub usd_per_sol: String,
    pub rate_source: &'static str,
}

/// Prices `request` for the caller of `ctx`: checked as its route checks it, then priced on
/// every rail; nothing is charged, made or stored.
pub async fn estimate(ctx: &Ctx, request: EstimateRequest) -> Result<Estimate, Error> {
    let ids = || priced().map(|s| s.id).collect::<Vec<_>>().join(", ");
    let asked =
        request.service.as_deref().map(str::trim).filter(|s| !s.is_empty()).ok_or_else(|| {
            Error::bad_request("missing_service", format!("`service` is required: one of {}.", ids()))
        })?;
    let service = priced()
        .find(|s| s.id == asked)
        .ok_or_else(|| Error::bad_request("unknown_service", format!("Unknown service; use one of: {}.", ids())))?;
    let body = request.request.unwrap_or_else(|| Value::Object(Default::default()));
    let price = quote(ctx, service.id, body).await?;
    let credits = price.map(|p| p.credits);
    let cents = price.and_then(|p| p.usd_cents).or(service.usd_cents);
    let balance = crate::store::credits::balance(&ctx.db, ctx.caller.key_id).await?;
    Ok(Estimate {
        success: true,
        service: service.id,
        accepted: true,
        credits,
        usd: cents.map(|c| catalog::usd(u64::from(c))),
        x402: x402_terms(ctx, price),
        sol: sol_price(ctx, service.sol_per_asset, cents).await,
        balance,
        enough_credits: credits.is_some_and(|c| balance >= c),
    })
}

/// The services an estimate prices: those served and priced per call or per asset.
fn priced() -> impl Iterator<Item = &'static catalog::Service> {
    catalog::SERVICES
        .iter()
        .filter(|s| s.availability == Availability::Available && (s.credits.is_some() || s.sol_per_asset))
}

/// Service `id`'s check of `body` (its route's), and the price the call would be charged
/// (`None` for a service paid only per asset in SOL).
async fn quote(ctx: &Ctx, id: &str, body: Value) -> Result<Option<Price>, Error> {
    Ok(Some(match id {
        "meme" => memes::quote(ctx, input_of(body)?).await?,
        "pitch" => pitch::quote(ctx, &input_of(body)?).await?,
        "audioscript" => audioscript::quote(ctx, input_of(body)?).await?,
        "mp4" => mp4::quote(ctx, &input_of(body)?).await?,
        "invite-bot" => pitch::invite::quote(ctx, input_of(body)?).await?,
        "content" => content::quote(ctx, input_of(body)?).await?,
        "generate" => generate::quote(ctx, &generate::check(ctx, input_of(body)?).await?, "generate").await?,
        "request" => market::quote(ctx, input_of(body)?).await?,
        "asset-job" => {
            assets::jobs::quote(ctx, input_of(body)?).await?;
            return Ok(None);
        }
        other => return Err(Error::internal(format!("no estimate for service {other}"))),
    }))
}

/// What a 402 would ask for `price` over x402, where x402 is enabled and the call takes it.
fn x402_terms(ctx: &Ctx, price: Option<Price>) -> Option<Value> {
    let (rail, price) = (ctx.x402.as_deref()?, price?);
    let resource = catalog::service(price.operation).map(|s| format!("{}{}", ctx.base_url, s.route))?;
    rail.requirements(price, &resource)
}

/// `cents` in lamports at the live rate, for a service SOL pays for where a treasury is set up
/// (`None` too while no rate is known: the other rails are still priced).
async fn sol_price(ctx: &Ctx, sol_per_asset: bool, cents: Option<u32>) -> Option<SolEstimate> {
    let cents = cents.filter(|_| sol_per_asset && ctx.sol_chain.is_some())?;
    let rate = ctx.sol_price.rate().await?;
    Some(SolEstimate {
        lamports: rate.lamports(u64::from(cents)),
        usd_per_sol: rate.usd_per_sol,
        rate_source: rate.source,
    })
}

/// What a priced request would cost on each rail (credits, USD, x402, SOL at the live rate) and
/// whether it would be accepted: a body its route refuses gets the same 400 here. Free; nothing
/// is charged, made or stored.
#[utoipa::path(post, path = "/api/agent/estimate", tag = "catalog", request_body = EstimateRequest,
    responses((status = 200, body = Estimate),
              (status = 400, description = "The body its route would refuse, with the route's code", body = ErrorBody),
              (status = 401, body = ErrorBody),
              (status = 403, description = "The brand named switched memes off, as its route answers", body = ErrorBody),
              (status = 404, description = "A brand or page named is not found, as its route answers", body = ErrorBody),
              (status = 429, body = ErrorBody),
              (status = 503, description = "SOL is not set up or has no rate (the asset job), as its route answers",
               body = ErrorBody)))]
async fn post_estimate(Call(ctx): Call, ApiJson(request): ApiJson<EstimateRequest>) -> Result<Json<Estimate>, Error> {
    Ok(Json(estimate(&ctx, request).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(post_estimate))
}
