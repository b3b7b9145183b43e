//! Errors over HTTP: the status of each error kind and the one JSON body every error is
//! answered with.
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
use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;
use utoipa::ToSchema;

use super::observe::current_request_id;
use crate::error::{Error, Kind};
use crate::money::Price;

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

/// The status of each kind of error.
pub fn status(kind: Kind) -> StatusCode {
    match kind {
        Kind::Invalid => StatusCode::BAD_REQUEST,
        Kind::Unauthorized => StatusCode::UNAUTHORIZED,
        Kind::PaymentRequired => StatusCode::PAYMENT_REQUIRED,
        Kind::Forbidden => StatusCode::FORBIDDEN,
        Kind::NotFound => StatusCode::NOT_FOUND,
        Kind::Gone => StatusCode::GONE,
        Kind::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        Kind::Conflict => StatusCode::CONFLICT,
        Kind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        Kind::Unprocessable => StatusCode::UNPROCESSABLE_ENTITY,
        Kind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        Kind::ComingSoon => StatusCode::NOT_IMPLEMENTED,
        Kind::Upstream => StatusCode::BAD_GATEWAY,
        Kind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The generic error for a bare status produced outside our handlers (framework, layers).
pub fn from_status(status: StatusCode) -> Error {
    match status {
        StatusCode::NOT_FOUND => Error::NotFound { message: "No such route.".into() },
        StatusCode::METHOD_NOT_ALLOWED => Error::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => Error::PayloadTooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            Error::bad_request("invalid_content_type", "Send the body as JSON with `Content-Type: application/json`.")
        }
        StatusCode::SERVICE_UNAVAILABLE => Error::Unavailable { message: "The service is busy; retrying is safe." },
        s if s.is_client_error() => Error::bad_request("bad_request", s.canonical_reason().unwrap_or("Bad request.")),
        s => Error::Internal(format!("bare {s} response from a layer")),
    }
}

/// The body `error` is answered with (on every front end); an internal error's cause is
/// logged here and never sent.
pub fn body_of(error: &Error, request_id: Option<String>) -> ErrorBody {
    if let Error::Internal(cause) = error {
        tracing::error!(%cause, "internal error");
    }
    let (message, details) = error.message_and_details();
    ErrorBody { success: false, code: error.code().into(), message, request_id, details }
}

/// On a 402 response: the price that was not paid, and why (the x402 reason, if a payment was
/// refused). Set here; `http::x402` turns it into payment requirements.
#[derive(Clone, Debug)]
pub struct Due {
    pub price: Price,
    pub reason: Option<String>,
}

/// What was not paid, when `error` is a 402 with a price: for x402 to offer paying it per call.
pub fn due(error: &Error) -> Option<Due> {
    match error {
        Error::PaymentRequired { price, reason, .. } => Some(Due { price: *price, reason: reason.clone() }),
        Error::InsufficientCredits { price: Some(price), .. } => Some(Due { price: *price, reason: None }),
        _ => None,
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = status(self.kind());
        let mut response = (status, Json(body_of(&self, current_request_id()))).into_response();
        if let Some(due) = due(&self) {
            response.extensions_mut().insert(due);
        }
        if let Self::RateLimited { group, decision } = &self {
            super::gate::write_rate_headers(decision, group, response.headers_mut());
        } else if let Some(secs) = self.retry_after_secs() {
            response.headers_mut().insert(header::RETRY_AFTER, secs.into());
        }
        response
    }
}

impl From<JsonRejection> for Error {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => from_status(StatusCode::UNSUPPORTED_MEDIA_TYPE),
            JsonRejection::JsonSyntaxError(e) => {
                Error::bad_request("invalid_json", format!("The body is not valid JSON: {}", e.body_text()))
            }
            JsonRejection::JsonDataError(e) => Error::bad_request(
                "invalid_request",
                format!("The body does not match the expected fields: {}", e.body_text()),
            ),
            other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => Error::PayloadTooLarge,
            other => Error::bad_request("invalid_body", other.body_text()),
        }
    }
}

/// A JSON body extractor whose rejections are [`Error`]s. A number without a fractional part
/// (`2.0`) is read as the integer it is, as JSON Schema counts it, so an integer field takes
/// every value the OpenAPI document allows.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = Error;

    async fn from_request(request: Request, state: &S) -> Result<Self, Error> {
        let Json(value) = Json::<Value>::from_request(request, state).await?;
        Ok(ApiJson(input_of(value)?))
    }
}

/// An operation's input read from JSON the way every front end reads it (the HTTP body, an MCP
/// tool's arguments): whole numbers as integers, and the same errors for fields that do not fit.
pub fn input_of<T: DeserializeOwned>(mut value: Value) -> Result<T, Error> {
    whole_numbers(&mut value);
    let body = serde_json::to_vec(&value).map_err(Error::internal)?;
    Ok(Json::<T>::from_bytes(&body)?.0)
}

/// Rewrites numbers like `2.0` as integers, wherever they are in `value`.
fn whole_numbers(value: &mut Value) {
    match value {
        Value::Number(n) => {
            let Some(f) = n.as_f64().filter(|f| n.is_f64() && f.fract() == 0.0) else { return };
            // Open bounds: an integer just past i64 or u64 is held as a float rounded onto the
            // bound itself, and must stay out of range.
            if f > i64::MIN as f64 && f < i64::MAX as f64 {
                *n = (f as i64).into();
            } else if (0.0..u64::MAX as f64).contains(&f) {
                *n = (f as u64).into();
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers),
        Value::Object(fields) => fields.values_mut().for_each(whole_numbers),
        _ => {}
    }
}

/// Safety net: any error response that is not already our JSON body or one of our pages (a 405
/// from the router, a 413 from a layer, a caught panic) is replaced by the error body for its
/// status.
pub async fn normalize_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    // Our JSON errors and our pages for people (an invite's claim page says why it cannot be
    // claimed) stay; anything else (the router's 405, a body limit's 413) gets the error body.
    let ours = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json") || v.as_bytes().starts_with(b"text/html"));
    if !(status.is_client_error() || status.is_server_error()) || ours {
        return response;
    }
    let keep: Vec<(HeaderName, HeaderValue)> = response
        .headers()
        .iter()
        .filter(|(name, _)| *name == header::ALLOW || *name == header::RETRY_AFTER)
        .map(|(n, v)| (n.clone(), v.clone()))
        .collect();
    let mut replaced = from_status(status).into_response();
    *replaced.status_mut() = status;
    replaced.headers_mut().extend(keep);
    replaced
}

#[cfg(test)]
mod tests {
    #[test]
    fn whole_numbers_become_integers_and_others_stay() {
        let mut value = serde_json::json!({"a": 2.0, "b": [-3.0, 1.5, 7], "c": 1e19, "d": 1e30, "e": "2.0"});
        super::whole_numbers(&mut value);
        assert_eq!(
            value,
            serde_json::json!({"a": 2, "b": [-3, 1.5, 7], "c": 10_000_000_000_000_000_000u64, "d": 1e30, "e": "2.0"})
        );
        let mut past: serde_json::Value = serde_json::from_str("[-9223372036854775809, 18446744073709551616]").unwrap();
        super::whole_numbers(&mut past);
        assert!(past.as_array().unwrap().iter().all(serde_json::Value::is_f64), "{past}");
    }
}
