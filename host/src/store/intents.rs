//! Queries of payment intents (see `billing` for what they mean). Every state change is a
//! conditional update from `authorized`, so an intent is settled exactly once however many
//! paths race to settle it.

use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};
use crate::money::Holder;

/// An intent to open.
pub struct NewIntent<'a> {
    pub operation: &'a str,
    pub key_id: i64,
    pub rail: &'a str,
    pub amount: i64,
    pub reference: &'a str,
    /// The request that opened it: what an `Idempotency-Key` record's fence compares.
    pub request: &'a str,
    pub holder: Holder<'a>,
}

/// What releasing an intent needs to know to give the money back.
pub struct Released {
    pub key_id: i64,
    pub rail: String,
    pub amount: i64,
    pub reference: String,
}

/// Writes an authorized intent; returns its id.
pub async fn open_in(conn: &mut AnyConnection, intent: &NewIntent<'_>) -> Result<String, sqlx::Error> {
    let id = format!("pi_{}", super::public_id());
    let now = now_ms();
    let (job_id, lease_until, holder) = match intent.holder {
        Holder::Call { hold, by } => {
            (None, Some(now.saturating_add(i64::try_from(hold.as_millis()).unwrap_or(i64::MAX))), Some(by))
        }
        Holder::Job { id, .. } => (Some(id), None, None),
    };
    sqlx::query(
        "INSERT INTO payment_intents (id, operation, api_key_id, rail, amount, reference, state, job_id, \
         lease_until, created_at, request_id, holder) \
         VALUES ($1, $2, $3, $4, $5, $6, 'authorized', $7, $8, $9, $10, $11)",
    )
    .bind(&id)
    .bind(intent.operation)
    .bind(intent.key_id)
    .bind(intent.rail)
    .bind(intent.amount)
    .bind(intent.reference)
    .bind(job_id)
    .bind(lease_until)
    .bind(now)
    .bind(intent.request)
    .bind(holder)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// Marks an authorized intent captured; false when it was not authorized any more.
pub async fn capture_in(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE payment_intents SET state = 'captured', settled_at = $1 WHERE id = $2 AND state = 'authorized'",
    )
    .bind(now_ms())
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks an authorized intent released and says what to give back; `None` when it was not
/// authorized any more. A call's intent is released only if its hold ends before
/// `held_until_before` (`i64::MAX`: whatever its hold): the reaper's check, made again inside
/// the update, so a hold pushed ahead by a settlement that began meanwhile is never released.
pub async fn release_in(
    conn: &mut AnyConnection,
    id: &str,
    held_until_before: i64,
) -> Result<Option<Released>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE payment_intents SET state = 'released', settled_at = $1 WHERE id = $2 AND state = 'authorized' \
         AND (lease_until IS NULL OR lease_until < $3) \
         RETURNING api_key_id, rail, amount, reference",
    )
    .bind(now_ms())
    .bind(id)
    .bind(held_until_before)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| {
        Ok(Released {
            key_id: r.try_get("api_key_id")?,
            rail: r.try_get("rail")?,
            amount: r.try_get("amount")?,
            reference: r.try_get("reference")?,
        })
    })
    .transpose()
}

/// Intents of calls (not jobs) still authorized whose hold ended before `before`.
pub async fn lapsed(db: &Db, before: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM payment_intents WHERE state = 'authorized' AND job_id IS NULL AND lease_until < $1",
    )
    .bind(before)
    .fetch_all(db.pool())
    .await
}

/// Intents of calls still authorized and held by process instance `holder` (`None`: by any).
pub async fn held_by(db: &Db, holder: Option<&str>) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM payment_intents WHERE state = 'authorized' AND job_id IS NULL \
         AND (holder = $1 OR $2 = 1)",
    )
    .bind(holder.unwrap_or_default())
    .bind(i64::from(holder.is_none()))
    .fetch_all(db.pool())
    .await
}

/// The state of intent `id` (`authorized`, `captured` or `released`).
pub async fn state(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT state FROM payment_intents WHERE id = $1").bind(id).fetch_optional(db.pool()).await
}

/// Keeps an authorized intent from the reaper while its payment settles (a call's hold is
/// pushed a day ahead); false when it is not authorized any more or its hold already lapsed.
pub async fn hold_for_settlement_in(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE payment_intents SET lease_until = CASE WHEN lease_until IS NULL THEN NULL ELSE $1 END \
         WHERE id = $2 AND state = 'authorized' AND (lease_until IS NULL OR lease_until >= $3)",
    )
    .bind(now.saturating_add(24 * 3600 * 1000))
    .bind(id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An intent's rail and the rail's record of the money.
pub struct Intent {
    pub rail: String,
    pub reference: String,
    pub state: String,
}

/// Intent `id`.
pub async fn get(db: &Db, id: &str) -> Result<Option<Intent>, sqlx::Error> {
    let row = sqlx::query("SELECT rail, reference, state FROM payment_intents WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.map(|r| Ok(Intent { rail: r.try_get("rail")?, reference: r.try_get("reference")?, state: r.try_get("state")? }))
        .transpose()
}
