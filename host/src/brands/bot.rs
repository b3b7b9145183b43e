//! A brand's own Telegram bot: the brand admin pastes its BotFather token (on the claim page or
//! in the dashboard); the token is checked with `getMe`, the bot's webhook is pointed at
//! `{public url}/api/bot/telegram/brands/{key}` with a secret of its own (only its hash is kept),
//! and the token is stored sealed (`seal`, bound to the brand), never logged nor shown again.
//! The bot's updates are the `bot` front end's.

use crate::auth::{self, hash_key};
use crate::ctx::Services;
use crate::error::Error;
use crate::store::bots;
use crate::telegram::{ApiError, Bot};

/// What connecting a bot answers: its username, and `connected` or why its webhook is not set.
pub struct Connected {
    pub username: String,
    pub status: String,
}

/// Checks `token` with Telegram: the bot's username. 400 for a token that is not a bot's.
pub async fn check(services: &Services, token: &str) -> Result<String, Error> {
    if services.sealer.is_none() {
        return Err(Error::NotSetUp {
            code: "bots_off",
            message: "Brand bots need the operator's secrets key (ASSET_SECRETS_KEY) on this service.",
        });
    }
    if !Bot::token_shape_ok(token) {
        return Err(Error::bad_request("invalid_bot_token", "A bot token from BotFather looks like 123456789:AAH…"));
    }
    let me = bot_for(services, token)?.get_me().await.map_err(|e| match e {
        ApiError::Refused { .. } => Error::bad_request("invalid_bot_token", "Telegram does not know this bot token."),
        ApiError::Unavailable(_) => {
            Error::BadGateway { code: "telegram_unavailable", message: "Telegram did not answer; try again.".into() }
        }
    })?;
    me.username
        .filter(|u| !u.is_empty())
        .ok_or_else(|| Error::bad_request("invalid_bot_token", "This token is not a bot's."))
}

/// The Bot API client of the bot whose token is `token`.
pub fn bot_for(services: &Services, token: &str) -> Result<Bot, Error> {
    Ok(Bot::new(Bot::http().map_err(Error::internal)?, &services.settings.telegram_api_url, token))
}

/// Connects the bot whose BotFather token is `token` to brand `key`: checks the token with
/// Telegram, sets the webhook with a fresh secret, stores the token sealed. A token Telegram
/// refuses is 400 and changes nothing.
pub async fn connect(services: &Services, key: &str, token: &str, base_url: &str) -> Result<Connected, Error> {
    let username = check(services, token).await?;
    let sealer = services.sealer.as_ref().ok_or_else(|| Error::internal("checked above"))?;
    let bot = bot_for(services, token)?;
    let secret = auth::random_token();
    let url = format!("{base_url}/api/bot/telegram/brands/{key}");
    let status = match bot.set_webhook(&url, &secret).await {
        Ok(()) => "connected".to_string(),
        Err(e) => format!("webhook not set: {e}"),
    };
    let record = bots::BrandBot {
        brand_key: key.to_string(),
        token_sealed: sealer.seal(token, key),
        secret_hash: hash_key(&secret),
        username: username.clone(),
        status,
        updated_at: 0,
    };
    bots::put_brand_bot(&services.db, &record).await?;
    Ok(Connected { username, status: record.status })
}
