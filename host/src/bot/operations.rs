//! The service bot's command per paid operation, derived from the catalog: a served service
//! whose row names a `bot_text` field is `/<id>` (hyphens as underscores) followed by a line of
//! text that fills that field. It runs the operation the service's MCP tool runs, for the
//! sender's account, paid from the account's key holding the most credits (billing decides:
//! too few credits is refused as everywhere, nothing made), and answers the links it made — a
//! job's once it finished, followed through its status tool.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use crate::catalog::{self, Availability, Service};
use crate::counted::counted;
use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::mcp::tools;
use crate::telegram::update::User;

/// How long the bot follows a job before it leaves the chat the address to poll.
const FOLLOW_FOR: Duration = Duration::from_secs(10 * 60);

/// What a person without a key is told.
const NO_KEY: &str = "You need an API key with credits first: /apikey makes one, /credits says how to buy a pack.";
/// What a person whose keys hold no credits is told.
const NO_CREDITS: &str = "Your keys hold no credits: /credits says how to buy a pack.";

/// The services the bot has a command for: served now, priced in credits, filled by one line,
/// run by a tool.
pub fn served() -> impl Iterator<Item = &'static Service> {
    catalog::SERVICES.iter().filter(|s| {
        s.availability == Availability::Available
            && s.credits.is_some()
            && s.bot_text.is_some()
            && tools::of_service(s.id).0.is_some()
    })
}

/// The command of `service` (Telegram's commands take no hyphen).
pub fn command(service: &Service) -> String {
    service.id.replace('-', "_")
}

/// The service the command `name` runs.
pub fn find(name: &str) -> Option<&'static Service> {
    served().find(|s| command(s) == name)
}

/// Runs `service` on `text` for `from`'s account; what to tell the chat.
pub async fn run(services: Services, base_url: String, from: User, service: &'static Service, text: String) -> String {
    match attempt(&services, &base_url, &from, service, text.trim()).await {
        Ok(told) => told,
        Err(e) => refusal(service, &e),
    }
}

async fn attempt(
    services: &Services,
    base_url: &str,
    from: &User,
    service: &'static Service,
    text: &str,
) -> Result<String, Error> {
    let (Some(field), (Some(run), status)) = (service.bot_text, tools::of_service(service.id)) else {
        return Err(Error::internal(format!("no bot command for {}", service.id)));
    };
    if text.is_empty() {
        return Ok(usage(service, field));
    }
    let ctx = match paying(services, base_url, from).await? {
        Paying::From(ctx) => ctx,
        Paying::NoKey => return Ok(NO_KEY.into()),
        Paying::NoCredits => return Ok(NO_CREDITS.into()),
    };
    let mut arguments = Map::new();
    arguments.insert(field.into(), Value::String(text.into()));
    let answer = (run.call)(&ctx, Value::Object(arguments)).await?;
    let done = match (answer["jobId"].as_str(), status) {
        (Some(id), Some(status)) => follow(&ctx, status, id).await?,
        _ => answer.clone(),
    };
    Ok(told(service, &answer, &done))
}

/// Who pays for a command.
enum Paying {
    /// A call of the account's key holding the most credits.
    From(Box<Ctx>),
    NoKey,
    NoCredits,
}

/// A call of `from`'s account, paid from its key holding the most credits.
async fn paying(services: &Services, base_url: &str, from: &User) -> Result<Paying, Error> {
    let account = super::account_of(services, from).await?;
    let held = crate::account::keys::list(&services.db, &account).await?;
    let Some(richest) = held.iter().max_by_key(|k| k.credits) else { return Ok(Paying::NoKey) };
    if richest.credits <= 0 {
        return Ok(Paying::NoCredits);
    }
    let Some(key) = crate::store::keys::by_prefix(&services.db, &richest.prefix).await? else {
        return Ok(Paying::NoKey);
    };
    let request_id = crate::store::public_id();
    Ok(Paying::From(Box::new(Ctx::new(services.clone(), key.caller, base_url.to_string(), request_id))))
}

/// Job `id` once it finished, read through the status tool (each read waits for a change), or
/// as it is when [`FOLLOW_FOR`] is over.
async fn follow(ctx: &Ctx, status: &tools::Spec, id: &str) -> Result<Value, Error> {
    let deadline = Instant::now() + FOLLOW_FOR;
    loop {
        let job = (status.call)(ctx, serde_json::json!({"jobId": id, "wait": 30})).await?;
        if matches!(job["status"].as_str(), Some("succeeded" | "failed")) || Instant::now() >= deadline {
            return Ok(job);
        }
    }
}

/// What the chat is told of a call that answered `answer` and ended as `done`.
fn told(service: &Service, answer: &Value, done: &Value) -> String {
    let mut text = match done["status"].as_str() {
        Some("failed") => {
            let why = done["error"]["message"].as_str().unwrap_or("it could not be made");
            return format!("The {} failed: {why} Nothing was charged.", service.name.to_lowercase());
        }
        Some("queued" | "running") => format!(
            "Your {} is still being made; it will be at {} (read it with your key).\n",
            service.name.to_lowercase(),
            answer["statusUrl"].as_str().unwrap_or_default()
        ),
        _ => format!("Your {} is ready:\n", service.name.to_lowercase()),
    };
    let (captions, made): (Vec<_>, Vec<_>) =
        links(done).into_iter().partition(|(name, _)| name.starts_with("captions"));
    for (_, link) in made {
        let _ = writeln!(text, "{link}");
    }
    if !captions.is_empty() {
        let urls: Vec<String> = captions.into_iter().map(|(_, url)| url).collect();
        let _ = writeln!(text, "Captions: {}", urls.join(" "));
    }
    if let (Some(cost), Some(left)) = (answer["creditCost"].as_u64(), answer["creditsRemaining"].as_u64()) {
        let _ = write!(text, "It cost {}; the key holds {left} more.", counted(cost, "credit"));
    }
    text.trim_end().to_string()
}

/// The addresses an answer gives to look at (its `…Url` fields and `url`s) with their field's
/// name, in order, without the ones to poll or check.
fn links(value: &Value) -> Vec<(String, String)> {
    let mut found = Vec::new();
    gather(value, &mut found);
    found
}

fn gather(value: &Value, found: &mut Vec<(String, String)>) {
    match value {
        Value::Object(fields) => {
            for (name, field) in fields {
                let named =
                    name == "url" || (name.ends_with("Url") && !matches!(name.as_str(), "statusUrl" | "checkUrl"));
                match field.as_str() {
                    Some(url) if named && url.starts_with("http") => {
                        if !found.iter().any(|(_, f)| f == url) {
                            found.push((name.clone(), url.to_string()));
                        }
                    }
                    _ => gather(field, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| gather(item, found)),
        _ => {}
    }
}

/// How to use `service`'s command: its field filled as the catalog's example fills it.
fn usage(service: &Service, field: &str) -> String {
    let example: Value = serde_json::from_str(service.example).unwrap_or_default();
    let sample = example[field].as_str().unwrap_or("…");
    format!(
        "Send /{} followed by the {field} ({}), for example:\n/{} {sample}",
        command(service),
        counted(service.credits.unwrap_or_default(), "credit"),
        command(service)
    )
}

/// What the chat is told when the operation refused or failed.
fn refusal(service: &Service, error: &Error) -> String {
    match error {
        Error::InsufficientCredits { needed, balance, .. } => format!(
            "The {} costs {} and your key holds {balance}. /credits says how to buy a pack.",
            service.name.to_lowercase(),
            counted(*needed, "credit")
        ),
        other => {
            if matches!(other.kind(), crate::error::Kind::Internal) {
                tracing::warn!(service = service.id, error = %other, "a bot command failed");
            }
            crate::http::error::body_of(other, None).message
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_served_command_is_a_telegram_command_with_a_working_example() {
        let commands: Vec<String> = served().map(command).collect();
        assert!(commands.len() >= 4, "{commands:?}");
        for service in served() {
            let name = command(service);
            assert!(name.len() <= 32 && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'));
            assert_eq!(find(&name).map(|s| s.id), Some(service.id));
            let field = service.bot_text.unwrap();
            let example: Value = serde_json::from_str(service.example).unwrap();
            assert!(example[field].as_str().is_some_and(|t| !t.is_empty()), "{}: {field} in its example", service.id);
            assert!(!usage(service, field).contains('…'), "{}", usage(service, field));
        }
    }

    #[test]
    fn links_are_the_addresses_to_look_at() {
        let answer = serde_json::json!({
            "statusUrl": "http://h/api/agent/mp4/j", "meme": {"url": "http://h/memes/1"},
            "mp4Url": "http://h/v/1/video.mp4", "pages": [{"pageUrl": "http://h/m/1"}], "title": "https://not-a-link"
        });
        let urls: Vec<String> = links(&answer).into_iter().map(|(_, url)| url).collect();
        assert_eq!(urls, ["http://h/memes/1", "http://h/v/1/video.mp4", "http://h/m/1"]);
    }
}
