//! State a client carries between the rounds of one request (MCP 2026-07-28's `requestState`):
//! signed with HMAC-SHA256 under the service's own key (the same on every replica) and bound to
//! the calling key, so a client can hand it back but never forge it, alter it or use another
//! key's. What it says (and until when it holds) is its payload's business.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use subtle::ConstantTimeEq;

use super::hmac_sha256;

/// What the signature is over first: no other HMAC of this key can pass as one.
const PURPOSE: &[u8] = b"mcp-request-state/v1\0";
/// The largest state accepted back (a sealed payload is a few hundred bytes).
const MAX_LEN: usize = 4096;

/// The key request states are signed with.
pub struct RequestStates {
    key: Vec<u8>,
}

impl std::fmt::Debug for RequestStates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RequestStates(<key>)")
    }
}

impl RequestStates {
    pub fn new(key: Vec<u8>) -> RequestStates {
        RequestStates { key }
    }

    /// `payload` sealed for key `key_id`: `<payload>.<tag>`, both base64url.
    pub fn seal(&self, key_id: i64, payload: &[u8]) -> String {
        format!("{}.{}", URL_SAFE_NO_PAD.encode(payload), URL_SAFE_NO_PAD.encode(self.tag(key_id, payload)))
    }

    /// The payload of `state` if this service sealed it for key `key_id`; `None` for anything
    /// else (altered, another key's, not a state).
    pub fn open(&self, key_id: i64, state: &str) -> Option<Vec<u8>> {
        if state.len() > MAX_LEN {
            return None;
        }
        let (payload, tag) = state.split_once('.')?;
        let (payload, tag) = (URL_SAFE_NO_PAD.decode(payload).ok()?, URL_SAFE_NO_PAD.decode(tag).ok()?);
        bool::from(self.tag(key_id, &payload).ct_eq(&tag)).then_some(payload)
    }

    fn tag(&self, key_id: i64, payload: &[u8]) -> Vec<u8> {
        hmac_sha256(&self.key, &[PURPOSE, &key_id.to_be_bytes(), payload])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_opens_only_unaltered_for_the_key_it_was_sealed_for() {
        let states = RequestStates::new(b"k".repeat(32));
        let sealed = states.seal(7, b"{\"asked\":\"brand\"}");
        assert_eq!(states.open(7, &sealed).as_deref(), Some(&b"{\"asked\":\"brand\"}"[..]));
        assert_eq!(states.open(8, &sealed), None, "another key's");
        assert_eq!(states.open(7, &format!("{sealed}-TAMPERED")), None);
        let (payload, tag) = sealed.split_once('.').unwrap();
        let forged = format!("{}.{tag}", URL_SAFE_NO_PAD.encode(b"{\"asked\":\"input\"}"));
        assert_eq!(states.open(7, &forged), None, "a payload changed under its tag");
        assert_eq!(states.open(7, payload), None, "no tag");
        assert_eq!(RequestStates::new(b"x".repeat(32)).open(7, &sealed), None, "another service's");
    }
}
