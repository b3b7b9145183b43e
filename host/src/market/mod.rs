//! The agent marketplace: a key makes a page and lists it for sale in credits
//! (`POST /api/agent/request`), other keys browse previews (`GET /api/agent/listings`: the first
//! beat and its picture, never the page), buy (credits move from buyer to seller, less the
//! platform's fee, in one transaction with a ledger row on each side; once per buyer and
//! listing) and read the whole page; sellers delist. The queries are in `store::market`.
//!
//! A listed page is reached only through its id, which the marketplace shows to its seller
//! and its buyers alone: pages are capability URLs here as everywhere in the service.

pub mod cursor;
pub mod routes;

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::Object;
use utoipa::{IntoParams, ToSchema};

use crate::billing::credits::{self, CreditError};
use crate::catalog::{self, LISTING_PRICE_MAX, LISTING_PRICE_MIN, LISTING_TITLE_CHARS, PAGE_KINDS};
use crate::ctx::Ctx;
use crate::dates::iso8601;
use crate::engine::{self, PageView};
use crate::error::Error;
use crate::generate::{self, GenerateRequest, Made};
use crate::languages;
use crate::rules::{self, BRAND_KEY, Range, Text};
use crate::store::market::{self as listings, Filter, Listing, NewListing, Order, Sale};
use crate::store::{now_ms, public_id};

/// A listing's title.
pub static TITLE: Text = Text::new(1, LISTING_TITLE_CHARS, Some(rules::NOT_BLANK), ", not blank");
/// A listing's price, in credits.
pub const PRICE: Range = Range { min: LISTING_PRICE_MIN as i64, max: LISTING_PRICE_MAX as i64 };
/// Listings on one marketplace page: the default and the most.
const PAGE_DEFAULT: i64 = 20;
const PAGE_MOST: i64 = 50;
/// How many of its listings and purchases `GET /api/agent/me` shows, newest first.
pub const ME_MOST: i64 = 100;
/// A listing without a page or a job this long after it was made lost its work to a crash.
const ABANDONED_MS: i64 = 10 * 60 * 1000;

/// Body of `POST /api/agent/request`: a page as `POST /api/agent/generate` makes it, with the
/// listing's title and price.
#[derive(Debug, Default, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct ListingRequest {
    /// `pitch`, `slideshow` or `audioscript`.
    #[schema(schema_with = generate::kind_schema, required = true)]
    pub kind: Option<String>,
    /// What the page is made from (see `POST /api/agent/generate`).
    #[schema(schema_with = generate::input_schema, required = true)]
    pub input: Option<String>,
    #[schema(schema_with = languages::schema)]
    pub language: Option<String>,
    /// A registered brand whose look the page takes.
    #[schema(schema_with = generate::brand_schema)]
    pub brand: Option<String>,
    /// The listing's title (and the page's, for slideshows and audioscripts).
    #[schema(schema_with = title_schema, required = true)]
    pub title: Option<String>,
    /// What a buyer pays, in credits.
    #[schema(schema_with = price_schema, required = true)]
    pub price: Option<i64>,
}

fn title_schema() -> Object {
    TITLE.schema("The listing's title")
}

fn price_schema() -> Object {
    PRICE.schema("What a buyer pays, in credits; the seller gets it less the platform's 20% fee (rounded down)")
}

/// The free preview of a listing: the first beat and its picture.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Preview {
    /// The first beat's picture.
    pub image_url: String,
    /// The first beat's caption and when it is said.
    pub first_beat: Option<PreviewBeat>,
    /// How many beats the page has.
    pub beats: usize,
    pub duration_ms: i64,
}

/// A beat shown in a preview.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewBeat {
    pub text: String,
    pub start: u64,
    pub end: u64,
}

/// A listing as a browsing key sees it: what it is, its price, its preview; never the page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingView {
    pub id: String,
    pub title: String,
    pub kind: String,
    pub language: String,
    pub brand: Option<String>,
    /// Credits a buyer pays.
    pub price: i64,
    pub sales: i64,
    /// When it appeared in the marketplace.
    pub listed_at: String,
    pub preview: Preview,
    /// True for the caller's own listing (it cannot buy it).
    pub own: bool,
    /// True when the caller bought it (buying again answers that purchase).
    pub purchased: bool,
}

/// Where a seller's listing is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ListingStatus {
    /// Its page is being made (an audioscript job).
    Pending,
    /// In the marketplace.
    Listed,
    /// Its page could not be made (nothing was charged).
    Failed,
    /// Taken off the marketplace by its seller.
    Delisted,
}

/// A listing as its seller sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnListing {
    pub id: String,
    pub title: String,
    pub kind: String,
    pub language: String,
    pub brand: Option<String>,
    pub price: i64,
    pub status: ListingStatus,
    pub sales: i64,
    /// Credits its sales paid the seller, after the platform's fee.
    pub earned: i64,
    pub created_at: String,
    /// The job making its page (an audioscript's status route reads it).
    pub job_id: String,
    /// The page, once made.
    pub page_url: Option<String>,
}

/// A purchase as its buyer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseView {
    pub id: String,
    pub listing_id: String,
    pub title: String,
    pub kind: String,
    pub language: String,
    /// Credits paid.
    pub price: i64,
    pub bought_at: String,
    /// The page bought (`POST /api/agent/mp4` renders it).
    pub page_url: Option<String>,
}

/// A job making a listed page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobRef {
    pub job_id: String,
    /// `queued`.
    pub status: String,
    /// Poll this (free) for the page.
    pub status_url: String,
}

/// Answer of `POST /api/agent/request`: 200 with the page, or 202 with the job making it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Requested {
    pub success: bool,
    pub listing: OwnListing,
    /// The page (pitch, slideshow); only its seller and buyers get it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<PageView>,
    /// The job making the page (audioscript); the listing appears once it succeeds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<JobRef>,
    pub credit_cost: i64,
    pub credits_remaining: i64,
}

/// Answer of a buy: the purchase and the whole page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ListingBought)]
pub struct Bought {
    pub success: bool,
    pub purchase: PurchaseView,
    pub page: PageView,
    /// True when this key had bought the listing before: nothing was charged now.
    pub repeated: bool,
    pub credit_cost: i64,
    pub credits_remaining: i64,
}

/// A marketplace page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Listings {
    pub success: bool,
    pub listings: Vec<ListingView>,
    /// Pass as `cursor` (with the same filters) for the next page; null on the last.
    pub next_cursor: Option<String>,
}

/// One listing.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListingOne {
    pub success: bool,
    pub listing: ListingView,
}

/// A delisting's answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct Delisted {
    pub success: bool,
    pub listing: OwnListing,
}

/// Query of `GET /api/agent/listings`.
#[derive(Debug, Default, Deserialize, IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub struct BrowseQuery {
    /// `newest` (default) or `popular` (most sales first, counted when the first page was read).
    #[param(schema_with = sort_schema)]
    pub sort: Option<String>,
    /// Only this kind of page.
    #[param(schema_with = generate::kind_schema)]
    pub kind: Option<String>,
    /// Only pages in this language (code, English or native name).
    #[param(schema_with = languages::schema)]
    pub language: Option<String>,
    /// Only pages of this registered brand.
    #[param(schema_with = brand_filter_schema)]
    pub brand: Option<String>,
    /// How many listings, 1–50 (default 20).
    #[param(schema_with = limit_schema)]
    pub limit: Option<i64>,
    /// The previous page's `nextCursor`; the walk keeps its order.
    #[param(schema_with = cursor_schema)]
    pub cursor: Option<String>,
}

/// Listings on one page.
const LIMIT: Range = Range { min: 1, max: PAGE_MOST };

fn sort_schema() -> Object {
    rules::one_of(["newest", "popular"], "The order: newest listed first, or most sales first")
}

fn brand_filter_schema() -> Object {
    BRAND_KEY.schema("Only pages of this registered brand")
}

fn limit_schema() -> Object {
    LIMIT.schema("How many listings (default 20)")
}

fn cursor_schema() -> Object {
    cursor::CURSOR.schema("A previous page's `nextCursor`, unchanged")
}

fn missing_listing() -> Error {
    Error::NotFound { message: "No such listing.".into() }
}

/// A listing id as sent: the alphabet and length of public ids, else no such listing.
fn checked_id(id: &str) -> Result<&str, Error> {
    let ok = (8..=40).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric());
    if ok { Ok(id) } else { Err(missing_listing()) }
}

fn status(listing: &Listing, now: i64) -> ListingStatus {
    match (&listing.delisted_at, &listing.page, listing.job_state.as_deref()) {
        (Some(_), _, _) => ListingStatus::Delisted,
        (None, Some(_), _) => ListingStatus::Listed,
        (None, None, Some("failed")) => ListingStatus::Failed,
        (None, None, None) if now - listing.created_at > ABANDONED_MS => ListingStatus::Failed,
        _ => ListingStatus::Pending,
    }
}

fn page_url(ctx: &Ctx, listing: &Listing) -> Option<String> {
    listing.page.as_ref().map(|p| format!("{}/m/{}", ctx.base_url, p.id))
}

fn own_view(ctx: &Ctx, listing: &Listing) -> OwnListing {
    OwnListing {
        id: listing.id.clone(),
        title: listing.title.clone(),
        kind: listing.kind.clone(),
        language: listing.language.clone(),
        brand: listing.brand.clone(),
        price: listing.price,
        status: status(listing, now_ms()),
        sales: listing.sales,
        earned: listing.earned,
        created_at: iso8601(listing.created_at),
        job_id: listing.job_id.clone(),
        page_url: page_url(ctx, listing),
    }
}

fn purchase_view(ctx: &Ctx, sale: &Sale, listing: &Listing) -> PurchaseView {
    PurchaseView {
        id: sale.id.clone(),
        listing_id: listing.id.clone(),
        title: listing.title.clone(),
        kind: listing.kind.clone(),
        language: listing.language.clone(),
        price: sale.price,
        bought_at: iso8601(sale.created_at),
        page_url: page_url(ctx, listing),
    }
}

/// A listed listing as `ctx`'s caller sees it (`purchased`: whether they bought it).
fn public_view(ctx: &Ctx, listing: Listing, purchased: bool) -> Option<ListingView> {
    let page = listing.page?;
    Some(ListingView {
        preview: Preview {
            image_url: format!("{}/l/{}/preview.png", ctx.base_url, listing.id),
            first_beat: page.first_beat.map(|b| PreviewBeat { text: b.text, start: b.start, end: b.end }),
            beats: page.beats,
            duration_ms: page.duration_ms,
        },
        own: listing.seller_key_id == ctx.caller.key_id,
        listed_at: iso8601(page.listed_at),
        id: listing.id,
        title: listing.title,
        kind: listing.kind,
        language: listing.language,
        brand: listing.brand,
        price: listing.price,
        sales: listing.sales,
        purchased,
    })
}

/// A listing request's own fields checked (its title and price), and the page it asks for.
fn listed(body: ListingRequest) -> Result<(String, i64, GenerateRequest), Error> {
    let title = body.title.unwrap_or_default();
    if TITLE.too_long(&title) {
        return Err(Error::bad_request("title_too_long", format!("`title` must be {}.", TITLE.explain())));
    }
    if !TITLE.check(&title) {
        return Err(Error::bad_request("missing_title", "`title` is required: what buyers see the listing as."));
    }
    let price = body.price.ok_or_else(|| {
        Error::bad_request("missing_price", format!("`price` is required: credits, {}.", PRICE.explain()))
    })?;
    if !PRICE.check(price) {
        return Err(Error::bad_request("invalid_price", format!("`price` must be {} credits.", PRICE.explain())));
    }
    let title = title.trim().to_string();
    let page = GenerateRequest {
        kind: body.kind,
        input: body.input,
        language: body.language,
        brand: body.brand,
        title: Some(title.clone()),
    };
    Ok((title, price, page))
}

/// What making the page a listing asks for would cost its seller, refused as [`request`]
/// refuses its body; nothing is listed, made or paid.
pub async fn quote(ctx: &Ctx, body: ListingRequest) -> Result<crate::money::Price, Error> {
    let (_, _, page) = listed(body)?;
    let checked = generate::check(ctx, page).await?;
    generate::quote(ctx, &checked, "request").await
}

/// Makes a page and lists it: the listing is written first (not shown until its page exists),
/// so the page is never without it; if the page cannot be made, the listing goes.
pub async fn request(ctx: &Ctx, body: ListingRequest) -> Result<(Requested, bool), Error> {
    let (title, price, page) = listed(body)?;
    let checked = generate::check(ctx, page).await?;
    let (id, listing_id) = (public_id(), public_id());
    let job_id = generate::job_of(checked.kind, &id);
    let kind = checked.kind;
    listings::insert(
        &ctx.db,
        &NewListing {
            id: &listing_id,
            seller_key_id: ctx.caller.key_id,
            job_id: &job_id,
            kind: kind.kind,
            language: checked.language.code,
            brand: checked.brand.as_ref().map(|b| b.key.as_str()),
            title: &title,
            price,
        },
    )
    .await?;
    let made = match generate::make(ctx, checked, &id, "request").await {
        Ok(made) => made,
        Err(e) => {
            if let Err(gone) = listings::remove_unmade(&ctx.db, &listing_id).await {
                tracing::warn!(listing = %listing_id, error = %gone, "an unmade listing stays (shown failed)");
            }
            return Err(e);
        }
    };
    let listing = listings::get(&ctx.db, &listing_id).await?.ok_or_else(missing_listing)?;
    let listing = own_view(ctx, &listing);
    Ok(match made {
        Made::Page { page, hold } => (
            Requested {
                success: true,
                listing,
                page: Some(*page),
                job: None,
                credit_cost: kind.credits.into(),
                credits_remaining: hold.balance_after,
            },
            false,
        ),
        Made::Job(accepted) => (
            Requested {
                success: true,
                listing,
                page: None,
                job: Some(JobRef { job_id: accepted.job_id, status: accepted.status, status_url: accepted.status_url }),
                credit_cost: accepted.credit_cost,
                credits_remaining: accepted.credits_remaining,
            },
            true,
        ),
    })
}

/// A page of the marketplace.
pub async fn browse(ctx: &Ctx, query: BrowseQuery) -> Result<Listings, Error> {
    let sorted = match query.sort.as_deref() {
        None | Some("newest") => Order::Newest,
        Some("popular") => Order::Popular,
        Some(_) => return Err(Error::bad_request("invalid_sort", "`sort` must be `newest` or `popular`.")),
    };
    let limit = query.limit.unwrap_or(PAGE_DEFAULT);
    if !LIMIT.check(limit) {
        return Err(Error::bad_request("invalid_limit", format!("`limit` must be from 1 to {PAGE_MOST}.")));
    }
    if let Some(kind) = query.kind.as_deref().filter(|k| catalog::page_kind(k).is_none()) {
        let kinds: Vec<&str> = PAGE_KINDS.iter().map(|k| k.kind).collect();
        return Err(Error::bad_request(
            "unsupported_kind",
            format!("No page kind {kind:?}; use one of: {}.", kinds.join(", ")),
        ));
    }
    let language = match query.language.as_deref() {
        Some(name) => Some(languages::resolve(Some(name))?.code),
        None => None,
    };
    if let Some(brand) = &query.brand {
        crate::brands::check_key("brand", brand)?;
    }
    // A walk keeps the order it began in: the cursor's.
    let (order, position) = match query.cursor.as_deref() {
        Some(text) => cursor::decode(text)?,
        None => (sorted, listings::Position { as_of: now_ms(), after: None }),
    };
    let filter = Filter { kind: query.kind.as_deref(), language, brand: query.brand.as_deref() };
    let rows = listings::browse(&ctx.db, &filter, order, &position, ctx.caller.key_id, limit + 1).await?;
    let more = rows.len() as i64 > limit;
    let rows: Vec<_> = rows.into_iter().take(limit as usize).collect();
    let next_cursor = match rows.last() {
        Some(last) if more => {
            let listed_at = last.listing.page.as_ref().map_or(0, |p| p.listed_at);
            let after = Some((last.sold, listed_at, last.listing.id.clone()));
            Some(cursor::encode(&listings::Position { as_of: position.as_of, after }, order))
        }
        _ => None,
    };
    let listings = rows.into_iter().filter_map(|row| public_view(ctx, row.listing, row.bought)).collect();
    Ok(Listings { success: true, listings, next_cursor })
}

/// One listed listing.
pub async fn get(ctx: &Ctx, id: &str) -> Result<ListingOne, Error> {
    let listing = listings::get(&ctx.db, checked_id(id)?).await?.filter(|l| l.delisted_at.is_none());
    let listing = listing.ok_or_else(missing_listing)?;
    let purchased = listings::purchase(&ctx.db, id, ctx.caller.key_id).await?.is_some();
    let listing = public_view(ctx, listing, purchased).ok_or_else(missing_listing)?;
    Ok(ListingOne { success: true, listing })
}

/// Buys a listing for the caller, once: the sale is counted on the listing (its row lock
/// first, so buys of one listing queue), recorded under the unique (listing, buyer) pair, the
/// buyer charged and the seller paid, in one transaction. A repeat answers the purchase made
/// before and charges nothing.
pub async fn buy(ctx: &Ctx, id: &str) -> Result<Bought, Error> {
    let id = checked_id(id)?;
    let buyer = ctx.caller.key_id;
    let mut tx = ctx.db.pool().begin().await?;
    let Some((seller, price)) = listings::count_sale_in(&mut tx, id, buyer).await? else {
        tx.rollback().await?;
        return not_sold(ctx, id).await;
    };
    let fee = catalog::market_fee(price);
    let sale =
        Sale { id: public_id(), listing_id: id.to_string(), buyer_key_id: buyer, price, fee, created_at: now_ms() };
    if !listings::insert_sale_in(&mut tx, &sale).await? {
        tx.rollback().await?;
        return not_sold(ctx, id).await;
    }
    // Both keys' rows are locked in id order, so two crossing buys cannot deadlock.
    let earned = price - fee;
    if seller < buyer {
        credits::grant_paid_in(&mut tx, seller, earned, "marketplace sale", Some(&sale.id)).await?;
    }
    let charge = match credits::charge_in(&mut tx, buyer, price, "marketplace purchase", &sale.id).await {
        Ok(charge) => charge,
        Err(CreditError::Insufficient { needed, .. }) => {
            tx.rollback().await?;
            let balance = credits::balance(&ctx.db, buyer).await?;
            return Err(Error::InsufficientCredits { needed, balance, price: None });
        }
        Err(CreditError::Db(e)) => return Err(e.into()),
    };
    if seller > buyer {
        credits::grant_paid_in(&mut tx, seller, earned, "marketplace sale", Some(&sale.id)).await?;
    }
    tx.commit().await?;
    let (sale, listing) = listings::purchase(&ctx.db, id, buyer).await?.ok_or_else(missing_listing)?;
    bought(ctx, &sale, &listing, false, price, charge.balance_after).await
}

/// Why a listing was not sold to the caller: bought before (answered again, free), not there,
/// their own, or delisted.
async fn not_sold(ctx: &Ctx, id: &str) -> Result<Bought, Error> {
    let buyer = ctx.caller.key_id;
    if let Some((sale, listing)) = listings::purchase(&ctx.db, id, buyer).await? {
        let balance = credits::balance(&ctx.db, buyer).await?;
        return bought(ctx, &sale, &listing, true, 0, balance).await;
    }
    let listing = listings::get(&ctx.db, id).await?.filter(|l| l.page.is_some()).ok_or_else(missing_listing)?;
    if listing.seller_key_id == buyer {
        return Err(Error::Forbidden { code: "own_listing", message: "A seller cannot buy their own listing.".into() });
    }
    if listing.delisted_at.is_some() {
        return Err(Error::Conflict {
            code: "listing_delisted",
            message: "The seller took this listing off the marketplace.".into(),
        });
    }
    Err(Error::internal(format!("listing {id} could not be sold for no known reason")))
}

async fn bought(
    ctx: &Ctx,
    sale: &Sale,
    listing: &Listing,
    repeated: bool,
    credit_cost: i64,
    credits_remaining: i64,
) -> Result<Bought, Error> {
    let page_id = listing.page.as_ref().map(|p| p.id.as_str()).ok_or_else(missing_listing)?;
    let page = engine::get(ctx, page_id).await?.ok_or_else(missing_listing)?;
    Ok(Bought {
        success: true,
        purchase: purchase_view(ctx, sale, listing),
        page: engine::view(&page, &ctx.base_url),
        repeated,
        credit_cost,
        credits_remaining,
    })
}

/// Takes a listing off the marketplace; its buyers keep their pages. Only its seller may; a
/// second delisting answers the first.
pub async fn delist(ctx: &Ctx, id: &str) -> Result<Delisted, Error> {
    let id = checked_id(id)?;
    let listing = listings::get(&ctx.db, id).await?.ok_or_else(missing_listing)?;
    if listing.seller_key_id != ctx.caller.key_id {
        return Err(Error::Forbidden {
            code: "not_your_listing",
            message: "Only its seller can delist a listing.".into(),
        });
    }
    listings::delist(&ctx.db, id, ctx.caller.key_id).await?;
    let listing = listings::get(&ctx.db, id).await?.ok_or_else(missing_listing)?;
    Ok(Delisted { success: true, listing: own_view(ctx, &listing) })
}

/// The caller's listings (with their sales) and purchases, newest first, for `GET /api/agent/me`.
pub async fn mine(ctx: &Ctx) -> Result<(Vec<OwnListing>, Vec<PurchaseView>), Error> {
    let key = ctx.caller.key_id;
    let own = listings::of_seller(&ctx.db, key, ME_MOST).await?;
    let bought = listings::purchases_of(&ctx.db, key, ME_MOST).await?;
    Ok((
        own.iter().map(|l| own_view(ctx, l)).collect(),
        bought.iter().map(|(sale, listing)| purchase_view(ctx, sale, listing)).collect(),
    ))
}

/// The preview picture of a listed listing: its first beat's (public, like the listing).
pub async fn preview(services: &crate::ctx::Services, id: &str) -> Result<Vec<u8>, Error> {
    let listing = listings::get(&services.db, checked_id(id)?).await?.filter(|l| l.delisted_at.is_none());
    let page = listing.and_then(|l| l.page).ok_or_else(missing_listing)?;
    engine::frame(services, &page.id, 1).await?.ok_or_else(missing_listing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_ids_are_checked_before_any_query() {
        assert!(checked_id("abcDEF234567").is_ok());
        for bad in ["", "short", "has space in it", "../../etc/passwd", "x'; DROP TABLE listings; --", &"a".repeat(41)]
        {
            assert!(checked_id(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_listing_reads_pending_until_its_page_is_made_or_its_work_is_lost() {
        let listing = |page: bool, job: Option<&str>, delisted: bool| Listing {
            id: "l".into(),
            seller_key_id: 1,
            job_id: "j".into(),
            kind: "slideshow".into(),
            language: "en".into(),
            brand: None,
            title: "t".into(),
            price: 5,
            sales: 0,
            earned: 0,
            created_at: 0,
            delisted_at: delisted.then_some(1),
            page: page.then(|| listings::ListedPage {
                id: "p".into(),
                listed_at: 1,
                first_beat: None,
                beats: 1,
                duration_ms: 1,
            }),
            job_state: job.map(str::to_string),
        };
        assert_eq!(status(&listing(false, Some("queued"), false), ABANDONED_MS * 2), ListingStatus::Pending);
        assert_eq!(status(&listing(false, None, false), 1), ListingStatus::Pending);
        assert_eq!(status(&listing(false, None, false), ABANDONED_MS * 2), ListingStatus::Failed);
        assert_eq!(status(&listing(false, Some("failed"), false), 1), ListingStatus::Failed);
        assert_eq!(status(&listing(true, Some("succeeded"), false), 1), ListingStatus::Listed);
        assert_eq!(status(&listing(true, Some("succeeded"), true), 1), ListingStatus::Delisted);
    }
}
