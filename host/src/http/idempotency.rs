//! The `Idempotency-Key` middleware for keyed POST routes, and the x402 payment identifier's
//! outside the x402 layer: each claims a record keyed by the route's operation (see
//! `crate::idempotency`), runs the request detached so a client that hangs up cannot leave the
//! record `running`, and stores or replays the answer (a payment's receipt included).

use axum::{
    body::{Body, to_bytes},
    extract::{MatchedPath, Request, State},
    http::{HeaderValue, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use tracing::Instrument;

use super::AppState;
use super::observe::with_request_id;
use super::policy;
use super::x402::{PAYMENT_RESPONSE, PAYMENT_SIGNATURE, X_PAYMENT_RESPONSE};
use crate::auth::Caller;
use crate::billing::x402::wire;
use crate::error::Error;
use crate::idempotency::{Begun, By, HEADER, REPLAYED_HEADER, Stored, begin, begin_paid, finish, keep_renewed};

/// The record a request claims.
enum Record {
    /// Its `Idempotency-Key`.
    Key(String),
    /// Its x402 payment identifier, with the payment header it came in (part of what a replay
    /// must match).
    Payment { id: String, payload: String },
}

/// Middleware on keyed POST routes that honours `Idempotency-Key`.
pub async fn idempotent(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let caller = request.extensions().get::<Caller>().cloned();
    let idem_key = request.headers().get(HEADER).map(|v| v.to_str().map(str::to_owned));
    let (Some(caller), Some(idem_key), true) = (caller, idem_key, request.method() == "POST") else {
        return next.run(request).await;
    };
    match run_once(state, caller.key_id, Record::Key(idem_key.unwrap_or_default()), request, next).await {
        Ok(response) | Err(response) => response,
    }
}

/// Middleware outside the x402 layer that honours the `payment-identifier` extension of an x402
/// v2 payment: the same payment sent again is answered what it was answered (its receipt
/// included) without being verified or settled again; before verification, since a settled
/// payment's authorization would not verify twice.
pub async fn paid_once(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let payload = request.headers().get(PAYMENT_SIGNATURE).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let raw: Option<serde_json::Value> = payload.as_deref().and_then(|text| wire::from_base64(text).ok());
    let id = raw.as_ref().and_then(wire::payment_identifier);
    let matched = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned());
    let paid_route = state.x402.is_some() && policy::lookup(request.method(), matched.as_deref()).takes_x402();
    let (Some(id), Some(payload), Some(raw), true) = (id, payload, raw, paid_route && request.method() == "POST")
    else {
        return next.run(request).await;
    };
    // A payer without a key keeps its records under its wallet's principal, as its payments.
    let key_id = match request.extensions().get::<Caller>() {
        Some(caller) => caller.key_id,
        None => match wire::parse(raw, 2) {
            Ok(presented) => match crate::store::keys::wallet(&state.db, &presented.payer()).await {
                Ok(wallet) => wallet.key_id,
                Err(e) => return Error::from(e).into_response(),
            },
            // Malformed: the x402 layer says why.
            Err(_) => return next.run(request).await,
        },
    };
    match run_once(state, key_id, Record::Payment { id, payload }, request, next).await {
        Ok(response) | Err(response) => response,
    }
}

async fn run_once(
    state: AppState,
    key_id: i64,
    record: Record,
    request: Request,
    next: Next,
) -> Result<Response, Response> {
    let (parts, body) = request.into_parts();
    let route = parts.extensions.get::<MatchedPath>().map(|p| p.as_str().to_owned());
    let policy = policy::lookup(&parts.method, route.as_deref());
    // The body is buffered to fingerprint it: within the route's own limit, not the default.
    let limit = policy.max_body.unwrap_or(state.settings.max_body_bytes);
    let body = to_bytes(body, limit).await.map_err(|_| Error::PayloadTooLarge.into_response())?;
    let path = parts.uri.path_and_query().map_or("", |p| p.as_str());
    let operation = policy.operation.map_or_else(|| format!("{} {path}", parts.method), str::to_string);
    let db = state.db.clone();
    let request_id = super::observe::current_request_id().unwrap_or_default();
    let by = By { request: &request_id, holder: state.detached.holder() };
    let begun = match &record {
        Record::Key(idem_key) => {
            begin(&db, key_id, idem_key, &crate::idempotency::fingerprint(&operation, &body), by).await
        }
        Record::Payment { id, payload } => {
            let hash = crate::idempotency::fingerprint(&operation, &[&body[..], b"\n", payload.as_bytes()].concat());
            begin_paid(&db, key_id, id, &hash, by).await
        }
    };
    let ticket = match begun.map_err(IntoResponse::into_response)? {
        Begun::Fresh(ticket) => ticket,
        Begun::Replay(stored) => return Ok(replay(stored)),
    };
    // Detached, so a client that hangs up cannot leave the record `running`; the lease is
    // renewed while it runs, so a slow request is never taken over and run twice.
    let request = Request::from_parts(parts, Body::from(body));
    let held = ticket.clone();
    let work = async move {
        let renewing = tokio::spawn(keep_renewed(db.clone(), held.clone()));
        let response = next.run(request).await;
        renewing.abort();
        let (parts, body) = response.into_parts();
        let body = to_bytes(body, usize::MAX).await.unwrap_or_default();
        let content_type = parts.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let headers = [PAYMENT_RESPONSE, X_PAYMENT_RESPONSE]
            .iter()
            .filter_map(|name| Some((name.to_string(), parts.headers.get(*name)?.to_str().ok()?.to_string())))
            .collect();
        let stored = Stored { status: parts.status.as_u16(), content_type, body: body.to_vec(), headers };
        finish(&db, &held, parts.status.is_success().then_some(&stored)).await;
        Response::from_parts(parts, Body::from(body))
    };
    let outcome = state.detached.spawn(with_request_id(work).instrument(tracing::Span::current())).await;
    match outcome {
        Ok(response) => Ok(response),
        Err(e) => {
            if let Err(db_error) = ticket.release(&state.db).await {
                tracing::error!(error = %db_error, "could not release the idempotency key");
            }
            Err(Error::internal(format!("idempotent request task: {e}")).into_response())
        }
    }
}

fn replay(stored: Stored) -> Response {
    let status = axum::http::StatusCode::from_u16(stored.status).unwrap_or(axum::http::StatusCode::OK);
    let mut response = (status, stored.body).into_response();
    if let Some(ct) = stored.content_type.and_then(|ct| HeaderValue::from_str(&ct).ok()) {
        response.headers_mut().insert(header::CONTENT_TYPE, ct);
    }
    for (name, value) in stored.headers {
        if let (Ok(name), Ok(value)) = (header::HeaderName::try_from(name), HeaderValue::from_str(&value)) {
            response.headers_mut().insert(name, value);
        }
    }
    response.headers_mut().insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
    response
}
