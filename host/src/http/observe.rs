//! Observability: a request id on every request and every log line it causes, structured
//! logs, and Prometheus metrics (request counts and latency by route, method and status).
//! Every label comes from a fixed set (methods, route templates, statuses), so no request,
//! however strange, adds a series: unauthenticated traffic cannot grow the registry.

use std::time::Instant;

use axum::{
    extract::{MatchedPath, Request, State},
    http::{HeaderValue, Method, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use prometheus_client::{
    encoding::{EncodeLabelSet, text::encode},
    metrics::{counter::Counter, family::Family, histogram::Histogram},
    registry::Registry,
};
use tracing::Instrument;

use super::AppState;

tokio::task_local! {
    static REQUEST_ID: String;
}

const REQUEST_ID_HEADER: &str = "x-request-id";

/// The id of the request being served by this task, if any.
pub fn current_request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

/// Carries the current request id into `future`, for work spawned off a request's task.
pub fn with_request_id<F: Future>(future: F) -> impl Future<Output = F::Output> {
    let id = current_request_id();
    async move {
        match id {
            Some(id) => REQUEST_ID.scope(id, future).await,
            None => future.await,
        }
    }
}

/// A client's own `x-request-id` is kept when it is short and plain; otherwise one is minted.
fn request_id_for(request: &Request) -> String {
    let offered = request.headers().get(REQUEST_ID_HEADER).and_then(|v| v.to_str().ok());
    match offered {
        Some(id)
            if (1..=64).contains(&id.len())
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
        {
            id.to_string()
        }
        _ => mint_request_id(),
    }
}

/// A new request id (`req_` and 24 hex digits): for each request, and each MCP tool call.
pub fn mint_request_id() -> String {
    let mut bytes = [0u8; 12];
    rand::fill(&mut bytes);
    format!("req_{}", hex::encode(bytes))
}

/// The route template a request matched, or `unmatched` (so unknown paths cannot blow up the
/// metric label space).
pub fn route_of(request: &Request) -> String {
    request.extensions().get::<MatchedPath>().map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string())
}

/// Outermost middleware: assigns the request id, opens the span every log line of the request
/// is written in, records metrics and logs one line per finished request.
pub async fn observe(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let id = request_id_for(&request);
    let method = request.method().clone();
    let route = route_of(&request);
    let span = tracing::info_span!("request", request_id = %id, %method, route = %route);
    let started = Instant::now();
    let mut response = REQUEST_ID.scope(id.clone(), next.run(request).instrument(span.clone())).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    span.in_scope(|| tracing::info!(status, latency_ms = elapsed.as_secs_f64() * 1000.0, "request finished"));
    state.metrics.record(method_label(&method), &route, status, elapsed.as_secs_f64());
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID_HEADER, value);
    }
    response
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct HttpLabels {
    method: &'static str,
    route: String,
    status: &'static str,
}

/// The method as a label: one of the standard methods, or `other` (any token is a valid
/// method, and each would otherwise be a series of its own).
fn method_label(method: &Method) -> &'static str {
    const STANDARD: [(Method, &str); 9] = [
        (Method::GET, "GET"),
        (Method::HEAD, "HEAD"),
        (Method::POST, "POST"),
        (Method::PUT, "PUT"),
        (Method::DELETE, "DELETE"),
        (Method::CONNECT, "CONNECT"),
        (Method::OPTIONS, "OPTIONS"),
        (Method::TRACE, "TRACE"),
        (Method::PATCH, "PATCH"),
    ];
    STANDARD.iter().find(|(known, _)| known == method).map_or("other", |(_, label)| *label)
}

/// Statuses counted on their own; any other is counted in its class (`4xx`).
const STATUSES: [(u16, &str); 28] = [
    (200, "200"),
    (201, "201"),
    (202, "202"),
    (204, "204"),
    (206, "206"),
    (301, "301"),
    (302, "302"),
    (303, "303"),
    (304, "304"),
    (307, "307"),
    (308, "308"),
    (400, "400"),
    (401, "401"),
    (402, "402"),
    (403, "403"),
    (404, "404"),
    (405, "405"),
    (409, "409"),
    (410, "410"),
    (413, "413"),
    (415, "415"),
    (416, "416"),
    (422, "422"),
    (429, "429"),
    (500, "500"),
    (502, "502"),
    (503, "503"),
    (504, "504"),
];

/// The status as a label, from [`STATUSES`] or its class.
fn status_label(status: u16) -> &'static str {
    if let Some((_, label)) = STATUSES.iter().find(|(code, _)| *code == status) {
        return label;
    }
    match status / 100 {
        1 => "1xx",
        2 => "2xx",
        3 => "3xx",
        4 => "4xx",
        _ => "5xx",
    }
}

/// The service's Prometheus registry.
pub struct Metrics {
    registry: Registry,
    requests: Family<HttpLabels, Counter>,
    latency: Family<HttpLabels, Histogram>,
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("asset");
        let requests = Family::<HttpLabels, Counter>::default();
        let latency = Family::<HttpLabels, Histogram>::new_with_constructor(|| {
            Histogram::new([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0])
        });
        registry.register("http_requests", "HTTP requests served", requests.clone());
        registry.register("http_request_duration_seconds", "HTTP request latency", latency.clone());
        Metrics { registry, requests, latency }
    }

    /// Counts a request; `route` must be a route template or `unmatched` (see [`route_of`]).
    fn record(&self, method: &'static str, route: &str, status: u16, seconds: f64) {
        let labels = HttpLabels { method, route: route.to_string(), status: status_label(status) };
        self.requests.get_or_create(&labels).inc();
        self.latency.get_or_create(&labels).observe(seconds);
    }

    /// The registry in the OpenMetrics text format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if let Err(e) = encode(&mut out, &self.registry) {
            tracing::error!(error = %e, "metrics encoding failed");
        }
        out
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

/// `GET /metrics` body.
pub fn metrics_response(metrics: &Metrics) -> Response {
    ([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], metrics.render())
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_come_from_fixed_sets() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::PATCH), "PATCH");
        for odd in ["FOO", "PROPFIND", "X1234567"] {
            assert_eq!(method_label(&Method::from_bytes(odd.as_bytes()).unwrap()), "other", "{odd}");
        }
        assert_eq!(status_label(404), "404");
        assert_eq!(status_label(418), "4xx");
        assert_eq!(status_label(599), "5xx");
        assert_eq!(status_label(103), "1xx");
    }
}
