//! Brands' own Telegram bots, once connected (`brands::bot::connect`). A bot answers `/meme <idea>` (and, in a group, a mention `@bot <idea>`) with a meme picture
//! in the brand's voice, made by the meme operation like any meme, paid by one of the brand's
//! free generations, then by the brand admin's credits; with neither, it says how to buy.

use axum::{
    Json,
    body::Bytes,
    extract::{Path, State},
    http::HeaderMap,
};

use crate::auth::hash_key;
use crate::billing::Payer;
use crate::brands::bot::bot_for;
use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::memes::{self, MemeRequest};
use crate::store::{self, bots};
use crate::telegram::update::Message;
use crate::telegram::{self, Bot, SECRET_HEADER};

/// A brand bot's updates.
#[utoipa::path(post, path = "/api/bot/telegram/brands/{key}", tag = "bot", params(("key" = String, Path)),
    request_body(content = Object, description = "A Telegram `Update`"),
    responses((status = 200, body = super::delivery::Ack), (status = 400, body = crate::http::error::ErrorBody),
              (status = 401, description = "Not Telegram: the secret header is missing or wrong", body = crate::http::error::ErrorBody),
              (status = 404, description = "No bot is connected for this brand", body = crate::http::error::ErrorBody)))]
pub async fn webhook(
    State(state): State<crate::http::AppState>,
    crate::http::BaseUrl(base): crate::http::BaseUrl,
    Path(key): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<super::delivery::Ack>, Error> {
    let services = state.services.clone();
    let record = bots::brand_bot(&services.db, &key)
        .await?
        .ok_or_else(|| Error::NotFound { message: "No bot is connected for this brand.".into() })?;
    let presented = headers.get(SECRET_HEADER).map(|v| hash_key(&String::from_utf8_lossy(v.as_bytes())));
    if !telegram::secret_matches(record.secret_hash.as_bytes(), presented.as_deref().map(str::as_bytes)) {
        return Err(super::delivery::bad_secret());
    }
    let update = super::delivery::parse(&body)?;
    let ack = Json(super::delivery::Ack { ok: true });
    let Some(message) = update.message else { return Ok(ack) };
    if !bots::first_sight(&services.db, &key, update.update_id).await? {
        return Ok(ack);
    }
    let Some(sealer) = services.sealer.clone() else { return Ok(ack) };
    let Some(token) = sealer.open(&record.token_sealed, &key) else {
        tracing::error!(brand = key, "a brand bot's token does not open with this secrets key");
        return Ok(ack);
    };
    let bot = bot_for(&services, &token)?;
    let Some(idea) = idea(&message, &record.username) else { return Ok(ack) };
    let chat = message.chat.id;
    if idea.is_empty() {
        telegram::reply_later(
            &bot,
            chat,
            "Send /meme followed by an idea, for example: /meme a cat that ships code".into(),
        );
        return Ok(ack);
    }
    // Making the meme takes longer than Telegram should wait for an answer.
    tokio::spawn(async move {
        if let Err(e) = meme(&services, &bot, &key, chat, &idea, &base).await {
            tracing::warn!(brand = key, error = %e, "a brand bot's meme was not made");
        }
    });
    Ok(ack)
}

/// What a message asks the brand's bot for: `Some(idea)` (maybe empty) for `/meme`, or a
/// mention in a group; `None` for anything else.
fn idea(message: &Message, username: &str) -> Option<String> {
    match message.command() {
        Some(command) if command.name == "meme" && Message::is_for(&command, username) => {
            Some(command.args.to_string())
        }
        Some(command) if matches!(command.name.as_str(), "start" | "help") && Message::is_for(&command, username) => {
            Some(String::new())
        }
        Some(_) => None,
        None if !message.chat.is_private() => message.after_mention(username).map(str::to_string),
        None => Some(message.text.clone().unwrap_or_default().trim().to_string()),
    }
}

/// Makes a meme of `idea` for brand `key` and sends it to `chat`: paid by a free generation,
/// else by the brand admin's credits; with neither, the bot says how to buy and nothing is made.
async fn meme(services: &Services, bot: &Bot, key: &str, chat: i64, idea: &str, base_url: &str) -> Result<(), Error> {
    let Some(admin) = store::keys::brand_admin(&services.db, key).await? else {
        telegram::reply_later(bot, chat, "This bot's brand has no admin key any more.".into());
        return Ok(());
    };
    let request = MemeRequest {
        input: Some(idea.chars().take(crate::catalog::MEME_INPUT_CHARS as usize).collect()),
        brand: Some(key.to_string()),
        ..MemeRequest::default()
    };
    let mut ctx = Ctx::new(services.clone(), admin.clone(), base_url.to_string(), store::public_id());
    // Billing spends a free generation, else the admin's credits.
    ctx.payer = Payer::Allowance { brand: key.to_string(), key_id: admin.key_id };
    let made = memes::create(&ctx, request).await;
    let result = match made {
        Ok(result) => result,
        Err(Error::InsufficientCredits { .. }) => {
            let text = format!(
                "This bot has used its free generations and its brand has no credits left. The brand's admin can buy a credit pack in the dashboard ({base_url}/dashboard) or with POST {base_url}/api/agent/credits/packs/<pack>/buy."
            );
            telegram::reply_later(bot, chat, text);
            return Ok(());
        }
        Err(Error::Forbidden { message, .. }) => {
            telegram::reply_later(bot, chat, message);
            return Ok(());
        }
        Err(e) => {
            telegram::reply_later(bot, chat, "That meme could not be made; try another idea.".into());
            return Err(e);
        }
    };
    let id = result.meme.url.rsplit('/').next().unwrap_or_default().to_string();
    let tags: Vec<&str> =
        [&result.brand.hashtag, &result.brand.token].into_iter().flatten().map(String::as_str).collect();
    let caption = format!("{}\n\n{}", result.meme.title, tags.join(" "));
    // The first picture (positions count from 1), drawn now if the meme's answer named none.
    let sent = match memes::image(services, &id, 1).await {
        Ok(Some(png)) => bot.send_photo(chat, png, &caption).await.map_err(|e| Error::internal(e.to_string())),
        Ok(None) => Err(Error::internal("a meme without its picture")),
        Err(e) => Err(e),
    };
    if sent.is_err() {
        // The meme was made and paid for: the chat gets its page instead of its picture.
        telegram::reply_later(bot, chat, format!("{caption}\n{}", result.meme.url));
    }
    sent
}
