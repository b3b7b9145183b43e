//! The scaled-out deployment, run for real as processes on this machine: PostgreSQL, SeaweedFS,
//! Redis, two web-only replicas behind nginx (the shipped `deploy/nginx.conf`) and a render
//! worker. Through the balancer: memes whose pictures live in the bucket; an audioscript and its
//! MP4 made by the worker (the replicas run no jobs) and read a range at a time from either
//! replica; a plugin activated on one replica served by the other within 5 s; limits shared by
//! both; a revoked key refused by both; one x402 payment and one SOL deposit each settled once.
//! And a replica killed mid-load costs no credit without its work and loses no job; and public
//! routes are limited per client address behind the balancer, which alone may name the client.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use asset_tests::cluster::{Cluster, Shape};
use asset_tests::solana::Rpc;
use asset_tests::x402::{self, Facilitator, Pay};
use asset_tests::{Storage, component};
use reqwest::{Client, RequestBuilder, StatusCode};
use serde_json::{Value, json};
use sqlx::AnyPool;

const MEMES: &str = "/api/agent/brands/memes";

fn vars(pairs: &[(&str, String)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
}

async fn send(request: RequestBuilder) -> (StatusCode, Value) {
    let response = request.send().await.expect("the cluster answers");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn post(url: &str, key: &str, body: &Value) -> RequestBuilder {
    Client::new().post(url).header("x-api-key", key).json(body)
}

fn get(url: &str, key: &str) -> RequestBuilder {
    Client::new().get(url).header("x-api-key", key)
}

/// Polls a job's status URL until it is done; answers the final status.
async fn finished(url: &str, key: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (status, body) = send(get(url, key)).await;
        assert_eq!(status, StatusCode::OK, "{url}: {body}");
        if body["status"] == "succeeded" || body["status"] == "failed" {
            return body;
        }
        assert!(Instant::now() < deadline, "{url} did not finish: {body}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

async fn connect(cluster: &Cluster) -> AnyPool {
    sqlx::any::install_default_drivers();
    let Storage::Postgres(url) = &cluster.env.storage else { unreachable!("a cluster runs on PostgreSQL") };
    AnyPool::connect(url).await.unwrap()
}

async fn scalar(db: &AnyPool, sql: &'static str, bind: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql).bind(bind).fetch_one(db).await.unwrap()
}

async fn count(db: &AnyPool, sql: &'static str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql).fetch_one(db).await.unwrap()
}

/// The generator serving the global meme slot on replica `i`.
async fn generator_on(cluster: &Cluster, i: usize, operator: &str) -> Value {
    let url = cluster.replica(i).url("/api/admin/plugins/meme/generate");
    let (status, body) = send(post(&url, operator, &json!({"task": "meme", "kind": "image", "input": "hi"}))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["generator"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_cluster_serves_everything_through_the_balancer_and_settles_each_payment_once() {
    let facilitator = Facilitator::start();
    let rpc = Rpc::start(1000);
    let mut settings = facilitator.vars();
    settings.extend(rpc.vars());
    settings.push(("ASSET_RATE_LIMITS", "create=1000,check=1000,pricing=6".into()));
    let cluster = Cluster::start(Shape { vars: vars(&settings), ..Shape::default() });
    let env = &cluster.env;
    let (agent, operator) = (env.create_key(50, "agent"), env.create_key(0, "operator"));

    let (status, ready) = send(Client::new().get(cluster.url("/readyz"))).await;
    assert_eq!(status, StatusCode::OK, "{ready}");
    assert_eq!((ready["database"].as_str(), ready["blobs"].as_str()), (Some("postgres"), Some("s3")), "{ready}");

    // Memes, their pictures read back through the balancer.
    for kind in ["image", "carousel"] {
        let (status, made) =
            send(post(&cluster.url(MEMES), &agent, &json!({"input": "Scaling out", "kind": kind}))).await;
        assert_eq!(status, StatusCode::OK, "{made}");
        // The page's picture; a carousel names its own.
        let page = made["meme"]["url"].as_str().unwrap();
        let picture = made["meme"]["imageUrl"].as_str().map_or_else(|| format!("{page}/1.png"), str::to_string);
        assert!(picture.starts_with(&cluster.base), "links go through the balancer: {picture}");
        let response = Client::new().get(picture).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(&response.bytes().await.unwrap()[1..4], b"PNG");
    }

    // An audioscript and its MP4: the replicas run no jobs, so the worker made both; each
    // replica reads the same bytes from the bucket, a range at a time.
    let script = json!({"script": "Two replicas answer. One worker renders. The bucket keeps it all."});
    let (status, accepted) = send(post(&cluster.url("/api/agent/audioscript"), &agent, &script)).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let page = finished(accepted["statusUrl"].as_str().unwrap(), &agent).await;
    assert_eq!(page["status"], "succeeded", "{page}");
    let (status, accepted) =
        send(post(&cluster.url("/api/agent/mp4"), &agent, &json!({"pageUrl": page["pageUrl"]}))).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let video = finished(accepted["statusUrl"].as_str().unwrap(), &agent).await;
    let mp4 = video["mp4Url"].as_str().unwrap_or_else(|| panic!("{video}"));
    let whole = Client::new().get(mp4).send().await.unwrap().bytes().await.unwrap();
    assert!(whole.len() > 10_000 && &whole[4..8] == b"ftyp", "an MP4 of {} bytes", whole.len());
    for replica in 0..2 {
        let ranged =
            Client::new().get(cluster.on_replica(replica, mp4)).header("range", "bytes=1000-4999").send().await;
        let ranged = ranged.unwrap();
        assert_eq!(ranged.status(), StatusCode::PARTIAL_CONTENT, "replica {replica}");
        assert_eq!(ranged.bytes().await.unwrap(), whole[1000..5000], "replica {replica}");
    }
    let local = env.data_dir.path().join("blobs");
    assert_eq!(std::fs::read_dir(&local).map(|d| d.count()).unwrap_or(0), 0, "no blob in {}", local.display());

    // A plugin activated through one replica is served by the other within 5 s.
    assert_eq!(generator_on(&cluster, 1, &operator).await, "meme@1.0.0");
    let (status, body) =
        cluster.replica(0).upload_plugin(&operator, "meme", "?activate=true", component("trivial")).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let activated = Instant::now();
    while generator_on(&cluster, 1, &operator).await != "trivial@1.0.0" {
        assert!(activated.elapsed() < Duration::from_secs(5), "the other replica still serves the old plugin");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(env.run(&["plugins", "rollback", "meme"]).status.success());

    // One limit for the whole cluster (the pricing group is set to 6 a minute: one call back
    // every 10 s, so a slow machine cannot refill it mid-test): 6 calls through the balancer,
    // which spreads them over both replicas, then each replica refuses the 7th.
    let limited = env.create_key(0, "agent");
    for call in 0..6 {
        let (status, body) = send(get(&cluster.url("/api/agent/asset/pricing"), &limited)).await;
        assert_eq!(status, StatusCode::OK, "call {call}: {body}");
    }
    for replica in 0..2 {
        let (status, body) = send(get(&cluster.replica(replica).url("/api/agent/asset/pricing"), &limited)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")), "{body}");
    }

    // A revoked key is refused by every replica from the next request.
    let doomed = env.create_key(5, "agent");
    for replica in 0..2 {
        assert_eq!(send(get(&cluster.replica(replica).url("/api/agent/me"), &doomed)).await.0, StatusCode::OK);
    }
    let revoked = env.run(&["keys", "revoke", &doomed[..11]]);
    assert!(revoked.status.success(), "{}", String::from_utf8_lossy(&revoked.stderr));
    for url in
        [cluster.replica(0).url("/api/agent/me"), cluster.replica(1).url("/api/agent/me"), cluster.url("/api/agent/me")]
    {
        let (status, body) = send(get(&url, &doomed)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::UNAUTHORIZED, Some("invalid_api_key")), "{url}");
    }

    // One x402 payment sent ten times at once through the balancer: one meme, one settlement.
    let meme = json!({"input": "Paid once, wherever it lands", "kind": "image"});
    let signed =
        x402::pay(&cluster.url(MEMES), "POST", Some(&meme), Pay { version: 2, only_sign: true, ..Pay::default() })
            .await;
    let header = signed["payment"].as_str().unwrap_or_else(|| panic!("{signed}")).to_string();
    let tries = (0..10)
        .map(|_| send(Client::new().post(cluster.url(MEMES)).header("payment-signature", header.as_str()).json(&meme)));
    let answers = futures::future::join_all(tries).await;
    let paid = answers.iter().filter(|(status, _)| *status == StatusCode::OK).count();
    assert_eq!(paid, 1, "{answers:?}");
    assert_eq!(facilitator.settlements().await.len(), 1, "one settlement");

    // One SOL deposit checked ten times at once: claimed once, rendered once by the worker.
    let (status, created) =
        send(post(&cluster.url("/api/agent/asset/jobs"), &agent, &json!({"input": "Claimed exactly once"}))).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let job = created["job"]["jobId"].as_str().unwrap().to_string();
    rpc.pay(created["job"]["quote"]["amountLamports"].as_u64().unwrap()).await;
    let check = cluster.url(&format!("/api/agent/asset/jobs/{job}/check"));
    let checks =
        futures::future::join_all((0..10).map(|_| send(Client::new().post(&check).header("x-api-key", &agent))));
    for (status, body) in checks.await {
        assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(true)), "{body}");
    }
    let status_url = cluster.url(&format!("/api/agent/asset/jobs/{job}"));
    let deadline = Instant::now() + Duration::from_secs(120);
    let delivered = loop {
        let (_, body) = send(get(&status_url, &agent)).await;
        if body["job"]["status"] == "DELIVERED" {
            break body;
        }
        assert!(Instant::now() < deadline && body["job"]["status"] != "RENDER_FAILED", "{body}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let asset = delivered["job"]["mp4Url"].as_str().unwrap();
    for replica in 0..2 {
        let response = Client::new().get(cluster.on_replica(replica, asset)).header("range", "bytes=0-7").send().await;
        assert_eq!(response.unwrap().bytes().await.unwrap()[4..8], *b"ftyp", "replica {replica}");
    }
    let db = connect(&cluster).await;
    assert_eq!(scalar(&db, "SELECT COUNT(*) FROM sol_deposits WHERE job_id = $1", &job).await, 1);
    let renders = "SELECT COUNT(*) FROM jobs WHERE kind = 'asset-mp4' AND input LIKE '%' || $1 || '%'";
    assert_eq!(scalar(&db, renders, &job).await, 1, "one render");
}

/// How one call of the load ended, as its client saw it.
#[derive(Debug)]
enum Outcome {
    /// A meme, at this page URL.
    Made(String),
    /// A job, followed at this status URL.
    Accepted(String),
    /// Its first try died with the replica and still holds its idempotency key; the database
    /// says whether it was made (and charged) or not.
    InDoubt,
}

/// Tries the load's clients made again after a transport error or 5xx.
static RETRIES: AtomicUsize = AtomicUsize::new(0);

/// One call with its idempotency key, retried with the same key while the balancer answers
/// a transport error or 5xx (the replica it reached died).
async fn call_until_answered(url: String, key: String, body: Value, idem: String) -> Outcome {
    let mut last = String::new();
    for _ in 0..50 {
        let request = post(&url, &key, &body).header("idempotency-key", &idem);
        match request.send().await {
            Ok(response) if response.status().is_server_error() => {
                last = format!("{} {}", response.status(), response.text().await.unwrap_or_default());
                RETRIES.fetch_add(1, Ordering::Relaxed);
            }
            Err(e) => {
                last = e.to_string();
                RETRIES.fetch_add(1, Ordering::Relaxed);
            }
            Ok(response) => {
                let status = response.status();
                let body: Value = response.json().await.unwrap_or(Value::Null);
                return match (status, body["code"].as_str()) {
                    (StatusCode::OK, _) => Outcome::Made(body["meme"]["url"].as_str().unwrap().to_string()),
                    (StatusCode::ACCEPTED, _) => Outcome::Accepted(body["statusUrl"].as_str().unwrap().to_string()),
                    (StatusCode::CONFLICT, Some("idempotency_in_progress")) => Outcome::InDoubt,
                    _ => panic!("{url}: {status} {body}"),
                };
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{url} never answered: {last}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_web_replica_killed_mid_load_costs_no_credit_without_its_work_and_loses_no_job() {
    let settings = [("ASSET_RATE_LIMITS", "create=60000,status=60000".into()), ("ASSET_PAYMENT_HOLD_SECS", "3".into())];
    let mut cluster = Cluster::start(Shape { vars: vars(&settings), ..Shape::default() });
    const CLIENTS: usize = 8;
    const CALLS: usize = 16;
    const GRANT: i64 = 500;
    let keys: Vec<String> = (0..CLIENTS).map(|_| cluster.env.create_key(GRANT as u32, "agent")).collect();

    let started = Instant::now();
    let finished_at = Arc::new(std::sync::Mutex::new(Vec::new()));
    let clients = keys.iter().enumerate().map(|(c, key)| {
        let (base, key, finished_at) = (cluster.base.clone(), key.clone(), finished_at.clone());
        tokio::spawn(async move {
            let mut outcomes = Vec::new();
            for n in 0..CALLS {
                let (path, body) = if n % 8 == 7 {
                    ("/api/agent/audioscript", json!({"script": format!("Client {c} call {n}. Still standing.")}))
                } else {
                    (MEMES, json!({"input": format!("client {c} call {n}"), "kind": "image"}))
                };
                let idem = format!("load-{c}-{n}");
                outcomes.push(call_until_answered(format!("{base}{path}"), key.clone(), body, idem).await);
                finished_at.lock().unwrap().push(started.elapsed());
            }
            outcomes
        })
    });
    let clients: Vec<_> = clients.collect();
    // The kill comes once a quarter of the calls are done, with every client mid-stream.
    while finished_at.lock().unwrap().len() < CLIENTS * CALLS / 4 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let killed_at = started.elapsed();
    cluster.kill_replica(0);
    let mut outcomes = Vec::new();
    for client in clients {
        outcomes.push(client.await.unwrap());
    }
    let times = finished_at.lock().unwrap().clone();
    assert!(
        times.iter().any(|t| *t < killed_at) && times.iter().any(|t| *t > killed_at),
        "the kill came mid-load ({killed_at:?}; calls ended {:?}…{:?})",
        times.first(),
        times.last()
    );

    // Every answered call's work exists; every accepted job finishes.
    for (key, outcomes) in keys.iter().zip(&outcomes) {
        for outcome in outcomes {
            match outcome {
                Outcome::Made(page) => {
                    assert_eq!(Client::new().get(page).send().await.unwrap().status(), StatusCode::OK)
                }
                Outcome::Accepted(status_url) => {
                    let done = finished(status_url, key).await;
                    assert_eq!(done["status"], "succeeded", "{done}");
                }
                Outcome::InDoubt => {}
            }
        }
    }
    let in_doubt = outcomes.iter().flatten().filter(|o| matches!(o, Outcome::InDoubt)).count();
    println!(
        "killed at {killed_at:?} after {} of {} calls; {} retries; {in_doubt} left in doubt",
        CLIENTS * CALLS / 4,
        CLIENTS * CALLS,
        RETRIES.load(Ordering::Relaxed)
    );

    // Payments the dead replica held are released once their hold lapses (the worker's reaper).
    let db = connect(&cluster).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    while count(&db, "SELECT COUNT(*) FROM payment_intents WHERE state = 'authorized'").await > 0 {
        assert!(Instant::now() < deadline, "payments still held");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert_eq!(count(&db, "SELECT COUNT(*) FROM jobs WHERE state <> 'succeeded'").await, 0, "every job succeeded");

    // The money: the ledger sums to each balance, and what each key spent is exactly the price
    // of what it has — no charge without its work, no work without its charge.
    let mut made_total = 0;
    for key in &keys {
        let (balance, ledger, memes, jobs, made): (i64, i64, i64, i64, i64) = sqlx::query_as(
            "SELECT k.credits, \
               (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM credit_ledger WHERE api_key_id = k.id), \
               (SELECT CAST(COALESCE(SUM(credits), 0) AS BIGINT) FROM memes WHERE api_key_id = k.id), \
               (SELECT CAST(COALESCE(SUM(cost), 0) AS BIGINT) FROM jobs WHERE api_key_id = k.id), \
               (SELECT COUNT(*) FROM memes WHERE api_key_id = k.id) \
             FROM api_keys k WHERE k.prefix = $1",
        )
        .bind(&key[..11])
        .fetch_one(&db)
        .await
        .unwrap();
        assert_eq!(ledger, balance, "the ledger of {}", &key[..11]);
        assert_eq!(GRANT - balance, memes + jobs, "{} spent exactly the price of what it has", &key[..11]);
        made_total += made;
    }
    let answered: HashSet<&String> =
        outcomes.iter().flatten().filter_map(|o| if let Outcome::Made(u) = o { Some(u) } else { None }).collect();
    assert!(made_total as usize >= answered.len(), "every answered meme is kept");
    assert!(made_total as usize <= answered.len() + in_doubt, "nothing made that nobody asked for");
    let log = cluster.balancer_log();
    assert!(!log.contains("[emerg]"), "{log}");
}

/// The balancer is the only trusted proxy: each client address has its own public-route bucket
/// (shared by both replicas), a forged `X-Forwarded-For` gains nothing through the balancer, and
/// from a client reaching a replica directly the header is ignored.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn public_routes_are_limited_per_client_address_and_only_the_balancer_names_the_client() {
    const LIMIT: usize = 5;
    let shape = Shape { web: 2, workers: 0, vars: vars(&[("ASSET_RATE_LIMITS", format!("public={LIMIT}"))]) };
    let cluster = Cluster::start(shape);
    // Clients at other loopback addresses than the balancer's 127.0.0.1.
    let from = |last: u8| Client::builder().local_address(std::net::IpAddr::from([127, 0, 0, last])).build().unwrap();
    let status = |request: RequestBuilder| async move { request.send().await.unwrap().status() };
    let menu = cluster.url("/api/agent/services");
    for i in 0..LIMIT {
        assert_eq!(status(from(2).get(&menu)).await, StatusCode::OK, "call {i} of 127.0.0.2");
    }
    assert_eq!(status(from(2).get(&menu)).await, StatusCode::TOO_MANY_REQUESTS);
    let forged = from(2).get(&menu).header("x-forwarded-for", "198.51.100.1");
    assert_eq!(status(forged).await, StatusCode::TOO_MANY_REQUESTS, "a forged hop is not the client");
    assert_eq!(status(from(3).get(&menu)).await, StatusCode::OK, "another client, its own bucket");

    // Straight to a replica: every forged address counts against the sender's own.
    let direct = cluster.on_replica(0, &menu);
    for i in 0..LIMIT {
        let request = from(4).get(&direct).header("x-forwarded-for", format!("198.51.100.{}", 10 + i));
        assert_eq!(status(request).await, StatusCode::OK, "call {i} of 127.0.0.4");
    }
    let request = from(4).get(&direct).header("x-forwarded-for", "198.51.100.99");
    assert_eq!(status(request).await, StatusCode::TOO_MANY_REQUESTS, "the header is ignored from 127.0.0.4");
}
