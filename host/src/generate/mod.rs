//! Pages from prepaid credits (`POST /api/agent/generate`): one request for every kind of engine
//! page — a pitch, a slideshow, an audioscript — checked in full before anything is charged,
//! then made by the kind's own operation at the kind's catalog price (`catalog::PAGE_KINDS`).
//! Pitches and slideshows answer the page (200); an audioscript is a job (202). The marketplace
//! (`market`) makes its pages through the same [`make`].

pub mod routes;
pub mod slideshow;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;

use crate::audioscript::{self, AudioscriptRequest};
use crate::billing;
use crate::brands::{self, Brand};
use crate::catalog::{self, PAGE_INPUT_CHARS, PAGE_KINDS, PageKind, TITLE_CHARS};
use crate::ctx::Ctx;
use crate::engine::{self, PageView};
use crate::error::Error;
use crate::jobs::Accepted;
use crate::languages::{self, Language};
use crate::pitch::{self, PitchRequest};
use crate::rules::{self, BRAND_KEY, Text};

/// A page's `input`.
pub static INPUT: Text = Text::new(1, PAGE_INPUT_CHARS, Some(rules::NOT_BLANK), ", not blank");
/// A page's `title`; a blank one is as good as none.
pub static TITLE: Text = Text::new(0, TITLE_CHARS, None, "");

/// Body of `POST /api/agent/generate`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct GenerateRequest {
    /// `pitch`, `slideshow` or `audioscript` (see `GET /api/agent/services`).
    #[schema(schema_with = kind_schema, required = true)]
    pub kind: Option<String>,
    /// What the page is made from: for a pitch, a sentence or website about the person; for a
    /// slideshow, the idea (its later sentences become its points); for an audioscript, the
    /// script, spoken verbatim (under 150 words).
    #[schema(schema_with = input_schema, required = true)]
    pub input: Option<String>,
    /// Code, English or native name; English when absent.
    #[schema(schema_with = languages::schema)]
    pub language: Option<String>,
    /// A registered brand whose look the page and its video take.
    #[schema(schema_with = brand_schema)]
    pub brand: Option<String>,
    /// The page's title (slideshows and audioscripts; a pitch is titled by its writer).
    #[schema(schema_with = title_schema)]
    pub title: Option<String>,
}

pub(crate) fn kind_schema() -> Object {
    rules::one_of(PAGE_KINDS.iter().map(|k| k.kind), "The kind of page")
}

pub(crate) fn input_schema() -> Object {
    INPUT.schema(
        "What the page is made from (a pitch: about the person; a slideshow: the idea; an audioscript: the script)",
    )
}

pub(crate) fn brand_schema() -> Object {
    BRAND_KEY.nullable("A registered brand whose look the page takes")
}

fn title_schema() -> Object {
    TITLE.nullable("The page's title")
}

/// A request that passed every check.
#[derive(Debug, Clone)]
pub struct Checked {
    pub kind: &'static PageKind,
    pub input: String,
    pub language: &'static Language,
    pub brand: Option<Brand>,
    pub title: Option<String>,
}

/// Checks a request as sent: every refusal is a 400 before anything is charged.
pub async fn check(ctx: &Ctx, request: GenerateRequest) -> Result<Checked, Error> {
    let kinds = || PAGE_KINDS.iter().map(|k| k.kind).collect::<Vec<_>>().join(", ");
    let kind = match request.kind.as_deref() {
        None => return Err(Error::bad_request("missing_kind", format!("`kind` is required: one of {}.", kinds()))),
        Some(kind) => catalog::page_kind(kind).ok_or_else(|| {
            Error::bad_request("unsupported_kind", format!("Unknown page kind; use one of: {}.", kinds()))
        })?,
    };
    let input = request.input.unwrap_or_default();
    if INPUT.too_long(&input) {
        return Err(Error::bad_request("input_too_long", format!("`input` must be {}.", INPUT.explain())));
    }
    if !INPUT.check(&input) {
        return Err(Error::bad_request("missing_input", "`input` is required: what the page is made from."));
    }
    if request.title.as_deref().is_some_and(|t| !TITLE.check(t)) {
        return Err(Error::bad_request("title_too_long", format!("`title` must be {}.", TITLE.explain())));
    }
    let language = languages::resolve(request.language.as_deref())?;
    let brand = match request.brand {
        Some(key) => Some(brands::registered(&ctx.db, &key).await?),
        None => None,
    };
    let title = request.title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    Ok(Checked { kind, input: input.trim().to_string(), language, brand, title })
}

/// The job a page of `kind` made as public id `id` is recorded under (`engine_pages.job_id`),
/// known before it is made, so a listing can name it first.
pub fn job_of(kind: &PageKind, id: &str) -> String {
    match kind.kind {
        "pitch" => pitch::origin(id),
        "audioscript" => audioscript::job_id(id),
        _ => slideshow::origin(id),
    }
}

/// What making a page answered: the page, or the job that makes it.
pub enum Made {
    Page { page: Box<PageView>, hold: billing::Hold },
    Job(Accepted),
}

/// Makes a checked page as public id `id`, paid from the caller's credits at the kind's price
/// (`operation` names the route it is paid through).
pub async fn make(ctx: &Ctx, checked: Checked, id: &str, operation: &'static str) -> Result<Made, Error> {
    let price = catalog::page_price(operation, checked.kind);
    match checked.kind.kind {
        "pitch" => {
            let request = pitch_request(&checked);
            let (_, hold, _) = pitch::create_as(ctx, request, id, price, checked.brand.as_ref()).await?;
            Ok(Made::Page { page: Box::new(read(ctx, id).await?), hold })
        }
        "audioscript" => {
            let request = audioscript_request(&checked);
            Ok(Made::Job(audioscript::submit_as(ctx, request, &job_of(checked.kind, id), price).await?))
        }
        _ => {
            let hold = slideshow::create_as(ctx, &checked, id, price).await?;
            Ok(Made::Page { page: Box::new(read(ctx, id).await?), hold })
        }
    }
}

/// What making a checked page would cost through `operation`, refused as [`make`] refuses it
/// before paying (its kind's own checks); nothing is made or paid.
pub async fn quote(ctx: &Ctx, checked: &Checked, operation: &'static str) -> Result<crate::money::Price, Error> {
    match checked.kind.kind {
        "pitch" => pitch::check_request(ctx, &pitch_request(checked)).await.map(|_| ())?,
        "audioscript" => audioscript::check_request(ctx, audioscript_request(checked)).await.map(|_| ())?,
        _ => slideshow::check(ctx, checked).map(|_| ())?,
    }
    Ok(catalog::page_price(operation, checked.kind))
}

/// The pitch a page of kind `pitch` is made as.
fn pitch_request(checked: &Checked) -> PitchRequest {
    let language = Some(checked.language.code.to_string());
    PitchRequest { input: Some(checked.input.clone()), language, ..PitchRequest::default() }
}

/// The audioscript a page of kind `audioscript` is made as (its input is the script).
fn audioscript_request(checked: &Checked) -> AudioscriptRequest {
    AudioscriptRequest {
        script: Some(checked.input.clone()),
        audio_url: None,
        title: checked.title.clone(),
        language: Some(checked.language.code.to_string()),
        brand: checked.brand.as_ref().map(|b| b.key.clone()),
        voice: None,
        caption_style: None,
    }
}

/// A page just made, as its maker reads it.
async fn read(ctx: &Ctx, id: &str) -> Result<PageView, Error> {
    let page = engine::get(ctx, id).await?.ok_or_else(|| Error::internal(format!("page {id} was made but is gone")))?;
    Ok(engine::view(&page, &ctx.base_url))
}

/// A page made at once (200).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Generated {
    pub success: bool,
    pub kind: String,
    pub page: PageView,
    pub credit_cost: i64,
    pub credits_remaining: i64,
}

/// A page being made by a job (202): poll `statusUrl`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedJob {
    pub kind: String,
    #[serde(flatten)]
    pub job: Accepted,
}

/// What `POST /api/agent/generate` answers.
pub enum Answer {
    Page(Box<Generated>),
    Job(GeneratedJob),
}

/// Makes the page a request asks for, from the caller's credits.
pub async fn generate(ctx: &Ctx, request: GenerateRequest) -> Result<Answer, Error> {
    let checked = check(ctx, request).await?;
    let kind = checked.kind;
    Ok(match make(ctx, checked, &crate::store::public_id(), "generate").await? {
        Made::Page { page, hold } => Answer::Page(Box::new(Generated {
            success: true,
            kind: kind.kind.into(),
            page: *page,
            credit_cost: kind.credits.into(),
            credits_remaining: hold.balance_after,
        })),
        Made::Job(job) => Answer::Job(GeneratedJob { kind: kind.kind.into(), job }),
    })
}
