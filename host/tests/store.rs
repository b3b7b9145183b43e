//! The storage suite: keys, the credit ledger, idempotency records, shared rate-limit counters
//! and the durable job queue, run unchanged against SQLite and PostgreSQL.

use std::sync::Arc;

use asset_host::auth::{self, Role};
use std::future::Future;
use std::time::Duration;

use asset_host::billing::credits::{self, CreditError};
use asset_host::billing::{self, Payer, Price, Rail};
use asset_host::ctx::Detached;
use asset_host::error::{Error, Failure, Reason};
use asset_host::idempotency::{self, Claim, Stored, Ticket};
use asset_host::jobs;
use asset_host::limiter::Limiter;
use asset_host::limits::Group;
use asset_host::plugins::registry::{BrandCaps, GLOBAL};
use asset_host::plugins::{Actor, Registry, RegistryError, Sandbox};
use asset_host::store::intents;
use asset_host::store::{self, Db};
use asset_tests::{TestDatabase, component_variant};

use crate::common::database;
use sqlx::Row;

/// A migrated database plus whatever keeps it alive.
struct TestDb {
    db: Db,
    url: String,
    _place: TestDatabase,
}

async fn test_db(postgres: bool) -> TestDb {
    let (db, place) = database::open(postgres).await;
    TestDb { db, url: place.url.clone(), _place: place }
}

asset_tests::on_both_backends!(
    threads = 4,
    |postgres, test| {
        let t = super::test_db(postgres).await;
        test(&t).await;
        t.db.close().await;
    }:
    migrations_are_idempotent,
    keys_are_stored_hashed_and_only_the_whole_key_authenticates,
    a_charge_takes_credits_and_writes_the_ledger,
    a_short_balance_is_refused_and_changes_nothing,
    a_charge_is_refunded_exactly_once_even_under_racing_refunds,
    pay_for_refunds_failed_or_panicking_work_and_keeps_successful_work,
    two_hundred_concurrent_charges_against_fifty_succeed_exactly_fifty_times,
    two_replicas_charging_one_balance_never_overdraw_or_lose_a_charge,
    idempotency_claims_replay_mismatch_and_in_progress,
    idempotency_takes_over_abandoned_and_expired_records_but_never_reruns_paid_work,
    rate_limit_counters_are_shared_through_the_database,
    a_job_is_charged_with_its_row_and_claimed_by_one_worker,
    an_expired_lease_passes_the_job_on_and_the_old_worker_changes_nothing,
    a_job_that_fails_for_good_is_refunded_exactly_once,
    a_job_queued_before_the_wall_clock_stepped_back_is_not_held_for_the_step,
    workers_run_jobs_and_record_success_and_failure,
    a_job_awaiting_its_payment_is_claimed_only_once_paid,
    a_keys_first_sights_at_once_make_one_account_while_others_write,
    a_refund_of_a_refunded_charge_moves_no_credit_whatever_its_transaction_commits,
    a_payment_that_moved_is_never_released_and_settles_again_as_settled,
    the_reaper_checks_the_hold_again_inside_its_update,
    a_treasury_walk_lease_is_never_taken_from_a_live_holder,
    a_brands_generators_keep_their_cap_of_versions_and_drop_the_evicted_artifacts,
    a_brand_past_its_slot_cap_is_refused_and_racing_uploads_never_pass_it,
    a_keys_library_pages_newest_first_and_holds_only_its_own,
);

/// A call of request `request` in the process instance of these tests.
fn by(request: &str) -> idempotency::By<'_> {
    idempotency::By { request, holder: "store-tests" }
}

/// The invariant: the ledger sums to the balance, and its last row agrees.
async fn assert_ledger_matches(db: &Db, key_id: i64) {
    let balance = credits::balance(db, key_id).await.unwrap();
    let ledger = credits::ledger(db, key_id).await.unwrap();
    assert_eq!(ledger.iter().map(|e| e.amount).sum::<i64>(), balance, "ledger sum vs balance");
    assert_eq!(ledger.last().map_or(0, |e| e.balance_after), balance, "last balance_after vs balance");
    assert!(balance >= 0);
}

async fn new_key(db: &Db, credits: i64) -> i64 {
    auth::create_key(db, Role::Agent, "test", credits, None).await.unwrap().key_id
}

async fn migrations_are_idempotent(t: &TestDb) {
    t.db.migrate().await.unwrap();
    let again = Db::connect(&t.url, 2).await.unwrap();
    again.migrate().await.unwrap();
    again.close().await;
}

async fn keys_are_stored_hashed_and_only_the_whole_key_authenticates(t: &TestDb) {
    let db = &t.db;
    let key = auth::create_key(db, Role::Operator, "ops", 7, None).await.unwrap();
    assert!(key.secret.starts_with(&key.prefix));
    assert!(key.secret.len() >= 40);
    let caller = auth::authenticate(db, &key.secret).await.unwrap().expect("the key authenticates");
    assert_eq!((caller.key_id, caller.role, caller.label.as_str()), (key.key_id, Role::Operator, "ops"));

    let mut wrong = key.secret.clone();
    let last = wrong.pop().unwrap();
    wrong.push(if last == 'A' { 'B' } else { 'A' });
    assert!(auth::authenticate(db, &wrong).await.unwrap().is_none(), "one changed character");
    assert!(auth::authenticate(db, &key.prefix).await.unwrap().is_none(), "the prefix alone");
    assert!(auth::authenticate(db, "").await.unwrap().is_none());
    assert!(auth::authenticate(db, "ak_ééééééé").await.unwrap().is_none(), "non-ASCII must not panic");

    let row = sqlx::query("SELECT key_hash, prefix FROM api_keys WHERE id = $1")
        .bind(key.key_id)
        .fetch_one(db.pool())
        .await
        .unwrap();
    let stored: String = row.get("key_hash");
    assert_eq!(stored.len(), 64, "a SHA-256 hex digest");
    assert!(!stored.contains(&key.secret[3..]));

    let listed = auth::list_keys(db).await.unwrap();
    let entry = listed.iter().find(|k| k.prefix == key.prefix).unwrap();
    assert_eq!((entry.credits, entry.role), (7, Role::Operator));
    assert_eq!(auth::find_by_prefix(db, &key.prefix).await.unwrap(), Some(key.key_id));
    assert_ledger_matches(db, key.key_id).await;
}

async fn a_charge_takes_credits_and_writes_the_ledger(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 10).await;
    let charge = credits::charge(db, key, 3, "meme", "req_1").await.unwrap();
    assert_eq!((charge.cost, charge.balance_after), (3, 7));
    assert_eq!(credits::balance(db, key).await.unwrap(), 7);
    let ledger = credits::ledger(db, key).await.unwrap();
    assert_eq!(ledger.len(), 2);
    assert_eq!(
        (ledger[1].kind.as_str(), ledger[1].amount, ledger[1].reference.as_deref()),
        ("charge", -3, Some("req_1"))
    );
    assert_eq!(credits::grant(db, key, 5, "top-up").await.unwrap(), 12);
    assert_ledger_matches(db, key).await;
}

async fn a_short_balance_is_refused_and_changes_nothing(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 2).await;
    let before = credits::ledger(db, key).await.unwrap();
    match credits::charge(db, key, 3, "audioscript", "req_2").await {
        Err(CreditError::Insufficient { needed: 3, balance: 2 }) => {}
        other => panic!("expected insufficient credits, got {other:?}"),
    }
    assert_eq!(credits::balance(db, key).await.unwrap(), 2);
    assert_eq!(credits::ledger(db, key).await.unwrap(), before);
    let empty = new_key(db, 0).await;
    assert!(matches!(
        credits::charge(db, empty, 1, "meme", "req_3").await,
        Err(CreditError::Insufficient { needed: 1, balance: 0 })
    ));
    assert!(credits::ledger(db, empty).await.unwrap().is_empty());
}

async fn a_charge_is_refunded_exactly_once_even_under_racing_refunds(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 10).await;
    let charge = credits::charge(db, key, 4, "mp4", "job_1").await.unwrap();
    assert!(credits::refund(db, &charge, "render failed").await.unwrap());
    assert!(!credits::refund(db, &charge, "render failed").await.unwrap());
    assert_eq!(credits::balance(db, key).await.unwrap(), 10);

    let charge = credits::charge(db, key, 5, "mp4", "job_2").await.unwrap();
    let racers: Vec<_> = (0..10)
        .map(|_| {
            let (db, charge) = (db.clone(), charge.clone());
            tokio::spawn(async move { credits::refund(&db, &charge, "race").await.unwrap() })
        })
        .collect();
    let mut refunded = 0;
    for racer in racers {
        refunded += usize::from(racer.await.unwrap());
    }
    assert_eq!(refunded, 1, "exactly one racing refund wins");
    assert_eq!(credits::balance(db, key).await.unwrap(), 10);
    let ledger = credits::ledger(db, key).await.unwrap();
    assert_eq!(ledger.iter().filter(|e| e.kind == "refund").count(), 2);
    assert_eq!(ledger.last().unwrap().refund_of, Some(charge.id));
    assert_ledger_matches(db, key).await;
}

/// `billing::pay` with credits of `key` for `credits`, holding the payment a minute.
async fn pay<T: Send + 'static>(
    db: &Db,
    key: i64,
    credits: i64,
    reference: &str,
    work: impl Future<Output = Result<T, Error>> + Send + 'static,
) -> Result<(T, billing::Hold), Error> {
    let payer = Payer::Credits { key_id: key };
    let price = Price { operation: "meme", credits, usd_cents: None };
    billing::pay(db, &Detached::default(), &payer, price, reference, Duration::from_secs(60), |_| work).await
}

async fn pay_for_refunds_failed_or_panicking_work_and_keeps_successful_work(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 5).await;
    let (value, hold) = pay(db, key, 2, "req_ok", async { Ok(42) }).await.unwrap();
    assert_eq!((value, hold.balance_after), (42, 3));
    assert_eq!(intents::state(db, &hold.intent_id).await.unwrap().as_deref(), Some("captured"));

    let failed = pay(db, key, 2, "req_fail", async { Err::<(), _>(Error::Unavailable { message: "failed" }) }).await;
    assert!(failed.is_err());
    assert_eq!(credits::balance(db, key).await.unwrap(), 3, "failed work is refunded");

    let db2 = db.clone();
    let panicked = tokio::spawn(async move {
        pay(&db2, key, 2, "req_panic", async move {
            if key > 0 {
                panic!("generator bug");
            }
            Ok(())
        })
        .await
    })
    .await;
    assert!(panicked.is_err(), "the panic propagates to the caller");
    assert_eq!(credits::balance(db, key).await.unwrap(), 3, "panicking work is refunded");

    let short = pay(db, key, 9, "req_short", async { Ok(()) }).await;
    assert!(matches!(short, Err(Error::InsufficientCredits { needed: 9, balance: 3, .. })), "{short:?}");
    assert_eq!(credits::balance(db, key).await.unwrap(), 3);
    assert_ledger_matches(db, key).await;
}

async fn charge_concurrently(dbs: &[Db], key: i64, attempts: usize) -> usize {
    let tasks: Vec<_> = (0..attempts)
        .map(|i| {
            let db = dbs[i % dbs.len()].clone();
            tokio::spawn(async move {
                match credits::charge(&db, key, 1, "meme", &format!("req_{i}")).await {
                    Ok(_) => true,
                    Err(CreditError::Insufficient { .. }) => false,
                    Err(CreditError::Db(e)) => panic!("charge failed: {e}"),
                }
            })
        })
        .collect();
    let mut successes = 0;
    for task in tasks {
        successes += usize::from(task.await.unwrap());
    }
    successes
}

async fn two_hundred_concurrent_charges_against_fifty_succeed_exactly_fifty_times(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 50).await;
    assert_eq!(charge_concurrently(std::slice::from_ref(db), key, 200).await, 50);
    assert_eq!(credits::balance(db, key).await.unwrap(), 0);
    assert_eq!(credits::ledger(db, key).await.unwrap().iter().filter(|e| e.kind == "charge").count(), 50);
    assert_ledger_matches(db, key).await;
}

async fn two_replicas_charging_one_balance_never_overdraw_or_lose_a_charge(t: &TestDb) {
    // A second, independent pool on the same database stands for a second replica.
    let replica = Db::connect(&t.url, 8).await.unwrap();
    let key = new_key(&t.db, 80).await;
    let successes = charge_concurrently(&[t.db.clone(), replica.clone()], key, 200).await;
    assert_eq!(successes, 80);
    assert_eq!(credits::balance(&replica, key).await.unwrap(), 0);
    assert_ledger_matches(&t.db, key).await;
    replica.close().await;
}

/// A fresh claim's ticket, or a panic saying what was found instead.
async fn fresh(db: &Db, key: i64, idem_key: &str, hash: &str, request_id: &str) -> Ticket {
    match idempotency::claim(db, key, idem_key, hash, by(request_id)).await.unwrap() {
        Claim::Fresh(ticket) => ticket,
        other => panic!("{idem_key}: expected a fresh claim, got {other:?}"),
    }
}

async fn idempotency_claims_replay_mismatch_and_in_progress(t: &TestDb) {
    let db = &t.db;
    let (a, b) = (new_key(db, 0).await, new_key(db, 0).await);
    let hash = idempotency::fingerprint("meme", b"{\"input\":\"x\"}");
    let other = idempotency::fingerprint("meme", b"{\"input\":\"y\"}");
    assert_ne!(hash, other);

    let first = fresh(db, a, "k1", &hash, "r1").await;
    assert_eq!(idempotency::claim(db, a, "k1", &hash, by("r2")).await.unwrap(), Claim::InProgress);
    assert_eq!(idempotency::claim(db, a, "k1", &other, by("r3")).await.unwrap(), Claim::Mismatch);
    let theirs = fresh(db, b, "k1", &other, "r4").await;

    // A stored answer keeps the headers it is replayed with (an x402 payment's receipt).
    let stored = Stored {
        status: 200,
        content_type: Some("application/json".into()),
        body: b"{\"success\":true}".to_vec(),
        headers: vec![("payment-response".into(), "eyJzdWNjZXNzIjp0cnVlfQ==".into())],
    };
    assert!(first.complete(db, &stored).await.unwrap());
    assert_eq!(idempotency::claim(db, a, "k1", &hash, by("r5")).await.unwrap(), Claim::Replay(stored));
    assert_eq!(idempotency::claim(db, a, "k1", &other, by("r6")).await.unwrap(), Claim::Mismatch);
    assert!(!first.release(db).await.unwrap(), "a completed record is not released");

    assert!(theirs.release(db).await.unwrap());
    fresh(db, b, "k1", &hash, "r7").await;
    assert_eq!(idempotency::purge(db).await.unwrap(), 0, "fresh records are kept");
}

/// A one-credit meme payment held for the request `request` of key `key`. Its reference is
/// the rail's record (a ledger row), as in production: never the request id.
async fn open_meme_intent(db: &Db, key: i64, request: &str) -> String {
    let mut conn = db.pool().acquire().await.unwrap();
    let new = intents::NewIntent {
        operation: "meme",
        key_id: key,
        rail: "credits",
        amount: 1,
        reference: "4711",
        request,
        holder: billing::Holder::Call { hold: Duration::from_secs(60), by: "test" },
    };
    intents::open_in(&mut conn, &new).await.unwrap()
}

async fn idempotency_takes_over_abandoned_and_expired_records_but_never_reruns_paid_work(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 0).await;
    let hash = idempotency::fingerprint("POST /p", b"{}");
    let abandon = || async {
        sqlx::query("UPDATE idempotency_keys SET locked_until = 0 WHERE idem_key = 'abandoned'")
            .execute(db.pool())
            .await
            .unwrap()
    };
    let first = fresh(db, key, "abandoned", &hash, "req-first").await;
    assert!(first.renew(db).await.unwrap(), "the holder renews its lease");
    // The process that claimed it stopped renewing: its lease ran out...
    abandon().await;
    // ...but its request's payment is still open, so the work must not run again.
    let intent = open_meme_intent(db, key, "req-first").await;
    assert_eq!(idempotency::claim(db, key, "abandoned", &hash, by("req-second")).await.unwrap(), Claim::InProgress);
    let mut conn = db.pool().acquire().await.unwrap();
    assert!(intents::release_in(&mut conn, &intent, i64::MAX).await.unwrap().is_some());
    drop(conn);
    // Settled: the next repeat takes it over, and the first claim's late answer changes nothing.
    let second = fresh(db, key, "abandoned", &hash, "req-second").await;
    let late = Stored { status: 200, content_type: None, body: b"first".to_vec(), headers: Vec::new() };
    assert!(!first.complete(db, &late).await.unwrap(), "a taken-over claim cannot complete");
    assert!(!first.renew(db).await.unwrap() && !first.release(db).await.unwrap());
    let answer = Stored { status: 200, content_type: None, body: b"second".to_vec(), headers: Vec::new() };
    assert!(second.complete(db, &answer).await.unwrap());
    assert_eq!(idempotency::claim(db, key, "abandoned", &hash, by("req-third")).await.unwrap(), Claim::Replay(answer));

    // A process that stored its work and took its payment, then died before recording the
    // answer: the work is done and paid, so the key never runs it again and says why.
    fresh(db, key, "lost", &hash, "req-lost").await;
    let paid = open_meme_intent(db, key, "req-lost").await;
    let mut conn = db.pool().acquire().await.unwrap();
    assert!(intents::capture_in(&mut conn, &paid).await.unwrap());
    drop(conn);
    assert_eq!(idempotency::claim(db, key, "lost", &hash, by("req-retry")).await.unwrap(), Claim::InProgress);
    sqlx::query("UPDATE idempotency_keys SET locked_until = 0 WHERE idem_key = 'lost'")
        .execute(db.pool())
        .await
        .unwrap();
    for _ in 0..2 {
        assert_eq!(idempotency::claim(db, key, "lost", &hash, by("req-retry")).await.unwrap(), Claim::AnswerLost);
    }

    let old = fresh(db, key, "old", &hash, "req-old").await;
    let stored = Stored { status: 201, content_type: None, body: vec![1, 2, 3], headers: Vec::new() };
    assert!(old.complete(db, &stored).await.unwrap());
    let past_retention = asset_host::store::now_ms() - idempotency::RETENTION_MS - 1;
    sqlx::query("UPDATE idempotency_keys SET created_at = $1 WHERE idem_key = 'old'")
        .bind(past_retention)
        .execute(db.pool())
        .await
        .unwrap();
    assert_eq!(idempotency::purge(db).await.unwrap(), 1);
    fresh(db, key, "old", &hash, "req-new").await;
}

async fn rate_limit_counters_are_shared_through_the_database(t: &TestDb) {
    let replica = Db::connect(&t.url, 4).await.unwrap();
    let (one, two) = (Arc::new(Limiter::Database(t.db.clone())), Arc::new(Limiter::Database(replica.clone())));
    let tasks: Vec<_> = (0..60)
        .map(|i| {
            let limiter = if i % 2 == 0 { one.clone() } else { two.clone() };
            tokio::spawn(async move { limiter.check(Group::Status, "key:1").await.allowed })
        })
        .collect();
    for task in tasks {
        assert!(task.await.unwrap(), "the first 60 calls pass");
    }
    let refused = two.check(Group::Status, "key:1").await;
    assert!(!refused.allowed, "the 61st call on either replica is refused");
    assert_eq!((refused.remaining, refused.retry_after_secs > 0), (0, true));
    assert!(one.check(Group::Status, "key:2").await.allowed, "buckets are per subject");
    assert!(one.check(Group::Check, "key:1").await.allowed, "and per group");
    one.purge().await.unwrap();
    assert!(!one.check(Group::Status, "key:1").await.allowed, "purge keeps live buckets");

    // A burst far above the limit, from both replicas at once, is counted exactly: contention
    // never lets a call through uncounted. (The bucket refills one call per 500 ms meanwhile.)
    let started = std::time::Instant::now();
    let burst: Vec<_> = (0..400)
        .map(|i| {
            let limiter = if i % 2 == 0 { one.clone() } else { two.clone() };
            tokio::spawn(async move { limiter.check(Group::Public, "203.0.113.9").await.allowed })
        })
        .collect();
    let mut allowed = 0;
    for task in burst {
        allowed += usize::from(task.await.unwrap());
    }
    let limit = Group::Public.limit() as usize;
    let refilled = (started.elapsed().as_millis() / 500) as usize;
    assert!(
        (limit..=limit + refilled).contains(&allowed),
        "{allowed} passed; the limit is {limit} (+{refilled} refilled)"
    );
    replica.close().await;
}

fn new_job<'a>(id: &'a str, key: i64, input: &'a serde_json::Value, max_attempts: i64) -> jobs::NewJob<'a> {
    let paid = Some((Payer::Credits { key_id: key }, Price { operation: "mp4", credits: 3, usd_cents: None }));
    jobs::NewJob { id, kind: "render", key_id: key, request_id: id, input, paid, max_attempts, access_hash: None }
}

async fn a_job_is_charged_with_its_row_and_claimed_by_one_worker(t: &TestDb) {
    let key = new_key(&t.db, 5).await;
    let input = serde_json::json!({"script": "hello"});
    let (job, charge) = jobs::submit(&t.db, &new_job("j1", key, &input, 3)).await.unwrap();
    assert_eq!((job.state, job.attempts, job.input["script"].as_str()), (jobs::State::Queued, 0, Some("hello")));
    assert_eq!(charge.as_ref().and_then(jobs::Authorized::held).unwrap().balance_after, 2);
    let refused = jobs::submit(&t.db, &new_job("j2", key, &input, 3)).await;
    assert!(matches!(refused, Err(Error::InsufficientCredits { needed: 3, balance: 2, .. })), "{refused:?}");
    assert!(jobs::get(&t.db, "j2", key).await.unwrap().is_none(), "no job without its charge");
    assert!(jobs::get(&t.db, "j1", key + 1).await.unwrap().is_none(), "another key's job is not found");
    assert_ledger_matches(&t.db, key).await;

    let claims: Vec<_> = futures::future::join_all((0..6).map(|w| {
        let db = t.db.clone();
        async move { jobs::claim(&db, &format!("w{w}"), &["render"], 10_000).await.unwrap() }
    }))
    .await;
    let won: Vec<_> = claims.into_iter().flatten().collect();
    assert_eq!(won.len(), 1, "exactly one worker claims the job");
    assert_eq!((won[0].state, won[0].attempts), (jobs::State::Running, 1));
    assert!(jobs::claim(&t.db, "late", &["other"], 10_000).await.unwrap().is_none(), "kinds are respected");
    assert_eq!(jobs::backlog(&t.db, &["render"]).await.unwrap(), 1);
}

async fn an_expired_lease_passes_the_job_on_and_the_old_worker_changes_nothing(t: &TestDb) {
    let key = new_key(&t.db, 3).await;
    let input = serde_json::json!({});
    jobs::submit(&t.db, &new_job("j", key, &input, 3)).await.unwrap();
    jobs::claim(&t.db, "dead", &["render"], 50).await.unwrap().unwrap();
    assert!(jobs::claim(&t.db, "next", &["render"], 10_000).await.unwrap().is_none(), "the lease holds");
    tokio::time::sleep(std::time::Duration::from_millis(80)).await;
    let again = jobs::claim(&t.db, "next", &["render"], 10_000).await.unwrap().expect("expired lease is claimable");
    assert_eq!(again.attempts, 2);
    assert!(!jobs::heartbeat(&t.db, "j", "dead", 10_000).await.unwrap(), "the old worker lost its lease");
    assert!(!jobs::succeed(&t.db, "j", "dead", &serde_json::json!({"stale": true})).await.unwrap());
    assert!(jobs::heartbeat(&t.db, "j", "next", 10_000).await.unwrap());
    assert!(jobs::succeed(&t.db, "j", "next", &serde_json::json!({"url": "x"})).await.unwrap());
    let done = jobs::get(&t.db, "j", key).await.unwrap().unwrap();
    assert_eq!((done.state, done.result.unwrap()["url"].as_str()), (jobs::State::Succeeded, Some("x")));
    assert!(done.finished_at.is_some());
    assert_eq!(credits::balance(&t.db, key).await.unwrap(), 0, "a finished job keeps its charge");
}

async fn a_job_queued_before_the_wall_clock_stepped_back_is_not_held_for_the_step(t: &TestDb) {
    let key = new_key(&t.db, 6).await;
    let input = serde_json::json!({});
    let due = |id: &'static str, in_ms: i64| {
        let pool = t.db.pool().clone();
        async move {
            sqlx::query("UPDATE jobs SET run_after = $1 WHERE id = $2")
                .bind(store::now_ms() + in_ms)
                .bind(id)
                .execute(&pool)
                .await
                .unwrap();
        }
    };
    // Queued while the clock read two hours ahead, then stepped back: due "in two hours".
    jobs::submit(&t.db, &new_job("ahead", key, &input, 3)).await.unwrap();
    due("ahead", 2 * 3_600_000).await;
    let claimed = jobs::claim(&t.db, "w", &["render"], 10_000).await.unwrap();
    assert_eq!(claimed.map(|j| j.id), Some("ahead".to_string()), "claimed now, not after the step");
    // A retry waiting out its backoff (at most a minute) still waits.
    jobs::submit(&t.db, &new_job("backoff", key, &input, 3)).await.unwrap();
    due("backoff", jobs::backoff_ms(5)).await;
    assert!(jobs::claim(&t.db, "w", &["render"], 10_000).await.unwrap().is_none(), "the backoff holds");
}

async fn a_job_that_fails_for_good_is_refunded_exactly_once(t: &TestDb) {
    let key = new_key(&t.db, 6).await;
    let input = serde_json::json!({});
    jobs::submit(&t.db, &new_job("r", key, &input, 2)).await.unwrap();
    let first = jobs::claim(&t.db, "a", &["render"], 10_000).await.unwrap().unwrap();
    let flaky = Reason { code: "flaky", message: "It flaked." };
    assert_eq!(jobs::fail(&t.db, &first, "a", &Failure::stored(flaky), true).await.unwrap(), jobs::Failed::Retrying);
    let queued = jobs::get(&t.db, "r", key).await.unwrap().unwrap();
    assert_eq!((queued.state, queued.error), (jobs::State::Queued, Some(Failure::from(flaky))));
    assert!(jobs::claim(&t.db, "b", &["render"], 10_000).await.unwrap().is_none(), "backoff holds the retry");
    sqlx::query("UPDATE jobs SET run_after = 0 WHERE id = 'r'").execute(t.db.pool()).await.unwrap();
    let second = jobs::claim(&t.db, "b", &["render"], 10_000).await.unwrap().unwrap();
    assert_eq!(second.attempts, 2);
    // The stale first attempt cannot fail it again; the last attempt fails it for good.
    assert_eq!(jobs::fail(&t.db, &first, "a", "late", true).await.unwrap(), jobs::Failed::LostLease);
    assert_eq!(jobs::fail(&t.db, &second, "b", "broken", true).await.unwrap(), jobs::Failed::Final);
    assert_eq!(jobs::fail(&t.db, &second, "b", "again", false).await.unwrap(), jobs::Failed::LostLease);
    assert_eq!(jobs::get(&t.db, "r", key).await.unwrap().unwrap().state, jobs::State::Failed);
    assert_eq!(credits::balance(&t.db, key).await.unwrap(), 6, "refunded");

    // A worker killed during the last attempt: the reaper fails and refunds it, once.
    jobs::submit(&t.db, &new_job("k", key, &input, 1)).await.unwrap();
    jobs::claim(&t.db, "killed", &["render"], 30).await.unwrap().unwrap();
    assert_eq!(credits::balance(&t.db, key).await.unwrap(), 3);
    tokio::time::sleep(std::time::Duration::from_millis(60)).await;
    let reaped = futures::future::join_all((0..3).map(|_| jobs::reap(&t.db))).await;
    assert_eq!(reaped.into_iter().map(Result::unwrap).sum::<usize>(), 1);
    assert_eq!(jobs::get(&t.db, "k", key).await.unwrap().unwrap().state, jobs::State::Failed);
    assert_eq!(credits::balance(&t.db, key).await.unwrap(), 6);
    let refunds = credits::ledger(&t.db, key).await.unwrap().into_iter().filter(|e| e.kind == "refund").count();
    assert_eq!(refunds, 2);
    assert_ledger_matches(&t.db, key).await;
}

/// A job paid per asset waits in `awaiting_payment`: no worker claims it until the transaction
/// that records its payment moves it on, and that happens once.
async fn a_job_awaiting_its_payment_is_claimed_only_once_paid(t: &TestDb) {
    // It moves the service's clock, which every test in this process shares.
    if !asset_tests::process::alone() {
        return;
    }
    let key = new_key(&t.db, 0).await;
    let input = serde_json::json!({"assetJobId": "asset_x"});
    let mut tx = t.db.pool().begin().await.unwrap();
    let waiting = jobs::queue_in(&mut tx, ("asset_x_r1", "render", key), &input, jobs::Start::OnPayment).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!((waiting.state, waiting.payment.as_ref(), waiting.cost), (jobs::State::AwaitingPayment, None, 0));
    assert!(jobs::claim(&t.db, "w1", &["render"], 5_000).await.unwrap().is_none(), "unpaid work is not claimed");
    assert_eq!(jobs::backlog(&t.db, &["render"]).await.unwrap(), 0, "nor counted as work to do");
    let mut tx = t.db.pool().begin().await.unwrap();
    assert!(jobs::paid_in(&mut tx, "asset_x_r1", "pi_x", 5).await.unwrap());
    assert!(!jobs::paid_in(&mut tx, "asset_x_r1", "pi_y", 5).await.unwrap(), "moved on once");
    assert!(!jobs::paid_in(&mut tx, "asset_nothing_r1", "pi_z", 5).await.unwrap());
    tx.commit().await.unwrap();
    let claimed = jobs::claim(&t.db, "w1", &["render"], 5_000).await.unwrap().expect("paid work is claimed");
    assert_eq!(
        (claimed.id.as_str(), claimed.state, claimed.input),
        ("asset_x_r1", jobs::State::Running, input.clone())
    );
    let paid_by = claimed.payment.as_ref().map(|p| (p.rail, p.intent_id.as_str()));
    assert_eq!((paid_by, claimed.cost), (Some((Rail::Sol, "pi_x")), 5), "it names the deposit that paid it");

    // Work whose payment never comes fails, uncharged, once its quote and the week after it are
    // over; not before.
    let mut tx = t.db.pool().begin().await.unwrap();
    jobs::queue_in(&mut tx, ("asset_y_r1", "render", key), &input, jobs::Start::OnPayment).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(jobs::abandon_unpaid(&t.db).await.unwrap(), 0);
    store::set_clock_offset(jobs::UNPAID_FOR_MS + 60_000);
    assert_eq!(jobs::abandon_unpaid(&t.db).await.unwrap(), 1);
    store::set_clock_offset(0);
    let never = jobs::get(&t.db, "asset_y_r1", key).await.unwrap().unwrap();
    assert_eq!((never.state, never.error.map(|e| e.code)), (jobs::State::Failed, Some("quote_expired".to_string())));
    assert_eq!(
        jobs::get(&t.db, "asset_x_r1", key).await.unwrap().unwrap().state,
        jobs::State::Running,
        "paid work untouched"
    );
}

async fn workers_run_jobs_and_record_success_and_failure(t: &TestDb) {
    use asset_host::jobs::worker::{self, Handler, JobError};
    let key = new_key(&t.db, 9).await;
    for (id, input) in [("ok", serde_json::json!({"n": 2})), ("bad", serde_json::json!({"n": -1}))] {
        jobs::submit(&t.db, &new_job(id, key, &input, 3)).await.unwrap();
    }
    let handler: Handler = std::sync::Arc::new(|job: jobs::Job| {
        Box::pin(async move {
            match job.input["n"].as_i64() {
                Some(n) if n >= 0 => Ok(serde_json::json!({"double": n * 2})),
                _ => Err(JobError::Fatal("n must not be negative".into())),
            }
        })
    });
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let settings = worker::Settings {
        concurrency: 2,
        lease: std::time::Duration::from_secs(5),
        poll: std::time::Duration::from_millis(20),
        x402: None,
    };
    let running = tokio::spawn(worker::run(t.db.clone(), [("render", handler)].into(), settings, stopped));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let ok = jobs::get(&t.db, "ok", key).await.unwrap().unwrap();
        let bad = jobs::get(&t.db, "bad", key).await.unwrap().unwrap();
        if ok.state == jobs::State::Succeeded && bad.state == jobs::State::Failed {
            assert_eq!(ok.result.unwrap()["double"], 4);
            // The caller reads the generic reason; the handler's text is only logged.
            assert_eq!(bad.error, Some(Failure::from(worker::FAILED)));
            break;
        }
        assert!(std::time::Instant::now() < deadline, "jobs did not finish: {ok:?} {bad:?}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    stop.send(true).unwrap();
    running.await.unwrap();
    assert_eq!(credits::balance(&t.db, key).await.unwrap(), 6, "the failed job was refunded, the other kept");
}

async fn a_keys_first_sights_at_once_make_one_account_while_others_write(t: &TestDb) {
    use asset_host::store::accounts;
    let key = auth::create_key(&t.db, Role::Agent, "solo", 0, None).await.unwrap();
    let busy = new_key(&t.db, 1_000).await;
    // Sixteen first sights of one key race each other and a stream of other commits (on SQLite
    // a transaction that read before its first write would fail once another writer commits).
    let sights = (0..16).map(|_| accounts::for_key(&t.db, &key.prefix));
    let writes = (0..32).map(|n| async move {
        credits::grant(&t.db, busy, 1, &format!("noise {n}")).await.map(drop).map_err(|e| e.to_string())
    });
    let (sights, writes) = tokio::join!(futures::future::join_all(sights), futures::future::join_all(writes));
    assert!(writes.iter().all(Result::is_ok), "{writes:?}");
    let ids: Vec<i64> = sights.into_iter().map(|a| a.unwrap().expect("the key's account").id).collect();
    assert!(ids.iter().all(|&id| id == ids[0]), "one account for the key: {ids:?}");
    let made: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM accounts").fetch_one(t.db.pool()).await.unwrap();
    assert_eq!(made, 1);
    assert!(accounts::for_key(&t.db, "ak_nosuchkey").await.unwrap().is_none());
}

async fn a_refund_of_a_refunded_charge_moves_no_credit_whatever_its_transaction_commits(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 10).await;
    let charge = credits::charge(db, key, 4, "mp4", "job_1").await.unwrap();
    for first in [true, false] {
        let mut tx = db.pool().begin().await.unwrap();
        assert_eq!(credits::refund_in(&mut tx, &charge, "render failed").await.unwrap(), first);
        // A release commits its intent whatever the refund found.
        tx.commit().await.unwrap();
    }
    assert_eq!(credits::balance(db, key).await.unwrap(), 10, "refunded once");
    assert_ledger_matches(db, key).await;
}

/// An x402 payment `id` of job `job` in `state`, and the job's intent over it.
async fn x402_job_payment(db: &Db, key: i64, id: &str, job: &str, state: &str) -> String {
    sqlx::query(
        "INSERT INTO x402_payments (id, network, payer, nonce, amount, pay_to, api_key_id, operation, resource, \
         job_id, version, payload, requirements, state, tx_hash, created_at) \
         VALUES ($1, 'eip155:84532', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', $1, 250000, \
         '0x209693Bc6afc0C5328bA36FaF03C514EF312287C', $2, 'mp4', 'http://127.0.0.1/api/agent/mp4', $3, 2, '{}', \
         '{}', $4, '0xfeed', 0)",
    )
    .bind(id)
    .bind(key)
    .bind(job)
    .bind(state)
    .execute(db.pool())
    .await
    .unwrap();
    let mut conn = db.pool().acquire().await.unwrap();
    let new = intents::NewIntent {
        operation: "mp4",
        key_id: key,
        rail: "x402",
        amount: 250000,
        reference: id,
        request: "req_job",
        holder: billing::Holder::Job { id: job, request: "req_job" },
    };
    intents::open_in(&mut conn, &new).await.unwrap()
}

async fn a_payment_that_moved_is_never_released_and_settles_again_as_settled(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 0).await;
    let settings = asset_host::config::Settings {
        x402_pay_to: Some("0x209693Bc6afc0C5328bA36FaF03C514EF312287C".into()),
        x402_network: "base-sepolia".into(),
        // Never asked: a settled payment answers from its row.
        x402_facilitator_url: "http://127.0.0.1:9".into(),
        ..Default::default()
    };
    let rail = billing::X402::from_settings(&settings).unwrap().unwrap();
    let price = Price { operation: "mp4", credits: 3, usd_cents: Some(25) };
    for (state, job) in [("settled", "job_settled"), ("settling", "job_settling")] {
        let intent = x402_job_payment(db, key, &format!("xp_{state}"), job, state).await;
        // Its job failing for good (or the reaper) must not give back money that moved.
        let mut tx = db.pool().begin().await.unwrap();
        assert!(billing::release_in(&mut tx, &intent, "failed").await.is_err(), "a {state} payment is kept");
        drop(tx);
        assert_eq!(intents::state(db, &intent).await.unwrap().as_deref(), Some("authorized"));
        if state == "settled" {
            // The job run again after its settlement: it settles again as settled, and finishes.
            billing::settle_intent(db, Some(&rail), &intent, price).await.unwrap();
        }
    }
}

async fn the_reaper_checks_the_hold_again_inside_its_update(t: &TestDb) {
    let db = &t.db;
    let key = new_key(db, 0).await;
    let intent = open_meme_intent(db, key, "req_slow").await;
    // The reaper read it as lapsed a moment ago; meanwhile its settlement pushed the hold ahead.
    let mut conn = db.pool().acquire().await.unwrap();
    let read_as_lapsed_before = asset_host::store::now_ms() - 1;
    assert!(intents::release_in(&mut conn, &intent, read_as_lapsed_before).await.unwrap().is_none());
    assert_eq!(intents::state(db, &intent).await.unwrap().as_deref(), Some("authorized"));
}

/// A registry on the test's database with a compile cache of its own and the given brand caps.
fn capped_registry(t: &TestDb, caps: BrandCaps) -> (Registry, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = Sandbox::new(Some(dir.path().join("cache")), Default::default()).unwrap();
    (Registry::new(t.db.clone(), Arc::new(sandbox)).with_brand_caps(caps), dir)
}

fn acme_admin() -> Actor {
    Actor { name: "ak_acmeadmn".into(), role: Role::BrandAdmin, brand: Some("acme".into()) }
}

/// The ids of the stored versions of `slot` in `scope`, oldest first.
async fn version_ids(db: &Db, slot: &str, scope: &str) -> Vec<i64> {
    sqlx::query_scalar("SELECT id FROM plugin_versions WHERE slot = $1 AND scope = $2 ORDER BY id")
        .bind(slot)
        .bind(scope)
        .fetch_all(db.pool())
        .await
        .unwrap()
}

/// Compiled artifacts in the cache of the component with this SHA-256.
fn artifacts_of(dir: &tempfile::TempDir, sha256: &str) -> usize {
    std::fs::read_dir(dir.path().join("cache"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().starts_with(sha256))
        .count()
}

async fn a_brands_generators_keep_their_cap_of_versions_and_drop_the_evicted_artifacts(t: &TestDb) {
    let (registry, dir) = capped_registry(t, BrandCaps { slots: 4, versions: 3 });
    let admin = acme_admin();
    let mut uploaded = Vec::new();
    for n in 1..=4 {
        let version = registry.upload(&admin, "meme", "acme", &component_variant("trivial", n)).await.unwrap();
        registry.activate(&admin, "meme", "acme", version.id).await.unwrap();
        uploaded.push(version);
    }
    let ids: Vec<i64> = uploaded.iter().map(|v| v.id).collect();
    // The fourth upload found v3 active and v2 previous: the oldest, v1, went.
    assert_eq!(version_ids(&t.db, "meme", "acme").await, ids[1..].to_vec());
    assert_eq!(artifacts_of(&dir, &uploaded[0].sha256), 0, "the evicted version's compiled artifact is gone");
    assert_eq!(artifacts_of(&dir, &uploaded[3].sha256), 1, "the active version's artifact stays");
    // Uploads not activated: the active (v4) and previous (v3) versions and the newest stay.
    let fifth = registry.upload(&admin, "meme", "acme", &component_variant("trivial", 5)).await.unwrap();
    let sixth = registry.upload(&admin, "meme", "acme", &component_variant("trivial", 6)).await.unwrap();
    assert_eq!(version_ids(&t.db, "meme", "acme").await, vec![ids[2], ids[3], sixth.id], "v2 and then v5 went");
    assert!(fifth.id < sixth.id);
    let slot = registry.slot("meme", "acme").await.unwrap();
    assert_eq!((slot.active_version_id, slot.previous_version_id), (Some(ids[3]), Some(ids[2])));
    registry.rollback(&admin, "meme", "acme").await.unwrap();
    let evictions = registry.audit(100).await.unwrap().into_iter().filter(|e| e.action == "evict").count();
    assert_eq!(evictions, 3, "each eviction is in the audit trail");
    // Memory holds one compiled component per active slot, however many were uploaded.
    assert_eq!(registry.loaded(), 1);
    // The operator's global scope is not capped.
    for n in 1..=4 {
        registry.upload(&Actor::system(), "meme", GLOBAL, &component_variant("trivial", n)).await.unwrap();
    }
    assert_eq!(version_ids(&t.db, "meme", GLOBAL).await.len(), 4);
}

async fn a_brand_past_its_slot_cap_is_refused_and_racing_uploads_never_pass_it(t: &TestDb) {
    let (registry, _dir) = capped_registry(t, BrandCaps { slots: 2, versions: 3 });
    let admin = acme_admin();
    // The brand's row, whose lock serializes its uploads.
    let fields = asset_host::store::brands::Fields {
        name: "Acme",
        voice: "",
        hashtag: "#ACME",
        token: "$ACME",
        bot_username: None,
        look: None,
    };
    let mut conn = t.db.pool().acquire().await.unwrap();
    asset_host::store::brands::insert_in(&mut conn, "acme", &fields).await.unwrap();
    drop(conn);
    registry.upload(&admin, "meme", "acme", &component_variant("trivial", 1)).await.unwrap();
    // Two new slots race for the one left: exactly one is stored.
    let (second, third) = (component_variant("trivial", 2), component_variant("trivial", 3));
    let (content, slideshow) = tokio::join!(
        registry.upload(&admin, "content", "acme", &second),
        registry.upload(&admin, "slideshow", "acme", &third),
    );
    let refused = [&content, &slideshow].iter().filter(|r| matches!(r, Err(RegistryError::Capped(_)))).count();
    assert_eq!((refused, content.is_ok() as usize + slideshow.is_ok() as usize), (1, 1), "{content:?} {slideshow:?}");
    let slots: i64 = sqlx::query_scalar("SELECT COUNT(DISTINCT slot) FROM plugin_versions WHERE scope = 'acme'")
        .fetch_one(t.db.pool())
        .await
        .unwrap();
    assert_eq!(slots, 2);
    // A third slot is refused before anything is stored; a held slot still takes versions.
    let rows = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM plugin_versions").fetch_one(t.db.pool()).await.unwrap()
    };
    let before = rows().await;
    let refused = registry.upload(&admin, "beats", "acme", &component_variant("trivial", 4)).await;
    assert!(matches!(refused, Err(RegistryError::Capped(_))), "{refused:?}");
    assert_eq!(rows().await, before, "nothing stored");
    registry.upload(&admin, "meme", "acme", &component_variant("trivial", 5)).await.unwrap();
    let audit = registry.audit(100).await.unwrap();
    assert_eq!(audit.iter().filter(|e| e.action == "upload" && e.outcome == "rejected").count(), 2);
}

async fn a_treasury_walk_lease_is_never_taken_from_a_live_holder(t: &TestDb) {
    use asset_host::store::treasury;
    let db = &t.db;
    let now = asset_host::store::now_ms();
    treasury::open(db, "treasury").await.unwrap();
    assert!(treasury::take_lease(db, "treasury", "first", now + 60_000).await.unwrap());
    // A racing check that read the clock a moment earlier asks for a lease ending sooner.
    assert!(!treasury::take_lease(db, "treasury", "second", now + 59_990).await.unwrap(), "the holder keeps it");
    treasury::release_lease(db, "treasury", "first").await.unwrap();
    assert!(treasury::take_lease(db, "treasury", "second", now + 60_000).await.unwrap(), "free again");
    // A lease ending over a whole lease ahead was taken before the clock stepped back.
    sqlx::query("UPDATE sol_index SET lease_until = $1").bind(now + 3_600_000).execute(db.pool()).await.unwrap();
    assert!(treasury::take_lease(db, "treasury", "third", now + 60_000).await.unwrap());
}

async fn a_keys_library_pages_newest_first_and_holds_only_its_own(t: &TestDb) {
    use asset_host::store::library::{self, Made};
    let db = &t.db;
    let (mine, theirs) = (new_key(db, 0).await, new_key(db, 0).await);
    for (id, key, at) in [("m_a", mine, 1_000), ("m_b", mine, 3_000), ("m_c", mine, 3_000), ("m_d", theirs, 2_000)] {
        sqlx::query(
            "INSERT INTO memes (id, api_key_id, brand_name, kind, language, title, content, credits, created_at) \
             VALUES ($1, $2, '', 'image', 'ja', $3, '{}', 1, $4)",
        )
        .bind(id)
        .bind(key)
        .bind(format!("title {id}"))
        .bind(at)
        .execute(db.pool())
        .await
        .unwrap();
    }
    let first = library::page(db, mine, None, 2).await.unwrap();
    let ids: Vec<&str> = first.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(ids, ["m_c", "m_b"], "newest first, ties by id");
    assert_eq!((first[0].made, first[0].language.as_str(), first[0].sort.as_str()), (Made::Meme, "ja", "image"));
    assert_eq!((first[0].duration_ms, first[0].expires_at), (None, None));
    let last = &first[1];
    let rest = library::page(db, mine, Some((last.created_at, &last.id)), 2).await.unwrap();
    assert_eq!(rest.iter().map(|i| i.id.as_str()).collect::<Vec<_>>(), ["m_a"], "the page after the cursor");
    assert!(library::one(db, mine, Made::Meme, "m_b").await.unwrap().is_some());
    assert_eq!(library::one(db, mine, Made::Meme, "m_d").await.unwrap(), None, "another key's meme");
    assert_eq!(library::one(db, mine, Made::Page, "m_b").await.unwrap(), None, "a meme is no page");
}
