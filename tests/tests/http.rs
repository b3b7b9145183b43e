//! End to end over HTTP against the real `asset-host` binary on an ephemeral port: keys made
//! by the CLI, auth errors, public routes, rate limits, the error body, OpenAPI, metrics,
//! logs, graceful shutdown, and two replicas sharing one PostgreSQL.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use asset_tests::{Env, PgDatabase, Server, Storage, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn client() -> Client {
    Client::builder().timeout(Duration::from_secs(20)).build().unwrap()
}

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn get(server: &Server, path: &str, key: Option<&str>) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let mut request = client().get(server.url(path));
    if let Some(key) = key {
        request = request.header("x-api-key", key);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.json().await.unwrap_or(Value::Null))
}

/// Asserts the documented error body and that its request id matches the header.
fn assert_error(status: StatusCode, headers: &reqwest::header::HeaderMap, body: &Value, want: StatusCode, code: &str) {
    assert_eq!(status, want, "body: {body}");
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    assert_eq!(body["requestId"].as_str(), headers["x-request-id"].to_str().ok(), "{body}");
    let text = body.to_string().to_lowercase();
    for leak in ["select ", "sqlx", "/work/", ".rs:", "panicked"] {
        assert!(!text.contains(leak), "error body leaks internals: {body}");
    }
}

#[test]
fn keys_made_by_the_cli_authenticate_and_bad_keys_get_401() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let key = env.create_key(5, "agent");
        let server = env.serve();
        block_on(async {
            let (status, _, me) = get(&server, "/api/agent/me", Some(&key)).await;
            assert_eq!(status, StatusCode::OK, "{me}");
            assert_eq!((me["success"].as_bool(), me["credits"].as_i64()), (Some(true), Some(5)));
            assert_eq!(me["key"]["role"], "agent");
            assert_eq!(me["listings"], Value::Array(vec![]));
            assert_eq!(me["purchases"], Value::Array(vec![]));

            let (s, h, b) = get(&server, "/api/agent/me", None).await;
            assert_error(s, &h, &b, StatusCode::UNAUTHORIZED, "missing_api_key");
            let (s, h, b) = get(&server, "/api/agent/me", Some("")).await;
            assert_error(s, &h, &b, StatusCode::UNAUTHORIZED, "invalid_api_key");
            let wrong = format!("{}x", &key[..key.len() - 1]);
            let (s, h, b) = get(&server, "/api/agent/me", Some(&wrong)).await;
            assert_error(s, &h, &b, StatusCode::UNAUTHORIZED, "invalid_api_key");
            let (s, h, b) = get(&server, "/api/agent/me", Some("ak_not_a_key")).await;
            assert_error(s, &h, &b, StatusCode::UNAUTHORIZED, "invalid_api_key");
        });

        let listed = env.run(&["keys", "list"]);
        let listed = String::from_utf8(listed.stdout).unwrap();
        let prefix = &key[..11];
        assert!(listed.contains(prefix) && listed.contains("agent") && listed.contains(" 5 "), "{listed}");
        assert!(!listed.contains(&key), "keys list must never show the key");

        let granted = env.run(&["keys", "grant", prefix, "7"]);
        assert!(granted.status.success(), "{}", String::from_utf8_lossy(&granted.stderr));
        assert!(!env.run(&["keys", "grant", "ak_nothere", "7"]).status.success());
        block_on(async {
            let (_, _, me) = get(&server, "/api/agent/me", Some(&key)).await;
            assert_eq!(me["credits"], 12);
        });

        // Revoked: refused at once, by this replica and by another one, as a bearer token too.
        let other = env.serve();
        let revoked = env.run(&["keys", "revoke", prefix]);
        assert!(revoked.status.success(), "{}", String::from_utf8_lossy(&revoked.stderr));
        assert!(!env.run(&["keys", "revoke", prefix]).status.success(), "revoked already");
        block_on(async {
            for replica in [&server, &other] {
                let (s, h, b) = get(replica, "/api/agent/me", Some(&key)).await;
                assert_error(s, &h, &b, StatusCode::UNAUTHORIZED, "invalid_api_key");
                let bearer = client().get(replica.url("/api/agent/me")).bearer_auth(&key).send().await.unwrap();
                assert_eq!(bearer.status(), StatusCode::UNAUTHORIZED);
            }
        });
    });
}

#[test]
fn public_routes_need_no_key_and_describe_the_catalog() {
    let env = Env::new(Storage::Sqlite);
    let server = env.serve();
    block_on(async {
        let (status, _, menu) = get(&server, "/api/agent/services", None).await;
        assert_eq!(status, StatusCode::OK);
        let services = menu["services"].as_array().unwrap();
        let find = |id: &str| services.iter().find(|s| s["id"] == id).unwrap_or_else(|| panic!("{id} missing")).clone();
        let expected = [
            ("pitch", "/api/agent/before", "0.10", 1),
            ("audioscript", "/api/agent/audioscript", "0.25", 3),
            ("mp4", "/api/agent/mp4", "0.25", 3),
            ("meme", "/api/agent/brands/memes", "0.10", 1),
            ("product-pack", "/api/agent/amazon/pack", "2.00", 20),
        ];
        for (id, route, usd, credits) in expected {
            let s = find(id);
            assert_eq!((s["route"].as_str(), s["price"]["usd"].as_str()), (Some(route), Some(usd)), "{s}");
            assert_eq!(s["price"]["credits"], credits, "{s}");
            assert_eq!(s["rateGroup"], "create", "{s}");
            assert!(s["price"]["x402"]["amount"].as_str().is_some(), "{s}");
        }
        assert_eq!(find("product-pack")["status"], "coming_soon");
        assert_eq!(find("meme")["deprecatedAlias"], "/api/agent/legacy/memes");
        assert_eq!(find("invite-bot")["price"]["x402"], Value::Null, "invites are not priced per call in USD");
        assert_eq!(find("invite-bot")["price"]["credits"], 1);
        assert_eq!(find("asset-job")["price"]["solPerAsset"], true);
        let languages = menu["languages"].as_array().unwrap();
        assert_eq!(languages.len(), 23);
        assert!(languages.iter().any(|l| l["code"] == "ar" && l["direction"] == "rtl" && l["nativeName"] == "العربية"));
        let groups = menu["rateGroups"].as_array().unwrap();
        for (name, limit) in [("pricing", 60), ("create", 10), ("status", 60), ("check", 20)] {
            assert!(groups.iter().any(|g| g["name"] == name && g["limit"] == limit && g["per"] == "key"), "{name}");
        }

        let (status, _, packs) = get(&server, "/api/agent/credits/packs", None).await;
        assert_eq!(status, StatusCode::OK);
        let rates: Vec<(i64, &str, &str)> = packs["packs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (p["credits"].as_i64().unwrap(), p["priceUsd"].as_str().unwrap(), p["perCreditUsd"].as_str().unwrap())
            })
            .collect();
        assert_eq!(
            rates,
            [(10, "1.00", "0.10"), (50, "4.00", "0.08"), (200, "12.00", "0.06"), (1000, "50.00", "0.05")]
        );

        let (status, _, kinds) = get(&server, "/api/agent/legacy/kinds", None).await;
        assert_eq!(status, StatusCode::OK);
        let kinds: Vec<(&str, i64)> = kinds["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| (k["kind"].as_str().unwrap(), k["credits"].as_i64().unwrap()))
            .collect();
        assert_eq!(
            kinds,
            [("image", 1), ("carousel", 1), ("confession", 1), ("hottake", 1), ("reply", 1), ("hybrid", 2)]
        );

        for path in ["/healthz", "/readyz", "/api/agent/openapi.json"] {
            assert_eq!(get(&server, path, None).await.0, StatusCode::OK, "{path}");
        }
        let (_, _, ready) = get(&server, "/readyz", None).await;
        assert_eq!((ready["status"].as_str(), ready["database"].as_str()), (Some("ok"), Some("sqlite")));
    });
}

/// The limiter is a GCRA bucket: a token comes back every second, so on a slow machine a call or
/// two past the 60th may still pass; what must hold is the count each answer reports and a 429
/// once the bucket is empty.
#[test]
fn the_61st_status_call_in_a_minute_gets_429_with_retry_after() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(1, "agent");
    let other = env.create_key(1, "agent");
    let server = env.serve();
    block_on(async {
        let start = std::time::Instant::now();
        let mut allowed = 0u64;
        let (status, headers, body) = loop {
            let (status, headers, body) = get(&server, "/api/agent/me", Some(&key)).await;
            if status != StatusCode::OK || allowed == 120 {
                break (status, headers, body);
            }
            allowed += 1;
            let refilled = start.elapsed().as_secs();
            assert_eq!(headers["ratelimit-policy"], "\"status\";q=60;w=60");
            let remaining: u64 = headers["ratelimit"]
                .to_str()
                .unwrap()
                .split(';')
                .nth(1)
                .unwrap()
                .trim_start_matches("r=")
                .parse()
                .unwrap();
            let floor = 60u64.saturating_sub(allowed);
            assert!(
                (floor..=floor + refilled).contains(&remaining),
                "call {allowed}: r={remaining} after {refilled} s"
            );
        };
        assert!((60..=60 + start.elapsed().as_secs()).contains(&allowed), "{allowed} calls passed");
        assert_error(status, &headers, &body, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry), "Retry-After {retry}");
        assert_eq!(body["details"]["group"], "status");
        assert!(headers["ratelimit"].to_str().unwrap().contains("r=0"));
        assert_eq!(get(&server, "/api/agent/me", Some(&other)).await.0, StatusCode::OK, "limits are per key");
    });
}

/// An operator who runs the CLI from another folder, with no settings, reaches the server's data
/// folder (the default is the user's, not the working folder's), is told which folder and
/// database it used, and gets a dashboard link on the port the server really serves; a key the
/// server does not know is refused with a message that says why it may be so.
#[test]
fn the_cli_finds_the_servers_data_folder_from_any_folder_and_says_which() {
    let env = Env::new(Storage::Sqlite);
    let server = env.serve();
    // The user's data home, whose `asset-service` is the folder the server was given.
    let home = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(env.data_dir.path(), home.path().join("asset-service")).unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let cli = |args: &[&str]| {
        let out = std::process::Command::new(asset_tests::binary())
            .args(args)
            .current_dir(elsewhere.path())
            .env("XDG_DATA_HOME", home.path())
            .env_remove("ASSET_DATA_DIR")
            .env_remove("DATABASE_URL")
            .env_remove("ASSET_PUBLIC_URL")
            .env_remove("ASSET_CONFIG")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "{args:?}: {said}");
        (String::from_utf8(out.stdout).unwrap().trim().to_string(), said)
    };
    let (key, said) = cli(&["keys", "create", "--credits", "3", "--role", "agent", "--label", "elsewhere"]);
    let folder = home.path().join("asset-service");
    assert!(said.contains(&format!("data folder {}", folder.display())) && said.contains("database SQLite"), "{said}");
    assert!(!elsewhere.path().join("data").exists(), "nothing written where the CLI was started");
    block_on(async {
        let (status, _, me) = get(&server, "/api/agent/me", Some(&key)).await;
        assert_eq!((status, me["credits"].as_i64()), (StatusCode::OK, Some(3)), "{me}");
        let unknown = format!("{}x", &key[..key.len() - 1]);
        let (_, _, refused) = get(&server, "/api/agent/me", Some(&unknown)).await;
        let message = refused["message"].as_str().unwrap();
        assert!(message.contains("mistyped or revoked") && message.contains("data folder"), "{message}");
    });
    let (link, _) = cli(&["dashboard", "link", &key[..11]]);
    assert!(link.starts_with(&format!("{}/", server.base)), "{link} is on {}", server.base);
}

/// The create group allows 10 calls a minute, then one every 6 s: the refusal's `Retry-After`,
/// its `RateLimit` wait and its body's `retryAfter` name the same wait, and its message the
/// limit in words. A refused request costs nothing.
#[test]
fn a_refused_create_call_says_one_wait_in_its_headers_and_its_body() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(5, "agent");
    let server = env.serve();
    block_on(async {
        for call in 1..=10 {
            let (status, headers, _) = post(&server, "/api/agent/brands/memes", &key, json!({})).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "call {call} is counted and refused for its body");
            assert_eq!(headers["ratelimit-policy"], "\"create\";q=10;w=60");
        }
        let (status, headers, body) = post(&server, "/api/agent/brands/memes", &key, json!({"input": "hi"})).await;
        assert_error(status, &headers, &body, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=6).contains(&retry), "one call every 6 s: {retry}");
        assert_eq!(headers["ratelimit"].to_str().unwrap(), format!("\"create\";r=0;t={retry}"));
        assert_eq!(
            (body["details"]["retryAfter"].as_u64(), body["details"]["limit"].as_u64()),
            (Some(retry), Some(10)),
            "{body}"
        );
        let message = body["message"].as_str().unwrap();
        assert!(message.contains("10 requests per 60 s") && message.contains(&format!("{retry} s")), "{message}");
        let (_, _, me) = get(&server, "/api/agent/me", Some(&key)).await;
        assert_eq!(me["credits"], 5, "{me}");
    });
}

#[test]
fn unknown_routes_bad_json_and_oversized_bodies_get_the_error_body() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(30, "agent");
    let server = env.serve();
    block_on(async {
        let (s, h, b) = get(&server, "/api/agent/nope", None).await;
        assert_error(s, &h, &b, StatusCode::NOT_FOUND, "not_found");
        let (s, h, b) = get(&server, "/api/agent/amazon/pack", Some(&key)).await;
        assert_error(s, &h, &b, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");

        let post = |body: Vec<u8>, content_type: Option<&'static str>| {
            let mut request = client().post(server.url("/api/agent/amazon/pack")).header("x-api-key", &key).body(body);
            if let Some(ct) = content_type {
                request = request.header("content-type", ct);
            }
            async move {
                let response = request.send().await.unwrap();
                let (status, headers) = (response.status(), response.headers().clone());
                (status, headers, response.json::<Value>().await.unwrap())
            }
        };
        let json = Some("application/json");
        let (s, h, b) = post(b"{\"input\": ".to_vec(), json).await;
        assert_error(s, &h, &b, StatusCode::BAD_REQUEST, "invalid_json");
        let (s, h, b) = post(b"{\"input\": \"B00X\"}".to_vec(), None).await;
        assert_error(s, &h, &b, StatusCode::BAD_REQUEST, "invalid_content_type");
        let (s, h, b) = post(b"{\"product\": 1}".to_vec(), json).await;
        assert_error(s, &h, &b, StatusCode::BAD_REQUEST, "invalid_request");
        let (s, h, b) = post(format!("{{\"input\": \"{}\"}}", "x".repeat(200_000)).into_bytes(), json).await;
        assert_error(s, &h, &b, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
        let (s, h, b) = post(b"{\"input\": \"https://example.com/dp/B00X\"}".to_vec(), json).await;
        assert_error(s, &h, &b, StatusCode::NOT_IMPLEMENTED, "coming_soon");

        let (_, _, me) = get(&server, "/api/agent/me", Some(&key)).await;
        assert_eq!(me["credits"], 30, "the coming-soon product pack never charges");
    });
}

#[test]
fn the_openapi_document_passes_a_standard_validator() {
    let env = Env::new(Storage::Sqlite);
    let server = env.serve();
    let doc = block_on(async { get(&server, "/api/agent/openapi.json", None).await.2 });
    let file = env.data_dir.path().join("openapi.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    // `scripts/test.sh` installs openapi-spec-validator and names its Python here.
    let python = std::env::var("ASSET_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let checked = std::process::Command::new(&python)
        .args(["-m", "openapi_spec_validator"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{python} runs: {e}"));
    assert!(
        checked.status.success(),
        "{}{}",
        String::from_utf8_lossy(&checked.stdout),
        String::from_utf8_lossy(&checked.stderr)
    );
}

async fn post(server: &Server, path: &str, key: &str, body: Value) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let response = client().post(server.url(path)).header("x-api-key", key).json(&body).send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.json().await.unwrap_or(Value::Null))
}

/// The `maxLength` (or `maximum`) the document states at `pointer`.
fn stated_max(doc: &Value, pointer: &str) -> usize {
    let schema = doc.pointer(pointer).unwrap_or_else(|| panic!("the document has {pointer}"));
    let max = schema["maxLength"].as_u64().or_else(|| schema["maximum"].as_u64());
    max.unwrap_or_else(|| panic!("{pointer} states a bound: {schema}")) as usize
}

/// The schema of query parameter `name` of `GET path`.
fn query_parameter(doc: &Value, path: &str, name: &str) -> Value {
    let parameters = doc["paths"][path]["get"]["parameters"].as_array().unwrap_or_else(|| panic!("{path}"));
    parameters.iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{path} ?{name}"))["schema"].clone()
}

/// Every bound the document states is one the server enforces: a value just past it is a 400
/// with the error body, a value at it passes validation (here: 2xx, or 402 from a key without
/// credits, which is checked after every field).
#[test]
fn the_openapi_document_states_the_bounds_the_server_enforces() {
    let env = Env::new(Storage::Sqlite);
    // Operators are never rate limited; without credits, paid work stops at 402 after validation.
    let operator = env.create_key(0, "operator");
    let server = env.serve();
    block_on(async {
        let (_, _, doc) = get(&server, "/api/agent/openapi.json", None).await;
        let schemas = "/components/schemas";
        let (meme, audio) = (
            format!("{schemas}/MemeRequest/allOf/0/properties"),
            format!("{schemas}/AudioscriptRequest/allOf/0/properties"),
        );

        // The spec's limits, as the document states them.
        let input = stated_max(&doc, &format!("{meme}/input"));
        let title = stated_max(&doc, &format!("{audio}/title"));
        let page = query_parameter(&doc, "/api/legacy/recent", "limit");
        let audit = query_parameter(&doc, "/api/admin/audit", "limit");
        assert_eq!((input, title), (2000, 200));
        assert_eq!((page["minimum"].as_u64(), page["maximum"].as_u64()), (Some(1), Some(50)), "{page}");
        assert_eq!((audit["minimum"].as_u64(), audit["maximum"].as_u64()), (Some(1), Some(1000)), "{audit}");
        let key = doc.pointer(&format!("{schemas}/CreateBrand/allOf/1/properties/key")).unwrap().clone();
        assert_eq!((key["minLength"].as_u64(), key["maxLength"].as_u64()), (Some(2), Some(32)), "{key}");
        assert_eq!(key["pattern"], "^[a-z0-9-]*$");
        let hashtag = stated_max(&doc, &format!("{schemas}/BrandProfile/properties/hashtag"));
        let contest_title = stated_max(&doc, &format!("{schemas}/Contest/properties/title"));
        let kinds = doc.pointer(&format!("{meme}/kind/enum")).unwrap().as_array().unwrap().clone();
        assert!(kinds.contains(&Value::from("hybrid")) && kinds.contains(&Value::Null), "{kinds:?}");
        let joined = doc.pointer(&format!("{schemas}/MemeRequest/allOf/1/oneOf")).unwrap();
        assert_eq!(joined[0]["required"][0], "input", "exactly one of `input` and `brief`: {joined}");
        let timeout = &doc["components"]["schemas"]["Limits"]["properties"]["timeoutMs"];
        assert_eq!(timeout["maximum"].as_u64(), Some(u64::MAX), "an unsigned field's range: {timeout}");

        // Just past each bound: 400 and the error body; at it: through validation.
        let text = |n: usize| "x".repeat(n);
        let paid = [
            (
                "/api/agent/brands/memes",
                json!({"input": text(input + 1)}),
                json!({"input": text(input)}),
                "input_too_long",
            ),
            (
                "/api/agent/brands/memes",
                json!({"input": "hi", "brief": "hi"}),
                json!({"brief": "hi"}),
                "conflicting_input",
            ),
            (
                "/api/agent/brands/memes",
                json!({"input": "hi", "kind": "Hybrid"}),
                json!({"input": "hi", "kind": "hybrid"}),
                "unsupported_kind",
            ),
            (
                "/api/agent/audioscript",
                json!({"script": "hi", "title": text(title + 1)}),
                json!({"script": "hi", "title": text(title)}),
                "title_too_long",
            ),
        ];
        for (path, past, at, code) in paid {
            let (s, h, b) = post(&server, path, &operator, past).await;
            assert_error(s, &h, &b, StatusCode::BAD_REQUEST, code);
            let (status, _, body) = post(&server, path, &operator, at.clone()).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (StatusCode::PAYMENT_REQUIRED, Some("insufficient_credits")),
                "{path} {at}"
            );
        }

        let brand = |key: String, hashtag: String| json!({"key": key, "name": "N", "hashtag": hashtag, "token": "$N"});
        for past in [
            brand(text(33), "#N".into()),
            brand("Upper".into(), "#N".into()),
            brand("n".into(), "#N".into()),
            brand("fine".into(), format!("#{}", text(hashtag))),
        ] {
            let (s, h, b) = post(&server, "/api/admin/brands", &operator, past).await;
            assert_error(s, &h, &b, StatusCode::BAD_REQUEST, "invalid_brand");
        }
        let (status, _, body) =
            post(&server, "/api/admin/brands", &operator, brand(text(32), format!("#{}", text(hashtag - 1)))).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");

        let contest = |title: String| json!({"title": title, "rules": "", "startsAt": 1, "endsAt": 2, "rewards": [{"rank": 1, "reward": "10 credits"}]});
        let (s, h, b) = post(&server, "/api/admin/contests", &operator, contest(text(contest_title + 1))).await;
        assert_error(s, &h, &b, StatusCode::BAD_REQUEST, "invalid_contest");
        let (status, _, body) = post(&server, "/api/admin/contests", &operator, contest(text(contest_title))).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");

        for (path, key, max) in [("/api/legacy/recent", None, 50), ("/api/admin/audit", Some(operator.as_str()), 1000)]
        {
            for past in [0, max + 1] {
                let (s, h, b) = get(&server, &format!("{path}?limit={past}"), key).await;
                assert_error(s, &h, &b, StatusCode::BAD_REQUEST, "invalid_limit");
            }
            let (status, _, body) = get(&server, &format!("{path}?limit={max}"), key).await;
            assert_eq!(status, StatusCode::OK, "{path}: {body}");
        }
    });
}

#[test]
fn openapi_describes_every_route_with_security_groups_and_the_error_body() {
    let env = Env::new(Storage::Sqlite);
    let server = env.serve();
    block_on(async {
        let (_, _, doc) = get(&server, "/api/agent/openapi.json", None).await;
        assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
        assert_eq!(doc["info"]["version"], "1.0.0");
        assert_eq!(doc["components"]["securitySchemes"]["api_key"]["name"], "x-api-key");
        assert!(doc["components"]["schemas"]["ErrorBody"]["properties"]["code"].is_object());
        let paths = doc["paths"].as_object().unwrap();
        for (path, method, group, keyed) in [
            ("/api/agent/me", "get", "status", true),
            ("/api/agent/amazon/pack", "post", "create", true),
            ("/api/agent/services", "get", "public", false),
            ("/api/agent/credits/packs", "get", "public", false),
            ("/api/agent/legacy/kinds", "get", "public", false),
            ("/api/agent/openapi.json", "get", "public", false),
        ] {
            let op = &paths[path][method];
            assert_eq!(op["x-rate-group"], group, "{path}");
            assert_eq!(op["security"].is_array(), keyed, "{path}");
            assert!(op["responses"]["200"].is_object() || op["responses"]["501"].is_object(), "{path}");
            if keyed {
                assert!(op["responses"]["401"].is_object() && op["responses"]["429"].is_object(), "{path}");
            }
        }
        for probe in ["/healthz", "/readyz", "/metrics"] {
            assert!(paths.contains_key(probe), "{probe}");
        }
        // Every documented path is routed: none gets the router's own 404 (a templated path may
        // still answer that its resource does not exist).
        for path in paths.keys() {
            let (status, _, body) = get(&server, path, None).await;
            assert!(status != StatusCode::NOT_FOUND || body["message"] != "No such route.", "{path}: {body}");
        }
    });
}

#[test]
fn logs_carry_request_ids_never_keys_and_metrics_count_routes() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(3, "agent");
    let mut server = env.serve();
    block_on(async {
        assert_eq!(get(&server, "/api/agent/me", Some(&key)).await.0, StatusCode::OK);
        assert_eq!(get(&server, "/api/agent/me", Some("ak_wrongwrongwrong")).await.0, StatusCode::UNAUTHORIZED);
        let text = client().get(server.url("/metrics")).send().await.unwrap().text().await.unwrap();
        assert!(
            text.contains(r#"asset_http_requests_total{method="GET",route="/api/agent/me",status="200"} 1"#),
            "{text}"
        );
        assert!(text.contains(r#"route="/api/agent/me",status="401"#), "{text}");
        assert!(text.contains("asset_http_request_duration_seconds_bucket"), "{text}");
    });
    assert!(server.terminate(Duration::from_secs(10)).is_some_and(|s| s.success()));
    let logs = server.logs();
    assert!(!logs.contains(&key), "the API key must never be logged");
    let finished: Vec<Value> = logs
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|l| l["fields"]["message"] == "request finished")
        .collect();
    assert!(finished.len() >= 3, "{logs}");
    for line in finished {
        assert!(line["span"]["request_id"].as_str().is_some_and(|id| id.starts_with("req_")), "{line}");
    }
}

/// A fresh start with the default settings (on loopback, no public URL, the MCP endpoint's own
/// origins) has nothing to worry its operator: not one warning or error from start to a clean
/// stop, with a page, the menu and the MCP endpoint served in between.
#[test]
fn a_fresh_start_with_the_default_settings_logs_no_warning() {
    let env = Env::new(Storage::Sqlite);
    let mut server = env.serve();
    block_on(async {
        for path in ["/healthz", "/api/agent/services", "/llms.txt"] {
            assert_eq!(get(&server, path, None).await.0, StatusCode::OK, "{path}");
        }
        let mcp = client().post(server.url("/api/mcp")).header("origin", server.url("")).send().await.unwrap();
        assert!(mcp.status().is_client_error(), "answered, not a server error: {}", mcp.status());
    });
    assert!(server.terminate(Duration::from_secs(10)).is_some_and(|s| s.success()));
    let logs = server.logs();
    let worrying: Vec<&str> =
        logs.lines().filter(|l| l.contains(r#""level":"WARN""#) || l.contains(r#""level":"ERROR""#)).collect();
    assert!(worrying.is_empty(), "{worrying:#?}");
}

#[test]
fn strange_methods_and_paths_add_no_metric_series() {
    let env = Env::new(Storage::Sqlite);
    let server = env.serve();
    block_on(async {
        let client = client();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15 ^ u64::from(std::process::id());
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        // Each request a method and a path never seen before, on unknown paths and on a real
        // route; without a key, as anyone on the internet could send them.
        for n in 0..400u64 {
            let method = reqwest::Method::from_bytes(format!("M{:X}", next()).as_bytes()).unwrap();
            let path = if n % 2 == 0 { format!("/x/{:x}/{n}", next()) } else { "/api/agent/me".to_string() };
            let response = client.request(method, server.url(&path)).send().await.unwrap();
            assert!(response.status().is_client_error(), "{path}: {}", response.status());
        }
        let text = client.get(server.url("/metrics")).send().await.unwrap().text().await.unwrap();
        let series: std::collections::HashSet<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("asset_http_requests_total{"))
            .filter_map(|l| l.split_once('}').map(|(labels, _)| labels))
            .collect();
        // Methods fold into `other`, unknown paths into `unmatched`, statuses stay in their fixed
        // set: a handful of series, not one per request.
        assert!(series.len() <= 8, "{} series: {series:?}", series.len());
        assert!(series.iter().any(|s| s.contains(r#"method="other",route="unmatched""#)), "{series:?}");
        assert!(series.iter().any(|s| s.contains(r#"method="other",route="/api/agent/me""#)), "{series:?}");
        assert!(series.iter().all(|s| !s.contains("method=\"M")), "{series:?}");
    });
}

#[test]
fn sigterm_drains_a_request_in_flight_and_exits_cleanly() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(3, "agent");
    let mut server = env.serve();
    let address = server.base.trim_start_matches("http://").to_string();
    let body = br#"{"input": "https://example.com/dp/B00X"}"#;
    let mut stream = TcpStream::connect(&address).unwrap();
    write!(
        stream,
        "POST /api/agent/amazon/pack HTTP/1.1\r\nhost: {address}\r\nx-api-key: {key}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    stream.write_all(&body[..10]).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let _ = std::process::Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status();
    std::thread::sleep(Duration::from_millis(500));
    assert!(server.child.try_wait().unwrap().is_none(), "the server waits for the request in flight");
    stream.write_all(&body[10..]).unwrap();
    let mut response = String::new();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 501"), "{response}");
    assert!(response.contains("\"code\":\"coming_soon\""), "{response}");
    let status = server.terminate(Duration::from_secs(10)).expect("exits after draining");
    assert!(status.success(), "{status:?}");
    assert!(TcpStream::connect(&address).is_err(), "no longer listening");
}

#[test]
fn two_serve_processes_on_one_postgres_share_rate_limits() {
    let pg = PgDatabase::create();
    let mut env = Env::new(Storage::Postgres(pg.url.clone()));
    // A burst of 6, then one call every 10 s: the test holds however slow the machine is.
    env.extra.push(("ASSET_RATE_LIMITS".into(), format!("status={SHARED_LIMIT}")));
    assert!(env.run(&["migrate"]).status.success());
    assert!(env.run(&["migrate"]).status.success(), "migrate is repeatable");
    let key = env.create_key(9, "agent");
    let (a, b) = (env.serve(), env.serve());
    block_on(async {
        let calls: Vec<_> = (0..SHARED_LIMIT)
            .map(|i| {
                let url = if i % 2 == 0 { a.url("/api/agent/me") } else { b.url("/api/agent/me") };
                let key = key.clone();
                tokio::spawn(async move { client().get(url).header("x-api-key", key).send().await.unwrap().status() })
            })
            .collect();
        for call in calls {
            assert_eq!(call.await.unwrap(), StatusCode::OK);
        }
        for server in [&a, &b] {
            let (s, h, body) = get(server, "/api/agent/me", Some(&key)).await;
            assert_error(s, &h, &body, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        }
        let (_, _, ready) = get(&a, "/readyz", None).await;
        assert_eq!(ready["database"], "postgres");
    });
}

/// The status group's limit in the shared-counter tests: a burst this large, then one call
/// every `60 / SHARED_LIMIT` seconds, far longer than the burst takes even on a loaded machine
/// (at the default 60 a slow run gets a call back every second).
const SHARED_LIMIT: usize = 6;

#[test]
fn redis_counters_are_shared_when_configured() {
    let redis = std::env::var("ASSET_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    let mut env = Env::new(Storage::Sqlite);
    env.extra.push(("ASSET_REDIS_URL".into(), redis));
    env.extra.push(("ASSET_RATE_LIMITS".into(), format!("status={SHARED_LIMIT}")));
    let namespace = format!("asset-test-{}-{}", std::process::id(), env.data_dir.path().display());
    env.extra.push(("ASSET_REDIS_PREFIX".into(), namespace));
    let key = env.create_key(1, "agent");
    // Two servers on separate SQLite files would not share memory counters: Redis makes them.
    let other_env = Env { data_dir: tempfile::tempdir().unwrap(), storage: Storage::Sqlite, extra: env.extra.clone() };
    let server = env.serve();
    let other = other_env.serve();
    block_on(async {
        // The same key id (1) exists in both databases, so the buckets coincide.
        let other_key = other_env.create_key(1, "agent");
        for i in 0..SHARED_LIMIT {
            let (target, k) = if i % 2 == 0 { (&server, &key) } else { (&other, &other_key) };
            assert_eq!(get(target, "/api/agent/me", Some(k)).await.0, StatusCode::OK, "call {i}");
        }
        let (s, h, b) = get(&server, "/api/agent/me", Some(&key)).await;
        assert_error(s, &h, &b, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
    });
}

#[test]
fn readyz_fails_while_the_database_is_gone_and_healthz_does_not() {
    let pg = PgDatabase::create();
    let env = Env::new(Storage::Postgres(pg.url.clone()));
    let server = env.serve();
    block_on(async {
        assert_eq!(get(&server, "/readyz", None).await.0, StatusCode::OK);
    });
    drop(pg); // DROP DATABASE … WITH (FORCE): every connection of the server is cut.
    block_on(async {
        let (status, _, body) = get(&server, "/readyz", None).await;
        assert_eq!((status, body["status"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("unavailable")));
        assert_eq!(get(&server, "/healthz", None).await.0, StatusCode::OK);
    });
}
