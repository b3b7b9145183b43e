//! The caller's own account: what `GET /api/agent/me` shows, and an x402 payment's standing
//! (`GET /api/agent/payments/{id}`), which a keyless payer reads too.

pub mod keys;
pub mod login;
pub mod routes;

use serde::Serialize;
use utoipa::ToSchema;

use crate::auth::Role;
use crate::billing::credits;
use crate::ctx::Ctx;
use crate::error::Error;

/// The key, as the caller may see it (never the secret).
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyView {
    /// Public prefix of the key.
    pub prefix: String,
    pub label: String,
    pub role: Role,
}

/// The caller's account.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    pub success: bool,
    pub key: KeyView,
    /// Prepaid credits left.
    pub credits: i64,
    /// This key's marketplace listings, newest first (at most 100), with their sales.
    pub listings: Vec<crate::market::OwnListing>,
    /// Marketplace pages this key bought, newest first (at most 100).
    pub purchases: Vec<crate::market::PurchaseView>,
    /// Credit packs this key bought (newest first), with how each was paid.
    pub credit_purchases: Vec<crate::store::purchases::Purchase>,
    /// For a brand admin: the generations the brand's bot may still make (a claimed invite's
    /// allowance); absent for other keys.
    #[serde(rename = "botGenerations", skip_serializing_if = "Option::is_none")]
    pub bot_generations: Option<i64>,
    /// This key's pitch pages, newest first (at most 100), with what people did on each.
    pub pages: Vec<PageActivity>,
}

/// A pitch page of the key and what people did on it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageActivity {
    pub id: String,
    pub url: String,
    pub title: String,
    pub created_at: String,
    pub activity: crate::pitch::activity::Activity,
}

/// Pages `/api/agent/me` lists at most.
const PAGES_SHOWN: i64 = 100;

/// The key's newest pitch pages and their activity.
async fn pages(ctx: &Ctx) -> Result<Vec<PageActivity>, Error> {
    let pages = crate::store::activity::of_key(&ctx.db, ctx.caller.key_id, PAGES_SHOWN).await?;
    Ok(pages
        .into_iter()
        .map(|page| PageActivity {
            url: format!("{}/m/{}", ctx.base_url, page.id),
            activity: crate::pitch::activity::Activity::of(&page.tallies),
            created_at: crate::dates::iso8601(page.created_at),
            id: page.id,
            title: page.title,
        })
        .collect())
}

/// The caller's key, credits, listings and purchases.
pub async fn me(ctx: &Ctx) -> Result<Me, Error> {
    let credits = credits::balance(&ctx.db, ctx.caller.key_id).await?;
    let caller = &ctx.caller;
    let (listings, purchases) = crate::market::mine(ctx).await?;
    Ok(Me {
        success: true,
        key: KeyView { prefix: caller.prefix.clone(), label: caller.label.clone(), role: caller.role },
        credits,
        listings,
        purchases,
        credit_purchases: crate::store::purchases::for_key(&ctx.db, caller.key_id).await?,
        bot_generations: match &caller.brand {
            Some(brand) => Some(crate::store::invites::allowance(&ctx.db, brand).await?),
            None => None,
        },
        pages: pages(ctx).await?,
    })
}

/// x402 payment `id` and how its settlement stands. Its id is what reads it: the id is
/// unguessable and given only to the payer, and what it shows (payer, amount, transaction) is
/// public on chain anyway.
pub async fn payment(db: &crate::store::Db, id: &str) -> Result<crate::store::x402::PaymentRecord, Error> {
    crate::store::x402::get(db, id).await?.ok_or_else(|| Error::NotFound { message: "No such payment.".into() })
}
