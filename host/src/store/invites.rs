//! Queries of free-bot invites and of the allowance ledger of the bots that claiming them
//! gives away.

use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};

/// An invite to record.
pub struct NewInvite<'a> {
    pub code: &'a str,
    pub key_id: i64,
    pub who: &'a str,
    pub language: &'a str,
    pub page_id: &'a str,
    pub message: &'a str,
    pub expires_at: i64,
}

/// A stored invite.
#[derive(Debug, Clone)]
pub struct Invite {
    pub code: String,
    pub who: String,
    pub language: String,
    pub page_id: String,
    pub expires_at: i64,
    pub claimed_at: Option<i64>,
    pub brand_key: Option<String>,
}

/// A key's invites against its caps: made since `day_start`, and still open (unclaimed,
/// unexpired) at `now` with the soonest of their expiries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub today: i64,
    pub open: i64,
    pub next_expiry: Option<i64>,
}

/// Takes the key's row lock first (writes first: SQLite takes its write lock at once, PostgreSQL
/// locks the row), so two calls of one key count and insert one after the other.
pub async fn lock_key_in(conn: &mut AnyConnection, key_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE api_keys SET credits = credits WHERE id = $1").bind(key_id).execute(&mut *conn).await?;
    Ok(())
}

pub async fn counts_in(conn: &mut AnyConnection, key_id: i64, day_start: i64, now: i64) -> Result<Counts, sqlx::Error> {
    let row = sqlx::query(
        "SELECT \
           (SELECT COUNT(*) FROM invites WHERE api_key_id = $1 AND created_at >= $2) AS today, \
           (SELECT COUNT(*) FROM invites WHERE api_key_id = $1 AND claimed_at IS NULL AND expires_at > $3) AS open, \
           (SELECT MIN(expires_at) FROM invites WHERE api_key_id = $1 AND claimed_at IS NULL AND expires_at > $3) AS next",
    )
    .bind(key_id)
    .bind(day_start)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Counts { today: row.try_get("today")?, open: row.try_get("open")?, next_expiry: row.try_get("next")? })
}

pub async fn counts(db: &Db, key_id: i64, day_start: i64, now: i64) -> Result<Counts, sqlx::Error> {
    let mut conn = db.pool().acquire().await?;
    counts_in(&mut conn, key_id, day_start, now).await
}

pub async fn insert_in(conn: &mut AnyConnection, invite: &NewInvite<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO invites (code, api_key_id, who, language, page_id, message, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(invite.code)
    .bind(invite.key_id)
    .bind(invite.who)
    .bind(invite.language)
    .bind(invite.page_id)
    .bind(invite.message)
    .bind(now_ms())
    .bind(invite.expires_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn get(db: &Db, code: &str) -> Result<Option<Invite>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT code, who, language, page_id, expires_at, claimed_at, brand_key FROM invites WHERE code = $1",
    )
    .bind(code)
    .fetch_optional(db.pool())
    .await?;
    row.map(|r| {
        Ok(Invite {
            code: r.try_get("code")?,
            who: r.try_get("who")?,
            language: r.try_get("language")?,
            page_id: r.try_get("page_id")?,
            expires_at: r.try_get("expires_at")?,
            claimed_at: r.try_get("claimed_at")?,
            brand_key: r.try_get("brand_key")?,
        })
    })
    .transpose()
}

/// Whether key `key_id` made invite `code`, or belongs to the account of the key that did.
pub async fn made_by(db: &Db, code: &str, key_id: i64) -> Result<bool, sqlx::Error> {
    let found: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM invites i JOIN api_keys maker ON maker.id = i.api_key_id \
         JOIN api_keys k ON k.id = $2 \
         WHERE i.code = $1 AND (k.id = maker.id OR (k.account_id IS NOT NULL AND k.account_id = maker.account_id))",
    )
    .bind(code)
    .bind(key_id)
    .fetch_one(db.pool())
    .await?;
    Ok(found > 0)
}

/// Marks invite `code` claimed at `now` if it is open: true for the one claim that wins.
pub async fn claim_in(conn: &mut AnyConnection, code: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE invites SET claimed_at = $2 WHERE code = $1 AND claimed_at IS NULL AND expires_at > $2")
            .bind(code)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Names the brand a claimed invite made.
pub async fn set_brand_in(conn: &mut AnyConnection, code: &str, brand_key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE invites SET brand_key = $2 WHERE code = $1")
        .bind(code)
        .bind(brand_key)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Grants `amount` generations to a brand's bot: a ledger row with the new balance.
pub async fn grant_in(
    conn: &mut AnyConnection,
    brand_key: &str,
    amount: i64,
    reason: &str,
) -> Result<i64, sqlx::Error> {
    let before = balance_in(conn, brand_key).await?;
    let after = before + amount;
    sqlx::query(
        "INSERT INTO bot_allowance (brand_key, kind, amount, balance_after, reason, created_at) \
         VALUES ($1, 'grant', $2, $3, $4, $5)",
    )
    .bind(brand_key)
    .bind(amount)
    .bind(after)
    .bind(reason)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(after)
}

async fn balance_in(conn: &mut AnyConnection, brand_key: &str) -> Result<i64, sqlx::Error> {
    let balance: Option<i64> =
        sqlx::query_scalar("SELECT balance_after FROM bot_allowance WHERE brand_key = $1 ORDER BY id DESC LIMIT 1")
            .bind(brand_key)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(balance.unwrap_or(0))
}

/// The generations a brand's bot may still make.
pub async fn allowance(db: &Db, brand_key: &str) -> Result<i64, sqlx::Error> {
    let mut conn = db.pool().acquire().await?;
    balance_in(&mut conn, brand_key).await
}

/// Spends one generation of the brand's bot on `operation` (`reference` names the call):
/// the ledger row and the generations left, or `None` when none are left (nothing changed).
pub async fn spend_in(
    conn: &mut AnyConnection,
    brand_key: &str,
    operation: &str,
    reference: &str,
) -> Result<Option<(i64, i64)>, sqlx::Error> {
    // One spender at a time reads and changes the brand's allowance.
    super::brands::lock_in(conn, brand_key).await?;
    let before = balance_in(conn, brand_key).await?;
    if before < 1 {
        return Ok(None);
    }
    let row: i64 = sqlx::query_scalar(
        "INSERT INTO bot_allowance (brand_key, kind, amount, balance_after, reason, created_at) \
         VALUES ($1, 'spend', -1, $2, $3, $4) RETURNING id",
    )
    .bind(brand_key)
    .bind(before - 1)
    .bind(format!("{operation} {reference}"))
    .bind(now_ms())
    .fetch_one(&mut *conn)
    .await?;
    Ok(Some((row, before - 1)))
}

/// Gives back the generation spent by ledger row `spend` (its work failed). Called once per
/// spend: the payment intent it belongs to is released once.
pub async fn give_back_in(conn: &mut AnyConnection, spend: i64, reason: &str) -> Result<(), sqlx::Error> {
    let brand_key: String = sqlx::query_scalar("SELECT brand_key FROM bot_allowance WHERE id = $1 AND kind = 'spend'")
        .bind(spend)
        .fetch_one(&mut *conn)
        .await?;
    super::brands::lock_in(conn, &brand_key).await?;
    grant_in(conn, &brand_key, 1, reason).await?;
    Ok(())
}
