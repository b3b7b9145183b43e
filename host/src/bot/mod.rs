//! The service's Telegram bot: `/start` and `/help` (what the service does, its prices, where to
//! read more), `/apikey` (a key for this Telegram account, shown once), `/credits` (balances and
//! how to buy packs), `/login` (a one-time dashboard link), and a command per paid operation the
//! catalog declares one for (`operations`: `/meme`, `/pitch`, …). Secrets go only to a private
//! chat: in a group the bot asks to be messaged privately. Each command calls the operations the
//! HTTP routes and the dashboard call (`account::keys::mint`, the keys' balances,
//! `account::login::link`, the tools' operations); nothing is written twice. Brands' own bots
//! are `bot::brand`.

pub mod brand;
pub mod delivery;
pub mod operations;
pub mod routes;

use std::future::Future;
use std::pin::Pin;

use std::fmt::Write as _;

use crate::account::{keys, login};
use crate::billing::packs::PACKS;
use crate::catalog::{self, usd};
use crate::counted::counted;
use crate::ctx::Services;
use crate::error::Error;
use crate::store::accounts;
use crate::telegram::update::{Message, User};

/// What the bot answers a message.
pub enum Reply {
    /// A text for the chat, now.
    Now(String),
    /// Work to run after the webhook is answered (Telegram should not wait), then its text.
    Later(Pin<Box<dyn Future<Output = String> + Send>>),
}

/// What the bot answers a message: a reply for the chat it came from, if anything.
pub async fn answer(
    services: &Services,
    base_url: &str,
    username: &str,
    message: &Message,
) -> Result<Option<Reply>, Error> {
    let from = message.from.as_ref().filter(|u| !u.is_bot);
    let command = message.command().filter(|c| Message::is_for(c, username));
    let operation = command.and_then(|c| operations::find(&c.name).map(|service| (service, c.args.to_string())));
    if let (Some(from), Some((service, text))) = (from, operation) {
        let work = operations::run(services.clone(), base_url.to_string(), from.clone(), service, text);
        return Ok(Some(Reply::Later(Box::pin(work))));
    }
    Ok(said(services, base_url, username, message).await?.map(Reply::Now))
}

/// The answer to a message that is not an operation's command.
async fn said(services: &Services, base_url: &str, username: &str, message: &Message) -> Result<Option<String>, Error> {
    let Some(command) = message.command() else {
        // In a group the bot speaks only when spoken to.
        return Ok(message.chat.is_private().then(|| short_help(base_url)));
    };
    if !Message::is_for(&command, username) {
        return Ok(None);
    }
    let private = message.chat.is_private();
    let secret = matches!(command.name.as_str(), "apikey" | "login" | "credits");
    if secret && !private {
        return Ok(Some(format!(
            "Message me privately (https://t.me/{username}) for /{}: keys and links are never sent to a group.",
            command.name
        )));
    }
    let Some(from) = message.from.as_ref().filter(|u| !u.is_bot) else { return Ok(None) };
    Ok(Some(match command.name.as_str() {
        "start" | "help" => help(base_url),
        "apikey" => apikey(services, from).await?,
        "credits" => credits(services, base_url, from).await?,
        "login" => {
            let account = account_of(services, from).await?;
            let link = login::link(&services.db, account.id, base_url).await?;
            format!("Your dashboard sign-in link, valid {} minutes and once:\n{link}", login::LINK_MINUTES)
        }
        _ => short_help(base_url),
    }))
}

async fn account_of(services: &Services, user: &User) -> Result<accounts::Account, Error> {
    let name = match (&user.username, user.first_name.trim()) {
        (Some(handle), _) => format!("@{handle}"),
        (None, "") => format!("telegram {}", user.id),
        (None, first) => first.to_string(),
    };
    Ok(accounts::for_telegram(&services.db, user.id, &name).await?)
}

async fn apikey(services: &Services, from: &User) -> Result<String, Error> {
    let account = account_of(services, from).await?;
    match keys::mint(&services.db, &account, "telegram /apikey").await {
        Ok(minted) => Ok(format!(
            "Your API key (shown only now; send it as the x-api-key header):\n{}\n\nYou hold {} live key{} of at most {}. \
             It starts with no credits: /credits says how to buy a pack.",
            minted.secret,
            minted.active,
            if minted.active == 1 { "" } else { "s" },
            keys::PER_ACCOUNT
        )),
        Err(Error::Conflict { message, .. }) => Ok(format!("{message} /login opens it.")),
        Err(e) => Err(e),
    }
}

async fn credits(services: &Services, base_url: &str, from: &User) -> Result<String, Error> {
    let account = account_of(services, from).await?;
    let held = keys::list(&services.db, &account).await?;
    let mut text = String::new();
    if held.is_empty() {
        text.push_str("You hold no keys yet: /apikey makes one.\n");
    } else {
        text.push_str("Credits by key:\n");
        for key in &held {
            let _ = writeln!(text, "{}… {}", key.prefix, counted(key.credits, "credit"));
        }
    }
    text.push_str("\nPacks (credits belong to the key that buys them):\n");
    for pack in PACKS {
        let _ = writeln!(text, "{}: {} credits for ${}", pack.id, pack.credits, usd(pack.price_cents));
    }
    let _ = write!(
        text,
        "\nIn USDC over x402: POST {base_url}/api/agent/credits/packs/<pack>/buy with your key. \
         By card: the dashboard's Credits tab (/login), or the same route with {{\"method\":\"card\"}}."
    );
    Ok(text)
}

fn help(base_url: &str) -> String {
    let mut text = String::from(
        "I make media for software agents: pitch pages, memes in 23 languages, captioned audio pages and vertical MP4s, paid with prepaid credits or per call in USDC.\n\nPrices:\n",
    );
    // The menu's rows: every service this build serves, at its price, with its command when it
    // has one (derived, never listed here).
    let served = |s: &&catalog::Service| s.credits.is_some() && s.availability == catalog::Availability::Available;
    for service in catalog::SERVICES.iter().filter(served) {
        let credits = service.credits.unwrap_or_default();
        let _ = write!(text, "{}: {}", service.name, counted(credits, "credit"));
        match operations::find(&operations::command(service)) {
            Some(_) => writeln!(text, " · /{} <{}>", operations::command(service), service.bot_text.unwrap_or("text")),
            None => writeln!(text),
        }
        .unwrap_or_default();
    }
    let _ = write!(
        text,
        "\nA command with its text makes it here, paid from your key with the most credits.\n\
         Commands: /apikey a key for your agent · /credits balances and packs · /login the dashboard · /help this.\n\
         Services: {base_url}/api/agent/services · API: {base_url}/api/agent/openapi.json"
    );
    text
}

fn short_help(base_url: &str) -> String {
    format!("Send /apikey for an API key, /credits for balances, /login for the dashboard, /help for more. {base_url}")
}
