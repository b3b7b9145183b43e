//! Generator plugins end to end, against the real binary: brand admins confined to their brand
//! (refusals answered 403 and recorded) and bounded (slots and versions per brand, uploads in a
//! rate group of their own), and activations reaching every replica on one PostgreSQL within
//! seconds — from the admin API and from the `plugins` CLI.

use std::time::{Duration, Instant};

use asset_tests::{Env, PgDatabase, Server, Storage, component, component_variant, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn send(request: reqwest::RequestBuilder) -> (StatusCode, Value) {
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn upload(server: &Server, key: &str, slot: &str, query: &str, bytes: &[u8]) -> (StatusCode, Value) {
    server.upload_plugin(key, slot, query, bytes).await
}

async fn post(server: &Server, key: &str, path: &str, body: Value) -> (StatusCode, Value) {
    send(Client::new().post(server.url(path)).header("x-api-key", key).json(&body)).await
}

async fn try_meme(server: &Server, key: &str, query: &str) -> (StatusCode, Value) {
    post(
        server,
        key,
        &format!("/api/admin/plugins/meme/generate{query}"),
        json!({"task": "meme", "kind": "image", "input": "hello"}),
    )
    .await
}

#[test]
fn a_brand_admins_plugin_serves_only_that_brand_and_other_attempts_are_refused_and_recorded() {
    // A review found brand admins running the global generators for free through `generate`:
    // now a brand's call runs only its own active version.
    let env = Env::new(Storage::Sqlite);
    let operator = env.create_key(0, "operator");
    let agent = env.create_key(5, "agent");
    let out = env.run(&["keys", "create", "--role", "brand-admin", "--brand", "acme", "--label", "acme admin"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let admin = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let server = env.serve();
    block_on(async {
        let (status, body) = upload(&server, &admin, "meme", "?activate=true", component("trivial")).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["version"]["scope"], "acme");
        assert_eq!(body["slot"]["activeVersionId"], body["version"]["id"]);

        let (status, served) = try_meme(&server, &admin, "").await;
        assert_eq!(status, StatusCode::OK, "{served}");
        assert_eq!(
            (served["servedScope"].as_str(), served["generator"].as_str()),
            (Some("acme"), Some("trivial@1.0.0"))
        );
        assert_eq!(served["content"]["blocks"][0]["text"], "hello");

        // A scope without its own version runs nothing: no falling back to the global
        // generators (and the operator's model), which the paid operations charge for.
        let (status, other) = try_meme(&server, &operator, "?brand=globex").await;
        assert_eq!((status, other["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "{other}");
        for slot in ["content", "pitch", "slideshow", "beats", "brand-voice", "invite"] {
            let path = format!("/api/admin/plugins/{slot}/generate");
            let (status, body) =
                post(&server, &admin, &path, json!({"task": slot, "input": "a bakery in Porto"})).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "{slot}: {body}");
        }
        let (_, global) = try_meme(&server, &operator, "").await;
        assert_eq!(global["generator"], "meme@1.0.0");
        let (status, body) =
            post(&server, &operator, "/api/admin/plugins/nosuchslot/generate", json!({"task": "x", "input": "y"}))
                .await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not_found")), "{body}");

        // Everything outside the brand is refused with 403.
        let (status, body) = upload(&server, &admin, "meme", "?brand=globex", component("trivial")).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("forbidden_scope")));
        let (status, _) =
            post(&server, &admin, "/api/admin/plugins/meme/activate?brand=", json!({"versionId": 1})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = post(&server, &admin, "/api/admin/plugins/meme/disable?brand=", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = try_meme(&server, &admin, "?brand=globex").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // An empty `brand` is the global scope: the operator's generators and model, not theirs.
        let (status, body) = try_meme(&server, &admin, "?brand=").await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("operator_only")), "{body}");
        let (status, body) = send(Client::new().get(server.url("/api/admin/audit")).header("x-api-key", &admin)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("operator_only")));
        let (status, body) =
            send(Client::new().get(server.url("/api/admin/plugins")).header("x-api-key", &agent)).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("admin_only")));

        // An upload with an `Idempotency-Key` is buffered within the upload limit, not the
        // 64 KiB default, and replays.
        let keyed = || {
            Client::new()
                .post(server.url("/api/admin/plugins/meme/versions?brand=acme"))
                .header("x-api-key", &admin)
                .header("idempotency-key", "upload-hostile-1")
                .header("content-type", "application/wasm")
                .body(component("hostile").to_vec())
        };
        assert!(component("hostile").len() > 64 * 1024, "the fixture is larger than the default limit");
        let (status, first) = send(keyed()).await;
        assert_eq!(status, StatusCode::CREATED, "{first}");
        let (status, again) = send(keyed()).await;
        assert_eq!((status, &again["version"]["id"]), (StatusCode::CREATED, &first["version"]["id"]), "replayed");

        // Validation refuses what is not a generator.
        let (status, body) = upload(&server, &operator, "meme", "", component("wrong-world")).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("plugin_rejected")), "{body}");
        let (status, _) = upload(&server, &operator, "meme", "", b"not a component").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);

        let (_, audit) = send(Client::new().get(server.url("/api/admin/audit")).header("x-api-key", &operator)).await;
        let entries = audit["entries"].as_array().unwrap();
        let by_admin =
            |outcome: &str| entries.iter().filter(|e| e["actor"] == admin[..11] && e["outcome"] == outcome).count();
        assert!(by_admin("denied") >= 3, "{audit}");
        assert!(by_admin("ok") >= 2, "upload and activate");
        assert!(entries.iter().any(|e| e["outcome"] == "rejected"));

        // A hostile plugin in another brand's slot fails cleanly (502, the error body) while the
        // global generator keeps answering at the same time.
        let (status, body) =
            upload(&server, &operator, "meme", "?brand=evil&activate=true", component("hostile")).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let hostile = |input: &'static str| {
            let (url, key) = (server.url("/api/admin/plugins/meme/generate?brand=evil"), operator.clone());
            async move {
                send(Client::new().post(url).header("x-api-key", key).json(&json!({"task": "meme", "input": input})))
                    .await
            }
        };
        let (spun, normal) = tokio::join!(hostile("loop"), try_meme(&server, &operator, ""));
        assert_eq!(normal.0, StatusCode::OK, "{}", normal.1);
        assert_eq!(spun.0, StatusCode::BAD_GATEWAY, "{}", spun.1);
        assert!(matches!(spun.1["code"].as_str(), Some("generator_timeout" | "generator_out_of_fuel")), "{}", spun.1);
        for (input, code) in
            [("trap", "generator_crashed"), ("memory", "generator_out_of_memory"), ("huge", "generator_invalid_output")]
        {
            let (status, body) = hostile(input).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_GATEWAY, Some(code)), "{input}: {body}");
            assert_eq!(body["success"], false);
        }
        assert_eq!(try_meme(&server, &operator, "").await.0, StatusCode::OK, "the host keeps serving");

        // A brand admin sees its own slots and the global ones, not other brands'.
        let (_, slots) = send(Client::new().get(server.url("/api/admin/plugins")).header("x-api-key", &admin)).await;
        assert!(slots["slots"].as_array().unwrap().iter().all(|s| s["scope"] == "acme" || s["scope"] == ""));
    });
}

/// A brand-admin key of brand `acme`, made with the CLI.
fn acme_admin(env: &Env) -> String {
    let out = env.run(&["keys", "create", "--role", "brand-admin", "--brand", "acme", "--label", "acme admin"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// The ids of the versions stored for `scope`, oldest first, and how many slots they fill.
async fn stored_versions(env: &Env, scope: &str) -> (Vec<i64>, i64) {
    let db = env.database().await;
    let ids = sqlx::query_scalar("SELECT id FROM plugin_versions WHERE scope = $1 ORDER BY id")
        .bind(scope)
        .fetch_all(&db)
        .await
        .unwrap();
    let slots = sqlx::query_scalar("SELECT COUNT(DISTINCT slot) FROM plugin_versions WHERE scope = $1")
        .bind(scope)
        .fetch_one(&db)
        .await
        .unwrap();
    (ids, slots)
}

#[test]
fn a_brand_keeps_its_cap_of_versions_and_a_slot_past_its_cap_is_refused_with_nothing_stored() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let admin = acme_admin(&env);
        let server = env.serve_with(&[("ASSET_BRAND_PLUGIN_SLOTS", "1"), ("ASSET_BRAND_PLUGIN_VERSIONS", "2")]);
        block_on(async {
            let mut ids = Vec::new();
            for (n, query) in [(1, "?activate=true"), (2, ""), (3, "")] {
                let (status, body) = upload(&server, &admin, "meme", query, &component_variant("trivial", n)).await;
                assert_eq!(status, StatusCode::CREATED, "{body}");
                ids.push(body["version"]["id"].as_i64().unwrap());
            }
            // Two kept: the active v1 and the newest v3; v2 was evicted.
            assert_eq!(stored_versions(&env, "acme").await, (vec![ids[0], ids[2]], 1));

            let (status, body) = upload(&server, &admin, "content", "", &component_variant("trivial", 4)).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("plugin_slot_limit")), "{body}");
            assert_eq!(body["success"], false);
            assert!(body["message"].as_str().unwrap().contains("slots"), "{body}");
            assert_eq!(stored_versions(&env, "acme").await, (vec![ids[0], ids[2]], 1), "nothing stored");
            let (_, served) = try_meme(&server, &admin, "").await;
            assert_eq!(served["versionId"].as_i64(), Some(ids[0]), "the active version still serves: {served}");
        });
    });
}

#[test]
fn uploads_past_their_rate_group_answer_429_with_the_rate_limit_headers() {
    let env = Env::new(Storage::Sqlite);
    let admin = acme_admin(&env);
    let operator = env.create_key(0, "operator");
    let server = env.serve_with(&[("ASSET_RATE_LIMITS", "upload=2")]);
    block_on(async {
        // Refused uploads count too: each one cost a compile attempt.
        for _ in 0..2 {
            let (status, _) = upload(&server, &admin, "meme", "", b"not a component").await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
        }
        let response = Client::new()
            .post(server.url("/api/admin/plugins/meme/versions"))
            .header("x-api-key", &admin)
            .header("content-type", "application/wasm")
            .body(component("trivial").to_vec())
            .send()
            .await
            .unwrap();
        let headers = response.headers().clone();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(headers["ratelimit-policy"], "\"upload\";q=2;w=60");
        assert!(headers["ratelimit"].to_str().unwrap().contains("r=0"), "{headers:?}");
        assert!(headers.contains_key("retry-after"));
        let body: Value = response.json().await.unwrap();
        assert_eq!((body["success"].as_bool(), body["code"].as_str()), (Some(false), Some("rate_limited")));
        // Other admin routes keep their own group; operators are never limited.
        let (status, _) = send(Client::new().get(server.url("/api/admin/plugins")).header("x-api-key", &admin)).await;
        assert_eq!(status, StatusCode::OK);
        for _ in 0..3 {
            let (status, _) = upload(&server, &operator, "meme", "", b"not a component").await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
        }
    });
}

/// Polls `server` until the global meme slot is served by `generator`; returns how long it took.
async fn wait_for_generator(server: &Server, key: &str, generator: &str) -> Duration {
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(5) {
        let (_, served) = try_meme(server, key, "").await;
        if served["generator"] == generator {
            return started.elapsed();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{generator} not served within 5 s");
}

#[test]
fn an_activation_on_one_replica_is_served_by_the_other_within_five_seconds() {
    let pg = PgDatabase::create();
    let env = Env::new(Storage::Postgres(pg.url.clone()));
    let operator = env.create_key(0, "operator");
    let (a, b) = (env.serve(), env.serve());
    block_on(async {
        assert_eq!(try_meme(&b, &operator, "").await.1["generator"], "meme@1.0.0");
        let (status, body) = upload(&a, &operator, "meme", "?activate=true", component("trivial")).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        wait_for_generator(&b, &operator, "trivial@1.0.0").await;

        // The CLI acts on the same database: a rollback reaches both replicas.
        let out = env.run(&["plugins", "rollback", "meme"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        wait_for_generator(&a, &operator, "meme@1.0.0").await;
        wait_for_generator(&b, &operator, "meme@1.0.0").await;
    });
    let listed = String::from_utf8(env.run(&["plugins", "list"]).stdout).unwrap();
    assert!(listed.contains("meme [global]") && listed.contains("trivial 1.0.0"), "{listed}");
    let audit = String::from_utf8(env.run(&["plugins", "audit"]).stdout).unwrap();
    assert!(audit.contains("rollback"), "{audit}");
}

/// Every service's example call, as `llms-full.txt` gives it to agents: (URL, body).
fn example_calls(llms: &str) -> Vec<(String, Value)> {
    llms.lines()
        .filter_map(|line| {
            let call = line.split("Example: `curl -X POST ").nth(1)?;
            let url = call.split(' ').next()?.to_string();
            let body = call.split(" -d '").nth(1)?.strip_suffix("'`")?;
            Some((url, serde_json::from_str(body).ok()?))
        })
        .collect()
}

/// A sweep of the paid routes and the generators' trial route with every role's key, none of
/// them holding a credit: no call does paid work. Each service's example call (from
/// `llms-full.txt`) is refused without a 2xx, a trial of a global slot is refused to an agent
/// (403) and to a brand admin without its own version (404), and the operator's model — a
/// loopback stand-in that counts what reaches it — hears nothing from either. The operator
/// trying the global generators on the operator's own model is the one free run, and is the
/// only one the model hears.
#[test]
fn no_role_gets_paid_work_without_paying_for_it() {
    let heard = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = heard.clone();
    let model = asset_tests::fakes::loopback_api(move |_, _| {
        counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let answer = json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": "A line."}, "finish_reason": "stop"}]});
        (200, "application/json", answer.to_string().into_bytes())
    });
    let mut env = Env::new(Storage::Sqlite);
    env.extra.push(("ASSET_MODEL_URL".into(), model));
    assert!(
        env.run(&["brands", "create", "acme", "--name", "Acme", "--hashtag", "#ACME", "--token", "$ACME"])
            .status
            .success()
    );
    let out = env.run(&["keys", "create", "--role", "brand-admin", "--brand", "acme", "--label", "acme admin"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let admin = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let (agent, operator) = (env.create_key(0, "agent"), env.create_key(0, "operator"));
    let server = env.serve();
    block_on(async {
        let llms = Client::new().get(server.url("/llms-full.txt")).send().await.unwrap().text().await.unwrap();
        // What start-up asked of the model (the built-in generators' sample inputs, which
        // validate them on the operator's account) is not a caller's.
        let at_start = heard.load(std::sync::atomic::Ordering::SeqCst);
        let calls = example_calls(&llms);
        assert!(calls.len() >= 8, "every priced service has an example call: {llms}");
        let slots = ["meme", "pitch", "content", "slideshow", "beats", "brand-voice", "invite"];
        for (role, key, trial) in
            [("agent", &agent, StatusCode::FORBIDDEN), ("brand admin", &admin, StatusCode::NOT_FOUND)]
        {
            for (url, body) in &calls {
                let before = heard.load(std::sync::atomic::Ordering::SeqCst);
                let (status, answer) = send(Client::new().post(url).header("x-api-key", key).json(body)).await;
                assert!(!status.is_success(), "{role}: {url} did work without payment: {answer}");
                let after = heard.load(std::sync::atomic::Ordering::SeqCst);
                assert_eq!(after, before, "{role}: {url} reached the model unpaid: {status} {answer}");
            }
            for slot in slots {
                let path = format!("/api/admin/plugins/{slot}/generate");
                let (status, answer) =
                    post(&server, key, &path, json!({"task": slot, "input": "a bakery in Porto"})).await;
                assert_eq!(status, trial, "{role}: {slot}: {answer}");
            }
        }
        assert_eq!(
            heard.load(std::sync::atomic::Ordering::SeqCst),
            at_start,
            "the operator's model heard no unpaid call"
        );
        let (status, tried) = try_meme(&server, &operator, "").await;
        assert_eq!((status, tried["servedScope"].as_str()), (StatusCode::OK, Some("")), "{tried}");
    });
}
