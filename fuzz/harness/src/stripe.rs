//! Stripe events: the `Stripe-Signature` check (`billing::stripe::verify`) and the reading of
//! the event once it checked (`purchases::Event`).
//!
//! The input is `now` (8 bytes, little-endian Unix seconds), then the header line, then the
//! body. Properties: `verify` accepts only when the header carries a timestamp within the
//! tolerance of `now` and a `v1` that is the HMAC-SHA256 of `"{t}.{body}"` under the secret,
//! computed here independently; a correctly signed body is always accepted; and a paid
//! session is only ever read from the two event types that report one.

use asset_host::billing::stripe::{BadSignature, TOLERANCE_SECS, verify};
use asset_host::purchases::Event;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

const SECRET: &str = "whsec_fuzz_secret";

fn sign(t: &str, body: &[u8]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(SECRET.as_bytes()).expect("any key length");
    mac.update(t.as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().to_vec()
}

pub fn stripe_event(data: &[u8]) {
    let Some((now, rest)) = data.split_first_chunk::<8>() else { return };
    let now = i64::from_le_bytes(*now);
    let (header, body) = match rest.iter().position(|&b| b == b'\n') {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    let header = String::from_utf8_lossy(header);
    if verify(SECRET, &header, body, now).is_ok() {
        // Accepted: some `t` in the header is in tolerance and some `v1` is the right HMAC for
        // the `t` verify read (the last one).
        let fields: Vec<(&str, &str)> = header.split(',').filter_map(|p| p.trim().split_once('=')).collect();
        let t = fields.iter().rev().find(|(k, _)| *k == "t").map(|(_, v)| *v).expect("a timestamp");
        let t_num: i64 = t.parse().expect("a numeric timestamp");
        assert!(i128::from(now).abs_diff(i128::from(t_num)) <= TOLERANCE_SECS as u128, "stale t={t} now={now}");
        let expected = sign(&t_num.to_string(), body);
        assert!(
            fields.iter().any(|(k, v)| *k == "v1" && hex::decode(v).is_ok_and(|s| s == expected)),
            "accepted without the right HMAC: {header:?}"
        );
    }
    // A header this service's secret signed for this body, in tolerance, is always accepted,
    // and the same header for another `now` far away is stale.
    if let Some(t) = now.checked_sub(i64::from(data.len() as u8 % 3) * 100) {
        let good = format!("t={t},v1={}", hex::encode(sign(&t.to_string(), body)));
        assert_eq!(verify(SECRET, &good, body, now), Ok(()));
        if let Some(later) = t.checked_add(TOLERANCE_SECS + 1) {
            assert_eq!(verify(SECRET, &good, body, later), Err(BadSignature::Stale));
        }
    }
    if let Ok(event) = serde_json::from_slice::<Event>(body)
        && let Some(session) = event.paid_session()
    {
        match event.kind.as_str() {
            "checkout.session.completed" => {
                let status = session["payment_status"].as_str().expect("a paid session says so");
                assert_ne!(status, "unpaid");
            }
            "checkout.session.async_payment_succeeded" => {}
            other => panic!("an event of type {other:?} granted a pack"),
        }
    }
}
