//! Memes per second end to end over HTTP (real server on loopback, SQLite, the built-in meme
//! plugin, credits charged per call), with median and p99 latency per kind.
//!
//! `cargo run --release -p asset-host --example meme_bench`

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
    let url = format!("http://{}/api/agent/brands/memes", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(listener, app(state).into_make_service_with_connect_info::<SocketAddr>()).await.unwrap()
    });
    let client = reqwest::Client::new();

    println!("| kind | language | median ms | p99 ms |");
    println!("|---|---|---:|---:|");
    for (kind, language) in [("image", "en"), ("hottake", "ja"), ("carousel", "ar"), ("hybrid", "hi")] {
        let mut samples = Vec::new();
        for i in 0..400 {
            let started = Instant::now();
            let response = client
                .post(&url)
                .header("x-api-key", &key)
                .json(&json!({"input": format!("agents that pay their way {i}"), "kind": kind, "language": language}))
                .send()
                .await
                .unwrap();
            assert!(response.status().is_success());
            response.bytes().await.unwrap();
            samples.push(started.elapsed());
        }
        samples.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "| {kind} | {language} | {:.2} | {:.2} |",
            ms(samples[samples.len() / 2]),
            ms(samples[samples.len() * 99 / 100])
        );
    }

    let window = Duration::from_secs(5);
    let deadline = Instant::now() + window;
    let workers: Vec<_> = (0..8)
        .map(|w| {
            let (client, url, key) = (client.clone(), url.clone(), key.clone());
            tokio::spawn(async move {
                let mut made = 0u64;
                while Instant::now() < deadline {
                    let body = json!({"input": format!("throughput {w} {made}"), "kind": "image"});
                    let response = client.post(&url).header("x-api-key", &key).json(&body).send().await.unwrap();
                    assert!(response.status().is_success());
                    response.bytes().await.unwrap();
                    made += 1;
                }
                made
            })
        })
        .collect();
    let mut total = 0;
    for w in workers {
        total += w.await.unwrap();
    }
    println!("\n| 8 concurrent clients, image memes | {:.0} memes/s |", total as f64 / window.as_secs_f64());
}
