//! The one error type at the HTTP boundary and the one JSON body every error is answered with.
//!
//! Every failure the service returns — validation, auth, credits, limits, unknown routes,
//! framework rejections, panics — leaves as `{"success":false,"code","message","requestId"}`
//! (plus `details` where a client can act on them). Internal errors are logged with their
//! cause and answered generically, so SQL, paths and stack traces never reach a client.

use axum::{
    Json,
    extract::{FromRequest, Request, rejection::JsonRejection},
    http::{HeaderName, HeaderValue, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::limits::Decision;
use crate::observe::current_request_id;

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// Always `false`, matching `success: true` on success bodies.
    pub success: bool,
    /// Stable machine-readable code, e.g. `insufficient_credits`, `rate_limited`.
    #[schema(example = "insufficient_credits")]
    pub code: String,
    /// Human-readable explanation; wording may change, `code` does not.
    pub message: String,
    /// The request id, also sent as the `x-request-id` header; quote it in support requests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// Machine-readable specifics the client can act on (e.g. `needed`, `balance`, `retryAfter`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
}

/// Everything a handler or middleware can fail with. Each variant names its status.
#[derive(Debug)]
pub enum ApiError {
    /// 400: malformed body, wrong content type, failed validation.
    BadRequest { code: &'static str, message: String },
    /// 401: the `x-api-key` header is missing, empty or unknown.
    Unauthorized { code: &'static str, message: &'static str },
    /// 402: the key's balance is below the price of the call.
    InsufficientCredits { needed: i64, balance: i64 },
    /// 403: the key is valid but may not do this.
    Forbidden { code: &'static str, message: String },
    /// 404: no such route, or a resource that does not exist for this key.
    NotFound { message: String },
    /// 410: it existed and is gone for good (an expired MP4).
    Gone { message: String },
    /// 405: the route exists with other methods.
    MethodNotAllowed,
    /// 409: a request with the same `Idempotency-Key` is still being executed.
    Conflict { code: &'static str, message: String },
    /// 413: the body is larger than the configured limit.
    PayloadTooLarge,
    /// 422: an `Idempotency-Key` was reused with a different request.
    Unprocessable { code: &'static str, message: String },
    /// 429: over a rate limit; carries the limiter's decision for the headers.
    RateLimited { group: &'static str, decision: Decision },
    /// 502: a generator failed (trap, timeout, exhausted budget, invalid output); nothing was
    /// charged and retrying may succeed.
    BadGateway { code: &'static str, message: String },
    /// 429: every sandbox or renderer slot is busy; retry shortly.
    Busy { message: &'static str },
    /// 429: the render queue is past its threshold; nothing was charged.
    RendererBusy { retry_after_secs: u64 },
    /// 501: a listed service that is not available yet.
    ComingSoon { service: &'static str },
    /// 503: a dependency is unavailable for the moment; retrying is safe.
    Unavailable { message: &'static str },
    /// 500: anything unexpected. The cause is logged, never sent.
    Internal(String),
}

impl ApiError {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest { code, message: message.into() }
    }

    pub fn internal(cause: impl std::fmt::Display) -> Self {
        Self::Internal(cause.to_string())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized { .. } => StatusCode::UNAUTHORIZED,
            Self::InsufficientCredits { .. } => StatusCode::PAYMENT_REQUIRED,
            Self::Forbidden { .. } => StatusCode::FORBIDDEN,
            Self::NotFound { .. } => StatusCode::NOT_FOUND,
            Self::Gone { .. } => StatusCode::GONE,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::ComingSoon { .. } => StatusCode::NOT_IMPLEMENTED,
            Self::BadGateway { .. } => StatusCode::BAD_GATEWAY,
            Self::Busy { .. } | Self::RendererBusy { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The generic error for a bare status produced outside our handlers (framework, layers).
    pub fn from_status(status: StatusCode) -> Self {
        match status {
            StatusCode::NOT_FOUND => Self::NotFound { message: "No such route.".into() },
            StatusCode::METHOD_NOT_ALLOWED => Self::MethodNotAllowed,
            StatusCode::PAYLOAD_TOO_LARGE => Self::PayloadTooLarge,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => Self::bad_request(
                "invalid_content_type",
                "Send the body as JSON with `Content-Type: application/json`.",
            ),
            StatusCode::SERVICE_UNAVAILABLE => Self::Unavailable { message: "The service is busy; retrying is safe." },
            s if s.is_client_error() => {
                Self::bad_request("bad_request", s.canonical_reason().unwrap_or("Bad request."))
            }
            s => Self::Internal(format!("bare {s} response from a layer")),
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. }
            | Self::Unauthorized { code, .. }
            | Self::Forbidden { code, .. }
            | Self::Conflict { code, .. }
            | Self::Unprocessable { code, .. }
            | Self::BadGateway { code, .. } => code,
            Self::Busy { .. } => "busy",
            Self::RendererBusy { .. } => "renderer_busy",
            Self::InsufficientCredits { .. } => "insufficient_credits",
            Self::NotFound { .. } => "not_found",
            Self::Gone { .. } => "gone",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::PayloadTooLarge => "payload_too_large",
            Self::RateLimited { .. } => "rate_limited",
            Self::ComingSoon { .. } => "coming_soon",
            Self::Unavailable { .. } => "unavailable",
            Self::Internal(_) => "internal_error",
        }
    }

    fn message_and_details(&self) -> (String, Option<Value>) {
        match self {
            Self::BadRequest { message, .. }
            | Self::Forbidden { message, .. }
            | Self::NotFound { message }
            | Self::Gone { message }
            | Self::Conflict { message, .. }
            | Self::Unprocessable { message, .. }
            | Self::BadGateway { message, .. } => (message.clone(), None),
            Self::Busy { message } => ((*message).into(), None),
            Self::RendererBusy { retry_after_secs } => (
                format!("The renderer is busy; nothing was charged. Retry in {retry_after_secs} s."),
                Some(json!({ "retryAfter": retry_after_secs })),
            ),
            Self::Unauthorized { message, .. } => ((*message).into(), None),
            Self::InsufficientCredits { needed, balance } => (
                format!("This call costs {needed} credits and the key has {balance}."),
                Some(json!({ "needed": needed, "balance": balance })),
            ),
            Self::MethodNotAllowed => ("This route does not accept that method.".into(), None),
            Self::PayloadTooLarge => ("The request body is too large.".into(), None),
            Self::RateLimited { group, decision } => (
                format!(
                    "Rate limit of {} requests per {} s reached for the `{group}` group.",
                    decision.limit, decision.window_secs
                ),
                Some(json!({
                    "group": group,
                    "limit": decision.limit,
                    "windowSeconds": decision.window_secs,
                    "retryAfter": decision.retry_after_secs,
                })),
            ),
            Self::ComingSoon { service } => (
                format!("The {service} service is coming soon and is not available yet; nothing was charged."),
                Some(json!({ "service": service })),
            ),
            Self::Unavailable { message } => ((*message).into(), None),
            Self::Internal(_) => ("Something went wrong on our side.".into(), None),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let request_id = current_request_id();
        if let Self::Internal(cause) = &self {
            tracing::error!(%cause, "internal error");
        }
        let (message, details) = self.message_and_details();
        let body = ErrorBody { success: false, code: self.code().into(), message, request_id, details };
        let mut response = (status, Json(body)).into_response();
        if let Self::RateLimited { group, decision } = &self {
            decision.write_headers(group, response.headers_mut());
        }
        if let Self::RendererBusy { retry_after_secs } = &self {
            response.headers_mut().insert(header::RETRY_AFTER, (*retry_after_secs).into());
        }
        response
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        match err {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => {
                tracing::warn!(error = %err, "database unavailable");
                Self::Unavailable { message: "The database is unavailable; retrying is safe." }
            }
            other => Self::Internal(format!("database: {other}")),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::from_status(StatusCode::UNSUPPORTED_MEDIA_TYPE),
            JsonRejection::JsonSyntaxError(e) => {
                ApiError::bad_request("invalid_json", format!("The body is not valid JSON: {}", e.body_text()))
            }
            JsonRejection::JsonDataError(e) => ApiError::bad_request(
                "invalid_request",
                format!("The body does not match the expected fields: {}", e.body_text()),
            ),
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge,
            other => ApiError::bad_request("invalid_body", other.body_text()),
        }
    }
}

/// A JSON body extractor whose rejections are [`ApiError`]s.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

/// Safety net: any error response that is not already our JSON body (a 405 from the router, a
/// 413 from a layer, a caught panic) is replaced by the error body for its status.
pub async fn normalize_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_json =
        response.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let keep: Vec<(HeaderName, HeaderValue)> = response
        .headers()
        .iter()
        .filter(|(name, _)| *name == header::ALLOW || *name == header::RETRY_AFTER)
        .map(|(n, v)| (n.clone(), v.clone()))
        .collect();
    let mut replaced = ApiError::from_status(status).into_response();
    *replaced.status_mut() = status;
    replaced.headers_mut().extend(keep);
    replaced
}
