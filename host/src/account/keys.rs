//! Keys people hold: minted for an account (the bot's `/apikey`, the dashboard's Generate key),
//! at most [`PER_ACCOUNT`] live at once, listed and revoked by their owner. A key is shown once,
//! when it is minted; a revoked key is refused at once everywhere, since every request reads
//! the key's row.

use crate::auth::{self, Role};
use crate::error::Error;
use crate::store::{Db, accounts, is_unique_violation};

pub use crate::store::accounts::{Account, OwnedKey};

/// Live keys an account may hold.
pub const PER_ACCOUNT: i64 = 5;

/// A key just minted: the secret (shown this once) and how many live keys the account now holds.
pub struct Minted {
    pub secret: String,
    pub prefix: String,
    pub active: i64,
}

/// Mints an agent key labelled `label` for `account`, unless it holds [`PER_ACCOUNT`] live keys
/// (409 `key_limit`). Two mintings at once are counted one after the other.
pub async fn mint(db: &Db, account: &Account, label: &str) -> Result<Minted, Error> {
    loop {
        let mut tx = db.pool().begin().await?;
        accounts::lock_in(&mut tx, account.id).await?;
        let active = accounts::active_keys_in(&mut tx, account.id).await?;
        if active >= PER_ACCOUNT {
            return Err(Error::Conflict {
                code: "key_limit",
                message: format!(
                    "An account holds at most {PER_ACCOUNT} live keys; revoke one in the dashboard first."
                ),
            });
        }
        let key = match auth::create_key_in(&mut tx, Role::Agent, label, None).await {
            Ok(key) => key,
            // A prefix already taken (48 random bits: rare): mint another.
            Err(e) if is_unique_violation(&e) => continue,
            Err(e) => return Err(e.into()),
        };
        accounts::adopt_in(&mut tx, account.id, key.key_id).await?;
        tx.commit().await?;
        return Ok(Minted { secret: key.secret, prefix: key.prefix, active: active + 1 });
    }
}

/// The account's live keys, newest first.
pub async fn list(db: &Db, account: &Account) -> Result<Vec<OwnedKey>, Error> {
    Ok(accounts::keys(db, account.id).await?)
}

/// Revokes the account's key `prefix`; 404 when the account holds no such live key.
pub async fn revoke(db: &Db, account: &Account, prefix: &str) -> Result<(), Error> {
    if accounts::revoke(db, account.id, prefix).await? {
        Ok(())
    } else {
        Err(Error::NotFound { message: "You hold no live key with this prefix.".into() })
    }
}

/// Most credits a confirmation threshold may be (any call's price is far below).
const MOST_CONFIRM_ABOVE: i64 = 1_000_000;

/// Sets the credits above which the account's key `prefix` asks its person before an MCP call
/// spends them: `above` as typed in the dashboard, empty for never; 400 for anything but a
/// whole number from 0 to a million, 404 when the account holds no such live key.
pub async fn set_confirm_above(db: &Db, account: &Account, prefix: &str, above: &str) -> Result<(), Error> {
    let above = match above.trim() {
        "" => None,
        typed => Some(typed.parse::<i64>().ok().filter(|n| (0..=MOST_CONFIRM_ABOVE).contains(n)).ok_or_else(|| {
            Error::bad_request(
                "invalid_confirm_above",
                "Ask above takes a whole number of credits (0 to 1,000,000), or nothing for never.",
            )
        })?),
    };
    if accounts::set_confirm_above(db, account.id, prefix, above).await? {
        Ok(())
    } else {
        Err(Error::NotFound { message: "You hold no live key with this prefix.".into() })
    }
}
