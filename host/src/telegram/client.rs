//! Calls to the Bot API (`{api}/bot{token}/{method}`): `getMe`, `setWebhook`, `sendMessage`,
//! `sendPhoto` (a PNG uploaded as `multipart/form-data`). A refused call (429 with
//! `parameters.retry_after`, a 5xx, no answer) is retried politely, waiting what Telegram asks
//! (at most [`LONGEST_WAIT`]) or backing off, [`ATTEMPTS`] times in all; a call Telegram
//! rejects for good (400, 401, 403: a bad token, a chat that blocked the bot) is not retried.
//! The token sits in the URL path, so no error text ever carries the URL.

use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};

use super::update::User;

/// Tries of one call, the first included.
pub const ATTEMPTS: u32 = 5;
/// The longest a `retry_after` is waited; Telegram asking for longer ends the retries.
pub const LONGEST_WAIT: Duration = Duration::from_secs(30);
/// The first back-off after a 5xx or no answer; doubled each time.
const FIRST_BACKOFF: Duration = Duration::from_millis(500);

/// A bot: its API root and token.
#[derive(Clone)]
pub struct Bot {
    api: String,
    token: String,
    http: reqwest::Client,
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bot").field("api", &self.api).field("token", &"<set>").finish()
    }
}

/// Why a call did not succeed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiError {
    /// Telegram answered `ok: false` for good (e.g. 401 for a bad token, 403 when blocked).
    Refused { code: u16, description: String },
    /// Telegram asked to wait longer than we will, or kept failing.
    Unavailable(String),
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApiError::Refused { code, description } => write!(f, "Telegram refused the call ({code}: {description})"),
            ApiError::Unavailable(why) => write!(f, "Telegram is unavailable: {why}"),
        }
    }
}

/// One attempt's outcome when it failed.
enum Failure {
    Final(ApiError),
    /// Worth another try: after what Telegram asked (`retry_after`), else after the back-off.
    Again(Option<Duration>, String),
}

/// The Bot API's answer envelope.
#[derive(Deserialize)]
struct Envelope {
    ok: bool,
    #[serde(default)]
    result: Value,
    #[serde(default)]
    error_code: Option<u16>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    parameters: Option<Parameters>,
}

#[derive(Deserialize)]
struct Parameters {
    #[serde(default)]
    retry_after: Option<u64>,
}

/// A request body: JSON, or a multipart form with one file.
enum Body {
    Json(Value),
    Form { fields: Vec<(&'static str, String)>, file: (&'static str, &'static str, Vec<u8>) },
}

impl Bot {
    /// A bot behind `api` (e.g. `https://api.telegram.org`) with `token`, calling through `http`.
    pub fn new(http: reqwest::Client, api: &str, token: &str) -> Bot {
        Bot { api: api.trim_end_matches('/').to_string(), token: token.to_string(), http }
    }

    /// An HTTP client fit for the Bot API: 20 s per call, no redirects.
    pub fn http() -> Result<reqwest::Client, String> {
        reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("Telegram client: {e}"))
    }

    /// Whether `token` looks like a BotFather token (`<bot id>:<secret>`), before asking Telegram.
    pub fn token_shape_ok(token: &str) -> bool {
        let Some((id, secret)) = token.split_once(':') else { return false };
        !id.is_empty()
            && id.len() <= 20
            && id.bytes().all(|b| b.is_ascii_digit())
            && (30..=64).contains(&secret.len())
            && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    }

    /// The bot itself (its username).
    pub async fn get_me(&self) -> Result<User, ApiError> {
        let result = self.call("getMe", Body::Json(json!({}))).await?;
        serde_json::from_value(result).map_err(|e| ApiError::Unavailable(format!("getMe answered {e}")))
    }

    /// Points the bot's updates at `url`, signed with `secret` in every delivery's
    /// `X-Telegram-Bot-Api-Secret-Token`; only messages are asked for.
    pub async fn set_webhook(&self, url: &str, secret: &str) -> Result<(), ApiError> {
        let body = json!({"url": url, "secret_token": secret, "allowed_updates": ["message"]});
        self.call("setWebhook", Body::Json(body)).await.map(drop)
    }

    /// Sends `text` (plain, no link previews: a one-time link must not be opened by a preview).
    pub async fn send_message(&self, chat_id: i64, text: &str) -> Result<(), ApiError> {
        let body = json!({"chat_id": chat_id, "text": text, "link_preview_options": {"is_disabled": true}});
        self.call("sendMessage", Body::Json(body)).await.map(drop)
    }

    /// Sends a PNG picture with a caption.
    pub async fn send_photo(&self, chat_id: i64, png: Vec<u8>, caption: &str) -> Result<(), ApiError> {
        let fields = vec![("chat_id", chat_id.to_string()), ("caption", caption.to_string())];
        self.call("sendPhoto", Body::Form { fields, file: ("photo", "meme.png", png) }).await.map(drop)
    }

    /// Calls `method`, retrying as the module says.
    async fn call(&self, method: &str, body: Body) -> Result<Value, ApiError> {
        let mut backoff = FIRST_BACKOFF;
        let mut last = String::new();
        for attempt in 1..=ATTEMPTS {
            match self.attempt(method, &body).await {
                Ok(result) => return Ok(result),
                Err(Failure::Final(error)) => return Err(error),
                Err(Failure::Again(asked, why)) => {
                    let pause = asked.unwrap_or(backoff);
                    tracing::warn!(method, attempt, wait_ms = pause.as_millis() as u64, why = %why, "Telegram call failed");
                    last = why;
                    if attempt < ATTEMPTS {
                        tokio::time::sleep(pause).await;
                        backoff = (backoff * 2).min(LONGEST_WAIT);
                    }
                }
            }
        }
        Err(ApiError::Unavailable(last))
    }

    async fn attempt(&self, method: &str, body: &Body) -> Result<Value, Failure> {
        let url = format!("{}/bot{}/{method}", self.api, self.token);
        let request = match body {
            Body::Json(value) => self.http.post(url).json(value),
            Body::Form { fields, file } => {
                let (content_type, bytes) = multipart(fields, file);
                self.http.post(url).header(reqwest::header::CONTENT_TYPE, content_type).body(bytes)
            }
        };
        let response = match request.send().await {
            Ok(response) => response,
            Err(e) => return Err(Failure::Again(None, e.without_url().to_string())),
        };
        let status = response.status().as_u16();
        let envelope: Option<Envelope> = response.json().await.ok();
        match envelope {
            Some(envelope) if envelope.ok => Ok(envelope.result),
            Some(envelope) => {
                let code = envelope.error_code.unwrap_or(status);
                let description = envelope.description.unwrap_or_default();
                let retry_after = envelope.parameters.and_then(|p| p.retry_after);
                match (code, retry_after) {
                    (429, Some(secs)) if Duration::from_secs(secs) <= LONGEST_WAIT => {
                        Err(Failure::Again(Some(Duration::from_secs(secs)), format!("429: {description}")))
                    }
                    (429, _) => Err(Failure::Final(ApiError::Unavailable(format!("429: {description}")))),
                    (500.., _) => Err(Failure::Again(None, format!("{code}: {description}"))),
                    _ => Err(Failure::Final(ApiError::Refused { code, description })),
                }
            }
            None if status >= 500 || status == 429 => Err(Failure::Again(None, format!("HTTP {status}"))),
            None => Err(Failure::Final(ApiError::Refused { code: status, description: "not a Bot API answer".into() })),
        }
    }
}

/// A `multipart/form-data` body of text fields and one file: its content type and bytes.
fn multipart(fields: &[(&str, String)], (name, filename, bytes): &(&str, &str, Vec<u8>)) -> (String, Vec<u8>) {
    let boundary = format!("asset-{}", crate::store::public_id());
    let mut body = Vec::with_capacity(bytes.len() + 512);
    for (field, value) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\n\
             Content-Type: image/png\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_shapes() {
        assert!(Bot::token_shape_ok("123456789:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0"));
        assert!(!Bot::token_shape_ok("123456789AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0"));
        assert!(!Bot::token_shape_ok("abc:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0"));
        assert!(!Bot::token_shape_ok("1:short"));
        assert!(!Bot::token_shape_ok("1:AAHfiqksKZ8WmR2zSjiQ7_v4TMAKdiHm9T0/../x"));
    }

    #[test]
    fn the_token_never_shows_in_debug() {
        let bot = Bot::new(reqwest::Client::new(), "https://api.telegram.org/", "1:secret-token-value");
        assert!(!format!("{bot:?}").contains("secret-token-value"));
    }

    #[test]
    fn multipart_bodies_carry_fields_and_the_file() {
        let (kind, body) = multipart(&[("chat_id", "5".into())], &("photo", "meme.png", b"\x89PNG".to_vec()));
        let boundary = kind.strip_prefix("multipart/form-data; boundary=").unwrap();
        let text = String::from_utf8_lossy(&body);
        assert!(
            text.starts_with(&format!("--{boundary}\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n5\r\n"))
        );
        assert!(
            text.contains("name=\"photo\"; filename=\"meme.png\"\r\nContent-Type: image/png\r\n\r\n\u{fffd}PNG\r\n")
        );
        assert!(text.ends_with(&format!("--{boundary}--\r\n")));
    }
}
