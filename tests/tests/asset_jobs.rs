//! Pay-per-asset jobs end to end, against the real binary and a loopback Solana JSON-RPC node
//! serving real signed transfers (`solana/rpc.py`, built with `solders`), through the
//! production client: the create answer, deposits that must not count (wrong amount, wrong
//! recipient, failed, only processed, older than the quote, a signature already used), the
//! exact one (legacy, v0 and v1; on the second page of signatures; after 429s), the MP4 that
//! ffprobe accepts, the signed `job.delivered` webhook checked by a receiver over the raw
//! bytes, the delivery log and replay, a render failure's `job.failed`, a lapsed quote, the
//! SSRF guard at registration, and 50 concurrent checks across two `serve` processes on
//! PostgreSQL claiming once.

use std::collections::HashSet;

use asset_tests::solana::{Rpc, TREASURY};
use asset_tests::webhooks::Receiver;
use asset_tests::{Env, PgDatabase, Server, Storage};
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::AnyPool;

pub(crate) async fn call(
    server: &Server,
    method: &str,
    path: &str,
    key: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let client = reqwest::Client::new();
    let mut request = client.request(method.parse().unwrap(), server.url(path)).header("x-api-key", key);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("the service answers");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(crate) fn serve(env: &Env, rpc: &Rpc, extra: &[(&str, &str)]) -> Server {
    let mut vars: Vec<(&str, String)> = rpc.vars();
    vars.push(("ASSET_FETCH_ALLOW", "127.0.0.0/8".into()));
    vars.push(("ASSET_LOG", "warn".into()));
    vars.push(("ASSET_RATE_LIMITS", "check=200,create=100".into()));
    vars.extend(extra.iter().map(|(k, v)| (*k, v.to_string())));
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    env.serve_with(&vars)
}

/// Creates a job; registers its secret with the receiver. Answers the whole body.
async fn create(server: &Server, key: &str, body: Value, receiver: &Receiver) -> Value {
    let (status, created) = call(server, "POST", "/api/agent/asset/jobs", key, Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{created}");
    if let Some(secret) = created["webhook"]["webhookSecret"].as_str() {
        let job = created["job"]["jobId"].as_str().unwrap().to_string();
        receiver.expect(&job, secret);
    }
    created
}

async fn check(server: &Server, key: &str, job: &str) -> (StatusCode, Value) {
    call(server, "POST", &format!("/api/agent/asset/jobs/{job}/check"), key, None).await
}

fn lamports(created: &Value) -> u64 {
    created["job"]["quote"]["amountLamports"].as_u64().expect("a quote")
}

pub(crate) async fn count(db: &AnyPool, sql: &'static str, job: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql).bind(job).fetch_one(db).await.unwrap()
}

/// The last frame of the MP4 at `url`, as RGB.
async fn last_frame(url: &str) -> Vec<u8> {
    let bytes = reqwest::get(url).await.unwrap().bytes().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (file, png) = (dir.path().join("a.mp4"), dir.path().join("end.png"));
    std::fs::write(&file, &bytes).unwrap();
    let status = std::process::Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-sseof", "-0.5", "-i"])
        .arg(&file)
        .args(["-frames:v", "1"])
        .arg(&png)
        .status()
        .expect("ffmpeg runs");
    assert!(status.success());
    asset_tests::browser::decode_png(&std::fs::read(&png).unwrap()).2
}

/// ffprobe's view of an MP4 downloaded from `url`: (width, height, duration in seconds).
async fn probe(url: &str) -> (u64, u64, f64) {
    let bytes = reqwest::get(url).await.unwrap().bytes().await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("asset.mp4");
    std::fs::write(&file, &bytes).unwrap();
    let out = std::process::Command::new("ffprobe")
        .args(["-v", "error", "-show_entries", "stream=codec_type,width,height:format=duration", "-of", "json"])
        .arg(&file)
        .output()
        .expect("ffprobe runs");
    assert!(out.status.success(), "ffprobe refused the MP4: {}", String::from_utf8_lossy(&out.stderr));
    let info: Value = serde_json::from_slice(&out.stdout).unwrap();
    let video = info["streams"].as_array().unwrap().iter().find(|s| s["codec_type"] == "video").unwrap().clone();
    let duration: f64 = info["format"]["duration"].as_str().unwrap().parse().unwrap();
    (video["width"].as_u64().unwrap(), video["height"].as_u64().unwrap(), duration)
}

#[tokio::test(flavor = "multi_thread")]
async fn only_an_exact_confirmed_deposit_after_the_quote_delivers_the_mp4_and_a_signed_webhook() {
    let env = Env::new(Storage::Sqlite);
    let (key, other) = (env.create_key(0, "agent"), env.create_key(0, "agent"));
    let rpc = Rpc::start(1000);
    let receiver = Receiver::default();
    let callback = receiver.start();
    let server = serve(&env, &rpc, &[]);

    // Sent in a spelling every parser reads alike but not in its serialised form: kept and
    // echoed serialised.
    let spelled = callback.replacen("http://", "HTTP://", 1).replace("/hooks", "/x/../hooks");
    let created = create(
        &server,
        &key,
        json!({"input": "A meal-planning app for busy parents", "format": "single-meme", "callbackUrl": spelled}),
        &receiver,
    )
    .await;
    let (job, amount) = (created["job"]["jobId"].as_str().unwrap().to_string(), lamports(&created));
    assert_eq!(created["success"], true);
    assert_eq!(created["job"]["status"], "AWAITING_PAYMENT");
    assert_eq!((created["job"]["paid"].clone(), created["job"]["mp4Url"].clone()), (json!(false), Value::Null));
    let payment = &created["payment"];
    assert_eq!(payment["wallet"], TREASURY);
    assert_eq!((payment["network"].as_str(), payment["currency"].as_str()), (Some("devnet"), Some("SOL")));
    assert_eq!((payment["amountLamports"].as_u64(), payment["memo"].as_str()), (Some(amount), Some("NOT required")));
    // $0.25 at $150 is 1 666 667 lamports (rounded up), plus under 100 000 to be unique.
    assert!((1_666_668..=1_766_666).contains(&amount), "{amount}");
    let secret = created["webhook"]["webhookSecret"].as_str().unwrap();
    assert!(secret.starts_with("whsec_") && created["webhook"]["registered"] == true);
    assert_eq!(created["webhook"]["callbackUrl"], callback.as_str());
    assert!(created["next"].as_str().unwrap().contains(&amount.to_string()));
    let expires = created["job"]["quote"]["expiresAt"].as_str().unwrap();
    assert!(expires.ends_with('Z') && expires.len() == 24, "{expires}");

    // The preview is a live page; reading the job touches only the database (and never shows
    // the secret again); another key's job is missing.
    let preview = reqwest::get(created["job"]["previewUrl"].as_str().unwrap()).await.unwrap();
    assert_eq!(preview.status(), StatusCode::OK);
    let (status, read) = call(&server, "GET", &format!("/api/agent/asset/jobs/{job}"), &key, None).await;
    assert_eq!((status, read["job"]["status"].as_str()), (StatusCode::OK, Some("AWAITING_PAYMENT")));
    assert!(!read.to_string().contains(secret));
    for (method, path) in [("GET", ""), ("POST", "/check"), ("GET", "/deliveries"), ("POST", "/deliveries/replay")] {
        let (status, body) = call(&server, method, &format!("/api/agent/asset/jobs/{job}{path}"), &other, None).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "{method} {path}");
    }
    assert_eq!(rpc.calls().await["total"], 0, "reading a job never reaches the chain");

    // Nothing landed; then transfers that must not count.
    let (status, body) = check(&server, &key, &job).await;
    assert_eq!(
        (status, body["paid"].clone(), body["job"]["status"].clone()),
        (StatusCode::OK, json!(false), json!("AWAITING_PAYMENT"))
    );
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    // (The oldest first: an hour before the quote, the exact amount.)
    rpc.transfer(json!({"to": TREASURY, "lamports": amount, "blockTime": now - 3600})).await;
    rpc.transfer(json!({"to": TREASURY, "lamports": amount + 1})).await;
    // The exact amount to someone else, in a transaction that also pays the treasury a little.
    let elsewhere = json!([{"to": TREASURY, "lamports": 1}]);
    rpc.transfer(json!({"to": "11111111111111111111111111111112", "lamports": amount, "extraTransfers": elsewhere}))
        .await;
    rpc.transfer(json!({"to": TREASURY, "lamports": amount, "failed": true})).await;
    rpc.transfer(json!({"to": TREASURY, "lamports": amount, "confirmation": "processed"})).await;
    // Two transfers in one transaction: the treasury grew by more than the quote.
    rpc.transfer(json!({"to": TREASURY, "lamports": amount, "extraTransfers": [{"to": TREASURY, "lamports": 5}]}))
        .await;
    let (status, body) = check(&server, &key, &job).await;
    assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(false)), "{body}");
    let read_calls = rpc.calls().await;
    assert!(read_calls["getTransaction"].as_u64().unwrap() >= 3, "{read_calls}");

    // The exact deposit: claimed, rendered, delivered, announced.
    let signature = rpc.pay(amount).await;
    let (status, body) = check(&server, &key, &job).await;
    assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(true)), "{body}");
    assert_eq!(body["job"]["status"], "DELIVERED", "{body}");
    assert_eq!(body["job"]["signature"], signature.as_str());
    let mp4 = body["job"]["mp4Url"].as_str().unwrap().to_string();
    let (width, height, seconds) = probe(&mp4).await;
    assert_eq!((width, height), (1080, 1920));
    assert!((7.3..=8.3).contains(&seconds), "a single meme is held 6 s, then the 1.8 s end card: {seconds}");
    // It ends on a card of its own (leading back to the free preview page), not the meme.
    let meme_png = reqwest::get(format!("{}/1.png", body["job"]["previewUrl"].as_str().unwrap())).await.unwrap();
    let meme = asset_tests::browser::decode_png(&meme_png.bytes().await.unwrap()).2;
    let end = last_frame(&mp4).await;
    let differing = end
        .chunks_exact(3)
        .zip(meme.chunks_exact(3))
        .step_by(11)
        .filter(|(a, b)| a.iter().zip(b.iter()).map(|(x, y)| u32::from(x.abs_diff(*y))).sum::<u32>() > 90);
    assert!(differing.count() > 1080 * 1920 / 11 / 5, "the last frame is the end card, not the meme");

    let delivered = receiver.wait_for(&job, 1).await;
    let hook = &delivered[0];
    assert!(hook.ours && hook.standard, "both signatures verify: {hook:?}");
    assert_eq!(hook.headers["x-service-event"], "job.delivered");
    assert_eq!(hook.headers["x-service-job-id"], job);
    assert_eq!(hook.headers["content-type"], "application/json");
    assert!(hook.headers["user-agent"].starts_with("asset-service/"));
    let payload = &hook.body;
    assert_eq!((payload["event"].as_str(), payload["status"].as_str()), (Some("job.delivered"), Some("DELIVERED")));
    assert_eq!((payload["format"].as_str(), payload["mp4Url"].as_str()), (Some("single-meme"), Some(mp4.as_str())));
    assert_eq!((payload["paid"].clone(), payload["attempt"].clone()), (json!(true), json!(1)));
    assert!(payload["deliveredAt"].as_str().is_some_and(|t| t.ends_with('Z')));
    // Its poster and looping preview, as the job's status names them.
    for (field, kind) in [("posterUrl", "image/png"), ("loopUrl", "image/gif")] {
        assert_eq!(payload[field], body["job"][field], "{field}");
        let still = reqwest::get(payload[field].as_str().unwrap()).await.unwrap();
        assert_eq!((still.status(), still.headers()["content-type"].to_str().unwrap()), (StatusCode::OK, kind));
    }

    // The delivery log, then a replay: the same webhook-id, a higher attempt.
    let (status, log) = call(&server, "GET", &format!("/api/agent/asset/jobs/{job}/deliveries"), &key, None).await;
    assert_eq!(status, StatusCode::OK);
    let attempts = log["deliveries"].as_array().unwrap();
    assert_eq!((attempts.len(), attempts[0]["statusCode"].as_i64()), (1, Some(200)), "{log}");
    let (status, replayed) =
        call(&server, "POST", &format!("/api/agent/asset/jobs/{job}/deliveries/replay"), &key, None).await;
    assert_eq!((status, replayed["replayed"].as_u64()), (StatusCode::OK, Some(1)));
    let again = receiver.wait_for(&job, 2).await;
    assert_eq!(again[1].headers["webhook-id"], again[0].headers["webhook-id"]);
    assert_eq!(again[1].body["attempt"], 2);
    assert!(again[1].ours && again[1].standard);

    // Checking again changes nothing and renders nothing new.
    let (status, body) = check(&server, &key, &job).await;
    assert_eq!((status, body["job"]["mp4Url"].as_str()), (StatusCode::OK, Some(mp4.as_str())));
    let db = env.database().await;
    assert_eq!(count(&db, "SELECT COUNT(*) FROM jobs WHERE input LIKE '%' || $1 || '%'", &job).await, 1);

    // The same signature cannot pay for another job, even one quoted the same amount.
    let second = create(&server, &key, json!({"input": "A second idea", "format": "slideshow"}), &receiver).await;
    let second_job = second["job"]["jobId"].as_str().unwrap().to_string();
    sqlx::query("UPDATE asset_jobs SET amount_lamports = $1, quoted_at = quoted_at - 600000 WHERE id = $2")
        .bind(amount as i64)
        .bind(&second_job)
        .execute(&db)
        .await
        .unwrap();
    let (status, body) = check(&server, &key, &second_job).await;
    assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(false)), "{body}");
    assert!(second.get("webhook").is_none(), "no callback, no webhook block");
}

#[tokio::test(flavor = "multi_thread")]
async fn deposits_are_found_on_later_pages_in_versioned_transactions_and_after_rate_limits() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(0, "agent");
    let rpc = Rpc::start(2);
    let receiver = Receiver::default();
    let server = serve(&env, &rpc, &[]);
    let bad = json!({"input": "Rope for climbers", "aspect": "3:2"});
    let (status, body) = call(&server, "POST", "/api/agent/asset/jobs", &key, Some(bad)).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_aspect")), "{body}");
    // Each video in the shape its job asked for, composed for it (the default is 9:16).
    let jobs = [
        (json!(0), "slideshow", Some(("16:9", (1920, 1080)))),
        (json!(1), "single-meme", Some(("1:1", (1080, 1080)))),
        (json!("legacy"), "single-meme", None),
    ];
    for (version, format, shape) in jobs {
        let mut body = json!({"input": "Rope for climbers", "format": format});
        if let Some((aspect, _)) = shape {
            body["aspect"] = json!(aspect);
        }
        let created = create(&server, &key, body, &receiver).await;
        assert_eq!(created["job"]["aspect"].as_str(), Some(shape.map_or("9:16", |s| s.0)), "{created}");
        let (job, amount) = (created["job"]["jobId"].as_str().unwrap().to_string(), lamports(&created));
        let signature = rpc.transfer(json!({"to": TREASURY, "lamports": amount, "version": version})).await;
        // Newer deposits of other amounts push it to the third page (two a page).
        for n in 1..=5u64 {
            rpc.transfer(json!({"to": TREASURY, "lamports": 1_000 + n})).await;
        }
        if version == "legacy" {
            // The node refuses the first calls; the client waits and asks again.
            rpc.control(json!({"rateLimit": 2})).await;
        }
        let (status, body) = check(&server, &key, &job).await;
        assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(true)), "{version}: {body}");
        assert_eq!(body["job"]["signature"], signature.as_str());
        assert_eq!(body["job"]["status"], "DELIVERED", "{body}");
        let (width, height, seconds) = probe(body["job"]["mp4Url"].as_str().unwrap()).await;
        assert_eq!((width, height), shape.map_or((1080, 1920), |s| s.1), "{format}");
        if format == "slideshow" {
            assert!(seconds >= 5.5, "a slideshow shows each slide 3 s: {seconds}");
        }
    }
    assert!(rpc.calls().await["rateLimited"].as_u64().unwrap() >= 2);

    // A node that keeps failing: 503, nothing claimed; then it recovers.
    let created = create(&server, &key, json!({"input": "Chalk bags", "format": "single-meme"}), &receiver).await;
    let job = created["job"]["jobId"].as_str().unwrap().to_string();
    rpc.pay(lamports(&created)).await;
    rpc.control(json!({"error500": 50})).await;
    let (status, body) = check(&server, &key, &job).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(body["message"].as_str().is_some(), "{body}");
    rpc.control(json!({"error500": 0})).await;
    let (status, body) = check(&server, &key, &job).await;
    assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(true)), "{body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lapsed_quote_is_refused_but_a_deposit_made_in_time_still_counts() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(0, "agent");
    let rpc = Rpc::start(1000);
    let receiver = Receiver::default();
    let mut server = serve(&env, &rpc, &[]);
    let unpaid = create(&server, &key, json!({"input": "A bakery in Lyon"}), &receiver).await;
    let paid_in_time = create(&server, &key, json!({"input": "A bakery in Nice"}), &receiver).await;
    assert_eq!(unpaid["job"]["format"], "single-meme", "the default format");
    rpc.pay(lamports(&paid_in_time)).await;
    server.terminate(std::time::Duration::from_secs(10));

    // A day and an hour later.
    let later = serve(&env, &rpc, &[("ASSET_CLOCK_OFFSET_MS", "90000000")]);
    let job = unpaid["job"]["jobId"].as_str().unwrap();
    let (status, body) = check(&later, &key, job).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("quote_expired")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("new job"));
    let (_, read) = call(&later, "GET", &format!("/api/agent/asset/jobs/{job}"), &key, None).await;
    assert_eq!(read["job"]["status"], "EXPIRED");
    let job = paid_in_time["job"]["jobId"].as_str().unwrap();
    let (status, body) = check(&later, &key, job).await;
    assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(true)), "{body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_requests_and_private_callbacks_are_refused_before_anything_is_made() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(0, "agent");
    let rpc = Rpc::start(1000);
    // No ASSET_FETCH_ALLOW: the guard refuses every private address.
    let mut vars: Vec<(&str, String)> = rpc.vars();
    vars.push(("ASSET_LOG", "warn".into()));
    vars.push(("ASSET_RATE_LIMITS", "create=100".into()));
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let server = env.serve_with(&vars);
    let refused = [
        "http://127.1/hook",
        "http://2130706433/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://100.64.0.1/hook",
        "http://10.1.2.3/hook",
        "http://localhost:8080/hook",
        "http://metadata.google.internal/",
        "ftp://example.com/hook",
        "http://user:pw@example.com/hook",
        "not a url",
        // Spellings URL parsers disagree on: this service's parser would reach the public
        // host, others the loopback one.
        "http://93.184.216.34\\@127.0.0.1/",
        "http://example.com\\@127.0.0.1/hook",
        "http://93.184.216.34@127.0.0.1/",
        "http://@example.com/hook",
        "http://exam\tple.com/hook",
        "http:///example.com/hook",
        "http://127.0.0.%31/hook",
    ];
    for url in refused {
        let (status, body) =
            call(&server, "POST", "/api/agent/asset/jobs", &key, Some(json!({"input": "x", "callbackUrl": url}))).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("invalid_callback_url")),
            "{url}: {body}"
        );
    }
    let cases = [
        (json!({}), "missing_input"),
        (json!({"input": "   "}), "missing_input"),
        (json!({"input": "x".repeat(2001)}), "input_too_long"),
        (json!({"input": "x", "format": "hologram"}), "invalid_format"),
        (json!({"input": "x", "webhookSecret": "0123456789abcdef"}), "webhook_secret_without_callback"),
        (
            json!({"input": "x", "callbackUrl": "https://example.com/h", "webhookSecret": "short"}),
            "invalid_webhook_secret",
        ),
        (json!({"input": "x", "language": "klingon"}), "unsupported_language"),
    ];
    for (body, code) in cases {
        let (status, answer) = call(&server, "POST", "/api/agent/asset/jobs", &key, Some(body.clone())).await;
        assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{body}: {answer}");
    }
    let db = env.database().await;
    let made: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM asset_jobs").fetch_one(&db).await.unwrap();
    let memes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM memes").fetch_one(&db).await.unwrap();
    assert_eq!((made, memes), (0, 0), "nothing was made");
    let (status, _) = call(&server, "GET", "/api/agent/asset/jobs/asset_nope", &key, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&server, "GET", "/api/agent/asset/jobs/asset_nope", "ak_wrong", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    drop(server);

    // Without a treasury the asset routes say so.
    let server = env.serve();
    let (status, body) = call(&server, "POST", "/api/agent/asset/jobs", &key, Some(json!({"input": "x"}))).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("payment_rail_unavailable")), "{body}");
    assert_eq!(body["details"], json!({"rail": "sol", "available": ["credits"]}), "{body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_render_that_fails_pushes_job_failed_and_keeps_the_payment_bound() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(0, "agent");
    let rpc = Rpc::start(1000);
    let receiver = Receiver::default();
    let callback = receiver.start();
    let server = serve(&env, &rpc, &[]);
    let created =
        create(&server, &key, json!({"input": "Socks for runners", "callbackUrl": callback}), &receiver).await;
    let job = created["job"]["jobId"].as_str().unwrap().to_string();
    // The preview's picture, drawn when first asked for, is then lost from the blob store: the
    // render cannot succeed.
    let preview_url = created["job"]["previewUrl"].as_str().unwrap();
    let picture = reqwest::get(format!("{preview_url}/1.png")).await.unwrap();
    assert_eq!(picture.status(), StatusCode::OK);
    let preview = preview_url.rsplit('/').next().unwrap().to_string();
    let removed = remove_files_named(&env.data_dir.path().join("blobs"), &preview);
    assert!(removed > 0, "the preview's pictures are blobs");
    rpc.pay(lamports(&created)).await;
    let (status, body) = check(&server, &key, &job).await;
    assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(true)), "{body}");
    assert_eq!(body["job"]["status"], "RENDER_FAILED", "{body}");
    // The buyer reads a code and a message, not the blob store's paths or errors.
    assert_eq!(body["job"]["error"]["code"], "preview_unavailable", "{body}");
    let data_dir = env.data_dir.path().display().to_string();
    assert!(!body["job"]["error"].to_string().contains(&data_dir), "{body}");
    let failed = receiver.wait_for(&job, 1).await;
    assert_eq!(failed[0].headers["x-service-event"], "job.failed");
    assert_eq!((failed[0].body["event"].as_str(), failed[0].body["paid"].clone()), (Some("job.failed"), json!(true)));
    assert_eq!(failed[0].body["error"], body["job"]["error"]);
    assert!(failed[0].ours && failed[0].standard);
    // A later check renders again on the same payment (and fails again the same way).
    let (status, body) = check(&server, &key, &job).await;
    assert_eq!(
        (status, body["paid"].clone(), body["job"]["status"].clone()),
        (StatusCode::OK, json!(true), json!("RENDER_FAILED"))
    );
    let db = env.database().await;
    assert_eq!(count(&db, "SELECT COUNT(*) FROM jobs WHERE input LIKE '%' || $1 || '%'", &job).await, 2);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_deposits WHERE job_id = $1", &job).await, 1);
}

fn remove_files_named(dir: &std::path::Path, part: &str) -> usize {
    let mut removed = 0;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            removed += remove_files_named(&path, part);
        } else if path.to_string_lossy().contains(part) {
            std::fs::remove_file(&path).unwrap();
            removed += 1;
        }
    }
    removed
}

#[tokio::test(flavor = "multi_thread")]
async fn fifty_concurrent_checks_on_two_replicas_claim_once_render_once_and_announce_once() {
    let pg = PgDatabase::create();
    let env = Env::new(Storage::Postgres(pg.url.clone()));
    let key = env.create_key(0, "agent");
    let rpc = Rpc::start(1000);
    let receiver = Receiver::default();
    let callback = receiver.start();
    let (a, b) = (serve(&env, &rpc, &[]), serve(&env, &rpc, &[]));
    let created =
        create(&a, &key, json!({"input": "Espresso for night owls", "callbackUrl": callback}), &receiver).await;
    let job = created["job"]["jobId"].as_str().unwrap().to_string();
    rpc.pay(lamports(&created)).await;

    let checks = (0..50).map(|n| {
        let (server, key, job) = (if n % 2 == 0 { &a } else { &b }, key.clone(), job.clone());
        async move { check(server, &key, &job).await }
    });
    let answers = futures::future::join_all(checks).await;
    for (status, body) in &answers {
        assert_eq!((*status, body["paid"].clone()), (StatusCode::OK, json!(true)), "{body}");
    }
    let mp4s: HashSet<String> =
        answers.iter().filter_map(|(_, b)| b["job"]["mp4Url"].as_str().map(str::to_string)).collect();
    assert!(mp4s.len() <= 1, "one video: {mp4s:?}");

    let delivered = receiver.wait_for(&job, 1).await;
    // Give a second (wrong) announcement the time to arrive.
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    let ids: HashSet<String> = receiver.of(&job).iter().map(|h| h.headers["webhook-id"].clone()).collect();
    assert_eq!((ids.len(), delivered[0].body["event"].as_str()), (1, Some("job.delivered")));
    let db = env.database().await;
    assert_eq!(count(&db, "SELECT COUNT(*) FROM jobs WHERE input LIKE '%' || $1 || '%'", &job).await, 1, "one render");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_deposits WHERE job_id = $1", &job).await, 1);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM webhook_events WHERE job_id = $1", &job).await, 1, "one event");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM renders WHERE job_id LIKE $1 || '%'", &job).await, 1);
}

/// Dust transfers sent after the deposit: 20 pages of the stand-in's 100 signatures, more than
/// a check reads within its (shortened) time budget.
const DUST: u64 = 2_000;

/// A deposit followed by 2 000 dust transfers to the treasury (more than 20 pages of signatures,
/// and more than a check reads within its budget, here 2 s) is still found: the index reads
/// every signature once, storing as it goes, so a check cut short by its time budget (503) is
/// resumed by the next, and nothing already read is read again, with checks on every replica
/// at once.
async fn a_deposit_buried_under_dust_is_found(storage: Storage, replicas: usize) {
    let env = Env::new(storage);
    let key = env.create_key(0, "agent");
    let rpc = Rpc::start(100);
    let receiver = Receiver::default();
    let budget = [("ASSET_SOL_INDEX_BUDGET_MS", "2000")];
    let servers: Vec<Server> = (0..replicas).map(|_| serve(&env, &rpc, &budget)).collect();
    let server = &servers[0];
    let created = create(server, &key, json!({"input": "Tea for night shifts"}), &receiver).await;
    let job = created["job"]["jobId"].as_str().unwrap().to_string();
    let signature = rpc.pay(lamports(&created)).await;
    rpc.dust(DUST as u32).await;

    let mut cut_short = 0;
    let mut read_before = 0;
    loop {
        let answers = futures::future::join_all(servers.iter().map(|s| check(s, &key, &job))).await;
        for (status, body) in &answers {
            if *status == StatusCode::SERVICE_UNAVAILABLE {
                assert_eq!(body["code"], "unavailable", "{body}");
                cut_short += 1;
            } else {
                assert_eq!((*status, body["paid"].clone()), (StatusCode::OK, json!(true)), "{body}");
                assert_eq!(body["job"]["signature"], signature.as_str());
            }
        }
        if answers.iter().all(|(status, _)| *status == StatusCode::OK) {
            break;
        }
        let read_now = rpc.calls().await["getTransaction"].as_u64().unwrap();
        assert!(read_now > read_before, "each check makes progress ({read_now} reads)");
        read_before = read_now;
    }
    assert!(cut_short > 0, "the walk outlasted one check's budget");
    let read = rpc.calls().await["getTransaction"].as_u64().unwrap();
    // Each signature once; a check cut mid-chunk may have read up to a chunk it did not store.
    let once = DUST + 1;
    assert!((once..=once + 100 * cut_short).contains(&read), "{read} reads, {cut_short} checks cut short");

    // A second job: its check reads only what landed since.
    let second = create(server, &key, json!({"input": "Coffee for day shifts"}), &receiver).await;
    let second_job = second["job"]["jobId"].as_str().unwrap().to_string();
    rpc.dust(3).await;
    let (status, body) = check(server, &key, &second_job).await;
    assert_eq!((status, body["paid"].clone()), (StatusCode::OK, json!(false)), "{body}");
    assert_eq!(rpc.calls().await["getTransaction"].as_u64().unwrap(), read + 3, "only the new signatures are read");
    let db = env.database().await;
    let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sol_treasury_deposits").fetch_one(&db).await.unwrap();
    assert_eq!(kept, 1, "dust pays for nothing and is not kept");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deposit_buried_under_dust_transfers_is_found_on_sqlite() {
    a_deposit_buried_under_dust_is_found(Storage::Sqlite, 1).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_deposit_buried_under_dust_transfers_is_found_by_two_replicas_on_postgres() {
    let pg = PgDatabase::create();
    // Two replicas checking at once: one walks under the lease, the other waits for it.
    a_deposit_buried_under_dust_is_found(Storage::Postgres(pg.url.clone()), 2).await;
}

/// A create answered with an error, and its `Retry-After`.
async fn refused_create(server: &Server, key: &str) -> (StatusCode, Value, Option<String>) {
    let response = reqwest::Client::new()
        .post(server.url("/api/agent/asset/jobs"))
        .header("x-api-key", key)
        .json(&json!({"input": "One more idea"}))
        .send()
        .await
        .expect("the service answers");
    let status = response.status();
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_string());
    (status, response.json().await.unwrap(), retry_after)
}

async fn made(db: &AnyPool) -> (i64, i64) {
    let jobs: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM asset_jobs").fetch_one(db).await.unwrap();
    let memes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM memes").fetch_one(db).await.unwrap();
    (jobs, memes)
}

/// A key holds at most `ASSET_SOL_OPEN_QUOTES_PER_KEY` open quotes (429, nothing made, until one
/// lapses or is paid); when every amount of the price is held, creating is 503 with a retry
/// hint and nothing is made; a single free amount is found exactly.
async fn quotes_are_bounded(storage: Storage) {
    let env = Env::new(storage);
    let (key, other) = (env.create_key(0, "agent"), env.create_key(0, "agent"));
    let rpc = Rpc::start(1000);
    let receiver = Receiver::default();
    let server = serve(&env, &rpc, &[("ASSET_SOL_OPEN_QUOTES_PER_KEY", "2")]);
    let db = env.database().await;
    let first = create(&server, &key, json!({"input": "First idea"}), &receiver).await;
    create(&server, &key, json!({"input": "Second idea"}), &receiver).await;
    let before = made(&db).await;
    let (status, body, retry_after) = refused_create(&server, &key).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("too_many_open_quotes")));
    assert_eq!(body["success"], false, "{body}");
    let hint = body["details"]["retryAfter"].as_u64().unwrap();
    assert!(hint > 23 * 3600, "the first quote lapses in a day: {body}");
    assert_eq!(retry_after, Some(hint.to_string()));
    assert_eq!(made(&db).await, before, "a refused create makes nothing");
    assert_eq!(rpc.calls().await["total"], 0);
    // Another key is not affected; a lapsed quote no longer counts.
    create(&server, &other, json!({"input": "Another key's idea"}), &receiver).await;
    sqlx::query("UPDATE asset_jobs SET expires_at = $1 WHERE id = $2")
        .bind(0i64)
        .bind(first["job"]["jobId"].as_str().unwrap())
        .execute(&db)
        .await
        .unwrap();
    create(&server, &key, json!({"input": "Third idea"}), &receiver).await;

    // Every amount of the price ($0.25 at $150: 1 666 667 lamports, plus 1..=99 999) held.
    sqlx::query("DELETE FROM sol_quotes").execute(&db).await.unwrap();
    sqlx::query(
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 99999) \
         INSERT INTO sol_quotes (amount_lamports, job_id, expires_at, created_at) \
         SELECT 1666667 + x, 'held_' || x, $1, $2 FROM n",
    )
    .bind(i64::MAX / 2)
    .bind(0i64)
    .execute(&db)
    .await
    .unwrap();
    let before = made(&db).await;
    let (status, body, retry_after) = refused_create(&server, &other).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("quote_amounts_exhausted")));
    assert_eq!((body["details"]["retryAfter"].as_u64(), retry_after.as_deref()), (Some(60), Some("60")), "{body}");
    assert_eq!(made(&db).await, before, "nothing is made when no amount is free");
    // One amount freed: found exactly, not by luck.
    sqlx::query("DELETE FROM sol_quotes WHERE amount_lamports = 1700000").execute(&db).await.unwrap();
    let created = create(&server, &other, json!({"input": "The last amount"}), &receiver).await;
    assert_eq!(lamports(&created), 1_700_000);
}

#[tokio::test(flavor = "multi_thread")]
async fn open_quotes_are_bounded_per_key_and_exhausted_amounts_are_a_clear_503_on_sqlite() {
    quotes_are_bounded(Storage::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn open_quotes_are_bounded_per_key_and_exhausted_amounts_are_a_clear_503_on_postgres() {
    let pg = PgDatabase::create();
    quotes_are_bounded(Storage::Postgres(pg.url.clone())).await;
}

// ---------------------------------------------------------------------------------------------
// Any `solPerAsset` job-style service paid per job in SOL (`X-Pay-With: sol`).

/// A call to the service paying in SOL (or with `pay_with` as given).
pub(crate) async fn paying(
    server: &Server,
    pay_with: &str,
    key: Option<&str>,
    path: &str,
    body: Value,
) -> (StatusCode, Value) {
    let mut request = reqwest::Client::new().post(server.url(path)).header("x-pay-with", pay_with).json(&body);
    if let Some(key) = key {
        request = request.header("x-api-key", key);
    }
    let response = request.send().await.expect("the service answers");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Audioscript job `id` once it is no longer `awaiting_payment`, `queued` or `running` (within
/// `seconds`), read with `wait`.
pub(crate) async fn settled(server: &Server, id: &str, key: &str, seconds: u64) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    loop {
        let job = server.get_json(&format!("/api/agent/audioscript/{id}?wait=10"), Some(key)).await;
        if !matches!(job["status"].as_str(), Some("awaiting_payment" | "queued" | "running")) {
            return job;
        }
        assert!(std::time::Instant::now() < deadline, "still {} after {seconds} s: {job}", job["status"]);
    }
}

pub(crate) const SCRIPT: &str = "Mornings are hard. Coffee helps. Our app brews it before you wake up.";

async fn audioscripts_are_paid_per_job_in_sol(storage: Storage) {
    let env = Env::new(storage);
    let key = env.create_key(0, "agent");
    let rpc = Rpc::start(1000);
    let server = serve(&env, &rpc, &[]);
    let db = env.database().await;

    // Submitted: 202, waiting with what to send; no credits needed, nothing taken.
    let (status, accepted) =
        paying(&server, "sol", Some(&key), "/api/agent/audioscript", json!({"script": SCRIPT})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    assert_eq!((accepted["status"].as_str(), accepted["creditCost"].as_i64()), (Some("awaiting_payment"), Some(0)));
    let payment = &accepted["payment"];
    assert_eq!((payment["wallet"].as_str(), payment["currency"].as_str()), (Some(TREASURY), Some("SOL")), "{accepted}");
    let amount = payment["amountLamports"].as_u64().expect("an exact amount");
    let job = accepted["jobId"].as_str().unwrap().to_string();
    let status_url = accepted["statusUrl"].as_str().unwrap().to_string();
    assert_eq!(accepted["checkUrl"].as_str(), Some(format!("{status_url}/check").as_str()));
    let read = server.get_json(&format!("/api/agent/audioscript/{job}"), Some(&key)).await;
    assert_eq!((read["status"].as_str(), read["payment"]["rail"].as_str()), (Some("awaiting_payment"), Some("sol")));
    assert_eq!(read["payment"]["amountLamports"].as_u64(), Some(amount), "{read}");

    // Checked before anything landed: still waiting. A node that fails: 503, nothing claimed.
    let check_path = format!("/api/agent/audioscript/{job}/check");
    let (status, checked) = call(&server, "POST", &check_path, &key, None).await;
    assert_eq!((status, checked["status"].as_str()), (StatusCode::OK, Some("awaiting_payment")), "{checked}");
    let signature = rpc.pay(amount).await;
    rpc.control(json!({"error500": 50})).await;
    let (status, _) = call(&server, "POST", &check_path, &key, None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_deposits WHERE job_id = $1", &job).await, 0);
    rpc.control(json!({"error500": 0})).await;

    // Found: queued in the claim's transaction, rendered, the deposit its one payment.
    let (status, checked) = call(&server, "POST", &check_path, &key, None).await;
    assert_eq!(status, StatusCode::OK, "{checked}");
    assert_ne!(checked["status"], "awaiting_payment", "{checked}");
    let done = settled(&server, &job, &key, 120).await;
    assert_eq!(done["status"], "succeeded", "{done}");
    assert!(done["pageUrl"].as_str().is_some(), "{done}");
    let paid = &done["payment"];
    assert_eq!((paid["rail"].as_str(), paid["state"].as_str()), (Some("sol"), Some("captured")), "{done}");
    assert_eq!((paid["signature"].as_str(), paid["amountLamports"].as_u64()), (Some(signature.as_str()), Some(amount)));
    let (status, again) = call(&server, "POST", &check_path, &key, None).await;
    assert_eq!((status, again["status"].as_str()), (StatusCode::OK, Some("succeeded")));
    assert_eq!(count(&db, "SELECT COUNT(*) FROM payment_intents WHERE job_id = $1", &job).await, 1, "paid once");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_quotes WHERE job_id = $1", &job).await, 0, "its amount freed");

    // Over MCP (`_meta.payWith`), and nobody checks: the periodic claim finds the deposit.
    let options = asset_tests::mcp::Options { mode: "2026-07-28", ..Default::default() };
    let mut mcp = asset_tests::mcp::McpClient::connect(&server.url("/api/mcp"), &key, options);
    let called = mcp.call_with_meta("create_audioscript", json!({"script": SCRIPT}), json!({"payWith": "sol"}));
    let accepted = called["structuredContent"].clone();
    assert_eq!(
        (called["isError"].as_bool(), accepted["status"].as_str()),
        (Some(false), Some("awaiting_payment")),
        "{called}"
    );
    let id = accepted["jobId"].as_str().unwrap();
    let checked = mcp.call("check_audioscript_payment", json!({"jobId": id}));
    assert_eq!(checked["structuredContent"]["status"], "awaiting_payment", "{checked}");
    rpc.pay(accepted["payment"]["amountLamports"].as_u64().unwrap()).await;
    let done = settled(&server, id, &key, 120).await;
    assert_eq!((done["status"].as_str(), done["payment"]["rail"].as_str()), (Some("succeeded"), Some("sol")), "{done}");
    let meme = mcp.call_with_meta("create_meme", json!({"input": "a bakery"}), json!({"payWith": "sol"}));
    assert_eq!(meme["structuredContent"]["code"], "sol_not_accepted", "{meme}");

    // Refused before anything is made: work done within its call, an unknown rail, no key,
    // two rails at once; and on a service without a treasury.
    let (status, body) =
        paying(&server, "sol", Some(&key), "/api/agent/brands/memes", json!({"input": "a bakery"})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("sol_not_accepted")), "{body}");
    let (status, body) = paying(&server, "lira", Some(&key), "/api/agent/audioscript", json!({"script": SCRIPT})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_pay_with")), "{body}");
    let (status, _) = paying(&server, "sol", None, "/api/agent/audioscript", json!({"script": SCRIPT})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Without a treasury, SOL is refused for good (a 400, not a 503 to retry), naming the rails
    // this deployment takes; over MCP too.
    let plain = env.serve_with(&[("ASSET_LOG", "warn")]);
    let (status, body) = paying(&plain, "sol", Some(&key), "/api/agent/audioscript", json!({"script": SCRIPT})).await;
    assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("payment_rail_unavailable")), "{body}");
    assert_eq!(body["details"], json!({"rail": "sol", "available": ["credits"]}), "{body}");
    let mut mcp = asset_tests::mcp::McpClient::connect(&plain.url("/api/mcp"), &key, options);
    let refused = mcp.call_with_meta("create_audioscript", json!({"script": SCRIPT}), json!({"payWith": "sol"}));
    let refused = &refused["structuredContent"];
    assert_eq!((refused["code"].as_str(), refused["status"].as_u64()), (Some("payment_rail_unavailable"), Some(400)));
    assert_eq!(refused["details"]["available"], json!(["credits"]), "{refused}");
    let waiting = "SELECT COUNT(*) FROM jobs WHERE api_key_id = (SELECT api_key_id FROM jobs WHERE id = $1)";
    assert_eq!(count(&db, waiting, &job).await, 2, "only the two paid jobs were written");
}

#[tokio::test(flavor = "multi_thread")]
async fn audioscripts_are_paid_per_job_in_sol_on_sqlite() {
    audioscripts_are_paid_per_job_in_sol(Storage::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn audioscripts_are_paid_per_job_in_sol_on_postgres() {
    let pg = PgDatabase::create();
    audioscripts_are_paid_per_job_in_sol(Storage::Postgres(pg.url.clone())).await;
}
