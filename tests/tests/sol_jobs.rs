//! Jobs paid per job in SOL where money could be kept without the work: a cancel (over HTTP
//! and MCP `tasks/cancel`) that comes after the deposit landed but before anything claimed it,
//! a node that cannot be read when the caller cancels, and one treasury transaction the node
//! will not return, which must not hold up the deposits landing around it. Against the real
//! binary and the loopback Solana RPC node (`solana/rpc.py`), on SQLite and PostgreSQL.

use std::time::{Duration, Instant};

use asset_tests::mcp::{McpClient, Options};
use asset_tests::solana::{Rpc, TREASURY};
use asset_tests::{Env, Server, Storage};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::asset_jobs::{SCRIPT, count, paying, serve, settled};

/// An audioscript job paid in SOL: its id and the exact lamports its quote asks for.
async fn submit(server: &Server, key: &str) -> (String, u64) {
    let (status, accepted) =
        paying(server, "sol", Some(key), "/api/agent/audioscript", json!({"script": SCRIPT})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let lamports = accepted["payment"]["amountLamports"].as_u64().expect("a quote");
    (accepted["jobId"].as_str().unwrap().to_string(), lamports)
}

/// `POST …/{job}/{action}` of an audioscript job: status, body and `Retry-After`.
async fn post(server: &Server, key: &str, job: &str, action: &str) -> (StatusCode, Value, Option<String>) {
    let response = reqwest::Client::new()
        .post(server.url(&format!("/api/agent/audioscript/{job}/{action}")))
        .header("x-api-key", key)
        .send()
        .await
        .expect("the service answers");
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_string());
    (response.status(), response.json().await.unwrap_or(Value::Null), retry_after)
}

async fn status_of(server: &Server, key: &str, job: &str) -> Value {
    server.get_json(&format!("/api/agent/audioscript/{job}"), Some(key)).await
}

/// A service on `storage` and the RPC stand-in, web only: no periodic claim runs there, so only
/// the calls a test makes find deposits. Its environment, an agent key without credits, the
/// node, the server and the database.
async fn set_up(storage: Storage) -> (Env, String, Rpc, Server, sqlx::AnyPool) {
    let env = Env::new(storage);
    let key = env.create_key(0, "agent");
    let rpc = Rpc::start(1000);
    let server = serve(&env, &rpc, &[("ASSET_WORKERS", "0")]);
    let db = env.database().await;
    (env, key, rpc, server, db)
}

/// A cancel never keeps a deposit that landed without delivering: the deposit is looked for
/// first and claimed (409 `paid_in_sol`, the job runs); a node that cannot be read refuses the
/// cancel (503 with `Retry-After`, the job still waiting); with nothing landed it cancels. The
/// same over MCP `tasks/cancel`.
async fn a_cancel_after_the_deposit_landed_claims_it_and_the_job_runs(storage: Storage) {
    // Nothing but the cancel can find the deposit.
    let (env, key, rpc, server, db) = set_up(storage).await;

    let (job, lamports) = submit(&server, &key).await;
    let signature = rpc.pay(lamports).await;
    let (status, refused, _) = post(&server, &key, &job, "cancel").await;
    assert_eq!((status, refused["code"].as_str()), (StatusCode::CONFLICT, Some("paid_in_sol")), "{refused}");
    let paid = status_of(&server, &key, &job).await;
    assert_eq!(paid["status"], "queued", "{paid}");
    assert_eq!(
        (paid["payment"]["signature"].as_str(), paid["payment"]["state"].as_str()),
        (Some(signature.as_str()), Some("captured"))
    );
    assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_deposits WHERE job_id = $1", &job).await, 1);

    // The node cannot be read: not cancelled, told when to ask again; the job still waits.
    let (waiting, _) = submit(&server, &key).await;
    rpc.control(json!({"error500": 10_000})).await;
    let (status, refused, retry_after) = post(&server, &key, &waiting, "cancel").await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::SERVICE_UNAVAILABLE, Some("sol_deposits_unknown")),
        "{refused}"
    );
    assert!(retry_after.is_some_and(|s| s.parse::<u64>().is_ok_and(|s| s > 0)), "a Retry-After");
    assert_eq!(status_of(&server, &key, &waiting).await["status"], "awaiting_payment");
    rpc.control(json!({"error500": 0})).await;
    // Readable and nothing landed: cancelled, its quote closed.
    let (status, cancelled, _) = post(&server, &key, &waiting, "cancel").await;
    assert_eq!((status, cancelled["error"]["code"].as_str()), (StatusCode::OK, Some("cancelled")), "{cancelled}");

    // Over MCP: `tasks/cancel` after the deposit landed claims it; the task goes on.
    let options = Options { mode: "2026-07-28", tasks: true, ..Options::default() };
    let mut mcp = McpClient::connect(&server.url("/api/mcp"), &key, options);
    let task = mcp.call_raw("create_audioscript", json!({"script": SCRIPT}), json!({"payWith": "sol"}));
    let task = task["taskId"].as_str().unwrap_or_else(|| panic!("a task: {task}")).to_string();
    let quoted = "SELECT amount_lamports FROM sol_quotes WHERE job_id = $1";
    let lamports: i64 = sqlx::query_scalar(quoted).bind(&task).fetch_one(&db).await.unwrap();
    rpc.pay(u64::try_from(lamports).unwrap()).await;
    let acknowledged = mcp.task_cancel(&task);
    assert!(acknowledged.get("exception").is_none(), "{acknowledged}");
    assert_eq!(mcp.task_get(&task)["status"], "working");
    assert_eq!(status_of(&server, &key, &task).await["status"], "queued");
    // And a task whose node cannot be read is not cancelled: a retryable error.
    let unread = mcp.call_raw("create_audioscript", json!({"script": SCRIPT}), json!({"payWith": "sol"}));
    let unread = unread["taskId"].as_str().unwrap().to_string();
    rpc.control(json!({"error500": 10_000})).await;
    let refused = mcp.task_cancel(&unread);
    assert!(refused["exception"].as_str().is_some_and(|e| e.contains("could not be read")), "{refused}");
    rpc.control(json!({"error500": 0})).await;
    assert_eq!(status_of(&server, &key, &unread).await["status"], "awaiting_payment");

    // The paid jobs run.
    let mut worker = env.spawn(&["worker"]);
    for id in [&job, &task] {
        let done = settled(&server, id, &key, 180).await;
        assert_eq!(
            (done["status"].as_str(), done["payment"]["rail"].as_str()),
            (Some("succeeded"), Some("sol")),
            "{done}"
        );
    }
    let _ = worker.kill();
    let _ = worker.wait();
}

/// A plain transfer of `lamports` to the treasury that the node then refuses to return
/// (`answer`: `error`, `null` or `500`).
async fn unreadable(rpc: &Rpc, lamports: u64, answer: &str) -> String {
    let signature = rpc.transfer(json!({"to": TREASURY, "lamports": lamports})).await;
    rpc.unreadable(&signature, answer).await;
    signature
}

/// Treasury signatures the index could not read and still means to read.
async fn unread(db: &sqlx::AnyPool) -> i64 {
    let sql = "SELECT COUNT(*) FROM sol_unread_signatures WHERE given_up_at IS NULL";
    sqlx::query_scalar(sql).fetch_one(db).await.unwrap()
}

/// Transactions the node will not return (an error, `null`, a 500) hold up no deposit, older
/// or newer; a check answers from the deposits already indexed while the node is down; the
/// unreadable signatures are recorded and read once the node shows them.
async fn one_unreadable_transaction_holds_up_no_deposit(storage: Storage) {
    let (_env, key, rpc, server, db) = set_up(storage).await;
    let mut jobs = Vec::new();
    for _ in 0..4 {
        jobs.push(submit(&server, &key).await);
    }
    let checked = |job: &str| {
        let job = job.to_string();
        let (server, key) = (&server, &key);
        async move { post(server, key, &job, "check").await }
    };

    // A deposit, then three transactions the node will not return.
    rpc.pay(jobs[0].1).await;
    for (lamports, answer) in [(1, "error"), (2, "null"), (3, "500")] {
        unreadable(&rpc, lamports, answer).await;
    }
    let (status, body, _) = checked(&jobs[0].0).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("queued")), "the older deposit: {body}");
    // A deposit landing after them.
    rpc.pay(jobs[1].1).await;
    let (status, body, _) = checked(&jobs[1].0).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("queued")), "the newer deposit: {body}");

    // A deposit indexed (by another job's check) is claimed while the node is down.
    rpc.pay(jobs[2].1).await;
    let (status, body, _) = checked(&jobs[3].0).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("awaiting_payment")), "{body}");
    rpc.control(json!({"error500": 10_000})).await;
    let (status, body, _) = checked(&jobs[2].0).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("queued")), "from the index: {body}");
    let (status, body, _) = checked(&jobs[3].0).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "nothing indexed for it and the node down: {body}");
    rpc.control(json!({"error500": 0})).await;

    // Recorded, and read again once the node shows them (checks walk; the retries wait their
    // backoff, so this polls, without a time assertion).
    assert_eq!(unread(&db).await, 3);
    for signature in
        sqlx::query_scalar::<_, String>("SELECT signature FROM sol_unread_signatures").fetch_all(&db).await.unwrap()
    {
        rpc.unreadable(&signature, "readable").await;
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    while unread(&db).await > 0 {
        assert!(Instant::now() < deadline, "the unread signatures were not read again");
        let (status, body, _) = checked(&jobs[3].0).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sol_treasury_deposits").fetch_one(&db).await.unwrap();
    assert_eq!(kept, 3, "the three deposits; what the unread transactions held pays for nothing");
}

asset_tests::on_both_backends!(threads = 2, |postgres, test| {
    // Paths as seen from the `sqlite` and `postgres` modules the macro writes.
    let pg = postgres.then(asset_tests::PgDatabase::create);
    test(pg.as_ref().map_or(asset_tests::Storage::Sqlite, |pg| asset_tests::Storage::Postgres(pg.url.clone()))).await
}: a_cancel_after_the_deposit_landed_claims_it_and_the_job_runs, one_unreadable_transaction_holds_up_no_deposit);
