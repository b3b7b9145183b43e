//! Queries of the SOL deposits that paid for assets (`sol_deposits`): a signature pays once,
//! ever (the table's key says so on every replica), and a job is paid by one deposit.

use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection};

use super::{Db, now_ms};

/// A deposit found on chain, to record for a job.
pub struct Deposit<'a> {
    pub signature: &'a str,
    pub amount_lamports: i64,
    pub payer: Option<&'a str>,
    pub slot: i64,
    pub block_time: i64,
}

/// Why a deposit was not recorded.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The signature already paid for an asset (this one or another).
    SignatureUsed,
    /// The job already has its deposit.
    JobPaid,
}

/// Records `deposit` as the payment of `job_id` inside the caller's transaction.
pub async fn record_in(
    conn: &mut AnyConnection,
    job_id: &str,
    deposit: &Deposit<'_>,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let recorded = bound(
        "INSERT INTO sol_deposits (signature, job_id, amount_lamports, payer, slot, block_time, claimed_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
        job_id,
        deposit,
    )
    .execute(&mut *conn)
    .await?;
    if recorded.rows_affected() == 1 {
        return Ok(Ok(()));
    }
    // Either the signature is taken, or this job has its deposit already (job_id is unique).
    let taken: Option<String> = sqlx::query_scalar("SELECT job_id FROM sol_deposits WHERE signature = $1")
        .bind(deposit.signature)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(Err(if taken.is_some() { Refused::SignatureUsed } else { Refused::JobPaid }))
}

/// `sql` with `deposit` bound: `$1` its signature, `$2` whose it is (`whose`: the job it paid,
/// or the treasury it went to), `$3` the amount, `$4` the payer, `$5` the slot, `$6` the block
/// time, `$7` now.
pub(super) fn bound(sql: &'static str, whose: &str, deposit: &Deposit<'_>) -> Query<'static, Any, AnyArguments> {
    sqlx::query(sql)
        .bind(deposit.signature)
        .bind(whose)
        .bind(deposit.amount_lamports)
        .bind(deposit.payer)
        .bind(deposit.slot)
        .bind(deposit.block_time)
        .bind(now_ms())
}

/// Whether a deposit with this signature already paid for an asset.
pub async fn is_recorded(db: &Db, signature: &str) -> Result<bool, sqlx::Error> {
    let found: Option<String> = sqlx::query_scalar("SELECT signature FROM sol_deposits WHERE signature = $1")
        .bind(signature)
        .fetch_optional(db.pool())
        .await?;
    Ok(found.is_some())
}
