//! Card payments through Stripe: creating a Checkout Session for a credit pack, and checking
//! the signature of the events Stripe sends back (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256
//! of `"{t}.{raw body}"` keyed with the endpoint's whole `whsec_…` secret, any `v1` may match,
//! 300 s tolerance). Event bodies are untrusted until their signature checks.

use std::time::Duration;

use serde::Deserialize;
use subtle::ConstantTimeEq;

use crate::config::Settings;
use crate::counted::counted;
use crate::error::Error;

/// How far a signed event's timestamp may be from now, in seconds.
pub const TOLERANCE_SECS: i64 = 300;

/// The Stripe API client, present when the operator set a secret key.
pub struct Stripe {
    api_url: String,
    secret_key: String,
    client: reqwest::Client,
}

/// One-off payment for `credits` credits at `cents`, tied to a key and a pack.
pub struct CheckoutRequest<'a> {
    pub purchase_id: &'a str,
    pub key_id: i64,
    pub pack: &'a str,
    pub credits: u64,
    pub cents: u64,
    pub success_url: &'a str,
    pub cancel_url: &'a str,
}

/// The parts of a Checkout Session the service reads.
#[derive(Debug, Deserialize)]
pub struct Session {
    pub id: String,
    #[serde(default)]
    pub url: Option<String>,
}

impl Stripe {
    pub fn from_settings(settings: &Settings) -> Result<Option<Stripe>, String> {
        let Some(secret_key) = settings.stripe_secret_key.clone().filter(|k| !k.trim().is_empty()) else {
            return Ok(None);
        };
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("Stripe client: {e}"))?;
        Ok(Some(Stripe { api_url: settings.stripe_api_url.trim_end_matches('/').to_string(), secret_key, client }))
    }

    /// Creates a Checkout Session (`mode=payment`) for the pack; its `client_reference_id`
    /// is our purchase id and its metadata name the key and the pack.
    pub async fn checkout(&self, request: &CheckoutRequest<'_>) -> Result<Session, Error> {
        let (key_id, credits, cents) =
            (request.key_id.to_string(), request.credits.to_string(), request.cents.to_string());
        let name = counted(request.credits, "credit");
        let form: [(&str, &str); 13] = [
            ("mode", "payment"),
            ("success_url", request.success_url),
            ("cancel_url", request.cancel_url),
            ("client_reference_id", request.purchase_id),
            ("line_items[0][quantity]", "1"),
            ("line_items[0][price_data][currency]", "usd"),
            ("line_items[0][price_data][unit_amount]", &cents),
            ("line_items[0][price_data][product_data][name]", &name),
            ("metadata[purchase_id]", request.purchase_id),
            ("metadata[key_id]", &key_id),
            ("metadata[pack]", request.pack),
            ("metadata[credits]", &credits),
            ("payment_intent_data[metadata][purchase_id]", request.purchase_id),
        ];
        let failed = |why: String| {
            tracing::warn!(error = %why, "creating a Stripe Checkout Session failed");
            Error::BadGateway {
                code: "card_payments_failed",
                message: "The card processor did not answer; nothing was charged. Retrying is safe.".into(),
            }
        };
        let response = self
            .client
            .post(format!("{}/v1/checkout/sessions", self.api_url))
            .bearer_auth(&self.secret_key)
            .header("Idempotency-Key", request.purchase_id)
            .form(&form)
            .send()
            .await
            .map_err(|e| failed(e.to_string()))?;
        let status = response.status();
        let body = response.bytes().await.map_err(|e| failed(e.to_string()))?;
        if !status.is_success() {
            return Err(failed(format!("{status}: {}", String::from_utf8_lossy(&body[..body.len().min(300)]))));
        }
        let session: Session = serde_json::from_slice(&body).map_err(|e| failed(format!("unexpected body: {e}")))?;
        if session.url.as_deref().is_none_or(|u| !u.starts_with("https://") && !u.starts_with("http://")) {
            return Err(failed("the session has no payment URL".into()));
        }
        Ok(session)
    }
}

/// Why an event was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum BadSignature {
    Malformed,
    Stale,
    Mismatch,
}

/// Checks `header` (`Stripe-Signature`) over the raw `body` with `secret` at time `now`
/// (Unix seconds).
pub fn verify(secret: &str, header: &str, body: &[u8], now: i64) -> Result<(), BadSignature> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", hex_sig)) => signatures.extend(hex::decode(hex_sig).ok()),
            _ => {}
        }
    }
    let Some(t) = timestamp else { return Err(BadSignature::Malformed) };
    if signatures.is_empty() {
        return Err(BadSignature::Malformed);
    }
    // `abs_diff`: the timestamp is the sender's, and `now - t` overflows for one far enough
    // away (a panic with overflow checks; without, `i64::MIN.abs()` stays negative and a
    // timestamp 2^63 s away passed as fresh).
    if now.abs_diff(t) > TOLERANCE_SECS.unsigned_abs() {
        return Err(BadSignature::Stale);
    }
    let expected = sign(secret, t, body);
    if signatures.iter().any(|s| bool::from(s.as_slice().ct_eq(&expected))) {
        Ok(())
    } else {
        Err(BadSignature::Mismatch)
    }
}

/// HMAC-SHA256 of `"{t}.{body}"` keyed with `secret`.
fn sign(secret: &str, t: i64, body: &[u8]) -> Vec<u8> {
    crate::auth::hmac_sha256(secret.as_bytes(), &[format!("{t}.").as_bytes(), body])
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";

    fn header(t: i64, body: &[u8]) -> String {
        format!("t={t},v1={}", hex::encode(sign(SECRET, t, body)))
    }

    #[test]
    fn a_signed_event_checks_and_any_v1_may_match() {
        let body = br#"{"id":"evt_1"}"#;
        assert_eq!(verify(SECRET, &header(1000, body), body, 1100), Ok(()));
        let two = format!("t=1000,v1={},{}", "00".repeat(32), header(1000, body).split(',').nth(1).unwrap());
        assert_eq!(verify(SECRET, &two, body, 1000), Ok(()));
    }

    #[test]
    fn tampered_stale_and_malformed_events_are_refused() {
        let body = br#"{"id":"evt_1"}"#;
        assert_eq!(verify(SECRET, &header(1000, body), br#"{"id":"evt_2"}"#, 1000), Err(BadSignature::Mismatch));
        assert_eq!(verify("whsec_other", &header(1000, body), body, 1000), Err(BadSignature::Mismatch));
        assert_eq!(verify(SECRET, &header(1000, body), body, 1000 + TOLERANCE_SECS + 1), Err(BadSignature::Stale));
        assert_eq!(verify(SECRET, "v1=abcd", body, 1000), Err(BadSignature::Malformed));
        assert_eq!(verify(SECRET, "t=1000", body, 1000), Err(BadSignature::Malformed));
    }

    #[test]
    fn timestamps_at_the_ends_of_the_range_are_stale_not_a_panic() {
        // Found by the stripe_event fuzz target: `now - t` was i64::MIN, whose `abs` overflows.
        let body = br#"{"id":"evt_1"}"#;
        let t = 1_764_000_000;
        assert_eq!(verify(SECRET, &header(t, body), body, t + i64::MIN), Err(BadSignature::Stale));
        assert_eq!(verify(SECRET, &header(i64::MIN, body), body, 1_764_000_000), Err(BadSignature::Stale));
        assert_eq!(verify(SECRET, &header(i64::MAX, body), body, i64::MIN), Err(BadSignature::Stale));
    }
}
