//! Queries of the bots: the updates each has handled (Telegram redelivers an update it thinks
//! failed, so each is taken once) and brands' own bots (the token sealed by `seal`, the hash of
//! the webhook secret, the bot's username and whether its webhook is set).

use sqlx::Row;

use super::{Db, now_ms};

/// Takes update `update_id` of `bot` ("service" or a brand key) for handling; false when it was
/// taken before.
pub async fn first_sight(db: &Db, bot: &str, update_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO bot_updates (bot, update_id, seen_at) VALUES ($1, $2, $3) ON CONFLICT (bot, update_id) DO NOTHING",
    )
    .bind(bot)
    .bind(update_id)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets updates seen before `before` (Telegram gives up redelivering within a day).
pub async fn sweep_updates(db: &Db, before: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM bot_updates WHERE seen_at < $1").bind(before).execute(db.pool()).await?.rows_affected())
}

/// A brand's own bot.
#[derive(Debug, Clone)]
pub struct BrandBot {
    pub brand_key: String,
    pub token_sealed: String,
    pub secret_hash: String,
    pub username: String,
    /// `connected`, or why the webhook could not be set.
    pub status: String,
    pub updated_at: i64,
}

/// Records (or replaces) a brand's bot, and names it on the brand.
pub async fn put_brand_bot(db: &Db, bot: &BrandBot) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "INSERT INTO brand_bots (brand_key, token_sealed, secret_hash, username, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (brand_key) DO UPDATE SET token_sealed = $2, \
         secret_hash = $3, username = $4, status = $5, updated_at = $6",
    )
    .bind(&bot.brand_key)
    .bind(&bot.token_sealed)
    .bind(&bot.secret_hash)
    .bind(&bot.username)
    .bind(&bot.status)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE brands SET bot_username = $1, updated_at = $2 WHERE key = $3")
        .bind(&bot.username)
        .bind(now)
        .bind(&bot.brand_key)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// Sets a brand bot's status.
pub async fn set_status(db: &Db, brand_key: &str, status: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE brand_bots SET status = $1, updated_at = $2 WHERE brand_key = $3")
        .bind(status)
        .bind(now_ms())
        .bind(brand_key)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The brand's bot, if it has one.
pub async fn brand_bot(db: &Db, brand_key: &str) -> Result<Option<BrandBot>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT brand_key, token_sealed, secret_hash, username, status, updated_at FROM brand_bots WHERE brand_key = $1",
    )
    .bind(brand_key)
    .fetch_optional(db.pool())
    .await?;
    row.map(|row| {
        Ok(BrandBot {
            brand_key: row.try_get("brand_key")?,
            token_sealed: row.try_get("token_sealed")?,
            secret_hash: row.try_get("secret_hash")?,
            username: row.try_get("username")?,
            status: row.try_get("status")?,
            updated_at: row.try_get("updated_at")?,
        })
    })
    .transpose()
}

/// Forgets that update `update_id` of `bot` was taken (its handling failed; the redelivery
/// should be handled).
pub async fn forget(db: &Db, bot: &str, update_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM bot_updates WHERE bot = $1 AND update_id = $2")
        .bind(bot)
        .bind(update_id)
        .execute(db.pool())
        .await?;
    Ok(())
}
