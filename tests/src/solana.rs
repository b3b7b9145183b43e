//! The loopback Solana JSON-RPC node for the tests (`solana/rpc.py`): it serves real signed
//! transfers built with `solders` (the Solana crates' types, from Python) in the node's own
//! `getSignaturesForAddress` and `getTransaction` shapes, and counts the calls it gets.

use std::process::Child;

use serde_json::{Value, json};

/// The treasury in every test (any valid address: the stand-in holds no keys for it).
pub const TREASURY: &str = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";

/// A running RPC stand-in; killed when dropped.
pub struct Rpc {
    child: Child,
    pub url: String,
}

impl Rpc {
    /// Starts one whose signature pages hold at most `page_size` entries.
    pub fn start(page_size: usize) -> Rpc {
        let (child, port) = crate::process::python_stand_in(
            "solana/rpc.py",
            &["--port", "0", "--page-size", &page_size.to_string()],
            "the RPC stand-in (solders)",
        );
        Rpc { url: format!("http://127.0.0.1:{port}"), child }
    }

    /// The settings that point `serve` at this node and the test treasury, quoting at a fixed
    /// $150 per SOL (no price source answers in the tests).
    pub fn vars(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ASSET_SOL_TREASURY", TREASURY.into()),
            ("ASSET_SOL_RPC_URL", self.url.clone()),
            ("ASSET_SOL_NETWORK", "devnet".into()),
            ("ASSET_SOL_USD_URL", "http://127.0.0.1:9/none".into()),
            ("ASSET_SOL_USD_SECOND_URL", "http://127.0.0.1:9/none".into()),
            ("ASSET_SOL_USD_FALLBACK", "150".into()),
        ]
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        let response = reqwest::Client::new().post(format!("{}{path}", self.url)).json(&body).send().await;
        let response = response.expect("the stand-in answers");
        assert!(response.status().is_success(), "{path} {body}: {}", response.status());
        response.json().await.expect("JSON")
    }

    /// Records a transfer (fields of `/_transfer`: `to`, `lamports`, `version`, `failed`,
    /// `blockTime`, `confirmation`, `extraTransfers`); answers its `signature`.
    pub async fn transfer(&self, fields: Value) -> String {
        let answer = self.post("/_transfer", fields).await;
        answer["signature"].as_str().expect("a signature").to_string()
    }

    /// A plain, finalized transfer of `lamports` to the treasury, now.
    pub async fn pay(&self, lamports: u64) -> String {
        self.transfer(json!({"to": TREASURY, "lamports": lamports})).await
    }

    /// `count` plain transfers of one lamport to the treasury, now, each its own signed
    /// transaction (recorded in one request: thousands take a second).
    pub async fn dust(&self, count: u32) {
        let answer = self.post("/_dust", json!({"to": TREASURY, "count": count})).await;
        assert_eq!(answer["count"], count, "{answer}");
    }

    /// Makes the node fail `getTransaction` of `signature` (`answer`: `error`, a JSON-RPC error;
    /// `null`; `500`, HTTP 500) until it is set `readable` again; listing it is unaffected.
    pub async fn unreadable(&self, signature: &str, answer: &str) {
        self.post("/_unreadable", json!({"signature": signature, "answer": answer})).await;
    }

    /// The next `rate_limited` calls answer 429 (with `Retry-After: 0`), then `error500` 500s.
    pub async fn control(&self, settings: Value) {
        self.post("/_control", settings).await;
    }

    /// Calls received: `{getSignaturesForAddress, getTransaction, total, rateLimited, failed500}`.
    pub async fn calls(&self) -> Value {
        let response = reqwest::Client::new().get(format!("{}/_calls", self.url)).send().await;
        response.expect("the stand-in answers").json().await.expect("JSON")
    }
}

impl Drop for Rpc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
