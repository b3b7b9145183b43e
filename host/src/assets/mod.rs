//! Pay-per-asset in SOL: a free preview, then an exact-lamport transfer to the treasury, then
//! the MP4 and a signed webhook. Here: the formats and the price (`pricing`: $0.25 quoted in
//! lamports at the live SOL/USD rate, with the rate's source and age shown); `jobs` has the
//! operations on asset jobs (create with its quote, read, check the chain and claim, the
//! delivery log), `delivery` the render of a paid asset and its events.

pub mod delivery;
pub mod jobs;
pub mod routes;
pub mod view;

use serde::Serialize;
use utoipa::ToSchema;

use crate::billing::sol::{Rate, SolRail, sol};
use crate::ctx::Services;
use crate::error::Error;

/// How long an asset's quote is open (the SOL rail's quote life).
pub const QUOTE_TTL_MS: u64 = crate::billing::sol::QUOTE_TTL_MS;

/// A format an asset can be made in: the kind of preview page whose MP4 is the asset.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Format {
    pub id: &'static str,
    pub description: &'static str,
    /// The meme kind the preview page is.
    #[serde(skip)]
    pub meme_kind: &'static str,
    /// How long each picture is shown in the MP4, in ms.
    #[serde(skip)]
    pub hold_ms: u64,
}

/// Every format, in the order pricing lists them.
pub const FORMATS: &[Format] = &[
    Format {
        id: "single-meme",
        description: "One captioned meme card (a meme page), as a 6-second 1080×1920 MP4.",
        meme_kind: "image",
        hold_ms: 6_000,
    },
    Format {
        id: "slideshow",
        description: "A carousel of captioned slides (a meme page), as a 1080×1920 MP4, 3 seconds a slide.",
        meme_kind: "carousel",
        hold_ms: 3_000,
    },
];

/// The format named `id`.
pub fn format(id: &str) -> Option<&'static Format> {
    FORMATS.iter().find(|f| f.id == id)
}

/// The asset pricing object.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Pricing {
    /// `per_asset`.
    pub model: &'static str,
    /// `SOL`.
    pub currency: &'static str,
    /// The live price in lamports: send exactly the amount a job's quote names (quotes differ
    /// by a few lamports so each payment identifies its job).
    pub amount_lamports: u64,
    pub amount_sol: f64,
    /// How long a quote stays open: 24 hours.
    pub quote_ttl_ms: u64,
    #[schema(example = json!(["single-meme", "slideshow"]))]
    pub formats: Vec<&'static str>,
    /// The Solana network the treasury is on.
    pub network: String,
    /// The treasury's address.
    pub wallet: String,
    /// The USD price the lamports stand for.
    pub usd: String,
    /// The SOL/USD rate used, with its source and age; `stale` or `source: fallback` say when
    /// no live source answered.
    pub rate: Rate,
}

/// `GET /api/agent/asset/pricing`'s body.
#[derive(Debug, Serialize, ToSchema)]
pub struct PricingResult {
    pub success: bool,
    pub pricing: Pricing,
}

/// US cents an asset costs (the catalog's price of the `asset-job` service).
pub fn cents() -> u64 {
    crate::catalog::service("asset-job").and_then(|s| s.usd_cents).map_or(25, u64::from)
}

/// The SOL rail assets are paid on; 400 `payment_rail_unavailable` (naming the rails this
/// deployment takes) without a treasury: no retry helps until an operator sets one up.
pub fn sol_rail(services: &Services) -> Result<SolRail, Error> {
    let chain = services.sol_chain.as_ref();
    let refused = || crate::billing::rail_unavailable("sol", services.x402.as_deref(), None);
    SolRail::new(&services.settings, &services.sol_price, Some(chain.ok_or_else(refused)?))
}

/// The price of an asset now.
pub async fn pricing(services: &Services) -> Result<PricingResult, Error> {
    let rail = sol_rail(services)?;
    let wallet = rail.chain.treasury();
    let rate = rail.rate().await?;
    let cents = cents();
    let amount_lamports = rate.lamports(cents);
    Ok(PricingResult {
        success: true,
        pricing: Pricing {
            model: "per_asset",
            currency: "SOL",
            amount_lamports,
            amount_sol: sol(amount_lamports),
            quote_ttl_ms: QUOTE_TTL_MS,
            formats: FORMATS.iter().map(|f| f.id).collect(),
            network: rail.network,
            wallet,
            usd: crate::catalog::usd(cents),
            rate,
        },
    })
}
