//! Free-bot invites (`POST /api/agent/invite-bot`): a pitch page made for the recipient and a
//! one-time claim link, in one charge (1 credit). A key may make 3 invites a UTC day and hold
//! 10 open (unclaimed, unexpired) ones: business caps counted in the database, checked before
//! the charge and again in the transaction that records the invite (after taking the key's
//! row lock), so neither replicas nor races pass them. Claiming (`/i/<code>`) is one-time and
//! atomic: it registers a brand with a bot, grants the bot 200 generations (a ledger), and
//! mints the brand's admin key, shown once.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{PitchRequest, about};
use crate::auth::{self, Role};
use crate::billing;
use crate::brands::BrandProfile;
use crate::catalog;
use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::languages::Language;
use crate::plugins::Request;
use crate::render::style::Style;
use crate::store::{self, invites, now_ms, public_id};

/// The catalog service id.
pub const KIND: &str = "invite-bot";
/// The generator slot that writes the invite message.
pub const SLOT: &str = "invite";
/// Generations a claimed bot gets.
pub const FREE_GENERATIONS: u32 = 200;
/// New invites a key may make per UTC day.
pub const PER_DAY: i64 = 3;
/// Open (unclaimed, unexpired) invites a key may hold.
pub const OPEN: i64 = 10;

const DAY_MS: i64 = 86_400_000;

/// Body of `POST /api/agent/invite-bot`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct InviteRequest {
    /// The recipient's website, an x.com or linkedin.com link, or a sentence about them.
    #[schema(schema_with = super::input_schema, required = true)]
    pub input: Option<String>,
    /// Code, English or native name; English when absent.
    #[schema(schema_with = crate::languages::schema)]
    pub language: Option<String>,
}

/// The spec's invite result, with the charge.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteResult {
    pub success: bool,
    /// The one-time claim code.
    pub code: String,
    /// The claim page.
    pub invite_url: String,
    /// The pitch page made for the recipient.
    pub before_url: String,
    /// Who the invite is for, as the pitch addresses them.
    pub who: String,
    /// Generations the claimed bot gets (200).
    pub free_generations: u32,
    /// A ready-to-send message in the request's language, containing `inviteUrl`.
    pub message: String,
    /// Days the claim link stays valid.
    pub expires_in_days: u32,
    pub credit_cost: i64,
    pub credits_remaining: i64,
}

/// An invite to record with its pitch page.
pub(super) struct Record {
    pub code: String,
    pub who: String,
    pub message: String,
    pub expires_at: i64,
}

/// The caps a key is past, as the 429 to answer; `None` when it may make an invite now.
fn capped(counts: invites::Counts, now: i64) -> Option<Error> {
    if counts.today >= PER_DAY {
        let midnight = now - now.rem_euclid(DAY_MS) + DAY_MS;
        return Some(Error::Capped {
            code: "invite_daily_limit",
            message: format!("A key makes at most {PER_DAY} invites per UTC day; nothing was charged."),
            retry_after_secs: ((midnight - now) / 1000).max(1) as u64,
        });
    }
    if counts.open >= OPEN {
        let next = counts.next_expiry.unwrap_or(now + DAY_MS);
        return Some(Error::Capped {
            code: "invite_open_limit",
            message: format!(
                "A key holds at most {OPEN} unclaimed invites; one must be claimed or expire first. Nothing was charged."
            ),
            retry_after_secs: ((next - now) / 1000).max(1) as u64,
        });
    }
    None
}

fn day_start(now: i64) -> i64 {
    now - now.rem_euclid(DAY_MS)
}

/// Who a sentence is about, as the pitch addresses them: its first sentence, at most 60
/// characters (the generators' rule for a name not given).
fn subject(text: &str) -> String {
    let first = text.split(['.', '!', '?', '\n']).next().unwrap_or(text).trim();
    let mut out: String = first.chars().take(60).collect();
    if first.chars().count() > 60 {
        out.push('…');
    }
    out
}

/// Checks the caps inside the transaction that records an invite, after locking the key's row.
pub(super) async fn record_in(
    conn: &mut sqlx::AnyConnection,
    key_id: i64,
    invite: &Record,
    page_id: &str,
    language: &str,
) -> Result<(), Error> {
    invites::lock_key_in(conn, key_id).await?;
    let now = now_ms();
    if let Some(refusal) = capped(invites::counts_in(conn, key_id, day_start(now), now).await?, now) {
        return Err(refusal);
    }
    invites::insert_in(
        conn,
        &invites::NewInvite {
            code: &invite.code,
            key_id,
            who: &invite.who,
            language,
            page_id,
            message: &invite.message,
            expires_at: invite.expires_at,
        },
    )
    .await?;
    Ok(())
}

/// An invite request checked as the route checks it before anything is counted or paid: the
/// recipient's input and language, and generators for both pages.
fn checked(ctx: &Ctx, request: InviteRequest) -> Result<(String, &'static Language), Error> {
    let pitch_request = PitchRequest { input: request.input, language: request.language, ..PitchRequest::default() };
    let super::Checked { input, language, .. } = super::check(&pitch_request)?;
    ctx.plugins.writer(super::KIND, None, language)?;
    ctx.plugins.writer(SLOT, None, language)?;
    Ok((input, language))
}

/// What the invite `request` would cost, refused as [`create`] refuses its body; nothing is made
/// or paid (the daily and unclaimed caps are counted when it is made).
pub async fn quote(ctx: &Ctx, request: InviteRequest) -> Result<billing::Price, Error> {
    checked(ctx, request)?;
    Ok(catalog::price(KIND))
}

/// Makes an invite: validates, checks the caps, then pays for the recipient's pitch page and
/// the invite message and records them together.
pub async fn create(ctx: &Ctx, request: InviteRequest) -> Result<InviteResult, Error> {
    let (input, language) = checked(ctx, request)?;
    let now = now_ms();
    if let Some(refusal) = capped(invites::counts(&ctx.db, ctx.caller.key_id, day_start(now), now).await?, now) {
        return Err(refusal);
    }
    let price = catalog::price(KIND);
    billing::ensure_can_pay(ctx, price).await?;
    let from = super::sender(ctx, None).await?;
    let about = about::gather(ctx, &input).await;
    let (id, code) = (public_id(), format!("{}{}", public_id(), public_id()));
    let origin = format!("iv_{id}");
    let seed = crate::plugins::seed_of(&id);
    let days = ctx.settings.invite_days.max(1);
    let invite_url = format!("{}/i/{code}", ctx.base_url);
    let ask = |task: &str, options: Vec<(String, String)>| Request {
        task: task.into(),
        kind: None,
        input: about.description.clone(),
        language: language.code.into(),
        seed,
        brand: None,
        options,
        reading: crate::plugins::reading::to_wit(&about.reading),
    };
    let mut pitch_options =
        vec![("name".to_string(), about.name.clone()), ("source".to_string(), about.source.to_string())];
    pitch_options.extend(about.site.clone().map(|s| ("site".to_string(), s)));
    let pitch_ask = ask(super::KIND, pitch_options);
    let invite_ask = ask(
        SLOT,
        vec![
            ("name".into(), about.name.clone()),
            ("url".into(), invite_url.clone()),
            ("free".into(), FREE_GENERATIONS.to_string()),
            ("days".into(), days.to_string()),
        ],
    );
    let (services, base_url, key_id) = (ctx.services.clone(), ctx.base_url.clone(), ctx.caller.key_id);
    let expires_at = now + i64::from(days) * DAY_MS;
    let invite_code = code.clone();
    let work = move |hold: billing::Hold| async move {
        let (content, _) = services.plugins.generate(super::KIND, None, &pitch_ask).await.map_err(Error::from)?;
        let pitch = super::Written { from, ..super::written(content)? };
        let (note, _) = services.plugins.generate(SLOT, None, &invite_ask).await.map_err(Error::from)?;
        let message = note.blocks.iter().find(|b| b.role == "message").map(|b| b.text.clone()).unwrap_or_default();
        if !message.contains(&invite_url) {
            return Err(Error::from(crate::plugins::PluginError::InvalidOutput(
                "the invite message must contain the claim link".into(),
            )));
        }
        let who = if about.name.trim().is_empty() { subject(&about.description) } else { about.name.clone() };
        let record = Record { code: invite_code, who: who.clone(), message: message.clone(), expires_at };
        let look = super::Look { style: Style::seeded(crate::plugins::seed_of(&id)), brand: None };
        let subject = crate::illustrate::Subject::of(&about.reading);
        let page = super::Made { origin: &origin, id: &id, key_id, language, voice: None, look, hook: None, subject };
        let view = super::make(&services, page, &about, pitch, hold, &base_url, Some(&record)).await?;
        Ok((view, who, message))
    };
    let ((view, who, message), hold) = billing::pay_for(ctx, price, work).await?;
    Ok(InviteResult {
        success: true,
        invite_url: format!("{}/i/{code}", ctx.base_url),
        code,
        before_url: view.url,
        who,
        free_generations: FREE_GENERATIONS,
        message,
        expires_in_days: days,
        credit_cost: price.credits,
        credits_remaining: hold.balance_after,
    })
}

/// What a claim registers: the bot's brand profile. Only the name is required: without a
/// hashtag one is made from the name, and a ticker is only for brands that have a token.
#[derive(Debug, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct ClaimForm {
    #[schema(schema_with = crate::brands::name_schema)]
    pub name: String,
    #[serde(default)]
    #[schema(schema_with = crate::brands::voice_schema)]
    pub voice: String,
    #[serde(default)]
    #[schema(schema_with = crate::brands::hashtag_schema)]
    pub hashtag: String,
    #[serde(default)]
    #[schema(schema_with = crate::brands::token_schema)]
    pub token: String,
    /// Optional: the brand's own Telegram bot's token from BotFather, to connect it now (it can
    /// also be connected later in the dashboard).
    #[serde(default)]
    pub bot_token: Option<String>,
}

/// A claimed invite.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Claimed {
    pub success: bool,
    /// The registered brand.
    pub brand: String,
    pub bot_username: String,
    /// The brand's admin key, shown this once.
    pub api_key: String,
    pub free_generations: i64,
    /// Whether the bot whose token came with the claim is connected (`connected`), why not,
    /// or `none` when no token came.
    pub bot_status: String,
    /// A one-time dashboard sign-in link for the brand's admin (10 minutes).
    pub dashboard_url: String,
}

/// The invite behind `code`, for its page.
pub async fn get(services: &Services, code: &str) -> Result<invites::Invite, Error> {
    invites::get(&services.db, code)
        .await?
        .ok_or_else(|| Error::NotFound { message: "No invite has this code.".into() })
}

/// Why an invite cannot be claimed: claimed (409) or expired (410).
fn closed(invite: &invites::Invite) -> Error {
    if invite.claimed_at.is_some() {
        Error::Conflict { code: "invite_claimed", message: "This invite has already been claimed.".into() }
    } else {
        Error::Gone { message: "This invite has expired.".into() }
    }
}

/// A hashtag from a brand's name: its letters and digits, each word capitalised
/// (`Maria's bakery` → `#MariasBakery`), or `#` and the name's key letters when none are left.
fn hashtag_of(name: &str) -> String {
    let mut tag = String::from("#");
    for word in name.split_whitespace() {
        let mut letters = word.chars().filter(|c| c.is_alphanumeric());
        if let Some(first) = letters.next() {
            tag.extend(first.to_uppercase());
            tag.extend(letters);
        }
    }
    let tag: String = tag.chars().take(31).collect();
    if tag.chars().count() < 2 { crate::brands::derived_profile(&brand_key(name)).hashtag } else { tag }
}

/// A brand key from a name: its letters and digits, dashes between words, and a random tail so
/// two bots of one name never collide (`Maria's Bakery` → `marias-bakery-x7k2`).
fn brand_key(name: &str) -> String {
    let mut slug = String::new();
    for c in name.to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_matches('-').chars().take(20).collect::<String>().trim_matches('-').to_string();
    let tail: String = public_id().to_lowercase().chars().filter(char::is_ascii_alphanumeric).take(6).collect();
    if slug.is_empty() { format!("bot-{tail}") } else { format!("{slug}-{tail}") }
}

/// Refuses a claim by the invite's own maker: `claimant`, the key the claim presented, made it
/// or shares its account. An invite is bought for someone else; claiming it oneself would turn
/// one credit into a brand with 200 free generations.
async fn not_own(services: &Services, code: &str, claimant: Option<i64>) -> Result<(), Error> {
    let Some(key_id) = claimant else { return Ok(()) };
    if !invites::made_by(&services.db, code, key_id).await? {
        return Ok(());
    }
    Err(Error::Forbidden {
        code: "own_invite",
        message:
            "An invite is for someone else: the key that made it, or another key of its account, cannot claim it. \
                  Nothing was claimed or charged; the invite stays open for its recipient."
                .into(),
    })
}

/// Claims invite `code` once: registers the brand with its bot, grants the bot its allowance,
/// mints the brand's admin key; all or nothing. A claimed, expired or unknown code, or a claim
/// presenting the maker's key (`claimant`), changes nothing.
pub async fn claim(
    services: &Services,
    code: &str,
    form: ClaimForm,
    base_url: &str,
    claimant: Option<i64>,
) -> Result<Claimed, Error> {
    let invite = get(services, code).await?;
    not_own(services, code, claimant).await?;
    let bot_token = form.bot_token.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
    if let Some(token) = &bot_token {
        // A token Telegram refuses fails the claim before anything is claimed.
        crate::brands::bot::check(services, token).await?;
    }
    let hashtag = if form.hashtag.trim().is_empty() { hashtag_of(&form.name) } else { form.hashtag };
    let profile = BrandProfile {
        name: form.name,
        voice: form.voice,
        hashtag,
        token: form.token.trim().to_string(),
        palette: None,
    }
    .validated()
    .map_err(Error::from)?;
    let now = now_ms();
    if invite.claimed_at.is_some() || invite.expires_at <= now {
        return Err(closed(&invite));
    }
    let key = brand_key(&profile.name);
    let bot: String = format!("{}_bot", key.replace('-', "_")).chars().take(32).collect();
    let mut tx = services.db.pool().begin().await?;
    if !invites::claim_in(&mut tx, code, now).await? {
        tx.rollback().await?;
        let invite = get(services, code).await?;
        return Err(closed(&invite));
    }
    let fields = store::brands::Fields {
        name: &profile.name,
        voice: &profile.voice,
        hashtag: &profile.hashtag,
        token: &profile.token,
        bot_username: Some(&bot),
        look: None,
    };
    store::brands::insert_in(&mut tx, &key, &fields).await?;
    let admin = auth::create_key_in(&mut tx, Role::BrandAdmin, &format!("invite {code}"), Some(&key)).await?;
    // The admin is a person with a dashboard from the start: the account is made with the key.
    let account = store::accounts::insert_in(&mut tx, &profile.name).await?;
    store::accounts::adopt_in(&mut tx, account, admin.key_id).await?;
    let allowance = invites::grant_in(&mut tx, &key, i64::from(FREE_GENERATIONS), &format!("invite {code}")).await?;
    invites::set_brand_in(&mut tx, code, &key).await?;
    tx.commit().await?;
    let (bot, bot_status) = match &bot_token {
        Some(token) => match crate::brands::bot::connect(services, &key, token, base_url).await {
            Ok(connected) => (connected.username, connected.status),
            Err(e) => (bot, format!("not connected: {}", e.message_and_details().0)),
        },
        None => (bot, "none".to_string()),
    };
    let dashboard_url = crate::account::login::link(&services.db, account, base_url).await?;
    Ok(Claimed {
        success: true,
        brand: key,
        bot_username: bot,
        api_key: admin.secret,
        free_generations: allowance,
        bot_status,
        dashboard_url,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn caps_say_which_and_when_to_retry() {
        let now = 10 * DAY_MS + 3_600_000;
        let ok = invites::Counts { today: 2, open: 9, next_expiry: Some(now + 5_000) };
        assert!(capped(ok, now).is_none());
        let daily = capped(invites::Counts { today: 3, ..ok }, now).unwrap();
        assert_eq!((daily.code(), daily.retry_after_secs()), ("invite_daily_limit", Some(23 * 3600)));
        let open = capped(invites::Counts { open: 10, ..ok }, now).unwrap();
        assert_eq!((open.code(), open.retry_after_secs()), ("invite_open_limit", Some(5)));
        assert!(json!(brand_key("Maria's Bakery")).as_str().unwrap().starts_with("maria-s-bakery-"));
        assert!(brand_key("日本").starts_with("bot-"));
        assert_eq!(subject("Maria, a baker in Porto. She posts daily."), "Maria, a baker in Porto");
        assert_eq!(hashtag_of("Maria's  bakery"), "#MariasBakery");
        assert_eq!(hashtag_of("Café Olé"), "#CaféOlé");
        assert!(hashtag_of("!!").starts_with("#BOT"), "{}", hashtag_of("!!"));
    }
}
