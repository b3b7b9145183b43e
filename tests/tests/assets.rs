//! Pay-per-asset pricing against the real binary, with loopback stand-ins of the SOL/USD
//! sources (a CoinGecko-style `simple/price` and Jupiter's price API): the spec's fields, the
//! live rate cached, the second source when the first fails, a fallback rate marked as such,
//! and 503s with their codes when nothing is set up or nothing answers.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use asset_tests::{Env, Server, Storage, fakes};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

const TREASURY: &str = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const SOL_MINT: &str = "So11111111111111111111111111111111111111112";

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

/// A price source answering `body` (or 500 when `None`) to requests starting with `expect`,
/// counting the calls.
fn source(expect: &'static str, body: Option<Value>, calls: Arc<AtomicUsize>) -> String {
    fakes::loopback_api(move |text, _| {
        calls.fetch_add(1, Ordering::SeqCst);
        match &body {
            Some(body) if text.starts_with(expect) => (200, "application/json", body.to_string().into_bytes()),
            _ => (500, "application/json", b"{}".to_vec()),
        }
    })
}

async fn pricing(server: &Server, key: &str) -> (StatusCode, Value) {
    let response =
        Client::new().get(server.url("/api/agent/asset/pricing")).header("x-api-key", key).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

#[test]
fn the_price_is_quoted_at_the_live_rate_from_the_first_source_that_answers() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(0, "agent");
    let (first_calls, second_calls) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let coingecko = source(
        "GET /v1/simple/price?ids=solana&vs_currencies=usd",
        Some(json!({"solana": {"usd": 142.35}})),
        first_calls.clone(),
    );
    let down = source("", None, second_calls.clone());
    let jupiter = source(
        "GET /v1/price/v3?ids=So11111111111111111111111111111111111111112",
        Some(json!({SOL_MINT: {"usdPrice": 200.0, "decimals": 9}})),
        second_calls.clone(),
    );
    block_on(async {
        // No treasury: a permanent refusal naming the rails taken, not a 503 to retry.
        let server = env.serve();
        let (status, body) = pricing(&server, &key).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("payment_rail_unavailable")),
            "{body}"
        );
        drop(server);

        let first = format!("{coingecko}/simple/price");
        let second = format!("{jupiter}/price/v3");
        let server = env.serve_with(&[
            ("ASSET_SOL_TREASURY", TREASURY),
            ("ASSET_SOL_NETWORK", "devnet"),
            ("ASSET_SOL_USD_URL", &first),
            ("ASSET_SOL_USD_SECOND_URL", &second),
        ]);
        let (status, body) = pricing(&server, &key).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let p = &body["pricing"];
        assert_eq!((p["model"].as_str(), p["currency"].as_str()), (Some("per_asset"), Some("SOL")));
        // $0.25 at $142.35 is 1 756 234.6… lamports, rounded up.
        assert_eq!(p["amountLamports"], 1_756_235);
        assert_eq!(p["amountSol"], 0.001756235);
        assert_eq!(p["quoteTtlMs"], 86_400_000);
        let formats: Vec<&str> = p["formats"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
        assert!(formats.contains(&"single-meme") && formats.contains(&"slideshow"), "{formats:?}");
        assert_eq!((p["network"].as_str(), p["wallet"].as_str()), (Some("devnet"), Some(TREASURY)));
        assert_eq!((p["rate"]["source"].as_str(), p["rate"]["stale"].as_bool()), (Some("coingecko"), Some(false)));
        // Cached: a second quote does not ask again.
        let (_, again) = pricing(&server, &key).await;
        assert_eq!(again["pricing"]["amountLamports"], 1_756_235);
        assert_eq!(first_calls.load(Ordering::SeqCst), 1);
        assert_eq!(second_calls.load(Ordering::SeqCst), 0);
        // A key is needed.
        let anonymous = Client::new().get(server.url("/api/agent/asset/pricing")).send().await.unwrap();
        assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
        drop(server);

        // The first source down: the second answers.
        let dead = format!("{down}/simple/price");
        let server = env.serve_with(&[
            ("ASSET_SOL_TREASURY", TREASURY),
            ("ASSET_SOL_USD_URL", &dead),
            ("ASSET_SOL_USD_SECOND_URL", &second),
        ]);
        let (status, body) = pricing(&server, &key).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["pricing"]["rate"]["source"], "jupiter");
        assert_eq!(body["pricing"]["amountLamports"], 1_250_000);
        assert_eq!(body["pricing"]["network"], "mainnet-beta");
        drop(server);

        // Both down: the operator's fallback, marked; without one, 503.
        let dead_second = format!("{down}/price/v3");
        let both_down = [
            ("ASSET_SOL_TREASURY", TREASURY),
            ("ASSET_SOL_USD_URL", dead.as_str()),
            ("ASSET_SOL_USD_SECOND_URL", dead_second.as_str()),
        ];
        let mut with_fallback = both_down.to_vec();
        with_fallback.push(("ASSET_SOL_USD_FALLBACK", "150"));
        let server = env.serve_with(&with_fallback);
        let (status, body) = pricing(&server, &key).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["pricing"]["rate"]["source"], "fallback");
        assert_eq!(body["pricing"]["amountLamports"], 1_666_667);
        drop(server);
        let server = env.serve_with(&both_down);
        let (status, body) = pricing(&server, &key).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::SERVICE_UNAVAILABLE, Some("sol_price_unavailable")));
    });
}
