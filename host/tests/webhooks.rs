//! The webhook outbox against a real receiver over loopback HTTP, on SQLite and PostgreSQL:
//! the event written in a transaction, sent at once, retried by the sweeper while the receiver
//! is down (same `webhook-id`, a higher `attempt`), both signatures checked by the receiver over
//! the raw bytes, each attempt in the delivery log, one delivery however many sweeps race, and
//! refused callback addresses (loopback without the operator's allowance, a redirect) never
//! counted as delivered.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use asset_host::auth::{self, Role};
use asset_host::config::Settings;
use asset_host::ctx::Services;
use asset_host::events::{self, NewEvent};
use asset_host::store;
use asset_tests::TestDatabase;

use crate::common::database;
use axum::{Router, body::Bytes, http::HeaderMap, http::StatusCode, response::IntoResponse, routing::post};
use base64::Engine as _;
use hmac::{Hmac, KeyInit, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

const SECRET: &str = "a-webhook-secret-of-32-characters";

fn shared_data_dir() -> PathBuf {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path().to_path_buf()
}

async fn services(postgres: bool, allow_loopback: bool) -> (Services, TestDatabase) {
    let (db, place) = database::open(postgres).await;
    let allowed = if allow_loopback { vec!["127.0.0.0/8".to_string()] } else { Vec::new() };
    let settings = Settings {
        data_dir: shared_data_dir(),
        fetch_allowed_networks: allowed,
        plugin_cache_dir: Some(asset_tests::plugin_cache()),
        ..Settings::default()
    };
    (asset_host::compose::services(db, settings).await.unwrap(), place)
}

/// What the receiver saw of one request, and whether both signatures checked.
#[derive(Clone, Debug)]
struct Received {
    headers: HeaderMap,
    body: Value,
    verified: bool,
}

#[derive(Clone, Default)]
struct Receiver {
    seen: Arc<Mutex<Vec<Received>>>,
    up: Arc<Mutex<bool>>,
}

fn hmac(key: &[u8], message: &[u8]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).unwrap();
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

/// Checks both signatures the way a receiver does: over the raw bytes it got.
fn verify(headers: &HeaderMap, raw: &[u8]) -> bool {
    let get = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let ours = get("x-service-signature") == format!("sha256={}", hex::encode(hmac(SECRET.as_bytes(), raw)));
    let signed = [format!("{}.{}.", get("webhook-id"), get("webhook-timestamp")).as_bytes(), raw].concat();
    let expected = base64::engine::general_purpose::STANDARD.encode(hmac(SECRET.as_bytes(), &signed));
    let standard = get("webhook-signature").split(' ').any(|s| s == format!("v1,{expected}"));
    ours && standard
}

async fn start_receiver(receiver: Receiver) -> String {
    let app = Router::new()
        .route(
            "/hook",
            post(
                |axum::extract::State(r): axum::extract::State<Receiver>, headers: HeaderMap, raw: Bytes| async move {
                    let body = serde_json::from_slice(&raw).unwrap_or(Value::Null);
                    let verified = verify(&headers, &raw);
                    r.seen.lock().unwrap().push(Received { headers, body, verified });
                    if *r.up.lock().unwrap() { StatusCode::NO_CONTENT } else { StatusCode::SERVICE_UNAVAILABLE }
                },
            ),
        )
        .route(
            "/moved",
            post(|| async { (StatusCode::FOUND, [("location", "http://127.0.0.1:1/hook")]).into_response() }),
        )
        .with_state(receiver);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    base
}

async fn enqueue(services: &Services, key_id: i64, job: &str, url: &str) -> String {
    let data = json!({"event": "job.delivered", "jobId": job, "status": "DELIVERED", "format": "slideshow",
                      "mp4Url": "https://assets.example/v/r1/video.mp4", "paid": true,
                      "deliveredAt": "2026-11-22T00:00:00Z"});
    let mut tx = services.db.pool().begin().await.unwrap();
    let new = NewEvent { key_id, job_id: job, event: "job.delivered", data: &data.to_string(), url, secret: SECRET };
    let id = events::enqueue_in(&mut tx, &new).await.unwrap();
    tx.commit().await.unwrap();
    id
}

async fn wait_for_attempts(services: &Services, job: &str, n: usize) -> Vec<events::Delivery> {
    for _ in 0..200 {
        let log = events::deliveries(&services.db, job).await.unwrap();
        if log.len() >= n {
            return log;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{job} never reached {n} attempts");
}

/// Moves the service's clock a minute and a second on, so failed events are due again.
fn a_minute_later(minutes: &mut i64) {
    *minutes += 1;
    store::set_clock_offset(*minutes * 61_000);
}

async fn retried_until_delivered(postgres: bool) {
    // It moves the service's clock, which every test in this process shares.
    if !asset_tests::process::alone() {
        return;
    }
    let (services, _place) = services(postgres, true).await;
    let mut minutes = 0;
    store::set_clock_offset(0);
    let key = auth::create_key(&services.db, Role::Agent, "hooks", 0, None).await.unwrap();
    let receiver = Receiver::default();
    let base = start_receiver(receiver.clone()).await;
    let id = enqueue(&services, key.key_id, "job_a", &format!("{base}/hook")).await;

    // Down for the immediate send and three sweeps.
    events::dispatch(&services, id.clone());
    wait_for_attempts(&services, "job_a", 1).await;
    assert_eq!(events::sweep(&services).await.unwrap(), 0, "not due again before a minute passes");
    for _ in 0..3 {
        a_minute_later(&mut minutes);
        assert_eq!(events::sweep(&services).await.unwrap(), 1);
    }
    // Up: the next sweep delivers, and later sweeps send nothing more.
    *receiver.up.lock().unwrap() = true;
    a_minute_later(&mut minutes);
    assert_eq!(events::sweep(&services).await.unwrap(), 1);
    a_minute_later(&mut minutes);
    assert_eq!(events::sweep(&services).await.unwrap(), 0);

    let seen = receiver.seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 5);
    for (n, request) in seen.iter().enumerate() {
        assert!(request.verified, "attempt {} signed over its raw bytes", n + 1);
        assert_eq!(request.body["attempt"], n as i64 + 1);
        assert_eq!(request.headers["webhook-id"], id.as_str(), "the same webhook-id on every attempt");
        assert_eq!(request.headers["x-service-event"], "job.delivered");
        assert_eq!(request.headers["x-service-job-id"], "job_a");
        assert_eq!(request.headers["content-type"], "application/json");
        assert!(request.headers["user-agent"].to_str().unwrap().starts_with("asset-service/"));
        for field in ["event", "jobId", "status", "format", "mp4Url", "paid", "deliveredAt"] {
            assert!(!request.body[field].is_null(), "{field} in {}", request.body);
        }
    }
    let log = events::deliveries(&services.db, "job_a").await.unwrap();
    let codes: Vec<Option<i64>> = log.iter().map(|d| d.status_code).collect();
    assert_eq!(codes, [Some(503), Some(503), Some(503), Some(503), Some(204)]);
    assert_eq!(log.iter().map(|d| d.attempt).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);

    // Racing sweeps on a due event: one delivery.
    let twice = enqueue(&services, key.key_id, "job_b", &format!("{base}/hook")).await;
    let sent = futures::future::join_all((0..6).map(|_| events::sweep(&services))).await;
    assert_eq!(sent.into_iter().map(Result::unwrap).sum::<usize>(), 1, "{twice} claimed once");
    let for_b = receiver.seen.lock().unwrap().iter().filter(|r| r.headers["x-service-job-id"] == "job_b").count();
    assert_eq!(for_b, 1);

    // A replay sends the delivered event again, under the same id.
    assert_eq!(events::replay(&services, "job_b").await.unwrap(), 1);
    wait_for_attempts(&services, "job_b", 2).await;
    store::set_clock_offset(0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_are_retried_until_the_receiver_answers_on_sqlite() {
    retried_until_delivered(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_are_retried_until_the_receiver_answers_on_postgres() {
    retried_until_delivered(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_addresses_and_redirects_are_never_delivered() {
    let receiver = Receiver { up: Arc::new(Mutex::new(true)), ..Receiver::default() };
    let base = start_receiver(receiver.clone()).await;
    // Without the operator's allowance, loopback in any spelling is refused at delivery.
    let (strict, _place) = services(false, false).await;
    let key = auth::create_key(&strict.db, Role::Agent, "hooks", 0, None).await.unwrap();
    let port = base.rsplit(':').next().unwrap();
    for (n, url) in [
        format!("{base}/hook"),
        format!("http://127.1:{port}/hook"),
        format!("http://2130706433:{port}/hook"),
        format!("http://[::ffff:127.0.0.1]:{port}/hook"),
        format!("http://localhost:{port}/hook"),
        "http://169.254.169.254/latest/meta-data".to_string(),
        "http://100.64.0.1/hook".to_string(),
    ]
    .iter()
    .enumerate()
    {
        let job = format!("job_refused_{n}");
        let id = enqueue(&strict, key.key_id, &job, url).await;
        events::dispatch(&strict, id);
        let log = wait_for_attempts(&strict, &job, 1).await;
        assert_eq!(log[0].status_code, None, "{url}");
        assert!(log[0].error.as_deref().unwrap_or_default().contains("refused"), "{url}: {:?}", log[0].error);
    }
    assert!(receiver.seen.lock().unwrap().is_empty(), "nothing reached the receiver");
    // Allowed, but answering with a redirect: not followed, not delivered.
    let (open, _place2) = services(false, true).await;
    let key = auth::create_key(&open.db, Role::Agent, "hooks", 0, None).await.unwrap();
    let id = enqueue(&open, key.key_id, "job_moved", &format!("{base}/moved")).await;
    events::dispatch(&open, id);
    let log = wait_for_attempts(&open, "job_moved", 1).await;
    assert_eq!(log[0].status_code, Some(302));
    assert!(receiver.seen.lock().unwrap().is_empty(), "the redirect was not followed");
}

/// Sets event `id`'s state and moves its making `days` back.
async fn age(services: &Services, id: &str, state: &str, days: i64) {
    sqlx::query("UPDATE webhook_events SET state = $1, created_at = created_at - $2 WHERE id = $3")
        .bind(state)
        .bind(days * 24 * 3600 * 1000)
        .bind(id)
        .execute(services.db.pool())
        .await
        .unwrap();
}

/// Events in the outbox and attempts in the log, of job `job`.
async fn kept(services: &Services, job: &str) -> (i64, usize) {
    let events: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM webhook_events WHERE job_id = $1")
        .bind(job)
        .fetch_one(services.db.pool())
        .await
        .unwrap();
    (events, events::deliveries(&services.db, job).await.unwrap().len())
}

/// Finished events (delivered or expired) and their delivery logs are removed once older than
/// the retention (30 days by default); a pending event, however old, and a finished one inside
/// the retention are kept, and the young one can still be replayed.
async fn finished_events_are_purged_after_their_retention(postgres: bool) {
    let (services, _place) = services(postgres, true).await;
    let key = auth::create_key(&services.db, Role::Agent, "hooks", 0, None).await.unwrap();
    let receiver = Receiver { up: Arc::new(Mutex::new(true)), ..Receiver::default() };
    let url = format!("{}/hook", start_receiver(receiver.clone()).await);
    let outcome = store::events::Outcome { status_code: Some(204), error: None, duration_ms: 3 };
    let mut ids = Vec::new();
    for (job, state, days) in [
        ("old_delivered", "delivered", 31),
        ("old_expired", "expired", 40),
        ("old_pending", "pending", 31),
        ("young", "delivered", 29),
    ] {
        let id = enqueue(&services, key.key_id, job, &url).await;
        store::events::record(&services.db, &id, 1, &outcome, None).await.unwrap();
        age(&services, &id, state, days).await;
        ids.push(id);
    }
    assert_eq!(events::purge(&services).await.unwrap(), 2);
    assert_eq!(kept(&services, "old_delivered").await, (0, 0));
    assert_eq!(kept(&services, "old_expired").await, (0, 0));
    assert_eq!(kept(&services, "old_pending").await, (1, 1), "a pending event is never purged");
    assert_eq!(kept(&services, "young").await, (1, 1));
    assert_eq!(events::purge(&services).await.unwrap(), 0, "a second purge finds nothing");
    assert_eq!(events::replay(&services, "young").await.unwrap(), 1, "replay works inside the retention");
    wait_for_attempts(&services, "young", 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_events_are_purged_after_their_retention_on_sqlite() {
    finished_events_are_purged_after_their_retention(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_events_are_purged_after_their_retention_on_postgres() {
    finished_events_are_purged_after_their_retention(true).await;
}
