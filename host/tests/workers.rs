//! Job workers' seats: a job that steps aside (`worker::aside`, as a transcription waiting for
//! and working on the recogniser's own slot does) lets its worker run the next job meanwhile,
//! then takes a seat again and finishes.

use std::sync::Arc;
use std::time::{Duration, Instant};

use asset_host::auth::{self, Role};
use asset_host::jobs::{self, worker};
use asset_host::store::Db;
use serde_json::json;

use crate::common::database;

/// Waits until job `id` is in `state`, for at most 30 s.
async fn until(db: &Db, id: &str, key: i64, state: jobs::State) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let job = jobs::get(db, id, key).await.unwrap().unwrap();
        if job.state == state {
            return;
        }
        assert!(Instant::now() < deadline, "{id} did not get to {state:?}: {job:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_job_that_steps_aside_lets_its_only_worker_run_the_next_one_meanwhile() {
    let (db, _place) = database::open(false).await;
    let key = auth::create_key(&db, Role::Agent, "test", 0, None).await.unwrap().key_id;
    let queue = |id: &'static str| {
        let db = db.clone();
        async move {
            let input = json!({});
            let job = jobs::NewJob {
                id,
                kind: "render",
                key_id: key,
                request_id: id,
                input: &input,
                paid: None,
                max_attempts: 1,
                access_hash: None,
            };
            jobs::submit(&db, &job).await.unwrap();
        }
    };
    // "long" waits aside until it is released; any other job is done at once.
    let release = Arc::new(tokio::sync::Notify::new());
    let held = release.clone();
    let handler: worker::Handler = Arc::new(move |job: jobs::Job| {
        let held = held.clone();
        Box::pin(async move {
            if job.id == "long" {
                worker::aside(held.notified()).await;
            }
            Ok(json!({"done": job.id}))
        })
    });
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let settings =
        worker::Settings { concurrency: 1, lease: Duration::from_secs(5), poll: Duration::from_millis(20), x402: None };
    let running = tokio::spawn(worker::run(db.clone(), [("render", handler)].into(), settings, stopped));
    queue("long").await;
    until(&db, "long", key, jobs::State::Running).await;
    queue("short").await;
    until(&db, "short", key, jobs::State::Succeeded).await;
    let long = jobs::get(&db, "long", key).await.unwrap().unwrap();
    assert_eq!(long.state, jobs::State::Running, "the short job ran while the long one was aside");
    release.notify_one();
    until(&db, "long", key, jobs::State::Succeeded).await;
    stop.send(true).unwrap();
    running.await.unwrap();
}
