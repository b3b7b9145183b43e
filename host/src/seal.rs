//! Secrets at rest (a brand's bot token): sealed with AES-256-GCM under the operator's key
//! (`ASSET_SECRETS_KEY`, 32 bytes as 64 hex digits), a fresh random nonce per seal, and bound
//! to what they belong to (the associated data), so a sealed value copied to another row does
//! not open. Stored as `v1.<base64url(nonce ‖ ciphertext ‖ tag)>`; a new key version would be
//! `v2.` beside it.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};

const VERSION: &str = "v1.";

/// The operator's sealing key.
pub struct Sealer {
    key: LessSafeKey,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer(<key>)")
    }
}

impl Sealer {
    /// The sealer of the settings' `secrets_key`, when one is set.
    pub fn from_settings(settings: &crate::config::Settings) -> Result<Option<Sealer>, String> {
        match settings.secrets_key.as_deref().filter(|k| !k.trim().is_empty()) {
            Some(key) => Sealer::from_hex(key).map(Some),
            None => Ok(None),
        }
    }

    /// The key from its 64 hex digits.
    pub fn from_hex(hex_key: &str) -> Result<Sealer, String> {
        let bytes = hex::decode(hex_key.trim()).map_err(|_| "ASSET_SECRETS_KEY must be 64 hex digits".to_string())?;
        let key =
            UnboundKey::new(&AES_256_GCM, &bytes).map_err(|_| "ASSET_SECRETS_KEY must be 64 hex digits (32 bytes)")?;
        Ok(Sealer { key: LessSafeKey::new(key) })
    }

    /// Seals `secret` for `owner`.
    pub fn seal(&self, secret: &str, owner: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::fill(&mut nonce);
        let mut sealed = secret.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(owner.as_bytes()), &mut sealed)
            .expect("AES-GCM seals any length a secret has");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{VERSION}{}", URL_SAFE_NO_PAD.encode(out))
    }

    /// Opens what [`seal`](Self::seal) made for `owner`; `None` for anything else (another key,
    /// another owner, altered bytes).
    pub fn open(&self, sealed: &str, owner: &str) -> Option<String> {
        let bytes = URL_SAFE_NO_PAD.decode(sealed.strip_prefix(VERSION)?).ok()?;
        if bytes.len() < NONCE_LEN {
            return None;
        }
        let (nonce, rest) = bytes.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
        let mut rest = rest.to_vec();
        let plain = self.key.open_in_place(nonce, Aad::from(owner.as_bytes()), &mut rest).ok()?;
        String::from_utf8(plain.to_vec()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    #[test]
    fn seals_open_only_for_their_owner_and_key() {
        let sealer = Sealer::from_hex(KEY).unwrap();
        let sealed = sealer.seal("123:token", "brand-a");
        assert!(sealed.starts_with("v1.") && !sealed.contains("token"));
        assert_ne!(sealed, sealer.seal("123:token", "brand-a"), "a fresh nonce each time");
        assert_eq!(sealer.open(&sealed, "brand-a").as_deref(), Some("123:token"));
        assert_eq!(sealer.open(&sealed, "brand-b"), None);
        let other = Sealer::from_hex(&KEY.replace("00", "ff")).unwrap();
        assert_eq!(other.open(&sealed, "brand-a"), None);
        let mut tampered = sealed.clone();
        tampered.replace_range(10..11, if &sealed[10..11] == "A" { "B" } else { "A" });
        assert_eq!(sealer.open(&tampered, "brand-a"), None);
        assert_eq!(sealer.open("v1.", "brand-a"), None);
        assert!(Sealer::from_hex("abcd").is_err() && Sealer::from_hex("zz").is_err());
        assert!(!format!("{sealer:?}").contains("0001"));
    }
}
