//! What an agent waits for a job, measured the way an agent sees it (real processes over HTTP,
//! each job followed with waiting status reads, `?wait=30`): the time in the queue (the job's
//! `createdAt` to `startedAt`, the service's clock, millisecond resolution), submit → page for
//! an 8-beat audioscript, and submit → `mp4Url` for its MP4; in one process on SQLite, and as a web-only replica plus a worker process on
//! PostgreSQL (where the worker hears of the job through LISTEN/NOTIFY). English is spoken by
//! espeak-ng in the first row and by the neural voice in the others; one row speaks five longer
//! sentences (about 18 s). `script → mp4Url` is the two waits together, as an agent making a
//! video from a script sees it.
//!
//! `cargo run --release -p asset-host --example latency_bench`

use std::time::{Duration, Instant};

use asset_tests::{Env, PgDatabase, Storage};
use serde_json::{Value, json};

const RUNS: usize = 15;
/// Eight sentences, so eight beats (the script is cut at sentence ends; until session 11 the
/// numbered sentences here made it sixteen).
/// Eight sentences, each said for longer than the shortest beat (1.2 s), so the page has eight.
const SCRIPT: &str = "Agents wait for their jobs to start. Jobs should start the moment they arrive. \
    Workers hear of every new job at once. Status reads wait for the answer too. Nobody needs to poll \
    the service any more. Pages arrive in well under a second. Videos follow the pages right after. \
    Everything is done before you know it.";
const BEATS: u64 = 8;
/// About 18 s of the neural voice in five sentences: the measure for script → MP4.
const LONG: &str = "Most small teams lose a full day every week to invoices and reminders. \
    Our app reads every bill the moment it arrives. It matches payments to invoices on its own. It tells you which clients are late and by how much. \
    You see your cash for the next few weeks on one calm screen.";

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    println!(
        "| setup | queued → claimed p50 (p90) ms | submit → page p50 (p90) ms | submit → mp4Url p50 (p90) ms | script → mp4Url p50 (p90) ms | narration ms | page ÷ narration |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut phases = String::new();
    for neural in [false, true] {
        let mut env = if neural { Env::new(Storage::Sqlite).neural() } else { Env::new(Storage::Sqlite) };
        env.extra.push(("ASSET_RATE_LIMITS".into(), "create=60000,status=60000".into()));
        let key = env.create_key(1_000_000, "agent");
        let mut server = env.serve();
        let row = runtime.block_on(measure(&server.base, &key, SCRIPT, Some(BEATS)));
        let voice = if neural { "neural voice" } else { "espeak-ng" };
        println!("| one process, SQLite, {voice} | {row} |");
        server.terminate(Duration::from_secs(10));
        phases += &format!("{voice}:\n\n{}\n\n", breakdown(&server.logs()));
        if neural {
            let server = env.serve();
            let row = runtime.block_on(measure(&server.base, &key, LONG, None));
            println!("| one process, SQLite, neural voice, five longer sentences | {row} |");
        }
    }
    {
        let pg = PgDatabase::create();
        let mut env = Env::new(Storage::Postgres(pg.url.clone())).neural();
        env.extra.push(("ASSET_RATE_LIMITS".into(), "create=60000,status=60000".into()));
        let key = env.create_key(1_000_000, "agent");
        let web = env.serve_args(&["--workers", "0"], &[]);
        let mut worker = env.spawn(&["worker"]);
        let row = runtime.block_on(measure(&web.base, &key, SCRIPT, Some(BEATS)));
        println!("| web replica + worker process, PostgreSQL, neural voice | {row} |");
        let _ = worker.kill();
        let _ = worker.wait();
    }
    println!();
    println!("Where the one-process jobs' time went (the service's own log lines, medians over the runs):");
    println!();
    println!("{phases}");
}

/// Medians of the phases the service logs for each page (`made an audioscript page`) and video
/// (`rendered MP4`), skipping the warm-up run: a markdown table.
fn breakdown(logs: &str) -> String {
    let lines: Vec<Value> = logs.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let fields = |message: &str| -> Vec<&Value> {
        lines.iter().map(|l| &l["fields"]).filter(|f| f["message"] == message).skip(1).collect()
    };
    let median = |of: &[&Value], field: &str| {
        let mut values: Vec<f64> = of.iter().filter_map(|f| f[field].as_f64()).collect();
        values.sort_by(f64::total_cmp);
        values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
    };
    let (pages, videos) = (fields("made an audioscript page"), fields("rendered MP4"));
    let mut table = String::from("| phase | median ms |\n|---|---:|\n");
    for (name, field) in [("beats, voice and word boxes (at once)", "made_ms"), ("stored", "store_ms")] {
        table += &format!("| page: {name} | {:.1} |\n", median(&pages, field));
    }
    table += &format!(
        "| video: pictures (drawn in the background since the page, or read) | {:.1} |\n",
        median(&videos, "pictures_ms")
    );
    table += &format!("| video: encode ({:.0} frames) | {:.1} |", median(&videos, "frames"), median(&videos, "ms"));
    table
}

/// `RUNS` audioscripts and their MP4s one after another: the table row's cells.
/// One row: `script` (in `beats` beats, when that is known) made into a page and its MP4, [`RUNS`] times.
async fn measure(base: &str, key: &str, script: &str, beats: Option<u64>) -> String {
    let client = reqwest::Client::new();
    let (mut claimed, mut paged, mut rendered, mut whole) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut narration = Duration::ZERO;
    // One run first to warm the voice, the plugins and the encoder.
    for run in 0..=RUNS {
        let started = Instant::now();
        let status = submit(&client, base, key, "/api/agent/audioscript", json!({"script": script})).await;
        let mut seen = read(&client, &status, key).await;
        while seen["status"] != "succeeded" {
            assert_ne!(seen["status"], "failed", "{seen}");
            seen = read(&client, &status, key).await;
        }
        let paged_at = started.elapsed();
        assert!(beats.is_none_or(|b| seen["beats"].as_u64() == Some(b)), "{seen}");
        // The queue's part, by the service's clock: from the row written to the worker's claim.
        let (queued_at, started_at) = (seen["createdAt"].as_u64().unwrap(), seen["startedAt"].as_u64().unwrap());
        let claimed_at = Duration::from_millis(started_at.saturating_sub(queued_at));
        let started = Instant::now();
        let status = submit(&client, base, key, "/api/agent/mp4", json!({"pageUrl": seen["pageUrl"]})).await;
        let mut video = read(&client, &status, key).await;
        while video["status"] != "succeeded" {
            assert_ne!(video["status"], "failed", "{video}");
            video = read(&client, &status, key).await;
        }
        narration = Duration::from_millis(seen["durationMs"].as_u64().unwrap_or(0));
        if run > 0 {
            claimed.push(claimed_at);
            paged.push(paged_at);
            let rendered_at = started.elapsed();
            rendered.push(rendered_at);
            whole.push(paged_at + rendered_at);
        }
    }
    paged.sort();
    let ratio = paged[paged.len() / 2].as_secs_f64() / narration.as_secs_f64().max(1e-3);
    let columns = [claimed, paged, rendered, whole].map(|mut d| quantiles(&mut d)).join(" | ");
    format!("{columns} | {} | {ratio:.3}", narration.as_millis())
}

async fn submit(client: &reqwest::Client, base: &str, key: &str, path: &str, body: Value) -> String {
    let response = client.post(format!("{base}{path}")).header("x-api-key", key).json(&body).send().await.unwrap();
    let body: Value = response.json().await.unwrap();
    body["statusUrl"].as_str().unwrap_or_else(|| panic!("{body}")).to_string()
}

/// One waiting read: answered when the job changes (or is finished).
async fn read(client: &reqwest::Client, status: &str, key: &str) -> Value {
    let response = client.get(format!("{status}?wait=30")).header("x-api-key", key).send().await.unwrap();
    response.json().await.unwrap()
}

fn quantiles(samples: &mut [Duration]) -> String {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    format!("{:.1} ({:.1})", ms(samples[samples.len() / 2]), ms(samples[samples.len() * 9 / 10]))
}
