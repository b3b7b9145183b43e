//! What an agent reads to find and use this service without its docs, all written from the
//! catalog (the declarations the OpenAPI document and the MCP tools come from): `/llms.txt` and
//! the fuller `/llms-full.txt` (llmstxt.org's shape), the x402 origin manifest at
//! `/.well-known/x402` (the draft of x402-foundation/x402 #2646 and #2979: the payable resources
//! in the facilitator discovery's `DiscoveredResource` shape), and the AI catalog at
//! `/.well-known/ai-catalog.json` that points MCP registries at the server card.

use std::fmt::Write as _;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};

use super::AppState;
use crate::billing::X402;
use crate::catalog::{self, Availability, Service};

/// The MCP server card's path, under the MCP endpoint as the server-card draft reserves it.
pub const SERVER_CARD: &str = "/api/mcp/server-card";

const SUMMARY: &str = "Media for software agents over HTTP and MCP: personalized pitch pages, memes in 23 \
languages in a brand's voice, beat-timed captioned audio pages, vertical MP4s, brand posts and free-bot \
invites. Pay with prepaid credits, per call in USDC over x402, or per job in SOL.";

/// The discovery routes (public, outside the OpenAPI document: they describe it).
pub fn router() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/llms.txt", get(llms))
        .route("/llms-full.txt", get(llms_full))
        .route("/.well-known/x402", get(x402_manifest))
        .route("/.well-known/x402.json", get(x402_manifest))
        .route("/.well-known/ai-catalog.json", get(ai_catalog))
}

/// The services an agent can call now.
fn available() -> impl Iterator<Item = &'static Service> {
    catalog::SERVICES.iter().filter(|s| s.availability == Availability::Available)
}

async fn llms(State(state): State<AppState>, headers: HeaderMap) -> Response {
    text(llms_txt(&super::base_url(&state.settings, &headers), &state, false))
}

async fn llms_full(State(state): State<AppState>, headers: HeaderMap) -> Response {
    text(llms_txt(&super::base_url(&state.settings, &headers), &state, true))
}

/// `llms.txt` (or, `full`, `llms-full.txt`: each service with its limits, rate group and an
/// example call).
fn llms_txt(base: &str, state: &AppState, full: bool) -> String {
    let mut out = format!("# asset-service\n\n> {SUMMARY}\n\n");
    out.push_str(
        "Send your API key as `x-api-key` (or `Authorization: Bearer <key>`); a call paid over x402 needs no key. \
         Prices and limits: `GET /api/agent/services` (free). What a request would cost on each rail, and whether \
         it would be accepted, before paying: `POST /api/agent/estimate` (free). Errors are JSON \
         `{success: false, code, message}` with the HTTP status. Job-style services answer 202 with a jobId: read \
         its status route (free, `?wait=` up to 30 s) or, over MCP, let the call become a task.\n\n",
    );
    out.push_str("## Services\n\n");
    for service in available() {
        let price = catalog::price_words(service.id);
        let _ = writeln!(
            out,
            "- {}: `{} {}`.{price}{} {}",
            service.name,
            service.method,
            service.route,
            page_kinds(service),
            service.description
        );
        if full {
            service_details(&mut out, base, service);
        }
    }
    out.push_str("\n## Paying\n\n");
    out.push_str(
        "- Credits: prepaid on the key; packs at `GET /api/agent/credits/packs`, bought by card or in USDC.\n",
    );
    match state.x402.as_deref() {
        Some(rail) => {
            let network = rail.payment_method().network.unwrap_or(catalog::X402_NETWORK);
            let _ = writeln!(
                out,
                "- x402 (v1 `X-PAYMENT`, v2 `PAYMENT-SIGNATURE`): USDC on {network}, exact scheme; a call without \
                 credits answers 402 with what to pay. The `payment-identifier` extension makes a resent payment \
                 answer once. Manifest: [{base}/.well-known/x402]({base}/.well-known/x402)."
            );
        }
        None => out.push_str("- x402: not enabled on this server.\n"),
    }
    if state.sol_chain.is_some() {
        out.push_str(
            "- SOL: audio pages and MP4s per job with `X-Pay-With: sol` (a unique lamport quote; POST …/check \
             once sent), and MP4 assets at `POST /api/agent/asset/jobs`.\n",
        );
    }
    let _ = write!(
        out,
        "\n## MCP\n\n- [MCP endpoint]({base}/api/mcp): Streamable HTTP, revisions 2026-07-28 and 2025-11-25, the same \
         key; a tool per service (see `tools/list`), long work as tasks (`io.modelcontextprotocol/tasks`). Server \
         card: [{base}{SERVER_CARD}]({base}{SERVER_CARD}).\n\n## Docs\n\n\
         - [OpenAPI 3.1]({base}/api/agent/openapi.json): every route, field and error.\n\
         - [Prices and limits]({base}/api/agent/services)\n"
    );
    if !full {
        let _ = writeln!(out, "- [Full text]({base}/llms-full.txt): each service with its limits and an example call.");
    }
    out
}

/// For a service that makes a page of a chosen kind, what each kind costs (the catalog's one
/// price is the cheapest kind's).
fn page_kinds(service: &Service) -> String {
    if !matches!(service.id, "generate" | "request") {
        return String::new();
    }
    let kinds: Vec<String> = catalog::PAGE_KINDS
        .iter()
        .map(|k| format!("{} {}", k.kind, crate::counted::counted(k.credits, "credit")))
        .collect();
    format!(" By kind: {}.", kinds.join(", "))
}

/// A service's limits, rate group and an example call, for `llms-full.txt`.
fn service_details(out: &mut String, base: &str, service: &Service) {
    let limits: Vec<String> = service.limits.iter().map(|l| format!("{} ≤ {} {}", l.name, l.max, l.unit)).collect();
    if !limits.is_empty() {
        let _ = writeln!(out, "  - Limits: {}.", limits.join(", "));
    }
    let _ = writeln!(out, "  - Rate group: `{}`.", service.group.name());
    if let Some(status) = service.status_route {
        let _ = writeln!(out, "  - Answers 202 with a jobId; status (free): `GET {status}`.");
    }
    if service.method == "POST" && !service.example.is_empty() {
        let _ = writeln!(
            out,
            "  - Example: `curl -X POST {base}{} -H 'x-api-key: $KEY' -H 'content-type: application/json' -d '{}'`",
            service.route, service.example
        );
    }
}

/// The x402 origin manifest: each resource payable per call, with what to pay (v2
/// requirements) and how to call it. 404 where x402 is not enabled.
async fn x402_manifest(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(rail) = state.x402.as_deref() else {
        return crate::error::Error::NotFound { message: "x402 is not enabled on this server.".into() }.into_response();
    };
    let base = super::base_url(&state.settings, &headers);
    let resources: Vec<Value> = available().filter(|s| s.x402).filter_map(|s| resource(rail, &base, s)).collect();
    let manifest = json!({
        "x402Version": 2,
        "kind": "resource-server",
        "name": "asset-service",
        "description": SUMMARY,
        "resources": resources,
        "instructions": format!("Call a resource without payment to get its 402, or pay at once with the \
            requirements below. Free price estimates: POST {base}/api/agent/estimate. Docs: {base}/llms.txt"),
    });
    cacheable(axum::Json(manifest).into_response())
}

/// One payable resource as facilitator discovery lists it.
fn resource(rail: &X402, base: &str, service: &Service) -> Option<Value> {
    let url = format!("{base}{}", service.route);
    let accepts = rail.requirements(catalog::price(service.id), &url)?;
    let example: Value = serde_json::from_str(service.example).unwrap_or_else(|_| json!({}));
    Some(json!({
        "resource": url,
        "type": "http",
        "x402Version": 2,
        "accepts": [accepts],
        "metadata": {
            "name": service.name,
            "description": service.description,
            "input": {"type": "http", "method": service.method, "bodyType": "json", "body": example},
            "output": {"type": "json", "statusRoute": service.status_route},
        },
    }))
}

/// The AI catalog: this origin's MCP server, by its card.
async fn ai_catalog(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let base = super::base_url(&state.settings, &headers);
    let host = url::Url::parse(&base).ok().and_then(|u| u.host_str().map(str::to_string)).unwrap_or_default();
    let catalog = json!({
        "specVersion": "1.0",
        "entries": [{
            "identifier": format!("urn:air:{host}:mcp:asset-service"),
            "type": "application/mcp-server-card+json",
            "url": format!("{base}{SERVER_CARD}"),
        }],
    });
    let mut response = cacheable(axum::Json(catalog).into_response());
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/ai-catalog+json"));
    response
}

/// A text document.
fn text(body: String) -> Response {
    cacheable((StatusCode::OK, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response())
}

/// Public documents: any cache may keep them an hour, any origin may read them.
pub fn cacheable(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    response
}
