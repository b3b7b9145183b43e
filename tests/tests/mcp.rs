//! The MCP endpoint against the real binary, with the official Python SDK as the client: the
//! tools and their schemas, every tool called, an audioscript followed to its page and an MP4 to
//! its file through the status tools, both protocol revisions against one server, two replicas
//! behind a balancer without stickiness, the key (also as a bearer token) checked before any MCP
//! processing, errors as `isError` results with the HTTP codes (402 included), each tool counted
//! in its own route's rate group, idempotency keys in `_meta`, and the same answers as the
//! routes for the same input.

use asset_tests::mcp::{McpClient, Options, round_robin};
use asset_tests::x402::{Facilitator, Pay, pay};
use asset_tests::{Env, PgDatabase, Server, Storage};
use reqwest::StatusCode;
use serde_json::{Value, json};

const TOOLS: [&str; 23] = [
    "list_services",
    "estimate_price",
    "get_credits",
    "list_brands",
    "create_before_pitch",
    "get_pitch_activity",
    "create_audioscript",
    "get_audioscript_status",
    "check_audioscript_payment",
    "request_mp4",
    "get_mp4_status",
    "check_mp4_payment",
    "create_meme",
    "create_invite",
    "create_content",
    "generate_page",
    "request_listing",
    "browse_listings",
    "get_listing",
    "buy_listing",
    "create_asset_job",
    "check_asset_job",
    "get_asset_job",
];

fn connect(server: &Server, key: &str, mode: &str) -> McpClient {
    let client = McpClient::connect(&server.url("/api/mcp"), key, Options { mode, ..Options::default() });
    assert_eq!(client.hello["connected"], true, "{}", client.hello);
    client
}

/// A successful tool result's structured content.
fn ok(result: &Value) -> Value {
    assert_eq!(result["isError"], false, "{result}");
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    let structured = result["structuredContent"].clone();
    assert_eq!(serde_json::from_str::<Value>(text).ok(), Some(structured.clone()), "the text renders the result");
    structured
}

/// A failed tool result's structured content (the HTTP error body, with `status`).
fn refused(result: &Value) -> Value {
    assert_eq!(result["isError"], true, "{result}");
    result["structuredContent"].clone()
}

/// Polls `status_tool` for `job` until it is done.
/// Follows a job through its status tool, each call waiting (up to 10 s) for the job to change.
fn finished(client: &mut McpClient, status_tool: &str, job: &str) -> Value {
    for _ in 0..30 {
        let status = ok(&client.call(status_tool, json!({"jobId": job, "wait": 10})));
        match status["status"].as_str() {
            Some("succeeded") => return status,
            Some("failed") => panic!("{status_tool} {job} failed: {status}"),
            _ => {}
        }
    }
    panic!("{status_tool} {job} did not finish");
}

async fn http(server: &Server, method: &str, path: &str, key: &str, body: Option<Value>) -> (StatusCode, Value) {
    let client = reqwest::Client::new();
    let mut request = client.request(method.parse().unwrap(), server.url(path)).header("x-api-key", key);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn serve(env: &Env) -> Server {
    env.serve_with(&[("ASSET_LOG", "warn")])
}

#[tokio::test(flavor = "multi_thread")]
async fn the_sdk_lists_and_calls_every_tool_and_follows_jobs_to_their_page_and_video() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(40, "agent");
    let server = serve(&env);
    let mut client = connect(&server, &key, "2026-07-28");
    assert_eq!(client.hello["protocolVersion"], "2026-07-28");

    let tools = client.tools();
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names, TOOLS);
    for tool in &tools {
        assert_eq!(tool["inputSchema"]["type"], "object", "{tool}");
        let description = tool["description"].as_str().unwrap();
        assert!(description.len() > 80, "a description a model can choose by: {tool}");
    }
    let meme = tools.iter().find(|t| t["name"] == "create_meme").unwrap();
    assert!(meme["description"].as_str().unwrap().contains("Costs 1 credit"), "{meme}");
    assert!(meme["inputSchema"].to_string().contains("brandProfile"));
    assert_eq!(meme["outputSchema"]["type"], "object");
    assert!(meme["outputSchema"]["properties"]["creditsRemaining"].is_object(), "{meme}");
    let status = tools.iter().find(|t| t["name"] == "get_mp4_status").unwrap();
    assert_eq!(status["inputSchema"]["required"], json!(["jobId"]));
    assert_eq!(status["inputSchema"]["properties"]["wait"]["maximum"], 30, "{status}");
    assert_eq!(status["annotations"]["readOnlyHint"], true);

    // Instant tools.
    let services = ok(&client.call("list_services", json!({})));
    assert!(services["services"].as_array().unwrap().len() >= 8);
    assert_eq!(ok(&client.call("get_credits", json!({})))["credits"], 40);
    assert!(ok(&client.call("list_brands", json!({})))["brands"].is_array());
    let meme = ok(&client.call("create_meme", json!({"input": "Agents that pay their own way", "kind": "hottake"})));
    assert_eq!((meme["creditCost"].as_i64(), meme["creditsRemaining"].as_i64()), (Some(1), Some(39)));
    let page = reqwest::get(meme["meme"]["url"].as_str().unwrap()).await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let pitch = ok(&client.call("create_before_pitch", json!({"input": "Dana Ortiz runs a bakery in Austin"})));
    assert!(pitch.to_string().contains("http"), "{pitch}");
    assert_eq!((pitch["creditCost"].as_i64(), pitch["creditsRemaining"].as_i64()), (Some(1), Some(38)));
    let invite = ok(&client.call("create_invite", json!({"input": "Sam runs a climbing gym in Denver"})));
    assert!(invite["inviteUrl"].as_str().is_some_and(|u| u.contains("/i/")), "{invite}");
    assert_eq!((invite["creditCost"].as_i64(), invite["creditsRemaining"].as_i64()), (Some(1), Some(37)));

    // A script to a page to a video, through the status tools.
    let accepted = ok(&client
        .call("create_audioscript", json!({"script": "Agents pay for their own tools. They ship pages in seconds."})));
    assert_eq!((accepted["creditCost"].as_i64(), accepted["creditsRemaining"].as_i64()), (Some(3), Some(34)));
    let job = accepted["jobId"].as_str().unwrap().to_string();
    let done = finished(&mut client, "get_audioscript_status", &job);
    let page_url = done["pageUrl"].as_str().unwrap().to_string();
    let rendering = ok(&client.call("request_mp4", json!({"pageUrl": page_url})));
    assert_eq!((rendering["creditCost"].as_i64(), rendering["creditsRemaining"].as_i64()), (Some(3), Some(31)));
    let video = finished(&mut client, "get_mp4_status", rendering["jobId"].as_str().unwrap());
    let mp4 = reqwest::get(video["mp4Url"].as_str().unwrap()).await.unwrap().bytes().await.unwrap();
    assert!(mp4.len() > 10_000 && &mp4[4..8] == b"ftyp", "an MP4 file");
    // The captions travel with both results.
    for result in [&done, &video] {
        let vtt = reqwest::get(result["captionsVttUrl"].as_str().unwrap()).await.unwrap().text().await.unwrap();
        assert!(vtt.starts_with("WEBVTT\n") && vtt.contains(" --> ") && vtt.contains("Agents"), "{vtt}");
        assert!(result["captionsSrtUrl"].as_str().unwrap().ends_with("/captions.srt"), "{result}");
    }

    // Asset tools exist; without a treasury they answer what the route answers.
    let no_sol = refused(&client.call("create_asset_job", json!({"input": "A bakery"})));
    assert_eq!((no_sol["code"].as_str(), no_sol["status"].as_u64()), (Some("payment_rail_unavailable"), Some(400)));
    for tool in ["check_asset_job", "get_asset_job"] {
        let missing = refused(&client.call(tool, json!({"jobId": "asset_nope"})));
        assert_eq!((missing["code"].as_str(), missing["status"].as_u64()), (Some("not_found"), Some(404)), "{tool}");
    }
    let unknown = refused(&client.call("get_mp4_status", json!({"jobId": "mp4_nope"})));
    assert_eq!(unknown["code"], "not_found");

    // Out of credits: the 402 as a tool result that says how to buy.
    let poor = env.create_key(0, "agent");
    let mut broke = connect(&server, &poor, "legacy");
    let short = refused(&broke.call("create_meme", json!({"input": "Agents that pay"})));
    assert_eq!((short["code"].as_str(), short["status"].as_u64()), (Some("insufficient_credits"), Some(402)));
    assert!(short["message"].as_str().unwrap().to_lowercase().contains("credit"), "{short}");
}

/// Content, page generation and the marketplace are tools too: each answers what its route
/// answers and charges what the route charges, from the caller's credits.
#[tokio::test(flavor = "multi_thread")]
async fn posts_pages_and_the_marketplace_are_tools_with_their_routes_prices() {
    let env = Env::new(Storage::Sqlite);
    let (seller, buyer) = (env.create_key(20, "agent"), env.create_key(20, "agent"));
    let server = serve(&env);
    let mut sells = connect(&server, &seller, "2026-07-28");
    let mut buys = connect(&server, &buyer, "legacy");
    let tools = sells.tools();
    let browse = tools.iter().find(|t| t["name"] == "browse_listings").unwrap();
    assert!(browse["inputSchema"]["properties"]["sort"].is_object(), "a listing's filters are its arguments: {browse}");
    let buy = tools.iter().find(|t| t["name"] == "buy_listing").unwrap();
    assert_eq!(buy["inputSchema"]["required"], json!(["listingId"]), "{buy}");
    let generate = tools.iter().find(|t| t["name"] == "generate_page").unwrap();
    // A page now, a job, or (run as a task) the job as its status tool answers it.
    let shapes = generate["outputSchema"]["anyOf"].as_array().unwrap();
    assert_eq!(shapes.len(), 3, "a page now, a job, or a task's end: {generate}");
    assert!(shapes[2]["description"].as_str().unwrap().contains("get_audioscript_status"), "{generate}");

    let profile = json!({"name": "Globex", "voice": "Calm and precise", "hashtag": "#GLOBEX", "token": "$GLX"});
    let post = ok(&sells.call(
        "create_content",
        json!({"category": "tweet", "input": "Our API now renders vertical video", "brandProfile": profile}),
    ));
    assert_eq!((post["category"].as_str(), post["creditCost"].as_i64()), (Some("tweet"), Some(1)), "{post}");
    assert!(post["content"]["text"].as_str().is_some_and(|t| t.contains("#GLOBEX")), "{post}");
    let page = ok(&sells.call("generate_page", json!({"kind": "slideshow", "input": "Agents that pay their own way"})));
    assert!(page["page"]["url"].as_str().is_some_and(|u| u.contains("/m/")), "{page}");
    let job = ok(&sells.call("generate_page", json!({"kind": "audioscript", "input": "Agents pay. Pages ship."})));
    assert!(job["jobId"].is_string() && job["kind"] == "audioscript", "an audioscript page is a job: {job}");

    let listed = ok(&sells.call(
        "request_listing",
        json!({"kind": "slideshow", "input": "Agents that pay their own way", "title": "Agents pay", "price": 5}),
    ));
    let id = listed["listing"]["id"].as_str().unwrap().to_string();
    assert_eq!(listed["listing"]["price"], 5, "{listed}");
    let browsed = ok(&buys.call("browse_listings", json!({"sort": "newest", "limit": 5})));
    assert_eq!(browsed["listings"][0]["id"], id.as_str(), "{browsed}");
    assert_eq!(ok(&buys.call("get_listing", json!({"listingId": id})))["listing"]["id"], id.as_str());
    let bought = ok(&buys.call("buy_listing", json!({"listingId": id})));
    assert_eq!((bought["creditCost"].as_i64(), bought["creditsRemaining"].as_i64()), (Some(5), Some(15)), "{bought}");
    let again = ok(&buys.call("buy_listing", json!({"listingId": id})));
    assert_eq!((again["repeated"].as_bool(), again["creditCost"].as_i64()), (Some(true), Some(0)), "bought once");
    let (_, me) = http(&server, "GET", "/api/agent/me", &seller, None).await;
    let spent: i64 = [&post, &page, &job, &listed].iter().map(|made| made["creditCost"].as_i64().unwrap()).sum();
    assert_eq!(me["credits"].as_i64(), Some(20 - spent + 4), "the sale paid the seller 5 less 20%: {me}");

    // Their refusals are their routes'.
    let cases = [
        ("generate_page", "/api/agent/generate", json!({"kind": "sonnet", "input": "x"})),
        ("create_content", "/api/agent/content", json!({"category": "fax", "input": "x", "brandProfile": profile})),
        ("request_listing", "/api/agent/request", json!({"kind": "slideshow", "input": "x", "title": "T", "price": 0})),
    ];
    for (tool, path, body) in cases {
        let by_tool = refused(&sells.call(tool, body.clone()));
        let (status, by_route) = http(&server, "POST", path, &seller, Some(body)).await;
        assert_eq!(
            (by_tool["code"].clone(), by_tool["status"].as_u64()),
            (by_route["code"].clone(), Some(u64::from(status.as_u16()))),
            "{tool}"
        );
    }
    let missing = refused(&buys.call("buy_listing", json!({})));
    assert_eq!((missing["code"].as_str(), missing["status"].as_u64()), (Some("missing_listing_id"), Some(400)));
    let unknown = refused(&buys.call("get_listing", json!({"listingId": "nosuchlisting1"})));
    assert_eq!(unknown["status"], 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_key_is_checked_before_mcp_and_both_revisions_work_on_one_server() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(5, "agent");
    let server = serve(&env);

    // No key, a wrong key: 401 with the error body before any MCP processing.
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    for key in [None, Some("ak_wrong")] {
        let mut request = reqwest::Client::new()
            .post(server.url("/api/mcp"))
            .header("accept", "application/json, text/event-stream")
            .json(&initialize);
        if let Some(key) = key {
            request = request.header("x-api-key", key);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let body: Value = response.json().await.unwrap();
        assert!(body["code"].as_str().unwrap().ends_with("api_key"), "{body}");
    }
    let refused_client = McpClient::connect(&server.url("/api/mcp"), "ak_wrong", Options::default());
    assert_eq!(refused_client.hello["connected"], false);
    // A page of another site may not call from a browser.
    let foreign = reqwest::Client::new()
        .post(server.url("/api/mcp"))
        .header("x-api-key", &key)
        .header("origin", "https://evil.example")
        .header("accept", "application/json, text/event-stream")
        .json(&initialize)
        .send()
        .await
        .unwrap();
    assert_eq!(foreign.status(), StatusCode::FORBIDDEN);

    // Both revisions, and the key as a bearer token, against this one server.
    let mut legacy = connect(&server, &key, "legacy");
    assert_eq!(legacy.hello["protocolVersion"], "2025-11-25");
    let mut modern = McpClient::connect(
        &server.url("/api/mcp"),
        &key,
        Options { mode: "2026-07-28", bearer: true, ..Options::default() },
    );
    assert_eq!(modern.hello["protocolVersion"], "2026-07-28", "{}", modern.hello);
    assert_eq!(ok(&legacy.call("get_credits", json!({})))["credits"], 5);
    assert_eq!(ok(&modern.call("get_credits", json!({})))["credits"], 5);
    assert_eq!(legacy.tools().len(), modern.tools().len());
    // A client that does not know the server's revision probes `server/discover` first.
    let probing = McpClient::connect(&server.url("/api/mcp"), &key, Options { mode: "auto", ..Options::default() });
    assert_eq!(probing.hello["protocolVersion"], "2026-07-28", "{}", probing.hello);
}

/// A raw 2025-11-25 POST of `body` on `session` (or none) with `key`.
fn session_post(server: &Server, key: &str, session: Option<&str>, body: &Value) -> reqwest::RequestBuilder {
    let request = reqwest::Client::new()
        .post(server.url("/api/mcp"))
        .header("x-api-key", key)
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2025-11-25")
        .json(body);
    match session {
        Some(session) => request.header("mcp-session-id", session),
        None => request,
    }
}

/// A raw 2025-11-25 request on `session` (or none) with `key`: its status, the session id it
/// handed out, and the JSON-RPC message it answered (a JSON body or the last SSE event's data).
async fn on_session(
    server: &Server,
    key: &str,
    session: Option<&str>,
    body: Value,
) -> (StatusCode, Option<String>, Value) {
    let request = session_post(server, key, session, &body);
    let response = request.send().await.unwrap();
    let status = response.status();
    let handed = response.headers().get("mcp-session-id").map(|v| v.to_str().unwrap().to_string());
    let text = response.text().await.unwrap();
    let data = text.lines().filter_map(|l| l.strip_prefix("data:")).rfind(|d| !d.trim().is_empty());
    let message = serde_json::from_str(data.unwrap_or(&text)).unwrap_or(Value::Null);
    (status, handed, message)
}

/// A session opened for `key` by a client that declares elicitation, initialized.
async fn open_session(server: &Server, key: &str) -> String {
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}}, "clientInfo": {"name": "t", "version": "1"}}});
    let (status, session, hello) = on_session(server, key, None, initialize).await;
    assert_eq!((status, hello["result"]["protocolVersion"].as_str()), (StatusCode::OK, Some("2025-11-25")), "{hello}");
    let session = session.expect("a 2025-11-25 client gets a session");
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(on_session(server, key, Some(&session), initialized).await.0, StatusCode::ACCEPTED);
    session
}

#[tokio::test(flavor = "multi_thread")]
async fn a_2025_session_is_its_keys_alone_and_outlives_a_restart() {
    let env = Env::new(Storage::Sqlite);
    let (mine, theirs) = (env.create_key(5, "agent"), env.create_key(5, "agent"));
    let server = serve(&env);
    let session = open_session(&server, &mine).await;
    let list = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"});
    let (status, _, listed) = on_session(&server, &mine, Some(&session), list.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(listed["result"]["tools"].as_array().map(Vec::len), Some(TOOLS.len()), "{listed}");

    // Another key naming this session: as if there were none, the session untouched.
    let (status, _, stolen) = on_session(&server, &theirs, Some(&session), list.clone()).await;
    assert_eq!((status, stolen["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "{stolen}");
    // Without a session, a 2025-11-25 request is refused.
    assert_eq!(on_session(&server, &mine, None, list.clone()).await.0, StatusCode::BAD_REQUEST);

    // A restart: the session is taken up again from the database, its client none the wiser.
    drop(server);
    let server = serve(&env);
    let (status, _, listed) = on_session(&server, &mine, Some(&session), list.clone()).await;
    assert_eq!((status, listed["result"]["tools"].is_array()), (StatusCode::OK, true), "{listed}");
    let credits =
        json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "get_credits", "arguments": {}}});
    let (_, _, called) = on_session(&server, &mine, Some(&session), credits).await;
    assert_eq!(called["result"]["structuredContent"]["credits"], 5, "{called}");

    // Ended by its client: gone, here and in the database.
    let ended = reqwest::Client::new()
        .delete(server.url("/api/mcp"))
        .header("x-api-key", &mine)
        .header("mcp-protocol-version", "2025-11-25")
        .header("mcp-session-id", &session)
        .send()
        .await
        .unwrap();
    assert!(ended.status().is_success(), "{}", ended.status());
    assert_eq!(on_session(&server, &mine, Some(&session), list).await.0, StatusCode::NOT_FOUND);
    let db = env.database().await;
    let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM mcp_sessions").fetch_one(&db).await.unwrap();
    assert_eq!(kept, 0);
}

/// The JSON-RPC messages of an SSE answer, read as they come.
struct Events(reqwest::Response, String);

impl Events {
    /// The next message that satisfies `wanted`.
    async fn until(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            while let Some(end) = self.1.find("\n\n") {
                let event: String = self.1.drain(..end + 2).collect();
                let data = event.lines().filter_map(|l| l.strip_prefix("data:")).collect::<String>();
                if let Ok(message) = serde_json::from_str::<Value>(&data)
                    && wanted(&message)
                {
                    return message;
                }
            }
            let chunk = self.0.chunk().await.unwrap().expect("the stream ended before the message came");
            self.1.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_answer_posted_to_another_replica_reaches_the_call_that_asked() {
    let pg = PgDatabase::create();
    let env = Env::new(Storage::Postgres(pg.url.clone()));
    let key = env.create_key(5, "agent");
    let (a, b) = (serve(&env), serve(&env));
    let session = open_session(&a, &key).await;

    // A pitch without input, on replica A: asked for the input on the call's stream.
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "create_before_pitch", "arguments": {}}});
    let streaming = session_post(&a, &key, Some(&session), &call).send().await.unwrap();
    let mut events = Events(streaming, String::new());
    let question = events.until(|m| m["method"] == "elicitation/create").await;
    assert!(question["params"]["requestedSchema"]["properties"]["input"].is_object(), "{question}");

    // Answered on replica B, which never saw the question: the call on A goes on with it.
    let answer = json!({"jsonrpc": "2.0", "id": question["id"],
        "result": {"action": "accept", "content": {"input": "Dana Ortiz runs a bakery in Austin"}}});
    assert_eq!(on_session(&b, &key, Some(&session), answer).await.0, StatusCode::ACCEPTED);
    let within = std::time::Duration::from_secs(60);
    let done = tokio::time::timeout(within, events.until(|m| m["id"] == 2)).await.expect("the call went on");
    let made = &done["result"]["structuredContent"];
    assert_eq!(
        (done["result"]["isError"].as_bool(), made["creditsRemaining"].as_i64()),
        (Some(false), Some(4)),
        "{done}"
    );
    assert!(made.to_string().contains("Dana"), "{made}");
}

#[tokio::test(flavor = "multi_thread")]
async fn two_replicas_without_sticky_routing_serve_one_clients_calls() {
    let pg = PgDatabase::create();
    let env = Env::new(Storage::Postgres(pg.url.clone()));
    let key = env.create_key(10, "agent");
    let (a, b) = (serve(&env), serve(&env));
    let balancer =
        round_robin(vec![a.base.trim_start_matches("http://").into(), b.base.trim_start_matches("http://").into()]);
    for mode in ["legacy", "2026-07-28"] {
        let url = format!("http://{balancer}/api/mcp");
        let mut client =
            McpClient::connect(&url, &key, Options { mode, fresh_connections: true, ..Options::default() });
        assert_eq!(client.hello["connected"], true, "{mode}: {}", client.hello);
        let before = ok(&client.call("get_credits", json!({})))["credits"].as_i64().unwrap();
        for n in 0..4 {
            let meme = ok(&client.call("create_meme", json!({"input": format!("Replica call {n} in {mode}")})));
            assert_eq!(meme["creditsRemaining"].as_i64(), Some(before - n - 1), "{mode}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn tools_answer_as_their_routes_do_in_their_own_rate_groups_and_run_once_per_idempotency_key() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(20, "agent");
    let server = env.serve_with(&[("ASSET_LOG", "warn"), ("ASSET_RATE_LIMITS", "create=30")]);
    let mut client = connect(&server, &key, "legacy");

    // The same bad input: the same code and message over HTTP and MCP, and nothing charged.
    let bad: [(&str, &str, Value); 6] = [
        ("create_meme", "/api/agent/brands/memes", json!({"input": ""})),
        ("create_meme", "/api/agent/brands/memes", json!({"input": "x", "kind": "sonnet"})),
        ("create_before_pitch", "/api/agent/before", json!({})),
        (
            "create_audioscript",
            "/api/agent/audioscript",
            json!({"script": "a", "audio_url": "https://x.example/a.mp3"}),
        ),
        ("request_mp4", "/api/agent/mp4", json!({"pageUrl": "https://elsewhere.example/m/abc"})),
        ("create_invite", "/api/agent/invite-bot", json!({"input": 7})),
    ];
    for (tool, path, input) in bad {
        let (status, body) = http(&server, "POST", path, &key, Some(input.clone())).await;
        let result = refused(&client.call(tool, input.clone()));
        assert_eq!(
            (result["code"].clone(), result["message"].clone(), result["status"].as_u64()),
            (body["code"].clone(), body["message"].clone(), Some(u64::from(status.as_u16()))),
            "{tool} {input}"
        );
    }
    let unknown_jobs = [
        ("get_audioscript_status", "GET", "/api/agent/audioscript/as_x", "as_x"),
        ("get_mp4_status", "GET", "/api/agent/mp4/mp4_x", "mp4_x"),
        ("get_asset_job", "GET", "/api/agent/asset/jobs/asset_x", "asset_x"),
        ("check_asset_job", "POST", "/api/agent/asset/jobs/asset_x/check", "asset_x"),
    ];
    for (tool, method, path, job) in unknown_jobs {
        let (status, body) = http(&server, method, path, &key, None).await;
        let result = refused(&client.call(tool, json!({"jobId": job})));
        let answered = (result["code"].clone(), result["message"].clone(), result["status"].as_u64());
        assert_eq!(
            answered,
            (body["code"].clone(), body["message"].clone(), Some(u64::from(status.as_u16()))),
            "{tool}"
        );
    }
    let (status, body) = http(&server, "GET", "/api/agent/before/pg_x", &key, None).await;
    let result = refused(&client.call("get_pitch_activity", json!({"pageId": "pg_x"})));
    assert_eq!(
        (result["code"].clone(), result["message"].clone(), result["status"].as_u64()),
        (body["code"].clone(), body["message"].clone(), Some(u64::from(status.as_u16())))
    );
    let (status, body) = http(&server, "POST", "/api/agent/asset/jobs", &key, Some(json!({"input": "x"}))).await;
    let result = refused(&client.call("create_asset_job", json!({"input": "x"})));
    assert_eq!(
        (result["code"].clone(), result["status"].as_u64()),
        (body["code"].clone(), Some(u64::from(status.as_u16())))
    );
    let (_, menu) = http(&server, "GET", "/api/agent/services", &key, None).await;
    assert_eq!(ok(&client.call("list_services", json!({}))), menu);
    let (_, brands) = http(&server, "GET", "/api/agent/brands", &key, None).await;
    assert_eq!(ok(&client.call("list_brands", json!({}))), brands);
    let (_, me) = http(&server, "GET", "/api/agent/me", &key, None).await;
    assert_eq!(ok(&client.call("get_credits", json!({}))), me);
    assert_eq!(me["credits"], 20, "no bad input was charged");

    // The same charge: a meme costs one credit by either front end.
    let (_, by_http) =
        http(&server, "POST", "/api/agent/brands/memes", &key, Some(json!({"input": "same price"}))).await;
    let by_mcp = ok(&client.call("create_meme", json!({"input": "same price"})));
    assert_eq!((by_http["creditCost"].clone(), by_mcp["creditCost"].clone()), (json!(1), json!(1)));
    assert_eq!(by_mcp["creditsRemaining"].as_i64(), by_http["creditsRemaining"].as_i64().map(|c| c - 1));

    // An idempotency key in `_meta`: one run, one charge; reused for other input, refused.
    let meta = json!({"idempotencyKey": "order-7"});
    let first = ok(&client.call_with_meta("create_meme", json!({"input": "only once"}), meta.clone()));
    let again = client.call_with_meta("create_meme", json!({"input": "only once"}), meta.clone());
    assert_eq!(ok(&again), first);
    assert_eq!(again["_meta"]["idempotentReplayed"], true, "{again}");
    let other = refused(&client.call_with_meta("create_meme", json!({"input": "something else"}), meta));
    assert_eq!(other["code"], "idempotency_key_reused");
    let credits = ok(&client.call("get_credits", json!({})))["credits"].as_i64().unwrap();
    assert_eq!(credits, 17, "three memes charged: HTTP, MCP, and the idempotent one once");
    drop(server);

    // Each tool counts in its route's group: past the create limit, reads still answer.
    let server = env.serve_with(&[("ASSET_LOG", "warn"), ("ASSET_RATE_LIMITS", "create=2")]);
    let mut client = connect(&server, &key, "2026-07-28");
    for n in 0..2 {
        ok(&client.call("create_meme", json!({"input": format!("limited {n}")})));
    }
    let limited = refused(&client.call("create_meme", json!({"input": "one too many"})));
    assert_eq!((limited["code"].as_str(), limited["status"].as_u64()), (Some("rate_limited"), Some(429)));
    assert_eq!(ok(&client.call("get_credits", json!({})))["credits"], 15);
    assert!(ok(&client.call("list_services", json!({})))["services"].is_array());
}

#[tokio::test(flavor = "multi_thread")]
async fn with_x402_on_a_tool_without_credits_offers_usdc_and_a_payment_in_meta_pays_once() {
    let facilitator = Facilitator::start();
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(0, "agent");
    let mut vars: Vec<(&str, String)> = facilitator.vars();
    vars.push(("ASSET_LOG", "warn".into()));
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let server = env.serve_with(&vars);
    let mut client = connect(&server, &key, "2026-07-28");
    let input = json!({"input": "Agents that pay per call", "kind": "hottake"});

    // No credits: the 402 carries x402's requirements (v2) beside the error body.
    let due = refused(&client.call("create_meme", input.clone()));
    assert_eq!((due["code"].as_str(), due["status"].as_u64()), (Some("insufficient_credits"), Some(402)));
    assert_eq!(due["x402Version"], 2, "{due}");
    let accepts = &due["accepts"][0];
    assert_eq!((accepts["scheme"].as_str(), accepts["amount"].as_str()), (Some("exact"), Some("100000")), "{due}");
    assert!(due["resource"]["url"].as_str().unwrap().ends_with("/api/agent/brands/memes"));

    // A payment signed by the x402 package for the meme's route, sent in `_meta`.
    let signed = pay(
        &server.url("/api/agent/brands/memes"),
        "POST",
        Some(&input),
        Pay { version: 2, api_key: Some(&key), only_sign: true, ..Pay::default() },
    )
    .await;
    let meta = json!({"x402/payment": decoded(&signed["payment"])});
    let paid = client.call_with_meta("create_meme", input.clone(), meta.clone());
    let meme = ok(&paid);
    assert_eq!(meme["creditsRemaining"], 0, "paid in USDC, not credits: {meme}");
    let receipt = &paid["_meta"]["x402/payment-response"];
    assert_eq!(receipt["success"], true, "{paid}");
    assert!(receipt["transaction"].as_str().is_some_and(|t| t.starts_with("0x")), "{paid}");
    assert_eq!(facilitator.settlements().await.len(), 1);

    // The same payment again is refused (the facilitator knows its nonce is spent, as over
    // HTTP) and settles nothing.
    let replayed = refused(&client.call_with_meta("create_meme", input, meta));
    assert_eq!(
        (replayed["code"].as_str(), replayed["status"].as_u64()),
        (Some("payment_invalid"), Some(402)),
        "{replayed}"
    );
    assert_eq!(facilitator.settlements().await.len(), 1);
}

/// An x402 payment header's JSON (what `_meta["x402/payment"]` carries).
fn decoded(header: &Value) -> Value {
    let header = header.as_str().unwrap_or_else(|| panic!("a signed payment: {header}"));
    let bytes = base64::Engine::decode(&base64::engine::general_purpose::STANDARD, header).unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

/// Polls task `id` until `done` holds for it (at most a minute).
fn task_until(client: &mut McpClient, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let task = client.task_get(id);
        assert_eq!(task["resultType"], "complete", "{task}");
        if done(&task) {
            return task;
        }
        assert!(std::time::Instant::now() < deadline, "task {id} stayed {task}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

/// The tasks extension (2026-07-28): the job tools answer a task to a client that declares it
/// (and never to one that does not), `tasks/get` follows the job to the result its status tool
/// gives, `tasks/cancel` cancels a queued, a running or an unpaid SOL job with its payment
/// released, and the extension's errors for an unknown task and an undeclared client.
#[test]
fn job_tools_are_tasks_followed_to_their_result_and_cancelled_with_their_payment_released_on_sqlite_and_postgres() {
    asset_tests::each_storage(|storage| {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let mut env = Env::new(storage);
        let (rpc, facilitator) = (asset_tests::solana::Rpc::start(1000), Facilitator::start());
        env.extra.extend(rpc.vars().into_iter().chain(facilitator.vars()).map(|(k, v)| (k.to_string(), v)));
        // An operator key: its many polls are not rate limited; a key without credits pays over x402.
        let (key, other) = (env.create_key(30, "operator"), env.create_key(5, "agent"));
        let payer = env.create_key(0, "agent");
        let server = env.serve_with(&[("ASSET_LOG", "warn"), ("ASSET_WORKERS", "0")]);
        let tasks_of = |key: &str| {
            let options = Options { mode: "2026-07-28", tasks: true, ..Options::default() };
            McpClient::connect(&server.url("/api/mcp"), key, options)
        };
        let mut tasks = tasks_of(&key);
        assert_eq!(tasks.capabilities()["extensions"]["io.modelcontextprotocol/tasks"], json!({}));
        let credits = |client: &mut McpClient| ok(&client.call("get_credits", json!({})))["credits"].as_i64().unwrap();

        // Queued (no worker runs yet): a task, working, cancelled with its credits back.
        let script = "One two three four five six seven eight. ".repeat(12);
        let task = tasks.call_raw("create_audioscript", json!({"script": script}), json!({}));
        assert_eq!((task["resultType"].as_str(), task["status"].as_str()), (Some("task"), Some("working")), "{task}");
        assert_eq!((task["ttlMs"].as_u64(), task["pollIntervalMs"].as_u64()), (Some(86_400_000), Some(2000)));
        assert!(task["createdAt"].as_str().unwrap().ends_with('Z'), "{task}");
        let queued = task["taskId"].as_str().unwrap().to_string();
        assert_eq!(tasks.task_get(&queued)["statusMessage"], "Queued.");
        assert_eq!(credits(&mut tasks), 27);
        assert!(tasks.task_cancel(&queued).get("exception").is_none());
        assert_eq!(tasks.task_get(&queued)["status"], "cancelled");
        assert_eq!(credits(&mut tasks), 30, "refunded");

        // A client that did not declare the extension gets today's answers and no tasks.
        let mut plain = connect(&server, &key, "2026-07-28");
        let accepted = ok(&plain.call("create_audioscript", json!({"script": "Short and sweet."})));
        assert_eq!(accepted["status"], "queued", "{accepted}");
        assert_eq!(plain.task_get(&queued)["code"], -32021, "tasks/* need the extension");
        assert_eq!(tasks.task_get("task_nope")["code"], -32602, "an unknown task");
        assert_eq!(tasks_of(&other).task_get(&queued)["code"], -32602, "another key's task");
        let refusal = tasks.call_raw("create_audioscript", json!({"script": ""}), json!({}));
        assert_eq!((refusal["isError"].as_bool(), refusal["resultType"].as_str()), (Some(true), Some("complete")));

        // Paid over x402 with a payment identifier: a task; the payment sent again answers the
        // same task; cancelled, its authorization is released and never settled.
        let body = json!({"script": "Agents pay per call for their own tools."});
        let how = Pay { version: 2, api_key: Some(&payer), only_sign: true, ..Pay::default() };
        let how = Pay { payment_id: Some("pay_task_cancelled_0001"), ..how };
        let signed = runtime.block_on(pay(&server.url("/api/agent/audioscript"), "POST", Some(&body), how));
        let meta = json!({"x402/payment": decoded(&signed["payment"])});
        let mut paying = tasks_of(&payer);
        let first = paying.call_raw("create_audioscript", body.clone(), meta.clone());
        assert_eq!(first["resultType"], "task", "{first}");
        let again = paying.call_raw("create_audioscript", body, meta);
        assert_eq!(again["taskId"], first["taskId"], "the payment sent again answers its task: {again}");
        let x402_task = first["taskId"].as_str().unwrap().to_string();
        assert!(paying.task_cancel(&x402_task).get("exception").is_none());
        assert_eq!(paying.task_get(&x402_task)["status"], "cancelled");
        let released = ok(&paying.call("get_audioscript_status", json!({"jobId": x402_task})));
        assert_eq!(
            (released["payment"]["rail"].as_str(), released["payment"]["state"].as_str()),
            (Some("x402"), Some("released")),
            "{released}"
        );
        assert_eq!(runtime.block_on(facilitator.settlements()).len(), 0, "never settled");

        // With a worker: the SDK follows each task to the result the status tool gives.
        let mut worker = env.spawn(&["worker"]);
        let page = ok(&tasks.call("create_audioscript", json!({"script": "Agents pay for their own tools."})));
        assert_eq!(page["status"], "succeeded", "{page}");
        let status = ok(&plain.call("get_audioscript_status", json!({"jobId": page["jobId"]})));
        assert_eq!(page, status, "a task's result is its status tool's");
        let video = ok(&tasks.call("request_mp4", json!({"pageUrl": page["pageUrl"]})));
        assert!(video["mp4Url"].as_str().is_some_and(|u| u.starts_with("http")), "{video}");
        assert!(video["posterUrl"].as_str().is_some_and(|u| u.ends_with("/poster.png")), "{video}");
        assert!(video["loopUrl"].as_str().is_some_and(|u| u.ends_with("/loop.gif")), "{video}");
        let spoken = ok(&tasks.call("generate_page", json!({"kind": "audioscript", "input": "Agents pay their way."})));
        assert_eq!((spoken["status"].as_str(), spoken["kind"].as_str()), (Some("succeeded"), Some("audioscript")));
        // A pitch page is made within the call: its task is complete when it is answered.
        let made =
            tasks.call_raw("generate_page", json!({"kind": "pitch", "input": "Dana Ortiz bakes in Austin"}), json!({}));
        assert_eq!((made["resultType"].as_str(), made["status"].as_str()), (Some("task"), Some("completed")), "{made}");
        let got = tasks.task_get(made["taskId"].as_str().unwrap());
        assert!(ok(&got["result"]).to_string().contains("http"), "{got}");

        // Running: cancelled mid-render, its credits back; the worker's end changes nothing.
        let before = credits(&mut tasks);
        let render = tasks.call_raw("request_mp4", json!({"pageUrl": page["pageUrl"]}), json!({}));
        let running = render["taskId"].as_str().unwrap().to_string();
        task_until(&mut tasks, &running, |t| t["statusMessage"].as_str().is_some_and(|m| m.starts_with("Rendering")));
        assert!(tasks.task_cancel(&running).get("exception").is_none());
        let cancelled = task_until(&mut tasks, &running, |t| t["status"] != "working");
        assert_eq!(cancelled["status"], "cancelled", "{cancelled}");
        assert_eq!(credits(&mut tasks), before, "refunded");
        // A finished task is not undone by a cancel.
        let page_task = page["jobId"].as_str().unwrap();
        assert!(tasks.task_cancel(page_task).get("exception").is_none());
        assert_eq!(tasks.task_get(page_task)["status"], "completed");

        // Paid per job in SOL: the task waits for its deposit; cancelled, its quote is closed.
        let waiting = tasks.call_raw("create_audioscript", json!({"script": script}), json!({"payWith": "sol"}));
        let waiting = waiting["taskId"].as_str().unwrap().to_string();
        assert!(tasks.task_get(&waiting)["statusMessage"].as_str().unwrap().contains("SOL deposit"));
        assert!(tasks.task_cancel(&waiting).get("exception").is_none());
        assert_eq!(tasks.task_get(&waiting)["status"], "cancelled");
        let open: i64 = runtime.block_on(async {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
            sqlx::query_scalar("SELECT COUNT(*) FROM sol_quotes WHERE job_id = $1 AND expires_at > $2")
                .bind(&waiting)
                .bind(now)
                .fetch_one(&env.database().await)
                .await
                .unwrap()
        });
        assert_eq!(open, 0, "its quote is closed");

        // An asset job: a task that says how to pay; paid and checked, it completes with the
        // delivered MP4, as its status tool answers it.
        let created = tasks.call_raw(
            "create_asset_job",
            json!({"input": "A meal-planning app for busy parents", "format": "single-meme"}),
            json!({}),
        );
        let asset = created["taskId"].as_str().unwrap_or_else(|| panic!("{created}")).to_string();
        let note = tasks.task_get(&asset)["statusMessage"].as_str().unwrap_or_default().to_string();
        let lamports: u64 = note
            .split_once("send exactly ")
            .and_then(|(_, rest)| rest.split(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("the task says how much to pay: {note}"));
        assert!(note.contains(" on devnet ") && note.ends_with("then call check_asset_job."), "{note}");
        runtime.block_on(rpc.pay(lamports));
        assert_eq!(ok(&tasks.call("check_asset_job", json!({"jobId": asset})))["paid"], true);
        let delivered = task_until(&mut tasks, &asset, |t| t["status"] != "working");
        assert_eq!(delivered["status"], "completed", "{delivered}");
        let job = ok(&delivered["result"])["job"].clone();
        assert_eq!(job["status"], "DELIVERED", "{delivered}");
        assert!(job["mp4Url"].as_str().is_some_and(|u| u.ends_with(".mp4")), "{job}");
        let _ = worker.kill();
        let _ = worker.wait();
    });
}

/// Progress (2025-11-25): a job tool called with a progress token is held open while its job
/// moves, the SDK's callback hears each stage begin, and the call answers the status tool's
/// result; the job's status route names the stage while it runs.
#[tokio::test(flavor = "multi_thread")]
async fn a_job_tool_called_with_a_progress_token_tells_each_stage_and_answers_its_result() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(20, "operator");
    let server = serve(&env);
    let mut client = connect(&server, &key, "legacy");
    assert_eq!(client.hello["protocolVersion"], "2025-11-25");
    let told = |heard: &Value| -> Vec<(f64, String)> {
        let heard = heard["progress"].as_array().unwrap_or_else(|| panic!("{heard}"));
        heard.iter().map(|n| (n["progress"].as_f64().unwrap(), n["message"].as_str().unwrap().to_string())).collect()
    };
    let known = [
        "Queued.",
        "Rendering: starting.",
        "Rendering: writing the beats.",
        "Rendering: making the voice.",
        "Rendering: drawing the pictures.",
        "Rendering: encoding the video.",
        "Rendering: storing the result.",
        "Done.",
    ];
    let script = "Agents pay for their own tools now. They ship a captioned page in seconds.";
    let heard = client.call_with_progress("create_audioscript", json!({"script": script}));
    let page = ok(&heard["result"]);
    assert_eq!(page["status"], "succeeded", "the call answers the finished job: {page}");
    let status = ok(&client.call("get_audioscript_status", json!({"jobId": page["jobId"]})));
    assert_eq!(page, status, "the result is the status tool's");
    let rendered = client.call_with_progress("request_mp4", json!({"pageUrl": page["pageUrl"]}));
    let video = ok(&rendered["result"]);
    assert!(video["mp4Url"].as_str().is_some_and(|u| u.starts_with("http")), "{video}");
    // A stage shorter than a status read can pass unannounced on a busy machine; an MP4's
    // drawing or encoding never is.
    let audio_stages = &known[2..7];
    let video_stages = &known[4..6];
    let calls = [("create_audioscript", heard, audio_stages), ("request_mp4", rendered, video_stages)];
    for (name, heard, stages) in calls {
        let steps = told(&heard);
        assert!(steps.windows(2).all(|w| w[0].0 < w[1].0), "{name}: progress grows: {steps:?}");
        assert!(steps.iter().all(|(_, m)| known.contains(&m.as_str())), "{name}: {steps:?}");
        assert!(steps.iter().any(|(_, m)| stages.contains(&m.as_str())), "{name} told {stages:?}: {steps:?}");
        assert_eq!(steps.last(), Some(&(6.0, "Done.".to_string())), "{name}: {steps:?}");
        assert!(heard["progress"].as_array().unwrap().iter().all(|n| n["total"] == 6.0), "{heard}");
    }

    // Over HTTP, a running job's status names its stage (a script not spoken yet, so the voice
    // is made, not found).
    // Long enough that its voice, pictures and video take a few seconds even on a fast machine.
    let fresh = "Every waiting read wakes when the render moves on to its next stage. The voice comes \
                 first, sentence by sentence. Then the pictures are drawn, one for every beat of the \
                 script. Then the video is encoded and kept. A caller that waits sees each of these.";
    let (code, accepted) = http(&server, "POST", "/api/agent/audioscript", &key, Some(json!({"script": fresh}))).await;
    assert_eq!(code, StatusCode::ACCEPTED, "{accepted}");
    let path = format!("/api/agent/audioscript/{}?wait=10", accepted["jobId"].as_str().unwrap());
    let mut stages = Vec::new();
    for _ in 0..20 {
        let (_, status) = http(&server, "GET", &path, &key, None).await;
        stages.extend(status["stage"].as_str().map(str::to_string));
        if status["status"] == "succeeded" {
            assert!(status.get("stage").is_none(), "a finished job has no stage: {status}");
            break;
        }
    }
    let named = ["script", "voice", "pictures", "encode", "keep"];
    assert!(!stages.is_empty() && stages.iter().all(|s| named.contains(&s.as_str())), "{stages:?}");
}
