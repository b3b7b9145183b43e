//! The player inside the chat (MCP Apps, `io.modelcontextprotocol/ui`, stable 2026-01-26): the
//! tools that make pages, videos and memes name one `ui://` view, a small page the host shows
//! in its sandbox with the tool's result — the video playing with its captions, a page's
//! pictures and voice, the meme — loading only from this service's origin, as its declared CSP
//! says. Hosts without Apps ignore the tool's `_meta.ui` and show today's answer.

use rmcp::model::{CacheScope, MetaObject, ReadResourceResult, ResourceContents};
use serde_json::json;

/// The one view.
pub const VIEWER: &str = "ui://asset-service/viewer";
/// What MCP Apps call an HTML view.
pub const MIME: &str = "text/html;profile=mcp-app";
/// The tools whose results the view shows.
const SHOWN_BY: [&str; 7] = [
    "create_audioscript",
    "get_audioscript_status",
    "request_mp4",
    "get_mp4_status",
    "create_meme",
    "create_before_pitch",
    "generate_page",
];
/// The view itself; `__ORIGIN__` becomes the service's origin as a JavaScript string.
const HTML: &str = include_str!("viewer.html");
/// How long a host may keep the view (it changes only with a new version).
const TTL_MS: u64 = 10 * 60 * 1000;

/// The `_meta` a tool names the view with, if it shows its results.
pub fn tool_meta(tool: &str) -> Option<MetaObject> {
    SHOWN_BY.contains(&tool).then(|| meta(json!({"ui": {"resourceUri": VIEWER}})))
}

/// The view for a host reading it through `base_url`: allowed to load images, media and its
/// captions from that origin only, to connect nowhere and to frame nothing.
pub fn read(base_url: &str) -> ReadResourceResult {
    // As a JavaScript string that cannot close the script it sits in.
    let origin = serde_json::to_string(base_url).unwrap_or_else(|_| "\"\"".into()).replace('<', "\\u003c");
    let ui = json!({"ui": {"csp": {"resourceDomains": [base_url], "connectDomains": []}, "prefersBorder": true}});
    let contents =
        ResourceContents::text(HTML.replace("__ORIGIN__", &origin), VIEWER).with_mime_type(MIME).with_meta(meta(ui));
    ReadResourceResult::new(vec![contents]).with_ttl_ms(TTL_MS).with_cache_scope(CacheScope::Public)
}

fn meta(value: serde_json::Value) -> MetaObject {
    MetaObject(value.as_object().cloned().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_knows_only_its_own_origin_and_an_origin_cannot_break_out_of_its_script() {
        let read = serde_json::to_value(read("https://assets.example")).unwrap();
        let content = &read["contents"][0];
        assert_eq!(content["mimeType"], MIME);
        assert_eq!(content["_meta"]["ui"]["csp"]["resourceDomains"], json!(["https://assets.example"]));
        assert_eq!(content["_meta"]["ui"]["csp"]["connectDomains"], json!([]));
        let html = content["text"].as_str().unwrap();
        assert!(html.contains("const ORIGIN = \"https://assets.example\";") && !html.contains("__ORIGIN__"));
        let hostile = serde_json::to_value(super::read("http://x</script><script>alert(1)//")).unwrap();
        assert!(!hostile["contents"][0]["text"].as_str().unwrap().contains("</script><script>alert"));
        assert!(tool_meta("get_mp4_status").is_some() && tool_meta("list_services").is_none());
    }
}
