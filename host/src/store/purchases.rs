//! Queries of credit pack purchases: one row per payment (its reference is unique), granted
//! once. A card purchase waits `pending` until Stripe reports it paid.

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::{Db, now_ms};

/// A purchase to record.
pub struct NewPurchase<'a> {
    pub id: &'a str,
    pub key_id: i64,
    pub pack: &'a str,
    pub credits: i64,
    pub price_cents: i64,
    /// `usdc` or `card`.
    pub method: &'a str,
    /// The x402 payment id or the Stripe Checkout Session id.
    pub reference: &'a str,
    pub checkout_url: Option<&'a str>,
}

/// Records a purchase, `pending` or already `granted` (then `ledger_id` names its grant);
/// false when its payment was recorded before.
pub async fn insert_in(
    conn: &mut AnyConnection,
    purchase: &NewPurchase<'_>,
    granted_by: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "INSERT INTO credit_purchases (id, api_key_id, pack, credits, price_cents, method, reference, state, \
         checkout_url, ledger_id, created_at, granted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
         ON CONFLICT (reference) DO NOTHING",
    )
    .bind(purchase.id)
    .bind(purchase.key_id)
    .bind(purchase.pack)
    .bind(purchase.credits)
    .bind(purchase.price_cents)
    .bind(purchase.method)
    .bind(purchase.reference)
    .bind(if granted_by.is_some() { "granted" } else { "pending" })
    .bind(purchase.checkout_url)
    .bind(granted_by)
    .bind(now)
    .bind(granted_by.map(|_| now))
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A pending purchase, claimed for granting.
pub struct Claimed {
    pub id: String,
    pub key_id: i64,
    pub pack: String,
    pub credits: i64,
    pub price_cents: i64,
}

/// Moves the pending purchase paid by `reference` to `granted`; `None` when there is none
/// pending (never recorded, or granted already).
pub async fn claim_in(conn: &mut AnyConnection, reference: &str) -> Result<Option<Claimed>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE credit_purchases SET state = 'granted', granted_at = $1 WHERE reference = $2 AND state = 'pending' \
         RETURNING id, api_key_id, pack, credits, price_cents",
    )
    .bind(now_ms())
    .bind(reference)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| {
        Ok(Claimed {
            id: r.try_get("id")?,
            key_id: r.try_get("api_key_id")?,
            pack: r.try_get("pack")?,
            credits: r.try_get("credits")?,
            price_cents: r.try_get("price_cents")?,
        })
    })
    .transpose()
}

/// Names the ledger row that granted purchase `id`.
pub async fn set_ledger_in(conn: &mut AnyConnection, id: &str, ledger_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE credit_purchases SET ledger_id = $1 WHERE id = $2")
        .bind(ledger_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Whether any purchase was recorded for `reference`.
pub async fn exists_in(conn: &mut AnyConnection, reference: &str) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("SELECT 1 FROM credit_purchases WHERE reference = $1")
        .bind(reference)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
}

/// A purchase as its key sees it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Purchase {
    pub id: String,
    pub pack: String,
    pub credits: i64,
    pub price_cents: i64,
    /// `usdc` or `card`.
    pub method: String,
    /// `pending` (a card payment not confirmed yet) or `granted`.
    pub state: String,
    /// The x402 payment id or the Stripe Checkout Session id.
    pub reference: String,
    /// Where to pay, for a pending card purchase.
    pub checkout_url: Option<String>,
    pub created_at: i64,
    pub granted_at: Option<i64>,
}

/// The columns a [`Purchase`] is read from, as a literal so queries stay static strings.
macro_rules! select_purchase {
    () => {
        "SELECT id, pack, credits, price_cents, method, state, reference, checkout_url, created_at, granted_at \
         FROM credit_purchases"
    };
}

fn purchase(r: &sqlx::any::AnyRow) -> Result<Purchase, sqlx::Error> {
    Ok(Purchase {
        id: r.try_get("id")?,
        pack: r.try_get("pack")?,
        credits: r.try_get("credits")?,
        price_cents: r.try_get("price_cents")?,
        method: r.try_get("method")?,
        state: r.try_get("state")?,
        reference: r.try_get("reference")?,
        checkout_url: r.try_get("checkout_url")?,
        created_at: r.try_get("created_at")?,
        granted_at: r.try_get("granted_at")?,
    })
}

/// Purchase `id`.
pub async fn get(db: &Db, id: &str) -> Result<Option<Purchase>, sqlx::Error> {
    let row = sqlx::query(concat!(select_purchase!(), " WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?;
    row.as_ref().map(purchase).transpose()
}

/// The purchases of `key_id`, newest first.
pub async fn for_key(db: &Db, key_id: i64) -> Result<Vec<Purchase>, sqlx::Error> {
    let rows =
        sqlx::query(concat!(select_purchase!(), " WHERE api_key_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100"))
            .bind(key_id)
            .fetch_all(db.pool())
            .await?;
    rows.iter().map(purchase).collect()
}
