//! Webhooks, as a transactional outbox: an operation writes the event row (`enqueue_in`) in
//! the transaction that changes the state it reports, then asks for it to be sent at once
//! (`dispatch`); the `webhook-sweeper` task sends whatever is due every minute, on `serve` and
//! `worker` alike, until the receiver answers 2xx (or three days pass). Every request is signed
//! twice over the exact bytes sent: `X-Service-Signature: sha256=<hex HMAC-SHA256 of the body>`
//! with the job's webhook secret, and the Standard Webhooks headers (`webhook-id`, the same on
//! every attempt; `webhook-timestamp`; `webhook-signature: v1,<base64 HMAC of
//! "{id}.{timestamp}.{body}">`). The callback address goes through the SSRF guard at every
//! attempt (resolved, checked, pinned; no redirects; the guard's time limit; a capped read).

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Map, Value, json};
use sqlx::AnyConnection;

use crate::auth::hmac_sha256;
use crate::ctx::Services;
use crate::net::Guard;
use crate::store::events::{self as outbox, Claimed, Outcome};
use crate::store::{Db, now_ms};

pub use crate::store::events::{Delivery, NewEvent, deliveries};

/// Who is calling, in every webhook request.
pub const USER_AGENT: &str = concat!("asset-service/", env!("CARGO_PKG_VERSION"));
/// How long a claimed event is this process's to send.
const LEASE_MS: i64 = 30_000;
/// When a failed attempt is tried again: at the next sweep.
const RETRY_AFTER_MS: i64 = 60_000;
/// After this long without a 2xx an event expires (a replay opens it again).
const GIVE_UP_AFTER_MS: i64 = 3 * 24 * 3600 * 1000;
/// How much of a receiver's answer is read (and kept for nothing but the connection's sake).
const MAX_RESPONSE_BYTES: usize = 4096;
/// Events one sweep sends at most.
const SWEEP_BATCH: i64 = 50;

/// Writes `event` inside the caller's transaction; after the commit, [`dispatch`] it.
pub async fn enqueue_in(conn: &mut AnyConnection, event: &NewEvent<'_>) -> Result<String, sqlx::Error> {
    outbox::insert_in(conn, event).await
}

/// Sends event `id` now, on its own task (the sweeper retries it if this fails or the process
/// stops first).
pub fn dispatch(services: &Services, id: String) {
    let (db, guard) = (services.db.clone(), services.guard.clone());
    tokio::spawn(async move {
        match outbox::claim(&db, Some(&id), 1, LEASE_MS).await {
            Ok(claimed) => {
                for event in claimed {
                    deliver(&db, &guard, event).await;
                }
            }
            Err(e) => tracing::warn!(event = id, error = %e, "claiming a webhook failed; the sweeper will send it"),
        }
    });
}

/// Sends every due event; returns how many were attempted.
pub async fn sweep(services: &Services) -> Result<usize, sqlx::Error> {
    let claimed = outbox::claim(&services.db, None, SWEEP_BATCH, LEASE_MS).await?;
    let count = claimed.len();
    futures::future::join_all(claimed.into_iter().map(|event| deliver(&services.db, &services.guard, event))).await;
    Ok(count)
}

/// Makes `job_id`'s events due again and sends them; returns how many.
pub async fn replay(services: &Services, job_id: &str) -> Result<usize, sqlx::Error> {
    let ids = outbox::reopen(&services.db, job_id).await?;
    let count = ids.len();
    for id in ids {
        dispatch(services, id);
    }
    Ok(count)
}

/// Forgets the finished events made more than the retention (`webhook_retention_days`) ago, and
/// their delivery logs; returns how many events.
pub async fn purge(services: &Services) -> Result<u64, sqlx::Error> {
    let retention = i64::from(services.settings.webhook_retention_days) * 24 * 3600 * 1000;
    outbox::purge_finished(&services.db, now_ms().saturating_sub(retention)).await
}

/// The body of attempt `attempt`: the stored payload with `attempt` added.
fn body_of(event: &Claimed) -> Vec<u8> {
    let mut payload: Map<String, Value> = serde_json::from_str(&event.data).unwrap_or_default();
    payload.insert("attempt".into(), json!(event.attempt));
    serde_json::to_vec(&payload).unwrap_or_default()
}

/// One attempt, recorded whatever happens.
async fn deliver(db: &Db, guard: &Guard, event: Claimed) {
    let body = body_of(&event);
    let timestamp = now_ms() / 1000;
    let headers = [
        ("content-type", "application/json".to_string()),
        ("user-agent", USER_AGENT.to_string()),
        ("x-service-signature", signature(&event.secret, &body)),
        ("x-service-event", event.event.clone()),
        ("x-service-job-id", event.job_id.clone()),
        ("webhook-id", event.id.clone()),
        ("webhook-timestamp", timestamp.to_string()),
        ("webhook-signature", standard_signature(&event.secret, &event.id, timestamp, &body)),
    ];
    let started = std::time::Instant::now();
    let answered = guard.post(&event.url, &headers, body, MAX_RESPONSE_BYTES).await;
    let duration_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
    let (status_code, error) = match &answered {
        Ok((status, _)) => (Some(*status), (!(200..300).contains(status)).then(|| format!("HTTP {status}"))),
        Err(e) => (None, Some(e.to_string())),
    };
    let now = now_ms();
    let retry_at = (now - event.created_at < GIVE_UP_AFTER_MS).then_some(now + RETRY_AFTER_MS);
    let outcome = Outcome { status_code, error: error.as_deref(), duration_ms };
    if let Some(why) = &error {
        tracing::warn!(event = event.id, attempt = event.attempt, error = %why, "webhook not delivered; retrying at the next sweep");
    }
    if let Err(e) = outbox::record(db, &event.id, event.attempt, &outcome, retry_at).await {
        tracing::error!(event = event.id, error = %e, "recording a webhook attempt failed; its lease will lapse and it is sent again");
    }
}

/// `sha256=<hex>`: HMAC-SHA256 of the raw body keyed with the webhook secret.
pub fn signature(secret: &str, body: &[u8]) -> String {
    format!("sha256={}", hex::encode(hmac_sha256(secret.as_bytes(), &[body])))
}

/// The Standard Webhooks `v1,<base64>` signature of `"{id}.{timestamp}.{body}"`. Its key is
/// the secret's bytes, or, for a secret written the standard way (`whsec_<base64>`), the bytes
/// it encodes: receivers using the standard libraries pass `whsec_` + base64(secret).
pub fn standard_signature(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> String {
    let key = secret.strip_prefix("whsec_").and_then(|b| STANDARD.decode(b).ok()).unwrap_or_else(|| secret.into());
    let signed = hmac_sha256(&key, &[format!("{id}.{timestamp}.").as_bytes(), body]);
    format!("v1,{}", STANDARD.encode(signed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_match_known_values() {
        // HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog"), RFC 4231-style vector.
        assert_eq!(
            signature("key", b"The quick brown fox jumps over the lazy dog"),
            "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
        );
        // The Standard Webhooks specification's example (secret, id, timestamp, body).
        let body = br#"{"test": 2432232314}"#;
        assert_eq!(
            standard_signature(
                "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                "msg_p5jXN8AQM9LWM0D4loKWxJek",
                1614265330,
                body
            ),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
    }
}
