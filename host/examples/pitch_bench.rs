//! Pitch pages end to end over HTTP (real server on loopback, SQLite, the built-in pitch
//! generator without a model, espeak-ng in its child process, beat pictures plain and lit,
//! meme cards, the page stored with its charge): median and p90 latency of a 6-beat English
//! pitch (an offer makes six beats) from a sentence, over 20 calls.
//!
//! `cargo run --release -p asset-host --example pitch_bench`

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use asset_host::auth::{self, Role};
use asset_host::config::Settings;
use asset_host::store::Db;
use asset_host::{AppState, app};
use serde_json::json;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::connect(&Db::sqlite_url(dir.path()), 16).await.unwrap();
    db.migrate().await.unwrap();
    // An operator key: not rate limited, so the bench measures the work, not the limiter.
    let key = auth::create_key(&db, Role::Operator, "bench", 1_000_000, None).await.unwrap().secret;
    let settings = Settings { data_dir: dir.path().to_path_buf(), ..Settings::default() };
    let state = AppState::new(db, settings).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/api/agent/before", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(listener, app(state).into_make_service_with_connect_info::<SocketAddr>()).await.unwrap()
    });
    let client = reqwest::Client::new();
    let mut samples = Vec::new();
    let mut beats = 0;
    for i in 0..21 {
        let body = json!({"input": format!("Maria, a baker in Porto who posts every morning {i}"),
                          "offer": "a bot that writes her daily posts"});
        let started = Instant::now();
        let response = client.post(&url).header("x-api-key", &key).json(&body).send().await.unwrap();
        assert!(response.status().is_success(), "{}", response.text().await.unwrap_or_default());
        let made: serde_json::Value = response.json().await.unwrap();
        // The first call warms the fonts and the child voice's page cache; it is not counted.
        if i > 0 {
            samples.push(started.elapsed());
        }
        beats = made["pitch"]["beats"].as_array().map_or(0, Vec::len);
    }
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("| pitch page, English, from a sentence with an offer | beats | median ms | p90 ms |");
    println!("|---|---:|---:|---:|");
    println!(
        "| POST /api/agent/before, end to end | {beats} | {:.0} | {:.0} |",
        ms(samples[samples.len() / 2]),
        ms(samples[samples.len() * 9 / 10])
    );
}
