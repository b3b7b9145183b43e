//! Signing in to the dashboard: one-time links valid [`LINK_MINUTES`] (from the bot's `/login`,
//! or the operator's `asset-host dashboard link`), used by a form post so a link preview cannot
//! spend one; sessions held by a cookie (256 random bits, only their hash stored) for
//! [`SESSION_DAYS`]; and the CSRF token each session's forms carry.

use subtle::ConstantTimeEq;

use crate::auth::{hash_key, random_token};
use crate::error::Error;
use crate::store::{Db, accounts, now_ms};

/// How long a sign-in link works.
pub const LINK_MINUTES: i64 = 10;
/// How long a session lasts.
pub const SESSION_DAYS: i64 = 7;

/// A sign-in link for `account_id` under `base_url`.
pub async fn link(db: &Db, account_id: i64, base_url: &str) -> Result<String, Error> {
    let token = random_token();
    accounts::insert_link(db, &hash_key(&token), account_id, now_ms() + LINK_MINUTES * 60_000).await?;
    Ok(format!("{base_url}/dashboard/login/{token}"))
}

/// A session just opened: the cookie's value.
pub struct Opened {
    pub cookie: String,
    pub account_id: i64,
}

/// Uses a sign-in link's `token` once and opens a session; 410 for a link used, expired or
/// never made (the same answer, so a guess learns nothing).
pub async fn redeem(db: &Db, token: &str) -> Result<Opened, Error> {
    let cookie = random_token();
    let csrf = random_token();
    let session = accounts::NewSession {
        id_hash: &hash_key(&cookie),
        csrf: &csrf,
        expires_at: now_ms() + SESSION_DAYS * 86_400_000,
    };
    match accounts::redeem_link(db, &hash_key(token), &session).await? {
        Some(account_id) => Ok(Opened { cookie, account_id }),
        None => Err(Error::Gone {
            message: "This sign-in link was used already or has expired; ask the bot for a new one with /login, or the operator (`asset-host dashboard link`).".into(),
        }),
    }
}

pub use crate::store::accounts::Session;

/// The live session behind a cookie's value.
pub async fn session(db: &Db, cookie: &str) -> Result<Option<Session>, Error> {
    Ok(accounts::session(db, &hash_key(cookie)).await?)
}

/// Ends the session behind a cookie's value.
pub async fn end(db: &Db, cookie: &str) -> Result<(), Error> {
    Ok(accounts::end_session(db, &hash_key(cookie)).await?)
}

/// Whether a form's `presented` token is the session's (compared in constant time).
pub fn csrf_ok(session: &Session, presented: &str) -> bool {
    !presented.is_empty() && bool::from(session.csrf.as_bytes().ct_eq(presented.as_bytes()))
}
