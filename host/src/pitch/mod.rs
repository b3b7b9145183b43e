//! Pitch pages (`POST /api/agent/before`): a page that reaches one person. The host reads what
//! the input says about them (`pitch::about`), the `pitch` generator writes a hook naming them,
//! message-style beats that move to the offer, memes and a call to action in the requested
//! language, the beats are voiced with word times and drawn like an audioscript's, the memes
//! drawn as meme cards, and the page is stored as an engine page of kind `pitch` (so it renders
//! to MP4 like any other) with its charge, 1 credit, in one transaction. Synchronous: 200.

pub mod about;
pub mod activity;
pub mod claim_page;
pub mod invite;
pub mod routes;

use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;

use crate::billing;
use crate::brands;
use crate::callbacks::{self, WebhookRegistration};
use crate::catalog::{self, PITCH_INPUT_CHARS, PITCH_OFFER_CHARS};
use crate::ctx::{Ctx, Services};
use crate::engine;
use crate::error::Error;
use crate::languages::{self, Language};
use crate::media::speech;
use crate::pipeline::{self, WordTimes};
use crate::plugins::{PluginError, Request};
use crate::render::cards::{self, OwnedSheet};
use crate::render::style::Style;
use crate::rules::{self, Text};
use crate::store::activity::Hook;
use crate::store::{self, public_id};

use self::about::About;

/// The catalog service id and the generator slot.
pub const KIND: &str = "pitch";

/// What the input may be.
pub static INPUT: Text = Text::new(1, PITCH_INPUT_CHARS, Some(rules::NOT_BLANK), ", not blank");
/// What the sender offers.
pub static OFFER: Text = Text::new(0, PITCH_OFFER_CHARS, None, "");

/// Body of `POST /api/agent/before`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct PitchRequest {
    /// A website, an x.com or linkedin.com link, or a sentence about the person.
    #[schema(schema_with = input_schema, required = true)]
    pub input: Option<String>,
    /// What the sender sells.
    #[schema(schema_with = offer_schema)]
    pub offer: Option<String>,
    /// Code, English or native name; English when absent.
    #[schema(schema_with = languages::schema)]
    pub language: Option<String>,
    /// Who narrates: one of the language's voices (the services menu's `voices`); its default
    /// when absent.
    pub voice: Option<String>,
    /// The one thing the page asks the person to do: a button with `label` leading to `url`.
    /// Without it, the link in `offer` (if any) is the button's.
    pub cta: Option<CallToAction>,
    /// A public http(s) URL the page's events are POSTed to, signed: `page.viewed` when the
    /// page is first opened, `page.cta_clicked` when its call to action is clicked.
    #[serde(rename = "callbackUrl")]
    pub callback_url: Option<String>,
    /// The HMAC key of the events' signatures, 16 to 256 printable characters; generated (and
    /// returned once) when a `callbackUrl` comes without one.
    #[serde(rename = "webhookSecret")]
    pub webhook_secret: Option<String>,
}

/// A pitch's call to action.
#[derive(Debug, Default, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct CallToAction {
    /// The button's words; the generator's own when absent.
    #[schema(schema_with = cta_label_schema)]
    pub label: Option<String>,
    /// Where the button leads.
    #[schema(schema_with = cta_url_schema)]
    pub url: Option<String>,
}

/// What a call to action's label and link may be: a label on one line, a link to a named
/// host (no credentials, no address a page could not show).
pub static CTA_LABEL: Text = Text::new(1, 40, Some(rules::LINE), ", not blank, on one line");
pub static CTA_URL: Text = Text::new(
    1,
    2048,
    Some(r"^https?://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}([/?#][^\s]*)?$"),
    ", an http(s) URL to a named host",
);

fn cta_label_schema() -> Object {
    CTA_LABEL.nullable("The button's words; the generator's own when absent")
}

fn cta_url_schema() -> Object {
    CTA_URL.nullable("Where the button leads")
}

/// A call to action as checked: its label (if the sender chose one) and its link.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Cta {
    pub label: Option<String>,
    pub url: Option<String>,
}

/// The request's call to action, else the first link in the offer; a 400 `invalid_cta` for a
/// label or link that cannot be shown as given.
fn check_cta(cta: Option<&CallToAction>, offer: Option<&str>) -> Result<Cta, Error> {
    let invalid = |what: &str, rule: &Text| {
        Error::bad_request("invalid_cta", format!("`cta.{what}` must be {}.", rule.explain()))
    };
    let label = cta.and_then(|c| c.label.as_deref());
    if label.is_some_and(|l| !CTA_LABEL.check(l)) {
        return Err(invalid("label", &CTA_LABEL));
    }
    let url = match cta.and_then(|c| c.url.as_deref()) {
        Some(url) => Some(web_link(url).ok_or_else(|| invalid("url", &CTA_URL))?),
        None => {
            offer.and_then(|o| o.split_whitespace().find_map(|w| web_link(w.trim_end_matches(['.', ',', ')', ';']))))
        }
    };
    Ok(Cta { label: label.map(|l| l.trim().to_string()), url })
}

/// `text` as a link a page may show (see [`CTA_URL`]), as the URL parser writes it.
fn web_link(text: &str) -> Option<String> {
    if !CTA_URL.check(text) {
        return None;
    }
    url::Url::parse(text).ok().map(|url| url.to_string())
}

fn input_schema() -> Object {
    INPUT.schema("A website, an x.com or linkedin.com link, or a sentence about the person")
}

fn offer_schema() -> Object {
    OFFER.nullable("What the sender sells")
}

/// A beat of the pitch, as spoken.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PitchBeat {
    pub text: String,
    /// Milliseconds into the voice track.
    pub start: u64,
    pub end: u64,
}

/// A meme of the pitch and its picture.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PitchMeme {
    pub top: String,
    pub bottom: String,
    pub image_url: String,
}

/// The pitch.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PitchView {
    /// The page id (`/m/<id>`; `POST /api/agent/mp4` renders it).
    pub id: String,
    /// The page to share.
    pub url: String,
    pub title: String,
    pub language: String,
    pub hook: String,
    pub beats: Vec<PitchBeat>,
    pub memes: Vec<PitchMeme>,
    pub cta: String,
    /// Where the call to action leads, when the request or its offer gave a link.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cta_url: Option<String>,
    /// The voice track (WAV).
    pub voice_url: String,
    pub duration_ms: u64,
    /// Where the words' times came from (see the audioscript status).
    #[schema(value_type = String)]
    pub word_times: WordTimes,
    /// Who spoke it, as the audioscript status says (`piper`, `kokoro`, `espeak-ng`, `endpoint`,
    /// `none`).
    pub voice: String,
    /// Said when a language a neural voice speaks was spoken by espeak-ng instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voice_note: Option<String>,
    /// What was read about the person.
    pub about: About,
}

/// Body of a made pitch.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PitchResult {
    pub success: bool,
    pub pitch: PitchView,
    pub credit_cost: i64,
    pub credits_remaining: i64,
    /// Where the page's events go, when the request gave a `callbackUrl` (its secret shown
    /// this once).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook: Option<WebhookRegistration>,
}

/// A pitch page as its status shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageSummary {
    pub id: String,
    pub url: String,
    pub title: String,
    pub language: String,
    /// Who it is for, as read from the input.
    pub to: Option<String>,
    /// Who it is from, as the page names them.
    pub from: Option<String>,
    pub cta: String,
    pub cta_url: Option<String>,
}

impl PageSummary {
    pub fn of(page: &engine::Page, base_url: &str) -> PageSummary {
        let text = |value: &serde_json::Value| value.as_str().map(str::to_string);
        PageSummary {
            id: page.id.clone(),
            url: format!("{base_url}/m/{}", page.id),
            title: page.title.clone(),
            language: page.language.clone(),
            to: text(&page.extra["about"]["name"]),
            from: text(&page.extra["from"]),
            cta: text(&page.extra["cta"]).unwrap_or_default(),
            cta_url: text(&page.extra["ctaUrl"]),
        }
    }
}

/// Where a pitch page's events go and every attempt to send them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PitchWebhook {
    pub callback_url: String,
    /// Every attempt, oldest first.
    pub deliveries: Vec<crate::events::Delivery>,
}

/// The answer of `GET /api/agent/before/{id}`: the page and what people did on it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PitchStatus {
    pub success: bool,
    pub pitch: PageSummary,
    pub activity: activity::Activity,
    /// Present when the pitch was made with a `callbackUrl`.
    pub webhook: Option<PitchWebhook>,
}

/// Checks a request as sent: every refusal is a 400 before anything is charged.
fn check(request: &PitchRequest) -> Result<Checked, Error> {
    let language = languages::resolve(request.language.as_deref())?;
    let input = request.input.as_deref().filter(|i| !i.trim().is_empty()).ok_or_else(|| {
        Error::bad_request(
            "missing_input",
            "`input` is required: a website, an x.com or linkedin.com link, or a sentence.",
        )
    })?;
    if !INPUT.check(input) {
        return Err(Error::bad_request("input_too_long", format!("`input` must be {}.", INPUT.explain())));
    }
    about::check_link(input)?;
    let offer = match request.offer.as_deref() {
        Some(offer) if !OFFER.check(offer) => {
            return Err(Error::bad_request("offer_too_long", format!("`offer` must be {}.", OFFER.explain())));
        }
        Some(offer) if !offer.trim().is_empty() => Some(offer.trim().to_string()),
        _ => None,
    };
    let cta = check_cta(request.cta.as_ref(), offer.as_deref())?;
    let voice = speech::chosen_voice(language, request.voice.as_deref())?;
    Ok(Checked { input: input.trim().to_string(), offer, cta, language, voice, webhook: None })
}

/// The generator's pitch, checked: one hook, 4–8 beats, 1–3 memes, one call to action.
struct Written {
    title: String,
    hook: String,
    /// (caption, what the voice reads)
    beats: Vec<(String, String)>,
    memes: Vec<(String, String)>,
    cta: String,
    /// Where the call to action leads: the host's, never the generator's.
    cta_url: Option<String>,
    /// Who sends it ([`sender`]): the host's, never the generator's.
    from: Option<Sender>,
}

/// Who a pitch is from: a name, and the registered brand it names, if any (whose logo the page
/// shows).
#[derive(Debug, Clone)]
struct Sender {
    name: String,
    brand: Option<String>,
}

fn written(content: crate::plugins::Content) -> Result<Written, Error> {
    let invalid = |why: &str| Error::from(PluginError::InvalidOutput(format!("the pitch generator {why}")));
    let texts = |role: &str| content.blocks.iter().filter(|b| b.role == role).collect::<Vec<_>>();
    let (hooks, beats, memes, ctas) = (texts("hook"), texts("beat"), texts("meme"), texts("cta"));
    if hooks.len() != 1 || ctas.len() != 1 || hooks[0].text.trim().is_empty() {
        return Err(invalid("must write one hook and one call to action"));
    }
    if !(4..=8).contains(&beats.len()) || beats.iter().any(|b| b.text.trim().is_empty()) {
        return Err(invalid("must write 4 to 8 beats"));
    }
    if !(1..=3).contains(&memes.len()) {
        return Err(invalid("must write 1 to 3 memes"));
    }
    let attribute =
        |b: &crate::plugins::Block, key: &str| b.attributes.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    Ok(Written {
        title: content.title.clone(),
        hook: hooks[0].text.clone(),
        beats: beats
            .iter()
            .map(|b| (b.text.clone(), attribute(b, "speech").unwrap_or_else(|| b.text.clone())))
            .collect(),
        memes: memes.iter().map(|b| (attribute(b, "top").unwrap_or_default(), b.text.clone())).collect(),
        cta: ctas[0].text.clone(),
        cta_url: None,
        from: None,
    })
}

/// Who a pitch is from, as its page names them: the brand it is made for, else the brand a
/// brand-admin key administers, else the name of the account holding the key.
async fn sender(ctx: &Ctx, brand: Option<&brands::Brand>) -> Result<Option<Sender>, Error> {
    let of_brand = |brand: &brands::Brand| Sender { name: brand.profile.name.clone(), brand: Some(brand.key.clone()) };
    if let Some(brand) = brand {
        return Ok(Some(of_brand(brand)));
    }
    if let Some(key) = &ctx.caller.brand
        && let Some(brand) = brands::get(&ctx.db, key).await?
    {
        return Ok(Some(of_brand(&brand)));
    }
    let name = crate::store::accounts::name_of_key(&ctx.db, ctx.caller.key_id).await?;
    Ok(name.filter(|n| !n.trim().is_empty()).map(|name| Sender { name, brand: None }))
}

/// Makes a pitch page for the caller: validates, gathers, pays, writes, voices, draws, stores.
pub async fn create(ctx: &Ctx, request: PitchRequest) -> Result<PitchResult, Error> {
    let price = catalog::price(KIND);
    let (pitch, hold, webhook) = create_as(ctx, request, &public_id(), price, None).await?;
    Ok(PitchResult { success: true, pitch, credit_cost: price.credits, credits_remaining: hold.balance_after, webhook })
}

/// A pitch request checked as the route checks it before anything is paid or fetched.
pub struct Checked {
    input: String,
    offer: Option<String>,
    cta: Cta,
    language: &'static Language,
    /// The voice chosen, if not the language's default.
    voice: Option<&'static str>,
    webhook: Option<WebhookRegistration>,
}

/// Checks `request`: its fields, a generator for its language and its callback address.
pub async fn check_request(ctx: &Ctx, request: &PitchRequest) -> Result<Checked, Error> {
    let checked = check(request)?;
    ctx.plugins.writer(KIND, None, checked.language)?;
    let (url, secret) = (request.callback_url.clone(), request.webhook_secret.clone());
    let webhook = callbacks::register(&ctx.guard, url, secret).await?;
    Ok(Checked { webhook, ..checked })
}

/// What the pitch `request` would cost, refused as [`create`] refuses it; nothing is fetched,
/// made or paid.
pub async fn quote(ctx: &Ctx, request: &PitchRequest) -> Result<billing::Price, Error> {
    check_request(ctx, request).await?;
    Ok(catalog::price(KIND))
}

/// The job a pitch page `id` is recorded under (`engine_pages.job_id`).
pub fn origin(id: &str) -> String {
    format!("pi_{id}")
}

/// [`create`] of page `id` (chosen by the caller, so a listing can name it before it exists),
/// at `price`, in the look of a registered `brand`; answers the page, its payment and the
/// webhook its events go to.
pub async fn create_as(
    ctx: &Ctx,
    request: PitchRequest,
    id: &str,
    price: billing::Price,
    brand: Option<&brands::Brand>,
) -> Result<(PitchView, billing::Hold, Option<WebhookRegistration>), Error> {
    let Checked { input, offer, cta, language, voice, webhook } = check_request(ctx, &request).await?;
    // A website is fetched only for a caller who can pay for the pitch.
    billing::ensure_can_pay(ctx, price).await?;
    let look = match brand {
        Some(brand) => Look {
            style: brands::look::style(ctx, Some(&brand.key), &brand.profile.name).await?,
            brand: Some(brand.key.clone()),
        },
        None => Look { style: Style::seeded(crate::plugins::seed_of(id)), brand: None },
    };
    let from = sender(ctx, brand).await?;
    let about = about::gather(ctx, &input).await;
    let (id, origin) = (id.to_string(), origin(id));
    let seed = crate::plugins::seed_of(&id);
    let offered = offer.as_deref().map(|o| (o, crate::reading::of_text(o)));
    // The pictures show the person's world and the offer's (a restaurant and a rota planner).
    let offer_subject = offered.as_ref().map(|(_, r)| crate::illustrate::Subject::of(r)).unwrap_or_default();
    let subject = crate::illustrate::Subject::of(&about.reading).and(offer_subject);
    let mut options = vec![("name".to_string(), about.name.clone()), ("source".to_string(), about.source.to_string())];
    options.extend(offered.map(|(text, reading)| offer_options(text, &reading)).unwrap_or_default());
    options.extend(cta.label.clone().map(|l| ("cta-label".to_string(), l)));
    options.extend(about.site.clone().map(|s| ("site".to_string(), s)));
    let ask = Request {
        task: KIND.into(),
        kind: None,
        input: about.description.clone(),
        language: language.code.into(),
        seed,
        brand: None,
        options,
        reading: crate::plugins::reading::to_wit(&about.reading),
    };
    let (services, base_url, key_id) = (ctx.services.clone(), ctx.base_url.clone(), ctx.caller.key_id);
    let hook = webhook.as_ref().map(|w| Hook { url: w.callback_url.clone(), secret: w.webhook_secret.clone() });
    let work = move |hold: billing::Hold| async move {
        let (content, _) = services.plugins.generate(KIND, None, &ask).await.map_err(Error::from)?;
        let subject = subject.drawing(crate::plugins::said_to_draw(&content));
        let pitch = Written { cta_url: cta.url, from, ..written(content)? };
        let page = Made { origin: &origin, id: &id, key_id, language, voice, look, hook, subject };
        make(&services, page, &about, pitch, hold, &base_url, None).await
    };
    let (pitch, hold) = billing::pay_for(ctx, price, work).await?;
    Ok((pitch, hold, webhook))
}

/// The look of a pitch page: the style its pictures are drawn in and the registered brand it
/// is in, if any.
pub struct Look {
    pub style: Style,
    pub brand: Option<String>,
}

/// Which page a pitch makes, for whom and how it looks.
struct Made<'a> {
    origin: &'a str,
    id: &'a str,
    key_id: i64,
    language: &'static Language,
    /// Its narrator, if not the language's default voice.
    voice: Option<&'static str>,
    look: Look,
    /// Where the page's events go, if anywhere.
    hook: Option<Hook>,
    /// What its pictures show besides their lines.
    subject: crate::illustrate::Subject,
}

/// Voices and draws a written pitch and stores its page with the capture (and the invite that
/// carries it, if any); on any failure the blobs written go and the payment is released by the
/// caller.
async fn make(
    services: &Services,
    made_as: Made<'_>,
    about: &About,
    pitch: Written,
    hold: billing::Hold,
    base_url: &str,
    invite: Option<&invite::Record>,
) -> Result<PitchView, Error> {
    let Made { origin, id, key_id, language, voice, look: Look { style, brand }, hook, subject } = made_as;
    let (captions, said): (Vec<String>, Vec<String>) = pitch.beats.iter().cloned().unzip();
    let voice = speech::voice_or_silence(&services.speech, language).picked(voice);
    let cover = pipeline::Cover::new(&pitch.hook, style.clone(), crate::plugins::seed_of(id)).about(subject.clone());
    let made = pipeline::speak_and_lay(services, &voice, language, pipeline::Script { captions, said }, cover)
        .await
        .map_err(Error::from)?;
    let memes = draw_memes(services, &pitch.memes, (language, &subject), &style, id).await?;
    let meme_keys: Vec<String> = (1..=memes.len()).map(|n| meme_key(origin, n)).collect();
    let about_page = engine::About { title: &pitch.title, language, brand: brand.as_deref() };
    let extra = json!({
        "hook": pitch.hook,
        "cta": pitch.cta,
        "ctaUrl": pitch.cta_url,
        "from": pitch.from.as_ref().map(|f| &f.name),
        "fromBrand": pitch.from.as_ref().and_then(|f| f.brand.as_ref()),
        "memes": pitch.memes.iter().zip(&meme_keys).map(|((top, bottom), blob)| json!({"top": top, "bottom": bottom, "blob": blob})).collect::<Vec<_>>(),
        "about": about,
        // What the memes' illustrations show besides their lines: their alt text names them.
        "subject": subject,
    });
    let record = async {
        for (key, picture) in meme_keys.iter().zip(&memes) {
            services.blobs.put(key, picture.first().map(|p| p.png.clone()).unwrap_or_default()).await?;
        }
        let mut page = engine::put_voice(services, id, (origin, key_id), about_page, &made).await?;
        page.kind = KIND;
        page.extra = Some(&extra);
        hold.settle(&services.db).await?;
        let mut tx = services.db.pool().begin().await?;
        engine::insert_paid_in(&mut tx, &page, &hold).await?;
        if let Some(hook) = &hook {
            store::activity::insert_hook_in(&mut tx, id, hook).await?;
        }
        if let Some(invite) = invite {
            invite::record_in(&mut tx, key_id, invite, id, language.code).await?;
        }
        tx.commit().await?;
        // Who listens for the key's new media hears of it now (its job is written done).
        services.db.announce(store::changes::Notice::Changed(id.into())).await;
        Ok::<(), Error>(())
    };
    if let Err(e) = record.await {
        // Not recorded, so not charged: the blobs go too (its pictures were never drawn).
        let mut keys = meme_keys.clone();
        keys.push(store::engine::voice_key(origin));
        store::blobs::discard(services.blobs.as_ref(), &keys).await;
        return Err(e);
    }
    engine::pictures::draw_soon(services, id);
    Ok(view(id, base_url, pitch, made, language, about))
}

/// The pitch's memes, each an image meme of its top and bottom lines in the pitch's look.
async fn draw_memes(
    services: &Services,
    memes: &[(String, String)],
    (language, subject): (&'static Language, &crate::illustrate::Subject),
    style: &Style,
    id: &str,
) -> Result<Vec<Vec<cards::Picture>>, Error> {
    let sheets = memes
        .iter()
        .map(|(top, bottom)| OwnedSheet {
            kind: "image".into(),
            language: language.code,
            rtl: language.direction == "rtl",
            blocks: vec![("top".into(), top.clone()), ("bottom".into(), bottom.clone())],
            style: style.clone(),
            seed: crate::plugins::seed_of(id),
            subject: subject.clone(),
            shape: None,
        })
        .collect();
    Ok(cards::draw(&services.renders, services.settings.picture_budget(), sheets).await?)
}

/// What the caller is answered of the pitch page `id`.
fn view(
    id: &str,
    base_url: &str,
    pitch: Written,
    made: pipeline::Made,
    language: &'static Language,
    about: &About,
) -> PitchView {
    let url = format!("{base_url}/m/{id}");
    PitchView {
        id: id.to_string(),
        url: url.clone(),
        title: pitch.title,
        language: language.code.into(),
        hook: pitch.hook,
        beats: made
            .voiced
            .beats
            .iter()
            .map(|b| PitchBeat { text: b.text.clone(), start: b.start, end: b.end })
            .collect(),
        memes: pitch
            .memes
            .into_iter()
            .enumerate()
            .map(|(n, (top, bottom))| PitchMeme { top, bottom, image_url: format!("{url}/meme-{}.png", n + 1) })
            .collect(),
        cta: pitch.cta,
        cta_url: pitch.cta_url,
        voice_url: format!("{url}/voice"),
        duration_ms: made.voiced.audio.duration_ms(),
        word_times: made.voiced.word_times,
        voice: made.voiced.engine.into(),
        voice_note: speech::fallback_note(language.code, made.voiced.engine),
        about: about.clone(),
    }
}

/// What the generator is told of the sender's offer: the words, and the host's reading of them
/// (its name, domain, what it is, its first sentence and their language), so the pitch reads
/// the offer's kind and turns it into a benefit.
fn offer_options(offer: &str, reading: &crate::reading::Reading) -> Vec<(String, String)> {
    let read = copywriter::pitch::Offer::of(reading);
    [
        ("offer", offer.to_string()),
        ("offer-name", read.name),
        ("offer-domain", read.domain),
        ("offer-what", read.what),
        ("offer-said", read.said),
        ("offer-language", read.language),
    ]
    .into_iter()
    .map(|(key, value)| (key.to_string(), value))
    .collect()
}

/// Where a pitch's meme picture `n` (from 1) is kept.
pub fn meme_key(origin: &str, n: usize) -> String {
    format!("pages/{origin}/meme-{n}.png")
}
