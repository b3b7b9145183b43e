//! Queries of the credit ledger: balances on `api_keys.credits` and the `credit_ledger` rows
//! that explain them (see `billing::credits` for the rail they serve).
//!
//! The balance on `api_keys.credits` is changed only by a conditional update
//! (`… WHERE credits >= cost`) in the same transaction that appends the ledger row, so the
//! ledger always sums to the balance and concurrent charges can never overdraw it. A refund
//! row names the charge it returns (`refund_of` is unique), so a charge is refunded at most
//! once even when two failure paths race to refund it.

use serde::Serialize;
use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};

/// A charge that was taken; keep it to refund the work it paid for if that work fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charge {
    /// The ledger row of the charge.
    pub id: i64,
    pub key_id: i64,
    pub cost: i64,
    pub balance_after: i64,
}

/// Why a charge was not taken.
#[derive(Debug)]
pub enum CreditError {
    /// The balance is below the cost; nothing changed.
    Insufficient {
        needed: i64,
        balance: i64,
    },
    Db(sqlx::Error),
}

impl From<sqlx::Error> for CreditError {
    fn from(err: sqlx::Error) -> Self {
        CreditError::Db(err)
    }
}

/// One row of the ledger.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LedgerEntry {
    pub id: i64,
    pub kind: String,
    pub amount: i64,
    pub balance_after: i64,
    pub reason: String,
    pub reference: Option<String>,
    pub refund_of: Option<i64>,
}

/// Adds `amount` credits inside the caller's transaction; returns the new balance.
pub async fn grant_in(conn: &mut AnyConnection, key_id: i64, amount: i64, reason: &str) -> Result<i64, sqlx::Error> {
    Ok(grant_paid_in(conn, key_id, amount, reason, None).await?.1)
}

/// [`grant_in`] for credits that were paid for: the ledger row names the payment
/// (`reference`). Returns the row's id and the new balance.
pub async fn grant_paid_in(
    conn: &mut AnyConnection,
    key_id: i64,
    amount: i64,
    reason: &str,
    reference: Option<&str>,
) -> Result<(i64, i64), sqlx::Error> {
    if amount <= 0 {
        return Err(sqlx::Error::Protocol("a grant must be positive".into()));
    }
    let balance: i64 = sqlx::query("UPDATE api_keys SET credits = credits + $1 WHERE id = $2 RETURNING credits")
        .bind(amount)
        .bind(key_id)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
    let id = append(conn, key_id, "grant", amount, balance, reason, reference).await?;
    Ok((id, balance))
}

/// Takes `cost` credits inside the caller's transaction, so the charge and what it pays for
/// (a job row, a payment intent) commit together. On `Insufficient` the caller rolls back; the
/// balance reported is 0 here (read it after the rollback).
pub async fn charge_in(
    conn: &mut AnyConnection,
    key_id: i64,
    cost: i64,
    reason: &str,
    reference: &str,
) -> Result<Charge, CreditError> {
    debug_assert!(cost > 0, "free work is not charged");
    // The write comes first so SQLite takes its write lock at once instead of upgrading a
    // read lock mid-transaction (which fails instead of waiting).
    let updated =
        sqlx::query("UPDATE api_keys SET credits = credits - $1 WHERE id = $2 AND credits >= $1 RETURNING credits")
            .bind(cost)
            .bind(key_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(row) = updated else {
        return Err(CreditError::Insufficient { needed: cost, balance: 0 });
    };
    let balance_after: i64 = row.try_get(0)?;
    let id = append(conn, key_id, "charge", -cost, balance_after, reason, Some(reference)).await?;
    Ok(Charge { id, key_id, cost, balance_after })
}

/// Returns a charge's credits inside the caller's transaction (a job's final failure and its
/// refund commit together). False when the charge was already refunded: nothing changed, the
/// transaction may still commit.
pub async fn refund_in(conn: &mut AnyConnection, charge: &Charge, reason: &str) -> Result<bool, sqlx::Error> {
    let balance: i64 = sqlx::query("UPDATE api_keys SET credits = credits + $1 WHERE id = $2 RETURNING credits")
        .bind(charge.cost)
        .bind(charge.key_id)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
    // The unique `refund_of` decides the race: the loser inserts nothing and rolls back.
    let inserted = sqlx::query(
        "INSERT INTO credit_ledger (api_key_id, kind, amount, balance_after, reason, reference, refund_of, created_at) \
         SELECT $1, 'refund', $2, $3, $4, reference, id, $5 FROM credit_ledger \
         WHERE id = $6 AND kind = 'charge' AND api_key_id = $1 \
         ON CONFLICT (refund_of) DO NOTHING RETURNING id",
    )
    .bind(charge.key_id)
    .bind(charge.cost)
    .bind(balance)
    .bind(reason)
    .bind(now_ms())
    .bind(charge.id)
    .fetch_optional(&mut *conn)
    .await?;
    if inserted.is_none() {
        // Refunded before (or no such charge): take the credits back in this same transaction,
        // so a balance never moves without its ledger row whatever the caller commits.
        sqlx::query("UPDATE api_keys SET credits = credits - $1 WHERE id = $2")
            .bind(charge.cost)
            .bind(charge.key_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(inserted.is_some())
}

/// The key's current balance.
pub async fn balance(db: &Db, key_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query("SELECT credits FROM api_keys WHERE id = $1").bind(key_id).fetch_one(db.pool()).await?.try_get(0)
}

/// The key's ledger, oldest first.
pub async fn ledger(db: &Db, key_id: i64) -> Result<Vec<LedgerEntry>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, kind, amount, balance_after, reason, reference, refund_of \
         FROM credit_ledger WHERE api_key_id = $1 ORDER BY id",
    )
    .bind(key_id)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(LedgerEntry {
                id: r.try_get("id")?,
                kind: r.try_get("kind")?,
                amount: r.try_get("amount")?,
                balance_after: r.try_get("balance_after")?,
                reason: r.try_get("reason")?,
                reference: r.try_get("reference")?,
                refund_of: r.try_get("refund_of")?,
            })
        })
        .collect()
}

async fn append(
    conn: &mut AnyConnection,
    key_id: i64,
    kind: &str,
    amount: i64,
    balance_after: i64,
    reason: &str,
    reference: Option<&str>,
) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO credit_ledger (api_key_id, kind, amount, balance_after, reason, reference, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(key_id)
    .bind(kind)
    .bind(amount)
    .bind(balance_after)
    .bind(reason)
    .bind(reference)
    .bind(now_ms())
    .fetch_one(conn)
    .await?
    .try_get(0)
}
