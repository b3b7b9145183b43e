//! Queries of the webhook outbox (`webhook_events`) and its delivery log
//! (`webhook_deliveries`). Claims are leases: an event is sent by one process at a time, on
//! any replica, and a process that dies mid-send leaves it to the next sweep.

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::{Db, now_ms};

/// An event to send.
pub struct NewEvent<'a> {
    pub key_id: i64,
    pub job_id: &'a str,
    pub event: &'a str,
    pub data: &'a str,
    pub url: &'a str,
    pub secret: &'a str,
}

/// Writes a pending event inside the caller's transaction (the one that changes the state it
/// reports); returns its id, the `webhook-id` of every attempt.
pub async fn insert_in(conn: &mut AnyConnection, event: &NewEvent<'_>) -> Result<String, sqlx::Error> {
    let id = format!("msg_{}", super::public_id());
    let now = now_ms();
    sqlx::query(
        "INSERT INTO webhook_events (id, api_key_id, job_id, event, data, url, secret, state, attempts, next_at, \
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', 0, $8, $8)",
    )
    .bind(&id)
    .bind(event.key_id)
    .bind(event.job_id)
    .bind(event.event)
    .bind(event.data)
    .bind(event.url)
    .bind(event.secret)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// A claimed event, ready to send as attempt `attempt`.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub id: String,
    pub job_id: String,
    pub event: String,
    pub data: String,
    pub url: String,
    pub secret: String,
    pub attempt: i64,
    pub created_at: i64,
}

fn claimed(row: &AnyRow) -> Result<Claimed, sqlx::Error> {
    Ok(Claimed {
        id: row.try_get("id")?,
        job_id: row.try_get("job_id")?,
        event: row.try_get("event")?,
        data: row.try_get("data")?,
        url: row.try_get("url")?,
        secret: row.try_get("secret")?,
        attempt: row.try_get("attempts")?,
        created_at: row.try_get("created_at")?,
    })
}

/// Claims up to `limit` pending events that are due (or only event `only`), for `lease_ms`;
/// each claim counts an attempt.
pub async fn claim(db: &Db, only: Option<&str>, limit: i64, lease_ms: i64) -> Result<Vec<Claimed>, sqlx::Error> {
    let now = now_ms();
    let rows = sqlx::query(
        "UPDATE webhook_events SET locked_until = $1, attempts = attempts + 1 \
         WHERE id IN (SELECT id FROM webhook_events WHERE state = 'pending' AND next_at <= $2 \
                      AND ($3 IS NULL OR id = $3) AND (locked_until IS NULL OR locked_until < $2) \
                      ORDER BY next_at LIMIT $4) \
         AND state = 'pending' AND (locked_until IS NULL OR locked_until < $2) \
         RETURNING id, job_id, event, data, url, secret, attempts, created_at",
    )
    .bind(now.saturating_add(lease_ms))
    .bind(now)
    .bind(only)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(claimed).collect()
}

/// What one attempt got.
pub struct Outcome<'a> {
    pub status_code: Option<u16>,
    pub error: Option<&'a str>,
    pub duration_ms: i64,
}

/// Records attempt `attempt` of `event` and its consequence: delivered on a 2xx; otherwise due
/// again at `retry_at`, or expired when `retry_at` is `None`.
pub async fn record(
    db: &Db,
    event: &str,
    attempt: i64,
    outcome: &Outcome<'_>,
    retry_at: Option<i64>,
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let delivered = outcome.status_code.is_some_and(|s| (200..300).contains(&s));
    let mut tx = db.pool().begin().await?;
    if delivered {
        sqlx::query(
            "UPDATE webhook_events SET state = 'delivered', delivered_at = $1, locked_until = NULL WHERE id = $2",
        )
        .bind(now)
        .bind(event)
        .execute(&mut *tx)
        .await?;
    } else {
        let state = if retry_at.is_some() { "pending" } else { "expired" };
        sqlx::query(
            "UPDATE webhook_events SET state = $1, next_at = $2, locked_until = NULL WHERE id = $3 AND state = 'pending'",
        )
        .bind(state)
        .bind(retry_at.unwrap_or(now))
        .bind(event)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query(
        "INSERT INTO webhook_deliveries (event_id, attempt, at, status_code, error, duration_ms) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(event)
    .bind(attempt)
    .bind(now)
    .bind(outcome.status_code.map(i64::from))
    .bind(outcome.error)
    .bind(outcome.duration_ms)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Makes every event of `job_id` due again now (a replay asked for by the job's key); returns
/// their ids.
pub async fn reopen(db: &Db, job_id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE webhook_events SET state = 'pending', next_at = $1, locked_until = NULL WHERE job_id = $2 \
         RETURNING id",
    )
    .bind(now_ms())
    .bind(job_id)
    .fetch_all(db.pool())
    .await
}

/// Removes the events finished (delivered or expired) that were made before `before`, with
/// their delivery logs, a batch at a time; returns how many events.
pub async fn purge_finished(db: &Db, before: i64) -> Result<u64, sqlx::Error> {
    const BATCH: i64 = 500;
    let mut purged = 0;
    loop {
        let mut tx = db.pool().begin().await?;
        // The delete of the log comes first: SQLite takes its write lock at once.
        sqlx::query(
            "DELETE FROM webhook_deliveries WHERE event_id IN (SELECT id FROM webhook_events \
             WHERE state IN ('delivered', 'expired') AND created_at < $1 ORDER BY created_at LIMIT $2)",
        )
        .bind(before)
        .bind(BATCH)
        .execute(&mut *tx)
        .await?;
        // Only events whose log is gone: one that finished between the two statements keeps
        // its log and is taken by the next batch.
        let done = sqlx::query(
            "DELETE FROM webhook_events WHERE id IN (SELECT id FROM webhook_events \
             WHERE state IN ('delivered', 'expired') AND created_at < $1 ORDER BY created_at LIMIT $2) \
             AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id)",
        )
        .bind(before)
        .bind(BATCH)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        purged += done.rows_affected();
        if done.rows_affected() < BATCH as u64 {
            return Ok(purged);
        }
    }
}

/// One attempt as the delivery log shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub event_id: String,
    pub event: String,
    pub attempt: i64,
    pub at: i64,
    /// The receiver's status, or none when it could not be reached.
    pub status_code: Option<i64>,
    pub error: Option<String>,
    pub duration_ms: i64,
}

/// Every attempt for `job_id`'s events, oldest first.
pub async fn deliveries(db: &Db, job_id: &str) -> Result<Vec<Delivery>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT d.event_id, e.event, d.attempt, d.at, d.status_code, d.error, d.duration_ms \
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id \
         WHERE e.job_id = $1 ORDER BY d.at, d.id",
    )
    .bind(job_id)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Delivery {
                event_id: r.try_get("event_id")?,
                event: r.try_get("event")?,
                attempt: r.try_get("attempt")?,
                at: r.try_get("at")?,
                status_code: r.try_get("status_code")?,
                error: r.try_get("error")?,
                duration_ms: r.try_get("duration_ms")?,
            })
        })
        .collect()
}
