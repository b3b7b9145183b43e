//! The `Idempotency-Key` middleware for keyed POST routes: claims a record keyed by the
//! route's operation (see `crate::idempotency`), runs the request detached so a client that
//! hangs up cannot leave the record `running`, and stores or replays the answer.

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
use crate::auth::Caller;
use crate::error::Error;
use crate::idempotency::{Begun, By, HEADER, REPLAYED_HEADER, Stored, begin, finish, keep_renewed};

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
    let (parts, body) = request.into_parts();
    let route = parts.extensions.get::<MatchedPath>().map(|p| p.as_str().to_owned());
    let policy = policy::lookup(&parts.method, route.as_deref());
    // The body is buffered to fingerprint it: within the route's own limit, not the default.
    let limit = policy.max_body.unwrap_or(state.settings.max_body_bytes);
    let body = to_bytes(body, limit).await.map_err(|_| Error::PayloadTooLarge.into_response())?;
    let path = parts.uri.path_and_query().map_or("", |p| p.as_str());
    let operation = policy.operation.map_or_else(|| format!("{} {path}", parts.method), str::to_string);
    let hash = crate::idempotency::fingerprint(&operation, &body);
    let db = state.db.clone();
    let request_id = super::observe::current_request_id().unwrap_or_default();
    let idem_key = idem_key.unwrap_or_default();
    let by = By { request: &request_id, holder: state.detached.holder() };
    let ticket = match begin(&db, key_id, &idem_key, &hash, by).await.map_err(IntoResponse::into_response)? {
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
        let stored = Stored { status: parts.status.as_u16(), content_type, body: body.to_vec() };
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
    response.headers_mut().insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
    response
}
