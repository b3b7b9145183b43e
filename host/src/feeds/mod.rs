//! Public feeds of what agents made: the latest memes (newest first, cursor-paginated) and
//! today's leaderboard, for everyone and per brand. No key needed; limited per client address.
//!
//! Operators curate the hall of fame (`featured`) and the contests; the open contest is the
//! latest-starting one whose window contains now.
//!
//! The leaderboard ranks creators by memes made today (UTC), ties broken by who reached the
//! count first. Creators appear under a stable pseudonym derived from their key's public
//! prefix, never the prefix or label itself.

pub mod page;
pub mod routes;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::openapi::schema::{Array, ArrayBuilder, Object};
use utoipa::{IntoParams, PartialSchema, ToSchema};

use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::rules::{self, Range, Text};
use crate::store::{feeds, now_ms};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// One meme in a feed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedItem {
    pub id: String,
    pub url: String,
    pub kind: String,
    pub language: String,
    pub title: String,
    /// The registered brand's key, or null.
    pub brand: Option<String>,
    pub brand_name: String,
    /// Unix milliseconds.
    pub created_at: i64,
}

/// A page of the recent feed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentPage {
    pub success: bool,
    pub items: Vec<FeedItem>,
    /// Pass as `cursor` for the next (older) page; null on the last page.
    pub next_cursor: Option<String>,
}

/// Items per page of the recent feeds.
pub const PAGE_ITEMS: Range = Range { min: 1, max: 50 };
/// A page's `nextCursor`: `<created_at>.<id>` of its last item (a time in Unix ms that fits an
/// `i64`, a meme id).
pub static CURSOR: Text =
    Text::new(0, u64::MAX, Some(r"^[0-9]{1,18}\.[A-Za-z0-9]{1,32}$"), ": the `nextCursor` of a previous page");
/// A featured meme's note.
pub static NOTE: Text = Text::new(0, 280, None, "");
/// A contest's title and rules.
pub static CONTEST_TITLE: Text = Text::new(1, 120, Some(rules::NOT_BLANK), ", not blank");
pub static CONTEST_RULES: Text = Text::new(0, 4000, None, "");
/// Rewards of one contest, and their ranks.
pub const MAX_REWARDS: usize = 100;
pub const RANK: Range = Range { min: 1, max: u32::MAX as i64 };

/// Paging of the recent feed.
#[derive(Debug, Default, Deserialize, IntoParams, schemars::JsonSchema)]
#[into_params(parameter_in = Query)]
pub struct RecentQuery {
    #[param(schema_with = cursor_schema)]
    pub cursor: Option<String>,
    #[param(schema_with = limit_schema)]
    pub limit: Option<i64>,
}

fn cursor_schema() -> Object {
    CURSOR.schema("From a previous page's `nextCursor`")
}

fn limit_schema() -> Object {
    PAGE_ITEMS.schema("Items per page (default 20)")
}

/// A cursor is `<created_at>.<id>` of the last item shown.
fn parse_cursor(cursor: Option<&str>) -> Result<(i64, String), Error> {
    let Some(cursor) = cursor else { return Ok((i64::MAX, String::new())) };
    let bad = || Error::bad_request("invalid_cursor", "`cursor` must come from a previous page's `nextCursor`.");
    let (at, id) = cursor.split_once('.').filter(|_| CURSOR.check(cursor)).ok_or_else(bad)?;
    Ok((at.parse::<i64>().map_err(|_| bad())?, id.to_string()))
}

/// A feed item from a stored meme; its page is under `base`.
fn item_of(meme: feeds::Meme, base: &str) -> FeedItem {
    FeedItem {
        url: format!("{base}/memes/{}", meme.id),
        id: meme.id,
        kind: meme.kind,
        language: meme.language,
        title: meme.title,
        brand: meme.brand_key,
        brand_name: meme.brand_name,
        created_at: meme.created_at,
    }
}

pub async fn recent(
    state: &Services,
    base: &str,
    brand: Option<&str>,
    query: RecentQuery,
) -> Result<RecentPage, Error> {
    let limit = query.limit.unwrap_or(20);
    if !PAGE_ITEMS.check(limit) {
        return Err(Error::bad_request("invalid_limit", format!("`limit` must be {}.", PAGE_ITEMS.explain())));
    }
    let (before_at, before_id) = parse_cursor(query.cursor.as_deref())?;
    // One more than a page, to know whether there is a next one.
    let memes = feeds::recent(&state.db, before_at, &before_id, limit + 1, brand).await?;
    let mut items: Vec<FeedItem> = memes.into_iter().map(|m| item_of(m, base)).collect();
    let next_cursor = if items.len() as i64 > limit {
        items.truncate(limit as usize);
        items.last().map(|last| format!("{}.{}", last.created_at, last.id))
    } else {
        None
    };
    Ok(RecentPage { success: true, items, next_cursor })
}

/// A creator on the leaderboard.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Leader {
    pub rank: i64,
    /// Stable pseudonym of the creating key.
    pub creator: String,
    pub memes: i64,
}

/// Today's leaderboard.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Leaderboard {
    pub success: bool,
    /// The UTC day, as Unix milliseconds of its start.
    pub day_start: i64,
    pub leaders: Vec<Leader>,
}

fn pseudonym(prefix: &str) -> String {
    format!("agent-{}", &hex::encode(Sha256::digest(prefix.as_bytes()))[..8])
}

pub async fn leaderboard(state: &Services, brand: Option<&str>) -> Result<Leaderboard, Error> {
    let day_start = now_ms() / DAY_MS * DAY_MS;
    let leaders = feeds::creators(&state.db, day_start, brand)
        .await?
        .into_iter()
        .zip(1..)
        .map(|(c, rank)| Leader { rank, creator: pseudonym(&c.prefix), memes: c.memes })
        .collect();
    Ok(Leaderboard { success: true, day_start, leaders })
}

pub async fn known_brand(state: &Services, key: &str) -> Result<(), Error> {
    crate::brands::get(&state.db, key).await?.map(|_| ()).ok_or(Error::NotFound { message: "No such brand.".into() })
}

/// The hall of fame, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct Featured {
    pub success: bool,
    pub items: Vec<FeaturedItem>,
}

/// A featured meme.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeaturedItem {
    #[serde(flatten)]
    pub meme: FeedItem,
    /// Why it was featured.
    pub note: String,
    pub featured_at: i64,
}

pub async fn featured(state: &Services, base: &str, brand: Option<&str>) -> Result<Featured, Error> {
    let items = feeds::featured(&state.db, brand)
        .await?
        .into_iter()
        .map(|f| FeaturedItem { meme: item_of(f.meme, base), note: f.note, featured_at: f.featured_at })
        .collect();
    Ok(Featured { success: true, items })
}

/// Body of featuring a meme.
#[derive(Debug, Deserialize, ToSchema, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeatureRequest {
    /// The meme's id (an unknown one answers 404).
    pub meme_id: String,
    #[serde(default)]
    #[schema(schema_with = note_schema)]
    pub note: String,
}

fn note_schema() -> Object {
    NOTE.schema("Why it is featured")
}

/// One reward of a contest.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq, schemars::JsonSchema)]
pub struct Reward {
    #[schema(schema_with = rank_schema)]
    pub rank: u32,
    /// What it wins, e.g. `100 credits`.
    pub reward: String,
}

fn rank_schema() -> Object {
    RANK.schema("Leaderboard rank")
}

/// A contest as operators define it and agents see it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Contest {
    #[schema(schema_with = title_schema)]
    pub title: String,
    #[schema(schema_with = rules_schema)]
    pub rules: String,
    /// Unix milliseconds.
    pub starts_at: i64,
    /// Unix milliseconds; after `startsAt`.
    pub ends_at: i64,
    #[schema(schema_with = rewards_schema)]
    pub rewards: Vec<Reward>,
}

fn title_schema() -> Object {
    CONTEST_TITLE.schema("The contest's title")
}

fn rules_schema() -> Object {
    CONTEST_RULES.schema("How to take part")
}

fn rewards_schema() -> Array {
    ArrayBuilder::new()
        .items(Reward::schema())
        .max_items(Some(MAX_REWARDS))
        .description(Some(format!("The reward schedule, one reward per rank (ranks differ); at most {MAX_REWARDS}.")))
        .build()
}

/// Body of the open contest.
#[derive(Debug, Serialize, ToSchema)]
pub struct OpenContest {
    pub success: bool,
    /// The open contest, or null when none is running.
    pub contest: Option<Contest>,
}

/// Features a meme in the hall of fame (operators; featuring again updates the note).
pub async fn feature(ctx: &Ctx, body: FeatureRequest) -> Result<Featured, Error> {
    ctx.caller.require_operator("Only operators curate the feeds.")?;
    if !NOTE.check(&body.note) {
        return Err(Error::bad_request("invalid_note", format!("`note` must be {}.", NOTE.explain())));
    }
    crate::memes::get(ctx, &body.meme_id).await?.ok_or(Error::NotFound { message: "No such meme.".into() })?;
    feeds::feature(&ctx.db, &body.meme_id, &body.note).await?;
    featured(ctx, &ctx.base_url, None).await
}

/// The open contest, if one is running.
pub async fn open_contest(services: &Services) -> Result<OpenContest, Error> {
    let contest = feeds::open_contest(&services.db, now_ms()).await?.map(|c| Contest {
        title: c.title,
        rules: c.rules,
        starts_at: c.starts_at,
        ends_at: c.ends_at,
        rewards: c.rewards,
    });
    Ok(OpenContest { success: true, contest })
}

/// Schedules a contest (operators).
pub async fn create_contest(ctx: &Ctx, body: Contest) -> Result<OpenContest, Error> {
    ctx.caller.require_operator("Only operators curate the feeds.")?;
    let invalid = |message: String| Err(Error::bad_request("invalid_contest", message));
    if !CONTEST_TITLE.check(&body.title) || !CONTEST_RULES.check(&body.rules) {
        return invalid(format!(
            "`title` must be {} and `rules` {}.",
            CONTEST_TITLE.explain(),
            CONTEST_RULES.explain()
        ));
    }
    if body.ends_at <= body.starts_at {
        return invalid("`endsAt` must be after `startsAt`.".into());
    }
    let mut ranks: Vec<u32> = body.rewards.iter().map(|r| r.rank).collect();
    ranks.sort_unstable();
    ranks.dedup();
    if ranks.len() != body.rewards.len() || !ranks.iter().all(|&r| RANK.check(r.into())) || ranks.len() > MAX_REWARDS {
        return invalid(format!("Rewards need distinct ranks {} (at most {MAX_REWARDS}).", RANK.explain()));
    }
    let contest = feeds::NewContest {
        title: body.title.trim(),
        rules: &body.rules,
        starts_at: body.starts_at,
        ends_at: body.ends_at,
        rewards: &body.rewards,
    };
    feeds::insert_contest(&ctx.db, &contest).await?;
    Ok(OpenContest { success: true, contest: Some(body) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_refused() {
        assert_eq!(parse_cursor(Some("1700000000000.abcDEF23")).unwrap(), (1_700_000_000_000, "abcDEF23".to_string()));
        assert_eq!(parse_cursor(None).unwrap().0, i64::MAX);
        for bad in ["", "x.y", "12", "12.", "12.a'b", "12.a b"] {
            assert!(parse_cursor(Some(bad)).is_err(), "{bad}");
        }
        assert_ne!(pseudonym("ak_aaaaaaaa"), pseudonym("ak_aaaaaaab"));
        assert!(!pseudonym("ak_aaaaaaaa").contains("ak_"));
    }
}
