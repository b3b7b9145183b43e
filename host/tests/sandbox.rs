//! The sandbox against hostile components (tests/plugins/hostile): each misbehaviour is stopped
//! within its limit with a clear error while normal calls keep being served; the registry
//! refuses what does not validate; hot swaps under load lose no request.

use std::sync::Arc;
use std::time::Duration;

use asset_host::plugins::registry::GLOBAL;
use asset_host::plugins::{Actor, Capability, Limits, PluginError, Registry, RegistryError, Sandbox};
use asset_host::plugins::{GenerateError, HostServices, Request};
use asset_host::store::Db;
use asset_tests::component;

use crate::common::sandboxes::cached;

fn request(input: &str) -> Request {
    Request {
        task: "meme".into(),
        kind: Some("image".into()),
        input: input.into(),
        reading: asset_host::plugins::reading::of(input),
        language: "en".into(),
        seed: 1,
        brand: None,
        options: Vec::new(),
    }
}

/// A short wall-clock budget and fuel to spare, so spinning ends by timeout.
const FAST: Limits = Limits { timeout_ms: 400, fuel: u64::MAX / 4, ..Limits::GLOBAL };

async fn call(
    sandbox: &Sandbox,
    name: &str,
    input: &str,
    limits: Limits,
    caps: &[Capability],
) -> Result<String, PluginError> {
    let prepared = sandbox.prepare(component(name)).expect("fixture compiles");
    let content = sandbox.generate(&prepared, limits, caps, name, &request(input)).await?;
    Ok(content.blocks.iter().map(|b| b.text.clone()).collect::<Vec<_>>().join("|"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_misbehaviour_is_stopped_with_a_clear_error() {
    let sandbox = cached(Default::default());
    let s = &sandbox;
    assert_eq!(call(s, "hostile", "ok", FAST, &[]).await.unwrap(), "fine");

    let spun = call(s, "hostile", "loop", FAST, &[]).await;
    assert!(matches!(spun, Err(PluginError::Timeout)), "{spun:?}");

    let fuel_only = Limits { fuel: 5_000_000, timeout_ms: 30_000, ..Limits::GLOBAL };
    assert!(matches!(call(s, "hostile", "loop", fuel_only, &[]).await, Err(PluginError::OutOfFuel)));
    assert!(matches!(call(s, "hostile", "memory", FAST, &[]).await, Err(PluginError::OutOfMemory)));
    match call(s, "hostile", "recursion", FAST, &[]).await {
        Err(PluginError::Trap(why)) => assert!(why.contains("stack"), "{why}"),
        other => panic!("recursion: {other:?}"),
    }
    assert!(matches!(call(s, "hostile", "huge", FAST, &[]).await, Err(PluginError::InvalidOutput(_))));
    // Within the byte cap, out of shape: 5,000 cards, or one 20,000-character block.
    match call(s, "hostile", "cards", FAST, &[]).await {
        Err(PluginError::InvalidOutput(why)) => assert!(why.contains("`card` blocks"), "{why}"),
        other => panic!("cards: {other:?}"),
    }
    assert!(matches!(call(s, "hostile", "wide", FAST, &[]).await, Err(PluginError::InvalidOutput(_))));
    assert!(matches!(call(s, "hostile", "trap", FAST, &[]).await, Err(PluginError::Trap(_))));
    assert!(matches!(call(s, "hostile", "panic", FAST, &[]).await, Err(PluginError::Trap(_))));
    for escape in ["file", "env", "socket"] {
        match call(s, "hostile", escape, FAST, &[]).await {
            Err(PluginError::Refused(GenerateError::Internal(why))) => {
                assert!(!why.contains("root:"), "{escape}: {why}")
            }
            other => panic!("{escape} must fail inside the sandbox, got {other:?}"),
        }
    }
    // Ten completions against a quota of four: six are refused; without the grant, all are denied.
    assert_eq!(call(s, "hostile", "quota", FAST, &[Capability::Completion]).await.unwrap(), "refused 6");
    assert_eq!(call(s, "hostile", "quota", FAST, &[]).await.unwrap(), "refused 0");
    assert_eq!(call(s, "hostile", "chatty", FAST, &[]).await.unwrap(), "said a lot");
    assert_eq!(call(s, "hostile", "ok", FAST, &[]).await.unwrap(), "fine", "the sandbox still serves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_normal_call_succeeds_while_a_hostile_one_spins() {
    let sandbox = Arc::new(cached(Default::default()));
    let slow = Limits { timeout_ms: 8_000, fuel: u64::MAX / 4, ..Limits::GLOBAL };
    let trivial = sandbox.prepare(component("trivial")).unwrap();
    let spinner = {
        let sandbox = sandbox.clone();
        tokio::spawn(async move { call(&sandbox, "hostile", "loop", slow, &[]).await })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    for _ in 0..20 {
        let content = sandbox.generate(&trivial, Limits::GLOBAL, &[], "trivial", &request("hello")).await.unwrap();
        assert_eq!(content.blocks[0].text, "hello");
    }
    assert!(!spinner.is_finished(), "the normal calls were served while the hostile one was still spinning");
    assert!(matches!(spinner.await.unwrap(), Err(PluginError::Timeout)));
}

#[tokio::test]
async fn invalid_bytes_and_the_wrong_world_are_refused() {
    let sandbox = cached(Default::default());
    assert!(matches!(sandbox.prepare(b"\0asm but not really"), Err(PluginError::Invalid(_))));
    match sandbox.prepare(component("wrong-world")) {
        Err(PluginError::Invalid(why)) => {
            assert!(why.contains("describe") || why.contains("generate") || why.contains("export"), "{why}")
        }
        other => panic!("wrong world accepted: {:?}", other.err()),
    }
}

#[tokio::test]
async fn a_component_of_the_frozen_world_1_0_0_is_still_validated_and_served_unchanged() {
    let (registry, _dir) = registry().await;
    let op = operator();
    // Uploaded as a brand admin would have built it before 1.1.0: validated with its sample,
    // activated, and called with today's requests (their reading is not passed to it).
    let version = registry.upload(&op, "meme", GLOBAL, component("legacy")).await.unwrap();
    assert_eq!((version.manifest.name.as_str(), version.world.as_str()), ("legacy", "asset:generator@1.0.0"));
    registry.activate(&op, "meme", GLOBAL, version.id).await.unwrap();
    let (content, _) =
        registry.generate("meme", None, &Request { language: "ja".into(), ..request("Acme Notes") }).await.unwrap();
    assert_eq!(content.blocks[0].text, "Acme Notes [ja]");
    let sandbox = cached(Default::default());
    let latest = sandbox.prepare(component("trivial")).unwrap();
    assert_eq!(latest.world(), asset_host::plugins::World::V1_1_0, "the guest crate builds the latest world");
}

async fn registry() -> (Registry, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::connect(&Db::sqlite_url(dir.path()), 4).await.unwrap();
    db.migrate().await.unwrap();
    let sandbox = Sandbox::new(Some(dir.path().join("cache")), Default::default()).unwrap();
    (Registry::new(db, Arc::new(sandbox)), dir)
}

fn operator() -> Actor {
    Actor { name: "op".into(), role: asset_host::auth::Role::Operator, brand: None }
}

#[tokio::test]
async fn uploads_are_validated_and_refusals_are_audited() {
    let (registry, _dir) = registry().await;
    let op = operator();
    assert!(matches!(registry.upload(&op, "meme", GLOBAL, b"garbage").await, Err(RegistryError::Rejected(_))));
    assert!(matches!(
        registry.upload(&op, "meme", GLOBAL, component("wrong-world")).await,
        Err(RegistryError::Rejected(_))
    ));
    assert!(matches!(
        registry.upload(&op, "Bad Slot", GLOBAL, component("trivial")).await,
        Err(RegistryError::BadRequest(_))
    ));
    let cache = _dir.path().join("cache");
    let cached = || std::fs::read_dir(&cache).unwrap().count();
    assert_eq!(cached(), 0, "refused uploads leave no compiled artifact");
    let version = registry.upload(&op, "meme", GLOBAL, component("trivial")).await.unwrap();
    assert_eq!(cached(), 1, "validated: its compilation is kept, so serving it compiles nothing");
    let again = registry.upload(&op, "meme", GLOBAL, component("trivial")).await.unwrap();
    assert_eq!(version.id, again.id, "same bytes, same version");
    assert_eq!(version.manifest.name, "trivial");
    let audit = registry.audit(10).await.unwrap();
    assert_eq!(audit.iter().filter(|e| e.outcome == "rejected").count(), 2);
    let admin = Actor { name: "acme".into(), role: asset_host::auth::Role::BrandAdmin, brand: Some("acme".into()) };
    let large = vec![0u8; 5 * 1024 * 1024];
    match registry.upload(&admin, "meme", "acme", &large).await {
        Err(RegistryError::Rejected(why)) => assert!(why.contains("4 MiB"), "{why}"),
        other => panic!("a brand admin's 5 MiB upload: {other:?}"),
    }

    assert!(registry.resolve("meme", None).is_none(), "uploading does not activate");
    registry.activate(&op, "meme", GLOBAL, version.id).await.unwrap();
    let (content, served) = registry.generate("meme", None, &request("hi")).await.unwrap();
    assert_eq!((served.version_id, content.blocks[0].text.as_str()), (version.id, "hi"));
    assert_eq!(cached(), 1, "the loaded version is cached");
    std::fs::write(cache.join(format!("{}-0000.cwasm", "ab".repeat(32))), b"unused").unwrap();
    assert_eq!(registry.sweep_cache().await.unwrap(), 1, "an artifact no slot serves is evicted");
    assert_eq!(cached(), 1, "the served one stays");

    // A cached artifact that does not match its checksum is compiled again, never trusted.
    let file = std::fs::read_dir(&cache).unwrap().next().unwrap().unwrap().path();
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0xff;
    std::fs::write(&file, &bytes).unwrap();
    let sandbox = Sandbox::new(Some(cache.clone()), Default::default()).unwrap();
    let prepared = sandbox.prepare(component("trivial")).expect("recompiled");
    let content = sandbox.generate(&prepared, Limits::GLOBAL, &[], "trivial", &request("again")).await.unwrap();
    assert_eq!(content.blocks[0].text, "again");
    assert_ne!(std::fs::read(&file).unwrap(), bytes, "the bad artifact was replaced");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_swapping_twenty_times_under_load_loses_no_request() {
    let (registry, _dir) = registry().await;
    let registry = Arc::new(registry);
    let op = operator();
    registry.install_builtins(&asset_host::plugins::builtins()).await.unwrap();
    let meme = registry.resolve("meme", None).unwrap().version_id;
    let trivial = registry.upload(&op, "meme", GLOBAL, component("trivial")).await.unwrap().id;

    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let clients: Vec<_> = (0..2)
        .map(|_| {
            let (registry, stop) = (registry.clone(), stop.clone());
            tokio::spawn(async move {
                let mut served = Vec::new();
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let (content, loaded) =
                        registry.generate("meme", None, &request("swap me")).await.expect("no request fails");
                    let roles: Vec<String> = content.blocks.iter().map(|b| b.role.clone()).collect();
                    served.push((loaded.version_id, roles));
                }
                served
            })
        })
        .collect();
    for swap in 0..24 {
        let target = if swap % 2 == 0 { trivial } else { meme };
        registry.activate(&op, "meme", GLOBAL, target).await.unwrap();
        tokio::time::sleep(Duration::from_millis(15)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut by_version = std::collections::HashMap::new();
    for client in clients {
        for (version, roles) in client.await.unwrap() {
            let expected: &[&str] = if version == trivial { &["echo"] } else { &["top", "bottom"] };
            assert_eq!(roles, expected, "a response mixes versions");
            *by_version.entry(version).or_insert(0) += 1;
        }
    }
    assert_eq!(by_version.len(), 2, "both versions served: {by_version:?}");
    let slot = registry.slot("meme", GLOBAL).await.unwrap();
    assert_eq!(slot.active_version_id, Some(meme));
    assert_eq!(slot.previous_version_id, Some(trivial));
    registry.rollback(&op, "meme", GLOBAL).await.unwrap();
    assert_eq!(registry.resolve("meme", None).unwrap().version_id, trivial, "rollback activates the previous version");
}

/// A loopback web server answering every request with `response`; returns its base URL.
async fn serve_loopback(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    base
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn page_summaries_go_through_the_ssrf_guard() {
    use axum::routing::get;
    let site = axum::Router::new()
        .route("/", get(|| async {
            axum::response::Html("<html><head><title>Acme Anvils</title><meta name=\"description\" content=\"Heavy things\"></head><body><p>We ship anvils.</p><script>x()</script></body></html>")
        }))
        .route("/moved", get(|| async { axum::response::Redirect::temporary("http://169.254.169.254/") }));
    let base = serve_loopback(site).await;
    let all = [Capability::Completion, Capability::FetchSummary];

    let default = cached(Default::default());
    let refused = call(&default, "hostile", &format!("fetch {base}/"), FAST, &all).await.unwrap();
    assert!(refused.starts_with("HostError::Rejected") && refused.contains("loopback"), "{refused}");
    let metadata =
        call(&default, "hostile", "fetch http://169.254.169.254/latest/meta-data/", FAST, &all).await.unwrap();
    assert!(metadata.contains("Rejected"), "{metadata}");

    // An operator may allow a private network (an intranet); here, loopback for the test server.
    let services = HostServices {
        model: None,
        guard: asset_host::net::Guard::new(vec!["127.0.0.0/8".parse().unwrap()], None).unwrap(),
    };
    let intranet = cached(services);
    let page = call(&intranet, "hostile", &format!("fetch {base}/"), FAST, &all).await.unwrap();
    assert_eq!(page, "title: Acme Anvils; description: Heavy things; text: We ship anvils.");
    let redirected = call(&intranet, "hostile", &format!("fetch {base}/moved"), FAST, &all).await.unwrap();
    assert!(redirected.contains("HTTP 307"), "redirects are not followed: {redirected}");
    let denied = call(&intranet, "hostile", &format!("fetch {base}/"), FAST, &[]).await.unwrap();
    assert!(denied.starts_with("HostError::Denied"), "without the grant: {denied}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn completions_go_to_the_configured_model() {
    use axum::{Json, http::HeaderMap, routing::post};
    let model = axum::Router::new().route(
        "/v1/chat/completions",
        post(|headers: HeaderMap, Json(body): Json<serde_json::Value>| async move {
            let authorized = headers.get("authorization").is_some_and(|v| v == "Bearer secret-key");
            let prompt = body["messages"][1]["content"].as_str().unwrap_or_default().to_string();
            let reply = if authorized && body["model"] == "test-model" {
                format!("echo {prompt}")
            } else {
                "wrong request".into()
            };
            Json(serde_json::json!({"choices": [{"message": {"role": "assistant", "content": reply}}]}))
        }),
    );
    let base = serve_loopback(model).await;
    let timeout = std::time::Duration::from_secs(30);
    let client =
        asset_host::model::ModelClient::new(&format!("{base}/v1"), "test-model", Some("secret-key".into()), timeout)
            .unwrap();
    let services = HostServices { model: Some(client), guard: asset_host::net::Guard::new(Vec::new(), None).unwrap() };
    let sandbox = cached(services);
    let answer = call(&sandbox, "hostile", "complete hello there", FAST, &[Capability::Completion]).await.unwrap();
    assert_eq!(answer, "answer: echo hello there");
    let refused = call(&sandbox, "hostile", "bad schema", FAST, &[Capability::Completion]).await.unwrap();
    assert!(refused.contains("Rejected") && refused.contains("json-schema"), "{refused}");

    let without = cached(Default::default());
    let unavailable = call(&without, "hostile", "complete hello", FAST, &[Capability::Completion]).await.unwrap();
    assert!(unavailable.contains("no model is configured"), "{unavailable}");
}

/// `component` with `modules` more core modules appended, each instantiated once and each
/// defining a memory of `pages` 64 KiB pages when `pages` is given: a generator that works but
/// is built of many modules, as a hostile author would build one to take more than its share of
/// the pool. The sections go after the component's own, so none of its indices move.
fn with_extra_modules(component: &[u8], modules: u32, pages: Option<u32>) -> Vec<u8> {
    fn leb(mut n: u64, out: &mut Vec<u8>) {
        loop {
            let byte = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                return out.push(byte);
            }
            out.push(byte | 0x80);
        }
    }
    fn section(id: u8, payload: &[u8], out: &mut Vec<u8>) {
        out.push(id);
        leb(payload.len() as u64, out);
        out.extend_from_slice(payload);
    }
    // The component's own core modules (section 1) come first in the module index space.
    let (mut at, mut existing) = (8, 0u64);
    while at < component.len() {
        let id = component[at];
        let (mut size, mut shift) = (0u64, 0);
        at += 1;
        loop {
            let byte = component[at];
            at += 1;
            size |= u64::from(byte & 0x7f) << shift;
            shift += 7;
            if byte & 0x80 == 0 {
                break;
            }
        }
        existing += u64::from(id == 1);
        at += size as usize;
    }
    let mut module = b"\0asm\x01\0\0\0".to_vec();
    if let Some(pages) = pages {
        let mut memory = vec![1, 0];
        leb(u64::from(pages), &mut memory);
        section(5, &memory, &mut module);
    }
    let mut out = component.to_vec();
    for i in 0..u64::from(modules) {
        section(1, &module, &mut out);
        // One core instance: `instantiate` (0x00) that module with no arguments.
        let mut instance = vec![1, 0];
        leb(existing + i, &mut instance);
        instance.push(0);
        section(2, &instance, &mut out);
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_component_of_many_modules_gets_no_more_than_its_share() {
    let sandbox = Arc::new(cached(Default::default()));
    let trivial = component("trivial");
    // The appended modules really are instantiated: without them capped, each would be a pool
    // slot. Many instances, many memories: refused before they cost a compile's worth of pool.
    match sandbox.prepare(&with_extra_modules(trivial, 40, None)) {
        Err(PluginError::Invalid(why)) => assert!(why.contains("core module instances"), "{why}"),
        other => panic!("40 more core instances: {:?}", other.err()),
    }
    match sandbox.prepare(&with_extra_modules(trivial, 8, Some(1))) {
        Err(PluginError::Invalid(why)) => assert!(why.contains("linear memories"), "{why}"),
        other => panic!("8 more memories: {:?}", other.err()),
    }
    // Three memories of 30 MiB each: every one under the 64 MiB cap, together over it.
    let wide = sandbox.prepare(&with_extra_modules(trivial, 3, Some(480))).expect("4 memories are allowed");
    assert_eq!(wide.structure().memories, 4);
    let got = sandbox.generate(&wide, Limits::GLOBAL, &[], "wide", &request("hi")).await;
    assert!(matches!(got, Err(PluginError::OutOfMemory)), "{got:?}");
    // Brands get fewer memories: the same component is refused as a brand's upload.
    let (registry, _dir) = registry().await;
    let admin = Actor { name: "acme".into(), role: asset_host::auth::Role::BrandAdmin, brand: Some("acme".into()) };
    match registry.upload(&admin, "meme", "acme", &with_extra_modules(trivial, 3, Some(1))).await {
        Err(RegistryError::Rejected(why)) => assert!(why.contains("4 memories"), "{why}"),
        other => panic!("a brand's 4-memory component: {other:?}"),
    }

    // The largest component the engine takes, called 32 at a time without pause, leaves the
    // pool room for every normal call.
    let mut extra = 12;
    let heavy = loop {
        match sandbox.prepare(&with_extra_modules(trivial, extra, None)) {
            Ok(prepared) => break Arc::new(prepared),
            Err(_) if extra > 0 => extra -= 1,
            Err(e) => panic!("trivial itself does not fit: {e:?}"),
        }
    };
    let normal = sandbox.prepare(trivial).unwrap();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let hogs: Vec<_> = (0..32)
        .map(|_| {
            let (sandbox, heavy, stop) = (sandbox.clone(), heavy.clone(), stop.clone());
            tokio::spawn(async move {
                let mut calls = 0u32;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    sandbox.generate(&heavy, Limits::GLOBAL, &[], "heavy", &request("hog")).await.unwrap();
                    calls += 1;
                }
                calls
            })
        })
        .collect();
    for i in 0..200 {
        match sandbox.generate(&normal, Limits::GLOBAL, &[], "trivial", &request("hello")).await {
            Ok(content) => assert_eq!(content.blocks[0].text, "hello"),
            Err(e) => panic!("normal call {i} beside the heavy ones: {e:?}"),
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut hogged = 0;
    for hog in hogs {
        hogged += hog.await.unwrap();
    }
    assert!(hogged > 0, "the heavy calls ran beside the normal ones");
}

#[tokio::test]
async fn structured_output_is_asked_for_and_plain_json_from_an_endpoint_without_it() {
    use axum::{Json, routing::post};
    // An endpoint that refuses `json_schema` (400) but answers `json_object`.
    let model = axum::Router::new().route(
        "/v1/chat/completions",
        post(|Json(body): Json<serde_json::Value>| async move {
            match body["response_format"]["type"].as_str() {
                Some("json_schema") => Err(axum::http::StatusCode::BAD_REQUEST),
                Some("json_object") => {
                    Ok(Json(serde_json::json!({"choices": [{"message": {"content": "{\"lines\": [\"ok\"]}"}}]})))
                }
                _ => Ok(Json(serde_json::json!({"choices": [{"message": {"content": "plain"}}]}))),
            }
        }),
    );
    let base = serve_loopback(model).await;
    let client =
        asset_host::model::ModelClient::new(&format!("{base}/v1"), "m", None, std::time::Duration::from_secs(5))
            .unwrap();
    let schema = serde_json::json!({"type": "object"});
    assert_eq!(client.complete("s", "p", 10, Some(&schema)).await.unwrap(), "{\"lines\": [\"ok\"]}");
    assert_eq!(client.complete("s", "p", 10, None).await.unwrap(), "plain");
}
