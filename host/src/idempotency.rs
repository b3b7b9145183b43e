//! `Idempotency-Key`: a POST carrying one is executed and charged at most once per key.
//!
//! The first request with a key claims a record (`running`); a repeat with the same body gets
//! the stored response back, with a different body 422, and while the first still runs 409.
//! Only successful responses are stored: an error changed nothing (no charge, no state), so the
//! record is released and the client may retry with the same key once it has fixed the cause.
//! Records are scoped to the API key and kept 48 hours. A record left `running` by a process
//! that died is taken over after its lease of five minutes.

use axum::{
    body::{Body, to_bytes},
    extract::{Request, State},
    http::{HeaderValue, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use sha2::{Digest, Sha256};
use sqlx::Row;
use tracing::Instrument;

use crate::app::AppState;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::observe::with_request_id;
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

/// The fingerprint of a request: method, path with query, and body.
pub fn fingerprint(method: &str, path: &str, body: &[u8]) -> String {
    let mut hasher = Sha256::new();
    for part in [method.as_bytes(), b"\n", path.as_bytes(), b"\n", body] {
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

fn valid_key(key: &str) -> bool {
    (1..=255).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic())
}

/// Middleware on keyed POST routes that honours `Idempotency-Key`.
pub async fn idempotent(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let caller = request.extensions().get::<Caller>().cloned();
    let idem_key = request.headers().get(HEADER).map(|v| v.to_str().map(str::to_owned));
    let (Some(caller), Some(idem_key), true) = (caller, idem_key, request.method() == "POST") else {
        return next.run(request).await;
    };
    match run_once(state, caller, idem_key.ok(), request, next).await {
        Ok(response) | Err(response) => response,
    }
}

async fn run_once(
    state: AppState,
    caller: Caller,
    idem_key: Option<String>,
    request: Request,
    next: Next,
) -> Result<Response, Response> {
    let key_id = caller.key_id;
    let idem_key = idem_key.filter(|k| valid_key(k)).ok_or_else(|| {
        ApiError::bad_request("invalid_idempotency_key", "`Idempotency-Key` must be 1 to 255 visible ASCII characters.")
            .into_response()
    })?;
    let (parts, body) = request.into_parts();
    let body =
        to_bytes(body, state.settings.max_body_bytes).await.map_err(|_| ApiError::PayloadTooLarge.into_response())?;
    let path = parts.uri.path_and_query().map_or("", |p| p.as_str());
    let hash = fingerprint(parts.method.as_str(), path, &body);
    let db = state.db.clone();
    let idem_key_for_work = idem_key.clone();
    match claim(&db, key_id, &idem_key, &hash).await.map_err(|e| ApiError::from(e).into_response())? {
        Claim::Fresh => {}
        Claim::Replay(stored) => return Ok(replay(stored)),
        Claim::Mismatch => {
            return Err(ApiError::Unprocessable {
                code: "idempotency_key_reused",
                message: "This Idempotency-Key was already used for a different request.".into(),
            }
            .into_response());
        }
        Claim::InProgress => {
            return Err(ApiError::Conflict {
                code: "idempotency_in_progress",
                message: "A request with this Idempotency-Key is still running; retry shortly.".into(),
            }
            .into_response());
        }
    }
    // Detached, so a client that hangs up cannot leave the record `running`.
    let request = Request::from_parts(parts, Body::from(body));
    let work = async move {
        let response = next.run(request).await;
        let (parts, body) = response.into_parts();
        let body = to_bytes(body, usize::MAX).await.unwrap_or_default();
        let recorded = if parts.status.is_success() {
            let content_type = parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
            let stored = Stored { status: parts.status.as_u16(), content_type, body: body.to_vec() };
            complete(&db, key_id, &idem_key_for_work, &stored).await
        } else {
            release(&db, key_id, &idem_key_for_work).await
        };
        if let Err(e) = recorded {
            tracing::error!(error = %e, "could not record the idempotent outcome");
        }
        Response::from_parts(parts, Body::from(body))
    };
    let outcome = tokio::spawn(with_request_id(work).instrument(tracing::Span::current())).await;
    match outcome {
        Ok(response) => Ok(response),
        Err(e) => {
            if let Err(db_error) = release(&state.db, key_id, &idem_key).await {
                tracing::error!(error = %db_error, "could not release the idempotency key");
            }
            Err(ApiError::internal(format!("idempotent request task: {e}")).into_response())
        }
    }
}

fn replay(stored: Stored) -> Response {
    let status = axum::http::StatusCode::from_u16(stored.status).unwrap_or(axum::http::StatusCode::OK);
    let mut response = (status, stored.body).into_response();
    if let Some(ct) = stored.content_type.and_then(|ct| HeaderValue::from_str(&ct).ok()) {
        response.headers_mut().insert(header::CONTENT_TYPE, ct);
    }
    response.headers_mut().insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
    response
}
