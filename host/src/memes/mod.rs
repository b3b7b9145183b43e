//! Memes: the first priced operation. A request is validated completely (input, language, kind,
//! brand or ad-hoc profile, meme mode, what the active generator can write) before anything is
//! charged; then `billing::pay_for` takes 1 or 2 credits, the meme generator plugin writes the
//! content, the brand-voice generator gives it the brand's tone, hashtag and token, the
//! pictures are rendered, and the meme and its pictures are stored in one transaction with the
//! payment's capture.

pub mod page;
pub mod routes;

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::aspect::Aspect;
use crate::billing;
use crate::brands::{self, BrandProfile};
use crate::catalog::{self, MEME_INPUT_CHARS, MEME_KINDS};
use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::illustrate::Subject;
use crate::languages::{self, Language};
use crate::plugins::{Brand as WitBrand, Content, PluginError, Registry, Request as WitRequest, content_json};
use crate::render::cards::{self, OwnedSheet};
use crate::render::ending;
use crate::render::style::{Palette, Style};
use crate::rules::{self, BRAND_KEY, Text};
use crate::store::{self, public_id};

/// The generator slot memes come from.
pub const SLOT: &str = "meme";
/// The generator slot that puts lines in a brand's voice.
pub const VOICE_SLOT: &str = "brand-voice";
/// The brand key reported for an ad-hoc `brandProfile`.
pub const ADHOC: &str = "adhoc";

/// A meme's `input` (or `brief`).
pub static INPUT: Text = Text::new(1, MEME_INPUT_CHARS, Some(rules::NOT_BLANK), ", not blank");

/// Body of `POST /api/agent/brands/memes`. Its schema, with the rules that join fields, is
/// written out below.
#[derive(Debug, Default, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemeRequest {
    /// The idea: a sentence, a website or an X post. Canonical name.
    pub input: Option<String>,
    /// Accepted alias of `input` (the spec's worked examples use it); send one of the two.
    pub brief: Option<String>,
    /// Language by ISO 639-1 code, English name or native name; English when absent.
    pub language: Option<String>,
    /// One of the meme kinds; `image` when absent.
    pub kind: Option<String>,
    /// A registered brand's key.
    pub brand: Option<String>,
    /// An ad-hoc brand instead of a registered one.
    pub brand_profile: Option<BrandProfile>,
}

impl PartialSchema for MemeRequest {
    fn schema() -> RefOr<Schema> {
        let kinds = MEME_KINDS.iter().map(|k| k.kind);
        let profile = OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .item(Ref::from_schema_name(BrandProfile::name()))
            .description(Some("An ad-hoc brand instead of a registered one."));
        let fields = ObjectBuilder::new()
            .property("input", INPUT.nullable("The idea: a sentence, a website or an X post. Canonical name"))
            .property(
                "brief",
                INPUT.nullable("Alias of `input` (the spec's worked examples use it); send one of the two"),
            )
            .property("language", languages::schema())
            .property("kind", rules::choice(kinds, "The meme kind; `image` when absent or null."))
            .property("brand", BRAND_KEY.nullable("A registered brand's key"))
            .property("brandProfile", profile);
        AllOfBuilder::new()
            .description(Some(
                "Body of `POST /api/agent/brands/memes`: exactly one of `input` and `brief`, and at most one of `brand` and `brandProfile`.",
            ))
            .item(fields)
            .item(rules::exactly_one("input", "brief"))
            .item(rules::at_most_one("brand", "brandProfile"))
            .into()
    }
}

impl ToSchema for MemeRequest {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((BrandProfile::name().into(), BrandProfile::schema()));
        BrandProfile::schemas(schemas);
    }
}

/// The meme part of the result.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct MemeView {
    pub kind: String,
    /// The meme's live public page.
    pub url: String,
    /// A PNG for carousels, otherwise null.
    pub image_url: Option<String>,
    pub title: String,
}

/// The brand part of the result.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct BrandView {
    /// The registered brand's key, `adhoc` for a `brandProfile`, or `house` when the request
    /// named no brand (the service's own voice).
    pub key: String,
    pub name: String,
    /// Null when the brand has none.
    pub hashtag: Option<String>,
    /// The brand's ticker; null when it has none.
    pub token: Option<String>,
}

/// The brand key reported when a request names no brand.
pub const HOUSE: &str = "house";

impl BrandView {
    /// A brand's fields as reported: its key (`adhoc` without one), empty ones as null.
    pub fn of(key: Option<String>, profile: BrandProfile) -> BrandView {
        let given = |s: String| Some(s).filter(|s| !s.trim().is_empty());
        BrandView {
            key: key.unwrap_or_else(|| ADHOC.into()),
            name: profile.name,
            hashtag: given(profile.hashtag),
            token: given(profile.token),
        }
    }

    /// The service's own voice, for a request that named no brand.
    pub fn house() -> BrandView {
        let name = crate::render::ending::SERVICE_NAME.into();
        BrandView { key: HOUSE.into(), name, hashtag: None, token: None }
    }
}

/// The meme result of the spec.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct MemeResult {
    pub success: bool,
    pub meme: MemeView,
    pub brand: BrandView,
    /// 1, or 2 for `hybrid`.
    pub credit_cost: i64,
    /// The key's balance after the call.
    pub credits_remaining: i64,
}

/// A request that passed validation.
struct Checked {
    input: String,
    language: &'static Language,
    kind: String,
    price: billing::Price,
    brand_key: Option<String>,
    profile: Option<BrandProfile>,
}

/// A request's `brand` and `brandProfile`, as sent.
type BrandFields = (Option<String>, Option<BrandProfile>);

/// Checks everything but the brand; answers the brand fields as sent.
fn check(request: MemeRequest) -> Result<(Checked, BrandFields), Error> {
    let input = match (request.input, request.brief) {
        (Some(_), Some(_)) => {
            return Err(Error::bad_request("conflicting_input", "Send `input` or its alias `brief`, not both."));
        }
        (Some(text), None) | (None, Some(text)) => text,
        (None, None) => String::new(),
    };
    if INPUT.too_long(&input) {
        return Err(Error::bad_request("input_too_long", format!("`input` must be {}.", INPUT.explain())));
    }
    if !INPUT.check(&input) {
        return Err(Error::bad_request("missing_input", "`input` is required: a sentence, idea, website or X post."));
    }
    let language = languages::resolve(request.language.as_deref())?;
    let kind = request.kind.as_deref().unwrap_or("image");
    let Some(spec) = MEME_KINDS.iter().find(|k| k.kind == kind) else {
        let kinds: Vec<&str> = MEME_KINDS.iter().map(|k| k.kind).collect();
        return Err(Error::bad_request(
            "unsupported_kind",
            format!("Unknown meme kind; use one of: {}.", kinds.join(", ")),
        ));
    };
    let price = catalog::meme_price(spec);
    let (input, kind) = (input.trim().to_string(), spec.kind.to_string());
    let checked = Checked { input, language, kind, price, brand_key: None, profile: None };
    Ok((checked, (request.brand, request.brand_profile)))
}

/// A request ready to generate: validated, its brand and look resolved, its plugins present.
struct Prepared {
    checked: Checked,
    id: String,
    /// The look of pictures drawn with the meme (those an answer names); `None` when they are
    /// drawn on first request.
    style: Option<Style>,
    plugin_request: WitRequest,
    /// What the input is about, for the pictures' illustrations.
    subject: Subject,
}

/// Whether a meme of `kind` has its pictures drawn with it: only a carousel, whose cover the
/// answer names (`imageUrl`). Other kinds' pictures appear only on their page, so they are
/// drawn when first asked for and kept: a meme costs its words, not a picture nobody opens.
fn drawn_with_the_meme(kind: &str) -> bool {
    kind == "carousel"
}

/// The look of a meme's pictures: its registered brand's (palette, typeface, logo), an ad-hoc
/// brand's (its palette, else one from its name), or a stock palette from the meme's seed.
async fn style_of(
    services: &Services,
    brand_key: Option<&str>,
    (name, palette): (&str, Option<&Palette>),
    seed: u64,
) -> Result<Style, Error> {
    match brand_key {
        Some(key) => brands::look::style(services, Some(key), name).await,
        None if name.is_empty() => Ok(Style::seeded(seed)),
        None => Ok(Style::branded(name, palette, Default::default(), None)),
    }
}

/// The look of a stored meme's pictures, as when it was made (an ad-hoc brand's palette is
/// kept with its words).
async fn stored_style(services: &Services, meme: &store::memes::Stored) -> Result<Style, Error> {
    let palette = palette_of(meme);
    let brand = (meme.brand_name.as_str(), palette.as_ref());
    style_of(services, meme.brand_key.as_deref(), brand, crate::plugins::seed_of(&meme.id)).await
}

/// Validates completely and resolves the brand, its look and the generators, before anything
/// is charged.
async fn prepare(ctx: &Ctx, request: MemeRequest) -> Result<Prepared, Error> {
    let checked = checked(ctx, request).await?;
    let id = public_id();
    let seed = crate::plugins::seed_of(&id);
    // Read before the charge, for pictures drawn now: a missing logo fails here.
    let style = if drawn_with_the_meme(&checked.kind) {
        let profile = checked.profile.as_ref();
        let brand = (profile.map_or("", |p| p.name.as_str()), profile.and_then(|p| p.palette.as_ref()));
        Some(style_of(ctx, checked.brand_key.as_deref(), brand, seed).await?)
    } else {
        None
    };
    let reading = crate::reading::read(&ctx.guard, &checked.input).await;
    let plugin_request = WitRequest {
        task: "meme".into(),
        kind: Some(checked.kind.clone()),
        input: checked.input.clone(),
        language: checked.language.code.into(),
        seed,
        brand: checked.profile.as_ref().map(|p| WitBrand {
            key: checked.brand_key.clone().unwrap_or_else(|| ADHOC.into()),
            name: p.name.clone(),
            voice: p.voice.clone(),
            hashtag: p.hashtag.clone(),
            token: p.token.clone(),
        }),
        options: Vec::new(),
        reading: crate::plugins::reading::to_wit(&reading),
    };
    Ok(Prepared { checked, id, style, plugin_request, subject: Subject::of(&reading) })
}

/// `request` checked as the route checks it before anything is paid or made: its fields, the
/// brand it speaks in, and a generator to write it in its language.
async fn checked(ctx: &Ctx, request: MemeRequest) -> Result<Checked, Error> {
    let (mut checked, (brand, profile)) = check(request)?;
    if let Some(speaker) = brands::speaker(&ctx.db, brand, profile).await? {
        checked.profile = Some(speaker.profile);
        checked.brand_key = speaker.key;
    }
    ctx.plugins.writer(SLOT, checked.brand_key.as_deref(), checked.language)?;
    if checked.profile.is_some() {
        ctx.plugins.writer(VOICE_SLOT, checked.brand_key.as_deref(), checked.language)?;
    }
    Ok(checked)
}

/// What the meme `request` asks for would cost, refused as [`create`] refuses it; nothing is
/// made or paid.
pub async fn quote(ctx: &Ctx, request: MemeRequest) -> Result<billing::Price, Error> {
    Ok(checked(ctx, request).await?.price)
}

/// Generates, draws and stores the meme of `key_id`; returns its title. `hold` is its payment,
/// settled before and captured with the row; a free preview has none and costs 0 credits.
async fn produce(
    services: Services,
    key_id: i64,
    prepared: Prepared,
    hold: Option<billing::Hold>,
) -> Result<String, Error> {
    let Prepared { checked, id, style, plugin_request, subject } = prepared;
    let Checked { brand_key, profile, kind, language, .. } = checked;
    let (plugins, db, blobs) = (&services.plugins, &services.db, &services.blobs);
    let (mut content, _) = plugins.generate(SLOT, brand_key.as_deref(), &plugin_request).await.map_err(Error::from)?;
    let subject = subject.drawing(crate::plugins::said_to_draw(&content));
    if plugin_request.brand.is_some() {
        content = in_brand_voice(plugins, brand_key.as_deref(), &plugin_request, content).await?;
    }
    let picture_count = cards::pictures_of(&kind, content.blocks.iter().map(|b| b.role.as_str()));
    // Kept with the words, so pictures drawn later show the same things.
    let mut stored = content_json(&content);
    stored["subject"] = serde_json::to_value(&subject).unwrap_or_default();
    if let Some(palette) = profile.as_ref().and_then(|p| p.palette.as_ref()).filter(|_| brand_key.is_none()) {
        stored["palette"] = serde_json::to_value(palette).unwrap_or_default();
    }
    let pictures = match style {
        Some(style) => {
            let blocks = sheet_blocks(&stored);
            draw(&services, blocks, (&kind, language), (style, subject, None), plugin_request.seed).await?
        }
        None => Vec::new(),
    };
    let title = content.title.clone();
    let keys: Vec<String> = (1..=pictures.len() as i64).map(|n| store::memes::picture_key(&id, n)).collect();
    let record = async {
        for (key, picture) in keys.iter().zip(&pictures) {
            blobs.put(key, picture.png.clone()).await?;
        }
        if let Some(hold) = &hold {
            hold.settle(db).await?;
        }
        let mut tx = db.pool().begin().await?;
        store::memes::insert_in(
            &mut tx,
            &store::memes::NewMeme {
                id: &id,
                key_id,
                brand_key: brand_key.as_deref(),
                brand_name: profile.as_ref().map_or("", |p| p.name.as_str()),
                kind: &kind,
                language: language.code,
                title: &title,
                content: &stored,
                credits: hold.as_ref().map_or(0, |_| checked.price.credits),
                picture_count: i64::try_from(picture_count).unwrap_or(i64::MAX),
                pictures: &pictures,
            },
        )
        .await?;
        if let Some(hold) = &hold {
            hold.capture_in(&mut tx).await?;
        }
        tx.commit().await?;
        // Who listens for the key's new media hears of it now (a meme has no job to announce).
        services.db.announce(store::changes::Notice::Changed(id.as_str().into())).await;
        Ok::<(), Error>(())
    };
    if let Err(e) = record.await {
        // Not recorded, so not charged: the pictures go too.
        store::blobs::discard(blobs.as_ref(), &keys).await;
        return Err(e);
    }
    Ok(title)
}

/// Makes a meme for the caller: validates, pays, generates, stores; releases the payment if
/// generation fails.
pub async fn create(ctx: &Ctx, request: MemeRequest) -> Result<MemeResult, Error> {
    let prepared = prepare(ctx, request).await?;
    let (id, price, kind, profile, brand_key) = (
        prepared.id.clone(),
        prepared.checked.price,
        prepared.checked.kind.clone(),
        prepared.checked.profile.clone(),
        prepared.checked.brand_key.clone(),
    );
    let (services, key_id) = (ctx.services.clone(), ctx.caller.key_id);
    let work = |hold: billing::Hold| produce(services, key_id, prepared, Some(hold));
    let (title, hold) = billing::pay_for(ctx, price, work).await?;
    let base_url = &ctx.base_url;
    // The spec gives carousels a PNG (the cover slide); the other kinds' pictures are on the page.
    let image_url = (kind == "carousel").then(|| image_url(base_url, &id, 1));
    Ok(MemeResult {
        success: true,
        meme: MemeView { kind, url: format!("{base_url}/memes/{id}"), image_url, title },
        brand: profile.map_or_else(BrandView::house, |p| BrandView::of(brand_key, p)),
        credit_cost: price.credits,
        credits_remaining: hold.balance_after,
    })
}

/// A meme made free, as the preview of an asset paid another way: validated like any, stored
/// with 0 credits (so it is no public creation: the feeds show paid memes). Returns its id and
/// title.
pub async fn preview(ctx: &Ctx, request: MemeRequest) -> Result<(String, String), Error> {
    let prepared = prepare(ctx, request).await?;
    let id = prepared.id.clone();
    let title = produce(ctx.services.clone(), ctx.caller.key_id, prepared, None).await?;
    Ok((id, title))
}

/// The address of a meme's picture (1-based position).
pub fn image_url(base_url: &str, id: &str, position: usize) -> String {
    format!("{base_url}/memes/{id}/{position}.png")
}

/// `content` with its lines in the brand's voice and the brand's sign-off, from the brand-voice
/// generator. Its answer is untrusted like any plugin output: one line per row, or it failed.
async fn in_brand_voice(
    plugins: &Registry,
    brand_key: Option<&str>,
    request: &WitRequest,
    mut content: Content,
) -> Result<Content, Error> {
    if content.blocks.is_empty() {
        return Ok(content);
    }
    let rows: Vec<String> = content.blocks.iter().map(|b| b.text.replace(['\n', '\r'], " ")).collect();
    let asked = WitRequest { task: "voice".into(), kind: None, input: rows.join("\n"), ..request.clone() };
    let (voiced, _) = plugins.generate(VOICE_SLOT, brand_key, &asked).await?;
    let lines: Vec<_> = voiced.blocks.iter().filter(|b| b.role == "line").collect();
    if lines.len() != rows.len() {
        return Err(PluginError::InvalidOutput(format!(
            "the brand-voice generator answered {} lines for {} rows",
            lines.len(),
            rows.len()
        ))
        .into());
    }
    for (block, line) in content.blocks.iter_mut().zip(lines) {
        block.text.clone_from(&line.text);
    }
    content.blocks.extend(voiced.blocks.iter().filter(|b| b.role == "signoff").cloned());
    Ok(content)
}

/// The meme's pictures, in the kind's own layouts or composed at `shape` for a video.
async fn draw(
    services: &Services,
    blocks: Vec<(String, String)>,
    (kind, language): (&str, &'static Language),
    (style, subject, shape): (Style, Subject, Option<(u32, u32)>),
    seed: u64,
) -> Result<Vec<cards::Picture>, Error> {
    let sheet = OwnedSheet {
        kind: kind.to_string(),
        language: language.code,
        rtl: language.direction == "rtl",
        blocks,
        style,
        seed,
        subject,
        shape,
    };
    let mut drawn = cards::draw(&services.renders, services.settings.picture_budget(), vec![sheet]).await?;
    Ok(drawn.pop().unwrap_or_default())
}

/// The PNG of a meme's picture at `position` (1-based), drawn and kept now if it never was.
pub async fn image(services: &Services, id: &str, position: i64) -> Result<Option<Vec<u8>>, Error> {
    if let Some(key) = store::memes::image(&services.db, id, position).await? {
        return Ok(Some(crate::blobs::expect(services.blobs.as_ref(), &key).await?));
    }
    let Some(meme) = store::memes::get(&services.db, id).await? else { return Ok(None) };
    if !(1..=meme.pictures).contains(&position) {
        return Ok(None);
    }
    let mut pictures = draw_stored(services, &meme).await?;
    let at = usize::try_from(position - 1).unwrap_or(usize::MAX);
    Ok((at < pictures.len()).then(|| std::mem::take(&mut pictures[at].png)))
}

/// The link card of meme `id` (1200×630): its title, its brand (or the service) and its first
/// picture, in its look.
/// Drawn on the first request and kept beside its pictures.
pub async fn link_card(services: &Services, id: &str) -> Result<Option<Vec<u8>>, Error> {
    let Some(meme) = store::memes::get(&services.db, id).await? else { return Ok(None) };
    let key = store::memes::card_key(id);
    let card =
        crate::blobs::kept::read_or_make(services.blobs.as_ref(), &key, || draw_link_card(services, meme)).await?;
    Ok(Some(card))
}

async fn draw_link_card(services: &Services, meme: store::memes::Stored) -> Result<Vec<u8>, Error> {
    let id = meme.id.as_str();
    let picture = image(services, id, 1).await?;
    let style = stored_style(services, &meme).await?;
    let name = if meme.brand_name.is_empty() { ending::SERVICE_NAME.to_string() } else { meme.brand_name.clone() };
    let words = (meme.title.clone(), name, meme.language.clone());
    let budget = (&services.renders, services.settings.picture_budget());
    Ok(crate::render::preview::drawn(budget, words, (style, subject_of(&meme)), picture).await?)
}

/// The palette an ad-hoc brand sent with meme `meme`, kept with its words.
pub fn palette_of(meme: &store::memes::Stored) -> Option<Palette> {
    serde_json::from_value(meme.content["palette"].clone()).ok()
}

/// What a stored meme is about: as it was read when it was made, else (memes made before that
/// was kept) its title.
pub fn subject_of(meme: &store::memes::Stored) -> Subject {
    serde_json::from_value(meme.content["subject"].clone())
        .unwrap_or_else(|_| Subject::titled(&meme.title, &meme.language))
}

/// A meme's blocks as its pictures are drawn from them: (role, text), each followed by a
/// `mood` pseudo-block where the generator gave the line a mood (the reaction it gets).
fn sheet_blocks(content: &serde_json::Value) -> Vec<(String, String)> {
    let text = |value: &serde_json::Value| value.as_str().unwrap_or_default().to_string();
    let blocks = content["blocks"].as_array().map(Vec::as_slice).unwrap_or_default();
    let mut out = Vec::with_capacity(blocks.len());
    for block in blocks {
        out.push((text(&block["role"]), text(&block["text"])));
        if let Some(mood) = block["attributes"]["mood"].as_str() {
            out.push(("mood".into(), mood.to_string()));
        }
    }
    out
}

/// The end card of a video of meme `id`'s pictures, pointing at `link`: from its brand (else
/// the service), in its language and look. `None` when there is no such meme.
pub async fn ending(services: &Services, id: &str, link: &str, aspect: Aspect) -> Result<Option<Vec<u8>>, Error> {
    let Some(meme) = store::memes::get(&services.db, id).await? else { return Ok(None) };
    let language = languages::resolve(Some(&meme.language))?;
    let style = stored_style(services, &meme).await?;
    let name = if meme.brand_name.is_empty() { ending::SERVICE_NAME.to_string() } else { meme.brand_name.clone() };
    let link = ending::shown_link(link);
    let png = services
        .renders
        .run(services.settings.picture_budget(), move |_| {
            let card = ending::EndCard {
                name: &name,
                line: ending::call_to_action(language.code),
                link: &link,
                language: language.code,
                rtl: language.direction == "rtl",
                style: &style,
            };
            ending::png(&card, aspect.size()).map_err(|e| e.to_string())
        })
        .await?;
    Ok(Some(png))
}

/// The pictures of meme `id` composed for a video of `aspect` (another shape than its cards'):
/// each picture's words in the beat layout they fit. Drawn each time (a render is rare), never
/// kept. `None` when there is no such meme.
pub async fn shaped(services: &Services, id: &str, aspect: Aspect) -> Result<Option<Vec<Vec<u8>>>, Error> {
    let Some(meme) = store::memes::get(&services.db, id).await? else { return Ok(None) };
    let language = languages::resolve(Some(&meme.language))?;
    let style = stored_style(services, &meme).await?;
    let (blocks, seed) = (sheet_blocks(&meme.content), crate::plugins::seed_of(&meme.id));
    let look = (style, subject_of(&meme), Some(aspect.size()));
    let pictures = draw(services, blocks, (&meme.kind, language), look, seed).await?;
    Ok(Some(pictures.into_iter().map(|p| p.png).collect()))
}

/// Memes being drawn in this process, by id: a first request and those at the same moment share
/// one drawing, so a public route never draws a meme twice.
static DRAWINGS: std::sync::LazyLock<crate::blobs::kept::Flights<Result<Vec<cards::Picture>, Error>>> =
    std::sync::LazyLock::new(Default::default);

/// The pictures of a stored meme that has none kept yet, drawn once per process.
async fn draw_stored(services: &Services, meme: &store::memes::Stored) -> Result<Vec<cards::Picture>, Error> {
    DRAWINGS.run(&meme.id, || draw_and_keep(services, meme)).await
}

/// Draws the pictures of a stored meme and keeps them: blobs first, then their rows (another
/// replica's first request may draw the same pictures; whichever row lands first stays).
async fn draw_and_keep(services: &Services, meme: &store::memes::Stored) -> Result<Vec<cards::Picture>, Error> {
    let blocks = sheet_blocks(&meme.content);
    let language = languages::resolve(Some(&meme.language))?;
    let seed = crate::plugins::seed_of(&meme.id);
    let style = stored_style(services, meme).await?;
    let pictures = draw(services, blocks, (&meme.kind, language), (style, subject_of(meme), None), seed).await?;
    for (position, picture) in (1i64..).zip(&pictures) {
        services.blobs.put(&store::memes::picture_key(&meme.id, position), picture.png.clone()).await?;
    }
    let mut conn = services.db.pool().acquire().await?;
    store::memes::insert_pictures_in(&mut conn, &meme.id, &pictures).await?;
    Ok(pictures)
}

/// The meme with this id, for its page.
pub async fn get(services: &Services, id: &str) -> Result<Option<store::memes::Stored>, Error> {
    Ok(store::memes::get(&services.db, id).await?)
}
