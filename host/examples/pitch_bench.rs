//! Pitch pages end to end over HTTP against the real binary (`asset-host serve` on loopback,
//! SQLite, the built-in pitch generator without a model, espeak-ng in its child process, beat
//! pictures plain and lit, meme cards, the page stored with its charge): median and p90 latency
//! of a 6-beat English pitch (an offer makes six beats) from a sentence, over 20 calls.
//!
//! `cargo build --release -p asset-host && cargo run --release -p asset-host --example pitch_bench`

use std::time::{Duration, Instant};

use asset_tests::{Env, Storage};
use serde_json::json;

fn main() {
    // The release binary beside this example (target/release/asset-host), unless one is named.
    if std::env::var_os("ASSET_HOST_BIN").is_none() {
        let exe = std::env::current_exe().unwrap();
        let binary = exe.parent().and_then(|examples| examples.parent()).unwrap().join("asset-host");
        assert!(binary.exists(), "build the binary first: cargo build --release -p asset-host");
        set_before_threads("ASSET_HOST_BIN", &binary);
    }
    tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap().block_on(run());
}

async fn run() {
    let env = Env::new(Storage::Sqlite);
    // An operator key: not rate limited, so the bench measures the work, not the limiter.
    let key = env.create_key(1_000_000, "operator");
    let server = env.serve();
    let url = server.url("/api/agent/before");
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
        // The first call warms the fonts and the voice's files; it is not counted.
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

/// Sets an environment variable while the process has one thread.
fn set_before_threads(key: &str, value: &std::path::Path) {
    #[allow(unsafe_code)]
    // SAFETY: called first thing in `main`, before the runtime or anything else starts a thread.
    unsafe {
        std::env::set_var(key, value)
    };
}
