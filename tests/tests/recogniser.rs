//! The embedded recogniser keeps the media budget against the real binary: a long recording
//! past its budget fails once, refunded, and the server stops using CPU with it; a short script
//! queued behind a long recording (one worker) is made while the recording is still heard, and
//! cancelling the recording stops its transcription. CPU is the server's own, read from
//! `/proc/<pid>/stat`, so the bounds hold however loaded the machine is.

use std::time::{Duration, Instant};

use asset_tests::{Env, Server, Storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

const ROUTE: &str = "/api/agent/audioscript";
/// What the recording lasts: most of the three minutes a recording may.
const RECORDING_SECS: u64 = 170;

/// About `RECORDING_SECS` of espeak-ng reading sentences with pauses between them, as WAV.
fn long_recording() -> Vec<u8> {
    let sentences = [
        "Small teams lose a day every week to invoices.",
        "Our app reads each one the moment it arrives.",
        "It tells you who pays late and who pays early.",
        "Then it writes the reminder for you, politely.",
        "Nobody types numbers into a spreadsheet again.",
        "Agents pay for their own tools every single day.",
        "They ship their pages in a matter of seconds.",
    ];
    let dir = tempfile::tempdir().unwrap();
    let (text, said, cut) = (dir.path().join("text"), dir.path().join("said.wav"), dir.path().join("cut.wav"));
    std::fs::write(&text, sentences.repeat(12).join(" ")).unwrap();
    let spoken =
        std::process::Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&said).arg("-f").arg(&text).status();
    assert!(spoken.expect("espeak-ng runs").success());
    let length = RECORDING_SECS.to_string();
    let trimmed = std::process::Command::new("sox").arg(&said).arg(&cut).args(["trim", "0", &length]).status();
    assert!(trimmed.expect("sox runs").success());
    std::fs::read(cut).unwrap()
}

/// An environment whose server fetches the long recording from a loopback file server.
fn with_recording() -> (Env, asset_tests::files::Files) {
    let files = asset_tests::files::serve([("/long.wav".to_string(), long_recording())].into());
    let env = Env::new(Storage::Sqlite).fetching_from(&files);
    (env, files)
}

/// CPU-seconds `pid` has used so far (user and system, from `/proc/<pid>/stat`).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the server's stat");
    // Fields after the command name (which may hold spaces), which ends at the last ')'.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / clock_ticks()
}

fn clock_ticks() -> f64 {
    let out = std::process::Command::new("getconf").arg("CLK_TCK").output().expect("getconf runs");
    String::from_utf8_lossy(&out.stdout).trim().parse().expect("CLK_TCK")
}

/// The most memory `pid` has held (its `VmHWM`), in MiB.
fn peak_mib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the server's status");
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM");
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
}

fn cores() -> f64 {
    std::thread::available_parallelism().map_or(1, |n| n.get()) as f64
}

async fn submit(server: &Server, key: &str, body: Value) -> Value {
    let response = Client::new().post(server.url(ROUTE)).header("x-api-key", key).json(&body).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    response.json().await.unwrap()
}

/// The job's status (the keys here are operators', which no rate limit holds back from
/// polling).
async fn status(url: &str, key: &str) -> Value {
    let response = Client::new().get(url).header("x-api-key", key).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// Polls the job until `done` says so, for at most `within`.
async fn until(url: &str, key: &str, within: Duration, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + within;
    loop {
        let body = status(url, key).await;
        if done(&body) {
            return body;
        }
        assert!(Instant::now() < deadline, "the job did not get there: {body}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

fn finished(body: &Value) -> bool {
    body["status"] == "succeeded" || body["status"] == "failed"
}

async fn credits(server: &Server, key: &str) -> i64 {
    server.get_json("/api/agent/me", Some(key)).await["credits"].as_i64().unwrap()
}

/// CPU-seconds the server uses over `window` while nothing is asked of it.
async fn idle_cpu(pid: u32, window: Duration) -> f64 {
    let before = cpu_seconds(pid);
    tokio::time::sleep(window).await;
    cpu_seconds(pid) - before
}

/// Waits until `pid` has used `seconds` more CPU-seconds (at most two minutes).
async fn busy(pid: u32, seconds: f64) {
    let (from, deadline) = (cpu_seconds(pid), Instant::now() + Duration::from_secs(120));
    while cpu_seconds(pid) - from < seconds {
        assert!(Instant::now() < deadline, "the server did not get busy");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[test]
fn a_recording_past_its_budget_fails_once_refunded_and_the_server_stops_using_cpu_with_it() {
    // Far less than hearing the whole recording takes on an idle machine (about 15 s).
    const BUDGET_SECS: f64 = 4.0;
    let (env, files) = with_recording();
    let key = env.create_key(10, "operator");
    let server = env.serve_with(&[("ASSET_MEDIA_BUDGET_MS", "4000")]);
    let pid = server.child.id();
    block_on(async {
        let accepted = submit(&server, &key, json!({"audio_url": format!("{}/long.wav", files.base)})).await;
        let url = accepted["statusUrl"].as_str().unwrap();
        let started = (Instant::now(), cpu_seconds(pid));
        let done = until(url, &key, Duration::from_secs(900), finished).await;
        let (wall, used) = (started.0.elapsed().as_secs_f64(), cpu_seconds(pid) - started.1);
        let after = idle_cpu(pid, Duration::from_secs(10)).await;
        let refunded = credits(&server, &key).await == 10;
        eprintln!(
            "over budget: {wall:.0} s wall, {used:.1} CPU-s to the failure, {after:.1} CPU-s in the 10 s after it, \
             peak {} MiB, {} attempt(s): {done}",
            peak_mib(pid),
            done["attempts"]
        );
        assert_eq!(
            (done["status"].as_str(), done["error"]["code"].as_str()),
            (Some("failed"), Some("render_over_budget"))
        );
        assert_eq!(done["attempts"], 1, "work over its budget is not tried again: {done}");
        assert!(refunded, "refunded once: {done}");
        // The recogniser uses its cores for at most its budget (and the step under way when
        // it ran out); the rest is reading the file and loading the model.
        assert!(used <= BUDGET_SECS * cores() * 2.0 + 15.0, "{used:.1} CPU-s for a {BUDGET_SECS} s budget");
        assert!(after < 2.0, "{after:.1} CPU-s used after the job failed: a transcription ran on");
    });
}

#[test]
fn a_short_script_behind_a_long_recording_is_made_while_the_recording_is_heard_and_a_cancel_stops_it() {
    let (env, files) = with_recording();
    let key = env.create_key(10, "operator");
    // One worker (the default), and its lease noticed lost within a second of a cancel.
    let server = env.serve_with(&[("ASSET_WORKERS", "1"), ("ASSET_JOB_LEASE_SECS", "3")]);
    let pid = server.child.id();
    block_on(async {
        let long = submit(&server, &key, json!({"audio_url": format!("{}/long.wav", files.base)})).await;
        let long_url = long["statusUrl"].as_str().unwrap();
        let hearing = |b: &Value| (b["status"] == "running" && b["stage"] == "voice") || finished(b);
        until(long_url, &key, Duration::from_secs(120), hearing).await;
        // The model loaded and chunks being heard: the server is busy with the recording.
        busy(pid, 3.0).await;
        let queued = Instant::now();
        let short = submit(&server, &key, json!({"script": "Agents ship their pages fast."})).await;
        let short = until(short["statusUrl"].as_str().unwrap(), &key, Duration::from_secs(600), finished).await;
        let waited = queued.elapsed().as_secs_f64();
        let long_then = status(long_url, &key).await;
        eprintln!("the short script took {waited:.1} s; the recording then: {long_then}");
        assert_eq!(short["status"], "succeeded", "{short}");
        assert_eq!(long_then["status"], "running", "the short script waited for the whole recording: {long_then}");

        // Cancelled, the recording's transcription stops with its job: the server falls idle
        // long before the rest of the recording could have been heard.
        let cancel = Client::new().post(format!("{long_url}/cancel")).header("x-api-key", &key).send().await.unwrap();
        assert_eq!(cancel.status(), StatusCode::OK);
        let cancelled = Instant::now();
        let mut windows = Vec::new();
        while windows.last().is_none_or(|&cpu| cpu >= 1.0) {
            assert!(windows.len() < 20, "CPU-s per 3 s after the cancel: {windows:?}");
            windows.push(idle_cpu(pid, Duration::from_secs(3)).await);
        }
        eprintln!("after the cancel: {windows:?} CPU-s per 3 s, idle {:.0} s later", cancelled.elapsed().as_secs_f64());
    });
}
