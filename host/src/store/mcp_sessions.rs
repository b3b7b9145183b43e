//! Queries of MCP 2025-11-25 sessions (`mcp_sessions`): what a client declared when it
//! initialized, the key it belongs to, when it was last used; and the answers its client
//! posted to questions (`mcp_answers`) until the replica that asked takes them.

use sqlx::Row;

use super::{Db, now_ms};

/// Records session `id` as initialized with `state` (owned by no key until [`own`]).
pub async fn save(db: &Db, id: &str, state: &str) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO mcp_sessions (id, state, created_at, seen_at) VALUES ($1, $2, $3, $3) \
         ON CONFLICT (id) DO UPDATE SET state = excluded.state, seen_at = excluded.seen_at",
    )
    .bind(id)
    .bind(state)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// What session `id` was initialized with, if it is known.
pub async fn load(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT state FROM mcp_sessions WHERE id = $1").bind(id).fetch_optional(db.pool()).await?;
    row.map(|row| row.try_get("state")).transpose()
}

/// Forgets session `id`.
pub async fn delete(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM mcp_sessions WHERE id = $1").bind(id).execute(db.pool()).await?;
    Ok(())
}

/// Gives session `id`, just handed out, to key `key_id` (a session already owned stays so).
pub async fn own(db: &Db, id: &str, key_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE mcp_sessions SET api_key_id = $1 WHERE id = $2 AND api_key_id IS NULL")
        .bind(key_id)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Whether session `id` is key `key_id`'s; marks it used now (at most once a minute: a
/// session's requests read, they do not each write).
pub async fn seen(db: &Db, id: &str, key_id: i64) -> Result<bool, sqlx::Error> {
    let row = sqlx::query("SELECT seen_at FROM mcp_sessions WHERE id = $1 AND api_key_id = $2")
        .bind(id)
        .bind(key_id)
        .fetch_optional(db.pool())
        .await?;
    let Some(seen_at) = row.map(|row| row.try_get::<i64, _>("seen_at")).transpose()? else { return Ok(false) };
    let now = now_ms();
    if seen_at < now - 60_000 {
        sqlx::query("UPDATE mcp_sessions SET seen_at = $1 WHERE id = $2").bind(now).bind(id).execute(db.pool()).await?;
    }
    Ok(true)
}

/// Keeps `message`, a client's answer posted on session `id`, for the call waiting on it.
pub async fn post_answer(db: &Db, id: &str, message: &str) -> Result<(), sqlx::Error> {
    let mut key = [0u8; 16];
    rand::fill(&mut key);
    sqlx::query("INSERT INTO mcp_answers (id, session_id, message, created_at) VALUES ($1, $2, $3, $4)")
        .bind(hex::encode(key))
        .bind(id)
        .bind(message)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Takes the answers posted on session `id`: each is taken once, by whichever process asks first.
pub async fn take_answers(db: &Db, id: &str) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query("DELETE FROM mcp_answers WHERE session_id = $1 RETURNING message")
        .bind(id)
        .fetch_all(db.pool())
        .await?;
    rows.iter().map(|row| row.try_get("message")).collect()
}

/// Forgets the sessions unused for `idle_ms`, and the answers no one took within an hour;
/// answers how many.
pub async fn purge(db: &Db, idle_ms: i64) -> Result<u64, sqlx::Error> {
    let now = now_ms();
    let sessions =
        sqlx::query("DELETE FROM mcp_sessions WHERE seen_at < $1").bind(now - idle_ms).execute(db.pool()).await?;
    let answers =
        sqlx::query("DELETE FROM mcp_answers WHERE created_at < $1").bind(now - 3_600_000).execute(db.pool()).await?;
    Ok(sessions.rows_affected() + answers.rows_affected())
}
