//! A paid meme in flight when `serve` stops, its client already gone: after a restart the key
//! has the meme or its credit back, never neither — on SIGTERM (the server drains detached work
//! before it closes the database) and on SIGKILL (the payment reaper releases the payment once
//! its hold lapses). On SQLite and PostgreSQL.

use std::time::{Duration, Instant};

use asset_tests::{Env, Server, component, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn credits(server: &Server, key: &str) -> i64 {
    let response = Client::new().get(server.url("/api/agent/me")).header("x-api-key", key).send().await.unwrap();
    response.json::<Value>().await.unwrap()["credits"].as_i64().unwrap()
}

/// Memes the key made, from the public feed.
async fn memes_made(server: &Server) -> usize {
    let feed: Value = Client::new().get(server.url("/api/legacy/recent")).send().await.unwrap().json().await.unwrap();
    feed["items"].as_array().map_or(0, Vec::len)
}

/// Installs the hostile generator as the meme generator: input `loop` keeps it busy until its
/// two-second budget runs out, so a paid meme is reliably in flight. Its fuel is raised far past
/// what two seconds can burn: a fast core spends the default two billion units in under 200 ms,
/// and the test needs the time limit, not the fuel, to end the call.
async fn install_hostile(server: &Server, operator: &str) {
    let (status, body) = server.upload_plugin(operator, "meme", "?activate=true", component("hostile")).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let limits = json!({"limits": {"memoryMib": 64, "fuel": 1_000_000_000_000u64, "timeoutMs": 2_000,
        "outputKib": 256, "logKib": 16, "completions": 4, "fetches": 2}});
    let response = Client::new()
        .post(server.url("/api/admin/plugins/meme/limits"))
        .header("x-api-key", operator)
        .json(&limits)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{}", response.text().await.unwrap_or_default());
}

/// Posts a meme with a client that hangs up at once, then waits until its charge shows.
async fn start_meme_and_hang_up(server: &Server, key: &str, input: &str) {
    let hasty = Client::builder().timeout(Duration::from_millis(200)).build().unwrap();
    let sent = hasty
        .post(server.url("/api/agent/brands/memes"))
        .header("x-api-key", key)
        .json(&json!({ "input": input, "kind": "hottake" }))
        .send()
        .await;
    if let Ok(answer) = sent {
        let status = answer.status();
        panic!(
            "the client should have given up before the meme was made: {status} {}",
            answer.text().await.unwrap_or_default()
        );
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while credits(server, key).await == 5 {
        assert!(Instant::now() < deadline, "the meme was never charged");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The key's outcome after a restart: its credit back and no meme, or the meme and the charge.
async fn assert_meme_or_refund(server: &Server, key: &str, wait_for_refund: Duration) {
    let deadline = Instant::now() + wait_for_refund;
    loop {
        let (balance, made) = (credits(server, key).await, memes_made(server).await);
        if (balance, made) == (5, 0) || (balance, made) == (4, 1) {
            return;
        }
        assert!(Instant::now() < deadline, "neither the meme nor the refund: balance {balance}, memes {made}");
        // Twice a second: the status group allows 60 reads a minute, and a refund by the reaper
        // may take a hold, its clock-skew slack and a period (up to 13 s here).
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

#[test]
fn sigterm_while_a_paid_meme_runs_ends_in_the_meme_or_the_refund() {
    each_storage(|storage| {
        let mut env = Env::new(storage);
        // The grace counts from the signal, not from start-up: the server has run longer than it.
        let config = env.data_dir.path().join("asset.toml");
        std::fs::write(&config, "shutdown_grace_secs = 4\n").unwrap();
        env.extra.push(("ASSET_CONFIG".into(), config.display().to_string()));
        let (operator, agent) = (env.create_key(1, "operator"), env.create_key(5, "agent"));
        let mut server = env.serve();
        std::thread::sleep(Duration::from_secs(5));
        block_on(async {
            install_hostile(&server, &operator).await;
            start_meme_and_hang_up(&server, &agent, "loop").await;
        });
        let status = server.terminate(Duration::from_secs(30)).expect("serve stops on SIGTERM");
        let logs = server.logs();
        assert!(status.success(), "clean exit: {logs}");
        assert!(!logs.contains("detached work still running"), "the meme was drained: {logs}");
        let server = env.serve();
        // Drained before exit: the refund is there at once, no reaper needed.
        block_on(assert_meme_or_refund(&server, &agent, Duration::ZERO));
        assert_eq!(block_on(credits(&server, &agent)), 5, "the looping generator failed, so the meme was refunded");
    });
}

#[test]
fn sigkill_while_a_paid_meme_runs_is_released_by_the_reaper_after_a_restart() {
    each_storage(|storage| {
        let mut env = Env::new(storage);
        env.extra.push(("ASSET_PAYMENT_HOLD_SECS".into(), "3".into()));
        let (operator, agent) = (env.create_key(1, "operator"), env.create_key(5, "agent"));
        let mut server = env.serve();
        block_on(async {
            install_hostile(&server, &operator).await;
            start_meme_and_hang_up(&server, &agent, "loop").await;
        });
        server.child.kill().expect("SIGKILL");
        let _ = server.child.wait();
        let server = env.serve();
        block_on(assert_meme_or_refund(&server, &agent, Duration::from_secs(20)));
        assert_eq!(block_on(credits(&server, &agent)), 5);
        // Once only: the reaper never releases a payment twice.
        std::thread::sleep(Duration::from_secs(6));
        assert_eq!(block_on(credits(&server, &agent)), 5);
    });
}

#[test]
fn sigterm_after_a_fast_meme_keeps_the_meme_and_its_charge() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let agent = env.create_key(5, "agent");
        let mut server = env.serve();
        block_on(async {
            // The built-in generator: the call may finish before or during the drain.
            let slow_reader = Client::builder().timeout(Duration::from_millis(1)).build().unwrap();
            let _ = slow_reader
                .post(server.url("/api/agent/brands/memes"))
                .header("x-api-key", &agent)
                .json(&json!({ "input": "Agents that pay for their own tools", "kind": "hottake" }))
                .send()
                .await;
            tokio::time::sleep(Duration::from_millis(50)).await;
        });
        assert!(server.terminate(Duration::from_secs(30)).expect("serve stops").success());
        let server = env.serve();
        block_on(assert_meme_or_refund(&server, &agent, Duration::from_secs(10)));
    });
}
