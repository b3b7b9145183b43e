//! Who is calling: a key's role, the authenticated caller behind a request and what it may
//! do, and a key as listings show it. Plain data the store's rows, billing and every front end
//! share (`auth` mints and checks keys).

use serde::Serialize;
use utoipa::ToSchema;

use crate::error::Error;

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
    /// A wallet paying per call over x402 without a key (or nobody, with `key_id` 0): its
    /// jobs are read with a job token.
    pub keyless: bool,
}

impl Caller {
    /// A call with no key and no payment: it can only be answered what to pay.
    pub fn nobody() -> Caller {
        Caller { key_id: 0, prefix: String::new(), label: String::new(), role: Role::Agent, brand: None, keyless: true }
    }

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
