//! The client of an x402 facilitator (`POST /verify`, `POST /settle`, `GET /supported`): it
//! checks a payment's signature and funds, and moves the money on chain. Its answers are
//! untrusted input; a timeout or a 5xx is the facilitator's failure, never the payer's.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// How a facilitator call failed before it gave an answer.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer in time (or no connection): retrying later may work.
    Timeout,
    /// It answered, but not with a usable answer (5xx, or a body that is not the API's).
    Broken(String),
}

/// `POST /verify`'s answer.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    pub is_valid: bool,
    #[serde(default)]
    pub invalid_reason: Option<String>,
    #[serde(default)]
    pub payer: Option<String>,
}

/// `POST /settle`'s answer (HTTP 200 with `success: false` is a refusal, not an outage).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Settled {
    pub success: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_reason: Option<String>,
    #[serde(default)]
    pub payer: Option<String>,
    #[serde(default)]
    pub transaction: String,
    #[serde(default)]
    pub network: String,
}

/// A facilitator at a base URL, with an optional bearer key.
pub struct Facilitator {
    url: String,
    key: Option<String>,
    client: reqwest::Client,
    timeout: Duration,
}

/// Whether a settlement's refusal says the authorization was used already: after a settlement
/// of ours went unanswered, that is our own transfer having landed (an EIP-3009 authorization
/// moves the money to us, or is cancelled by its payer before any transfer; an authorization
/// the facilitator verified and took for settlement is not cancelled in the seconds after).
pub fn means_used(reason: &str) -> bool {
    let reason = reason.to_ascii_lowercase();
    reason.contains("nonce") && (reason.contains("used") || reason.contains("already"))
}

impl Facilitator {
    pub fn new(url: &str, key: Option<String>, timeout: Duration) -> Result<Facilitator, String> {
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("x402 facilitator client: {e}"))?;
        Ok(Facilitator { url: url.trim_end_matches('/').to_string(), key, client, timeout })
    }

    /// How long after a settlement was sent its answer can no longer come: the client's
    /// timeout and a margin for clocks and a slow database.
    pub fn patience_ms(&self) -> i64 {
        i64::try_from(self.timeout.as_millis()).unwrap_or(i64::MAX).saturating_add(10_000)
    }

    /// Asks whether `payload` pays `requirements`.
    pub async fn verify(&self, version: u8, payload: &Value, requirements: &Value) -> Result<Verified, Failure> {
        self.call("verify", version, payload, requirements).await
    }

    /// Moves the money `payload` authorizes.
    pub async fn settle(&self, version: u8, payload: &Value, requirements: &Value) -> Result<Settled, Failure> {
        self.call("settle", version, payload, requirements).await
    }

    async fn call<T: for<'de> Deserialize<'de>>(
        &self,
        path: &str,
        version: u8,
        payload: &Value,
        requirements: &Value,
    ) -> Result<T, Failure> {
        let body = json!({"x402Version": version, "paymentPayload": payload, "paymentRequirements": requirements});
        let mut request = self.client.post(format!("{}/{path}", self.url)).json(&body);
        if let Some(key) = &self.key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await.map_err(|e| {
            if e.is_timeout() || e.is_connect() { Failure::Timeout } else { Failure::Broken(crate::net::unlocated(e)) }
        })?;
        let status = response.status();
        // 4xx answers of the API still carry its body (a refusal); anything else is an outage.
        if status.is_server_error() || status.is_redirection() {
            return Err(Failure::Broken(format!("{path} answered {status}")));
        }
        let bytes = response
            .bytes()
            .await
            .map_err(|e| if e.is_timeout() { Failure::Timeout } else { Failure::Broken(crate::net::unlocated(e)) })?;
        serde_json::from_slice(&bytes)
            .map_err(|e| Failure::Broken(format!("{path} answered {status} with an unexpected body: {e}")))
    }
}
