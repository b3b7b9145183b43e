//! The x402 payment headers (`X-PAYMENT` for v1, `PAYMENT-SIGNATURE` for v2): base64 of a JSON
//! payload, decoded by `billing::x402::wire::decode`.
//!
//! The input is tried two ways: as a header value (what a client sends), and as the JSON
//! payload itself (what MCP's `_meta["x402/payment"]` carries, and the quickest way for the
//! fuzzer to reach the field checks). Properties: an accepted payment's fields are what the
//! checks promise; it survives re-encoding in either base64 alphabet, padded or not, to the
//! same payment; and a payload reads the same whether it comes as a header or as JSON.

use asset_host::billing::x402::wire::{self, Presented};
use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};
use serde_json::Value;

pub fn x402_header(data: &[u8]) {
    // The HTTP layer hands `decode` only headers that are visible ASCII (`to_str`); other
    // bytes are still worth a try through the lossy text, as `decode` takes any &str.
    let header = String::from_utf8_lossy(data);
    for version in [1u8, 2] {
        if let Ok(presented) = wire::decode(&header, version) {
            accepted(&presented, version);
        }
    }
    if let Ok(payload) = serde_json::from_slice::<Value>(data) {
        for version in [1u8, 2] {
            let direct = wire::parse(payload.clone(), version);
            let via_header = wire::decode(&wire::to_base64(&payload), version);
            assert_eq!(direct.is_ok(), via_header.is_ok(), "a payload reads the same as JSON and as a header");
            if let (Ok(a), Ok(b)) = (direct, via_header) {
                assert_eq!(summary(&a), summary(&b));
                accepted(&a, version);
            }
        }
    }
}

/// What must hold of any payment `decode`/`parse` accepted for `version`.
fn accepted(presented: &Presented, version: u8) {
    assert_eq!(presented.version, version);
    assert_eq!(presented.raw["x402Version"].as_u64(), Some(u64::from(version)), "the payload declares its version");
    let hex_of = |text: &str, len: usize| {
        text.len() == len && text.starts_with("0x") && text[2..].bytes().all(|b| b.is_ascii_hexdigit())
    };
    assert!(hex_of(&presented.payer(), 42), "payer {:?}", presented.payer());
    assert!(hex_of(&presented.nonce(), 66), "nonce {:?}", presented.nonce());
    assert_eq!(presented.payer(), presented.payer().to_ascii_lowercase());
    let a = &presented.authorization;
    for number in [&a.value, &a.valid_after, &a.valid_before] {
        assert!(number.parse::<u64>().is_ok(), "{number:?} is a decimal integer");
    }
    assert_eq!(presented.accepted.is_some(), version == 2, "only v2 carries `accepted`");
    // Re-encoded in every alphabet and padding `from_base64` promises to read, the payload
    // decodes to the same payment.
    let json = serde_json::to_vec(&presented.raw).expect("a Value serializes");
    for header in [
        wire::to_base64(&presented.raw),
        STANDARD_NO_PAD.encode(&json),
        URL_SAFE_NO_PAD.encode(&json),
        format!(" {} ", wire::to_base64(&presented.raw)),
    ] {
        let again = wire::decode(&header, version).unwrap_or_else(|e| panic!("re-encoded payment refused: {e}"));
        assert_eq!(summary(&again), summary(presented));
    }
}

/// The fields of a payment that the rail reads (everything but the raw payload).
fn summary(p: &Presented) -> (u8, String, String, wire::Authorization, Option<Value>) {
    (p.version, p.scheme.clone(), p.network.clone(), p.authorization.clone(), p.accepted.clone())
}
