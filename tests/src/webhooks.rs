//! A webhook receiver for the tests: a loopback HTTP server that records each request and
//! checks both of its signatures over the raw body (`X-Service-Signature` and the Standard
//! Webhooks `webhook-signature`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use hmac::{Hmac, KeyInit, Mac};
use serde_json::Value;
use sha2::Sha256;

use crate::fakes;

/// One webhook request as the receiver saw it.
#[derive(Clone, Debug)]
pub struct Hook {
    pub headers: HashMap<String, String>,
    pub body: Value,
    /// `X-Service-Signature` matched the HMAC of the raw body.
    pub ours: bool,
    /// `webhook-signature` matched the Standard Webhooks signature.
    pub standard: bool,
}

/// A webhook receiver over loopback that checks both signatures with the secret of what each
/// request names (`X-Service-Job-Id`: a job, or a pitch page).
#[derive(Clone, Default)]
pub struct Receiver {
    secrets: Arc<Mutex<HashMap<String, String>>>,
    hooks: Arc<Mutex<Vec<Hook>>>,
}

fn hmac(key: &[u8], parts: &[&[u8]]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).unwrap();
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().to_vec()
}

impl Receiver {
    /// Starts it; answers its callback URL.
    pub fn start(&self) -> String {
        let this = self.clone();
        let root = fakes::loopback_api(move |request, body| {
            let head = request.split("\r\n\r\n").next().unwrap_or_default();
            let headers: HashMap<String, String> = head
                .lines()
                .skip(1)
                .filter_map(|l| l.split_once(':'))
                .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
                .collect();
            let job = headers.get("x-service-job-id").cloned().unwrap_or_default();
            let secret = this.secrets.lock().unwrap().get(&job).cloned().unwrap_or_default();
            let ours = headers.get("x-service-signature")
                == Some(&format!("sha256={}", hex(&hmac(secret.as_bytes(), &[body]))));
            let key = secret
                .strip_prefix("whsec_")
                .and_then(|b| base64::engine::general_purpose::STANDARD.decode(b).ok())
                .unwrap_or_else(|| secret.clone().into_bytes());
            let (id, timestamp) = (headers.get("webhook-id").cloned(), headers.get("webhook-timestamp").cloned());
            let signed = format!("{}.{}.", id.unwrap_or_default(), timestamp.unwrap_or_default());
            let expected = format!(
                "v1,{}",
                base64::engine::general_purpose::STANDARD.encode(hmac(&key, &[signed.as_bytes(), body]))
            );
            let standard = headers.get("webhook-signature").is_some_and(|s| s.split(' ').any(|v| v == expected));
            let body = serde_json::from_slice(body).unwrap_or(Value::Null);
            this.hooks.lock().unwrap().push(Hook { headers, body, ours, standard });
            (200, "application/json", b"{}".to_vec())
        });
        format!("{root}/hooks")
    }

    /// Checks the requests about `id` with `secret`.
    pub fn expect(&self, id: &str, secret: &str) {
        self.secrets.lock().unwrap().insert(id.to_string(), secret.to_string());
    }

    /// The requests about `id`, in the order they came.
    pub fn of(&self, id: &str) -> Vec<Hook> {
        let hooks = self.hooks.lock().unwrap();
        hooks.iter().filter(|h| h.headers.get("x-service-job-id").is_some_and(|j| j == id)).cloned().collect()
    }

    /// Waits (up to 10 s) until `n` requests about `id` came; answers them.
    pub async fn wait_for(&self, id: &str, n: usize) -> Vec<Hook> {
        for _ in 0..200 {
            let seen = self.of(id);
            if seen.len() >= n {
                return seen;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("{id}: expected {n} webhooks, got {:?}", self.of(id));
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
