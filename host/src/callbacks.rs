//! A caller's webhook: the callback address an operation's events are POSTed to, checked by
//! the SSRF guard when it is registered (and again at every delivery, `events`), and the secret
//! that signs them, chosen by the caller or made here and shown once.

use base64::Engine as _;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::Error;
use crate::net::Guard;
use crate::net::guard::FetchError;

/// Shortest and longest webhook secret a caller may choose.
const SECRET_CHARS: (usize, usize) = (16, 256);
/// Longest callback address.
const CALLBACK_CHARS: usize = 2048;

/// A webhook as registered, in the answer that registered it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookRegistration {
    pub registered: bool,
    pub callback_url: String,
    /// Shown this once: keep it to verify `X-Service-Signature` (and `webhook-signature`).
    pub webhook_secret: String,
}

/// The webhook something reports to (its secret is shown only in the answer that registered it).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookView {
    pub callback_url: String,
}

/// The callback and its secret, checked: a public http(s) address in a spelling every parser
/// reads alike (the SSRF guard, resolving the name now; each delivery checks again), kept in its
/// serialised form; a chosen secret of 16 to 256 printable characters, or one made here.
pub async fn register(
    guard: &Guard,
    callback_url: Option<String>,
    secret: Option<String>,
) -> Result<Option<WebhookRegistration>, Error> {
    let callback_url = callback_url.map(|u| u.trim().to_string()).filter(|u| !u.is_empty());
    let Some(callback_url) = callback_url else {
        if secret.is_some() {
            return Err(Error::bad_request(
                "webhook_secret_without_callback",
                "`webhookSecret` signs the events sent to `callbackUrl`; send both, or neither.",
            ));
        }
        return Ok(None);
    };
    let too_long = || {
        Error::bad_request(
            "invalid_callback_url",
            format!("`callbackUrl` must be at most {CALLBACK_CHARS} characters."),
        )
    };
    // Before any parsing, and again after: the serialised form may be longer (percent escapes).
    if callback_url.chars().count() > CALLBACK_CHARS {
        return Err(too_long());
    }
    let webhook_secret = match secret {
        Some(secret) => {
            let (min, max) = SECRET_CHARS;
            let printable = secret.bytes().all(|b| b.is_ascii_graphic());
            if !(min..=max).contains(&secret.len()) || !printable {
                return Err(Error::bad_request(
                    "invalid_webhook_secret",
                    format!("`webhookSecret` must be {min} to {max} printable ASCII characters without spaces."),
                ));
            }
            secret
        }
        // The Standard Webhooks form, so receivers can hand it to the standard libraries as is.
        None => format!("whsec_{}", base64::engine::general_purpose::STANDARD.encode(rand::random::<[u8; 24]>())),
    };
    // Kept and echoed as the guard understood it: its serialisation, never the text sent.
    let callback_url = match guard.check(&callback_url).await {
        Ok((url, _)) => String::from(url),
        Err(e) => {
            let why = match e {
                FetchError::BadUrl(why) | FetchError::Blocked(why) => why,
                FetchError::Failed(why) => format!("it does not resolve ({why})"),
                FetchError::TooLarge => "it is not usable".into(),
            };
            return Err(Error::bad_request(
                "invalid_callback_url",
                format!("`callbackUrl` must be a public http(s) address: {why}."),
            ));
        }
    };
    if callback_url.chars().count() > CALLBACK_CHARS {
        return Err(too_long());
    }
    Ok(Some(WebhookRegistration { registered: true, callback_url, webhook_secret }))
}
