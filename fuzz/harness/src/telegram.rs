//! The Telegram update parser (`telegram::update`): the JSON Telegram posts to a bot's webhook,
//! then the command and mention readers the bot runs on a message's text.
//!
//! Properties: a parsed message's text is within Telegram's limit; a command's name is the
//! lowercase of a `[A-Za-z0-9_]+` run that follows the slash, and its bot and arguments are
//! borrowed from the text itself (pieces of it, never made up); the text after a mention is a
//! trimmed piece of the text that follows `@username` in it.

use asset_host::telegram::update::{Message, TEXT_MAX, Update};

use crate::within;

pub fn telegram_update(data: &[u8]) {
    let Some(update) = Update::parse(data) else { return };
    let Some(message) = update.message else { return };
    let Some(text) = message.text.as_deref() else {
        assert!(message.command().is_none());
        return;
    };
    assert!(text.chars().count() <= TEXT_MAX);
    if let Some(command) = message.command() {
        assert!(!command.name.is_empty());
        assert!(command.name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'));
        let body = text.trim_start().strip_prefix('/').expect("a command starts with a slash");
        assert!(body.to_ascii_lowercase().starts_with(&command.name), "the name is the text's, lowercased");
        assert!(within(text, command.args), "arguments are a piece of the text");
        assert_eq!(command.args, command.args.trim());
        if let Some(bot) = command.bot {
            assert!(within(text, bot), "the bot is a piece of the text");
            assert!(!bot.contains(char::is_whitespace));
        }
        let username = command.bot.unwrap_or("brand_bot");
        assert!(Message::is_for(&command, username));
    }
    // Mentions of a fixed name, and of whatever the text itself mentions first.
    let named = text.split('@').nth(1).map(|rest| rest.split(char::is_whitespace).next().unwrap_or(""));
    for username in ["brand_bot"].into_iter().chain(named) {
        if let Some(after) = message.after_mention(username) {
            assert!(within(text, after), "the text after a mention is a piece of the text");
            assert_eq!(after, after.trim());
            let lower = text.to_ascii_lowercase();
            assert!(lower.contains(&format!("@{}", username.to_ascii_lowercase())));
        }
    }
}
