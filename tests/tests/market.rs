//! Pages from credits and the agent marketplace end to end against the real binary, on SQLite
//! and PostgreSQL: every page kind made and charged its price; a listed page previewed (never
//! shown whole) to other keys, bought once with credits moved and the ledger holding, read and
//! rendered by its buyer, refused to its seller, delisted; 30 buyers at once each buying once,
//! and keys buying from each other at once;
//! cursor pages that neither repeat nor skip while listings sell and appear.

use std::collections::HashSet;

use asset_tests::browser::decode_png;
use asset_tests::{Env, Server, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap().block_on(future)
}

async fn call(server: &Server, method: &str, path: &str, key: &str, body: Option<Value>) -> (StatusCode, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = Client::new().request(method, server.url(path)).header("x-api-key", key);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn credits(server: &Server, key: &str) -> i64 {
    server.get_json("/api/agent/me", Some(key)).await["credits"].as_i64().unwrap()
}

/// A server whose keys may call often (the tests make many pages in a minute).
fn start(env: &mut Env) -> Server {
    env.extra.push(("ASSET_RATE_LIMITS".into(), "create=1000,status=1000".into()));
    env.serve()
}

const IDEA: &str = "Why small teams ship faster. Fewer meetings. Everyone sees the whole picture. Mistakes stay small.";

/// Lists a slideshow page for `price` credits; the listing's answer.
async fn list(server: &Server, key: &str, title: &str, price: i64) -> Value {
    let body = json!({"kind": "slideshow", "input": IDEA, "title": title, "price": price});
    let (status, made) = call(server, "POST", "/api/agent/request", key, Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    made
}

/// Every key's ledger sums to its balance.
async fn ledgers_hold(env: &Env) {
    let db = env.database().await;
    asset_tests::assert_ledgers_hold(&db).await;
    db.close().await;
}

/// Waits for a job's final state through its status route; the status.
async fn finished(server: &Server, key: &str, status_url: &str) -> Value {
    for _ in 0..12 {
        let (code, status) =
            call(server, "GET", &format!("{status_url}?wait=10").replace(&server.base, ""), key, None).await;
        assert_eq!(code, StatusCode::OK, "{status}");
        if matches!(status["status"].as_str(), Some("succeeded" | "failed")) {
            return status;
        }
    }
    panic!("the job did not finish");
}

#[test]
fn each_page_kind_is_made_from_credits_at_its_price_and_bad_requests_cost_nothing() {
    each_storage(|storage| {
        let mut env = Env::new(storage);
        let key = env.create_key(20, "agent");
        let server = start(&mut env);
        block_on(async {
            // Refusals first: each is a 400 and charges nothing.
            for (body, code) in [
                (json!({"input": IDEA}), "missing_kind"),
                (json!({"kind": "meme", "input": IDEA}), "unsupported_kind"),
                (json!({"kind": "slideshow", "input": "   "}), "missing_input"),
                (json!({"kind": "slideshow", "input": "x".repeat(2001)}), "input_too_long"),
                (json!({"kind": "pitch", "input": IDEA, "language": "klingon"}), "unsupported_language"),
                (json!({"kind": "slideshow", "input": IDEA, "brand": "nosuchbrand"}), "unknown_brand"),
                (json!({"kind": "slideshow", "input": IDEA, "title": "t".repeat(201)}), "title_too_long"),
            ] {
                let (status, error) = call(&server, "POST", "/api/agent/generate", &key, Some(body.clone())).await;
                assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{body}: {error}");
            }
            assert_eq!(credits(&server, &key).await, 20);

            // A pitch and a slideshow answer their page at once, 1 credit each.
            let mut left = 20;
            for (kind, input) in [("pitch", "Maria, a baker in Porto who posts every morning"), ("slideshow", IDEA)] {
                let body = json!({"kind": kind, "input": input, "title": "Small teams"});
                let (status, made) = call(&server, "POST", "/api/agent/generate", &key, Some(body)).await;
                assert_eq!(status, StatusCode::OK, "{kind}: {made}");
                left -= 1;
                assert_eq!((made["creditCost"].as_i64(), made["creditsRemaining"].as_i64()), (Some(1), Some(left)));
                let page = &made["page"];
                assert_eq!((made["kind"].as_str(), page["kind"].as_str()), (Some(kind), Some(kind)));
                let beats = page["beats"].as_array().unwrap();
                assert!(beats.len() >= 2, "{page}");
                let html = Client::new().get(page["url"].as_str().unwrap()).send().await.unwrap();
                assert_eq!(html.status(), StatusCode::OK);
                let picture = Client::new().get(beats[0]["imageUrl"].as_str().unwrap()).send().await.unwrap();
                let (width, height, _) = decode_png(&picture.bytes().await.unwrap());
                assert_eq!((width, height), (1080, 1920));
                if kind == "slideshow" {
                    // The idea's own sentences are its slides, after the title slide (a slide said
                    // too quickly to read joins its neighbour).
                    assert_eq!(page["title"], "Small teams");
                    assert!(beats.iter().any(|b| b["text"].as_str().unwrap().contains("Fewer meetings.")), "{page}");
                }
            }
            // A slideshow in Chinese is voiced from its pinyin; without a speech endpoint the
            // embedded voice cannot read generated Japanese, refused before any charge.
            let body = json!({"kind": "slideshow", "input": "小团队为什么更快。会议更少。大家都看得到全局。", "language": "zh"});
            let (status, made) = call(&server, "POST", "/api/agent/generate", &key, Some(body)).await;
            assert_eq!(status, StatusCode::OK, "{made}");
            left -= 1;
            assert_eq!(
                (made["page"]["language"].as_str(), made["creditsRemaining"].as_i64()),
                (Some("zh"), Some(left))
            );
            assert!(
                made["page"]["beats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|b| b["text"].as_str().unwrap().contains("会议更少")),
                "{made}"
            );
            // Japanese written with kanji is voiced too, read through the dictionary.
            let body = json!({"kind": "slideshow", "input": IDEA, "language": "ja"});
            let (status, made) = call(&server, "POST", "/api/agent/generate", &key, Some(body)).await;
            left -= 1;
            assert_eq!((status, made["page"]["language"].as_str()), (StatusCode::OK, Some("ja")), "{made}");
            assert_eq!(credits(&server, &key).await, left);

            // An audioscript is a job: 202, 3 credits, a page once it succeeds.
            let body = json!({"kind": "audioscript", "input": "One small team. One clear goal. Ship it today."});
            let (status, queued) = call(&server, "POST", "/api/agent/generate", &key, Some(body)).await;
            assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
            assert_eq!((queued["kind"].as_str(), queued["creditCost"].as_i64()), (Some("audioscript"), Some(3)));
            left -= 3;
            let done = finished(&server, &key, queued["statusUrl"].as_str().unwrap()).await;
            assert_eq!(done["status"], "succeeded", "{done}");
            assert!(done["pageUrl"].as_str().unwrap().contains("/m/"));
            assert_eq!(credits(&server, &key).await, left);
        });
        drop(server);
        block_on(ledgers_hold(&env));
    });
}

#[test]
fn a_listed_page_is_previewed_bought_once_read_rendered_and_delisted() {
    each_storage(|storage| {
        let mut env = Env::new(storage);
        let seller = env.create_key(10, "agent");
        let buyer = env.create_key(20, "agent");
        let other = env.create_key(3, "agent");
        let server = start(&mut env);
        block_on(async {
            // Listing refusals are 400s that make nothing and charge nothing.
            for (body, code) in [
                (json!({"kind": "slideshow", "input": IDEA, "price": 5}), "missing_title"),
                (json!({"kind": "slideshow", "input": IDEA, "title": "T"}), "missing_price"),
                (json!({"kind": "slideshow", "input": IDEA, "title": "T", "price": 0}), "invalid_price"),
                (json!({"kind": "slideshow", "input": IDEA, "title": "T", "price": 501}), "invalid_price"),
                (json!({"kind": "slideshow", "input": IDEA, "title": "x".repeat(121), "price": 5}), "title_too_long"),
            ] {
                let (status, error) = call(&server, "POST", "/api/agent/request", &seller, Some(body.clone())).await;
                assert_eq!((status, error["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{body}");
            }
            assert_eq!(credits(&server, &seller).await, 10);
            assert_eq!(server.get_json("/api/agent/me", Some(&seller)).await["listings"], json!([]));

            let made = list(&server, &seller, "Small teams, fast ships", 10).await;
            assert_eq!((made["creditCost"].as_i64(), made["creditsRemaining"].as_i64()), (Some(1), Some(9)));
            let listing = &made["listing"];
            assert_eq!((listing["status"].as_str(), listing["price"].as_i64()), (Some("listed"), Some(10)));
            let id = listing["id"].as_str().unwrap().to_string();
            let page_id = made["page"]["id"].as_str().unwrap().to_string();
            let beats = made["page"]["beats"].as_array().unwrap().len();

            // Another key sees the preview — the first beat and its picture — never the page.
            let browsed = server.get_json("/api/agent/listings", Some(&buyer)).await;
            let seen = &browsed["listings"][0];
            assert_eq!(
                (seen["id"].as_str(), seen["own"].as_bool(), seen["purchased"].as_bool()),
                (Some(&*id), Some(false), Some(false))
            );
            assert_eq!(seen["preview"]["firstBeat"]["text"], made["page"]["beats"][0]["text"]);
            assert_eq!(seen["preview"]["beats"].as_u64(), Some(beats as u64));
            assert!(!browsed.to_string().contains(&page_id), "the page is not shown before it is bought: {browsed}");
            let one = server.get_json(&format!("/api/agent/listings/{id}"), Some(&buyer)).await;
            assert!(!one.to_string().contains(&page_id) && one["listing"]["id"] == id.as_str());
            let preview = Client::new().get(seen["preview"]["imageUrl"].as_str().unwrap()).send().await.unwrap();
            assert_eq!(preview.status(), StatusCode::OK, "the preview picture needs no key");
            assert_eq!(decode_png(&preview.bytes().await.unwrap()).0, 1080);
            assert_eq!(server.get_json("/api/agent/listings", Some(&seller)).await["listings"][0]["own"], true);

            // The seller cannot buy it; a key without enough credits cannot either.
            let buy = format!("/api/agent/listings/{id}/buy");
            let (status, error) = call(&server, "POST", &buy, &seller, None).await;
            assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("own_listing")));
            let (status, error) = call(&server, "POST", &buy, &other, None).await;
            assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{error}");
            assert_eq!((credits(&server, &seller).await, credits(&server, &other).await), (9, 3));
            for missing in ["/api/agent/listings/nosuchlisting1/buy", "/api/agent/listings/..%2F..%2Fetc/buy"] {
                assert_eq!(call(&server, "POST", missing, &buyer, None).await.0, StatusCode::NOT_FOUND, "{missing}");
            }

            // The buyer pays 10; the seller gets 8 (the fee is 20%); the page is theirs to read.
            let (status, bought) = call(&server, "POST", &buy, &buyer, None).await;
            assert_eq!(status, StatusCode::OK, "{bought}");
            assert_eq!(
                (bought["repeated"].as_bool(), bought["creditCost"].as_i64(), bought["creditsRemaining"].as_i64()),
                (Some(false), Some(10), Some(10))
            );
            assert_eq!(bought["page"]["id"], page_id.as_str());
            assert_eq!(bought["page"]["beats"].as_array().unwrap().len(), beats);
            let page_url = bought["page"]["url"].as_str().unwrap().to_string();
            assert_eq!(Client::new().get(&page_url).send().await.unwrap().status(), StatusCode::OK);
            let voice = Client::new().get(bought["page"]["voiceUrl"].as_str().unwrap()).send().await.unwrap();
            assert_eq!(voice.status(), StatusCode::OK);
            assert_eq!(credits(&server, &seller).await, 17);

            // Buying again answers the same purchase and charges nothing.
            let (status, again) = call(&server, "POST", &buy, &buyer, None).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!((again["repeated"].as_bool(), again["creditCost"].as_i64()), (Some(true), Some(0)));
            assert_eq!(again["purchase"]["id"], bought["purchase"]["id"]);
            assert_eq!(credits(&server, &buyer).await, 10);

            // Both sides' accounts show it.
            let me = server.get_json("/api/agent/me", Some(&seller)).await;
            assert_eq!((me["listings"][0]["sales"].as_i64(), me["listings"][0]["earned"].as_i64()), (Some(1), Some(8)));
            assert_eq!(me["purchases"], json!([]));
            let me = server.get_json("/api/agent/me", Some(&buyer)).await;
            assert_eq!(
                (me["purchases"][0]["listingId"].as_str(), me["purchases"][0]["pageUrl"].as_str()),
                (Some(&*id), Some(&*page_url))
            );
            assert_eq!(server.get_json("/api/agent/listings", Some(&buyer)).await["listings"][0]["purchased"], true);

            // The buyer renders the page to MP4.
            let (status, render) =
                call(&server, "POST", "/api/agent/mp4", &buyer, Some(json!({"pageUrl": page_url}))).await;
            assert_eq!(status, StatusCode::ACCEPTED, "{render}");
            let done = finished(&server, &buyer, render["statusUrl"].as_str().unwrap()).await;
            assert_eq!(done["status"], "succeeded", "{done}");

            // Only the seller delists; then nobody new can buy, and the buyer keeps the page.
            let path = format!("/api/agent/listings/{id}");
            let (status, error) = call(&server, "DELETE", &path, &buyer, None).await;
            assert_eq!((status, error["code"].as_str()), (StatusCode::FORBIDDEN, Some("not_your_listing")));
            let (status, delisted) = call(&server, "DELETE", &path, &seller, None).await;
            assert_eq!((status, delisted["listing"]["status"].as_str()), (StatusCode::OK, Some("delisted")));
            assert_eq!(
                call(&server, "DELETE", &path, &seller, None).await.0,
                StatusCode::OK,
                "delisting twice is fine"
            );
            assert_eq!(server.get_json("/api/agent/listings", Some(&other)).await["listings"], json!([]));
            assert_eq!(call(&server, "GET", &path, &other, None).await.0, StatusCode::NOT_FOUND);
            let (status, error) = call(&server, "POST", &buy, &other, None).await;
            assert_eq!((status, error["code"].as_str()), (StatusCode::CONFLICT, Some("listing_delisted")));
            assert_eq!(call(&server, "POST", &buy, &buyer, None).await.1["repeated"], true);

            // An audioscript listing is pending until its job makes the page.
            let body = json!({"kind": "audioscript", "input": "Ship small. Ship daily.", "title": "Daily", "price": 3});
            let (status, queued) = call(&server, "POST", "/api/agent/request", &seller, Some(body)).await;
            assert_eq!(
                (status, queued["listing"]["status"].as_str()),
                (StatusCode::ACCEPTED, Some("pending")),
                "{queued}"
            );
            finished(&server, &seller, queued["job"]["statusUrl"].as_str().unwrap()).await;
            let listed = server.get_json("/api/agent/listings", Some(&other)).await;
            assert_eq!(
                (listed["listings"][0]["title"].as_str(), listed["listings"][0]["kind"].as_str()),
                (Some("Daily"), Some("audioscript"))
            );
        });
        drop(server);
        block_on(ledgers_hold(&env));
    });
}

#[test]
fn thirty_buyers_at_once_each_buy_exactly_once() {
    each_storage(|storage| {
        let mut env = Env::new(storage);
        let seller = env.create_key(1, "agent");
        let buyers: Vec<String> = (0..30).map(|_| env.create_key(5, "agent")).collect();
        let traders: Vec<String> = (0..8).map(|_| env.create_key(10, "agent")).collect();
        let server = start(&mut env);
        block_on(async {
            let made = list(&server, &seller, "Popular", 5).await;
            let buy = format!("/api/agent/listings/{}/buy", made["listing"]["id"].as_str().unwrap());
            // Each buyer sends two buys at once: 60 requests, 30 purchases.
            let calls = buyers.iter().flat_map(|key| [key, key]).map(|key| {
                let (server, buy, key) = (&server, buy.clone(), key.clone());
                async move { (key.clone(), call(server, "POST", &buy, &key, None).await) }
            });
            let answers = futures::future::join_all(calls).await;
            let mut fresh = HashSet::new();
            for (key, (status, answer)) in &answers {
                assert_eq!(*status, StatusCode::OK, "{answer}");
                if answer["repeated"] == false {
                    assert!(fresh.insert(key.clone()), "one fresh purchase per buyer");
                }
            }
            assert_eq!(fresh.len(), 30);
            for key in &buyers {
                assert_eq!(credits(&server, key).await, 0, "each paid once");
            }
            let me = server.get_json("/api/agent/me", Some(&seller)).await;
            assert_eq!(
                (me["listings"][0]["sales"].as_i64(), me["listings"][0]["earned"].as_i64()),
                (Some(30), Some(120))
            );
            assert_eq!(me["credits"].as_i64(), Some(120), "30 sales of 5, less a fee of 1 each");

            // Keys that sell to each other at the same moment: each buy locks both keys' rows,
            // in the same order whoever buys, so crossing buys never deadlock.
            let mut listed = Vec::new();
            for trader in &traders {
                listed.push(list(&server, trader, "Swap", 2).await["listing"]["id"].as_str().unwrap().to_string());
            }
            let crossing = (0..traders.len()).map(|n| {
                let (server, key, id) = (&server, traders[n].clone(), listed[n ^ 1].clone());
                async move { call(server, "POST", &format!("/api/agent/listings/{id}/buy"), &key, None).await }
            });
            for (status, bought) in futures::future::join_all(crossing).await {
                assert_eq!((status, bought["repeated"].as_bool()), (StatusCode::OK, Some(false)), "{bought}");
            }
            for trader in &traders {
                assert_eq!(credits(&server, trader).await, 10 - 1 - 2 + 2, "paid 2 and was paid 2 (no fee under 5)");
            }
        });
        drop(server);
        block_on(async {
            ledgers_hold(&env).await;
            let db = env.database().await;
            let (sales, fees): (i64, i64) =
                sqlx::query_as("SELECT COUNT(*), CAST(COALESCE(SUM(fee), 0) AS BIGINT) FROM listing_sales")
                    .fetch_one(&db)
                    .await
                    .unwrap();
            assert_eq!((sales, fees), (38, 30));
        });
    });
}

#[test]
fn marketplace_pages_never_repeat_or_skip_while_listings_sell_and_appear() {
    each_storage(|storage| {
        let mut env = Env::new(storage);
        let seller = env.create_key(20, "agent");
        let buyer = env.create_key(100, "agent");
        let server = start(&mut env);
        block_on(async {
            let mut ids = Vec::new();
            for n in 0..6 {
                ids.push(
                    list(&server, &seller, &format!("Listing {n}"), 2).await["listing"]["id"]
                        .as_str()
                        .unwrap()
                        .to_string(),
                );
            }
            // An English pitch and a filter by kind and language.
            let pitch = json!({"kind": "pitch", "input": "Dana runs a bakery in Lisbon", "title": "Dana", "price": 2});
            assert_eq!(call(&server, "POST", "/api/agent/request", &seller, Some(pitch)).await.0, StatusCode::OK);
            let pitches = server.get_json("/api/agent/listings?kind=pitch&language=English", Some(&buyer)).await;
            assert_eq!(pitches["listings"].as_array().unwrap().len(), 1);
            assert_eq!(pitches["listings"][0]["title"], "Dana");
            for bad in
                ["?sort=cheapest", "?limit=0", "?limit=51", "?kind=meme", "?cursor=nonsense", "?language=klingon"]
            {
                let (status, _) = call(&server, "GET", &format!("/api/agent/listings{bad}"), &buyer, None).await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
            }

            for sort in ["newest", "popular"] {
                let mut seen = Vec::new();
                let mut cursor: Option<String> = None;
                let mut round = 0;
                loop {
                    let query = match &cursor {
                        Some(c) => format!("?kind=slideshow&sort={sort}&limit=2&cursor={c}"),
                        None => format!("?kind=slideshow&sort={sort}&limit=2"),
                    };
                    let page = server.get_json(&format!("/api/agent/listings{query}"), Some(&buyer)).await;
                    seen.extend(
                        page["listings"].as_array().unwrap().iter().map(|l| l["id"].as_str().unwrap().to_string()),
                    );
                    // Between pages, the listing at the end of the order sells (it would jump
                    // ahead in popularity) and a new one appears.
                    round += 1;
                    let last = ids[round % ids.len()].clone();
                    call(&server, "POST", &format!("/api/agent/listings/{last}/buy"), &buyer, None).await;
                    list(&server, &seller, &format!("Late {sort} {round}"), 2).await;
                    match page["nextCursor"].as_str() {
                        Some(next) => cursor = Some(next.to_string()),
                        None => break,
                    }
                }
                let unique: HashSet<_> = seen.iter().collect();
                assert_eq!(unique.len(), seen.len(), "{sort}: no listing twice: {seen:?}");
                let expected: HashSet<_> = ids.iter().collect();
                assert_eq!(unique, expected, "{sort}: every listing there at the first page, none that came later");
                // The listings that appeared meanwhile are on a fresh first page.
                let fresh = server
                    .get_json(&format!("/api/agent/listings?kind=slideshow&sort={sort}&limit=50"), Some(&buyer))
                    .await;
                let all: Vec<String> = fresh["listings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l["id"].as_str().unwrap().to_string())
                    .collect();
                ids = all;
            }
            // Popular order: most sales first.
            let popular = server.get_json("/api/agent/listings?sort=popular&limit=50", Some(&buyer)).await;
            let sales: Vec<i64> =
                popular["listings"].as_array().unwrap().iter().map(|l| l["sales"].as_i64().unwrap()).collect();
            assert!(sales.windows(2).all(|w| w[0] >= w[1]), "{sales:?}");
        });
    });
}

#[test]
fn every_language_makes_a_voiced_slideshow() {
    let mut env = Env::new(asset_tests::Storage::Sqlite);
    let key = env.create_key(30, "agent");
    let server = start(&mut env);
    block_on(async {
        let languages = server.get_json("/api/agent/services", None).await["languages"].clone();
        for language in languages.as_array().unwrap().iter().map(|l| l["code"].as_str().unwrap()) {
            let body = json!({"kind": "slideshow", "input": IDEA, "language": language});
            let (status, made) = call(&server, "POST", "/api/agent/generate", &key, Some(body)).await;
            assert_eq!((status, made["page"]["language"].as_str()), (StatusCode::OK, Some(language)), "{made}");
            assert!(made["page"]["durationMs"].as_u64().unwrap() > 1_000, "{language}: spoken: {made}");
        }
    });
}
