//! The service with its blobs in a real S3-compatible store (SeaweedFS on loopback): memes'
//! pictures and a rendered MP4 are kept in the bucket (nothing in the data folder) and served
//! from it (the video a range at a time); readiness names the store and turns unavailable when
//! it stops answering. The store's own contract is `host/tests/blob_stores.rs`.

use std::time::Duration;

use asset_tests::seaweed::Seaweed;
use asset_tests::{Env, Storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

async fn post(base: &str, path: &str, key: &str, body: Value) -> Value {
    let response = Client::new().post(format!("{base}{path}")).header("x-api-key", key).json(&body).send().await;
    response.unwrap().json().await.unwrap()
}

async fn done(url: &str, key: &str) -> Value {
    for _ in 0..300 {
        let status: Value = Client::new().get(url).header("x-api-key", key).send().await.unwrap().json().await.unwrap();
        if status["status"] == "succeeded" {
            return status;
        }
        assert_ne!(status["status"], "failed", "{status}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{url} did not finish");
}

#[tokio::test(flavor = "multi_thread")]
async fn blobs_go_to_the_bucket_and_are_served_from_it_a_range_at_a_time() {
    let seaweed = Seaweed::start();
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let mut vars = seaweed.vars("service");
    vars.push(("ASSET_LOG", "warn".into()));
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let server = env.serve_with(&vars);
    let base = server.base.clone();

    let ready: Value = reqwest::get(format!("{base}/readyz")).await.unwrap().json().await.unwrap();
    assert_eq!((ready["status"].as_str(), ready["blobs"].as_str()), (Some("ok"), Some("s3")), "{ready}");

    let meme =
        post(&base, "/api/agent/brands/memes", &key, json!({"input": "Stores that scale", "kind": "carousel"})).await;
    let picture = reqwest::get(meme["meme"]["imageUrl"].as_str().unwrap()).await.unwrap();
    assert_eq!(picture.status(), StatusCode::OK);
    assert_eq!(&picture.bytes().await.unwrap()[1..4], b"PNG");

    let script = json!({"script": "Blobs live in a bucket. Any replica serves them."});
    let accepted = post(&base, "/api/agent/audioscript", &key, script).await;
    let page = done(accepted["statusUrl"].as_str().unwrap(), &key).await;
    let mp4 = post(&base, "/api/agent/mp4", &key, json!({"pageUrl": page["pageUrl"]})).await;
    let video = done(mp4["statusUrl"].as_str().unwrap(), &key).await;
    let url = video["mp4Url"].as_str().unwrap();
    let whole = reqwest::get(url).await.unwrap().bytes().await.unwrap();
    let ranged = Client::new().get(url).header("range", "bytes=100-1123").send().await.unwrap();
    assert_eq!(ranged.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(ranged.bytes().await.unwrap(), whole[100..1124]);

    // Served, and nothing in the data folder: the bytes came from the bucket.
    let local = env.data_dir.path().join("blobs");
    let local_files = std::fs::read_dir(&local).map(|d| d.count()).unwrap_or(0);
    assert_eq!(local_files, 0, "nothing in {}", local.display());

    // The store stops answering: not ready.
    drop(seaweed);
    let response = reqwest::get(format!("{base}/readyz")).await.unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["failing"], "blobs", "{body}");
}
