//! Queries of x402 payments: recorded once per (network, payer, nonce) before any work, then
//! moved `verified` → `settling` → `settled` or `failed` (or `released` when the work failed
//! first). Every move is conditional on the state it leaves, so two paths never both settle.

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::{Db, now_ms};

/// A payment to record.
pub struct NewPayment<'a> {
    pub network: &'a str,
    pub payer: &'a str,
    pub nonce: &'a str,
    pub amount: i64,
    pub pay_to: &'a str,
    pub key_id: i64,
    pub operation: &'a str,
    pub resource: &'a str,
    pub job_id: Option<&'a str>,
    pub version: u8,
    pub payload: &'a str,
    pub requirements: &'a str,
}

/// Records a verified payment; `None` when this payment was recorded before (replayed).
pub async fn insert_in(conn: &mut AnyConnection, payment: &NewPayment<'_>) -> Result<Option<String>, sqlx::Error> {
    let id = format!("xp_{}", super::public_id());
    let inserted = sqlx::query(
        "INSERT INTO x402_payments (id, network, payer, nonce, amount, pay_to, api_key_id, operation, resource, \
         job_id, version, payload, requirements, state, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'verified', $14) \
         ON CONFLICT (network, payer, nonce) DO NOTHING",
    )
    .bind(&id)
    .bind(payment.network)
    .bind(payment.payer)
    .bind(payment.nonce)
    .bind(payment.amount)
    .bind(payment.pay_to)
    .bind(payment.key_id)
    .bind(payment.operation)
    .bind(payment.resource)
    .bind(payment.job_id)
    .bind(i64::from(payment.version))
    .bind(payment.payload)
    .bind(payment.requirements)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok((inserted.rows_affected() == 1).then_some(id))
}

/// What settling a payment sends the facilitator again.
pub struct ToSettle {
    pub version: u8,
    pub payload: String,
    pub requirements: String,
}

/// Where a payment's settlement stands when a settlement begins.
pub enum Standing {
    /// It was verified and is `settling` now: send this.
    Fresh(ToSettle),
    /// It was `settling` already (a settlement whose outcome is unknown): send this again.
    Resumed(ToSettle),
    /// It was settled by this transaction.
    Settled(String),
    /// It ended otherwise (`failed`, `released`): nothing to send.
    Closed(String),
}

/// Begins (or resumes) the settlement of payment `id`, noting when it is sent; `None` when
/// there is no such payment.
pub async fn begin_settle_in(conn: &mut AnyConnection, id: &str) -> Result<Option<Standing>, sqlx::Error> {
    if let Some(sending) = mark_sent_in(conn, id, "verified", i64::MAX).await? {
        return Ok(Some(Standing::Fresh(sending)));
    }
    if let Some(sending) = mark_sent_in(conn, id, "settling", i64::MAX).await? {
        return Ok(Some(Standing::Resumed(sending)));
    }
    let row = sqlx::query("SELECT state, tx_hash FROM x402_payments WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| {
        let state: String = r.try_get("state")?;
        Ok(match state.as_str() {
            "settled" => Standing::Settled(r.try_get::<Option<String>, _>("tx_hash")?.unwrap_or_default()),
            _ => Standing::Closed(state),
        })
    })
    .transpose()
}

/// Takes payment `id`, still `settling` and last sent before `sent_before`, to send again (one
/// reconciler of several replicas wins it); `None` when it moved on or another took it.
pub async fn resume_stale_in(
    conn: &mut AnyConnection,
    id: &str,
    sent_before: i64,
) -> Result<Option<ToSettle>, sqlx::Error> {
    mark_sent_in(conn, id, "settling", sent_before).await
}

/// Moves payment `id` from `from` to `settling`, if it was last sent before `sent_before`,
/// noting it is sent now; answers what to send.
async fn mark_sent_in(
    conn: &mut AnyConnection,
    id: &str,
    from: &str,
    sent_before: i64,
) -> Result<Option<ToSettle>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE x402_payments SET state = 'settling', settle_sent_at = $1 WHERE id = $2 AND state = $3 \
         AND (settle_sent_at IS NULL OR settle_sent_at < $4) RETURNING version, payload, requirements",
    )
    .bind(now_ms())
    .bind(id)
    .bind(from)
    .bind(sent_before)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| {
        Ok(ToSettle {
            version: u8::try_from(r.try_get::<i64, _>("version")?).unwrap_or(1),
            payload: r.try_get("payload")?,
            requirements: r.try_get("requirements")?,
        })
    })
    .transpose()
}

/// Payments left `settling` whose settlement was last sent before `sent_before`, with the
/// intent that holds each: the reconciler asks the facilitator again.
pub async fn unsettled(db: &Db, sent_before: i64) -> Result<Vec<(String, Option<String>)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT p.id, i.id AS intent FROM x402_payments p \
         LEFT JOIN payment_intents i ON i.rail = 'x402' AND i.reference = p.id \
         WHERE p.state = 'settling' AND (p.settle_sent_at IS NULL OR p.settle_sent_at < $1) ORDER BY p.created_at",
    )
    .bind(sent_before)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(|r| Ok((r.try_get("id")?, r.try_get("intent")?))).collect()
}

/// The state of payment `id`.
pub async fn state_in(conn: &mut AnyConnection, id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT state FROM x402_payments WHERE id = $1").bind(id).fetch_optional(&mut *conn).await
}

/// Records the outcome of a settlement: the transaction hash (empty when the facilitator only
/// said the authorization was used, by our earlier attempt), or why it failed.
pub async fn finish_settle(db: &Db, id: &str, outcome: Result<&str, &str>) -> Result<(), sqlx::Error> {
    let (state, tx_hash, error) = match outcome {
        Ok(hash) => ("settled", Some(hash), None),
        Err(why) => ("failed", None, Some(why)),
    };
    sqlx::query(
        "UPDATE x402_payments SET state = $1, tx_hash = $2, error = $3, settled_at = $4 \
         WHERE id = $5 AND state = 'settling'",
    )
    .bind(state)
    .bind(tx_hash)
    .bind(error)
    .bind(now_ms())
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Marks a verified payment released (the work failed before it was settled: nothing moved).
pub async fn release_in(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE x402_payments SET state = 'released' WHERE id = $1 AND state = 'verified'")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// An x402 payment as a key's records show it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentRecord {
    pub id: String,
    /// CAIP-2 network id.
    pub network: String,
    pub payer: String,
    /// USDC atomic units (6 decimals).
    pub amount: i64,
    pub operation: String,
    pub resource: String,
    pub job_id: Option<String>,
    /// `verified`, `settling`, `settled`, `failed` or `released`.
    pub state: String,
    pub transaction: Option<String>,
    pub error: Option<String>,
    pub created_at: i64,
    pub settled_at: Option<i64>,
}

/// The query a [`PaymentRecord`] is read with, as a literal so queries stay static strings.
macro_rules! select_record {
    () => {
        "SELECT id, network, payer, amount, operation, resource, job_id, state, tx_hash, error, created_at, \
         settled_at FROM x402_payments"
    };
}

fn record(r: &sqlx::any::AnyRow) -> Result<PaymentRecord, sqlx::Error> {
    Ok(PaymentRecord {
        id: r.try_get("id")?,
        network: r.try_get("network")?,
        payer: r.try_get("payer")?,
        amount: r.try_get("amount")?,
        operation: r.try_get("operation")?,
        resource: r.try_get("resource")?,
        job_id: r.try_get("job_id")?,
        state: r.try_get("state")?,
        transaction: r.try_get("tx_hash")?,
        error: r.try_get("error")?,
        created_at: r.try_get("created_at")?,
        settled_at: r.try_get("settled_at")?,
    })
}

/// Payment `id`.
pub async fn get(db: &Db, id: &str) -> Result<Option<PaymentRecord>, sqlx::Error> {
    let row = sqlx::query(concat!(select_record!(), " WHERE id = $1")).bind(id).fetch_optional(db.pool()).await?;
    row.as_ref().map(record).transpose()
}
