//! The server the official MCP conformance suite runs its fixture scenarios against: this
//! service's own MCP layer (`asset_host::mcp::Server`: its tools, resources, prompts,
//! completion and tasks, behind the same gate and router) with the suite's fixture tools,
//! resources and prompts added (`test_simple_text`, `test://static-text`, `test_simple_prompt`,
//! `test_input_required_result_*`, …), answered as the suite's scenario texts ask. Clients of
//! 2025-11-25 get sessions here (sampling and elicitation are requests to the client during a
//! call); 2026-07-28 stays stateless. An example for the test command, never the product.
//!
//! `cargo run -p asset-host --example mcp_conformance` prints `listening on ADDRESS key KEY`
//! and serves until stopped (a fresh SQLite data folder of its own).

mod fixtures;
mod tasks;

use asset_host::app;
use asset_host::auth::{self, Role};
use asset_host::http::AppState;
use asset_host::mcp::{self, Server};
use asset_host::store::Db;
use rmcp::transport::streamable_http_server::StreamableHttpService;

#[tokio::main]
async fn main() -> Result<(), String> {
    let data = tempfile::tempdir().map_err(|e| e.to_string())?;
    let settings =
        asset_host::config::Settings { data_dir: data.path().to_path_buf(), workers: 1, ..Default::default() };
    let db = Db::open(&settings).await?;
    let key = auth::create_key(&db, Role::Agent, "conformance", 100, None).await.map_err(|e| e.to_string())?;
    let services = asset_host::compose::services(db, settings).await?;
    let state = AppState::from(services);
    let router = app::app_serving(state, Default::default(), |state, doc| {
        // Sessions and event streams: 2025-11-25's sampling and elicitation are requests to
        // the client in the middle of a call, answered on its session.
        let config = mcp::config(&state).with_json_response(false);
        let fixtures = fixtures::Fixtures::new(Server::new(state, doc));
        let manager = fixtures.sessions().manager();
        StreamableHttpService::new(move || Ok(fixtures.clone()), manager, config)
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    println!("listening on {} key {}", listener.local_addr().map_err(|e| e.to_string())?, key.secret);
    let service = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, service).await.map_err(|e| e.to_string())
}
