//! Status reads that wait (`?wait=SECONDS`): bounded and validated; answered as soon as the
//! job changes, also when the change is made by a worker in another process on PostgreSQL
//! (LISTEN/NOTIFY); counted once against the status group however long they wait; released at
//! once when the server stops; offered to MCP clients as the status tools' `wait`.

use std::time::{Duration, Instant};

use asset_tests::{Env, PgDatabase, Server, Storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

async fn get(url: &str, key: &str) -> (StatusCode, Value) {
    let response = Client::new().get(url).header("x-api-key", key).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn submit(server: &Server, key: &str, script: &str) -> String {
    let response = Client::new()
        .post(server.url("/api/agent/audioscript"))
        .header("x-api-key", key)
        .json(&json!({"script": script}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    body["statusUrl"].as_str().unwrap().to_string()
}

/// Follows a job with waiting reads until it is finished; answers the states seen in order.
async fn follow(url: &str, key: &str) -> Vec<String> {
    let mut seen = Vec::new();
    for _ in 0..20 {
        let (status, body) = get(&format!("{url}?wait=30"), key).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let state = body["status"].as_str().unwrap().to_string();
        seen.push(state.clone());
        if state == "succeeded" || state == "failed" {
            return seen;
        }
    }
    panic!("not finished after 20 waiting reads: {seen:?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn waits_are_bounded_and_a_finished_job_is_answered_at_once() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let server = env.serve();
    let url = submit(&server, &key, "One beat. Then another.").await;
    for bad in ["31", "-1", "1.5", "soon", ""] {
        let (status, body) = get(&format!("{url}?wait={bad}"), &key).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_wait")), "wait={bad}");
    }
    let states = follow(&url, &key).await;
    assert_eq!(states.last().map(String::as_str), Some("succeeded"), "{states:?}");
    // Finished: a long wait answers at once.
    let started = Instant::now();
    let (_, body) = get(&format!("{url}?wait=30"), &key).await;
    assert_eq!(body["status"], "succeeded");
    assert!(started.elapsed() < Duration::from_secs(10), "a finished job waits for nothing");
    // The same on the MP4 and asset routes' parameter, and in the OpenAPI document.
    let mp4 = server.url("/api/agent/mp4/nosuchjob?wait=31");
    assert_eq!(get(&mp4, &key).await.1["code"], "invalid_wait");
    let doc: Value = reqwest::get(server.url("/api/agent/openapi.json")).await.unwrap().json().await.unwrap();
    for path in ["/api/agent/audioscript/{jobId}", "/api/agent/mp4/{jobId}", "/api/agent/asset/jobs/{id}"] {
        let parameters = doc["paths"][path]["get"]["parameters"].as_array().unwrap();
        let wait = parameters.iter().find(|p| p["name"] == "wait").unwrap_or_else(|| panic!("{path} has no wait"));
        assert_eq!((wait["in"].as_str(), wait["schema"]["maximum"].as_i64()), (Some("query"), Some(30)), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_web_replica_hears_a_worker_in_another_process_change_the_job() {
    let pg = PgDatabase::create();
    let mut env = Env::new(Storage::Postgres(pg.url.clone()));
    env.extra.push(("ASSET_LOG".into(), "warn".into()));
    let key = env.create_key(10, "agent");
    let web = env.serve_args(&["--workers", "0"], &[]);
    let url = submit(&web, &key, "Queued here. Run over there. Heard at once.").await;
    // No worker yet: the job waits in the queue, and so does a read of it.
    let waiting = tokio::spawn({
        let (url, key) = (url.clone(), key.clone());
        async move {
            let started = Instant::now();
            let answer = get(&format!("{url}?wait=30"), &key).await;
            (answer, started.elapsed())
        }
    });
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(!waiting.is_finished(), "a queued job keeps the read waiting");
    let mut worker = env.spawn(&["worker"]);
    let ((status, body), took) = waiting.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_ne!(body["status"], "queued", "answered because the worker changed the job: {body}");
    assert!(took < Duration::from_secs(25), "answered on the change, not at the end of the wait ({took:?})");
    let states = follow(&url, &key).await;
    assert_eq!(states.last().map(String::as_str), Some("succeeded"), "{states:?}");
    let _ = worker.kill();
    let _ = worker.wait();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_waiting_read_counts_once_and_is_released_when_the_server_stops() {
    let mut env = Env::new(Storage::Sqlite);
    env.extra.push(("ASSET_RATE_LIMITS".into(), "status=2".into()));
    let key = env.create_key(10, "agent");
    // A web-only server: the job never runs, so a read of it waits its whole time.
    let mut server = env.serve_args(&["--workers", "0"], &[]);
    let url = submit(&server, &key, "Nobody runs this one.").await;
    let started = Instant::now();
    let (status, body) = get(&format!("{url}?wait=2"), &key).await;
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("queued")), "{body}");
    assert!(started.elapsed() >= Duration::from_secs(2), "it waited");
    // Two seconds of waiting were one call of the two a minute allows.
    assert_eq!(get(&url, &key).await.0, StatusCode::OK);
    assert_eq!(get(&url, &key).await.0, StatusCode::TOO_MANY_REQUESTS);

    // The server stops while a read waits: the read is answered and the server exits.
    let other = env.create_key(10, "agent");
    let url = submit(&server, &other, "Still nobody.").await;
    let waiting = tokio::spawn(async move { get(&format!("{url}?wait=30"), &other).await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    let stopping = Instant::now();
    let exited = server.terminate(Duration::from_secs(20));
    assert!(exited.is_some_and(|s| s.success()), "the server exited cleanly");
    let (status, body) = waiting.await.unwrap();
    assert_eq!((status, body["status"].as_str()), (StatusCode::OK, Some("queued")), "{body}");
    assert!(stopping.elapsed() < Duration::from_secs(15), "released at the stop, not at the end of its wait");
}
