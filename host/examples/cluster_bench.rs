//! Scale-out figures with a real load generator: memes per second and their p50/p99 through
//! nginx for one and two web replicas (PostgreSQL, SeaweedFS, Redis, as in `deploy/`), renders
//! per minute for one and two worker processes, and both on one SQLite process for comparison.
//!
//! `apt-get install -y nginx wrk && cargo run --release -p asset-host --example cluster_bench`
//! (the tests' Python environment provides SeaweedFS: run `bash scripts/test.sh` once first).

use std::process::Command;
use std::time::{Duration, Instant};

use asset_tests::cluster::{Cluster, Shape};
use asset_tests::{Env, Storage};
use serde_json::{Value, json};

/// Load for the memes: wrk's threads, connections and seconds.
const WRK: (u32, u32, u32) = (2, 8, 15);
/// MP4 renders per run (below the render queue's default limit of 16).
const RENDERS: usize = 12;

fn rates() -> Vec<(String, String)> {
    vec![("ASSET_RATE_LIMITS".into(), "create=60000,status=60000".into())]
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    println!("| setup | memes/s | p50 ms | p99 ms | errors | cores busy | peak RSS per web process, MiB |");
    println!("|---|---:|---:|---:|---:|---|---:|");
    {
        let mut env = Env::new(Storage::Sqlite);
        env.extra.extend(rates());
        let key = env.create_key(1_000_000, "agent");
        let server = env.serve();
        let row = memes(&server.base, &key);
        println!("| one process, SQLite, local blobs (direct) | {row} | {:.0} |", peak_rss_mib(server.child.id()));
    }
    for web in [1, 2] {
        let cluster = Cluster::start(Shape { web, workers: 1, vars: rates() });
        let key = cluster.env.create_key(1_000_000, "agent");
        let row = memes(&cluster.base, &key);
        let rss = cluster.web.iter().flatten().map(|s| peak_rss_mib(s.child.id())).fold(0.0, f64::max);
        println!("| {web} web replica(s), PostgreSQL, S3, via nginx | {row} | {rss:.0} |");
    }

    println!();
    println!("| setup | MP4s | seconds | renders/min | peak RSS per job process, MiB |");
    println!("|---|---:|---:|---:|---:|");
    {
        let mut env = Env::new(Storage::Sqlite);
        env.extra.extend(rates());
        let key = env.create_key(1_000_000, "agent");
        let server = env.serve();
        let took = runtime.block_on(renders(&server.base, &key));
        let rss = peak_rss_mib(server.child.id());
        println!("| one process, SQLite (1 job at a time) | {} | {rss:.0} |", per_minute(took));
    }
    for workers in [1, 2] {
        let cluster = Cluster::start(Shape { web: 1, workers, vars: rates() });
        let key = cluster.env.create_key(1_000_000, "agent");
        let took = runtime.block_on(renders(&cluster.base, &key));
        let rss = cluster.workers.iter().map(|w| peak_rss_mib(w.id())).fold(0.0, f64::max);
        println!("| {workers} worker process(es), PostgreSQL, S3 | {} | {rss:.0} |", per_minute(took));
    }
}

/// CPU seconds used so far by the programs a cluster runs, by program name, over all their
/// processes.
fn cpu_by_program() -> std::collections::BTreeMap<String, f64> {
    const PROGRAMS: [&str; 5] = ["asset-host", "postgres", "weed", "nginx", "redis-server"];
    let mut used = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // `pid (comm) state ppid …`: the name may hold spaces, so split after its last `)`.
        let Some((head, rest)) = stat.rsplit_once(") ") else { continue };
        let name = head.split_once(" (").map_or("", |(_, n)| n);
        let Some(program) = PROGRAMS.iter().find(|p| name.starts_with(&p[..p.len().min(15)])) else { continue };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 Hz).
        let ticks: f64 = fields.get(11..13).map_or(0.0, |f| f.iter().filter_map(|v| v.parse::<f64>().ok()).sum());
        *used.entry(program.to_string()).or_insert(0.0) += ticks / 100.0;
    }
    used
}

/// How many cores each program kept busy between two readings `seconds` apart.
fn cores_busy(
    before: &std::collections::BTreeMap<String, f64>,
    after: &std::collections::BTreeMap<String, f64>,
    seconds: f64,
) -> String {
    let parts: Vec<String> = after
        .iter()
        .map(|(program, used)| (program, (used - before.get(program).unwrap_or(&0.0)) / seconds))
        .filter(|(_, cores)| *cores >= 0.05)
        .map(|(program, cores)| format!("{program} {cores:.2}"))
        .collect();
    parts.join(", ")
}

/// The most memory process `pid` has held (`VmHWM`), in MiB.
fn peak_rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
    kib.map_or(f64::NAN, |k: f64| k / 1024.0)
}

/// Runs wrk against the meme route of `base`: the row's middle cells.
fn memes(base: &str, key: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("memes.lua");
    // Each request a different input, so nothing is served from a cache.
    let lua = format!(
        "wrk.method = \"POST\"\nwrk.headers[\"content-type\"] = \"application/json\"\n\
         wrk.headers[\"x-api-key\"] = \"{key}\"\nlocal n = 0\n\
         request = function()\n  n = n + 1\n  return wrk.format(nil, nil, nil, \
         '{{\"input\": \"agents that scale out ' .. n .. '\", \"kind\": \"image\"}}')\nend\n"
    );
    std::fs::write(&script, lua).unwrap();
    let (threads, connections, seconds) = WRK;
    let before = cpu_by_program();
    let out = Command::new("wrk")
        .args(["-t", &threads.to_string(), "-c", &connections.to_string(), "-d", &format!("{seconds}s"), "--latency"])
        .arg("-s")
        .arg(&script)
        .arg(format!("{base}/api/agent/brands/memes"))
        .output()
        .expect("wrk runs (apt-get install wrk)");
    let busy = cores_busy(&before, &cpu_by_program(), f64::from(seconds));
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |label: &str| text.lines().find_map(|l| l.trim().strip_prefix(label).map(|v| v.trim().to_string()));
    let rps = field("Requests/sec:").unwrap_or_else(|| panic!("wrk: {text}"));
    let errors = field("Non-2xx or 3xx responses:").unwrap_or_else(|| "0".into());
    let p50 = field("50%").map_or(f64::NAN, |v| millis(&v));
    let p99 = field("99%").map_or(f64::NAN, |v| millis(&v));
    format!("{rps} | {p50:.1} | {p99:.1} | {errors} | {busy}")
}

/// wrk's latency (`812.00us`, `12.34ms`, `1.02s`) in milliseconds.
fn millis(value: &str) -> f64 {
    let split = value.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(value.len());
    let (number, unit) = value.split_at(split);
    let number: f64 = number.parse().unwrap_or(f64::NAN);
    match unit {
        "us" => number / 1e3,
        "s" => number * 1e3,
        "m" => number * 60e3,
        _ => number,
    }
}

/// The cells of `RENDERS` MP4s made in `took`.
fn per_minute(took: Duration) -> String {
    let seconds = took.as_secs_f64();
    format!("{RENDERS} | {seconds:.1} | {:.1}", RENDERS as f64 * 60.0 / seconds)
}

/// Makes `RENDERS` audioscript pages, then submits an MP4 of each at once and answers how long
/// until all of them were done.
async fn renders(base: &str, key: &str) -> Duration {
    let client = reqwest::Client::new();
    let submit = |path: &'static str, body: Value| {
        let request = client.post(format!("{base}{path}")).header("x-api-key", key).json(&body);
        async move {
            let response = request.send().await.unwrap();
            let body: Value = response.json().await.unwrap();
            body["statusUrl"].as_str().unwrap_or_else(|| panic!("{body}")).to_string()
        }
    };
    let scripts = (0..RENDERS).map(|n| {
        let script = format!("Render number {n}. Workers scale apart from the web. Every frame counts.");
        submit("/api/agent/audioscript", json!({"script": script}))
    });
    let pages = futures::future::join_all(scripts).await;
    let pages = futures::future::join_all(pages.iter().map(|url| done(&client, url, key))).await;
    let started = Instant::now();
    let mp4s = pages.iter().map(|page| submit("/api/agent/mp4", json!({"pageUrl": page["pageUrl"]})));
    let mp4s = futures::future::join_all(mp4s).await;
    futures::future::join_all(mp4s.iter().map(|url| done(&client, url, key))).await;
    started.elapsed()
}

async fn done(client: &reqwest::Client, url: &str, key: &str) -> Value {
    loop {
        let status: Value = client.get(url).header("x-api-key", key).send().await.unwrap().json().await.unwrap();
        match status["status"].as_str() {
            Some("succeeded") => return status,
            Some("failed") => panic!("{url}: {status}"),
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}
