//! What Telegram posts to a bot's webhook: an `Update`, of which the service reads only new
//! messages (their chat, sender and text). Parsed from untrusted JSON: unknown fields are
//! ignored, the few read are typed, and a message's text is at most Telegram's 4096 characters.

use serde::Deserialize;

/// Longest message text Telegram sends.
pub const TEXT_MAX: usize = 4096;

/// One update. Kinds the service does not handle (edits, channel posts, callbacks) parse with
/// `message` absent and are acknowledged without a reply.
#[derive(Debug, Clone, Deserialize)]
pub struct Update {
    pub update_id: i64,
    #[serde(default)]
    pub message: Option<Message>,
}

/// A message in a chat.
#[derive(Debug, Clone, Deserialize)]
pub struct Message {
    pub message_id: i64,
    #[serde(default)]
    pub from: Option<User>,
    pub chat: Chat,
    #[serde(default)]
    pub text: Option<String>,
}

/// Who sent a message.
#[derive(Debug, Clone, Deserialize)]
pub struct User {
    pub id: i64,
    #[serde(default)]
    pub is_bot: bool,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub username: Option<String>,
}

/// Where a message was sent.
#[derive(Debug, Clone, Deserialize)]
pub struct Chat {
    pub id: i64,
    #[serde(rename = "type")]
    pub kind: String,
}

impl Chat {
    /// A one-to-one chat with the bot: the only place a secret may be sent.
    pub fn is_private(&self) -> bool {
        self.kind == "private"
    }
}

/// A command addressed to a bot: `/name` or `/name@bot`, and the text after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command<'a> {
    /// Lowercase, without the slash.
    pub name: String,
    /// The bot it names (`/apikey@our_bot`), if any.
    pub bot: Option<&'a str>,
    /// The rest of the message, trimmed.
    pub args: &'a str,
}

impl Update {
    /// Parses an update; `None` for anything that is not one.
    pub fn parse(body: &[u8]) -> Option<Update> {
        let update: Update = serde_json::from_slice(body).ok()?;
        match &update.message {
            Some(message) if message.text.as_ref().is_some_and(|t| t.chars().count() > TEXT_MAX) => None,
            _ => Some(update),
        }
    }
}

impl Message {
    /// The command this message starts with, if it does.
    pub fn command(&self) -> Option<Command<'_>> {
        let text = self.text.as_deref()?.trim_start();
        let rest = text.strip_prefix('/')?;
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (head, args) = rest.split_at(end);
        let (name, bot) = match head.split_once('@') {
            Some((name, bot)) => (name, Some(bot)),
            None => (head, None),
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        Some(Command { name: name.to_ascii_lowercase(), bot, args: args.trim() })
    }

    /// The text after a mention of `@username` (ASCII case ignored, as Telegram does), when the
    /// message mentions it: in a group, `@brand_bot a cat that codes` asks for a meme.
    pub fn after_mention(&self, username: &str) -> Option<&str> {
        let text = self.text.as_deref()?;
        let wanted = format!("@{username}");
        let at = text.to_ascii_lowercase().find(&wanted.to_ascii_lowercase())?;
        let after = &text[at + wanted.len()..];
        // `@brand_botx` is another bot.
        if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        Some(after.trim())
    }

    /// Whether `command` is for this bot: unaddressed, or addressed to `username`.
    pub fn is_for(command: &Command<'_>, username: &str) -> bool {
        command.bot.is_none_or(|bot| bot.eq_ignore_ascii_case(username))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> Message {
        Message { message_id: 1, from: None, chat: Chat { id: 7, kind: "private".into() }, text: Some(text.into()) }
    }

    #[test]
    fn commands_are_read_with_their_bot_and_arguments() {
        let m = message("/Meme@Brand_Bot  a cat that codes ");
        let command = m.command().unwrap();
        assert_eq!(command, Command { name: "meme".into(), bot: Some("Brand_Bot"), args: "a cat that codes" });
        assert!(Message::is_for(&command, "brand_bot") && !Message::is_for(&command, "other_bot"));
        assert_eq!(message("/apikey").command().unwrap().args, "");
        assert!(message("hello /apikey").command().is_none());
        assert!(message("/").command().is_none());
        assert!(message("/ap-ikey").command().is_none());
    }

    #[test]
    fn mentions_must_name_the_bot_exactly() {
        assert_eq!(message("hey @Brand_bot a cat").after_mention("brand_bot"), Some("a cat"));
        assert_eq!(message("@brand_botx a cat").after_mention("brand_bot"), None);
        assert_eq!(message("no mention").after_mention("brand_bot"), None);
    }

    #[test]
    fn updates_parse_from_telegrams_json_and_refuse_anything_else() {
        let body = br#"{"update_id": 10, "message": {"message_id": 3, "date": 1, "text": "/start",
            "from": {"id": 42, "is_bot": false, "first_name": "Ana", "language_code": "pt"},
            "chat": {"id": 42, "type": "private", "first_name": "Ana"}, "entities": []}}"#;
        let update = Update::parse(body).unwrap();
        assert_eq!(update.update_id, 10);
        assert_eq!(update.message.unwrap().from.unwrap().id, 42);
        assert!(Update::parse(br#"{"update_id": 11, "edited_message": {}}"#).unwrap().message.is_none());
        assert!(Update::parse(b"[]").is_none());
        assert!(Update::parse(br#"{"message": {}}"#).is_none());
        let long = format!(
            r#"{{"update_id": 1, "message": {{"message_id": 1, "chat": {{"id": 1, "type": "private"}}, "text": "{}"}}}}"#,
            "x".repeat(TEXT_MAX + 1)
        );
        assert!(Update::parse(long.as_bytes()).is_none());
    }
}
