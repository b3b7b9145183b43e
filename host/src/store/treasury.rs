//! Queries of the treasury's deposit index (`sol_index`, `sol_treasury_deposits`,
//! `sol_unread_signatures`): the cursor and the walk in progress, the lease one replica walks
//! under (every write conditional on holding it), the deposits found, looked up by amount and
//! block time, and the signatures the node would not show, read again later.

use sqlx::{AnyConnection, Row};

use super::deposits::{self, Deposit};
use super::{Db, now_ms};

/// Where the index of one treasury stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    /// Everything at or before this signature is indexed (`None`: nothing yet).
    pub cursor: Option<String>,
    /// The walk in progress: its newest signature, the oldest it stored, when it began listing.
    pub walk: Option<Walk>,
    /// Everything that landed before this moment (ms) is indexed.
    pub covered_at: i64,
}

/// A walk from the newest signatures down to the cursor, stored as it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub top: String,
    pub before: String,
    pub opened_at: i64,
}

/// A kept deposit, as a check reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub signature: String,
    pub amount_lamports: i64,
    pub payer: Option<String>,
    pub slot: i64,
    pub block_time: i64,
}

/// Makes the treasury's row on first use (an empty index).
pub async fn open(db: &Db, treasury: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO sol_index (treasury, updated_at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(treasury)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Where the treasury's index stands (its row made by [`open`]).
pub async fn read(db: &Db, treasury: &str) -> Result<Cursor, sqlx::Error> {
    let row = sqlx::query(
        "SELECT cursor_signature, gap_top, gap_before, gap_opened_at, covered_at FROM sol_index WHERE treasury = $1",
    )
    .bind(treasury)
    .fetch_one(db.pool())
    .await?;
    let (top, before, opened_at): (Option<String>, Option<String>, Option<i64>) =
        (row.try_get("gap_top")?, row.try_get("gap_before")?, row.try_get("gap_opened_at")?);
    let walk = match (top, before, opened_at) {
        (Some(top), Some(before), Some(opened_at)) => Some(Walk { top, before, opened_at }),
        _ => None,
    };
    Ok(Cursor { cursor: row.try_get("cursor_signature")?, walk, covered_at: row.try_get("covered_at")? })
}

/// Takes the treasury's lease for `owner` until `until` (ms) if nobody holds it or its holder's
/// lapsed; false when another holds it. A lease ending more than a whole lease after `until`
/// was taken before the clock stepped back, and is taken over too (one ending merely after
/// `until` is a live holder's that computed its time a moment later).
pub async fn take_lease(db: &Db, treasury: &str, owner: &str, until: i64) -> Result<bool, sqlx::Error> {
    let taken = sqlx::query(
        "UPDATE sol_index SET lease_owner = $2, lease_until = $3 \
         WHERE treasury = $1 AND (lease_owner IS NULL OR lease_until < $4 OR lease_until > $3 + ($3 - $4))",
    )
    .bind(treasury)
    .bind(owner)
    .bind(until)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// Gives the lease back, if `owner` still holds it.
pub async fn release_lease(db: &Db, treasury: &str, owner: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sol_index SET lease_owner = NULL, lease_until = 0 WHERE treasury = $1 AND lease_owner = $2")
        .bind(treasury)
        .bind(owner)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Moves the index to `to` and renews the lease to `until`, inside the transaction that stores
/// what `to` covers; false (write nothing, roll back) when `owner` no longer holds the lease.
/// The first statement of the transaction, so SQLite takes its write lock at once.
pub async fn advance_in(
    conn: &mut AnyConnection,
    treasury: &str,
    owner: &str,
    to: &Cursor,
    until: i64,
) -> Result<bool, sqlx::Error> {
    let walk = to.walk.as_ref();
    let moved = sqlx::query(
        "UPDATE sol_index SET cursor_signature = $3, gap_top = $4, gap_before = $5, gap_opened_at = $6, \
         covered_at = $7, lease_until = $8, updated_at = $9 WHERE treasury = $1 AND lease_owner = $2",
    )
    .bind(treasury)
    .bind(owner)
    .bind(to.cursor.as_deref())
    .bind(walk.map(|w| w.top.as_str()))
    .bind(walk.map(|w| w.before.as_str()))
    .bind(walk.map(|w| w.opened_at))
    .bind(to.covered_at)
    .bind(until)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(moved.rows_affected() == 1)
}

/// Keeps `deposit` if an open or reserved quote holds its amount (any other amount can pay for
/// nothing); once, under its signature.
pub async fn keep_in(conn: &mut AnyConnection, treasury: &str, deposit: &Deposit<'_>) -> Result<(), sqlx::Error> {
    deposits::bound(
        "INSERT INTO sol_treasury_deposits (signature, treasury, amount_lamports, payer, slot, block_time, indexed_at) \
         SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM sol_quotes WHERE amount_lamports = $3) \
         ON CONFLICT (signature) DO NOTHING",
        treasury,
        deposit,
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Kept deposits of exactly `amount` that landed between `from` and `until` (seconds,
/// inclusive), oldest first; claimed ones too (a concurrent check may have claimed one for the
/// same job: the claim tells).
pub async fn matching(db: &Db, treasury: &str, amount: i64, from: i64, until: i64) -> Result<Vec<Found>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT t.signature, t.amount_lamports, t.payer, t.slot, t.block_time FROM sol_treasury_deposits t \
         WHERE t.treasury = $1 AND t.amount_lamports = $2 AND t.block_time >= $3 AND t.block_time <= $4 \
         ORDER BY t.slot, t.signature",
    )
    .bind(treasury)
    .bind(amount)
    .bind(from)
    .bind(until)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Found {
                signature: row.try_get("signature")?,
                amount_lamports: row.try_get("amount_lamports")?,
                payer: row.try_get("payer")?,
                slot: row.try_get("slot")?,
                block_time: row.try_get("block_time")?,
            })
        })
        .collect()
}

/// When the oldest quote that can still be paid was opened (ms): the first walk need not read
/// further back. `None` when no quote can be paid. A quote can be paid while its amount is
/// reserved (it expired at or after `reserved_after`), and while its job still waits for it: a
/// job is closed only once its deposit is known not to have landed in time.
pub async fn oldest_payable_quote(db: &Db, reserved_after: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT MIN(created_at) FROM sol_quotes q WHERE q.expires_at >= $1 \
         OR EXISTS (SELECT 1 FROM jobs j WHERE j.id = q.job_id AND j.state = 'awaiting_payment')",
    )
    .bind(reserved_after)
    .fetch_one(db.pool())
    .await
}

/// A treasury signature the node listed but would not show, and how many reads of it failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unread {
    pub signature: String,
    /// As listed (seconds), when the node said.
    pub block_time: Option<i64>,
    pub attempts: i64,
}

/// What to do with an unread signature after a failed read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Read it again at this moment (ms).
    At(i64),
    /// Stop trying (the row stays, for the operator).
    GiveUp,
}

/// Records `unread` (its `attempts` counting the read that just failed with `error`) inside the
/// walk's transaction: to be read again, or given up.
pub async fn unread_in(
    conn: &mut AnyConnection,
    treasury: &str,
    unread: &Unread,
    error: &str,
    next: Next,
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let (next_at, given_up_at) = match next {
        Next::At(at) => (at, None),
        Next::GiveUp => (now, Some(now)),
    };
    sqlx::query(
        "INSERT INTO sol_unread_signatures \
         (signature, treasury, block_time, attempts, next_at, last_error, first_seen_at, given_up_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (signature) DO UPDATE SET \
         attempts = excluded.attempts, next_at = excluded.next_at, last_error = excluded.last_error, \
         given_up_at = excluded.given_up_at",
    )
    .bind(&unread.signature)
    .bind(treasury)
    .bind(unread.block_time)
    .bind(unread.attempts)
    .bind(next_at)
    .bind(error)
    .bind(now)
    .bind(given_up_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Forgets the unread `signature`: it was read, inside the transaction that stores what it is.
pub async fn read_in(conn: &mut AnyConnection, signature: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sol_unread_signatures WHERE signature = $1").bind(signature).execute(&mut *conn).await?;
    Ok(())
}

/// The unread signatures due to be read again at `now` (not given up), the longest due first,
/// at most `limit`.
pub async fn due(db: &Db, treasury: &str, now: i64, limit: usize) -> Result<Vec<Unread>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT signature, block_time, attempts FROM sol_unread_signatures \
         WHERE treasury = $1 AND given_up_at IS NULL AND next_at <= $2 ORDER BY next_at, signature LIMIT $3",
    )
    .bind(treasury)
    .bind(now)
    .bind(i64::try_from(limit).unwrap_or(i64::MAX))
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Unread {
                signature: row.try_get("signature")?,
                block_time: row.try_get("block_time")?,
                attempts: row.try_get("attempts")?,
            })
        })
        .collect()
}

/// How many signatures still unread (not given up) may have landed between `from` and `until`
/// (seconds, inclusive): those whose block time the node did not say too.
pub async fn unread_between(db: &Db, treasury: &str, from: i64, until: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM sol_unread_signatures WHERE treasury = $1 AND given_up_at IS NULL \
         AND (block_time IS NULL OR (block_time >= $2 AND block_time <= $3))",
    )
    .bind(treasury)
    .bind(from)
    .bind(until)
    .fetch_one(db.pool())
    .await
}
