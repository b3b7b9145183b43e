//! The meme route end to end, the first priced route: credits by kind, refunds when the
//! generator fails, 402 with nothing made, idempotent replays, the create rate limit, brands
//! with meme mode off, every bad field, the deprecated alias, and the escaped public page.

use asset_tests::{Env, Server, component, each_storage};
use reqwest::{Client, StatusCode, header::HeaderMap};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn meme(
    server: &Server,
    path: &str,
    key: &str,
    body: Value,
    idempotency: Option<&str>,
) -> (StatusCode, HeaderMap, Value) {
    let mut request = Client::new().post(server.url(path)).header("x-api-key", key).json(&body);
    if let Some(k) = idempotency {
        request = request.header("idempotency-key", k);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.json().await.unwrap_or(Value::Null))
}

const MEMES: &str = "/api/agent/brands/memes";

async fn credits(server: &Server, key: &str) -> i64 {
    let response = Client::new().get(server.url("/api/agent/me")).header("x-api-key", key).send().await.unwrap();
    response.json::<Value>().await.unwrap()["credits"].as_i64().unwrap()
}

#[test]
fn memes_charge_by_kind_refund_failures_and_replay_idempotently() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let operator = env.create_key(5, "operator");
        let agent = env.create_key(5, "agent");
        for (key, name) in [("acme", "Acme"), ("evil", "Evil"), ("quiet", "Quiet")] {
            let tag = format!("#{}", key.to_uppercase());
            let token = format!("${}", key.to_uppercase());
            assert!(
                env.run(&["brands", "create", key, "--name", name, "--hashtag", &tag, "--token", &token])
                    .status
                    .success()
            );
        }
        assert!(env.run(&["brands", "meme-mode", "quiet", "off"]).status.success());
        let server = env.serve();
        block_on(async {
            // A generator that fails on demand, serving only the "evil" brand.
            let (status, _) =
                server.upload_plugin(&operator, "meme", "?brand=evil&activate=true", component("hostile")).await;
            assert_eq!(status, StatusCode::CREATED);

            let (status, _, body) = meme(
                &server,
                MEMES,
                &agent,
                json!({"input": "Agents paying their own way", "kind": "hottake", "brand": "acme"}),
                None,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(
                (body["success"].as_bool(), body["creditCost"].as_i64(), body["creditsRemaining"].as_i64()),
                (Some(true), Some(1), Some(4))
            );
            assert_eq!((body["meme"]["kind"].as_str(), body["meme"]["imageUrl"].as_str()), (Some("hottake"), None));
            assert_eq!((body["brand"]["key"].as_str(), body["brand"]["name"].as_str()), (Some("acme"), Some("Acme")));
            let page_url = body["meme"]["url"].as_str().unwrap().to_string();

            let (status, _, body) = meme(
                &server,
                MEMES,
                &agent,
                json!({"brief": "ship it", "kind": "hybrid",
                "brandProfile": {"name": "Ad Hoc", "voice": "Dry.", "hashtag": "#ADHOC", "token": "$ADH"}}),
                None,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!((body["creditCost"].as_i64(), body["creditsRemaining"].as_i64()), (Some(2), Some(2)));
            assert_eq!(body["brand"]["key"], "adhoc");

            // The generator traps: 502, and the charge is refunded.
            let (status, _, body) = meme(&server, MEMES, &agent, json!({"input": "trap", "brand": "evil"}), None).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_GATEWAY, Some("generator_crashed")), "{body}");
            assert_eq!(credits(&server, &agent).await, 2, "refunded");

            // 402 with nothing made or charged.
            let (status, _, body) =
                meme(&server, MEMES, &agent, json!({"input": "x", "kind": "hybrid"}), Some("short-1")).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, _, body) = meme(&server, MEMES, &agent, json!({"input": "y", "kind": "hybrid"}), None).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::PAYMENT_REQUIRED, Some("insufficient_credits")));
            assert_eq!((body["details"]["needed"].as_i64(), body["details"]["balance"].as_i64()), (Some(2), Some(0)));

            // The same Idempotency-Key and body replays without a charge; another body is 422.
            let (status, headers, replay) =
                meme(&server, MEMES, &agent, json!({"input": "x", "kind": "hybrid"}), Some("short-1")).await;
            assert_eq!((status, headers.get("idempotent-replayed").is_some()), (StatusCode::OK, true), "{replay}");
            assert_eq!(replay["creditsRemaining"], 0);
            let (status, _, _) = meme(&server, MEMES, &agent, json!({"input": "z"}), Some("short-1")).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

            // The page shows the meme, escaped, with Open Graph tags.
            let html = Client::new().get(&page_url).send().await.unwrap().text().await.unwrap();
            assert!(html.contains("og:title") && html.contains("Agents paying their own way"), "{html}");
            let (_, _, body) = meme(
                &server,
                MEMES,
                &operator,
                json!({"input": "<script>alert(1)</script> & friends", "kind": "reply"}),
                None,
            )
            .await;
            // No brand named: the service's own, with no empty strings for what it lacks.
            assert_eq!(
                body["brand"],
                json!({"key": "house", "name": "Agent Assets", "hashtag": null, "token": null}),
                "{body}"
            );
            let html =
                Client::new().get(body["meme"]["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
            assert!(
                !html.contains("<script>alert(1)")
                    && html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; friends"),
                "{html}"
            );

            // A brand with meme mode off: 403, nothing charged.
            let before = credits(&server, &operator).await;
            let (status, _, body) =
                meme(&server, MEMES, &operator, json!({"input": "hello", "brand": "quiet"}), None).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("meme_mode_off")));
            assert_eq!(credits(&server, &operator).await, before);

            // The deprecated alias answers the same, with Deprecation and Link headers.
            let (status, headers, body) = meme(
                &server,
                "/api/agent/legacy/memes",
                &operator,
                json!({"input": "legacy", "kind": "confession"}),
                None,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(headers["deprecation"], "true");
            assert!(headers["link"].to_str().unwrap().contains("/api/agent/brands/memes"));
        });
    });
}

#[test]
fn every_bad_field_is_a_400_and_the_11th_create_in_a_minute_is_429() {
    let env = Env::new(asset_tests::Storage::Sqlite);
    // Operators are not rate limited, so eleven bad requests can be checked with one key.
    let agent = env.create_key(50, "operator");
    let server = env.serve();
    block_on(async {
        let long = "x".repeat(2001);
        for (body, code) in [
            (json!({}), "missing_input"),
            (json!({"input": "   "}), "missing_input"),
            (json!({"input": long}), "input_too_long"),
            (json!({"input": "a", "brief": "b"}), "conflicting_input"),
            (json!({"input": "a", "kind": "gif"}), "unsupported_kind"),
            (json!({"input": "a", "language": "klingon"}), "unsupported_language"),
            (json!({"input": "a", "brand": "nope"}), "unknown_brand"),
            (
                json!({"input": "a", "brand": "x", "brandProfile": {"name": "A", "hashtag": "#A", "token": "$A"}}),
                "conflicting_brand",
            ),
            (json!({"input": "a", "brandProfile": {"name": "A", "hashtag": "A", "token": "$A"}}), "invalid_brand"),
            (json!({"input": "a", "brandProfile": {"name": "A", "hashtag": "#A", "token": "$a"}}), "invalid_brand"),
            (json!({"input": 5}), "invalid_request"),
        ] {
            let (status, _, response) = meme(&server, MEMES, &agent, body.clone(), None).await;
            assert_eq!(
                (status, response["code"].as_str()),
                (StatusCode::BAD_REQUEST, Some(code)),
                "{body}: {response}"
            );
        }
    });
    let fresh = env.create_key(50, "agent");
    block_on(async {
        // Eleven at once: all reach the limiter within milliseconds (the bucket refills one
        // call per 6 s), however long their pictures then take to draw.
        let calls = (1..=11).map(|i| {
            meme(
                &server,
                MEMES,
                &fresh,
                json!({"input": format!("idea {i}"), "kind": "hottake", "language": "English"}),
                None,
            )
        });
        let answers = futures::future::join_all(calls).await;
        let made = answers.iter().filter(|(status, _, _)| *status == StatusCode::OK).count();
        assert_eq!(made, 10, "{:?}", answers.iter().map(|(s, _, b)| (s, b)).collect::<Vec<_>>());
        let (status, headers, body) = answers.iter().find(|(status, _, _)| *status != StatusCode::OK).unwrap();
        assert_eq!((*status, body["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited")));
        assert!(headers.get("retry-after").is_some());
        assert_eq!(credits(&server, &fresh).await, 40, "ten charged, the refused one not");
    });
}

#[test]
fn two_serve_processes_charging_one_balance_never_overdraw_or_lose_a_charge() {
    let pg = asset_tests::PgDatabase::create();
    let env = Env::new(asset_tests::Storage::Postgres(pg.url.clone()));
    // An operator key is not rate limited, so all sixty requests reach the charge.
    let key = env.create_key(30, "operator");
    let (a, b) = (env.serve(), env.serve());
    block_on(async {
        let calls: Vec<_> = (0..60)
            .map(|i| {
                let url = if i % 2 == 0 { a.url(MEMES) } else { b.url(MEMES) };
                let key = key.clone();
                tokio::spawn(async move {
                    let response = Client::new()
                        .post(url)
                        .header("x-api-key", key)
                        .json(&json!({"input": format!("race {i}")}))
                        .send()
                        .await
                        .unwrap();
                    (response.status(), response.text().await.unwrap_or_default())
                })
            })
            .collect();
        let (mut by_status, mut unexpected) = (std::collections::BTreeMap::new(), Vec::new());
        for call in calls {
            let (status, body) = call.await.unwrap();
            *by_status.entry(status.as_u16()).or_insert(0) += 1;
            if ![200, 402].contains(&status.as_u16()) {
                unexpected.push(body);
            }
        }
        assert_eq!(by_status, std::collections::BTreeMap::from([(200, 30), (402, 30)]), "{unexpected:?}");
        assert_eq!(credits(&a, &key).await, 0);
        assert_eq!(credits(&b, &key).await, 0);
    });
    let listed = String::from_utf8(env.run(&["keys", "list"]).stdout).unwrap();
    assert!(listed.lines().any(|l| l.starts_with(&key[..11]) && l.split_whitespace().nth(2) == Some("0")), "{listed}");
}

/// Whether `text` has a character of the script `language` is written in (Latin languages:
/// not the English phrasing).
/// How the English hot takes open, which no other language's may.
const ENGLISH_TAKES: [&str; 4] = ["Hot take:", "Unpopular opinion:", "Say it with me:", "In five years,"];

fn in_own_script(language: &str, text: &str) -> bool {
    let any = |range: std::ops::RangeInclusive<u32>| text.chars().any(|c| range.contains(&(c as u32)));
    match language {
        "ar" | "fa" => any(0x0600..=0x06FF),
        "hi" => any(0x0900..=0x097F),
        "bn" => any(0x0980..=0x09FF),
        "th" => any(0x0E00..=0x0E7F),
        "ru" | "uk" => any(0x0400..=0x04FF),
        "zh" => any(0x4E00..=0x9FFF),
        "ja" => any(0x3040..=0x30FF),
        "ko" => any(0xAC00..=0xD7AF),
        "en" => ENGLISH_TAKES.iter().any(|t| text.contains(t)),
        _ => !text.is_empty() && !ENGLISH_TAKES.iter().any(|t| text.contains(t)),
    }
}

#[test]
fn every_language_writes_in_its_own_script() {
    let env = Env::new(asset_tests::Storage::Sqlite);
    let key = env.create_key(30, "operator");
    let server = env.serve();
    let languages = [
        ("English", "en"),
        ("Español", "es"),
        ("pt", "pt"),
        ("French", "fr"),
        ("Deutsch", "de"),
        ("it", "it"),
        ("Dutch", "nl"),
        ("Polski", "pl"),
        ("Türkçe", "tr"),
        ("Русский", "ru"),
        ("Ukrainian", "uk"),
        ("العربية", "ar"),
        ("Persian", "fa"),
        ("हिन्दी", "hi"),
        ("Bengali", "bn"),
        ("id", "id"),
        ("Malay", "ms"),
        ("Vietnamese", "vi"),
        ("ไทย", "th"),
        ("Chinese (Simplified)", "zh"),
        ("日本語", "ja"),
        ("KO", "ko"),
        ("Swahili", "sw"),
    ];
    block_on(async {
        for (name, code) in languages {
            let (status, _, body) =
                meme(&server, MEMES, &key, json!({"input": "rockets", "kind": "hottake", "language": name}), None)
                    .await;
            assert_eq!(status, StatusCode::OK, "{name}: {body}");
            let html =
                Client::new().get(body["meme"]["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
            let take = html.split("class=\"take\">").nth(1).and_then(|t| t.split("</p>").next()).unwrap_or_default();
            assert!(in_own_script(code, take), "{name}: {take:?}");
            assert!(html.contains(&format!("lang=\"{code}\"")), "{name}");
        }
    });
}

/// Rows of `meme_images` for meme `id`, read from the test's database.
async fn drawn_pictures(env: &Env, id: &str) -> i64 {
    let db = env.database().await;
    let n = sqlx::query_scalar("SELECT COUNT(*) FROM meme_images WHERE meme_id = $1").bind(id).fetch_one(&db).await;
    db.close().await;
    n.unwrap()
}

#[test]
fn a_picture_no_answer_names_is_drawn_when_first_asked_for_and_kept() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let key = env.create_key(5, "agent");
        let server = env.serve();
        block_on(async {
            let (status, _, body) =
                meme(&server, MEMES, &key, json!({"input": "lazy pictures, eager pages", "kind": "hottake"}), None)
                    .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert!(body["meme"]["imageUrl"].is_null(), "no field names the picture");
            let page = body["meme"]["url"].as_str().unwrap().to_string();
            let id = page.rsplit('/').next().unwrap().to_string();
            assert_eq!(drawn_pictures(&env, &id).await, 0, "not drawn with the meme");

            // The page names it; five first requests at once all get the same picture.
            let html = Client::new().get(&page).send().await.unwrap().text().await.unwrap();
            let picture = format!("{page}/1.png");
            assert!(html.contains(&picture), "the page shows {picture}");
            let fetches = (0..5).map(|_| async { Client::new().get(&picture).send().await.unwrap() });
            let mut bodies = Vec::new();
            for response in futures::future::join_all(fetches).await {
                assert_eq!(response.status(), StatusCode::OK);
                assert_eq!(response.headers()["content-type"], "image/png");
                bodies.push(response.bytes().await.unwrap());
            }
            assert_eq!(&bodies[0][1..4], b"PNG");
            assert!(bodies.iter().all(|b| *b == bodies[0]), "one picture, however many drew it");
            assert_eq!(drawn_pictures(&env, &id).await, 1, "kept once");
            let again = Client::new().get(&picture).send().await.unwrap().bytes().await.unwrap();
            assert_eq!(again, bodies[0]);
            // A position the meme does not have is missing, and draws nothing.
            let missing = Client::new().get(format!("{page}/2.png")).send().await.unwrap();
            assert_eq!(missing.status(), StatusCode::NOT_FOUND);

            // A carousel's pictures are named, so they are drawn with it.
            let (_, _, body) =
                meme(&server, MEMES, &key, json!({"input": "slides, drawn now", "kind": "carousel"}), None).await;
            let id = body["meme"]["url"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
            assert!(drawn_pictures(&env, &id).await >= 2, "a carousel's slides are drawn with it");
        });
    });
}

/// A loopback site that counts the requests it gets: `/` is a bakery's page.
fn counted_site() -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    let hits = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let counter = hits.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            use std::io::{Read, Write};
            let _ = stream.read(&mut [0u8; 4096]);
            let body = r#"<html><head><title>Forno Azul | Home</title>
                <meta property="og:site_name" content="Forno Azul">
                <meta name="description" content="Sourdough bread baked every morning in Porto."></head>
                <body><h1>Bread worth waking up for</h1></body></html>"#;
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
        }
    });
    (base, hits)
}

#[test]
fn a_url_is_read_once_for_many_memes_and_a_site_that_cannot_be_read_still_makes_one() {
    let mut env = Env::new(asset_tests::Storage::Sqlite);
    env.extra.push(("ASSET_FETCH_ALLOW".into(), "127.0.0.1/32".into()));
    env.extra.push(("ASSET_RATE_LIMITS".into(), "create=100".into()));
    let key = env.create_key(30, "operator");
    let server = env.serve();
    let (site, hits) = counted_site();
    block_on(async {
        for (kind, language) in [("hottake", "en"), ("image", "ja"), ("confession", "pt")] {
            let body = json!({"input": format!("{site}/"), "kind": kind, "language": language});
            let (status, _, made) = meme(&server, MEMES, &key, body, None).await;
            assert_eq!(status, StatusCode::OK, "{made}");
            let html =
                Client::new().get(made["meme"]["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
            // About the page's name, read from it; the address never shown cut.
            assert!(html.contains("Forno Azul") && !html.contains(site.as_str()), "{language}: {html}");
        }
        assert_eq!(hits.load(std::sync::atomic::Ordering::SeqCst), 1, "one fetch serves every call for ten minutes");
        // A site that does not answer: a meme about its name (from its address), not an error.
        let body = json!({"input": "https://pao-quente.invalid/", "kind": "hottake"});
        let (status, _, made) = meme(&server, MEMES, &key, body, None).await;
        assert_eq!(status, StatusCode::OK, "{made}");
        assert_eq!(made["meme"]["title"], "Pao Quente", "{made}");
    });
}
