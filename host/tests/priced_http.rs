//! The charge operation and `Idempotency-Key` over real HTTP, before any generator exists:
//! a probe route mounted behind the service's own middleware pays for its work with
//! `billing::pay_for`, exactly as priced routes do. Runs on SQLite and PostgreSQL.

use std::net::SocketAddr;
use std::time::Duration;

use asset_host::auth::Role;
use asset_host::billing::{self, Price, credits};
use asset_host::config::Settings;
use asset_host::error::Error;
use asset_host::http::Call;
use asset_host::http::error::ApiJson;
use asset_host::store::Db;
use asset_host::{AppState, app_with, auth};
use asset_tests::TestDatabase;

use crate::common::database;
use axum::Json;
use reqwest::{Client, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa_axum::router::OpenApiRouter;

const PROBE: &str = "/api/agent/probe/charge";

#[derive(Deserialize)]
struct ProbeRequest {
    cost: i64,
    #[serde(default)]
    fail: bool,
    #[serde(default)]
    sleep_ms: u64,
}

/// Charges `cost`, sleeps, then succeeds or fails: a stand-in generator for the machinery.
async fn probe(Call(ctx): Call, ApiJson(req): ApiJson<ProbeRequest>) -> Result<Json<Value>, Error> {
    let work = |_hold| async move {
        tokio::time::sleep(Duration::from_millis(req.sleep_ms)).await;
        if req.fail {
            return Err(Error::Unavailable { message: "generation failed; retrying is safe" });
        }
        Ok(json!({ "nonce": rand_nonce() }))
    };
    let price = Price { operation: "probe", credits: req.cost, usd_cents: None };
    let (mut body, hold) = billing::pay_for(&ctx, price, work).await?;
    body["success"] = json!(true);
    body["creditsRemaining"] = json!(hold.balance_after);
    Ok(Json(body))
}

fn rand_nonce() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64
}

struct Harness {
    base: String,
    db: Db,
    key: String,
    key_id: i64,
    _place: TestDatabase,
}

async fn start(postgres: bool, credits: i64) -> Harness {
    let (db, place) = database::open(postgres).await;
    let key = auth::create_key(&db, Role::Agent, "probe", credits, None).await.unwrap();
    let settings = Settings {
        data_dir: place.dir.path().to_path_buf(),
        plugin_cache_dir: Some(asset_tests::plugin_cache()),
        ..Settings::default()
    };
    let state = AppState::new(db.clone(), settings).await.unwrap();
    let extra = OpenApiRouter::new().route(PROBE, axum::routing::post(probe));
    let app = app_with(state, extra).into_make_service_with_connect_info::<SocketAddr>();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    Harness { base, db, key: key.secret, key_id: key.key_id, _place: place }
}

impl Harness {
    async fn post(
        &self,
        body: Value,
        idempotency_key: Option<&str>,
    ) -> (StatusCode, reqwest::header::HeaderMap, Value) {
        let mut request =
            Client::new().post(format!("{}{PROBE}", self.base)).header("x-api-key", &self.key).json(&body);
        if let Some(k) = idempotency_key {
            request = request.header("idempotency-key", k);
        }
        let response = request.send().await.unwrap();
        let (status, headers) = (response.status(), response.headers().clone());
        (status, headers, response.json().await.unwrap())
    }

    async fn balance(&self) -> i64 {
        credits::balance(&self.db, self.key_id).await.unwrap()
    }

    /// Waits (up to 10 s) until the idempotency record `key` is in `state`.
    async fn wait_for_record(&self, key: &str, state: &str) {
        for _ in 0..500 {
            let row = sqlx::query("SELECT state FROM idempotency_keys WHERE idem_key = $1")
                .bind(key)
                .fetch_optional(self.db.pool())
                .await
                .unwrap();
            if row.is_some_and(|r| sqlx::Row::get::<String, _>(&r, 0) == state) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("record {key} never reached {state}");
    }

    async fn assert_ledger_matches(&self) {
        let ledger = credits::ledger(&self.db, self.key_id).await.unwrap();
        assert_eq!(ledger.iter().map(|e| e.amount).sum::<i64>(), self.balance().await);
    }
}

asset_tests::on_both_backends!(
    a_short_balance_answers_402_and_changes_nothing,
    failed_work_is_refunded_exactly_once,
    an_idempotent_retry_replays_without_a_second_charge,
    a_reused_key_with_another_body_is_422_and_a_running_one_409,
    a_client_that_hangs_up_still_gets_its_work_recorded,
);

async fn a_short_balance_answers_402_and_changes_nothing(pg: bool) {
    let h = start(pg, 2).await;
    let (status, _, body) = h.post(json!({ "cost": 3 }), None).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!((body["success"].as_bool(), body["code"].as_str()), (Some(false), Some("insufficient_credits")));
    assert_eq!((body["details"]["needed"].as_i64(), body["details"]["balance"].as_i64()), (Some(3), Some(2)));
    assert_eq!(h.balance().await, 2);
    assert_eq!(credits::ledger(&h.db, h.key_id).await.unwrap().len(), 1, "only the opening grant");
    let (status, _, body) = h.post(json!({ "cost": 2 }), None).await;
    assert_eq!((status, body["creditsRemaining"].as_i64()), (StatusCode::OK, Some(0)));
}

async fn failed_work_is_refunded_exactly_once(pg: bool) {
    let h = start(pg, 5).await;
    let (status, _, body) = h.post(json!({ "cost": 3, "fail": true }), Some("fail-1")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(h.balance().await, 5);
    let ledger = credits::ledger(&h.db, h.key_id).await.unwrap();
    assert_eq!(ledger.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>(), ["grant", "charge", "refund"]);
    // A failure is not stored: the same key may be retried and then runs again.
    let (status, headers, _) = h.post(json!({ "cost": 3, "fail": true }), Some("fail-1")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(headers.get("idempotent-replayed").is_none());
    assert_eq!(h.balance().await, 5);
    h.assert_ledger_matches().await;
}

async fn an_idempotent_retry_replays_without_a_second_charge(pg: bool) {
    let h = start(pg, 10).await;
    let request = json!({ "cost": 2 });
    let (status, headers, first) = h.post(request.clone(), Some("order-42")).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert!(headers.get("idempotent-replayed").is_none());
    let (status, headers, again) = h.post(request.clone(), Some("order-42")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["idempotent-replayed"], "true");
    assert_eq!(again, first, "the stored response, byte for byte");
    assert_eq!(h.balance().await, 8, "charged once");
    let (_, _, fresh) = h.post(request, Some("order-43")).await;
    assert_ne!(fresh["nonce"], first["nonce"], "another key is another request");
    assert_eq!(h.balance().await, 6);
    let (status, _, body) = h.post(json!({ "cost": 1 }), Some(&"x".repeat(300))).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_idempotency_key")));
    h.assert_ledger_matches().await;
}

async fn a_reused_key_with_another_body_is_422_and_a_running_one_409(pg: bool) {
    let h = start(pg, 10).await;
    let slow = json!({ "cost": 1, "sleep_ms": 1500 });
    let first = {
        let (base, key) = (h.base.clone(), h.key.clone());
        let slow = slow.clone();
        tokio::spawn(async move {
            Client::new()
                .post(format!("{base}{PROBE}"))
                .header("x-api-key", key)
                .header("idempotency-key", "k")
                .json(&slow)
                .send()
                .await
                .unwrap()
                .status()
        })
    };
    h.wait_for_record("k", "running").await;
    let (status, _, body) = h.post(slow.clone(), Some("k")).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("idempotency_in_progress")));
    let (status, _, body) = h.post(json!({ "cost": 2 }), Some("k")).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("idempotency_key_reused")));
    assert_eq!(first.await.unwrap(), StatusCode::OK);
    let (status, headers, _) = h.post(slow, Some("k")).await;
    assert_eq!((status, headers.get("idempotent-replayed").is_some()), (StatusCode::OK, true));
    assert_eq!(h.balance().await, 9, "one charge for four requests");
}

async fn a_client_that_hangs_up_still_gets_its_work_recorded(pg: bool) {
    let h = start(pg, 10).await;
    // The client gives up mid-work: long after its request reached the handler (a loaded machine
    // once took longer than 150 ms to get it there, and then rightly did no work), well before
    // the work ends.
    let body = json!({ "cost": 4, "sleep_ms": 2_500 });
    let hasty = Client::builder().timeout(Duration::from_millis(1_000)).build().unwrap();
    let gave_up = hasty
        .post(format!("{}{PROBE}", h.base))
        .header("x-api-key", &h.key)
        .header("idempotency-key", "hang-up")
        .json(&body)
        .send()
        .await;
    assert!(gave_up.is_err(), "the client timed out");
    h.wait_for_record("hang-up", "done").await;
    assert_eq!(h.balance().await, 6, "the work finished and was charged once");
    let (status, headers, replay) = h.post(body, Some("hang-up")).await;
    assert_eq!((status, headers.get("idempotent-replayed").is_some()), (StatusCode::OK, true), "{replay}");
    assert_eq!(replay["creditsRemaining"], 6);
    assert_eq!(h.balance().await, 6);
}
