//! Faults injected into the real parts while the service works: PostgreSQL restarted mid-load,
//! the S3 store cut away, the scratch disk full, a worker killed at every stage of a render,
//! the wall clock jumping, and outside parties (speech endpoint, Solana RPC, x402 facilitator)
//! hanging or answering garbage. After each, [`whole`] checks what must never break: the
//! ledger sums to every balance, every payment is settled the way its work ended, every job is
//! final or retryable, and every webhook event is delivered or pending.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use asset_tests::proxy::Proxy;
use asset_tests::seaweed::Seaweed;
use asset_tests::solana::TREASURY;
use asset_tests::{Env, Server, Storage, binary, fakes, free_port, x402};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap().block_on(future)
}

const MEMES: &str = "/api/agent/brands/memes";
const IDEA: &str = "Small teams ship faster. Fewer meetings. Everyone sees the whole board.";

/// One call: its status and JSON body (`Null` when the body is not JSON).
async fn call(server: &Server, method: &str, path: &str, key: &str, body: Option<Value>) -> (StatusCode, Value) {
    let client = Client::builder().timeout(Duration::from_secs(60)).build().unwrap();
    let mut request = client.request(method.parse().unwrap(), server.url(path)).header("x-api-key", key);
    if let Some(body) = body {
        request = request.header("idempotency-key", unique_key()).json(&body);
    }
    match request.send().await {
        Ok(response) => (response.status(), response.json().await.unwrap_or(Value::Null)),
        Err(e) => panic!("{method} {path}: no answer: {e}"),
    }
}

fn unique_key() -> String {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    format!("fault-{}-{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst))
}

async fn credits(server: &Server, key: &str) -> i64 {
    let (status, me) = call(server, "GET", "/api/agent/me", key, None).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    me["credits"].as_i64().unwrap()
}

/// A slideshow page (1 credit, voiced by the embedded voice): its URL.
async fn page(server: &Server, key: &str) -> String {
    let (status, made) =
        call(server, "POST", "/api/agent/generate", key, Some(json!({"kind": "slideshow", "input": IDEA}))).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    made["page"]["url"].as_str().unwrap().to_string()
}

/// Asks for an MP4 of `page_url`: the job's status URL.
async fn render(server: &Server, key: &str, page_url: &str) -> String {
    let (status, accepted) = call(server, "POST", "/api/agent/mp4", key, Some(json!({"pageUrl": page_url}))).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    accepted["statusUrl"].as_str().unwrap().to_string()
}

/// Polls a job's status URL until it is final (or `limit` passes): the last status.
async fn finished(status_url: &str, key: &str, limit: Duration) -> Value {
    let deadline = Instant::now() + limit;
    loop {
        let response = Client::new().get(status_url).header("x-api-key", key).send().await;
        if let Ok(response) = response
            && response.status() == StatusCode::OK
        {
            let status: Value = response.json().await.unwrap();
            if matches!(status["status"].as_str(), Some("succeeded" | "failed")) || Instant::now() > deadline {
                return status;
            }
        }
        assert!(Instant::now() < deadline, "{status_url} did not finish in {limit:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The service's own clock, as the rows record it.
fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

/// What must hold after any fault, read straight from the database.
async fn whole(env: &Env) {
    let db = env.database().await;
    asset_tests::assert_ledgers_hold(&db).await;
    // A job's payment follows its job: captured when it succeeded, released when it failed,
    // held while it may still run; a SOL deposit is captured as it is claimed, whatever follows.
    let jobs: Vec<(String, String, Option<String>, Option<i64>)> = sqlx::query_as(
        "SELECT j.id, CASE WHEN p.rail = 'sol' THEN 'paid before' ELSE j.state END, p.state, j.lease_until \
         FROM jobs j LEFT JOIN payment_intents p ON p.id = j.payment_ref",
    )
    .fetch_all(&db)
    .await
    .unwrap();
    for (id, state, payment, lease) in jobs {
        let expected = match state.as_str() {
            "succeeded" | "paid before" => "captured",
            "failed" => "released",
            "queued" => "authorized",
            // Work paid per asset waits for its deposit with nothing taken yet.
            "awaiting_payment" => "none",
            "running" => {
                assert!(lease.is_some_and(|l| l > now_ms() - 60_000), "{id} runs under a live lease");
                "authorized"
            }
            other => panic!("{id}: state {other} is neither final nor retryable"),
        };
        if let Some(payment) = payment {
            assert_eq!(payment, expected, "the payment of {state} job {id}");
        }
    }
    // A call's payment is settled once its hold lapses, whatever happened to the call.
    let held: Vec<(String, i64)> = sqlx::query_as(
        "SELECT id, COALESCE(lease_until, 0) FROM payment_intents WHERE job_id IS NULL AND state = 'authorized'",
    )
    .fetch_all(&db)
    .await
    .unwrap();
    for (id, until) in held {
        assert!(until > now_ms() - 10_000, "payment {id} held past its lease");
    }
    let events: Vec<(String, String)> =
        sqlx::query_as("SELECT id, state FROM webhook_events").fetch_all(&db).await.unwrap();
    for (id, state) in events {
        assert!(matches!(state.as_str(), "delivered" | "pending"), "webhook {id} is {state}");
    }
    db.close().await;
}

async fn scalar(env: &Env, sql: &'static str) -> i64 {
    let db = env.database().await;
    let n = sqlx::query_scalar::<_, i64>(sql).fetch_one(&db).await.unwrap();
    db.close().await;
    n
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL restarted mid-load.

/// A PostgreSQL cluster of this test's own (the shared one serves every other test), which it
/// can stop and start.
struct PrivatePg {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
}

impl PrivatePg {
    fn start() -> PrivatePg {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's server programs under /usr/lib/postgresql (Debian's postgresql package)")
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|b| b.join("initdb").exists())
            .max()
            .expect("initdb");
        let dir = tempfile::tempdir().unwrap();
        run(Command::new("chown").args(["-R", "postgres"]).arg(dir.path()));
        let data = dir.path().join("data");
        run(postgres(&bin.join("initdb")).arg("-D").arg(&data).args(["-A", "trust", "-U", "postgres"]));
        let pg = PrivatePg { dir, bin, port: free_port() };
        pg.up();
        pg
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    fn ctl(&self) -> Command {
        let mut ctl = postgres(&self.bin.join("pg_ctl"));
        ctl.arg("-D").arg(self.dir.path().join("data")).arg("-w");
        ctl
    }

    fn up(&self) {
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, self.dir.path().display());
        run(self.ctl().args(["-o", &options, "-l"]).arg(self.dir.path().join("log")).arg("start"));
    }

    /// A fast shutdown: sessions are ended, as a restart by an operator or a failover does.
    fn down(&self) {
        run(self.ctl().args(["-m", "fast", "stop"]));
    }
}

impl Drop for PrivatePg {
    fn drop(&mut self) {
        let _ = self.ctl().args(["-m", "immediate", "stop"]).output();
    }
}

fn postgres(program: &Path) -> Command {
    let mut command = Command::new("runuser");
    command.args(["-u", "postgres", "--"]).arg(program).stdout(Stdio::null());
    command
}

fn run(command: &mut Command) {
    let out = command.output().expect("the command runs");
    assert!(out.status.success(), "{command:?}: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn postgresql_restarted_mid_load_answers_503_recovers_and_charges_only_work_done() {
    let pg = PrivatePg::start();
    let env = Env::new(Storage::Postgres(pg.url()));
    // An operator key is not rate limited; its payments are held 2 s, so the reaper settles
    // what the outage interrupted soon after.
    let key = env.create_key(100_000, "operator");
    let server = env.serve_with(&[("ASSET_PAYMENT_HOLD_SECS", "2")]);
    let server = Arc::new(server);
    // The database is down for 12 s, longer than the pool waits for a connection (10 s): a call
    // that starts early in the outage is answered 503 however slowly the machine runs, rather
    // than waiting the outage out (under load every call could, and the test saw no outage).
    let (outage, back, end) = (Duration::from_secs(3), Duration::from_secs(15), Duration::from_secs(22));
    let statuses = block_on(async {
        let started = Instant::now();
        let clients: Vec<_> = (0..6)
            .map(|c| {
                let (server, key) = (server.clone(), key.clone());
                tokio::spawn(async move {
                    let mut seen = Vec::new();
                    let mut i = 0;
                    while started.elapsed() < end {
                        let body = json!({"input": format!("load {c} {i}")});
                        let (status, answer) = call(&server, "POST", MEMES, &key, Some(body)).await;
                        seen.push((started.elapsed(), status.as_u16(), answer["code"].as_str().map(String::from)));
                        if status != StatusCode::OK {
                            tokio::time::sleep(Duration::from_millis(100)).await;
                        }
                        i += 1;
                    }
                    seen
                })
            })
            .collect();
        tokio::time::sleep(outage).await;
        pg.down();
        tokio::time::sleep(back - outage).await;
        pg.up();
        let mut all = Vec::new();
        for client in clients {
            all.extend(client.await.unwrap());
        }
        all
    });
    let count = |wanted: u16| statuses.iter().filter(|(_, s, _)| *s == wanted).count();
    let odd: Vec<_> = statuses.iter().filter(|(_, s, _)| ![200, 503].contains(s)).collect();
    assert!(odd.is_empty(), "only 200 or 503 while the database restarts: {odd:?}");
    assert!(statuses.iter().all(|(_, s, code)| *s == 200 || code.as_deref() == Some("unavailable")));
    assert!(count(503) > 0, "the outage was seen");
    // Recovered without a restart of the service: the last seconds are all answered.
    let late: Vec<_> = statuses.iter().filter(|(t, _, _)| *t > back + Duration::from_secs(4)).collect();
    assert!(!late.is_empty() && late.iter().all(|(_, s, _)| *s == 200), "recovered: {late:?}");
    println!("{} answered 200, {} answered 503", count(200), count(503));

    // Every interrupted payment is released once its hold lapses; then every meme kept was
    // paid for exactly once, and nothing else was.
    std::thread::sleep(Duration::from_secs(9));
    block_on(async {
        whole(&env).await;
        let kept = scalar(&env, "SELECT COUNT(*) FROM memes").await;
        let captured =
            scalar(&env, "SELECT COUNT(*) FROM payment_intents WHERE job_id IS NULL AND state = 'captured'").await;
        let open = scalar(&env, "SELECT COUNT(*) FROM payment_intents WHERE state = 'authorized'").await;
        assert_eq!((kept, open), (captured, 0), "a charge for every meme kept, none without");
        assert!(kept >= count(200) as i64, "every meme answered was kept");
        assert_eq!(credits(&server, &key).await, 100_000 - kept, "1 credit a meme");
    });
}

// ---------------------------------------------------------------------------------------------
// The blob store cut away.

#[test]
fn renders_retry_while_the_blob_store_is_unreachable_then_fail_refunded_and_work_once_it_is_back() {
    let seaweed = Seaweed::start();
    let proxy = Proxy::start(seaweed.endpoint.trim_start_matches("http://"));
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(20, "operator");
    let mut vars = seaweed.vars("faults");
    for (name, value) in &mut vars {
        if *name == "ASSET_S3_ENDPOINT" {
            *value = format!("http://{}", proxy.addr);
        }
    }
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let server = env.serve_with(&vars);
    block_on(async {
        let page_url = page(&server, &key).await;
        let before = credits(&server, &key).await;
        proxy.cut();
        let status_url = render(&server, &key, &page_url).await;
        assert!(credits(&server, &key).await < before, "charged while it runs");
        let done = finished(&status_url, &key, Duration::from_secs(150)).await;
        assert_eq!((done["status"].as_str(), done["attempts"].as_u64()), (Some("failed"), Some(3)), "{done}");
        assert_eq!(credits(&server, &key).await, before, "refunded");
        assert!(proxy.refused() > 0, "the store was asked for and could not be reached");

        proxy.restore();
        let status_url = render(&server, &key, &page_url).await;
        let done = finished(&status_url, &key, Duration::from_secs(60)).await;
        assert_eq!(done["status"], "succeeded", "{done}");
        let video = reqwest::get(done["mp4Url"].as_str().unwrap()).await.unwrap().bytes().await.unwrap();
        assert_eq!(&video[4..8], b"ftyp", "an MP4 from the store");
        whole(&env).await;
    });
}

// ---------------------------------------------------------------------------------------------
// The scratch disk full.

/// A tmpfs of `size` mounted on `dir` until dropped.
struct Mounted(PathBuf);

impl Mounted {
    fn tmpfs(dir: &Path, size: &str) -> Mounted {
        std::fs::create_dir_all(dir).unwrap();
        let out = Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"]).arg(dir).output();
        let ok = out.as_ref().is_ok_and(|o| o.status.success());
        assert!(ok, "mounting a small tmpfs needs root (CAP_SYS_ADMIN): {out:?}");
        Mounted(dir.to_path_buf())
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

#[test]
fn renders_fail_refunded_while_the_scratch_disk_is_full_and_work_once_it_has_room() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(20, "operator");
    let server = env.serve();
    block_on(async {
        let page_url = page(&server, &key).await;
        let before = credits(&server, &key).await;
        // Scratch files live in `<data>/tmp`: 16 KiB there holds no voice track.
        let full = Mounted::tmpfs(&env.data_dir.path().join("tmp"), "16k");
        let status_url = render(&server, &key, &page_url).await;
        let done = finished(&status_url, &key, Duration::from_secs(60)).await;
        assert_eq!((done["status"].as_str(), done["attempts"].as_u64()), (Some("failed"), Some(3)), "{done}");
        assert_eq!(credits(&server, &key).await, before, "refunded");
        drop(full);

        let done = finished(&render(&server, &key, &page_url).await, &key, Duration::from_secs(60)).await;
        assert_eq!(done["status"], "succeeded", "{done}");
        whole(&env).await;
    });
}

// ---------------------------------------------------------------------------------------------
// A worker killed at every stage of a render.

/// The stages a render logs as it starts each (`mp4::render`, `mp4::keep`).
const STAGES: [&str; 6] = ["voice", "pictures", "scratch", "encode", "store", "record"];

/// Starts a worker and SIGKILLs it as soon as it logs that `stage` began.
fn kill_at(env: &Env, stage: &str) {
    let mut worker = Command::new(binary())
        .arg("worker")
        .env("ASSET_DATA_DIR", env.data_dir.path())
        .env("ASSET_LOG_FORMAT", "json")
        .envs(env.extra.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let needle = format!("\"stage\":\"{stage}\"");
    let lines = BufReader::new(worker.stderr.take().unwrap()).lines();
    let mut seen = false;
    for line in lines.map_while(Result::ok) {
        if line.contains(&needle) {
            seen = true;
            break;
        }
    }
    worker.kill().unwrap();
    worker.wait().unwrap();
    assert!(seen, "the worker never reached {stage}");
}

#[test]
fn a_worker_killed_at_every_stage_of_a_render_loses_nothing_and_charges_once() {
    let mut env = Env::new(Storage::Sqlite);
    env.extra.push(("ASSET_JOB_LEASE_SECS".into(), "2".into()));
    let key = env.create_key(40, "operator");
    let web = env.serve_with(&[("ASSET_WORKERS", "0")]);
    block_on(async {
        let page_url = page(&web, &key).await;
        let price = {
            let before = credits(&web, &key).await;
            let status_url = render(&web, &key, &page_url).await;
            let spent = before - credits(&web, &key).await;
            let mut rescuer = env.spawn(&["worker"]);
            assert_eq!(finished(&status_url, &key, Duration::from_secs(60)).await["status"], "succeeded");
            let _ = rescuer.kill();
            let _ = rescuer.wait();
            spent
        };
        for stage in STAGES {
            let before = credits(&web, &key).await;
            let status_url = render(&web, &key, &page_url).await;
            let env_ref = &env;
            tokio::task::block_in_place(|| kill_at(env_ref, stage));
            let mut rescuer = env.spawn(&["worker"]);
            let done = finished(&status_url, &key, Duration::from_secs(90)).await;
            let _ = rescuer.kill();
            let _ = rescuer.wait();
            assert_eq!(
                (done["status"].as_str(), done["attempts"].as_u64()),
                (Some("succeeded"), Some(2)),
                "{stage}: {done}"
            );
            assert_eq!(before - credits(&web, &key).await, price, "{stage}: charged once");
            let video = reqwest::get(done["mp4Url"].as_str().unwrap()).await.unwrap().bytes().await.unwrap();
            assert_eq!(&video[4..8], b"ftyp", "{stage}: the video is whole");
        }
        let renders = scalar(&env, "SELECT COUNT(*) FROM renders").await;
        assert_eq!(renders, 1 + STAGES.len() as i64, "one render row a job");
        whole(&env).await;
    });
}

// ---------------------------------------------------------------------------------------------
// The wall clock jumping.

/// libfaketime from Debian's `faketime` package.
const FAKETIME: &str = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

#[test]
fn the_wall_clock_jumping_forward_and_back_keeps_money_and_jobs_whole() {
    assert!(Path::new(FAKETIME).exists(), "{FAKETIME} (Debian's faketime package; scripts/test.sh installs it)");
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(100_000, "operator");
    let agent = env.create_key(0, "agent");
    let offset = env.data_dir.path().join("clock");
    std::fs::write(&offset, "+0").unwrap();
    let offset_path = offset.to_string_lossy().into_owned();
    // Only the wall clock moves, as when NTP steps it; timers run on the monotonic clock.
    let server = Arc::new(env.serve_with(&[
        ("LD_PRELOAD", FAKETIME),
        ("FAKETIME_TIMESTAMP_FILE", &offset_path),
        ("FAKETIME_NO_CACHE", "1"),
        ("FAKETIME_DONT_FAKE_MONOTONIC", "1"),
        ("ASSET_JOB_LEASE_SECS", "3"),
    ]));
    block_on(async {
        let page_url = page(&server, &key).await;
        let started = Instant::now();
        let load = {
            let (server, key) = (server.clone(), key.clone());
            tokio::spawn(async move {
                let mut statuses = Vec::new();
                let mut i = 0;
                while started.elapsed() < Duration::from_secs(12) {
                    let (status, answer) =
                        call(&server, "POST", MEMES, &key, Some(json!({"input": format!("tick {i}")}))).await;
                    statuses.push((status.as_u16(), answer["code"].clone()));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    i += 1;
                }
                statuses
            })
        };
        let mut renders = Vec::new();
        for jump in ["+2h", "-2h", "+0"] {
            renders.push(render(&server, &key, &page_url).await);
            tokio::time::sleep(Duration::from_millis(1500)).await;
            std::fs::write(&offset, jump).unwrap();
            tokio::time::sleep(Duration::from_millis(2500)).await;
            // A key's rate limit is not shut for as long as the clock went back: after a step
            // back its bucket counts as full, so a call waits at most a second, not two hours.
            for i in 0..3 {
                let (mut status, mut me) = call(&server, "GET", "/api/agent/me", &agent, None).await;
                if status == StatusCode::TOO_MANY_REQUESTS {
                    let wait = me["details"]["retryAfter"].as_u64().unwrap();
                    assert!(wait <= 2, "call {i} after the step to {jump}: {me}");
                    tokio::time::sleep(Duration::from_secs(wait)).await;
                    (status, me) = call(&server, "GET", "/api/agent/me", &agent, None).await;
                }
                assert_eq!(status, StatusCode::OK, "call {i} after the step to {jump}: {me}");
            }
        }
        let statuses = load.await.unwrap();
        let refused: Vec<_> = statuses.iter().filter(|(s, _)| *s != 200).collect();
        assert!(
            refused.is_empty(),
            "every meme made across the jumps: {} of {} refused: {:?}",
            refused.len(),
            statuses.len(),
            refused.first()
        );

        for status_url in renders {
            let done = finished(&status_url, &key, Duration::from_secs(90)).await;
            assert_eq!(done["status"], "succeeded", "{done}");
        }
        tokio::time::sleep(Duration::from_secs(6)).await;
        whole(&env).await;
        let made = scalar(&env, "SELECT COUNT(*) FROM memes").await;
        assert_eq!(made as usize, statuses.len(), "every meme answered was kept");
    });
}

// ---------------------------------------------------------------------------------------------
// Outside parties hanging or answering garbage.

/// A stand-in whose behaviour the test switches: 0 answers `good`, 1 hangs for `hang` (longer
/// than the service waits) and then answers `good`, 2 answers 200 with garbage of the content
/// type the party should send.
fn switchable(
    kind: &'static str,
    hang: Duration,
    good: impl Fn(&str, &[u8]) -> (u16, &'static str, Vec<u8>) + Send + 'static,
) -> (String, Arc<AtomicU8>) {
    let mode = Arc::new(AtomicU8::new(0));
    let seen = mode.clone();
    let root = fakes::loopback_api(move |head, body| match seen.load(Ordering::SeqCst) {
        1 => {
            std::thread::sleep(hang);
            good(head, body)
        }
        2 => (200, kind, b"\x00\x01<html>not what was asked for</html>\xff{\"".to_vec()),
        _ => good(head, body),
    });
    (root, mode)
}

#[test]
fn a_speech_endpoint_that_hangs_or_answers_garbage_costs_nothing() {
    let (root, mode) = switchable("audio/wav", Duration::from_secs(5), |head, body| fakes::speech(false, head, body));
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "operator");
    let server = env.serve_with(&[("ASSET_SPEECH_URL", &root), ("ASSET_SPEECH_TIMEOUT_SECS", "1")]);
    block_on(async {
        // Garbage first: the stand-in answers one request at a time, and a hung one holds it.
        for (m, what) in [(2, "garbage"), (1, "hangs")] {
            mode.store(m, Ordering::SeqCst);
            let body = json!({"kind": "slideshow", "input": IDEA});
            let (status, answer) = call(&server, "POST", "/api/agent/generate", &key, Some(body)).await;
            assert!(matches!(status.as_u16(), 502 | 503), "{what}: {status} {answer}");
            assert_eq!(answer["success"], false, "{what}: {answer}");
            assert_eq!(credits(&server, &key).await, 10, "{what}: nothing charged");
        }
        mode.store(0, Ordering::SeqCst);
        // The stand-in finishes sleeping on the hung request before it answers again.
        tokio::time::sleep(Duration::from_secs(5)).await;
        page(&server, &key).await;
        assert_eq!(credits(&server, &key).await, 9, "charged once it worked");
        whole(&env).await;
    });
}

#[test]
fn a_solana_rpc_that_hangs_or_answers_garbage_leaves_the_job_awaiting_payment() {
    // The RPC client waits 10 s a request (billing::sol::chain).
    let (root, mode) =
        switchable("application/json", Duration::from_secs(12), |_, _| (200, "application/json", b"{}".to_vec()));
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(0, "operator");
    let rpc = root.trim_end_matches("/v1");
    let vars = [
        ("ASSET_SOL_TREASURY", TREASURY),
        ("ASSET_SOL_RPC_URL", rpc),
        ("ASSET_SOL_NETWORK", "devnet"),
        ("ASSET_SOL_USD_URL", "http://127.0.0.1:9/none"),
        ("ASSET_SOL_USD_SECOND_URL", "http://127.0.0.1:9/none"),
        ("ASSET_SOL_USD_FALLBACK", "150"),
    ];
    let server = env.serve_with(&vars);
    block_on(async {
        let (status, created) =
            call(&server, "POST", "/api/agent/asset/jobs", &key, Some(json!({"input": IDEA, "format": "slideshow"})))
                .await;
        assert_eq!(status, StatusCode::OK, "{created}");
        let job = created["job"]["jobId"].as_str().unwrap().to_string();
        for (m, what) in [(2, "garbage"), (1, "hangs")] {
            mode.store(m, Ordering::SeqCst);
            let (status, answer) =
                call(&server, "POST", &format!("/api/agent/asset/jobs/{job}/check"), &key, None).await;
            assert!(matches!(status.as_u16(), 200 | 502 | 503), "{what}: {status} {answer}");
            if status == StatusCode::OK {
                assert_eq!(answer["job"]["paid"], false, "{what}: {answer}");
            }
        }
        let (_, job_now) = call(&server, "GET", &format!("/api/agent/asset/jobs/{job}"), &key, None).await;
        assert_eq!(job_now["job"]["status"], "AWAITING_PAYMENT", "{job_now}");
        whole(&env).await;
    });
}

#[test]
fn an_x402_facilitator_that_hangs_or_answers_garbage_is_refused_and_nothing_is_kept() {
    let (root, mode) =
        switchable("application/json", Duration::from_secs(5), |_, _| (500, "application/json", b"{}".to_vec()));
    let env = Env::new(Storage::Sqlite);
    let server = env.serve_with(&[
        ("ASSET_X402_PAY_TO", x402::PAY_TO),
        ("ASSET_X402_NETWORK", "base-sepolia"),
        ("ASSET_X402_FACILITATOR_URL", root.trim_end_matches("/v1")),
        ("ASSET_X402_TIMEOUT_SECS", "1"),
    ]);
    block_on(async {
        // Garbage first: the stand-in answers one request at a time, and a hung one holds it.
        for (m, what, expected) in [(2, "garbage", 502), (1, "hangs", 503)] {
            mode.store(m, Ordering::SeqCst);
            let body = json!({"input": "paid per call", "kind": "hybrid"});
            let paid =
                x402::pay(&server.url(MEMES), "POST", Some(&body), x402::Pay { version: 2, ..Default::default() })
                    .await;
            assert_eq!(paid["status"], expected, "{what}: {paid}");
            assert_eq!(paid["body"]["success"], false, "{what}: {paid}");
        }
        assert_eq!(scalar(&env, "SELECT COUNT(*) FROM memes").await, 0, "nothing was kept");
        whole(&env).await;
    });
}
