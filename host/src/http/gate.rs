//! The front door every request passes: look up the route's policy, check the key and role,
//! count the call against its rate group, and stamp the `RateLimit` headers on the answer.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts, MatchedPath, Request, State},
    http::{HeaderMap, HeaderValue, Uri, request::Parts},
    middleware::Next,
    response::{IntoResponse, Response},
};

use super::AppState;
use super::policy::{self, Access};
use crate::auth::{Caller, Role, authenticate};
use crate::error::Error;
use crate::limits::{Decision, Group};
use crate::net::Network;
use crate::net::guard::unmapped;

const API_KEY_HEADER: &str = "x-api-key";

pub async fn gate(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let matched = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned());
    let policy = policy::lookup(request.method(), matched.as_deref());
    let keyless = presented_key(request.headers()).is_none()
        && match policy.access {
            // With x402 on, a priced call may come without a key and pay for itself.
            Access::Key => state.x402.is_some() && policy.keyless_x402(),
            Access::KeyOrJobToken => job_token(request.headers(), request.uri()).is_some(),
            _ => false,
        };
    let subject = match policy.access {
        Access::Public => format!("ip:{}", client_address(&state, &request)),
        _ if keyless => format!("ip:{}", client_address(&state, &request)),
        Access::Key | Access::Operator | Access::Admin | Access::KeyOrJobToken => {
            match caller_of(&state, presented_key(request.headers()), policy.access).await {
                Ok(caller) => {
                    let subject = key_subject(&caller);
                    request.extensions_mut().insert(caller);
                    subject
                }
                Err(e) => return e.into_response(),
            }
        }
    };
    // Operators run the service; their keys are not rate limited.
    let operator = request.extensions().get::<Caller>().is_some_and(|c| c.role == Role::Operator);
    let Some(group) = policy.group().filter(|_| !operator) else { return next.run(request).await };
    let decision = match admit(&state, group, &subject).await {
        Ok(decision) => decision,
        Err(refused) => return refused.into_response(),
    };
    let mut response = next.run(request).await;
    write_rate_headers(&decision, group.name(), response.headers_mut());
    response
}

/// Counts one call of `subject` against `group`: the decision, or the 429 when over the limit.
/// Every front end counts its calls here (HTTP per route, MCP per tool).
pub async fn admit(state: &AppState, group: Group, subject: &str) -> Result<Decision, Error> {
    let decision = state.limiter.check(group, subject).await;
    if decision.allowed { Ok(decision) } else { Err(Error::RateLimited { group: group.name(), decision }) }
}

/// The rate-limit bucket of a keyed caller.
pub fn key_subject(caller: &Caller) -> String {
    format!("key:{}", caller.key_id)
}

/// The key a request presents: `x-api-key`, or else an `Authorization: Bearer` token (what MCP
/// clients send).
fn presented_key(headers: &HeaderMap) -> Option<HeaderValue> {
    if let Some(key) = headers.get(API_KEY_HEADER) {
        return Some(key.clone());
    }
    let authorization = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = authorization.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| HeaderValue::from_str(token.trim()).ok()).flatten()
}

/// The caller a public route's request names by a key it presents anyway (the gate
/// authenticates only keyed routes): `None` without a key or with one that is not live, so a
/// public route answers alike.
pub async fn presented_caller(state: &AppState, headers: &HeaderMap) -> Result<Option<Caller>, Error> {
    let Some(key) = presented_key(headers) else { return Ok(None) };
    let Some(key) = key.to_str().ok().map(str::trim).filter(|k| !k.is_empty()) else { return Ok(None) };
    Ok(authenticate(&state.db, key).await?)
}

/// Stamps the IETF `RateLimit-Policy` and `RateLimit` headers (and `Retry-After` when refused).
pub fn write_rate_headers(decision: &Decision, group: &str, headers: &mut HeaderMap) {
    for (name, value) in decision.fields(group) {
        if let Ok(value) = HeaderValue::from_str(&value) {
            headers.insert(name, value);
        }
    }
}

/// What a key the service does not know is told: the usual causes, and where keys come from.
const UNKNOWN_KEY: &str = "This server knows no live key like this one: it may be mistyped or revoked, or made for \
     another server (`asset-host keys create` writes to the data folder or database it names; the server must use \
     the same). Get a key from the dashboard or the Telegram bot's /apikey.";

pub(crate) const MISSING_KEY: Error =
    Error::Unauthorized { code: "missing_api_key", message: "Send your API key in the `x-api-key` header." };

async fn caller_of(state: &AppState, header: Option<HeaderValue>, access: Access) -> Result<Caller, Error> {
    let presented = match header.as_ref().map(|v| v.to_str()) {
        None => return Err(MISSING_KEY),
        Some(Ok(key)) if !key.trim().is_empty() => key.trim(),
        Some(_) => {
            return Err(Error::Unauthorized {
                code: "invalid_api_key",
                message: "The `x-api-key` header is empty or malformed.",
            });
        }
    };
    let caller = authenticate(&state.db, presented)
        .await?
        .ok_or(Error::Unauthorized { code: "invalid_api_key", message: UNKNOWN_KEY })?;
    let allowed = match access {
        Access::Operator => caller.role == Role::Operator,
        Access::Admin => matches!(caller.role, Role::Operator | Role::BrandAdmin),
        Access::Key | Access::Public | Access::KeyOrJobToken => true,
    };
    if !allowed {
        return Err(Error::Forbidden {
            code: "admin_only",
            message: "This route needs an operator or brand-admin key.".into(),
        });
    }
    Ok(caller)
}

/// The job token a keyless caller presents: the `x-job-token` header or the `token` query
/// parameter.
pub fn job_token(headers: &HeaderMap, uri: &Uri) -> Option<String> {
    if let Some(token) = headers.get("x-job-token").and_then(|v| v.to_str().ok()) {
        return Some(token.trim().to_string());
    }
    url::form_urlencoded::parse(uri.query()?.as_bytes())
        .find(|(name, _)| name == "token")
        .map(|(_, value)| value.into_owned())
}

/// The client's address: the socket peer, unless the peer is a trusted proxy; then the
/// `X-Forwarded-For` hops are read from the right (the hop the nearest proxy appended first),
/// past any that are trusted proxies themselves, and the first other address is the client.
/// Hops further left were written by whoever sent the request and are never believed.
fn client_address(state: &AppState, request: &Request) -> IpAddr {
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map_or(IpAddr::from([0, 0, 0, 0]), |c| c.0.ip());
    let forwarded = request.headers().get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok());
    client_behind(&state.proxies, peer, forwarded)
}

/// [`client_address`] over plain values: `forwarded` are the header's values in order.
fn client_behind<'a>(proxies: &[Network], peer: IpAddr, forwarded: impl DoubleEndedIterator<Item = &'a str>) -> IpAddr {
    let trusted = |ip: IpAddr| proxies.iter().any(|n| n.contains(unmapped(ip)));
    if !trusted(peer) {
        return peer;
    }
    let mut client = peer;
    for hop in forwarded.rev().flat_map(|v| v.rsplit(',')) {
        match hop.trim().parse::<IpAddr>() {
            Ok(ip) if trusted(ip) => client = ip,
            Ok(ip) => return unmapped(ip),
            // A hop that is not an address: nothing to its left can be believed.
            Err(_) => return client,
        }
    }
    client
}

/// Handlers of keyed routes take the [`Caller`] the gate authenticated.
impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<Caller>().cloned().ok_or(MISSING_KEY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(proxies: &[&str], peer: &str, forwarded: &[&str]) -> String {
        let proxies: Vec<Network> = proxies.iter().map(|p| p.parse().unwrap()).collect();
        client_behind(&proxies, peer.parse().unwrap(), forwarded.iter().copied()).to_string()
    }

    #[test]
    fn forwarded_addresses_are_believed_only_from_trusted_proxies() {
        let lb = ["10.0.0.0/8"];
        // No proxy trusted, or a peer that is not one: the header is the sender's to forge.
        assert_eq!(client(&[], "10.0.0.5", &["1.2.3.4"]), "10.0.0.5");
        assert_eq!(client(&lb, "203.0.113.9", &["1.2.3.4"]), "203.0.113.9");
        // From the balancer: the hop it appended; what the client claimed further left is not.
        assert_eq!(client(&lb, "10.0.0.5", &["6.6.6.6, 198.51.100.7"]), "198.51.100.7");
        assert_eq!(client(&lb, "10.0.0.5", &["6.6.6.6", "198.51.100.7"]), "198.51.100.7");
        // Through two trusted proxies, then the client.
        assert_eq!(client(&lb, "10.0.0.5", &["198.51.100.7, 10.1.1.1"]), "198.51.100.7");
        // Dual-stack peers and hops are read as IPv4.
        assert_eq!(client(&lb, "::ffff:10.0.0.5", &["::ffff:198.51.100.7"]), "198.51.100.7");
        // No header, or a hop that is not an address: the nearest trusted address stands.
        assert_eq!(client(&lb, "10.0.0.5", &[]), "10.0.0.5");
        assert_eq!(client(&lb, "10.0.0.5", &["1.2.3.4, garbage"]), "10.0.0.5");
        assert_eq!(client(&lb, "10.0.0.5", &["1.2.3.4, unknown, 10.2.2.2"]), "10.2.2.2");
    }
}
