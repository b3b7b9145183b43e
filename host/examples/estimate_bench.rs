//! What an estimate costs: the median and p90 of 2000 sequential estimates per service, called
//! as the route calls it (the service's own check, the price on every rail, the key's balance),
//! on SQLite with the built-in plugins; then the same over HTTP on loopback, the key checked and
//! counted by the gate.
//!
//! `cargo run --release -p asset-host --example estimate_bench`

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use asset_host::auth::{self, Role};
use asset_host::config::Settings;
use asset_host::ctx::Ctx;
use asset_host::http::estimate::{EstimateRequest, estimate};
use asset_host::store::Db;
use asset_host::{AppState, app};
use serde_json::{Value, json};

const SAMPLES: usize = 2000;

fn bodies() -> [(&'static str, Value); 4] {
    [
        ("meme", json!({"input": "Agents that pay their own way", "kind": "hybrid", "language": "ja"})),
        ("pitch", json!({"input": "Dana Ortiz runs a bakery in Austin", "offer": "Pages that sell"})),
        ("audioscript", json!({"script": "Agents pay for their own tools. They ship pages in seconds."})),
        (
            "content",
            json!({"category": "tweet", "input": "Our API renders video",
            "brandProfile": {"name": "Globex", "voice": "Calm", "hashtag": "#GLOBEX", "token": "$GLX"}}),
        ),
    ]
}

/// The median and p90 of `times`, in microseconds.
fn spread(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    (us(times[times.len() / 2]), us(times[times.len() * 9 / 10]))
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::connect(&Db::sqlite_url(dir.path()), 16).await.unwrap();
    db.migrate().await.unwrap();
    // An operator key: not rate limited, so the HTTP rows measure the work, not the limiter.
    let key = auth::create_key(&db, Role::Operator, "bench", 1_000, None).await.unwrap().secret;
    let caller = auth::authenticate(&db, &key).await.unwrap().unwrap();
    let settings = Settings { data_dir: dir.path().to_path_buf(), ..Settings::default() };
    let state = AppState::new(db, settings).await.unwrap();
    let ctx = Ctx::new(state.services.clone(), caller, "http://127.0.0.1".into(), "bench".into());

    println!("| service | call | median µs | p90 µs |");
    println!("|---|---|---:|---:|");
    for (service, body) in bodies() {
        let mut times = Vec::with_capacity(SAMPLES);
        for _ in 0..SAMPLES {
            let request = EstimateRequest { service: Some(service.into()), request: Some(body.clone()) };
            let started = Instant::now();
            let priced = estimate(&ctx, request).await.unwrap();
            times.push(started.elapsed());
            assert!(priced.accepted);
        }
        let (median, p90) = spread(times);
        println!("| {service} | operation | {median:.0} | {p90:.0} |");
    }

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/api/agent/estimate", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(listener, app(state).into_make_service_with_connect_info::<SocketAddr>()).await.unwrap()
    });
    let client = reqwest::Client::new();
    for (service, body) in bodies() {
        let mut times = Vec::with_capacity(SAMPLES);
        for _ in 0..SAMPLES {
            let started = Instant::now();
            let response = client
                .post(&url)
                .header("x-api-key", &key)
                .json(&json!({"service": service, "request": body}))
                .send()
                .await
                .unwrap();
            assert!(response.status().is_success());
            response.bytes().await.unwrap();
            times.push(started.elapsed());
        }
        let (median, p90) = spread(times);
        println!("| {service} | HTTP on loopback | {median:.0} | {p90:.0} |");
    }
}
