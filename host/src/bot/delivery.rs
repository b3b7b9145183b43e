//! What every bot webhook shares: the acknowledgement Telegram gets, the refusal of a delivery
//! without the bot's secret, and reading the body as an update.

use serde::Serialize;
use utoipa::ToSchema;

use crate::error::Error;
use crate::telegram::update::Update;

/// What a webhook answers Telegram.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ack {
    pub ok: bool,
}

pub fn bad_secret() -> Error {
    Error::Unauthorized { code: "bad_bot_secret", message: "This endpoint takes Telegram's deliveries only." }
}

pub fn parse(body: &[u8]) -> Result<Update, Error> {
    Update::parse(body).ok_or_else(|| Error::bad_request("invalid_update", "The body is not a Telegram update."))
}
