//! What people do on a pitch page, for the key that made it. The page's own script reports a
//! view, a play, a share or a call-to-action click; each is counted with its first and last
//! time, never who (no address, no user agent, no cookie is stored). The first view and every
//! call-to-action click become signed events (`page.viewed`, `page.cta_clicked`) for the
//! pitch's `callbackUrl`, written to the webhook outbox in the transaction that counts them.
//! A report counts only with the token its page was served with (`auth::page_token`: signed,
//! bound to the page, six hours long, each action once), so headers anyone can set prove
//! nothing; a link-preview fetcher runs no script, and a report from a crawler or from another
//! site is answered and not counted either. A page sends at most `page_cta_events_per_hour`
//! `page.cta_clicked` events an hour.

use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::ctx::{Ctx, Services};
use crate::dates::iso8601;
use crate::error::Error;
use crate::events::{self, NewEvent};
use crate::store::activity::{self as rows, Tally};
use crate::store::now_ms;

/// Something a person did on a pitch page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    View,
    Play,
    Share,
    Cta,
}

impl Action {
    const ALL: [Action; 4] = [Action::View, Action::Play, Action::Share, Action::Cta];

    /// Its name in reports and rows.
    pub fn name(self) -> &'static str {
        match self {
            Action::View => "view",
            Action::Play => "play",
            Action::Share => "share",
            Action::Cta => "cta",
        }
    }

    /// The action a report names; a 400 `invalid_action` for anything else.
    pub fn parse(name: &str) -> Result<Action, Error> {
        Action::ALL
            .into_iter()
            .find(|a| a.name() == name)
            .ok_or_else(|| Error::bad_request("invalid_action", "`action` must be one of: view, play, share, cta."))
    }

    /// The event its `count`th occurrence sends, if any: the first view, and every click.
    fn event(self, count: i64) -> Option<&'static str> {
        match self {
            Action::View if count == 1 => Some("page.viewed"),
            Action::Cta => Some("page.cta_clicked"),
            _ => None,
        }
    }
}

/// A report from a pitch page's script (`POST /m/{id}/activity`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct Report {
    /// `view`, `play`, `share` or `cta`.
    #[schema(value_type = Action)]
    pub action: String,
    /// The token the page was served with (its `data-token`); without a valid, unexpired one
    /// for this page the report is not counted. Each token counts each action once.
    #[serde(default)]
    pub token: Option<String>,
}

/// The answer to a report.
#[derive(Debug, Serialize, ToSchema)]
pub struct Reported {
    pub success: bool,
    /// Whether it was counted (a crawler's, another site's, or one without a valid token of
    /// this page that has not counted this action yet, is not).
    pub counted: bool,
}

/// How often something happened on a page, and when first and last (ISO 8601; null before it
/// first happens).
#[derive(Debug, Default, Clone, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Count {
    pub count: i64,
    pub first_at: Option<String>,
    pub last_at: Option<String>,
}

/// What people did on a pitch page, counted by the page in their browsers.
#[derive(Debug, Default, Clone, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Activity {
    /// Times the page was opened in a browser.
    pub views: Count,
    /// Times its voice was played from the start.
    pub plays: Count,
    /// Times its Share button was used.
    pub shares: Count,
    /// Times its call to action was clicked.
    pub cta_clicks: Count,
}

impl Activity {
    pub fn of(tallies: &[Tally]) -> Activity {
        let count = |action: Action| {
            tallies.iter().find(|t| t.action == action.name()).map_or_else(Count::default, |t| Count {
                count: t.count,
                first_at: Some(iso8601(t.first_at)),
                last_at: Some(iso8601(t.last_at)),
            })
        };
        Activity {
            views: count(Action::View),
            plays: count(Action::Play),
            shares: count(Action::Share),
            cta_clicks: count(Action::Cta),
        }
    }
}

/// How a report reached us: what its request said of its sender.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sender<'a> {
    pub user_agent: Option<&'a str>,
    /// The `Origin` header: a browser's script always sends it with a POST.
    pub origin: Option<&'a str>,
    /// The `Sec-Fetch-Site` header, where the browser sends one.
    pub fetch_site: Option<&'a str>,
}

/// Words in the user agents of crawlers, link-preview fetchers and command-line clients.
const NOT_PEOPLE: &[&str] = &[
    "bot",
    "crawl",
    "spider",
    "slurp",
    "preview",
    "facebookexternalhit",
    "facebookcatalog",
    "embedly",
    "whatsapp",
    "telegram",
    "slack",
    "discord",
    "skype",
    "vkshare",
    "pinterest",
    "bitly",
    "lighthouse",
    "pingdom",
    "curl",
    "wget",
    "python",
    "go-http-client",
    "java/",
    "okhttp",
    "node-fetch",
    "axios",
    "httpclient",
    "scrapy",
];

/// Whether a report came from a person's browser on the page itself at `base_url`: a browser's
/// user agent that names no crawler, the page's own origin, and no other site's fetch.
pub fn from_a_person(sender: Sender<'_>, base_url: &str) -> bool {
    let agent = sender.user_agent.unwrap_or_default().to_ascii_lowercase();
    let browser = agent.starts_with("mozilla/") && !NOT_PEOPLE.iter().any(|word| agent.contains(word));
    let authority = |url: &str| url::Url::parse(url).ok().map(|u| (u.host_str().map(str::to_string), u.port()));
    let same_origin = sender.origin.is_some_and(|o| authority(o).is_some() && authority(o) == authority(base_url));
    let same_site = sender.fetch_site.is_none_or(|site| site == "same-origin");
    browser && same_origin && same_site
}

/// A report as it reached us: what it says was done, with the token of the page it came from,
/// and whether its request looked like a person's browser on the page ([`from_a_person`]).
#[derive(Debug, Clone, Copy)]
pub struct Claim<'a> {
    pub action: Action,
    pub token: Option<&'a str>,
    pub person: bool,
}

/// Counts a report on pitch page `page_id` when it carries a valid, unexpired token of that page
/// that has not counted its action yet and came from a person; writes the events it sends to the
/// outbox in the same transaction, then sends them; answers whether it counted. A 404 for a
/// page that is not a pitch, whoever reports it.
pub async fn record(services: &Services, base_url: &str, page_id: &str, claim: Claim<'_>) -> Result<bool, Error> {
    let missing = || Error::NotFound { message: "No such pitch page.".into() };
    let key_id = {
        let mut conn = services.db.pool().acquire().await?;
        rows::pitch_of(&mut conn, page_id).await?.ok_or_else(missing)?
    };
    let at = now_ms();
    let valid = claim.token.and_then(|token| services.page_tokens.check(token, page_id, at));
    let Some(valid) = valid.filter(|_| claim.person) else { return Ok(false) };
    let action = claim.action;
    let mut tx = services.db.pool().begin().await?;
    if !rows::use_token_in(&mut tx, (&valid.nonce, action.name()), page_id, at).await? {
        return Ok(false);
    }
    let count = rows::count_in(&mut tx, page_id, action.name(), at).await?;
    let mut queued = None;
    if let Some(event) = action.event(count)
        && within_cap(services, &mut tx, page_id, (event, at)).await?
        && let Some(hook) = rows::hook_of(&mut tx, page_id).await?
    {
        let activity = Activity::of(&rows::of_page(&mut tx, page_id).await?);
        let data = json!({
            "event": event,
            "pageId": page_id,
            "pageUrl": format!("{base_url}/m/{page_id}"),
            "occurredAt": iso8601(at),
            "activity": activity,
        })
        .to_string();
        // A page's events are filed under the page (`X-Service-Job-Id` carries its id).
        let new = NewEvent { key_id, job_id: page_id, event, data: &data, url: &hook.url, secret: &hook.secret };
        queued = Some(events::enqueue_in(&mut tx, &new).await?);
    }
    tx.commit().await?;
    if let Some(id) = queued {
        events::dispatch(services, id);
    }
    Ok(true)
}

/// Whether page `page_id` may send another `event` at `at`: a click sends at most
/// `page_cta_events_per_hour` in the last hour (past that, clicks are counted and send nothing).
async fn within_cap(
    services: &Services,
    conn: &mut sqlx::AnyConnection,
    page_id: &str,
    (event, at): (&str, i64),
) -> Result<bool, Error> {
    if event != "page.cta_clicked" {
        return Ok(true);
    }
    let sent = rows::events_since(conn, page_id, event, at - 3600 * 1000).await?;
    Ok(sent < i64::from(services.settings.page_cta_events_per_hour))
}

/// Forgets which actions the tokens that have expired counted; returns how many uses.
pub async fn forget_spent_tokens(services: &Services) -> Result<u64, sqlx::Error> {
    rows::forget_token_uses(&services.db, now_ms() - crate::auth::page_token::LIFETIME_MS - 3600 * 1000).await
}

/// The caller's pitch page `id` and what was done on it; another key's page is as good as
/// missing.
pub async fn status(ctx: &Ctx, id: &str) -> Result<super::PitchStatus, Error> {
    let missing = || Error::NotFound { message: "No such pitch page.".into() };
    let mut conn = ctx.db.pool().acquire().await?;
    rows::pitch_of(&mut conn, id).await?.filter(|key_id| *key_id == ctx.caller.key_id).ok_or_else(missing)?;
    let activity = Activity::of(&rows::of_page(&mut conn, id).await?);
    let hook = rows::hook_of(&mut conn, id).await?;
    drop(conn);
    let page = crate::engine::get(ctx, id).await?.ok_or_else(missing)?;
    let webhook = match hook {
        Some(hook) => {
            Some(super::PitchWebhook { callback_url: hook.url, deliveries: events::deliveries(&ctx.db, id).await? })
        }
        None => None,
    };
    Ok(super::PitchStatus { success: true, pitch: super::PageSummary::of(&page, &ctx.base_url), activity, webhook })
}
