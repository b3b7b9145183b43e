//! The one error every operation returns, free of any protocol.
//!
//! An [`Error`] has a stable machine-readable `code`, a human message, optional `details` a
//! client can act on, and a [`Kind`] that says what sort of failure it is. Front ends map the
//! kind to their own terms — `http::error` to a status and the JSON error body, the MCP tools
//! and the bot to theirs — so the same codes reach every client. Internal causes are kept for
//! the log and never shown.

use serde_json::{Value, json};

use crate::counted::counted;
use crate::limits::Decision;
use crate::money::Price;

/// What sort of failure an [`Error`] is; each front end maps it once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The request is malformed or fails validation (HTTP 400).
    Invalid,
    /// No valid credentials (401).
    Unauthorized,
    /// The work must be paid for first (402).
    PaymentRequired,
    /// Valid credentials that may not do this (403).
    Forbidden,
    /// No such thing, for this caller (404).
    NotFound,
    /// It existed and is gone for good (410).
    Gone,
    /// The transport's method does not apply (405).
    MethodNotAllowed,
    /// Clashes with work in progress (409).
    Conflict,
    /// The request body is larger than allowed (413).
    TooLarge,
    /// Well-formed but unusable, e.g. a reused idempotency key (422).
    Unprocessable,
    /// Over a rate limit or every worker is busy; retry later (429).
    RateLimited,
    /// A listed service that is not available yet (501).
    ComingSoon,
    /// A generator failed; nothing was charged (502).
    Upstream,
    /// A dependency is unavailable for the moment (503).
    Unavailable,
    /// A fault on our side (500).
    Internal,
}

/// Everything an operation can fail with. Each variant names its [`Kind`]. Clone, so work shared
/// by several callers (one drawing for all who ask at once) answers each with its own error.
#[derive(Debug, Clone)]
pub enum Error {
    /// Malformed body, failed validation.
    BadRequest { code: &'static str, message: String },
    /// Missing, empty or unknown key.
    Unauthorized { code: &'static str, message: &'static str },
    /// The key's balance is below the price of the call (`price` lets a front end offer
    /// paying per call instead).
    InsufficientCredits { needed: i64, balance: i64, price: Option<Price> },
    /// The call is paid in money and was not: no payment, or one that was refused
    /// (`reason`, the x402 reason code). A front end offers what to pay for `price`.
    PaymentRequired { code: &'static str, message: String, reason: Option<String>, price: Price },
    /// The key is valid but may not do this.
    Forbidden { code: &'static str, message: String },
    /// A resource that does not exist for this caller.
    NotFound { message: String },
    /// It existed and is gone for good (an expired MP4).
    Gone { message: String },
    /// The route exists with other methods.
    MethodNotAllowed,
    /// A request with the same `Idempotency-Key` is still being executed.
    Conflict { code: &'static str, message: String },
    /// The body is larger than the configured limit.
    PayloadTooLarge,
    /// An `Idempotency-Key` was reused with a different request.
    Unprocessable { code: &'static str, message: String },
    /// Over a rate limit; carries the limiter's decision for the headers.
    RateLimited { group: &'static str, decision: Decision },
    /// A generator failed (trap, timeout, exhausted budget, invalid output); nothing was
    /// charged and retrying may succeed.
    BadGateway { code: &'static str, message: String },
    /// Every sandbox or renderer slot is busy; retry shortly.
    Busy { message: &'static str },
    /// The render queue is past its threshold; nothing was charged.
    RendererBusy { retry_after_secs: u64 },
    /// A business cap of the key is reached (invites per day, open invites); nothing was charged.
    Capped { code: &'static str, message: String, retry_after_secs: u64 },
    /// A listed service that is not available yet.
    ComingSoon { service: &'static str },
    /// A dependency is unavailable for the moment; retrying is safe.
    Unavailable { message: &'static str },
    /// A resource the service hands out is used up for the moment (every payment amount of a
    /// price is held by a quote); nothing was made. 503 with a `Retry-After` hint.
    Exhausted { code: &'static str, message: String, retry_after_secs: u64 },
    /// Something the operator has not set up (a payment method, a treasury): 503 with a code
    /// saying which, until they do.
    NotSetUp { code: &'static str, message: &'static str },
    /// A payment rail the request asked for that this deployment does not take (no treasury for
    /// `sol`): a 400, since retrying changes nothing, naming the rails it does take.
    RailUnavailable { rail: &'static str, available: Vec<&'static str> },
    /// What the request asks cannot be decided now, because a fact it rests on cannot be read
    /// (whether a SOL deposit landed, with the node unreadable); nothing changed. 503 with a
    /// `Retry-After`.
    Undecided { code: &'static str, message: String, retry_after_secs: u64 },
    /// Anything unexpected. The cause is logged, never sent.
    Internal(String),
}

impl Error {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest { code, message: message.into() }
    }

    pub fn internal(cause: impl std::fmt::Display) -> Self {
        Self::Internal(cause.to_string())
    }

    pub fn kind(&self) -> Kind {
        match self {
            Self::BadRequest { .. } | Self::RailUnavailable { .. } => Kind::Invalid,
            Self::Unauthorized { .. } => Kind::Unauthorized,
            Self::InsufficientCredits { .. } | Self::PaymentRequired { .. } => Kind::PaymentRequired,
            Self::Forbidden { .. } => Kind::Forbidden,
            Self::NotFound { .. } => Kind::NotFound,
            Self::Gone { .. } => Kind::Gone,
            Self::MethodNotAllowed => Kind::MethodNotAllowed,
            Self::Conflict { .. } => Kind::Conflict,
            Self::PayloadTooLarge => Kind::TooLarge,
            Self::Unprocessable { .. } => Kind::Unprocessable,
            Self::RateLimited { .. } | Self::Busy { .. } | Self::RendererBusy { .. } | Self::Capped { .. } => {
                Kind::RateLimited
            }
            Self::ComingSoon { .. } => Kind::ComingSoon,
            Self::BadGateway { .. } => Kind::Upstream,
            Self::Unavailable { .. } | Self::NotSetUp { .. } | Self::Exhausted { .. } | Self::Undecided { .. } => {
                Kind::Unavailable
            }
            Self::Internal(_) => Kind::Internal,
        }
    }

    /// The stable code clients match on.
    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. }
            | Self::Unauthorized { code, .. }
            | Self::Forbidden { code, .. }
            | Self::Conflict { code, .. }
            | Self::Unprocessable { code, .. }
            | Self::Capped { code, .. }
            | Self::Exhausted { code, .. }
            | Self::Undecided { code, .. }
            | Self::BadGateway { code, .. }
            | Self::PaymentRequired { code, .. }
            | Self::NotSetUp { code, .. } => code,
            Self::Busy { .. } => "busy",
            Self::RailUnavailable { .. } => "payment_rail_unavailable",
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

    /// The message for people and the details for programs (`None` when there are none).
    pub fn message_and_details(&self) -> (String, Option<Value>) {
        match self {
            Self::BadRequest { message, .. }
            | Self::Forbidden { message, .. }
            | Self::NotFound { message }
            | Self::Gone { message }
            | Self::Conflict { message, .. }
            | Self::Unprocessable { message, .. }
            | Self::BadGateway { message, .. } => (message.clone(), None),
            Self::Busy { message } => ((*message).into(), None),
            Self::Capped { message, retry_after_secs, .. }
            | Self::Exhausted { message, retry_after_secs, .. }
            | Self::Undecided { message, retry_after_secs, .. } => {
                (message.clone(), Some(json!({ "retryAfter": retry_after_secs })))
            }
            Self::RendererBusy { retry_after_secs } => (
                format!("The renderer is busy; nothing was charged. Retry in {retry_after_secs} s."),
                Some(json!({ "retryAfter": retry_after_secs })),
            ),
            Self::Unauthorized { message, .. } => ((*message).into(), None),
            Self::PaymentRequired { message, reason, .. } => {
                (message.clone(), reason.as_ref().map(|r| json!({ "reason": r })))
            }
            Self::InsufficientCredits { needed, balance, .. } => (
                format!("This call costs {} and the key has {balance}.", counted(*needed, "credit")),
                Some(json!({ "needed": needed, "balance": balance })),
            ),
            Self::MethodNotAllowed => ("This route does not accept that method.".into(), None),
            Self::PayloadTooLarge => ("The request body is too large.".into(), None),
            Self::RateLimited { group, decision } => (
                format!(
                    "Rate limit of {} per {} s reached for the `{group}` group; retry in {} s.",
                    counted(decision.limit, "request"),
                    decision.window_secs,
                    decision.retry_after_secs
                ),
                Some(json!({
                    "group": group,
                    "limit": decision.limit,
                    "windowSeconds": decision.window_secs,
                    "retryAfter": decision.retry_after_secs,
                })),
            ),
            Self::RailUnavailable { rail, available } => (
                match available.is_empty() {
                    true => {
                        format!("Paying with `{rail}` is not set up on this service, and no other way is taken here.")
                    }
                    false => format!(
                        "Paying with `{rail}` is not set up on this service; pay with {} instead.",
                        available.iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(" or ")
                    ),
                },
                Some(json!({ "rail": rail, "available": available })),
            ),
            Self::ComingSoon { service } => (
                format!("The {service} service is coming soon and is not available yet; nothing was charged."),
                Some(json!({ "service": service })),
            ),
            Self::Unavailable { message } | Self::NotSetUp { message, .. } => ((*message).into(), None),
            Self::Internal(_) => ("Something went wrong on our side.".into(), None),
        }
    }

    /// Seconds after which retrying makes sense, when the error says.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            Self::RateLimited { decision, .. } => Some(decision.retry_after_secs),
            Self::RendererBusy { retry_after_secs }
            | Self::Capped { retry_after_secs, .. }
            | Self::Exhausted { retry_after_secs, .. }
            | Self::Undecided { retry_after_secs, .. } => Some(*retry_after_secs),
            _ => None,
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Internal(cause) => write!(f, "internal_error: {cause}"),
            other => write!(f, "{}: {}", other.code(), other.message_and_details().0),
        }
    }
}

impl std::error::Error for Error {}

impl From<sqlx::Error> for Error {
    fn from(err: sqlx::Error) -> Self {
        if database_unavailable(&err) {
            tracing::warn!(error = %err, "database unavailable");
            return Self::Unavailable { message: "The database is unavailable; retrying is safe." };
        }
        Self::Internal(format!("database: {err}"))
    }
}

/// Whether `err` says the database cannot be reached or cannot take work right now, rather than
/// that a statement is wrong: the pool has no connection to give, a connection broke (a
/// restart), or the server refuses work for the moment. These answer 503, because the
/// statement was rolled back and the same request will work once the database is back.
fn database_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::WorkerCrashed => true,
        // PostgreSQL: class 08 (connection exception), 57P01–57P03 (shutting down, starting up),
        // 53100/53300 (disk full, too many connections). SQLite: 5/6 (busy/locked past the
        // busy timeout) and 13 (disk full), by primary result code.
        sqlx::Error::Database(db) => db.code().is_some_and(|code| unavailable_code(&code)),
        _ => false,
    }
}

/// A database error code meaning "not now" rather than "not this". PostgreSQL's SQLSTATEs are
/// five characters: class 08 (connection exception), 57P01–57P03 (shutting down, starting up),
/// 53100 and 53300 (disk full, too many connections). SQLite's are numbers whose low byte is the
/// primary code: 5 and 6 (busy, locked, past the busy timeout) and 13 (disk full).
fn unavailable_code(code: &str) -> bool {
    if code.len() == 5 {
        return code.starts_with("08") || matches!(code, "57P01" | "57P02" | "57P03" | "53100" | "53300");
    }
    code.parse::<u32>().is_ok_and(|primary| matches!(primary & 0xff, 5 | 6 | 13))
}

/// Operations' results.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A stable code and a message safe to show: what a caller reads of a failure recorded for
/// later (a job's or an asset's `error`). The cause (paths, endpoint answers, URLs) goes only to
/// the log when the failure happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reason {
    pub code: &'static str,
    pub message: &'static str,
}

/// A [`Reason`] as it is stored in a row and answered: `{"code", "message"}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Failure {
    /// Stable; match on it.
    pub code: String,
    /// For people; may change.
    pub message: String,
}

impl Failure {
    /// What text that is not a stored [`Failure`] is answered as: rows written before failures
    /// were recorded this way, and plain reasons, may hold internals (paths, URLs, IO errors)
    /// and are never shown.
    pub const UNRECORDED: Reason = Reason { code: "job_failed", message: "The work could not be completed." };

    /// The JSON kept in a row's `error` column.
    pub fn stored(reason: Reason) -> String {
        json!({"code": reason.code, "message": reason.message}).to_string()
    }

    /// The failure a row's `error` column holds (see [`Failure::UNRECORDED`]).
    pub fn from_stored(text: &str) -> Failure {
        serde_json::from_str(text).unwrap_or_else(|_| Failure::from(Failure::UNRECORDED))
    }
}

impl From<Reason> for Failure {
    fn from(reason: Reason) -> Failure {
        Failure { code: reason.code.into(), message: reason.message.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::unavailable_code;

    #[test]
    fn only_codes_meaning_not_now_are_unavailable() {
        for now in ["08006", "08001", "57P01", "57P03", "53300", "53100", "5", "6", "13", "517", "262"] {
            assert!(unavailable_code(now), "{now}");
        }
        // Unique and foreign-key violations, syntax errors, SQLite constraint codes: real errors.
        for not in ["23505", "23503", "42601", "40001", "19", "2067", "1", ""] {
            assert!(!unavailable_code(not), "{not}");
        }
    }
}
