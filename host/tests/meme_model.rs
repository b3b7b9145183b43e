//! Memes and brand content with the operator's model configured: the meme and content plugins
//! prompt it through the host (real chat-completions wire format, loopback stand-in), use a
//! valid answer, and fall back to their phrase tables when the model fails, answers something
//! unusable or does not answer in time; either way the post keeps its platform's limits.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use asset_host::auth::{self, Role};
use asset_host::config::Settings;
use asset_host::store::Db;
use asset_host::{AppState, app};
use axum::{Json, extract::State, http::StatusCode, routing::post};
use serde_json::{Value, json};

/// 0: a good line; 1: HTTP 500; 2: an unusable answer (many lines, each a link); 3: a good line
/// after 5 s, past the service's 1-s model timeout; 4: every line "tooth, calendar, <b>x</b>"
/// (what a picture should show, as the generators ask last).
async fn fake_model(State(mode): State<Arc<AtomicU8>>, Json(body): Json<Value>) -> Result<Json<Value>, StatusCode> {
    assert_eq!(body["messages"][0]["role"], "system");
    // Generators that ask for structured output get it as the endpoint gives it: a JSON
    // document in the message's content, following the schema sent.
    let structured = body["response_format"]["type"] == "json_schema";
    let about =
        body["messages"][1]["content"].as_str().unwrap_or_default().lines().next().unwrap_or_default().to_string();
    let answer = |line: String| if structured { json!({"lines": [line.clone(), line]}).to_string() } else { line };
    let line = match mode.load(Ordering::SeqCst) {
        0 => answer(format!("MODEL LINE about {about}")),
        1 => return Err(StatusCode::INTERNAL_SERVER_ERROR),
        2 if structured => json!({"lines": vec!["see https://spam.example/now"; 3]}).to_string(),
        2 => "see https://spam.example/now\n".repeat(100),
        4 => json!({"lines": vec!["tooth, calendar, <b>x</b>"; 8]}).to_string(),
        _ => {
            tokio::time::sleep(std::time::Duration::from_secs(5)).await;
            answer(format!("MODEL LINE about {about}"))
        }
    };
    Ok(Json(
        json!({"id": "x", "object": "chat.completion", "choices": [{"index": 0, "message": {"role": "assistant", "content": line}, "finish_reason": "stop"}]}),
    ))
}

async fn serve(router: axum::Router) -> String {
    serve_on(tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap(), router)
}

/// Serves `router` on `listener` (bound first when the app must know its own address).
fn serve_on(listener: tokio::net::TcpListener, router: axum::Router) -> String {
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>()).await.unwrap()
    });
    base
}

/// `POST url` with `key`: the answer's JSON.
async fn post_json(url: &str, key: &str, body: Value) -> Value {
    let response = reqwest::Client::new().post(url).header("x-api-key", key).json(&body).send().await.unwrap();
    response.json().await.unwrap()
}

/// The service with a model stand-in whose answers `mode` picks, waited for 1 s; its address and
/// an operator key with 20 credits. The temporary folder lives as long as the service.
async fn service_with_model() -> (String, String, Arc<AtomicU8>, tempfile::TempDir) {
    service_waiting(1).await
}

/// [`service_with_model`] waiting `seconds` for the model (a loaded machine may take more than
/// one to answer, where a test is not about the wait).
async fn service_waiting(seconds: u64) -> (String, String, Arc<AtomicU8>, tempfile::TempDir) {
    let mode = Arc::new(AtomicU8::new(0));
    let model =
        serve(axum::Router::new().route("/v1/chat/completions", post(fake_model)).with_state(mode.clone())).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = Db::connect(&Db::sqlite_url(dir.path()), 4).await.unwrap();
    db.migrate().await.unwrap();
    let key = auth::create_key(&db, Role::Operator, "model", 20, None).await.unwrap().secret;
    let settings = Settings {
        listen: listener.local_addr().unwrap(),
        data_dir: dir.path().to_path_buf(),
        model_url: Some(format!("{model}/v1")),
        model_name: "stand-in".into(),
        model_timeout_secs: seconds,
        plugin_cache_dir: Some(asset_tests::plugin_cache()),
        ..Settings::default()
    };
    let base = serve_on(listener, app(AppState::new(db, settings).await.unwrap()));
    (base, key, mode, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_meme_plugin_uses_the_model_and_falls_back_to_its_tables() {
    let (base, key, mode, _dir) = service_with_model().await;
    let client = reqwest::Client::new();
    let take_of = |html: String| {
        html.split("class=\"take\">").nth(1).and_then(|t| t.split("</p>").next()).unwrap_or_default().to_string()
    };
    let mut takes = Vec::new();
    for m in [0, 1, 2, 3] {
        mode.store(m, Ordering::SeqCst);
        let made =
            post_json(&format!("{base}/api/agent/brands/memes"), &key, json!({"input": "rockets", "kind": "hottake"}))
                .await;
        assert_eq!(made["success"], true, "{made}");
        let html = client.get(made["meme"]["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
        takes.push(take_of(html));
    }
    // The model is told the host's reading of the input; its line passed the checks.
    assert!(takes[0].starts_with("MODEL LINE about") && takes[0].contains("rockets"), "{}", takes[0]);
    for fallback in &takes[1..] {
        assert!(!fallback.is_empty() && !fallback.contains("MODEL LINE"), "a table's line, not {fallback}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_content_plugin_uses_the_model_checks_it_and_falls_back_to_its_tables() {
    let (base, key, mode, _dir) = service_with_model().await;
    let profile = json!({"name": "Acme", "voice": "Warm and direct", "hashtag": "#ACME", "token": "$ACME"});
    for category in ["tweet", "linkedin"] {
        let mut texts = Vec::new();
        for m in [0, 1, 2, 3] {
            mode.store(m, Ordering::SeqCst);
            let body = json!({"category": category, "input": "rockets", "brandProfile": profile});
            let made = post_json(&format!("{base}/api/agent/content"), &key, body).await;
            // The host checked the platform's limits before answering 200.
            assert_eq!(made["success"], true, "{category}: {made}");
            texts.push(made["content"]["text"].as_str().unwrap().to_string());
        }
        assert!(texts[0].contains("MODEL LINE"), "{category} uses the model's line: {}", texts[0]);
        for fallback in &texts[1..] {
            assert!(!fallback.contains("MODEL LINE") && !fallback.contains("spam"), "{category}: {fallback}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_model_chooses_what_a_picture_shows_among_what_the_set_draws() {
    let (base, key, mode, _dir) = service_waiting(20).await;
    let client = reqwest::Client::new();
    // Every picture's alt text: what it says, then the names of what it shows.
    let alt_of = |html: &str| html.split("alt=\"").skip(1).filter_map(|t| t.split('"').next()).collect::<String>();
    let mut alts = Vec::new();
    for m in [4, 1] {
        mode.store(m, Ordering::SeqCst);
        let body = json!({"input": "A pizza restaurant in Naples", "kind": "image"});
        let made = post_json(&format!("{base}/api/agent/brands/memes"), &key, body).await;
        assert_eq!(made["success"], true, "{made}");
        let html = client.get(made["meme"]["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
        alts.push(alt_of(&html));
    }
    // The model's things are drawn (its markup is not); failing, the words choose: a pizza.
    assert!(alts[0].contains("tooth") && alts[0].contains("calendar") && !alts[0].contains('<'), "{}", alts[0]);
    assert!(alts[1].contains("pizza") && !alts[1].contains("tooth"), "{}", alts[1]);
}
