//! Queries of registered brands (`brands`). What a valid brand is, and the operations on
//! brands, are the `brands` feature's; rows here are plain fields.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Db, now_ms};

/// A brand as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    pub key: String,
    pub name: String,
    pub voice: String,
    pub hashtag: String,
    pub token: String,
    pub bot_username: Option<String>,
    pub meme_mode: bool,
}

/// A brand's description, to write.
pub struct Fields<'a> {
    pub name: &'a str,
    pub voice: &'a str,
    pub hashtag: &'a str,
    pub token: &'a str,
    pub bot_username: Option<&'a str>,
    /// Its look JSON, written with a new brand only (`set_look` changes it).
    pub look: Option<&'a str>,
}

/// Registers brand `key` with meme mode on. A taken key is a unique violation (see
/// `store::is_unique_violation`).
pub async fn insert(db: &Db, key: &str, brand: &Fields<'_>) -> Result<(), sqlx::Error> {
    let mut conn = db.pool().acquire().await?;
    insert_in(&mut conn, key, brand).await
}

/// [`insert`] inside the caller's transaction.
pub async fn insert_in(conn: &mut sqlx::AnyConnection, key: &str, brand: &Fields<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO brands (key, name, voice, hashtag, token, bot_username, look, meme_mode, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $8)",
    )
    .bind(key)
    .bind(brand.name)
    .bind(brand.voice)
    .bind(brand.hashtag)
    .bind(brand.token)
    .bind(brand.bot_username)
    .bind(brand.look)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Rewrites the description of brand `key`.
pub async fn update(db: &Db, key: &str, brand: &Fields<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE brands SET name = $2, voice = $3, hashtag = $4, token = $5, bot_username = $6, updated_at = $7 WHERE key = $1",
    )
    .bind(key)
    .bind(brand.name)
    .bind(brand.voice)
    .bind(brand.hashtag)
    .bind(brand.token)
    .bind(brand.bot_username)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Switches meme generation for brand `key`; false when there is no such brand.
pub async fn set_meme_mode(db: &Db, key: &str, enabled: bool) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE brands SET meme_mode = $2, updated_at = $3 WHERE key = $1")
        .bind(key)
        .bind(i64::from(enabled))
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() != 0)
}

/// One brand.
pub async fn get(db: &Db, key: &str) -> Result<Option<Stored>, sqlx::Error> {
    let row =
        sqlx::query("SELECT key, name, voice, hashtag, token, bot_username, meme_mode FROM brands WHERE key = $1")
            .bind(key)
            .fetch_optional(db.pool())
            .await?;
    row.as_ref().map(stored_of).transpose()
}

/// Every brand, by key.
pub async fn list(db: &Db) -> Result<Vec<Stored>, sqlx::Error> {
    let rows = sqlx::query("SELECT key, name, voice, hashtag, token, bot_username, meme_mode FROM brands ORDER BY key")
        .fetch_all(db.pool())
        .await?;
    rows.iter().map(stored_of).collect()
}

fn stored_of(row: &AnyRow) -> Result<Stored, sqlx::Error> {
    Ok(Stored {
        key: row.try_get("key")?,
        name: row.try_get("name")?,
        voice: row.try_get("voice")?,
        hashtag: row.try_get("hashtag")?,
        token: row.try_get("token")?,
        bot_username: row.try_get("bot_username")?,
        meme_mode: row.try_get::<i64, _>("meme_mode")? != 0,
    })
}

/// A brand's look as stored: its JSON, and its logo's blob and media type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Look {
    pub look: Option<String>,
    pub logo: Option<(String, String)>,
}

/// The look of brand `key`, if the brand exists.
pub async fn look(db: &Db, key: &str) -> Result<Option<Look>, sqlx::Error> {
    let row = sqlx::query("SELECT look, logo_blob, logo_type FROM brands WHERE key = $1")
        .bind(key)
        .fetch_optional(db.pool())
        .await?;
    row.map(|r| {
        let logo = match (r.try_get::<Option<String>, _>("logo_blob")?, r.try_get::<Option<String>, _>("logo_type")?) {
            (Some(blob), Some(media_type)) => Some((blob, media_type)),
            _ => None,
        };
        Ok(Look { look: r.try_get("look")?, logo })
    })
    .transpose()
}

/// Sets brand `key`'s look JSON; false if there is no such brand.
pub async fn set_look(db: &Db, key: &str, look: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE brands SET look = $2, updated_at = $3 WHERE key = $1")
        .bind(key)
        .bind(look)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Points brand `key` at a logo blob (or none), answering the blob it named before; `None` if
/// there is no such brand.
pub async fn set_logo(db: &Db, key: &str, logo: Option<(&str, &str)>) -> Result<Option<Option<String>>, sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    let done = sqlx::query("UPDATE brands SET updated_at = $2 WHERE key = $1")
        .bind(key)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    let before: Option<String> =
        sqlx::query_scalar("SELECT logo_blob FROM brands WHERE key = $1").bind(key).fetch_one(&mut *tx).await?;
    sqlx::query("UPDATE brands SET logo_blob = $2, logo_type = $3 WHERE key = $1")
        .bind(key)
        .bind(logo.map(|l| l.0))
        .bind(logo.map(|l| l.1))
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(before))
}

/// Takes the brand's row lock for the rest of the caller's transaction (a write, so SQLite takes
/// its write lock at once and PostgreSQL locks the row): what is counted or spent per brand
/// (its bot's allowance, its generator slots) is read and changed by one writer at a time. A
/// key with no brand row takes no row lock on PostgreSQL.
pub async fn lock_in(conn: &mut sqlx::AnyConnection, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE brands SET updated_at = updated_at WHERE key = $1").bind(key).execute(&mut *conn).await?;
    Ok(())
}
