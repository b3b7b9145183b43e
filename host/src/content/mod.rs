//! Per-brand content (`POST /api/agent/content`): a post in a brand's voice, in one of nine
//! categories and 23 languages, 1 credit. `meme` is the meme operation itself (same answer as
//! the meme route); the eight others are written by the content generator (phrase tables, or
//! the operator's model checked and fallen back from) and checked against their platform's
//! limits (`platforms`) before they are paid for. The brand follows the meme rules: a
//! registered `brand` whose admin switched the mode off answers 403, an ad-hoc `brandProfile`
//! is always allowed, and one of the two is required.

pub mod platforms;
pub mod routes;

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, OneOfBuilder, Schema};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::billing;
use crate::brands::{self, BrandProfile, Speaker};
use crate::catalog;
use crate::ctx::Ctx;
use crate::error::Error;
use crate::languages::{self, Language};
use crate::memes::{self, BrandView, MemeRequest, MemeResult};
use crate::plugins::{Brand as WitBrand, PluginError, Request as WitRequest};
use crate::rules::{self, BRAND_KEY};

use self::platforms::{CATEGORIES, Category, Limit};

/// The catalog service id and the generator slot.
pub const SLOT: &str = "content";

/// Every category, `meme` first.
pub fn categories() -> impl Iterator<Item = &'static str> {
    std::iter::once("meme").chain(CATEGORIES.iter().map(|c| c.name))
}

/// Body of `POST /api/agent/content`; its schema, with the rules that join fields, is below.
#[derive(Debug, Default, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentRequest {
    /// One of the nine categories.
    pub category: Option<String>,
    /// What to post about: a sentence, an idea, a link.
    pub input: Option<String>,
    /// Alias of `input`, as on the meme route.
    pub brief: Option<String>,
    /// Code, English or native name; English when absent.
    pub language: Option<String>,
    /// A registered brand's key.
    pub brand: Option<String>,
    /// An ad-hoc brand instead of a registered one.
    pub brand_profile: Option<BrandProfile>,
    /// For the `meme` category: the meme kind.
    pub kind: Option<String>,
}

impl PartialSchema for ContentRequest {
    fn schema() -> RefOr<Schema> {
        let profile = OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::Null))
            .item(Ref::from_schema_name(BrandProfile::name()))
            .description(Some("An ad-hoc brand instead of a registered one."));
        let fields = ObjectBuilder::new()
            .property("category", rules::one_of(categories(), "What to write"))
            .required("category")
            .property("input", memes::INPUT.nullable("What to post about: a sentence, an idea, a link"))
            .property("brief", memes::INPUT.nullable("Alias of `input`; send one of the two"))
            .property("language", languages::schema())
            .property("brand", BRAND_KEY.nullable("A registered brand's key"))
            .property("brandProfile", profile)
            .property(
                "kind",
                rules::choice(
                    catalog::MEME_KINDS.iter().map(|k| k.kind),
                    "For `meme` only: the meme kind (`image` when absent)",
                ),
            );
        AllOfBuilder::new()
            .description(Some(
                "Body of `POST /api/agent/content`: a category, exactly one of `input` and `brief`, and exactly one of `brand` and `brandProfile`.",
            ))
            .item(fields)
            .item(rules::exactly_one("input", "brief"))
            .item(exactly_one_brand())
            .into()
    }
}

/// Exactly one of `brand` (a string) and `brandProfile` (an object) is given.
fn exactly_one_brand() -> Schema {
    let given = |field: &str, of: ObjectBuilder| ObjectBuilder::new().property(field, of).required(field).build();
    OneOfBuilder::new()
        .item(given("brand", ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::String)))
        .item(given("brandProfile", ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::Object)))
        .build()
        .into()
}

impl ToSchema for ContentRequest {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((BrandProfile::name().into(), BrandProfile::schema()));
        BrandProfile::schemas(schemas);
    }
}

/// A block of a post: its part (`post`, `hook`, `paragraph`, `hashtags`, `scene`, …), text
/// and attributes (a scene's `seconds` and `onScreen`, a quote's `by`, …).
#[derive(Debug, Serialize, ToSchema)]
pub struct PostBlock {
    pub role: String,
    pub text: String,
    #[schema(value_type = Object)]
    pub attributes: serde_json::Map<String, serde_json::Value>,
}

/// A written post.
#[derive(Debug, Serialize, ToSchema)]
pub struct Post {
    pub title: String,
    /// The post as it is pasted (a thread's posts, a script's timed lines, an email's subject,
    /// preheader and body, …), separated by blank lines.
    pub text: String,
    pub blocks: Vec<PostBlock>,
    /// The platform's limits it keeps.
    pub limits: &'static [Limit],
}

/// The answer for the eight written categories.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentResult {
    pub success: bool,
    pub category: String,
    pub language: String,
    pub brand: BrandView,
    pub content: Post,
    pub credit_cost: i64,
    pub credits_remaining: i64,
}

/// What `POST /api/agent/content` answers: a post, or for `meme` the meme route's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Answer {
    Post(ContentResult),
    Meme(MemeResult),
}

/// The input as sent in `input` or `brief`, checked like a meme's.
fn input_of(request: &ContentRequest) -> Result<String, Error> {
    let input = match (&request.input, &request.brief) {
        (Some(_), Some(_)) => {
            return Err(Error::bad_request("conflicting_input", "Send `input` or its alias `brief`, not both."));
        }
        (Some(text), None) | (None, Some(text)) => text.clone(),
        (None, None) => String::new(),
    };
    if memes::INPUT.too_long(&input) {
        return Err(Error::bad_request("input_too_long", format!("`input` must be {}.", memes::INPUT.explain())));
    }
    if !memes::INPUT.check(&input) {
        return Err(Error::bad_request("missing_input", "`input` is required: what to post about."));
    }
    Ok(input.trim().to_string())
}

/// A request checked as the route checks it before anything is paid or made.
enum Checked {
    /// The `meme` category: made as `create_meme` makes it.
    Meme(MemeRequest),
    /// A post of a platform's category in a resolved brand's voice.
    Post { name: String, category: &'static Category, input: String, language: &'static Language, speaker: Speaker },
}

async fn checked(ctx: &Ctx, request: ContentRequest) -> Result<Checked, Error> {
    let names = || categories().collect::<Vec<_>>().join(", ");
    let name = request.category.clone().ok_or_else(|| {
        Error::bad_request("missing_category", format!("`category` is required: one of {}.", names()))
    })?;
    if name != "meme" && platforms::category(&name).is_none() {
        return Err(Error::bad_request("unsupported_category", format!("Unknown category; use one of: {}.", names())));
    }
    if request.brand.is_none() && request.brand_profile.is_none() {
        return Err(Error::bad_request(
            "missing_brand",
            "Content is written in a brand's voice: send `brand` (a registered brand's key) or `brandProfile`.",
        ));
    }
    if name == "meme" {
        let ContentRequest { input, brief, language, brand, brand_profile, kind, .. } = request;
        return Ok(Checked::Meme(MemeRequest { input, brief, language, kind, brand, brand_profile }));
    }
    if request.kind.is_some() {
        return Err(Error::bad_request("kind_not_applicable", "`kind` applies to the `meme` category only."));
    }
    let category = platforms::category(&name).ok_or_else(|| Error::internal("a checked category is gone"))?;
    let input = input_of(&request)?;
    let language = languages::resolve(request.language.as_deref())?;
    let speaker = brands::speaker(&ctx.db, request.brand, request.brand_profile)
        .await?
        .ok_or_else(|| Error::internal("a brand was sent but none resolved"))?;
    ctx.plugins.writer(SLOT, speaker.key.as_deref(), language)?;
    Ok(Checked::Post { name, category, input, language, speaker })
}

/// What the content `request` would cost, refused as [`create`] refuses it; nothing is made or
/// paid.
pub async fn quote(ctx: &Ctx, request: ContentRequest) -> Result<billing::Price, Error> {
    match checked(ctx, request).await? {
        Checked::Meme(meme) => memes::quote(ctx, meme).await,
        Checked::Post { .. } => Ok(catalog::price(SLOT)),
    }
}

/// Writes a post in a brand's voice; validates everything before the charge and refunds a
/// generator's failure (a post over its platform's limit is one).
pub async fn create(ctx: &Ctx, request: ContentRequest) -> Result<Answer, Error> {
    let (name, category, input, language, speaker) = match checked(ctx, request).await? {
        Checked::Meme(meme) => return Ok(Answer::Meme(memes::create(ctx, meme).await?)),
        Checked::Post { name, category, input, language, speaker } => (name, category, input, language, speaker),
    };
    let reading = crate::plugins::reading::to_wit(&crate::reading::read(&ctx.guard, &input).await);
    let ask = WitRequest {
        reading,
        task: SLOT.into(),
        kind: Some(name.clone()),
        input,
        language: language.code.into(),
        seed: crate::plugins::seed_of(&crate::store::public_id()),
        brand: Some(WitBrand {
            key: speaker.key.clone().unwrap_or_else(|| memes::ADHOC.into()),
            name: speaker.profile.name.clone(),
            voice: speaker.profile.voice.clone(),
            hashtag: speaker.profile.hashtag.clone(),
            token: speaker.profile.token.clone(),
        }),
        options: Vec::new(),
    };
    let price = catalog::price(SLOT);
    let services = ctx.services.clone();
    let brand_key = speaker.key.clone();
    let work = move |_hold: billing::Hold| async move {
        let (content, _) = services.plugins.generate(SLOT, brand_key.as_deref(), &ask).await.map_err(Error::from)?;
        written(category, content)
    };
    let (content, hold) = billing::pay_for(ctx, price, work).await?;
    Ok(Answer::Post(ContentResult {
        success: true,
        category: name,
        language: language.code.into(),
        brand: BrandView::of(speaker.key, speaker.profile),
        content,
        credit_cost: price.credits,
        credits_remaining: hold.balance_after,
    }))
}

/// The generator's post, checked against its category's rules.
fn written(category: &'static Category, content: crate::plugins::Content) -> Result<Post, Error> {
    let text = platforms::check(category, &content.blocks)
        .map_err(|why| PluginError::InvalidOutput(format!("the content generator wrote {why}")))?;
    Ok(Post {
        title: content.title,
        text,
        blocks: content
            .blocks
            .into_iter()
            .map(|b| PostBlock {
                role: b.role,
                text: b.text,
                attributes: b.attributes.into_iter().map(|(k, v)| (k, serde_json::Value::from(v))).collect(),
            })
            .collect(),
        limits: category.limits,
    })
}
