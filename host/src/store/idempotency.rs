//! Queries of `Idempotency-Key` records (`idempotency_keys`); what the records mean, their
//! lease and their retention are `idempotency`'s.

use sqlx::Row;

use super::Db;

/// A stored successful response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
    /// Headers replayed with it besides its type: an x402 payment's receipt.
    pub headers: Vec<(String, String)>,
}

/// Times of a claim, in Unix milliseconds.
pub struct ClaimTimes {
    pub now: i64,
    /// Until when the claimed record blocks repeats.
    pub locked_until: i64,
    /// Records created before this are past their retention and may be taken over.
    pub expired_before: i64,
}

/// Takes the record of `idem_key` for the request `hash` of key `key_id` under `token` (unique
/// to this claim) for request `request_id` of process instance `holder`: writes a fresh `running` record, or takes over one
/// that was abandoned (`running` past its lease, with no payment of its request held or taken:
/// a held one may still be taken, a taken one paid for work that is done) or expired. False
/// when a live record is there.
pub async fn take(
    db: &Db,
    key_id: i64,
    idem_key: &str,
    hash: &str,
    (token, request_id, holder): (&str, &str, &str),
    times: &ClaimTimes,
) -> Result<bool, sqlx::Error> {
    let taken = sqlx::query(
        "INSERT INTO idempotency_keys (api_key_id, idem_key, request_hash, state, locked_until, created_at, \
           claim_token, request_id, holder) \
         VALUES ($1, $2, $3, 'running', $4, $5, $7, $8, $9) \
         ON CONFLICT (api_key_id, idem_key) DO UPDATE SET \
           request_hash = excluded.request_hash, state = 'running', status_code = NULL, \
           content_type = NULL, response_body = NULL, response_headers = NULL, \
           locked_until = excluded.locked_until, created_at = excluded.created_at, \
           claim_token = excluded.claim_token, request_id = excluded.request_id, holder = excluded.holder \
         WHERE (idempotency_keys.state = 'running' AND idempotency_keys.locked_until < $5 \
                AND NOT EXISTS (SELECT 1 FROM payment_intents p WHERE p.api_key_id = idempotency_keys.api_key_id \
                  AND p.request_id = idempotency_keys.request_id AND p.state IN ('authorized', 'captured'))) \
            OR idempotency_keys.created_at < $6 \
         RETURNING api_key_id",
    )
    .bind(key_id)
    .bind(idem_key)
    .bind(hash)
    .bind(times.locked_until)
    .bind(times.now)
    .bind(times.expired_before)
    .bind(token)
    .bind(request_id)
    .bind(holder)
    .fetch_optional(db.pool())
    .await?;
    Ok(taken.is_some())
}

/// Extends the lease of the claim `token` holds to `locked_until`; false when the claim is not
/// its any more (taken over) or no longer running.
pub async fn renew(db: &Db, key_id: i64, idem_key: &str, token: &str, locked_until: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE idempotency_keys SET locked_until = $4 \
         WHERE api_key_id = $1 AND idem_key = $2 AND claim_token = $3 AND state = 'running'",
    )
    .bind(key_id)
    .bind(idem_key)
    .bind(token)
    .bind(locked_until)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A live record.
pub struct Record {
    pub request_hash: String,
    /// The stored answer; `None` while the request still runs.
    pub response: Option<Stored>,
    /// Still `running` past its lease, yet its request's payment was taken (or its job, paid,
    /// is queued): the work is done or will be, and the process that answered stopped before
    /// storing the answer.
    pub answer_lost: bool,
}

/// The record of `idem_key` for key `key_id`, if there is one, as of `now`.
pub async fn get(db: &Db, key_id: i64, idem_key: &str, now: i64) -> Result<Option<Record>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT request_hash, state, status_code, content_type, response_body, response_headers, \
           CAST(CASE WHEN state = 'running' AND locked_until < $3 AND EXISTS (SELECT 1 FROM payment_intents p \
             WHERE p.api_key_id = k.api_key_id AND p.request_id = k.request_id \
               AND (p.state = 'captured' OR (p.state = 'authorized' AND p.job_id IS NOT NULL))) \
           THEN 1 ELSE 0 END AS BIGINT) AS answer_lost \
         FROM idempotency_keys k WHERE api_key_id = $1 AND idem_key = $2",
    )
    .bind(key_id)
    .bind(idem_key)
    .bind(now)
    .fetch_optional(db.pool())
    .await?;
    row.map(|row| {
        let response = if row.try_get::<String, _>("state")? == "running" {
            None
        } else {
            let status: i64 = row.try_get("status_code")?;
            Some(Stored {
                status: u16::try_from(status).unwrap_or(200),
                content_type: row.try_get("content_type")?,
                body: row.try_get("response_body")?,
                headers: row
                    .try_get::<Option<String>, _>("response_headers")?
                    .and_then(|text| serde_json::from_str(&text).ok())
                    .unwrap_or_default(),
            })
        };
        let answer_lost = row.try_get::<i64, _>("answer_lost")? == 1;
        Ok(Record { request_hash: row.try_get("request_hash")?, response, answer_lost })
    })
    .transpose()
}

/// Stores the successful response of the request whose claim `token` holds; false when the
/// claim is not its any more.
pub async fn complete(
    db: &Db,
    key_id: i64,
    idem_key: &str,
    token: &str,
    response: &Stored,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE idempotency_keys SET state = 'done', status_code = $4, content_type = $5, response_body = $6, \
           response_headers = $7 \
         WHERE api_key_id = $1 AND idem_key = $2 AND claim_token = $3 AND state = 'running'",
    )
    .bind(key_id)
    .bind(idem_key)
    .bind(token)
    .bind(i64::from(response.status))
    .bind(response.content_type.as_deref())
    .bind(response.body.as_slice())
    .bind((!response.headers.is_empty()).then(|| serde_json::to_string(&response.headers).unwrap_or_default()))
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Frees the key whose claim `token` holds (its request failed), so the client may retry with
/// it; false when the claim is not its any more.
pub async fn release(db: &Db, key_id: i64, idem_key: &str, token: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM idempotency_keys \
         WHERE api_key_id = $1 AND idem_key = $2 AND claim_token = $3 AND state = 'running'",
    )
    .bind(key_id)
    .bind(idem_key)
    .bind(token)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes the records created before `created_before` that are done or whose lease passed
/// `now`; returns how many.
pub async fn purge(db: &Db, created_before: i64, now: i64) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM idempotency_keys WHERE created_at < $1 AND (state = 'done' OR locked_until < $2)")
            .bind(created_before)
            .bind(now)
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected())
}

/// Ends at once the leases of `running` records an earlier run of process instance `holder`
/// left (it died mid-call), or with `None` of every running record (one process serves a
/// SQLite database). A repeat then answers what became of the work instead of "still
/// running" until the lease passes. Returns how many.
pub async fn expire_own(db: &Db, holder: Option<&str>) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("UPDATE idempotency_keys SET locked_until = 0 WHERE state = 'running' AND ($2 = 1 OR holder = $1)")
            .bind(holder.unwrap_or_default())
            .bind(i64::from(holder.is_none()))
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected())
}
