//! The credit pack catalog: what prepaid credits cost in bulk.

use serde::Serialize;
use utoipa::ToSchema;

use crate::catalog::usd;

/// A pack of prepaid credits.
#[derive(Clone, Copy, Debug)]
pub struct Pack {
    pub id: &'static str,
    pub credits: u64,
    pub price_cents: u64,
}

pub const PACKS: &[Pack] = &[
    Pack { id: "pack-10", credits: 10, price_cents: 100 },
    Pack { id: "pack-50", credits: 50, price_cents: 400 },
    Pack { id: "pack-200", credits: 200, price_cents: 1200 },
    Pack { id: "pack-1000", credits: 1000, price_cents: 5000 },
];

/// List price of one credit, in cents, before pack discounts.
const LIST_CENTS_PER_CREDIT: u64 = 10;

/// A pack as the catalog shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackView {
    pub id: &'static str,
    pub credits: u64,
    /// Price in USD as a decimal string.
    #[schema(example = "4.00")]
    pub price_usd: String,
    pub price_cents: u64,
    /// Price of one credit in this pack, in USD.
    #[schema(example = "0.08")]
    pub per_credit_usd: String,
    /// Saving against the list price of $0.10 per credit, in percent.
    pub savings_percent: u64,
    /// How the pack can be paid: `usdc`, `card`.
    pub pay_with: Vec<&'static str>,
}

/// Body of `GET /api/agent/credits/packs`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackCatalog {
    pub success: bool,
    pub currency: &'static str,
    pub packs: Vec<PackView>,
}

pub fn catalog() -> PackCatalog {
    let packs = PACKS
        .iter()
        .map(|p| {
            let list = p.credits * LIST_CENTS_PER_CREDIT;
            PackView {
                id: p.id,
                credits: p.credits,
                price_usd: usd(p.price_cents),
                price_cents: p.price_cents,
                per_credit_usd: usd(p.price_cents / p.credits),
                savings_percent: (list - p.price_cents) * 100 / list,
                pay_with: vec!["usdc", "card"],
            }
        })
        .collect();
    PackCatalog { success: true, currency: "USD", packs }
}
