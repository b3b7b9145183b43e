//! The Telegram Bot API as the service's bots speak it: the updates Telegram posts to our
//! webhooks (`update`, parsed as untrusted input) and the calls we make (`client`: `getMe`,
//! `setWebhook`, `sendMessage`, `sendPhoto`, retried politely). [`ServiceBot`] is the service's
//! own bot, configured by `ASSET_TELEGRAM_BOT_TOKEN` and `ASSET_TELEGRAM_WEBHOOK_SECRET`.

pub mod client;
pub mod update;

use std::sync::OnceLock;
use std::time::Duration;
use subtle::ConstantTimeEq;

pub use client::{ApiError, Bot};

/// The header Telegram puts a webhook's secret in.
pub const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// Whether `secret` is one Telegram accepts for `secret_token`: 1–256 of `A-Z a-z 0-9 _ -`.
pub fn secret_shape_ok(secret: &str) -> bool {
    (1..=256).contains(&secret.len()) && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Whether a delivery's `presented` secret is `expected` (constant time).
pub fn secret_matches(expected: &[u8], presented: Option<&[u8]>) -> bool {
    presented.is_some_and(|p| !expected.is_empty() && bool::from(expected.ct_eq(p)))
}

/// The service's own bot.
pub struct ServiceBot {
    pub bot: Bot,
    secret: String,
    username: OnceLock<String>,
}

impl ServiceBot {
    /// The bot, when both its token and its webhook secret are set.
    pub fn from_settings(settings: &crate::config::Settings) -> Result<Option<ServiceBot>, String> {
        let (Some(token), Some(secret)) = (
            settings.telegram_bot_token.as_deref().filter(|t| !t.trim().is_empty()),
            settings.telegram_webhook_secret.as_deref().filter(|s| !s.trim().is_empty()),
        ) else {
            return Ok(None);
        };
        if !Bot::token_shape_ok(token.trim()) {
            return Err("ASSET_TELEGRAM_BOT_TOKEN is not a bot token (<bot id>:<secret>, from BotFather)".into());
        }
        if !secret_shape_ok(secret) {
            return Err("ASSET_TELEGRAM_WEBHOOK_SECRET must be 1–256 of A-Z, a-z, 0-9, _ and -".into());
        }
        let bot = Bot::new(Bot::http()?, &settings.telegram_api_url, token.trim());
        Ok(Some(ServiceBot { bot, secret: secret.to_string(), username: OnceLock::new() }))
    }

    /// Whether a delivery carries this bot's secret.
    pub fn secret_ok(&self, presented: Option<&[u8]>) -> bool {
        secret_matches(self.secret.as_bytes(), presented)
    }

    /// Points Telegram at `url` with this bot's secret.
    pub async fn set_webhook(&self, url: &str) -> Result<(), ApiError> {
        self.bot.set_webhook(url, &self.secret).await
    }

    /// The bot's username, once [`learn_username`](Self::learn_username) has it (until then
    /// commands addressed to a bot by name are not taken as ours).
    pub fn username(&self) -> &str {
        self.username.get().map_or("", String::as_str)
    }

    /// Asks Telegram who the bot is until it answers (at start, in the background).
    pub async fn learn_username(&self) {
        let mut pause = Duration::from_secs(1);
        loop {
            match self.bot.get_me().await {
                Ok(me) => {
                    let _ = self.username.set(me.username.unwrap_or_default());
                    return;
                }
                Err(e) => tracing::warn!(error = %e, "the Telegram bot's name is not known yet"),
            }
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_secs(300));
        }
    }
}

/// Sends `text` to `chat_id` after the caller moved on: the retries a rate-limited or failing
/// Bot API needs hold up no one. A reply that cannot be sent is logged (without the text,
/// which may hold a key).
pub fn reply_later(bot: &Bot, chat_id: i64, text: String) {
    let bot = bot.clone();
    tokio::spawn(async move {
        if let Err(e) = bot.send_message(chat_id, &text).await {
            tracing::warn!(chat_id, error = %e, "a bot reply was not delivered");
        }
    });
}
