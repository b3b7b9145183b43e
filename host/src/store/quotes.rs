//! Queries of open SOL quotes (`sol_quotes`): an amount is held by one job at a time, by the
//! table's key, on every replica.

use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};

/// How long a lapsed quote's amount stays reserved, so a late deposit cannot unlock another
/// job's asset: a week.
pub const RESERVED_AFTER_EXPIRY_MS: i64 = 7 * 24 * 3600 * 1000;

/// True of a `sol_quotes` row whose job still waits for its deposit (a macro, so queries are
/// whole `&'static str`s made by `concat!`).
macro_rules! waits {
    () => {
        "EXISTS (SELECT 1 FROM jobs j WHERE j.id = sol_quotes.job_id AND j.state = 'awaiting_payment')"
    };
}

/// Holds `amount` for `job_id` until `expires_at`, inside the caller's transaction; false when
/// another quote holds it.
pub async fn hold_in(
    conn: &mut AnyConnection,
    amount: i64,
    job_id: &str,
    expires_at: i64,
) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    // An amount whose quote lapsed more than a week ago is free again, unless its job still
    // waits: it is closed only once its deposit is known not to have landed, and needs the quote
    // to look for it.
    sqlx::query(concat!("DELETE FROM sol_quotes WHERE amount_lamports = $1 AND expires_at < $2 AND NOT ", waits!()))
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

/// Closes `job_id`'s open quote now, inside the caller's transaction (its job was cancelled): it
/// can no longer be paid, and its amount stays reserved the week a lapsed quote's does, so a
/// deposit sent for it that lands late pays nothing else.
pub async fn lapse_in(conn: &mut AnyConnection, job_id: &str) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query("UPDATE sol_quotes SET expires_at = $1 WHERE job_id = $2 AND expires_at > $1")
        .bind(now)
        .bind(job_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Amounts between `low` and `high` (inclusive) that quotes hold: open ones, lapsed ones still
/// reserved (expired at or after `reserved_after`), and those whose job still waits.
pub async fn held_between_in(
    conn: &mut AnyConnection,
    low: i64,
    high: i64,
    reserved_after: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(concat!(
        "SELECT amount_lamports FROM sol_quotes WHERE amount_lamports >= $1 AND amount_lamports <= $2 \
         AND (expires_at >= $3 OR ",
        waits!(),
        ")"
    ))
    .bind(low)
    .bind(high)
    .bind(reserved_after)
    .fetch_all(&mut *conn)
    .await
}

/// A job's open (or lapsed, still reserved) quote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub amount_lamports: i64,
    pub created_at: i64,
    pub expires_at: i64,
}

/// The quote job `id` holds, if any.
pub async fn of_job(db: &Db, job_id: &str) -> Result<Option<Held>, sqlx::Error> {
    let row = sqlx::query("SELECT amount_lamports, created_at, expires_at FROM sol_quotes WHERE job_id = $1")
        .bind(job_id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(held_of).transpose()
}

/// A quote from a row with its `amount_lamports`, `created_at` and `expires_at`.
fn held_of(row: &sqlx::any::AnyRow) -> Result<Held, sqlx::Error> {
    Ok(Held {
        amount_lamports: row.try_get("amount_lamports")?,
        created_at: row.try_get("created_at")?,
        expires_at: row.try_get("expires_at")?,
    })
}

/// How many quotes of `key_id` are open at `now` (asset jobs' and queued jobs' alike), and when
/// the first of them lapses.
pub async fn open_of_key_in(
    conn: &mut AnyConnection,
    key_id: i64,
    now: i64,
) -> Result<(i64, Option<i64>), sqlx::Error> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS open, MIN(expires_at) AS next FROM ( \
           SELECT q.expires_at FROM jobs j JOIN sol_quotes q ON q.job_id = j.id \
           WHERE j.api_key_id = $1 AND j.state = 'awaiting_payment' AND q.expires_at > $2 \
           UNION ALL \
           SELECT expires_at FROM asset_jobs WHERE api_key_id = $1 AND state = 'awaiting_payment' AND expires_at > $2 \
         ) open_quotes",
    )
    .bind(key_id)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    Ok((row.try_get("open")?, row.try_get("next")?))
}

/// A queued job waiting for the deposit its own quote asks for.
#[derive(Clone, Debug)]
pub struct Awaiting {
    pub job_id: String,
    pub key_id: i64,
    pub kind: String,
    pub quote: Held,
}

/// The jobs waiting in `awaiting_payment` with a quote of their own, oldest first: those whose
/// deposit may still come (their quote lapsed at most the reserved week ago), and those to close
/// once a deposit made in time is known not to have landed.
pub async fn awaiting(db: &Db) -> Result<Vec<Awaiting>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT j.id, j.api_key_id, j.kind, q.amount_lamports, q.created_at, q.expires_at \
         FROM jobs j JOIN sol_quotes q ON q.job_id = j.id \
         WHERE j.state = 'awaiting_payment' ORDER BY q.created_at",
    )
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Awaiting {
                job_id: r.try_get("id")?,
                key_id: r.try_get("api_key_id")?,
                kind: r.try_get("kind")?,
                quote: held_of(r)?,
            })
        })
        .collect()
}
