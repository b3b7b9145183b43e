//! Queries of what people do on pitch pages (`page_activity`: a count and first/last time per
//! page and action) and of where a page's events go (`page_webhooks`).

use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};

/// One action's tally on a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    pub action: String,
    pub count: i64,
    pub first_at: i64,
    pub last_at: i64,
}

fn tally(row: &sqlx::any::AnyRow) -> Result<Tally, sqlx::Error> {
    Ok(Tally {
        action: row.try_get("action")?,
        count: row.try_get("count")?,
        first_at: row.try_get("first_at")?,
        last_at: row.try_get("last_at")?,
    })
}

/// Records that the token with `nonce` did `action` on `page_id` at `at`, inside the caller's
/// transaction; `false` when that token already counted that action. The first statement of a
/// report's transaction, so SQLite takes its write lock at once instead of failing to upgrade
/// a read lock when another writer got there first.
pub async fn use_token_in(
    conn: &mut AnyConnection,
    (nonce, action): (&str, &str),
    page_id: &str,
    at: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO page_token_uses (nonce, action, page_id, used_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (nonce, action) DO NOTHING",
    )
    .bind(nonce)
    .bind(action)
    .bind(page_id)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets the uses of tokens issued before `before` (expired: they can count nothing more).
pub async fn forget_token_uses(db: &Db, before: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM page_token_uses WHERE used_at < $1").bind(before).execute(db.pool()).await?;
    Ok(done.rows_affected())
}

/// How many `event`s page `page_id` has written to the outbox since `since`.
pub async fn events_since(
    conn: &mut AnyConnection,
    page_id: &str,
    event: &str,
    since: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM webhook_events WHERE job_id = $1 AND event = $2 AND created_at >= $3")
        .bind(page_id)
        .bind(event)
        .bind(since)
        .fetch_one(conn)
        .await
}

/// Counts `action` on `page_id` at `at`, inside the caller's transaction; answers the count
/// it reached (1 for the first).
pub async fn count_in(conn: &mut AnyConnection, page_id: &str, action: &str, at: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO page_activity (page_id, action, count, first_at, last_at) VALUES ($1, $2, 1, $3, $3) \
         ON CONFLICT (page_id, action) DO UPDATE SET count = page_activity.count + 1, last_at = $3 \
         RETURNING count",
    )
    .bind(page_id)
    .bind(action)
    .bind(at)
    .fetch_one(conn)
    .await
}

/// Every action's tally on `page_id` (through `conn`, so a transaction reads its own counts).
pub async fn of_page(conn: &mut AnyConnection, page_id: &str) -> Result<Vec<Tally>, sqlx::Error> {
    let rows = sqlx::query("SELECT action, count, first_at, last_at FROM page_activity WHERE page_id = $1")
        .bind(page_id)
        .fetch_all(conn)
        .await?;
    rows.iter().map(tally).collect()
}

/// A pitch page of a key, with its tallies.
#[derive(Debug, Clone)]
pub struct KeyPage {
    pub id: String,
    pub title: String,
    pub created_at: i64,
    pub tallies: Vec<Tally>,
}

/// The newest `limit` pitch pages of `key_id`, newest first, each with its tallies.
pub async fn of_key(db: &Db, key_id: i64, limit: i64) -> Result<Vec<KeyPage>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT p.id, p.title, p.created_at, a.action, a.count, a.first_at, a.last_at FROM \
         (SELECT id, title, created_at FROM engine_pages WHERE api_key_id = $1 AND kind = 'pitch' \
          ORDER BY created_at DESC, id DESC LIMIT $2) p \
         LEFT JOIN page_activity a ON a.page_id = p.id ORDER BY p.created_at DESC, p.id DESC",
    )
    .bind(key_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    let mut pages: Vec<KeyPage> = Vec::new();
    for row in &rows {
        let id: String = row.try_get("id")?;
        if pages.last().is_none_or(|p| p.id != id) {
            pages.push(KeyPage {
                id,
                title: row.try_get("title")?,
                created_at: row.try_get("created_at")?,
                tallies: Vec::new(),
            });
        }
        if row.try_get::<Option<String>, _>("action")?.is_some() {
            pages.last_mut().expect("pushed above").tallies.push(tally(row)?);
        }
    }
    Ok(pages)
}

/// Where a page's events go and the secret that signs them.
#[derive(Debug, Clone)]
pub struct Hook {
    pub url: String,
    pub secret: String,
}

/// Records where page `page_id`'s events go, in the transaction that records the page.
pub async fn insert_hook_in(conn: &mut AnyConnection, page_id: &str, hook: &Hook) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO page_webhooks (page_id, url, secret, created_at) VALUES ($1, $2, $3, $4)")
        .bind(page_id)
        .bind(&hook.url)
        .bind(&hook.secret)
        .bind(now_ms())
        .execute(conn)
        .await?;
    Ok(())
}

/// Where page `page_id`'s events go, if anywhere.
pub async fn hook_of(conn: &mut AnyConnection, page_id: &str) -> Result<Option<Hook>, sqlx::Error> {
    let row = sqlx::query("SELECT url, secret FROM page_webhooks WHERE page_id = $1")
        .bind(page_id)
        .fetch_optional(conn)
        .await?;
    row.map(|r| Ok(Hook { url: r.try_get("url")?, secret: r.try_get("secret")? })).transpose()
}

/// The key that made pitch page `page_id`; `None` for any other page.
pub async fn pitch_of(conn: &mut AnyConnection, page_id: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT api_key_id FROM engine_pages WHERE id = $1 AND kind = 'pitch'")
        .bind(page_id)
        .fetch_optional(conn)
        .await
}
