//! Money under faults, against the real binary: a process SIGKILLed with paid calls in flight,
//! a facilitator whose settlement answers only after the caller gave up, an authorization that
//! would lapse before its work is done, and payments that do not verify. After each case the
//! invariant holds: every unit of money taken is delivered as a result or given back, exactly
//! once — on SQLite and PostgreSQL where storage is involved.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use asset_tests::x402::{self, Facilitator, Pay};
use asset_tests::{Env, Server, Storage, each_storage, fakes};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread().worker_threads(4).enable_all().build().unwrap().block_on(future)
}

const MEMES: &str = "/api/agent/brands/memes";

/// A meme request of its own (one credit).
fn meme(n: usize) -> Value {
    json!({"input": format!("small teams ship faster, take {n}"), "language": "en"})
}

/// `POST MEMES` with `key` and `Idempotency-Key: idem`: status and JSON body (`Null` when the
/// connection died before an answer).
async fn post_meme(server_url: &str, key: &str, idem: &str, body: &Value) -> (Option<StatusCode>, Value) {
    let client = Client::builder().timeout(Duration::from_secs(120)).build().unwrap();
    let sent = client.post(server_url).header("x-api-key", key).header("idempotency-key", idem).json(body).send().await;
    match sent {
        Ok(response) => (Some(response.status()), response.json().await.unwrap_or(Value::Null)),
        Err(_) => (None, Value::Null),
    }
}

async fn scalar(db: &sqlx::AnyPool, sql: &'static str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql).fetch_one(db).await.unwrap()
}

/// Kills `server` outright (SIGKILL: no drain, no release).
fn kill(server: &mut Server) {
    server.child.kill().unwrap();
    server.child.wait().unwrap();
}

#[test]
fn a_retry_after_a_crash_answers_its_result_or_409_and_the_restart_settles_its_books_at_once() {
    each_storage(|storage| {
        let env = Env::new(storage);
        // The instance's name is what its holds carry: the restart below has the same one.
        // Twenty paid calls in a minute: more than the default `create` group allows.
        let vars = [("ASSET_INSTANCE", "money-faults-1"), ("ASSET_RATE_LIMITS", "create=100")];
        let key = env.create_key(100, "agent");
        let mut server = env.serve_with(&vars);
        let url = server.url(MEMES);
        let keys: Vec<String> = (0..10).map(|n| format!("crash-{n}-{}", std::process::id())).collect();
        block_on(async {
            let db = env.database().await;
            let calls: Vec<_> = keys
                .iter()
                .enumerate()
                .map(|(n, idem)| {
                    let (url, key, idem) = (url.clone(), key.clone(), idem.clone());
                    tokio::spawn(async move { post_meme(&url, &key, &idem, &meme(n)).await })
                })
                .collect();
            // Killed once the first results are stored, with the others still in flight.
            let deadline = Instant::now() + Duration::from_secs(60);
            while scalar(&db, "SELECT COUNT(*) FROM memes").await < 2 && Instant::now() < deadline {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            kill(&mut server);
            for call in calls {
                let _ = call.await;
            }
            server = env.serve_with(&vars);
            // At once, not a payment hold later: no call's payment of the dead run is held.
            let held = "SELECT COUNT(*) FROM payment_intents WHERE job_id IS NULL AND state = 'authorized'";
            assert_eq!(scalar(&db, held).await, 0, "the restart released what its earlier run held");
            let mut replayed_or_lost = 0;
            for (n, idem) in keys.iter().enumerate() {
                let (status, answer) = post_meme(&server.url(MEMES), &key, idem, &meme(n)).await;
                match status {
                    Some(StatusCode::OK) => {}
                    Some(StatusCode::CONFLICT) => {
                        assert_eq!(answer["code"], "idempotency_answer_lost", "{idem}: {answer}");
                        replayed_or_lost += 1;
                    }
                    other => panic!("{idem}: {other:?} {answer}"),
                }
            }
            // Each key's work was made once and paid once, whichever run made it.
            let memes = scalar(&db, "SELECT COUNT(*) FROM memes").await;
            assert_eq!(memes, keys.len() as i64, "one meme per idempotency key ({replayed_or_lost} answers lost)");
            let balance = scalar(&db, "SELECT credits FROM api_keys WHERE prefix NOT LIKE 'x402:%'").await;
            assert_eq!(100 - balance, memes, "credits charged equal results made");
            asset_tests::assert_ledgers_hold(&db).await;
            db.close().await;
        });
    });
}

/// A server paid over x402 through `facilitator`, waiting `timeout_secs` for it.
fn paid_server(env: &Env, facilitator: &Facilitator, timeout_secs: &str) -> Server {
    let vars = facilitator.vars();
    let mut all: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    all.extend([("ASSET_X402_TIMEOUT_SECS", timeout_secs), ("ASSET_FETCH_ALLOW", "127.0.0.0/8")]);
    env.serve_with(&all)
}

#[test]
fn a_settlement_answered_after_the_caller_gave_up_keeps_its_result_and_is_settled_once() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let facilitator = Facilitator::start();
        let server = paid_server(&env, &facilitator, "2");
        block_on(async {
            // The settlement hangs past the service's 2-second wait, then lands (as a
            // transaction mined after the caller stopped waiting does).
            facilitator.control(json!({"settle": "hang"})).await;
            let how = Pay { version: 2, forwarded_for: Some("10.9.0.1"), ..Default::default() };
            let paid = x402::pay(&server.url(MEMES), "POST", Some(&meme(0)), how).await;
            assert_eq!(paid["status"], 202, "an unknown outcome is not a refusal: {paid}");
            let settlement = &paid["body"]["settlement"];
            assert_eq!(settlement["state"], "pending", "{paid}");
            assert!(paid["body"]["meme"]["url"].is_string(), "the result is in the answer: {paid}");
            let db = env.database().await;
            assert_eq!(scalar(&db, "SELECT COUNT(*) FROM memes").await, 1, "the result was kept");
            // Later settlements go through: the reconciler's asks again and learns the outcome.
            facilitator.control(json!({"settle": "ok"})).await;
            let status_url = settlement["statusUrl"].as_str().unwrap().to_string();
            let deadline = Instant::now() + Duration::from_secs(90);
            let record = loop {
                let record: Value = Client::new().get(&status_url).send().await.unwrap().json().await.unwrap();
                if record["state"] != "settling" || Instant::now() > deadline {
                    break record;
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            };
            assert_eq!(record["state"], "settled", "{record}");
            assert_eq!(facilitator.settlements().await.len(), 1, "the payment moved once");
            assert_eq!(scalar(&db, "SELECT COUNT(*) FROM memes").await, 1);
            let intents = "SELECT COUNT(*) FROM payment_intents WHERE state = 'captured'";
            assert_eq!(scalar(&db, intents).await, 1, "the money taken is the result delivered");
            db.close().await;
        });
    });
}

#[test]
fn an_authorization_that_would_lapse_before_its_work_is_done_is_refused() {
    let env = Env::new(Storage::Sqlite);
    let facilitator = Facilitator::start();
    let server = paid_server(&env, &facilitator, "5");
    block_on(async {
        // A job advertises 1800 s; an authorization valid for 6 s would lapse mid-render.
        for (path, body) in
            [(MEMES, meme(0)), ("/api/agent/audioscript", json!({"script": "One beat. Two beats.", "language": "en"}))]
        {
            let how = Pay { version: 2, tamper: Some("short"), forwarded_for: Some("10.9.0.2"), ..Default::default() };
            let paid = x402::pay(&server.url(path), "POST", Some(&body), how).await;
            assert_eq!(paid["status"], 402, "{path}: {paid}");
            assert_eq!(paid["body"]["code"], "payment_invalid", "{path}: {paid}");
            assert!(paid["body"]["message"].as_str().unwrap().contains("validBefore"), "{path}: {paid}");
        }
        let db = env.database().await;
        assert_eq!(scalar(&db, "SELECT COUNT(*) FROM x402_payments").await, 0, "nothing was recorded");
        assert_eq!(scalar(&db, "SELECT COUNT(*) FROM api_keys").await, 0, "no payer was recorded");
        assert_eq!(facilitator.calls().await["verify"], 0, "refused before the facilitator is asked");
        db.close().await;
    });
}

#[test]
fn a_payment_that_does_not_verify_fetches_nothing_and_records_no_payer() {
    let env = Env::new(Storage::Sqlite);
    let facilitator = Facilitator::start();
    let server = paid_server(&env, &facilitator, "5");
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = hits.clone();
    let site = fakes::loopback_api(move |_, _| {
        counted.fetch_add(1, Ordering::SeqCst);
        (200, "text/html", b"<html><head><title>Acme invoices</title></head></html>".to_vec())
    });
    block_on(async {
        for (n, tamper) in ["signature", "amount"].into_iter().enumerate() {
            let from = format!("10.9.1.{n}");
            let how = Pay { version: 2, tamper: Some(tamper), forwarded_for: Some(&from), ..Default::default() };
            let body = json!({"input": format!("{site}/"), "offer": "a robot that files invoices"});
            let paid = x402::pay(&server.url("/api/agent/before"), "POST", Some(&body), how).await;
            assert_eq!(paid["status"], 402, "{tamper}: {paid}");
        }
        assert_eq!(hits.load(Ordering::SeqCst), 0, "the input's website was never fetched");
        let db = env.database().await;
        assert_eq!(scalar(&db, "SELECT COUNT(*) FROM api_keys").await, 0, "no payer row for a refused payment");
        assert_eq!(scalar(&db, "SELECT COUNT(*) FROM x402_payments").await, 0);
        db.close().await;
    });
}
