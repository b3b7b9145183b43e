//! Page tokens: proof that a report about a pitch page comes from a copy of that page this
//! service served. Each time the page is served it carries a fresh token (`data-token`): the
//! time it was issued and a random nonce, signed with HMAC-SHA256 under the service's own key
//! and bound to the page's id. Nothing about the person is in it or stored with it. A report
//! counts only with a valid, unexpired token for its page, and each action once per token
//! (`page_token_uses` keeps the nonce until the token expires), so a copied link or a scripted
//! client cannot count anything a served page did not.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use subtle::ConstantTimeEq;

use super::hmac_sha256;

/// How long a served page's token counts: a person reads, plays and clicks within this.
pub const LIFETIME_MS: i64 = 6 * 3600 * 1000;
/// How far ahead of this process's clock a token may have been issued (another replica's).
const SKEW_MS: i64 = 5 * 60 * 1000;
/// What the signature is over, before the page id: no other HMAC of this key can pass as one.
const PURPOSE: &[u8] = b"page-activity-token/v1\0";
const NONCE_LEN: usize = 16;
const TAG_LEN: usize = 16;
const TOKEN_LEN: usize = 8 + NONCE_LEN + TAG_LEN;

/// The key page tokens are signed with (the same on every replica).
pub struct PageTokens {
    key: Vec<u8>,
}

impl std::fmt::Debug for PageTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PageTokens(<key>)")
    }
}

/// A token that checked out: its nonce (what its uses are kept under) and when it was issued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Valid {
    pub nonce: String,
    pub issued_at: i64,
}

impl PageTokens {
    pub fn new(key: Vec<u8>) -> PageTokens {
        PageTokens { key }
    }

    /// A new token for page `page_id`, issued at `now` (Unix milliseconds).
    pub fn issue(&self, page_id: &str, now: i64) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::fill(&mut nonce);
        let mut bytes = now.to_be_bytes().to_vec();
        bytes.extend_from_slice(&nonce);
        let tag = self.tag(page_id, &bytes);
        bytes.extend_from_slice(&tag);
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// What `token` proves at `now`, when this service issued it for `page_id` and it has not
    /// expired; `None` for anything else (altered, another page's, expired, not a token).
    pub fn check(&self, token: &str, page_id: &str, now: i64) -> Option<Valid> {
        let bytes = URL_SAFE_NO_PAD.decode(token.as_bytes()).ok().filter(|b| b.len() == TOKEN_LEN)?;
        let (signed, tag) = bytes.split_at(8 + NONCE_LEN);
        if !bool::from(self.tag(page_id, signed).ct_eq(tag)) {
            return None;
        }
        let issued_at = i64::from_be_bytes(signed[..8].try_into().ok()?);
        let age = now.checked_sub(issued_at)?;
        (-SKEW_MS..LIFETIME_MS).contains(&age).then(|| Valid { nonce: hex::encode(&signed[8..]), issued_at })
    }

    fn tag(&self, page_id: &str, signed: &[u8]) -> [u8; TAG_LEN] {
        let mac = hmac_sha256(&self.key, &[PURPOSE, page_id.as_bytes(), b"\0", signed]);
        let mut tag = [0u8; TAG_LEN];
        tag.copy_from_slice(&mac[..TAG_LEN]);
        tag
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_790_000_000_000;

    fn tokens() -> PageTokens {
        PageTokens::new(b"a key of the service's own".to_vec())
    }

    #[test]
    fn a_token_checks_for_its_page_within_its_lifetime_only() {
        let tokens = tokens();
        let token = tokens.issue("page1", NOW);
        let valid = tokens.check(&token, "page1", NOW + 1000).expect("its own page");
        assert_eq!(valid.issued_at, NOW);
        assert_eq!(valid.nonce.len(), 2 * NONCE_LEN);
        assert_eq!(tokens.check(&token, "page2", NOW), None, "another page's token");
        assert_eq!(tokens.check(&token, "page1", NOW + LIFETIME_MS), None, "expired");
        assert!(tokens.check(&token, "page1", NOW - 60_000).is_some(), "a replica's clock a minute behind");
        assert_eq!(tokens.check(&token, "page1", NOW - SKEW_MS - 1), None, "issued too far in the future");
    }

    #[test]
    fn altered_foreign_and_malformed_tokens_are_refused() {
        let tokens = tokens();
        let token = tokens.issue("page1", NOW);
        let mut bytes = URL_SAFE_NO_PAD.decode(&token).unwrap();
        bytes[3] ^= 1; // a later issue time
        assert_eq!(tokens.check(&URL_SAFE_NO_PAD.encode(&bytes), "page1", NOW), None);
        let other = PageTokens::new(b"another service".to_vec()).issue("page1", NOW);
        assert_eq!(tokens.check(&other, "page1", NOW), None);
        for bad in ["", "x", "not base64 !!", &"A".repeat(54), &token[..20], &format!("{token}AA")] {
            assert_eq!(tokens.check(bad, "page1", NOW), None, "{bad}");
        }
    }

    #[test]
    fn every_token_is_new() {
        let tokens = tokens();
        let (a, b) = (tokens.issue("p", NOW), tokens.issue("p", NOW));
        assert_ne!(a, b);
        assert_ne!(tokens.check(&a, "p", NOW).unwrap().nonce, tokens.check(&b, "p", NOW).unwrap().nonce);
    }
}
