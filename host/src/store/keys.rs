//! Queries of API keys (`api_keys`): inserting a minted key, finding one by its public prefix,
//! listing them. Hashing and checking keys is `auth`'s; only hashes reach this table.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};
use crate::caller::{Caller, KeySummary, Role};

/// A minted key to record (its balance starts at 0; opening credits are a ledger grant).
pub struct NewKey<'a> {
    pub prefix: &'a str,
    pub key_hash: &'a str,
    pub label: &'a str,
    pub role: Role,
    pub brand: Option<&'a str>,
}

/// Records a key inside the caller's transaction; returns its id. A taken prefix is a unique
/// violation (see `store::is_unique_violation`).
pub async fn insert_in(conn: &mut AnyConnection, key: &NewKey<'_>) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO api_keys (prefix, key_hash, label, role, brand_key, credits, created_at) \
         VALUES ($1, $2, $3, $4, $5, 0, $6) RETURNING id",
    )
    .bind(key.prefix)
    .bind(key.key_hash)
    .bind(key.label)
    .bind(key.role.as_str())
    .bind(key.brand)
    .bind(now_ms())
    .fetch_one(&mut *conn)
    .await?
    .try_get(0)
}

/// The principal of a wallet that pays per call over x402 without a key: a row of its own
/// (prefix `x402:<address>`, longer than any key's prefix, and a hash no key has), so its
/// payments, jobs and memes are recorded like a key's. Created on its first payment.
pub async fn wallet(db: &Db, address: &str) -> Result<Caller, sqlx::Error> {
    let prefix = format!("x402:{}", address.to_ascii_lowercase());
    sqlx::query(
        "INSERT INTO api_keys (prefix, key_hash, label, role, credits, created_at) \
         VALUES ($1, '-', 'x402 wallet', 'agent', 0, $2) ON CONFLICT (prefix) DO NOTHING",
    )
    .bind(&prefix)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    let stored = by_prefix(db, &prefix).await?.ok_or(sqlx::Error::RowNotFound)?;
    Ok(Caller { keyless: true, ..stored.caller })
}

/// A stored key: who it is, the hash to check a presented key against, when it was last used.
pub struct Stored {
    pub caller: Caller,
    pub key_hash: String,
    pub last_used_at: Option<i64>,
}

fn stored(row: &AnyRow) -> Result<Stored, sqlx::Error> {
    Ok(Stored {
        caller: Caller {
            key_id: row.try_get("id")?,
            prefix: row.try_get("prefix")?,
            label: row.try_get("label")?,
            role: role_of(row)?,
            brand: row.try_get("brand_key")?,
            keyless: false,
        },
        key_hash: row.try_get("key_hash")?,
        last_used_at: row.try_get("last_used_at")?,
    })
}

/// The key whose public prefix is `prefix`, with its hash, unless it was revoked.
pub async fn by_prefix(db: &Db, prefix: &str) -> Result<Option<Stored>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, prefix, key_hash, label, role, brand_key, last_used_at FROM api_keys \
         WHERE prefix = $1 AND revoked_at IS NULL",
    )
    .bind(prefix)
    .fetch_optional(db.pool())
    .await?;
    row.as_ref().map(stored).transpose()
}

/// The brand's first live admin key (a claimed invite's), whose credits pay for its bot once
/// the free generations are spent.
pub async fn brand_admin(db: &Db, brand_key: &str) -> Result<Option<Caller>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, prefix, key_hash, label, role, brand_key, last_used_at FROM api_keys \
         WHERE brand_key = $1 AND role = 'brand-admin' AND revoked_at IS NULL ORDER BY id LIMIT 1",
    )
    .bind(brand_key)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.as_ref().map(stored).transpose()?.map(|s| s.caller))
}

/// Revokes the key with this prefix; false when there is none, or it was revoked already.
pub async fn revoke(db: &Db, prefix: &str) -> Result<bool, sqlx::Error> {
    let revoked = sqlx::query("UPDATE api_keys SET revoked_at = $1 WHERE prefix = $2 AND revoked_at IS NULL")
        .bind(now_ms())
        .bind(prefix)
        .execute(db.pool())
        .await?;
    Ok(revoked.rows_affected() == 1)
}

/// Every key, oldest first.
pub async fn list(db: &Db) -> Result<Vec<KeySummary>, sqlx::Error> {
    let rows = sqlx::query("SELECT prefix, label, role, brand_key, credits, created_at FROM api_keys ORDER BY id")
        .fetch_all(db.pool())
        .await?;
    rows.iter()
        .map(|row| {
            Ok(KeySummary {
                prefix: row.try_get("prefix")?,
                label: row.try_get("label")?,
                role: role_of(row)?,
                brand: row.try_get("brand_key")?,
                credits: row.try_get("credits")?,
                created_at_ms: row.try_get("created_at")?,
            })
        })
        .collect()
}

/// The id of the key whose public prefix is `prefix`.
pub async fn find_by_prefix(db: &Db, prefix: &str) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query("SELECT id FROM api_keys WHERE prefix = $1").bind(prefix).fetch_optional(db.pool()).await?;
    row.map(|r| r.try_get(0)).transpose()
}

/// The `role` column. The table's CHECK admits only the three roles; anything else is a
/// corrupt row and an error, never a guess.
fn role_of(row: &AnyRow) -> Result<Role, sqlx::Error> {
    let role: String = row.try_get("role")?;
    Role::parse(&role).ok_or_else(|| sqlx::Error::Decode(format!("stored key role {role:?}").into()))
}
