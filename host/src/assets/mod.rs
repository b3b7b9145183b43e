//! Pay-per-asset in SOL: a free preview, then an exact-lamport transfer to the treasury, then
//! the MP4 and a signed webhook. This build has the price (`pricing`): $0.25 quoted in lamports
//! at the live SOL/USD rate, with the rate's source and age shown; the jobs, the on-chain check
//! and delivery come next.

pub mod routes;

use serde::Serialize;
use utoipa::ToSchema;

use crate::billing::sol::{LAMPORTS_PER_SOL, Rate};
use crate::ctx::Services;
use crate::error::Error;

/// How long a quote stays open, in milliseconds (24 hours).
pub const QUOTE_TTL_MS: u64 = 24 * 3600 * 1000;

/// A format an asset can be made in: the kind of preview page whose MP4 is the asset.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct Format {
    pub id: &'static str,
    pub description: &'static str,
}

/// Every format, in the order pricing lists them.
pub const FORMATS: &[Format] = &[
    Format { id: "single-meme", description: "One captioned meme card, held as a short vertical video." },
    Format {
        id: "slideshow",
        description: "A carousel of beat cards, each with its caption, as a vertical slideshow.",
    },
    Format {
        id: "audioscript",
        description: "A voiced, beat-timed captioned page, as a vertical video with its voice.",
    },
];

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
    #[schema(example = json!(["single-meme", "slideshow", "audioscript"]))]
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
fn cents() -> u64 {
    crate::catalog::service("asset-job").and_then(|s| s.usd_cents).map_or(25, u64::from)
}

/// The price of an asset now.
pub async fn pricing(services: &Services) -> Result<PricingResult, Error> {
    let wallet = services.settings.sol_treasury.clone().filter(|w| !w.trim().is_empty()).ok_or(Error::NotSetUp {
        code: "sol_not_configured",
        message: "Pay-per-asset in SOL is not set up on this service (no treasury); pay with credits or x402.",
    })?;
    let rate = services.sol_price.rate().await.ok_or(Error::NotSetUp {
        code: "sol_price_unavailable",
        message: "No SOL/USD rate is available right now; retry in a minute.",
    })?;
    let cents = cents();
    let amount_lamports = rate.lamports(cents);
    Ok(PricingResult {
        success: true,
        pricing: Pricing {
            model: "per_asset",
            currency: "SOL",
            amount_lamports,
            amount_sol: amount_lamports as f64 / LAMPORTS_PER_SOL as f64,
            quote_ttl_ms: QUOTE_TTL_MS,
            formats: FORMATS.iter().map(|f| f.id).collect(),
            network: services.settings.sol_network.clone(),
            wallet,
            usd: crate::catalog::usd(cents),
            rate,
        },
    })
}
