//! `Idempotency-Key` records: a paid call carrying a key is executed and charged at most once
//! per key, whichever front end it comes through.
//!
//! The first call with a key claims a record (`running`); a repeat with the same fingerprint
//! (operation and body) gets the stored answer back, with a different one `Mismatch`, and while
//! the first still runs `InProgress`. Only successful answers are stored: an error changed
//! nothing (no charge, no state), so the record is released and the client may retry with the
//! same key once it has fixed the cause. Records are scoped to the API key and kept 48 hours. A
//! record left `running` by a process that died is taken over after its lease of five minutes.

use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::store::{Db, now_ms};

pub const HEADER: &str = "idempotency-key";
pub const REPLAYED_HEADER: &str = "idempotent-replayed";
/// How long a `running` record blocks repeats before it is presumed abandoned.
pub const LEASE_MS: i64 = 5 * 60 * 1000;
/// How long records are kept (the promise is at least 24 hours).
pub const RETENTION_MS: i64 = 48 * 60 * 60 * 1000;

/// A stored successful response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
}

/// What a request with an idempotency key should do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// First time (or the old record expired or was abandoned): execute it.
    Fresh,
    /// Done before with the same request: answer this.
    Replay(Stored),
    /// The key was used for a different request.
    Mismatch,
    /// The same request is still running.
    InProgress,
}

/// The fingerprint of a request: what it does (the operation, or for calls outside the
/// catalog the transport's method and path) and its body. Keyed by operation, a repeat through
/// another route or front end of the same operation is still recognised.
pub fn fingerprint(operation: &str, body: &[u8]) -> String {
    let mut hasher = Sha256::new();
    for part in [operation.as_bytes(), b"\n", body] {
        hasher.update(part);
    }
    hex::encode(hasher.finalize())
}

/// Claims `idem_key` for the request `hash` of key `key_id`.
pub async fn claim(db: &Db, key_id: i64, idem_key: &str, hash: &str) -> Result<Claim, sqlx::Error> {
    let now = now_ms();
    let taken = sqlx::query(
        "INSERT INTO idempotency_keys (api_key_id, idem_key, request_hash, state, locked_until, created_at) \
         VALUES ($1, $2, $3, 'running', $4, $5) \
         ON CONFLICT (api_key_id, idem_key) DO UPDATE SET \
           request_hash = excluded.request_hash, state = 'running', status_code = NULL, \
           content_type = NULL, response_body = NULL, \
           locked_until = excluded.locked_until, created_at = excluded.created_at \
         WHERE (idempotency_keys.state = 'running' AND idempotency_keys.locked_until < $5) \
            OR idempotency_keys.created_at < $6 \
         RETURNING api_key_id",
    )
    .bind(key_id)
    .bind(idem_key)
    .bind(hash)
    .bind(now + LEASE_MS)
    .bind(now)
    .bind(now - RETENTION_MS)
    .fetch_optional(db.pool())
    .await?;
    if taken.is_some() {
        return Ok(Claim::Fresh);
    }
    let row = sqlx::query(
        "SELECT request_hash, state, status_code, content_type, response_body \
         FROM idempotency_keys WHERE api_key_id = $1 AND idem_key = $2",
    )
    .bind(key_id)
    .bind(idem_key)
    .fetch_optional(db.pool())
    .await?;
    // Released between our insert and our read: the slot is free, so claim it again.
    let Some(row) = row else { return Box::pin(claim(db, key_id, idem_key, hash)).await };
    let stored_hash: String = row.try_get("request_hash")?;
    let state: String = row.try_get("state")?;
    Ok(if stored_hash != hash {
        Claim::Mismatch
    } else if state == "running" {
        Claim::InProgress
    } else {
        let status: i64 = row.try_get("status_code")?;
        Claim::Replay(Stored {
            status: u16::try_from(status).unwrap_or(200),
            content_type: row.try_get("content_type")?,
            body: row.try_get("response_body")?,
        })
    })
}

/// Stores the successful response of a claimed request.
pub async fn complete(db: &Db, key_id: i64, idem_key: &str, response: &Stored) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE idempotency_keys SET state = 'done', status_code = $3, content_type = $4, response_body = $5 \
         WHERE api_key_id = $1 AND idem_key = $2",
    )
    .bind(key_id)
    .bind(idem_key)
    .bind(i64::from(response.status))
    .bind(response.content_type.as_deref())
    .bind(response.body.as_slice())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Frees a claimed key whose request failed, so the client may retry with it.
pub async fn release(db: &Db, key_id: i64, idem_key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM idempotency_keys WHERE api_key_id = $1 AND idem_key = $2 AND state = 'running'")
        .bind(key_id)
        .bind(idem_key)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Deletes records past their retention.
pub async fn purge(db: &Db) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM idempotency_keys WHERE created_at < $1 AND (state = 'done' OR locked_until < $2)")
            .bind(now_ms() - RETENTION_MS)
            .bind(now_ms())
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected())
}

/// Whether `key` is usable as an idempotency key: 1 to 255 visible ASCII characters.
pub fn valid_key(key: &str) -> bool {
    (1..=255).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic())
}
