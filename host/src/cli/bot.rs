//! `asset-host bot`: the service's Telegram bot.

use clap::Subcommand;

use crate::config::Settings;

#[derive(Subcommand, Debug)]
pub(super) enum BotCommand {
    /// Points Telegram at `{public url}/api/bot/telegram` with the webhook secret (needs
    /// `--public-url`, the bot token and the webhook secret).
    SetWebhook,
}

/// Points Telegram at this service's bot route.
pub(super) async fn set_webhook(settings: &Settings) -> Result<(), String> {
    let bot = crate::telegram::ServiceBot::from_settings(settings)?
        .ok_or("set ASSET_TELEGRAM_BOT_TOKEN and ASSET_TELEGRAM_WEBHOOK_SECRET first")?;
    let public = settings.public_url.as_deref().ok_or("set ASSET_PUBLIC_URL (where Telegram reaches this service)")?;
    let url = format!("{}/api/bot/telegram", public.trim_end_matches('/'));
    bot.set_webhook(&url).await.map_err(|e| e.to_string())?;
    eprintln!("Telegram now delivers the bot's updates to {url}");
    Ok(())
}
