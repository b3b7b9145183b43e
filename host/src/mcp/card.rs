//! The MCP server card (the server-card extension's draft, SEP-2127): who this server is, where
//! to connect, with which key and which protocol revisions, before connecting. Served at
//! `GET /api/mcp/server-card` (the location the draft reserves under the endpoint), said the same
//! as `server/discover` says it; the tools are listed in `_meta` for registries that show them.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::{PATH, tools};
use crate::http::AppState;
use crate::http::discovery::cacheable;

/// The revisions the endpoint speaks, newest first.
pub const PROTOCOL_VERSIONS: [&str; 2] = ["2026-07-28", "2025-11-25"];

pub async fn server_card(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let base = crate::http::base_url(&state.settings, &headers);
    let mut response = cacheable(axum::Json(card(&base)).into_response());
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/mcp-server-card+json"));
    response
}

/// The card for this server at `base`.
pub fn card(base: &str) -> Value {
    let namespace = namespace_of(base);
    json!({
        "$schema": "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
        "name": format!("{namespace}/asset-service"),
        "version": env!("CARGO_PKG_VERSION"),
        "title": "Media for agents",
        "description": "Pitch pages, memes in 23 languages, captioned audio pages and vertical MP4s for agents.",
        "websiteUrl": format!("{base}/llms.txt"),
        "remotes": [{
            "type": "streamable-http",
            "url": format!("{base}{PATH}"),
            "headers": [{
                "name": "x-api-key",
                "description": "Your API key (or send it as `Authorization: Bearer <key>`): from the Telegram bot or \
                    the dashboard.",
                "isRequired": true,
                "isSecret": true,
            }],
            "supportedProtocolVersions": PROTOCOL_VERSIONS,
        }],
        "_meta": {
            format!("{namespace}/tools"): tools::TOOLS.iter().map(|t| t.name).collect::<Vec<_>>(),
            format!("{namespace}/extensions"): [rmcp::model::TASKS_EXTENSION_ID],
        },
    })
}

/// The reverse-DNS namespace of the host serving `base` (`example.com` → `com.example`), as a
/// card's name wants it; an address stays as it is.
fn namespace_of(base: &str) -> String {
    let host = url::Url::parse(base).ok().and_then(|u| u.host_str().map(str::to_string)).unwrap_or_default();
    let host = host.trim_matches(|c| c == '[' || c == ']').replace(':', "-");
    if host.parse::<std::net::Ipv4Addr>().is_ok() || host.contains('-') && !host.contains('.') {
        return host;
    }
    host.rsplit('.').collect::<Vec<_>>().join(".")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_names_the_server_by_its_host_reversed() {
        assert_eq!(namespace_of("https://assets.example.com"), "com.example.assets");
        assert_eq!(namespace_of("http://127.0.0.1:8080"), "127.0.0.1");
        let card = card("https://assets.example.com");
        assert_eq!(card["name"], "com.example.assets/asset-service");
        assert_eq!(card["remotes"][0]["url"], "https://assets.example.com/api/mcp");
        assert!(card["description"].as_str().unwrap().len() <= 100);
        assert!(card["_meta"]["com.example.assets/tools"].as_array().unwrap().len() >= 20);
    }
}
