//! Agents paying for themselves, end to end against the real binary: x402 per-call USDC
//! payments made by the Python `x402` package (v1 and v2) and checked by a loopback
//! facilitator that verifies the EIP-712 signatures for real; refusals that change nothing;
//! one payment replayed across two replicas on one PostgreSQL running its work once; a keyless
//! audioscript job followed to its result with its job token; a failed job never settled;
//! credit packs bought with USDC and by card (Stripe events signed by the `stripe` package).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use asset_tests::x402::{self, Facilitator, PAY_TO, PAYER, Pay};
use asset_tests::{Env, PgDatabase, Server, Storage, each_storage, fakes};
use base64::Engine as _;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread().worker_threads(4).enable_all().build().unwrap().block_on(future)
}

const MEMES: &str = "/api/agent/brands/memes";

fn serve(env: &Env, facilitator: &Facilitator, extra: &[(&str, &str)]) -> Server {
    let vars = facilitator.vars();
    let mut all: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    all.extend_from_slice(extra);
    env.serve_with(&all)
}

/// A POST with optional key and payment headers: status, headers, JSON body.
async fn post(
    url: &str,
    key: Option<&str>,
    headers: &[(&str, &str)],
    body: &Value,
) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let mut request = Client::new().post(url).header("x-forwarded-for", address()).json(body);
    if let Some(key) = key {
        request = request.header("x-api-key", key);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.json().await.unwrap_or(Value::Null))
}

/// A client address of its own for each keyless call (see `Facilitator::vars`).
fn address() -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(1);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!("10.77.{}.{}", n / 250, n % 250 + 1)
}

/// The paying client from an address of its own.
async fn pay(url: &str, body: Option<&Value>, how: Pay<'_>) -> Value {
    let from = address();
    x402::pay(url, "POST", body, Pay { forwarded_for: Some(&from), ..how }).await
}

async fn recent_memes(server: &Server) -> usize {
    let page: Value =
        Client::new().get(server.url("/api/legacy/recent?limit=50")).send().await.unwrap().json().await.unwrap();
    page["items"].as_array().map_or(0, Vec::len)
}

fn decode_header(headers: &reqwest::header::HeaderMap, name: &str) -> Value {
    let text = headers.get(name).unwrap_or_else(|| panic!("no {name} header")).to_str().unwrap();
    serde_json::from_slice(&base64::engine::general_purpose::STANDARD.decode(text).unwrap()).unwrap()
}

fn meme(kind: &str) -> Value {
    json!({"input": "when the build passes on a Friday", "kind": kind, "language": "en"})
}

#[test]
fn keyless_and_short_callers_get_both_versions_of_the_requirements_and_pay_for_memes() {
    let env = Env::new(Storage::Sqlite);
    let facilitator = Facilitator::start();
    let rich = env.create_key(5, "agent");
    let broke = env.create_key(0, "agent");
    block_on(async {
        let server = serve(&env, &facilitator, &[]);
        let url = server.url(MEMES);

        // No key, no payment: 402 with our error body, v1 fields and the v2 header.
        let (status, headers, body) = post(&url, None, &[], &meme("image")).await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{body}");
        assert_eq!((body["success"].as_bool(), body["code"].as_str()), (Some(false), Some("payment_required")));
        assert_eq!(body["x402Version"], 1);
        let v1 = &body["accepts"][0];
        assert_eq!(v1["scheme"], "exact");
        assert_eq!(v1["network"], "base-sepolia");
        assert_eq!(v1["maxAmountRequired"], "100000");
        assert_eq!(v1["payTo"], PAY_TO);
        assert_eq!(v1["resource"], url.as_str());
        assert_eq!(v1["asset"], "0x036CbD53842c5426634e7929541eC2318f3dCF7e");
        assert_eq!(v1["extra"], json!({"name": "USDC", "version": "2"}));
        assert!(v1["maxTimeoutSeconds"].as_u64().unwrap() >= 60);
        assert_eq!(v1["outputSchema"]["input"]["method"], "POST");
        let v2 = decode_header(&headers, "payment-required");
        assert_eq!(v2["x402Version"], 2);
        assert_eq!(v2["resource"]["url"], url.as_str());
        assert_eq!(v2["accepts"][0]["network"], "eip155:84532");
        assert_eq!(v2["accepts"][0]["amount"], "100000");
        let bazaar = &v2["extensions"]["bazaar"];
        assert_eq!(bazaar["info"]["input"]["method"], "POST");
        assert!(bazaar["info"]["input"]["body"]["input"].is_string(), "{bazaar}");
        // Small enough for proxies' header limits (8 KiB), here and echoed in the payment.
        let header_len = headers["payment-required"].len();
        assert!(header_len < 8 * 1024, "PAYMENT-REQUIRED is {header_len} bytes");
        let body_schema = &bazaar["schema"]["properties"]["input"]["properties"]["body"];
        assert!(body_schema.to_string().contains(r#""input":{"description""#), "the body's schema: {body_schema}");

        // The hybrid kind costs twice as much.
        let (_, _, hybrid) = post(&url, None, &[], &meme("hybrid")).await;
        assert_eq!(hybrid["accepts"][0]["maxAmountRequired"], "200000", "{hybrid}");

        // A wrong key is still 401; a key without credits gets the requirements too.
        let (status, _, _) =
            post(&url, Some("ak_not_a_real_key_at_all_000000000000000000000"), &[], &meme("image")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, headers, body) = post(&url, Some(&broke), &[], &meme("image")).await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{body}");
        assert_eq!(
            (body["code"].as_str(), body["details"]["needed"].as_i64()),
            (Some("insufficient_credits"), Some(1))
        );
        assert_eq!(body["accepts"][0]["maxAmountRequired"], "100000");
        assert!(headers.contains_key("payment-required"));
        // A key with credits pays with them, and no payment header appears.
        let (status, headers, body) = post(&url, Some(&rich), &[], &meme("image")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(!headers.contains_key("payment-response") && !headers.contains_key("x-payment-response"));
        assert!(facilitator.settlements().await.is_empty());

        // The Python x402 client pays: v2, then v1, then the hybrid kind.
        let paid = pay(&url, Some(&meme("image")), Pay { version: 2, ..Pay::default() }).await;
        assert_eq!(paid["status"], 200, "{paid}");
        assert_eq!(paid["body"]["success"], true);
        assert_eq!(paid["paymentHeader"], "PAYMENT-SIGNATURE");
        assert_eq!(paid["paymentResponse"]["success"], true, "{paid}");
        assert_eq!(paid["paymentResponse"]["network"], "eip155:84532");
        assert!(paid["paymentResponse"]["transaction"].as_str().unwrap().starts_with("0x"));
        assert!(paid["paymentResponseSchemaError"].is_null(), "{paid}");
        let v1_paid = pay(&url, Some(&meme("image")), Pay { version: 1, ..Pay::default() }).await;
        assert_eq!(v1_paid["status"], 200, "{v1_paid}");
        assert_eq!(v1_paid["paymentHeader"], "X-PAYMENT");
        assert!(v1_paid["headers"]["x-payment-response"].is_string(), "{v1_paid}");
        let hybrid = pay(&url, Some(&meme("hybrid")), Pay { version: 2, ..Pay::default() }).await;
        assert_eq!(hybrid["status"], 200, "{hybrid}");
        let settled = facilitator.settlements().await;
        let amounts: Vec<&str> = settled.iter().map(|s| s["amount"].as_str().unwrap_or_default()).collect();
        assert_eq!(amounts, ["100000", "100000", "200000"], "{settled:?}");
        assert!(settled.iter().all(|s| s["payer"].as_str().unwrap().eq_ignore_ascii_case(PAYER)));
        assert_eq!(recent_memes(&server).await, 4, "one credit meme and three paid ones");

        // The menu lists the payment networks; the OpenAPI document prices the routes.
        let menu: Value =
            Client::new().get(server.url("/api/agent/services")).send().await.unwrap().json().await.unwrap();
        let x402 = menu["payments"].as_array().unwrap().iter().find(|p| p["method"] == "x402").cloned().unwrap();
        assert_eq!((x402["network"].as_str(), x402["caip2"].as_str()), (Some("base-sepolia"), Some("eip155:84532")));
        let meme_service = menu["services"].as_array().unwrap().iter().find(|s| s["id"] == "meme").unwrap();
        assert_eq!(meme_service["price"]["x402"]["network"], "base-sepolia");
        let doc: Value =
            Client::new().get(server.url("/api/agent/openapi.json")).send().await.unwrap().json().await.unwrap();
        assert_eq!(doc["paths"][MEMES]["post"]["x-x402"]["amount"], "100000");
        assert!(doc["paths"][MEMES]["post"]["responses"]["402"].is_object());
    });
}

#[test]
fn refused_payments_and_facilitator_failures_do_no_work_and_take_no_money() {
    let env = Env::new(Storage::Sqlite);
    let facilitator = Facilitator::start();
    block_on(async {
        let server = serve(&env, &facilitator, &[("ASSET_X402_TIMEOUT_SECS", "2")]);
        let url = server.url(MEMES);
        for (tamper, reason) in [
            ("amount", "invalid_exact_evm_payload_authorization_value_mismatch"),
            ("payto", "invalid_exact_evm_payload_recipient_mismatch"),
            ("expired", "invalid_exact_evm_payload_authorization_valid_before"),
            ("signature", "invalid_exact_evm_payload_signature"),
            ("network", "network_mismatch"),
        ] {
            for version in [1, 2] {
                let how = Pay { version, tamper: Some(tamper), ..Pay::default() };
                let paid = pay(&url, Some(&meme("image")), how).await;
                assert_eq!(paid["status"], 402, "{tamper} v{version}: {paid}");
                assert_eq!(paid["body"]["code"], "payment_invalid", "{tamper} v{version}: {paid}");
                assert_eq!(paid["body"]["details"]["reason"], reason, "{tamper} v{version}: {paid}");
                assert!(paid["body"]["accepts"].is_array(), "a refusal says again what to pay");
            }
        }
        // A header that is not a payment at all.
        let (status, _, body) = post(&url, None, &[("payment-signature", "bm90IGpzb24=")], &meme("image")).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_payment")));
        assert_eq!(facilitator.calls().await["settle"], 0);

        // The facilitator failing: 502 for an error, 503 when it does not answer in time.
        facilitator.control(json!({"verify": "error500"})).await;
        let paid = pay(&url, Some(&meme("image")), Pay { version: 2, ..Pay::default() }).await;
        assert_eq!(
            (paid["status"].as_u64(), paid["body"]["code"].as_str()),
            (Some(502), Some("facilitator_error")),
            "{paid}"
        );
        facilitator.control(json!({"verify": "hang"})).await;
        let paid = pay(&url, Some(&meme("image")), Pay { version: 2, ..Pay::default() }).await;
        assert_eq!(paid["status"], 503, "{paid}");

        // A settlement refused (HTTP 200, success false): the meme is made but never kept.
        facilitator.control(json!({"verify": "ok", "settle": "fail"})).await;
        let signed = pay(&url, Some(&meme("image")), Pay { version: 2, only_sign: true, ..Pay::default() }).await;
        let header = signed["payment"].as_str().unwrap();
        let (status, headers, body) = post(&url, None, &[("payment-signature", header)], &meme("image")).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::PAYMENT_REQUIRED, Some("payment_failed")), "{body}");
        assert!(body["meme"].is_null() && headers.contains_key("payment-required"));
        // The same payment again is refused: one payment, one try.
        let (status, _, body) = post(&url, None, &[("payment-signature", header)], &meme("image")).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_already_used")), "{body}");
        facilitator.control(json!({"settle": "ok"})).await;

        assert!(facilitator.settlements().await.is_empty(), "nothing was settled");
        assert_eq!(recent_memes(&server).await, 0, "no meme was kept");
    });
}

#[test]
fn one_payment_replayed_twenty_times_across_two_replicas_runs_once() {
    let pg = PgDatabase::create();
    let env = Env::new(Storage::Postgres(pg.url.clone()));
    let facilitator = Facilitator::start();
    block_on(async {
        let (a, b) = (serve(&env, &facilitator, &[]), serve(&env, &facilitator, &[]));
        let signed =
            pay(&a.url(MEMES), Some(&meme("image")), Pay { version: 2, only_sign: true, ..Pay::default() }).await;
        let header = signed["payment"].as_str().unwrap().to_string();
        let answers = futures::future::join_all((0..20).map(|i| {
            let url = if i % 2 == 0 { a.url(MEMES) } else { b.url(MEMES) };
            let header = header.clone();
            async move { post(&url, None, &[("payment-signature", &header)], &meme("image")).await }
        }))
        .await;
        let ok = answers.iter().filter(|(s, _, _)| *s == StatusCode::OK).count();
        assert_eq!(ok, 1, "{:?}", answers.iter().map(|(s, _, b)| (s, b["code"].clone())).collect::<Vec<_>>());
        for (status, _, body) in answers.iter().filter(|(s, _, _)| *s != StatusCode::OK) {
            assert!(
                *status == StatusCode::CONFLICT || body["code"] == "payment_invalid",
                "a replay is refused: {status} {body}"
            );
        }
        assert_eq!(facilitator.settlements().await.len(), 1, "one settlement");
        assert_eq!(recent_memes(&a).await, 1, "one meme");
    });
}

/// The x402 `payment-identifier` extension: the 402 declares it; a payment carrying an id, sent
/// again, is answered what it was (its receipt too) and settled once; the id with another
/// payment or another body is 409; a malformed id 400; with an `Idempotency-Key` beside it, the
/// call runs once whichever of the two a repeat carries.
#[test]
fn a_payment_identifier_answers_its_payment_once_and_refuses_another_payload() {
    let env = Env::new(Storage::Sqlite);
    let facilitator = Facilitator::start();
    let key = env.create_key(0, "agent");
    block_on(async {
        let server = serve(&env, &facilitator, &[]);
        let url = server.url(MEMES);
        let (status, headers, _) = post(&url, None, &[], &meme("image")).await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
        let declared = &decode_header(&headers, "payment-required")["extensions"]["payment-identifier"];
        assert_eq!(declared["info"]["required"], false, "{declared}");
        assert_eq!(declared["schema"]["properties"]["id"]["minLength"], 16);

        let id = "pay_7d5d747be160e280504c099d984bcfe0";
        let sign = |id: &'static str, body: Value| {
            let url = url.clone();
            async move {
                let how = Pay { version: 2, only_sign: true, payment_id: Some(id), ..Pay::default() };
                pay(&url, Some(&body), how).await["payment"].as_str().unwrap().to_string()
            }
        };
        let header = sign(id, meme("image")).await;
        let (status, first_headers, first) = post(&url, None, &[("payment-signature", &header)], &meme("image")).await;
        assert_eq!(status, StatusCode::OK, "{first}");
        let (status, again_headers, again) = post(&url, None, &[("payment-signature", &header)], &meme("image")).await;
        assert_eq!((status, &again), (StatusCode::OK, &first), "the stored answer");
        assert_eq!(again_headers["payment-response"], first_headers["payment-response"], "its receipt too");
        assert_eq!(again_headers["idempotent-replayed"], "true");
        assert_eq!((facilitator.settlements().await.len(), recent_memes(&server).await), (1, 1), "settled once");

        // The identifier with another payment, or the same payment for another body: 409.
        let other = sign(id, meme("image")).await;
        assert_ne!(other, header, "a new authorization");
        let (status, _, body) = post(&url, None, &[("payment-signature", &other)], &meme("image")).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_identifier_reused")));
        let (status, _, body) = post(&url, None, &[("payment-signature", &header)], &meme("hottake")).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("payment_identifier_reused")));
        let b64 = &base64::engine::general_purpose::STANDARD;
        let mut malformed: Value = serde_json::from_slice(&b64.decode(&other).unwrap()).unwrap();
        malformed["extensions"]["payment-identifier"]["info"]["id"] = json!("too-short");
        let malformed = b64.encode(malformed.to_string());
        let (status, _, body) = post(&url, None, &[("payment-signature", &malformed)], &meme("image")).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_payment_identifier")));
        let short = sign("pay_short_but_ok", meme("image")).await;
        let (status, _, _) = post(&url, None, &[("payment-signature", &short)], &meme("image")).await;
        assert_eq!(status, StatusCode::OK, "16 characters is long enough");
        assert_eq!(facilitator.settlements().await.len(), 2);

        // A key's payment with an `Idempotency-Key` too: one run, whichever a repeat carries.
        let keyed = |id: &'static str| {
            let url = url.clone();
            let key = key.clone();
            async move {
                let how =
                    Pay { version: 2, only_sign: true, payment_id: Some(id), api_key: Some(&key), ..Pay::default() };
                pay(&url, Some(&meme("reply")), how).await["payment"].as_str().unwrap().to_string()
            }
        };
        let header = keyed("pay_with_an_idempotency_key_01").await;
        let both = [("payment-signature", header.as_str()), ("idempotency-key", "meme-42")];
        let (status, _, made) = post(&url, Some(&key), &both, &meme("reply")).await;
        assert_eq!(status, StatusCode::OK, "{made}");
        for repeat in [&both[..], &both[..1], &both[1..]] {
            let (status, _, body) = post(&url, Some(&key), repeat, &meme("reply")).await;
            assert_eq!((status, &body), (StatusCode::OK, &made), "{repeat:?}");
        }
        assert_eq!((facilitator.settlements().await.len(), recent_memes(&server).await), (3, 3), "one run");
    });
}

/// Estimates (HTTP, and the MCP tool): for every priced service the menu's price on each rail
/// (credits, USD, x402's amount and network, SOL at the live rate where SOL pays), the key's
/// credits untouched and nothing made; a body its route refuses gets the route's 400.
#[test]
fn estimates_price_every_service_as_the_menu_does_and_refuse_what_the_route_refuses() {
    let mut env = Env::new(Storage::Sqlite);
    let facilitator = Facilitator::start();
    let rpc = asset_tests::solana::Rpc::start(1000);
    env.extra.extend(rpc.vars().into_iter().map(|(k, v)| (k.to_string(), v)));
    // An operator's key: the refusals below call each route too, past the create group's limit.
    let key = env.create_key(20, "operator");
    block_on(async {
        let server = serve(&env, &facilitator, &[]);
        let estimate = |body: Value| {
            let (url, key) = (server.url("/api/agent/estimate"), key.clone());
            async move { post(&url, Some(&key), &[], &body).await }
        };
        // An engine page to price a render of.
        let (_, _, queued) =
            post(&server.url("/api/agent/audioscript"), Some(&key), &[], &json!({"script": "Short and sweet."})).await;
        let status_url = queued["statusUrl"].as_str().unwrap().to_string();
        let page = loop {
            let response = Client::new().get(format!("{status_url}?wait=10")).header("x-api-key", &key).send().await;
            let job: Value = response.unwrap().json().await.unwrap();
            match job["status"].as_str() {
                Some("succeeded") => break job["pageUrl"].as_str().unwrap().to_string(),
                Some("failed") => panic!("{job}"),
                _ => {}
            }
        };
        let before = me(&server, &key).await["credits"].clone();
        let brand = json!({"name": "Globex", "voice": "Calm and precise", "hashtag": "#GLOBEX", "token": "$GLX"});
        let bodies = [
            ("pitch", json!({"input": "Dana Ortiz runs a bakery in Austin"})),
            ("audioscript", json!({"script": "Agents pay their own way."})),
            ("mp4", json!({"pageUrl": page})),
            ("meme", json!({"input": "Agents that pay their own way", "kind": "image"})),
            ("invite-bot", json!({"input": "Sam runs a climbing gym in Denver"})),
            ("content", json!({"category": "tweet", "input": "Our API renders video", "brandProfile": brand})),
            ("generate", json!({"kind": "pitch", "input": "Dana Ortiz runs a bakery in Austin"})),
            ("request", json!({"kind": "pitch", "input": "Dana bakes", "title": "A bakery pitch", "price": 5})),
            ("asset-job", json!({"input": "A bakery in Austin"})),
        ];
        let menu: Value =
            Client::new().get(server.url("/api/agent/services")).send().await.unwrap().json().await.unwrap();
        for (service, body) in &bodies {
            let row = menu["services"].as_array().unwrap().iter().find(|s| s["id"] == *service).unwrap();
            let (status, _, priced) = estimate(json!({"service": service, "request": body})).await;
            assert_eq!(status, StatusCode::OK, "{service}: {priced}");
            assert_eq!((priced["accepted"].as_bool(), priced["service"].as_str()), (Some(true), Some(*service)));
            let price = &row["price"];
            if !matches!(*service, "generate" | "request") {
                assert_eq!(priced["credits"], price["credits"], "{service}: {priced}");
                assert_eq!(priced["usd"], price["usd"], "{service}");
            }
            assert_eq!(priced["x402"]["amount"], price["x402"]["amount"], "{service}: {priced}");
            assert_eq!(priced["x402"]["network"].is_string(), price["x402"].is_object(), "{service}");
            let cents = (price["usd"].as_str().unwrap_or("0").parse::<f64>().unwrap() * 100.0).round() as u64;
            let lamports = (cents * 1_000_000_000).div_ceil(15_000);
            let expected = price["solPerAsset"].as_bool().unwrap().then_some(lamports);
            assert_eq!(priced["sol"]["lamports"].as_u64(), expected, "{service}: {priced}");
            assert_eq!(priced["balance"], before, "{service}");
        }
        // A page kind costs its kind's credits, as the menu's page kinds say.
        let kinds = menu["pageKinds"].as_array().unwrap();
        let pitch_kind = kinds.iter().find(|k| k["kind"] == "pitch").unwrap();
        let (_, _, generated) = estimate(json!({"service": "generate", "request": bodies[6].1})).await;
        assert_eq!(generated["credits"], pitch_kind["credits"], "{generated}");
        // A hybrid meme costs twice a meme, on every rail.
        let (_, _, hybrid) =
            estimate(json!({"service": "meme", "request": {"input": "Agents", "kind": "hybrid"}})).await;
        assert_eq!(
            (hybrid["credits"].as_i64(), hybrid["x402"]["amount"].as_str()),
            (Some(2), Some("200000")),
            "{hybrid}"
        );
        assert_eq!(me(&server, &key).await["credits"], before, "nothing charged");

        // Refused as the route refuses: same status, same code.
        let refusals = [
            ("/api/agent/before", "pitch", json!({"input": " "})),
            (
                "/api/agent/audioscript",
                "audioscript",
                json!({"script": "Hi", "audio_url": "https://example.com/a.mp3"}),
            ),
            ("/api/agent/mp4", "mp4", json!({"pageUrl": "https://elsewhere.example/m/x"})),
            ("/api/agent/brands/memes", "meme", json!({"input": "Agents", "kind": "sonnet"})),
            ("/api/agent/invite-bot", "invite-bot", json!({"input": ""})),
            ("/api/agent/content", "content", json!({"category": "fax", "input": "x", "brandProfile": brand})),
            ("/api/agent/generate", "generate", json!({"kind": "pitch", "input": "x", "language": "xx"})),
            ("/api/agent/request", "request", json!({"kind": "pitch", "input": "x", "title": "t", "price": 0})),
            ("/api/agent/asset/jobs", "asset-job", json!({"input": "x", "format": "opera"})),
            ("/api/agent/brands/memes", "meme", json!({"input": 5})),
        ];
        for (route, service, body) in &refusals {
            let (status, _, refused) = estimate(json!({"service": service, "request": body})).await;
            let (route_status, _, route_refused) = post(&server.url(route), Some(&key), &[], body).await;
            assert_eq!(route_status, StatusCode::BAD_REQUEST, "{route}: {route_refused}");
            assert_eq!((status, &refused["code"]), (route_status, &route_refused["code"]), "{service}: {refused}");
        }
        assert_eq!(me(&server, &key).await["credits"], before, "nothing charged");
        for (body, code) in
            [(json!({"request": {}}), "missing_service"), (json!({"service": "fax"}), "unknown_service")]
        {
            let (status, _, refused) = estimate(body).await;
            assert_eq!((status, refused["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)));
        }
    });
}

/// Found without the docs: `llms.txt` and `llms-full.txt` name every service with its price,
/// route and an example call; the x402 manifest lists each resource paid per call with the
/// requirements its 402 gives; the AI catalog points at the MCP server card, which names the
/// endpoint, the key header and both revisions. Without x402 there is no manifest.
#[test]
fn an_agent_finds_every_service_its_price_and_how_to_pay_without_the_docs() {
    let env = Env::new(Storage::Sqlite);
    let facilitator = Facilitator::start();
    block_on(async {
        let server = serve(&env, &facilitator, &[]);
        let get = |path: &str| {
            let url = server.url(path);
            async move {
                let response = Client::new().get(url).send().await.unwrap();
                let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string());
                (response.status(), kind.unwrap_or_default(), response.text().await.unwrap())
            }
        };
        let (status, kind, llms) = get("/llms.txt").await;
        assert_eq!((status, kind.as_str()), (StatusCode::OK, "text/plain; charset=utf-8"));
        assert!(llms.starts_with("# asset-service\n\n> "), "{llms}");
        for (name, route) in [("Multilingual meme", "/api/agent/brands/memes"), ("Pitch page", "/api/agent/before")] {
            assert!(llms.contains(name) && llms.contains(route), "{name} in {llms}");
        }
        assert!(llms.contains("Costs 1 credit (or $0.10 in USDC per call over x402)"), "{llms}");
        assert!(llms.contains("By kind: pitch 1 credit, slideshow 1 credit, audioscript 3 credits."), "{llms}");
        assert!(llms.contains(&server.url("/llms-full.txt")) && llms.contains("/api/agent/estimate"));
        let (_, _, full) = get("/llms-full.txt").await;
        assert!(full.contains("Example: `curl -X POST") && full.contains("Rate group: `create`"), "{full}");

        let (status, _, manifest) = get("/.well-known/x402").await;
        assert_eq!(status, StatusCode::OK, "{manifest}");
        let manifest: Value = serde_json::from_str(&manifest).unwrap();
        assert_eq!(manifest["x402Version"], 2);
        let url = server.url(MEMES);
        let memes = manifest["resources"].as_array().unwrap().iter().find(|r| r["resource"] == url.as_str()).unwrap();
        let (_, headers, _) = post(&url, None, &[], &meme("image")).await;
        assert_eq!(memes["accepts"][0], decode_header(&headers, "payment-required")["accepts"][0], "as its 402");
        assert_eq!(memes["metadata"]["input"]["method"], "POST");

        let (status, kind, catalog) = get("/.well-known/ai-catalog.json").await;
        assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/ai-catalog+json"));
        let card_url =
            serde_json::from_str::<Value>(&catalog).unwrap()["entries"][0]["url"].as_str().unwrap().to_string();
        assert_eq!(card_url, server.url("/api/mcp/server-card"));
        let (status, kind, card) = get("/api/mcp/server-card").await;
        assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/mcp-server-card+json"));
        let card: Value = serde_json::from_str(&card).unwrap();
        assert_eq!(card["remotes"][0]["url"], server.url("/api/mcp"));
        assert_eq!(card["remotes"][0]["headers"][0]["name"], "x-api-key");
        assert_eq!(card["remotes"][0]["supportedProtocolVersions"], json!(["2026-07-28", "2025-11-25"]));

        let plain = env.serve();
        let response = Client::new().get(plain.url("/.well-known/x402")).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "no x402, no manifest");
    });
}

/// Polls a job's status URL (no key: the URL carries the job token) until it is done.
async fn finished(status_url: &str) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let response = Client::new().get(status_url).header("x-forwarded-for", address()).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        if body["status"] == "succeeded" || body["status"] == "failed" {
            return body;
        }
        assert!(std::time::Instant::now() < deadline, "the job did not finish: {body}");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    }
}

#[test]
fn a_keyless_audioscript_job_is_read_with_its_token_and_settled_only_when_it_succeeds() {
    let env = Env::new(Storage::Sqlite);
    let facilitator = Facilitator::start();
    let script = json!({"script": "Mornings are hard. Coffee helps. Our app brews it first.", "language": "en"});
    block_on(async {
        let server = serve(&env, &facilitator, &[]);
        let url = server.url("/api/agent/audioscript");
        let paid = pay(&url, Some(&script), Pay { version: 2, ..Pay::default() }).await;
        assert_eq!(paid["status"], 202, "{paid}");
        let accepted = &paid["body"];
        let token = accepted["jobToken"].as_str().unwrap();
        assert!(token.starts_with("jt_"));
        let status_url = accepted["statusUrl"].as_str().unwrap();
        assert!(status_url.ends_with(&format!("?token={token}")), "{status_url}");
        let job_id = accepted["jobId"].as_str().unwrap();
        // Without the token, or with another, the job is not shown.
        let bare = server.url(&format!("/api/agent/audioscript/{job_id}"));
        assert_eq!(Client::new().get(&bare).send().await.unwrap().status(), StatusCode::UNAUTHORIZED);
        let wrong = Client::new().get(&bare).header("x-job-token", "jt_wrong").send().await.unwrap();
        assert_eq!(wrong.status(), StatusCode::NOT_FOUND);
        let done = finished(status_url).await;
        assert_eq!(done["status"], "succeeded", "{done}");
        assert!(done["pageUrl"].is_string());
        let settled = facilitator.settlements().await;
        assert_eq!(settled.len(), 1);
        assert_eq!(settled[0]["amount"], "250000");
        assert_eq!(done["payment"]["rail"], "x402");
        assert_eq!(done["payment"]["state"], "settled", "{done}");
        assert_eq!(done["payment"]["transaction"], settled[0]["transaction"]);
        // The header works as well as the query.
        let by_header = Client::new().get(&bare).header("x-job-token", token).send().await.unwrap();
        assert_eq!(by_header.status(), StatusCode::OK);
    });
    // A job that fails (every picture over its budget) is never settled.
    block_on(async {
        let server = serve(&env, &facilitator, &[("ASSET_PICTURE_BUDGET_MS", "1")]);
        let url = server.url("/api/agent/audioscript");
        let paid = pay(&url, Some(&script), Pay { version: 1, ..Pay::default() }).await;
        assert_eq!(paid["status"], 202, "{paid}");
        let done = finished(paid["body"]["statusUrl"].as_str().unwrap()).await;
        assert_eq!(done["status"], "failed", "{done}");
        assert!(done["pageUrl"].is_null());
        assert_eq!(done["payment"]["state"], "released", "never settled: {done}");
        assert_eq!(facilitator.settlements().await.len(), 1, "the failed job's payment was never settled");
    });
    // A job cancelled with its token before it ran: its payment released, never settled.
    block_on(async {
        let server = serve(&env, &facilitator, &[("ASSET_WORKERS", "0")]);
        let paid =
            pay(&server.url("/api/agent/audioscript"), Some(&script), Pay { version: 2, ..Pay::default() }).await;
        let (id, token) = (paid["body"]["jobId"].as_str().unwrap(), paid["body"]["jobToken"].as_str().unwrap());
        let cancel = server.url(&format!("/api/agent/audioscript/{id}/cancel"));
        let cancelled = Client::new().post(&cancel).header("x-job-token", token).send().await.unwrap();
        assert_eq!(cancelled.status(), StatusCode::OK);
        let cancelled: Value = cancelled.json().await.unwrap();
        assert_eq!(
            (cancelled["status"].as_str(), cancelled["error"]["code"].as_str()),
            (Some("failed"), Some("cancelled"))
        );
        assert_eq!(cancelled["payment"]["state"], "released", "{cancelled}");
        assert_eq!(facilitator.settlements().await.len(), 1, "the cancelled job's payment was never settled");
    });
}

/// A Stripe API stand-in: checks each Checkout Session request and answers a session.
fn fake_stripe(made: Arc<AtomicUsize>) -> String {
    let root = fakes::loopback_api(move |text, body| {
        let form = String::from_utf8_lossy(body).to_string();
        let ok = text.starts_with("POST /v1/checkout/sessions")
            && text.to_lowercase().contains("authorization: bearer sk_test_stripe")
            && form.contains("mode=payment")
            && form.contains("client_reference_id=cp_")
            && form.contains("metadata%5Bkey_id%5D=")
            && form.contains("line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=400");
        if !ok {
            return (400, "application/json", br#"{"error":{"message":"bad request"}}"#.to_vec());
        }
        let n = made.fetch_add(1, Ordering::SeqCst);
        let session = json!({"id": format!("cs_test_{n}"), "object": "checkout.session",
                             "url": format!("https://checkout.stripe.com/c/pay/cs_test_{n}")});
        (200, "application/json", session.to_string().into_bytes())
    });
    root.trim_end_matches("/v1").to_string()
}

const WEBHOOK_SECRET: &str = "whsec_test_secret_for_packs";

async fn stripe_event(server: &Server, event: &Value, secret: &str, t: i64) -> (StatusCode, Value) {
    let body = serde_json::to_vec(event).unwrap();
    let signature = x402::stripe_signature(secret, &body, t);
    let response = Client::new()
        .post(server.url("/api/billing/stripe/webhook"))
        .header("stripe-signature", signature)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn me(server: &Server, key: &str) -> Value {
    Client::new().get(server.url("/api/agent/me")).header("x-api-key", key).send().await.unwrap().json().await.unwrap()
}

fn completed(session: &str, kind: &str, payment_status: &str, amount: u64) -> Value {
    json!({"id": format!("evt_{session}_{kind}"), "object": "event", "type": kind,
           "data": {"object": {"id": session, "object": "checkout.session", "payment_status": payment_status,
                               "amount_total": amount, "currency": "usd"}}})
}

#[test]
fn packs_are_bought_with_usdc_or_by_card_and_granted_once() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let facilitator = Facilitator::start();
        let key = env.create_key(0, "agent");
        let made = Arc::new(AtomicUsize::new(0));
        let stripe = fake_stripe(made.clone());
        block_on(async {
            let server = serve(
                &env,
                &facilitator,
                &[
                    ("ASSET_STRIPE_API_URL", &stripe),
                    ("ASSET_STRIPE_SECRET_KEY", "sk_test_stripe"),
                    ("ASSET_STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
                ],
            );
            // USDC: the route is priced at the pack; credits are not accepted for it.
            let url = server.url("/api/agent/credits/packs/pack-10/buy");
            let (status, _, body) = post(&url, Some(&key), &[], &json!({})).await;
            assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{body}");
            assert_eq!(body["accepts"][0]["maxAmountRequired"], "1000000");
            let (status, _, _) =
                post(&server.url("/api/agent/credits/packs/pack-7/buy"), Some(&key), &[], &json!({})).await;
            assert_eq!(status, StatusCode::NOT_FOUND);
            let paid = pay(&url, None, Pay { version: 2, api_key: Some(&key), ..Pay::default() }).await;
            assert_eq!(paid["status"], 200, "{paid}");
            assert_eq!(paid["body"]["creditsRemaining"], 10);
            assert_eq!(paid["body"]["purchase"]["method"], "usdc");
            assert_eq!(me(&server, &key).await["credits"], 10);
            assert_eq!(facilitator.settlements().await[0]["amount"], "1000000");

            // Card: a checkout session tied to the key and the pack; credits once it is paid.
            let card = server.url("/api/agent/credits/packs/pack-50/buy");
            let (status, _, body) = post(&card, Some(&key), &[], &json!({"method": "card"})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert!(body["checkoutUrl"].as_str().unwrap().starts_with("https://checkout.stripe.com/"));
            let session = body["purchase"]["reference"].as_str().unwrap().to_string();
            assert_eq!(body["purchase"]["state"], "pending");
            assert_eq!(me(&server, &key).await["credits"], 10, "nothing granted before payment");

            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
            let unpaid = completed(&session, "checkout.session.completed", "unpaid", 400);
            assert_eq!(stripe_event(&server, &unpaid, WEBHOOK_SECRET, now).await.1["outcome"], "ignored");
            let paid_event = completed(&session, "checkout.session.completed", "paid", 400);
            let (status, body) = stripe_event(&server, &paid_event, "whsec_someone_else", now).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_signature")));
            let (status, _) = stripe_event(&server, &paid_event, WEBHOOK_SECRET, now - 1000).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "a stale timestamp is refused");
            assert_eq!(me(&server, &key).await["credits"], 10);
            for (i, expected) in ["granted", "already_granted", "already_granted"].iter().enumerate() {
                let (status, body) = stripe_event(&server, &paid_event, WEBHOOK_SECRET, now + i as i64).await;
                assert_eq!((status, body["outcome"].as_str()), (StatusCode::OK, Some(*expected)), "{body}");
            }
            let account = me(&server, &key).await;
            assert_eq!(account["credits"], 60, "granted once");
            let purchases = account["creditPurchases"].as_array().unwrap();
            assert_eq!(purchases.len(), 2);
            assert_eq!(
                (purchases[0]["method"].as_str(), purchases[0]["state"].as_str()),
                (Some("card"), Some("granted"))
            );

            // A delayed method: the async success event grants.
            let (_, _, body) = post(&card, Some(&key), &[], &json!({"method": "card"})).await;
            let later = body["purchase"]["reference"].as_str().unwrap().to_string();
            let succeeded = completed(&later, "checkout.session.async_payment_succeeded", "paid", 400);
            assert_eq!(stripe_event(&server, &succeeded, WEBHOOK_SECRET, now).await.1["outcome"], "granted");
            assert_eq!(me(&server, &key).await["credits"], 110);
            assert_eq!(made.load(Ordering::SeqCst), 2);
        });
    });
}
