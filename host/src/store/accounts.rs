//! Queries of accounts (the people who hold keys: one per Telegram user, or made for a key by
//! an operator), their keys, their one-time sign-in links and their dashboard sessions. Only
//! hashes of link tokens and session ids are stored.

use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};
use crate::caller::Role;

/// An account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: i64,
    pub name: String,
    pub telegram_user_id: Option<i64>,
}

/// A key of an account, as its owner sees it (never the key).
#[derive(Debug, Clone)]
pub struct OwnedKey {
    pub id: i64,
    pub prefix: String,
    pub label: String,
    pub role: Role,
    pub brand: Option<String>,
    pub credits: i64,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    /// Credits above which its MCP calls ask first (`None`: never).
    pub confirm_above: Option<i64>,
}

fn account(row: &sqlx::any::AnyRow) -> Result<Account, sqlx::Error> {
    Ok(Account {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        telegram_user_id: row.try_get("telegram_user_id")?,
    })
}

/// The account of Telegram user `user_id`, made on first sight (named `name`).
pub async fn for_telegram(db: &Db, user_id: i64, name: &str) -> Result<Account, sqlx::Error> {
    sqlx::query(
        "INSERT INTO accounts (name, telegram_user_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (telegram_user_id) DO NOTHING",
    )
    .bind(name)
    .bind(user_id)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    let row = sqlx::query("SELECT id, name, telegram_user_id FROM accounts WHERE telegram_user_id = $1")
        .bind(user_id)
        .fetch_one(db.pool())
        .await?;
    account(&row)
}

/// The account with id `id`.
pub async fn get(db: &Db, id: i64) -> Result<Option<Account>, sqlx::Error> {
    let row = sqlx::query("SELECT id, name, telegram_user_id FROM accounts WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(account).transpose()
}

/// The name of the account holding key `key_id`, when the key has an account.
pub async fn name_of_key(db: &Db, key_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT accounts.name FROM api_keys JOIN accounts ON accounts.id = api_keys.account_id WHERE api_keys.id = $1",
    )
    .bind(key_id)
    .fetch_optional(db.pool())
    .await
}

/// A new account named `name`, holding no keys yet.
pub async fn insert_in(conn: &mut AnyConnection, name: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("INSERT INTO accounts (name, created_at) VALUES ($1, $2) RETURNING id")
        .bind(name)
        .bind(now_ms())
        .fetch_one(&mut *conn)
        .await
}

/// The account holding the key with public prefix `prefix`, made for it (named after its
/// label) when it has none; `None` when there is no such key.
pub async fn for_key(db: &Db, prefix: &str) -> Result<Option<Account>, sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    // The key's row is locked as it is read (an UPDATE that returns it): on SQLite a transaction
    // that reads and then writes fails at once (SQLITE_BUSY) when another writer committed in
    // between, and on PostgreSQL two first sights of one key would each make an account.
    let Some(row) =
        sqlx::query("UPDATE api_keys SET account_id = account_id WHERE prefix = $1 RETURNING id, label, account_id")
            .bind(prefix)
            .fetch_optional(&mut *tx)
            .await?
    else {
        return Ok(None);
    };
    let (key_id, label, owner): (i64, String, Option<i64>) =
        (row.try_get("id")?, row.try_get("label")?, row.try_get("account_id")?);
    let id = match owner {
        Some(id) => id,
        None => {
            let id = insert_in(&mut tx, if label.is_empty() { prefix } else { &label }).await?;
            adopt_in(&mut tx, id, key_id).await?;
            id
        }
    };
    tx.commit().await?;
    get(db, id).await
}

/// Takes the account's row lock for the rest of the transaction, so its key count is read
/// and changed by one minting at a time (on SQLite the write transaction is the lock).
pub async fn lock_in(conn: &mut AnyConnection, account_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE accounts SET name = name WHERE id = $1").bind(account_id).execute(&mut *conn).await?;
    Ok(())
}

/// The account's live (unrevoked) keys.
pub async fn active_keys_in(conn: &mut AnyConnection, account_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL")
        .bind(account_id)
        .fetch_one(&mut *conn)
        .await
}

/// Gives the key `key_id` to the account.
pub async fn adopt_in(conn: &mut AnyConnection, account_id: i64, key_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE api_keys SET account_id = $1 WHERE id = $2")
        .bind(account_id)
        .bind(key_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The account's live keys, newest first.
pub async fn keys(db: &Db, account_id: i64) -> Result<Vec<OwnedKey>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, prefix, label, role, brand_key, credits, created_at, last_used_at, confirm_above FROM api_keys \
         WHERE account_id = $1 AND revoked_at IS NULL ORDER BY id DESC",
    )
    .bind(account_id)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|row| {
            let role: String = row.try_get("role")?;
            Ok(OwnedKey {
                id: row.try_get("id")?,
                prefix: row.try_get("prefix")?,
                label: row.try_get("label")?,
                role: Role::parse(&role)
                    .ok_or_else(|| sqlx::Error::Decode(format!("stored key role {role:?}").into()))?,
                brand: row.try_get("brand_key")?,
                credits: row.try_get("credits")?,
                created_at: row.try_get("created_at")?,
                last_used_at: row.try_get("last_used_at")?,
                confirm_above: row.try_get("confirm_above")?,
            })
        })
        .collect()
}

/// Revokes the account's key with prefix `prefix`; false when it has no such live key.
pub async fn revoke(db: &Db, account_id: i64, prefix: &str) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE api_keys SET revoked_at = $1 WHERE prefix = $2 AND account_id = $3 AND revoked_at IS NULL")
            .bind(now_ms())
            .bind(prefix)
            .bind(account_id)
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets the credits above which the account's live key `prefix` asks before spending (`None`:
/// never); false when the account holds no such key.
pub async fn set_confirm_above(
    db: &Db,
    account_id: i64,
    prefix: &str,
    above: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE api_keys SET confirm_above = $1 WHERE prefix = $2 AND account_id = $3 AND revoked_at IS NULL",
    )
    .bind(above)
    .bind(prefix)
    .bind(account_id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The credits above which key `key_id` asks before spending, if its owner set any.
pub async fn confirm_above(db: &Db, key_id: i64) -> Result<Option<i64>, sqlx::Error> {
    let above: Option<Option<i64>> = sqlx::query_scalar("SELECT confirm_above FROM api_keys WHERE id = $1")
        .bind(key_id)
        .fetch_optional(db.pool())
        .await?;
    Ok(above.flatten())
}

/// Notes that key `key_id` was used now, unless that was noted in the last `within_ms`: one
/// write per key a minute at most, not one per request.
pub async fn touch_key(db: &Db, key_id: i64, within_ms: i64) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query("UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at < $3)")
        .bind(now)
        .bind(key_id)
        .bind(now - within_ms)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Records a sign-in link (the hash of its token).
pub async fn insert_link(db: &Db, token_hash: &str, account_id: i64, expires_at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO login_links (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(token_hash)
        .bind(account_id)
        .bind(now_ms())
        .bind(expires_at)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Uses the link whose token hashes to `token_hash` once, if it is unused and unexpired, and
/// opens a session with it in the same transaction; the session's account, or `None`.
pub async fn redeem_link(db: &Db, token_hash: &str, session: &NewSession<'_>) -> Result<Option<i64>, sqlx::Error> {
    let now = now_ms();
    let mut tx = db.pool().begin().await?;
    let account_id: Option<i64> = sqlx::query_scalar(
        "UPDATE login_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 \
         RETURNING account_id",
    )
    .bind(now)
    .bind(token_hash)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(account_id) = account_id else { return Ok(None) };
    sqlx::query(
        "INSERT INTO dashboard_sessions (id_hash, account_id, csrf, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(session.id_hash)
    .bind(account_id)
    .bind(session.csrf)
    .bind(now)
    .bind(session.expires_at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(account_id))
}

/// A session to open.
pub struct NewSession<'a> {
    pub id_hash: &'a str,
    pub csrf: &'a str,
    pub expires_at: i64,
}

/// A live session: whose, and its CSRF token.
#[derive(Debug, Clone)]
pub struct Session {
    pub account_id: i64,
    pub csrf: String,
}

/// The unexpired session whose id hashes to `id_hash`.
pub async fn session(db: &Db, id_hash: &str) -> Result<Option<Session>, sqlx::Error> {
    let row = sqlx::query("SELECT account_id, csrf FROM dashboard_sessions WHERE id_hash = $1 AND expires_at > $2")
        .bind(id_hash)
        .bind(now_ms())
        .fetch_optional(db.pool())
        .await?;
    row.map(|row| Ok(Session { account_id: row.try_get("account_id")?, csrf: row.try_get("csrf")? })).transpose()
}

/// Ends a session.
pub async fn end_session(db: &Db, id_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM dashboard_sessions WHERE id_hash = $1").bind(id_hash).execute(db.pool()).await?;
    Ok(())
}

/// Forgets expired links and sessions; how many rows went.
pub async fn sweep(db: &Db) -> Result<u64, sqlx::Error> {
    let now = now_ms();
    let links = sqlx::query("DELETE FROM login_links WHERE expires_at <= $1").bind(now).execute(db.pool()).await?;
    let sessions =
        sqlx::query("DELETE FROM dashboard_sessions WHERE expires_at <= $1").bind(now).execute(db.pool()).await?;
    Ok(links.rows_affected() + sessions.rows_affected())
}

/// Something an account's keys made: a meme, or a job (a page, a video, an asset).
#[derive(Debug, Clone)]
pub struct Work {
    pub kind: String,
    pub title: String,
    pub state: String,
    pub created_at: i64,
    /// Where to see it: (name, URL path or URL).
    pub links: Vec<(String, String)>,
}

/// Where a job's outputs are seen: the page and its captions (`pageId`), the video and its
/// page (`renderId`), and any field ending in `Url` (`pageUrl`, `mp4Url`, …).
fn links_of(result: &serde_json::Value) -> Vec<(String, String)> {
    let mut links = Vec::new();
    let id =
        |field: &str| result[field].as_str().filter(|id| id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    if let Some(page) = id("pageId") {
        links.push(("page".into(), format!("/m/{page}")));
        links.push(("captions".into(), format!("/m/{page}/captions.vtt")));
    }
    if let Some(render) = id("renderId") {
        links.push(("video".into(), format!("/v/{render}")));
        links.push(("mp4".into(), format!("/v/{render}/video.mp4")));
    }
    let named = result.as_object().into_iter().flatten().filter_map(|(name, value)| {
        let url = value.as_str().filter(|url| url.starts_with('/') || url.starts_with("http"))?;
        Some((name.strip_suffix("Url")?.to_string(), url.to_string()))
    });
    for (name, url) in named {
        if !links.iter().any(|(_, known)| *known == url) {
            links.push((name, url));
        }
    }
    links
}

/// The account's `limit` most recent memes and jobs, newest first.
pub async fn recent_work(db: &Db, account_id: i64, limit: i64) -> Result<Vec<Work>, sqlx::Error> {
    let memes = sqlx::query(
        "SELECT m.id, m.kind, m.title, m.created_at FROM memes m JOIN api_keys k ON k.id = m.api_key_id \
         WHERE k.account_id = $1 ORDER BY m.created_at DESC LIMIT $2",
    )
    .bind(account_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    let jobs = sqlx::query(
        "SELECT j.kind, j.state, j.result, j.created_at FROM jobs j JOIN api_keys k ON k.id = j.api_key_id \
         WHERE k.account_id = $1 ORDER BY j.created_at DESC LIMIT $2",
    )
    .bind(account_id)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    let mut work = Vec::with_capacity(memes.len() + jobs.len());
    for row in &memes {
        let id: String = row.try_get("id")?;
        work.push(Work {
            kind: format!("meme ({})", row.try_get::<String, _>("kind")?),
            title: row.try_get("title")?,
            state: "done".into(),
            created_at: row.try_get("created_at")?,
            links: vec![("page".into(), format!("/memes/{id}"))],
        });
    }
    for row in &jobs {
        let result: Option<String> = row.try_get("result")?;
        let result: serde_json::Value = result.and_then(|r| serde_json::from_str(&r).ok()).unwrap_or_default();
        let links = links_of(&result);
        work.push(Work {
            kind: row.try_get("kind")?,
            title: result["title"].as_str().unwrap_or_default().to_string(),
            state: row.try_get("state")?,
            created_at: row.try_get("created_at")?,
            links,
        });
    }
    work.sort_by_key(|w| std::cmp::Reverse(w.created_at));
    work.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(work)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jobs_links_name_its_page_captions_and_video() {
        let result = serde_json::json!({"pageId": "p1", "renderId": "r_2", "mp4Url": "/v/r_2/video.mp4", "title": "x"});
        let names: Vec<(String, String)> = links_of(&result);
        assert_eq!(
            names,
            [("page", "/m/p1"), ("captions", "/m/p1/captions.vtt"), ("video", "/v/r_2"), ("mp4", "/v/r_2/video.mp4")]
                .map(|(n, u)| (n.to_string(), u.to_string()))
        );
        assert!(links_of(&serde_json::json!({"pageId": "../x"})).is_empty(), "an id that is no id links nowhere");
    }
}
