//! API keys and roles: minting, hashing, listing, and turning an `x-api-key` header into a
//! [`Caller`].
//!
//! A key is `ak_` followed by 43 base64url characters (256 random bits). Its first 11
//! characters are its public prefix, stored in clear for lookup and listing; only the SHA-256
//! of the whole key is stored, and the hash comparison is constant-time, so neither the table
//! nor response timing gives a key away.

use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Row;
use subtle::ConstantTimeEq;
use utoipa::ToSchema;

use crate::error::Error;
use crate::store::{Db, is_unique_violation, now_ms};

const KEY_PREFIX_LEN: usize = 11;

/// What a key may do. Operators reach every admin route; a brand admin manages one brand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Agent,
    Operator,
    BrandAdmin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Agent => "agent",
            Role::Operator => "operator",
            Role::BrandAdmin => "brand-admin",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "agent" => Some(Role::Agent),
            "operator" => Some(Role::Operator),
            "brand-admin" => Some(Role::BrandAdmin),
            _ => None,
        }
    }
}

/// The authenticated key behind a request.
#[derive(Clone, Debug)]
pub struct Caller {
    pub key_id: i64,
    pub prefix: String,
    pub label: String,
    pub role: Role,
    /// The brand a brand-admin key administers.
    pub brand: Option<String>,
}

impl Caller {
    /// 403 `operator_only` with `why` unless this is an operator key.
    pub fn require_operator(&self, why: &str) -> Result<(), Error> {
        match self.role {
            Role::Operator => Ok(()),
            _ => Err(Error::Forbidden { code: "operator_only", message: why.to_string() }),
        }
    }

    /// 403 `forbidden_scope` unless this is an operator, or the admin of `brand`.
    pub fn require_brand(&self, brand: &str) -> Result<(), Error> {
        let allowed =
            self.role == Role::Operator || (self.role == Role::BrandAdmin && self.brand.as_deref() == Some(brand));
        if allowed {
            return Ok(());
        }
        Err(Error::Forbidden { code: "forbidden_scope", message: "This brand is not yours.".into() })
    }
}

/// A key as `keys list` shows it: never the key itself.
#[derive(Clone, Debug)]
pub struct KeySummary {
    pub prefix: String,
    pub label: String,
    pub role: Role,
    pub brand: Option<String>,
    pub credits: i64,
    pub created_at_ms: i64,
}

/// A freshly minted key; `secret` is shown once and never stored.
pub struct NewKey {
    pub key_id: i64,
    pub secret: String,
    pub prefix: String,
}

fn hash_key(key: &str) -> String {
    hex::encode(Sha256::digest(key.as_bytes()))
}

fn mint_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    format!("ak_{}", URL_SAFE_NO_PAD.encode(bytes))
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
        let secret = mint_secret();
        let prefix = secret[..KEY_PREFIX_LEN].to_string();
        let mut tx = db.pool().begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO api_keys (prefix, key_hash, label, role, brand_key, credits, created_at) \
             VALUES ($1, $2, $3, $4, $5, 0, $6) RETURNING id",
        )
        .bind(&prefix)
        .bind(hash_key(&secret))
        .bind(label)
        .bind(role.as_str())
        .bind(brand)
        .bind(now_ms())
        .fetch_one(&mut *tx)
        .await;
        let key_id: i64 = match inserted {
            Ok(row) => row.try_get(0)?,
            // 48 random bits of prefix make this rare; mint another.
            Err(e) if is_unique_violation(&e) => continue,
            Err(e) => return Err(e),
        };
        if credits > 0 {
            crate::billing::credits::grant_in(&mut tx, key_id, credits, "opening balance").await?;
        }
        tx.commit().await?;
        return Ok(NewKey { key_id, secret, prefix });
    }
}

/// Resolves a presented key to its caller, or `None` for anything that is not a live key.
pub async fn authenticate(db: &Db, presented: &str) -> Result<Option<Caller>, sqlx::Error> {
    if presented.len() < KEY_PREFIX_LEN || !presented.is_char_boundary(KEY_PREFIX_LEN) {
        return Ok(None);
    }
    let row = sqlx::query("SELECT id, prefix, key_hash, label, role, brand_key FROM api_keys WHERE prefix = $1")
        .bind(&presented[..KEY_PREFIX_LEN])
        .fetch_optional(db.pool())
        .await?;
    let Some(row) = row else { return Ok(None) };
    let stored: String = row.try_get("key_hash")?;
    if !bool::from(hash_key(presented).as_bytes().ct_eq(stored.as_bytes())) {
        return Ok(None);
    }
    let role: String = row.try_get("role")?;
    Ok(Some(Caller {
        key_id: row.try_get("id")?,
        prefix: row.try_get("prefix")?,
        label: row.try_get("label")?,
        role: Role::parse(&role).unwrap_or(Role::Agent),
        brand: row.try_get("brand_key")?,
    }))
}

/// Every key, oldest first.
pub async fn list_keys(db: &Db) -> Result<Vec<KeySummary>, sqlx::Error> {
    let rows = sqlx::query("SELECT prefix, label, role, brand_key, credits, created_at FROM api_keys ORDER BY id")
        .fetch_all(db.pool())
        .await?;
    rows.iter()
        .map(|row| {
            let role: String = row.try_get("role")?;
            Ok(KeySummary {
                prefix: row.try_get("prefix")?,
                label: row.try_get("label")?,
                role: Role::parse(&role).unwrap_or(Role::Agent),
                brand: row.try_get("brand_key")?,
                credits: row.try_get("credits")?,
                created_at_ms: row.try_get("created_at")?,
            })
        })
        .collect()
}

/// The id of the key whose public prefix is `prefix`.
pub async fn find_by_prefix(db: &Db, prefix: &str) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query("SELECT id FROM api_keys WHERE prefix = $1").bind(prefix).fetch_optional(db.pool()).await?;
    row.map(|r| r.try_get(0)).transpose()
}
