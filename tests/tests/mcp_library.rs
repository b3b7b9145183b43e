//! The key's media, prompts and completion over MCP, with the official Python SDK in both
//! revisions: what a key made is listed (paged) and read back — records with their links,
//! captions as WebVTT, a poster and a meme picture as PNG blobs — and another key sees none of
//! it; the prompts fill their arguments; completion offers languages and brands by prefix.

use asset_tests::mcp::{McpClient, Options};
use asset_tests::{Env, Server, Storage};
use base64::Engine as _;
use serde_json::{Value, json};

fn connect(server: &Server, key: &str, mode: &str) -> McpClient {
    let client = McpClient::connect(&server.url("/api/mcp"), key, Options { mode, ..Options::default() });
    assert_eq!(client.hello["connected"], true, "{}", client.hello);
    client
}

/// Registers brand `key` named `name` with the CLI.
fn register(env: &Env, key: &str, name: &str) {
    let (tag, token) = (format!("#{}", name.replace(' ', "")), format!("${}", key.to_uppercase()));
    let args = ["brands", "create", key, "--name", name, "--hashtag", &tag, "--token", &token];
    assert!(env.run(&args).status.success(), "brand {key} registered");
}

/// A tool's structured result, which must not be an error.
fn made(client: &mut McpClient, tool: &str, arguments: Value) -> Value {
    let result = client.call(tool, arguments);
    assert_eq!(result["isError"], false, "{tool}: {result}");
    result["structuredContent"].clone()
}

/// Follows a job's status tool until it succeeded.
fn done(client: &mut McpClient, status_tool: &str, job: &Value) -> Value {
    for _ in 0..30 {
        let status = made(client, status_tool, json!({"jobId": job["jobId"], "wait": 10}));
        match status["status"].as_str() {
            Some("succeeded") => return status,
            Some("failed") => panic!("{status_tool}: {status}"),
            _ => {}
        }
    }
    panic!("{status_tool} did not finish");
}

/// Every resource the key can list, following the cursors.
fn listed(client: &mut McpClient) -> Vec<Value> {
    let (mut all, mut cursor) = (Vec::new(), Value::Null);
    loop {
        let page = client.request("resources", json!({"cursor": cursor}));
        assert!(page["resources"].is_array(), "{page}");
        all.extend(page["resources"].as_array().unwrap().iter().cloned());
        match &page["nextCursor"] {
            Value::String(next) => cursor = json!(next),
            _ => return all,
        }
    }
}

/// The one content of a read, which must have succeeded.
fn read(client: &mut McpClient, uri: &str) -> Value {
    let answer = client.request("read", json!({"uri": uri}));
    let contents = answer["contents"].as_array().unwrap_or_else(|| panic!("read {uri}: {answer}"));
    assert_eq!(contents.len(), 1, "{answer}");
    assert_eq!(contents[0]["uri"], uri);
    contents[0].clone()
}

fn png(content: &Value) -> Vec<u8> {
    assert_eq!(content["mimeType"], "image/png", "{content}");
    let bytes = base64::engine::general_purpose::STANDARD.decode(content["blob"].as_str().unwrap()).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    bytes
}

#[tokio::test(flavor = "multi_thread")]
async fn a_keys_media_are_its_resources_and_no_one_elses_in_both_revisions() {
    let env = Env::new(Storage::Sqlite);
    register(&env, "acme", "Acme");
    let (key, other) = (env.create_key(40, "agent"), env.create_key(5, "agent"));
    let server = env.serve_with(&[("ASSET_LOG", "warn"), ("ASSET_RATE_LIMITS", "create=600,status=600")]);
    let mut client = connect(&server, &key, "2026-07-28");

    let meme = made(&mut client, "create_meme", json!({"input": "A bakery opens its second shop", "language": "ja"}));
    let script = json!({"script": "Our app finds parking in your city. Try it free today.", "title": "Parking"});
    let job = made(&mut client, "create_audioscript", script);
    let page = done(&mut client, "get_audioscript_status", &job);
    let job = made(&mut client, "request_mp4", json!({"pageUrl": page["pageUrl"], "aspect": "1:1"}));
    let video = done(&mut client, "get_mp4_status", &job);

    let resources = listed(&mut client);
    let uris: Vec<&str> = resources.iter().filter_map(|r| r["uri"].as_str()).collect();
    let page_id = page["pageUrl"].as_str().unwrap().rsplit('/').next().unwrap();
    let video_id = video["videoPageUrl"].as_str().unwrap().rsplit('/').next().unwrap();
    let meme_id = meme["meme"]["url"].as_str().unwrap().rsplit('/').next().unwrap();
    let expected =
        [format!("asset://videos/{video_id}"), format!("asset://pages/{page_id}"), format!("asset://memes/{meme_id}")];
    assert_eq!(uris, expected, "newest first: {resources:?}");
    let listed_page = &resources[1];
    assert_eq!(listed_page["title"], "Parking");
    assert!(listed_page["description"].as_str().unwrap().contains("language en"), "{listed_page}");
    assert!(resources[0]["description"].as_str().unwrap().contains("hosted until"), "{}", resources[0]);

    // Records with their links, captions, the poster and the meme's picture.
    let record: Value = serde_json::from_str(read(&mut client, &expected[1])["text"].as_str().unwrap()).unwrap();
    assert_eq!((record["type"].as_str(), record["pageUrl"].as_str()), (Some("page"), page["pageUrl"].as_str()));
    let vtt = read(&mut client, record["captionsUri"].as_str().unwrap());
    assert_eq!(vtt["mimeType"], "text/vtt");
    assert!(vtt["text"].as_str().unwrap().starts_with("WEBVTT") && vtt["text"].as_str().unwrap().contains("parking"));
    let record: Value = serde_json::from_str(read(&mut client, &expected[0])["text"].as_str().unwrap()).unwrap();
    assert_eq!((record["aspect"].as_str(), record["width"].as_u64()), (Some("1:1"), Some(1080)), "{record}");
    assert_eq!(record["mp4Url"], video["mp4Url"]);
    let poster = png(&read(&mut client, record["posterUri"].as_str().unwrap()));
    assert_eq!(u32::from_be_bytes(poster[16..20].try_into().unwrap()), 1080, "the poster is square");
    let record: Value = serde_json::from_str(read(&mut client, &expected[2])["text"].as_str().unwrap()).unwrap();
    assert_eq!((record["type"].as_str(), record["language"].as_str()), (Some("meme"), Some("ja")), "{record}");
    png(&read(&mut client, record["imageUris"][0].as_str().unwrap()));

    // Another key: nothing listed, every address not found, in each revision's words.
    for (mode, code) in [("2026-07-28", -32602), ("legacy", -32002)] {
        let mut stranger = connect(&server, &other, mode);
        assert_eq!(listed(&mut stranger), Vec::<Value>::new(), "{mode}");
        for uri in
            expected.iter().map(String::as_str).chain([record["imageUris"][0].as_str().unwrap(), "asset://pages/nope"])
        {
            let refused = stranger.request("read", json!({"uri": uri}));
            assert_eq!(refused["code"], code, "{mode} {uri}: {refused}");
        }
    }
    let templates = client.request("templates", json!({}));
    let forms: Vec<&str> =
        templates["resourceTemplates"].as_array().unwrap().iter().filter_map(|t| t["uriTemplate"].as_str()).collect();
    assert!(forms.contains(&"asset://pages/{id}") && forms.contains(&"asset://videos/{id}"), "{templates}");
}

#[tokio::test(flavor = "multi_thread")]
async fn prompts_fill_their_arguments_and_completion_offers_languages_and_brands() {
    let env = Env::new(Storage::Sqlite);
    for (key, name) in [("acme", "Acme"), ("acorn", "Acorn Labs"), ("zeta", "Zeta")] {
        register(&env, key, name);
    }
    let key = env.create_key(5, "agent");
    let server = env.serve_with(&[("ASSET_LOG", "warn")]);
    for mode in ["2026-07-28", "legacy"] {
        let mut client = connect(&server, &key, mode);
        let prompts = client.request("prompts", json!({}));
        let names: Vec<&str> =
            prompts["prompts"].as_array().unwrap().iter().filter_map(|p| p["name"].as_str()).collect();
        assert_eq!(names, ["pitch_for_one_person", "explainer_video", "launch_memes", "week_of_posts"], "{mode}");
        let pitch = client.request("prompt", json!({"name": "pitch_for_one_person",
            "arguments": {"person": "Dana Ortiz, who runs a bakery in Austin", "offer": "our ordering app", "language": "es"}}));
        let text = pitch["messages"][0]["content"]["text"].as_str().unwrap_or_else(|| panic!("{pitch}"));
        assert!(
            text.contains("Dana Ortiz, who runs a bakery in Austin") && text.contains("our ordering app"),
            "{text}"
        );
        assert!(text.contains("create_before_pitch") && text.contains("\"es\""), "{text}");
        let thin = client.request("prompt", json!({"name": "pitch_for_one_person", "arguments": {"offer": "x"}}));
        assert_eq!(thin["code"], -32602, "a required argument missing: {thin}");

        let complete = |client: &mut McpClient, argument: &str, value: &str| {
            let answer =
                client.request("complete", json!({"prompt": "launch_memes", "argument": argument, "value": value}));
            answer["completion"]["values"].as_array().unwrap_or_else(|| panic!("{answer}")).clone()
        };
        assert_eq!(complete(&mut client, "language", "j"), vec![json!("ja")], "{mode}");
        assert_eq!(complete(&mut client, "brand", "ac"), vec![json!("acme"), json!("acorn")], "{mode}");
        assert_eq!(complete(&mut client, "language", "").len(), 23);
        assert_eq!(complete(&mut client, "brand", "q"), Vec::<Value>::new());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tool_asks_for_what_it_cannot_find_goes_on_with_the_answer_and_refuses_a_tampered_state() {
    let env = Env::new(Storage::Sqlite);
    register(&env, "acme", "Acme");
    let key = env.create_key(10, "agent");
    let server = env.serve_with(&[("ASSET_LOG", "warn"), ("ASSET_RATE_LIMITS", "create=60")]);
    let url = server.url("/api/mcp");
    let answer = r#"{"brand": "acme", "input": "Dana Ortiz runs a bakery in Austin"}"#;
    let asking = Options { mode: "2026-07-28", answer: Some(answer), ..Options::default() };

    // A brand no one has: asked which, from the registered ones; made once, charged once. A
    // 2026-07-28 client is asked by an input-required result and calls again, a 2025-11-25
    // client by a request on its session while the call waits.
    let mut credits = 10;
    for mode in ["legacy", "2026-07-28"] {
        let mut client = McpClient::connect(&url, &key, Options { mode, answer: Some(answer), ..Options::default() });
        let meme = made(&mut client, "create_meme", json!({"input": "Launch day at the bakery", "brand": "acmee"}));
        credits -= 1;
        assert_eq!(meme["creditsRemaining"], credits, "{mode}: {meme}");
        let pitch = made(&mut client, "create_before_pitch", json!({}));
        credits -= 1;
        assert_eq!(pitch["creditsRemaining"], credits, "{mode}: {pitch}");
        assert!(pitch.to_string().contains("Dana"), "{mode}: the answer was the input: {pitch}");
        let questions = client.request("questions", json!({}))["questions"].clone();
        assert_eq!(questions.as_array().map(Vec::len), Some(2), "{mode}: {questions}");
        assert_eq!(questions[0]["requestedSchema"]["properties"]["brand"]["enum"], json!(["acme"]), "{questions}");
        assert!(questions[1]["message"].as_str().unwrap().contains("input"), "{mode}: {questions}");
    }
    let mut client = McpClient::connect(&url, &key, asking);

    // Declined in either revision, or a client that cannot be asked: the refusal the route
    // gives, nothing charged.
    for options in [
        Options { mode: "2026-07-28", answer: Some("decline"), ..Options::default() },
        Options { mode: "legacy", answer: Some("decline"), ..Options::default() },
        Options { mode: "legacy", ..Options::default() },
    ] {
        let mut other = McpClient::connect(&url, &key, options);
        let refused = other.call("create_meme", json!({"input": "Launch day", "brand": "acmee"}));
        assert_eq!(
            (refused["isError"].as_bool(), refused["structuredContent"]["code"].as_str()),
            (Some(true), Some("unknown_brand")),
            "{refused}"
        );
    }
    assert_eq!(made(&mut client, "get_credits", json!({}))["credits"], credits);

    // The state comes back as sealed, for the call it was made for, or the call is refused.
    let arguments = json!({"input": "Launch day", "brand": "acmee"});
    let first = client.request("call_state", json!({"name": "create_meme", "arguments": arguments}));
    assert_eq!(first["resultType"], "input_required", "{first}");
    let state = first["requestState"].as_str().unwrap();
    let responses = json!({"answer": {"action": "accept", "content": {"brand": "acme"}}});
    for (name, arguments, state) in [
        ("create_meme", arguments.clone(), format!("{state}-TAMPERED")),
        ("create_meme", json!({"input": "Another day", "brand": "acmee"}), state.to_string()),
        ("create_content", arguments.clone(), state.to_string()),
    ] {
        let call = json!({"name": name, "arguments": arguments, "inputResponses": responses, "requestState": state});
        let refused = client.request("call_state", call);
        assert_eq!(refused["code"], -32602, "{name} {arguments}: {refused}");
    }
    let stranger = env.create_key(5, "agent");
    let mut theirs = McpClient::connect(&url, &stranger, asking);
    let call =
        json!({"name": "create_meme", "arguments": arguments, "inputResponses": responses, "requestState": state});
    assert_eq!(theirs.request("call_state", call)["code"], -32602, "another key's state");
    assert_eq!(made(&mut client, "get_credits", json!({}))["credits"], credits, "no refused call was charged");
}

/// With `ASSET_SCREENSHOTS` set, the window as `docs/screenshots/<name>` (to look at).
async fn screenshot(browser: &asset_tests::webdriver::Browser, name: &str) {
    if std::env::var_os("ASSET_SCREENSHOTS").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots").join(name);
        browser.save_screenshot(&path).await;
    }
}

/// What the view told the host it did (`notifications/message` data), as seen so far.
async fn told(browser: &asset_tests::webdriver::Browser) -> Vec<Value> {
    let script = "return window.seen.filter(m => m.method === 'notifications/message').map(m => m.params.data);";
    browser.script(script, json!([])).await.as_array().cloned().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_video_result_plays_with_its_captions_in_the_apps_view_inside_a_host_frame() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let server = env.serve_with(&[("ASSET_LOG", "warn")]);
    let mut client = connect(&server, &key, "2026-07-28");
    let job = made(
        &mut client,
        "create_audioscript",
        json!({"script": "Agents pay for their own tools. They ship videos in seconds."}),
    );
    let page = done(&mut client, "get_audioscript_status", &job);
    let job = made(&mut client, "request_mp4", json!({"pageUrl": page["pageUrl"]}));
    done(&mut client, "get_mp4_status", &job);
    let arguments = json!({"jobId": job["jobId"]});
    let result = client.call("get_mp4_status", arguments.clone());

    // The tool names the view; the view declares the service's own origin and nothing else.
    let tools = client.tools();
    let status_tool = tools.iter().find(|t| t["name"] == "get_mp4_status").unwrap();
    let uri = status_tool["_meta"]["ui"]["resourceUri"].as_str().expect("the tool names its view").to_string();
    assert!(tools.iter().find(|t| t["name"] == "list_services").unwrap()["_meta"]["ui"].is_null());
    let view = read(&mut client, &uri);
    assert_eq!(view["mimeType"], "text/html;profile=mcp-app");
    let csp = &view["_meta"]["ui"]["csp"];
    let origin = server.url("");
    assert_eq!(csp["resourceDomains"], json!([origin]), "{view}");
    assert_eq!(csp["connectDomains"], json!([]));
    assert!(csp["frameDomains"].is_null() && csp["baseUriDomains"].is_null(), "{csp}");

    let browser = asset_tests::webdriver::Browser::start((390, 844)).await;
    browser.open(&format!("file://{}/mcp/app_host.html", env!("CARGO_MANIFEST_DIR"))).await;
    let start = "start(arguments[0], arguments[1], arguments[2], arguments[3]);";
    browser.script(start, json!([view["text"], csp, arguments, result])).await;
    let mut events = Vec::new();
    for _ in 0..100 {
        events = told(&browser).await;
        let playing = events.iter().any(|e| e["event"] == "playing");
        let cues = events.iter().find(|e| e["event"] == "captions").and_then(|e| e["cues"].as_u64());
        if playing && cues.is_some_and(|n| n > 0) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(events.iter().any(|e| e["event"] == "playing"), "the video did not play: {events:?}");
    assert!(events.iter().any(|e| e["event"] == "captions" && e["cues"].as_u64() > Some(0)), "no captions: {events:?}");
    screenshot(&browser, "mcp-app-video.png").await;

    // A meme result shows its picture, from the same origin.
    let arguments = json!({"input": "A bakery opens its second shop downtown", "kind": "image"});
    let result = client.call("create_meme", arguments.clone());
    browser.open(&format!("file://{}/mcp/app_host.html", env!("CARGO_MANIFEST_DIR"))).await;
    browser.script(start, json!([view["text"], csp, arguments, result])).await;
    for _ in 0..100 {
        if told(&browser).await.iter().any(|e| e["event"] == "image" && e["width"].as_u64() > Some(500)) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let events = told(&browser).await;
    let seen = browser.script("return window.seen;", json!([])).await;
    assert!(events.iter().any(|e| e["event"] == "image"), "the meme did not show: {seen} {result}");
    screenshot(&browser, "mcp-app-meme.png").await;

    // A pitch result shows its cards, every one loaded.
    let arguments = json!({"input": "Dana Ortiz runs a bakery in Austin", "offer": "an ordering app for bakeries"});
    let result = client.call("create_before_pitch", arguments.clone());
    assert_eq!(result["isError"], false, "{result}");
    browser.open(&format!("file://{}/mcp/app_host.html", env!("CARGO_MANIFEST_DIR"))).await;
    browser.script(start, json!([view["text"], csp, arguments, result])).await;
    for _ in 0..150 {
        if told(&browser).await.iter().any(|e| e["event"] == "pictures") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let events = told(&browser).await;
    let cards = events.iter().find(|e| e["event"] == "pictures").and_then(|e| e["count"].as_u64());
    assert!(cards.is_some_and(|n| n >= 4), "the pitch's cards did not all load: {events:?}");
    screenshot(&browser, "mcp-app-pitch.png").await;
    browser.quit().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_call_over_the_keys_threshold_asks_first_and_spends_only_once_agreed() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let server = env.serve_with(&[("ASSET_LOG", "warn")]);
    let db = env.database().await;
    sqlx::query("UPDATE api_keys SET confirm_above = 0").execute(&db).await.unwrap();
    let url = server.url("/api/mcp");
    let meme = json!({"input": "A bakery opens its second shop"});

    // Agreed: asked once (the price in the question), made and charged once, in either revision.
    for (mode, left) in [("2026-07-28", 9), ("legacy", 8)] {
        let yes = Options { mode, answer: Some(r#"{"confirm": true}"#), ..Options::default() };
        let mut client = McpClient::connect(&url, &key, yes);
        assert_eq!(made(&mut client, "create_meme", meme.clone())["creditsRemaining"], left, "{mode}");
        let questions = client.request("questions", json!({}))["questions"].clone();
        assert_eq!(questions.as_array().map(Vec::len), Some(1), "{mode}: {questions}");
        assert!(questions[0]["message"].as_str().unwrap().contains("costs 1 credit"), "{questions}");
        assert_eq!(questions[0]["requestedSchema"]["properties"]["confirm"]["type"], "boolean");
        // Free tools are never held.
        assert_eq!(made(&mut client, "get_credits", json!({}))["credits"], left, "{mode}");
    }

    // Declined, or a client that cannot be asked: refused, nothing spent.
    for options in [
        Options { mode: "2026-07-28", answer: Some("decline"), ..Options::default() },
        Options { mode: "legacy", answer: Some("decline"), ..Options::default() },
        Options { mode: "legacy", ..Options::default() },
    ] {
        let mut other = McpClient::connect(&url, &key, options);
        let refused = other.call("create_meme", meme.clone());
        let body = &refused["structuredContent"];
        assert_eq!(
            (body["code"].as_str(), body["status"].as_u64()),
            (Some("confirmation_required"), Some(403)),
            "{refused}"
        );
    }
    // Above the price: not asked.
    sqlx::query("UPDATE api_keys SET confirm_above = 5").execute(&db).await.unwrap();
    let mut plain = McpClient::connect(&url, &key, Options { mode: "legacy", ..Options::default() });
    assert_eq!(made(&mut plain, "create_meme", meme)["creditsRemaining"], 7);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_listening_client_hears_that_the_keys_resources_changed() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(5, "agent");
    let server = env.serve_with(&[("ASSET_LOG", "warn")]);
    // A 2026-07-28 client subscribes; a 2025-11-25 client hears it on its session's stream.
    for (n, (mode, event)) in
        [("2026-07-28", "ResourcesListChanged"), ("legacy", "ResourceListChangedNotification")].into_iter().enumerate()
    {
        let mut client = connect(&server, &key, mode);
        let meme = json!({"name": "create_meme", "arguments": {"input": "A bakery opens"}});
        let heard = client.request("listen_then_call", meme);
        assert_eq!(heard["event"], event, "{mode}: {heard}");
        assert_eq!(heard["made"]["isError"], false, "{heard}");
        assert_eq!(listed(&mut client).len(), n + 1, "the new meme is listed");
    }
}
