//! The bots' webhooks. `POST /api/bot/telegram` takes the service's bot's updates: a delivery
//! without the bot's secret in `X-Telegram-Bot-Api-Secret-Token` is refused (401) and changes
//! nothing; an update seen before is acknowledged and ignored (Telegram redelivers what it
//! thinks failed); the reply goes out after the answer (`telegram::reply_later`).

use axum::{Json, body::Bytes, extract::State, http::HeaderMap};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Reply;
use super::delivery::{Ack, bad_secret, parse};
use crate::error::Error;
use crate::http::error::ErrorBody;
use crate::http::{AppState, BaseUrl};
use crate::store::bots;
use crate::telegram::{self, SECRET_HEADER};

/// The service's Telegram bot's updates (set by `asset-host bot set-webhook`).
#[utoipa::path(post, path = "/api/bot/telegram", tag = "bot",
    request_body(content = Object, description = "A Telegram `Update`"),
    responses((status = 200, body = Ack), (status = 400, body = ErrorBody),
              (status = 401, description = "Not Telegram: the secret header is missing or wrong", body = ErrorBody),
              (status = 404, description = "The bot is not set up on this service", body = ErrorBody)))]
async fn service_webhook(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Ack>, Error> {
    let services = &state.services;
    let bot = services
        .telegram
        .as_ref()
        .ok_or_else(|| Error::NotFound { message: "This service has no Telegram bot set up.".into() })?;
    if !bot.secret_ok(headers.get(SECRET_HEADER).map(|v| v.as_bytes())) {
        return Err(bad_secret());
    }
    let update = parse(&body)?;
    let Some(message) = update.message else { return Ok(Json(Ack { ok: true })) };
    if !bots::first_sight(&services.db, SERVICE, update.update_id).await? {
        return Ok(Json(Ack { ok: true }));
    }
    match super::answer(services, &base, bot.username(), &message).await {
        Ok(Some(Reply::Now(text))) => telegram::reply_later(&bot.bot, message.chat.id, text),
        Ok(Some(Reply::Later(work))) => {
            let (bot, chat) = (bot.bot.clone(), message.chat.id);
            tokio::spawn(async move { telegram::reply_later(&bot, chat, work.await) });
        }
        Ok(None) => {}
        Err(e) => {
            // Telegram will deliver it again; let that delivery be handled.
            let _ = bots::forget(&services.db, SERVICE, update.update_id).await;
            return Err(e);
        }
    }
    Ok(Json(Ack { ok: true }))
}

/// The service's bot's name among the bots whose updates are remembered.
const SERVICE: &str = "service";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(service_webhook)).routes(routes!(super::brand::webhook))
}
