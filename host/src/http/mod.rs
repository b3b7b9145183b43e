//! The HTTP front end: the state handlers share, the extractors that turn a request into an
//! operation's [`Ctx`], and the middleware every request passes (`observe`, `error`, `gate`,
//! `idempotency`), the route policy table, OpenAPI and the operations probes. Feature routes
//! (`*/routes.rs`) are thin: extract, call the operation, map the result.

pub mod discovery;
pub mod error;
pub mod estimate;
pub mod gate;
pub mod idempotency;
pub mod observe;
pub mod openapi;
pub mod ops;
pub mod policy;
pub mod x402;

use std::ops::Deref;
use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::{HeaderMap, header, request::Parts};

use crate::auth::Caller;
use crate::billing::sol::SolRail;
use crate::billing::{self, Payer, Payment, Rail};
use crate::config::Settings;
use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::store::Db;
use observe::Metrics;

/// What HTTP handlers share: the operations' services plus the HTTP metrics; cheap to clone.
/// Dereferences to [`Services`].
#[derive(Clone)]
pub struct AppState {
    pub services: Services,
    pub metrics: Arc<Metrics>,
}

impl AppState {
    /// State over `db` (see [`crate::compose::services`]).
    pub async fn new(db: Db, settings: Settings) -> Result<AppState, String> {
        Ok(AppState::from(crate::compose::services(db, settings).await?))
    }
}

impl From<Services> for AppState {
    fn from(services: Services) -> AppState {
        AppState { services, metrics: Arc::new(Metrics::new()) }
    }
}

impl Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.services
    }
}

/// Where public links point: the configured public URL; else the request's own `Host` when it
/// is the listen address (for a loopback listener, also `localhost` on its port) or one of
/// `public_hosts`; else the listen address. A forged `Host` never reaches a page or a preview.
/// Media this service hosts are public, so a player on another origin (an MCP App's sandbox, a
/// site embedding a video with its captions) may read them: a layer for media routes only,
/// never for pages that carry tokens.
pub async fn readable_anywhere(mut response: axum::response::Response) -> axum::response::Response {
    let any = axum::http::HeaderValue::from_static("*");
    response.headers_mut().insert(axum::http::header::ACCESS_CONTROL_ALLOW_ORIGIN, any);
    response
}

pub fn base_url(settings: &Settings, headers: &HeaderMap) -> String {
    if let Some(url) = &settings.public_url {
        return url.trim_end_matches('/').to_string();
    }
    let listen = settings.listen;
    // Compared without allocating: this runs for every request that builds links.
    let known = |host: &&str| {
        host.parse::<std::net::SocketAddr>().is_ok_and(|addr| addr == listen)
            || (listen.ip().is_loopback()
                && host.split_once(':').is_some_and(|(name, port)| {
                    name.eq_ignore_ascii_case("localhost") && port.parse() == Ok(listen.port())
                }))
            || settings.public_hosts.iter().any(|h| h.eq_ignore_ascii_case(host))
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).filter(known);
    format!("http://{}", host.map_or_else(|| listen.to_string(), str::to_string))
}

/// The public base URL of a request, for routes without a caller (pages, feeds).
pub struct BaseUrl(pub String);

impl FromRequestParts<AppState> for BaseUrl {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        Ok(BaseUrl(base_url(&state.settings, &parts.headers)))
    }
}

/// How long a status read may wait for its job to change: `?wait=SECONDS` (see `jobs::wait`).
pub struct Wait(pub std::time::Duration);

/// The `wait` query parameter as the OpenAPI document shows it.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct WaitQuery {
    #[param(schema_with = wait_schema)]
    pub wait: Option<i64>,
}

fn wait_schema() -> utoipa::openapi::Object {
    crate::jobs::WAIT_SECONDS.schema(
        "Seconds to wait for the job to change state before answering (default 0: answer at once); \
         a finished job is answered at once",
    )
}

impl<S: Send + Sync> FromRequestParts<S> for Wait {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let given = url::form_urlencoded::parse(query.as_bytes()).find(|(name, _)| name == "wait").map(|(_, v)| v);
        Ok(Wait(crate::jobs::wait(given.as_deref())?))
    }
}

/// An operation's context for the request: the caller the gate authenticated, paying with the
/// key's credits or with the x402 payment the request carries. A call the gate let through
/// without a key is the paying wallet's (its principal is made on its first payment), or
/// nobody's: then it can only be told what to pay, or read a job with the job's token.
pub struct Call(pub Ctx);

impl FromRequestParts<AppState> for Call {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let request_id = observe::current_request_id().unwrap_or_default();
        Ok(Call(context(state, parts, request_id).await?))
    }
}

/// The call a request makes, from what the gate and the x402 layer found in it (its caller,
/// its payment) and its headers: the `Ctx` every front end over HTTP hands to operations.
pub async fn context(state: &AppState, parts: &Parts, request_id: String) -> Result<Ctx, Error> {
    let payment = parts.extensions.get::<Arc<Payment>>().cloned();
    let job_token = gate::job_token(&parts.headers, &parts.uri);
    let caller = match (parts.extensions.get::<Caller>(), &payment) {
        (Some(caller), _) => caller.clone(),
        (None, Some(payment)) => crate::store::keys::wallet(&state.db, &payment.presented.payer()).await?,
        // The gate lets a keyless call through only to pay over x402 or with a job token.
        (None, None) if state.x402.is_some() || job_token.is_some() => Caller::nobody(),
        (None, None) => return Err(gate::MISSING_KEY),
    };
    let payer = match (payment, pay_with(&parts.headers)?) {
        (Some(_), PayWith::Sol) => return Err(two_rails()),
        (Some(payment), PayWith::Default) => Payer::X402 { key_id: caller.key_id, payment },
        (None, PayWith::Sol) if caller.key_id == 0 => return Err(gate::MISSING_KEY),
        (None, PayWith::Sol) => {
            let services = &state.services;
            let Some(chain) = services.sol_chain.as_ref() else {
                return Err(billing::rail_unavailable(Rail::Sol.as_str(), services.x402.as_deref(), None));
            };
            let rail = SolRail::new(&services.settings, &services.sol_price, Some(chain))?;
            Payer::Sol { key_id: caller.key_id, rail }
        }
        (None, PayWith::Default) if caller.key_id == 0 => Payer::Unpaid,
        (None, PayWith::Default) => Payer::Credits { key_id: caller.key_id },
    };
    let mut ctx = Ctx::new(state.services.clone(), caller, base_url(&state.settings, &parts.headers), request_id);
    ctx.payer = payer;
    ctx.job_token = job_token;
    Ok(ctx)
}

/// The header that picks a rail the request itself does not carry.
pub const PAY_WITH: &str = "x-pay-with";

/// The rail a request asks for in [`PAY_WITH`].
enum PayWith {
    /// The key's credits, or the x402 payment the request carries.
    Default,
    /// A SOL deposit per job.
    Sol,
}

fn pay_with(headers: &HeaderMap) -> Result<PayWith, Error> {
    let Some(value) = headers.get(PAY_WITH) else { return Ok(PayWith::Default) };
    match value.to_str().map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Ok("sol") => Ok(PayWith::Sol),
        Ok("credits" | "x402" | "") => Ok(PayWith::Default),
        _ => Err(Error::bad_request(
            "invalid_pay_with",
            "`X-Pay-With` must be `sol` (a deposit per job, for the menu's `solPerAsset` services) or `credits`.",
        )),
    }
}

/// 400 for a request that carries an x402 payment and asks to pay in SOL.
fn two_rails() -> Error {
    Error::bad_request("conflicting_payment", "Pay one way: an x402 payment or `X-Pay-With: sol`, not both.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_host(host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, host.parse().unwrap());
        headers
    }

    #[test]
    fn links_use_only_known_hosts() {
        let settings = Settings {
            listen: "127.0.0.1:8080".parse().unwrap(),
            public_hosts: vec!["assets.example.com".into()],
            ..Settings::default()
        };
        for (host, base) in [
            ("127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("localhost:8080", "http://localhost:8080"),
            ("ASSETS.example.com", "http://ASSETS.example.com"),
            ("evil.example", "http://127.0.0.1:8080"),
            ("localhost:9999", "http://127.0.0.1:8080"),
            ("127.0.0.1:8080\"><script>", "http://127.0.0.1:8080"),
        ] {
            let headers = if host.contains('"') { HeaderMap::new() } else { with_host(host) };
            assert_eq!(base_url(&settings, &headers), base, "{host}");
        }
        let public = Settings { public_url: Some("https://assets.example.com/".into()), ..settings };
        assert_eq!(base_url(&public, &with_host("evil.example")), "https://assets.example.com");
    }
}
