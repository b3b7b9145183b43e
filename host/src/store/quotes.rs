//! Queries of open SOL quotes (`sol_quotes`): an amount is held by one job at a time, by the
//! table's key, on every replica.

use sqlx::AnyConnection;

use super::now_ms;

/// How long a lapsed quote's amount stays reserved, so a late deposit cannot unlock another
/// job's asset: a week.
pub const RESERVED_AFTER_EXPIRY_MS: i64 = 7 * 24 * 3600 * 1000;

/// Holds `amount` for `job_id` until `expires_at`, inside the caller's transaction; false when
/// another quote holds it.
pub async fn hold_in(
    conn: &mut AnyConnection,
    amount: i64,
    job_id: &str,
    expires_at: i64,
) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    // An amount whose quote lapsed more than a week ago is free again.
    sqlx::query("DELETE FROM sol_quotes WHERE amount_lamports = $1 AND expires_at < $2")
        .bind(amount)
        .bind(now - RESERVED_AFTER_EXPIRY_MS)
        .execute(&mut *conn)
        .await?;
    let held = sqlx::query(
        "INSERT INTO sol_quotes (amount_lamports, job_id, expires_at, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (amount_lamports) DO NOTHING",
    )
    .bind(amount)
    .bind(job_id)
    .bind(expires_at)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(held.rows_affected() == 1)
}

/// Frees the amount `job_id` held (its quote was paid), inside the claim's transaction.
pub async fn release_in(conn: &mut AnyConnection, job_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sol_quotes WHERE job_id = $1").bind(job_id).execute(&mut *conn).await?;
    Ok(())
}

/// Amounts between `low` and `high` (inclusive) that quotes hold: open ones, and lapsed ones
/// still reserved (expired at or after `reserved_after`).
pub async fn held_between_in(
    conn: &mut AnyConnection,
    low: i64,
    high: i64,
    reserved_after: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT amount_lamports FROM sol_quotes WHERE amount_lamports >= $1 AND amount_lamports <= $2 \
         AND expires_at >= $3",
    )
    .bind(low)
    .bind(high)
    .bind(reserved_after)
    .fetch_all(&mut *conn)
    .await
}
