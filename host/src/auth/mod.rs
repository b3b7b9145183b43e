//! API keys and roles: minting, hashing, listing, and turning an `x-api-key` header into a
//! [`Caller`].
//!
//! A key is `ak_` followed by 43 base64url characters (256 random bits). Its first 11
//! characters are its public prefix, stored in clear for lookup and listing; only the SHA-256
//! of the whole key is stored, and the hash comparison is constant-time, so neither the table
//! nor response timing gives a key away.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::store::{Db, credits, is_unique_violation, keys};

pub mod page_token;
pub mod request_state;

pub use crate::caller::{Caller, KeySummary, Role};
// Listing keys and finding one by its prefix are plain queries.
pub use crate::store::keys::{find_by_prefix, list as list_keys, revoke as revoke_key};

const KEY_PREFIX_LEN: usize = 11;
/// How finely a key's last use is kept.
const LAST_USED_STEP_MS: i64 = 60_000;

/// A freshly minted key; `secret` is shown once and never stored.
pub struct NewKey {
    pub key_id: i64,
    pub secret: String,
    pub prefix: String,
}

/// HMAC-SHA256 of the concatenated `parts` keyed with `key`: the signature of webhooks we send
/// and of Stripe's events we check.
pub fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> Vec<u8> {
    use hmac::{Hmac, KeyInit, Mac};
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().to_vec()
}

/// SHA-256 hex of a secret (a key or a job token): only hashes are stored.
pub fn hash_key(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

fn mint_secret() -> String {
    format!("ak_{}", random_token())
}

/// A job's own credential for a caller without a key (256 random bits).
pub fn job_token() -> String {
    format!("jt_{}", random_token())
}

/// 256 random bits, base64url: a secret token (keys, sign-in links, sessions, CSRF).
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Creates a key with `credits` opening credits (recorded as a ledger grant). A brand-admin
/// key names its brand, which must be registered (`brands::ensure`) first.
pub async fn create_key(
    db: &Db,
    role: Role,
    label: &str,
    credits: i64,
    brand: Option<&str>,
) -> Result<NewKey, sqlx::Error> {
    if (role == Role::BrandAdmin) != brand.is_some() {
        return Err(sqlx::Error::Protocol("a brand-admin key needs --brand, and only it".into()));
    }
    loop {
        let mut tx = db.pool().begin().await?;
        let key = match create_key_in(&mut tx, role, label, brand).await {
            Ok(key) => key,
            // 48 random bits of prefix make this rare; mint another.
            Err(e) if is_unique_violation(&e) => continue,
            Err(e) => return Err(e),
        };
        if credits > 0 {
            credits::grant_in(&mut tx, key.key_id, credits, "opening balance").await?;
        }
        tx.commit().await?;
        return Ok(key);
    }
}

/// Mints a key inside the caller's transaction (no credits). A prefix already taken is a
/// unique violation: in a transaction of its own, retry with a new key.
pub async fn create_key_in(
    conn: &mut sqlx::AnyConnection,
    role: Role,
    label: &str,
    brand: Option<&str>,
) -> Result<NewKey, sqlx::Error> {
    let secret = mint_secret();
    let prefix = secret[..KEY_PREFIX_LEN].to_string();
    let key_hash = hash_key(&secret);
    let key_id =
        keys::insert_in(conn, &keys::NewKey { prefix: &prefix, key_hash: &key_hash, label, role, brand }).await?;
    Ok(NewKey { key_id, secret, prefix })
}

/// Resolves a presented key to its caller, or `None` for anything that is not a live key.
pub async fn authenticate(db: &Db, presented: &str) -> Result<Option<Caller>, sqlx::Error> {
    if presented.len() < KEY_PREFIX_LEN || !presented.is_char_boundary(KEY_PREFIX_LEN) {
        return Ok(None);
    }
    let Some(stored) = keys::by_prefix(db, &presented[..KEY_PREFIX_LEN]).await? else { return Ok(None) };
    if !bool::from(hash_key(presented).as_bytes().ct_eq(stored.key_hash.as_bytes())) {
        return Ok(None);
    }
    // "Last used" is kept to the minute: one write per key a minute, after the answer.
    if stored.last_used_at.is_none_or(|at| crate::store::now_ms() - at >= LAST_USED_STEP_MS) {
        let (db, key_id) = (db.clone(), stored.caller.key_id);
        tokio::spawn(async move {
            if let Err(e) = crate::store::accounts::touch_key(&db, key_id, LAST_USED_STEP_MS).await {
                tracing::debug!(error = %e, "noting a key's last use failed");
            }
        });
    }
    Ok(Some(stored.caller))
}
