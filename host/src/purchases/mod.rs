//! Buying credit packs: in USDC over x402 (the pack's price through the payment seam, its
//! credits granted in the transaction that captures the payment), or by card (a Stripe
//! Checkout Session; the credits are granted when Stripe's signed event says it was paid, once
//! per session however often the event is delivered).

pub mod routes;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::billing::packs::{self, Pack};
use crate::billing::stripe::{self, BadSignature, CheckoutRequest};
use crate::billing::{self, Hold, Price};
use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::store::purchases::{self, NewPurchase, Purchase};
use crate::store::{self, credits, now_ms};

/// The operation credit packs are paid as (never payable in credits).
pub const OPERATION: &str = "credit-pack";

/// Body of `POST /api/agent/credits/packs/{pack}/buy` (optional).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BuyRequest {
    /// `usdc` (default: pay over x402 with this request) or `card` (answers a checkout URL).
    #[schema(schema_with = method_schema)]
    pub method: Option<String>,
}

fn method_schema() -> utoipa::openapi::schema::Object {
    crate::rules::choice(["usdc", "card"], "How to pay: `usdc` over x402 with this request (the default), or `card`")
}

/// What buying a pack answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bought {
    pub success: bool,
    pub purchase: Purchase,
    /// The key's balance after a USDC purchase (the card's credits arrive with Stripe's event).
    pub credits_remaining: Option<i64>,
    /// For a card purchase: where the buyer pays.
    pub checkout_url: Option<String>,
}

/// Buys pack `pack` for the caller's key.
pub async fn buy(ctx: &Ctx, pack: &str, request: BuyRequest) -> Result<Bought, Error> {
    let pack = packs::PACKS.iter().find(|p| p.id == pack).ok_or_else(|| Error::NotFound {
        message: format!("No credit pack `{pack}`; see /api/agent/credits/packs."),
    })?;
    match request.method.as_deref().unwrap_or("usdc") {
        "usdc" => buy_with_usdc(ctx, pack).await,
        "card" => buy_with_card(ctx, pack).await,
        other => Err(Error::bad_request("invalid_method", format!("`method` is `usdc` or `card`, not `{other}`."))),
    }
}

async fn buy_with_usdc(ctx: &Ctx, pack: &'static Pack) -> Result<Bought, Error> {
    let cents = u32::try_from(pack.price_cents).map_err(Error::internal)?;
    let price = Price { operation: OPERATION, credits: 0, usd_cents: Some(cents) };
    let (db, key_id, id) = (ctx.db.clone(), ctx.caller.key_id, format!("cp_{}", store::public_id()));
    let purchase_id = id.clone();
    let work = move |hold: Hold| async move {
        hold.settle(&db).await?;
        let mut tx = db.pool().begin().await?;
        let balance = grant(&mut tx, key_id, pack, &purchase_id, "usdc", hold.reference(), None).await?;
        hold.capture_in(&mut tx).await?;
        tx.commit().await?;
        Ok::<i64, Error>(balance)
    };
    let (balance, _) = billing::pay_for(ctx, price, work).await?;
    let purchase = recorded(ctx, &id).await?;
    Ok(Bought { success: true, purchase, credits_remaining: Some(balance), checkout_url: None })
}

/// Purchase `id`, just written.
async fn recorded(ctx: &Ctx, id: &str) -> Result<Purchase, Error> {
    purchases::get(&ctx.db, id).await?.ok_or_else(|| Error::internal("a recorded purchase is missing"))
}

/// Grants `pack` to `key_id` and records the purchase paid by `reference` as granted, in the
/// caller's transaction; answers the new balance. A payment recorded before is a conflict.
async fn grant(
    conn: &mut AnyConnection,
    key_id: i64,
    pack: &Pack,
    purchase_id: &str,
    method: &str,
    reference: &str,
    checkout_url: Option<&str>,
) -> Result<i64, Error> {
    let credits = i64::try_from(pack.credits).map_err(Error::internal)?;
    let how = if method == "card" { "by card" } else { "with USDC" };
    let reason = format!("credit pack {} bought {how}", pack.id);
    let (ledger, balance) = credits::grant_paid_in(conn, key_id, credits, &reason, Some(reference)).await?;
    let new = NewPurchase {
        id: purchase_id,
        key_id,
        pack: pack.id,
        credits,
        price_cents: i64::try_from(pack.price_cents).map_err(Error::internal)?,
        method,
        reference,
        checkout_url,
    };
    if !purchases::insert_in(conn, &new, Some(ledger)).await? {
        return Err(Error::Conflict {
            code: "payment_already_used",
            message: "This payment already bought a pack.".into(),
        });
    }
    Ok(balance)
}

async fn buy_with_card(ctx: &Ctx, pack: &'static Pack) -> Result<Bought, Error> {
    // Not set up is permanent until an operator acts: a 400 naming what is taken, not a 503.
    let available = if ctx.x402.is_some() { vec!["x402"] } else { Vec::new() };
    let stripe = ctx.stripe.as_ref().ok_or(Error::RailUnavailable { rail: "card", available })?;
    let id = format!("cp_{}", store::public_id());
    let (success_url, cancel_url) = (
        format!("{}/?purchase={id}&checkout=done", ctx.base_url),
        format!("{}/?purchase={id}&checkout=cancelled", ctx.base_url),
    );
    let session = stripe
        .checkout(&CheckoutRequest {
            purchase_id: &id,
            key_id: ctx.caller.key_id,
            pack: pack.id,
            credits: pack.credits,
            cents: pack.price_cents,
            success_url: &success_url,
            cancel_url: &cancel_url,
        })
        .await?;
    let mut tx = ctx.db.pool().begin().await?;
    let new = NewPurchase {
        id: &id,
        key_id: ctx.caller.key_id,
        pack: pack.id,
        credits: i64::try_from(pack.credits).map_err(Error::internal)?,
        price_cents: i64::try_from(pack.price_cents).map_err(Error::internal)?,
        method: "card",
        reference: &session.id,
        checkout_url: session.url.as_deref(),
    };
    purchases::insert_in(&mut tx, &new, None).await?;
    tx.commit().await?;
    let purchase = recorded(ctx, &id).await?;
    Ok(Bought { success: true, purchase, credits_remaining: None, checkout_url: session.url })
}

/// What an event did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventOutcome {
    pub received: bool,
    /// `granted`, `already_granted` or `ignored`.
    pub outcome: &'static str,
}

/// A Stripe event as read once its signature checked: its type and its `data.object`.
#[derive(Deserialize)]
pub struct Event {
    #[serde(rename = "type")]
    pub kind: String,
    pub data: EventData,
}

#[derive(Deserialize)]
pub struct EventData {
    pub object: Value,
}

impl Event {
    /// The Checkout Session this event reports paid, or `None` when it reports nothing that
    /// grants a pack (another type, or a session that is still unpaid).
    pub fn paid_session(&self) -> Option<&Value> {
        let session = &self.data.object;
        let paid = match self.kind.as_str() {
            "checkout.session.completed" => session["payment_status"].as_str().is_some_and(|s| s != "unpaid"),
            "checkout.session.async_payment_succeeded" => true,
            _ => false,
        };
        paid.then_some(session)
    }
}

/// Handles one Stripe event: checks its signature over the raw body, then grants the pack of
/// a paid Checkout Session once. Bad signatures change nothing.
pub async fn stripe_event(services: &Services, signature: Option<&str>, body: &[u8]) -> Result<EventOutcome, Error> {
    let secret = services
        .settings
        .stripe_webhook_secret
        .as_deref()
        .ok_or_else(|| Error::NotFound { message: "Stripe events are not set up on this service.".into() })?;
    let refused = |why: &str| {
        Error::bad_request("invalid_signature", format!("The Stripe-Signature {why}; nothing was changed."))
    };
    match stripe::verify(secret, signature.ok_or_else(|| refused("header is missing"))?, body, now_ms() / 1000) {
        Ok(()) => {}
        Err(BadSignature::Malformed) => return Err(refused("header is malformed")),
        Err(BadSignature::Stale) => return Err(refused("timestamp is outside the 300 s tolerance")),
        Err(BadSignature::Mismatch) => return Err(refused("does not match the body")),
    }
    let event: Event = serde_json::from_slice(body)
        .map_err(|e| Error::bad_request("invalid_event", format!("The event is not a Stripe event: {e}")))?;
    let Some(session) = event.paid_session() else {
        return Ok(EventOutcome { received: true, outcome: "ignored" });
    };
    let session_id =
        session["id"].as_str().ok_or_else(|| Error::bad_request("invalid_event", "The session has no id."))?;
    let mut tx = services.db.pool().begin().await?;
    if let Some(claimed) = purchases::claim_in(&mut tx, session_id).await? {
        if session["amount_total"].as_i64().is_some_and(|total| total != claimed.price_cents) {
            tx.rollback().await?;
            tracing::error!(session = session_id, "a Stripe session paid a different amount than its pack costs");
            return Err(Error::bad_request("amount_mismatch", "The session's amount is not the pack's price."));
        }
        let reason = format!("credit pack {} bought by card", claimed.pack);
        let (ledger, _) =
            credits::grant_paid_in(&mut tx, claimed.key_id, claimed.credits, &reason, Some(session_id)).await?;
        purchases::set_ledger_in(&mut tx, &claimed.id, ledger).await?;
        tx.commit().await?;
        return Ok(EventOutcome { received: true, outcome: "granted" });
    }
    if purchases::exists_in(&mut tx, session_id).await? {
        return Ok(EventOutcome { received: true, outcome: "already_granted" });
    }
    // A session whose purchase row was never written (the process stopped after Stripe made
    // it): its metadata and amount say which key and pack, and they must agree.
    let metadata = &session["metadata"];
    let pack = packs::PACKS.iter().find(|p| Some(p.id) == metadata["pack"].as_str());
    let key_id = metadata["key_id"].as_str().and_then(|k| k.parse::<i64>().ok());
    let purchase_id = metadata["purchase_id"].as_str().or(session["client_reference_id"].as_str());
    let (Some(pack), Some(key_id), Some(purchase_id)) = (pack, key_id, purchase_id) else {
        return Err(Error::bad_request("unknown_session", "The session names no pack, key or purchase of ours."));
    };
    if session["amount_total"].as_u64() != Some(pack.price_cents) {
        return Err(Error::bad_request("amount_mismatch", "The session's amount is not the pack's price."));
    }
    grant(&mut tx, key_id, pack, purchase_id, "card", session_id, None).await?;
    tx.commit().await?;
    Ok(EventOutcome { received: true, outcome: "granted" })
}
