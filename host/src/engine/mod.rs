//! Engine pages (`/m/<id>`): a voice track split into beats, each beat with its caption and its
//! picture, shown in time with the voice. Audioscript jobs make them; MP4 renders read them.
//! The rows are in `store::engine`, the voice track and pictures in the blob store.

pub mod page;
pub mod pictures;
pub mod routes;

use crate::blobs;
use crate::caption_style::CaptionStyle;
use crate::ctx::Services;
use crate::error::Error;
use crate::jobs::Job;
use crate::languages::Language;
use crate::media::captions;
use crate::store::{self, public_id};

pub use crate::pipeline::{Beat, Made};
pub use crate::store::engine::Page;
pub use pictures::{Painter, Shot};

/// What a page is about: its title, language and brand.
#[derive(Debug, Clone, Copy)]
pub struct About<'a> {
    pub title: &'a str,
    pub language: &'a Language,
    /// The registered brand whose look the page has.
    pub brand: Option<&'a str>,
}

/// Writes a page's voice track, keyed by `origin` (the job that made it, so a retry overwrites
/// its first attempt's; with the key that pays, `key_id`). Answers the page row to record, which
/// names every picture's blobs too (they are drawn when first needed, [`pictures`]); then
/// `store::engine::insert_in` records it and [`pictures::draw_soon`] draws them.
pub async fn put_voice<'a>(
    services: &Services,
    id: &'a str,
    (origin, key_id): (&'a str, i64),
    about: About<'a>,
    made: &'a Made,
) -> Result<store::engine::NewPage<'a>, Error> {
    services.blobs.put(&store::engine::voice_key(origin), made.voiced.audio.to_wav()).await?;
    Ok(store::engine::NewPage {
        id,
        job_id: origin,
        key_id,
        title: about.title,
        language: about.language.code,
        brand: about.brand,
        beats: &made.voiced.beats,
        captioned: made.voiced.captioned,
        audio_type: "audio/wav",
        duration_ms: made.voiced.audio.duration_ms(),
        drawing: &made.drawing,
        lit: made.voiced.beats.iter().map(crate::pipeline::lit).collect(),
        kind: "script",
        extra: None,
    })
}

/// Stores what the pipeline made for `job` as a page, then draws its pictures in the background:
/// the voice track first, then the rows in one transaction. A retried job that already stored
/// its page (it died after the commit) finds it and stores nothing twice; one that died before
/// writes the same voice track again.
pub async fn store(services: &Services, job: &Job, about: About<'_>, made: &Made) -> Result<String, Error> {
    if let Some(existing) = store::engine::by_job(&services.db, &job.id).await? {
        return Ok(existing);
    }
    let id = public_id();
    let page = put_voice(services, &id, (&job.id, job.key_id), about, made).await?;
    store::engine::insert(&services.db, &page).await?;
    pictures::draw_soon(services, &id);
    Ok(id)
}

/// Records a page made within a paid call rather than by a queued job, in the caller's
/// transaction: a finished job row under the page's origin (so the page's blobs and the key's
/// jobs list name it like any job's), the page's rows, and the capture of its payment (settled
/// before the transaction began).
pub async fn insert_paid_in(
    conn: &mut sqlx::AnyConnection,
    page: &store::engine::NewPage<'_>,
    hold: &crate::billing::Hold,
) -> Result<(), Error> {
    let result = serde_json::json!({"pageId": page.id});
    let record = store::jobs::Queued {
        id: page.job_id,
        kind: page.kind,
        key_id: page.key_id,
        input: &result,
        max_attempts: 1,
        payment: Some((hold.rail, &hold.intent_id)),
        cost: hold.amount,
        access_hash: None,
    };
    store::jobs::insert_done_in(conn, &record, &result).await?;
    store::engine::insert_in(conn, page).await?;
    hold.capture_in(conn).await
}

pub async fn get(services: &Services, id: &str) -> Result<Option<Page>, Error> {
    Ok(store::engine::get(&services.db, id).await?)
}

/// The bytes of a page's voice track.
pub async fn voice(services: &Services, page: &Page) -> Result<Vec<u8>, Error> {
    Ok(blobs::expect(services.blobs.as_ref(), &page.voice).await?)
}

/// The picture of beat `position` (from 1; 0 the opening card) of page `id`, drawn now if it
/// never was.
pub async fn frame(services: &Services, id: &str, position: i64) -> Result<Option<Vec<u8>>, Error> {
    Ok(Painter::new(services, id).picture(position).await?.map(|(plain, _)| plain))
}

/// The link card of page `id` (1200×630): its title (a pitch's hook), who it is from (the
/// pitch's sender, the brand, or the service) and its first picture. Drawn on the first request
/// and kept beside the page's other pictures, so a public read costs what a stored picture does.
pub async fn link_card(services: &Services, id: &str) -> Result<Option<Vec<u8>>, Error> {
    let Some(page) = get(services, id).await? else { return Ok(None) };
    let key = store::engine::card_key(&page);
    let card = blobs::kept::read_or_make(services.blobs.as_ref(), &key, || draw_link_card(services, page)).await?;
    Ok(Some(card))
}

async fn draw_link_card(services: &Services, page: Page) -> Result<Vec<u8>, Error> {
    let id = page.id.as_str();
    let picture = frame(services, id, 1).await?;
    let brand = match page.brand.as_deref() {
        Some(key) => crate::brands::get(&services.db, key).await?.map(|b| (key.to_string(), b.profile.name)),
        None => None,
    };
    let style = match &brand {
        Some((key, name)) => crate::brands::look::style(services, Some(key), name).await?,
        None => crate::render::style::Style::seeded(crate::plugins::seed_of(id)),
    };
    let said = |key: &str| page.extra[key].as_str().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    let title = said("hook").unwrap_or_else(|| page.title.clone());
    // Names only, in no language: the card may be of a page in any.
    let name =
        said("from").or(brand.map(|(_, name)| name)).unwrap_or_else(|| crate::render::ending::SERVICE_NAME.to_string());
    let subject = page.drawing.as_ref().and_then(|d| d.subject.clone());
    let subject = subject.unwrap_or_else(|| crate::illustrate::Subject::titled(&page.title, &page.language));
    let words = (title, name, page.language.clone());
    let budget = (&services.renders, services.settings.picture_budget());
    Ok(crate::render::preview::drawn(budget, words, (style, subject), picture).await?)
}

/// Meme picture `n` (from 1) of a pitch page `id`.
pub async fn meme(services: &Services, id: &str, n: i64) -> Result<Option<Vec<u8>>, Error> {
    let Some(page) = get(services, id).await? else { return Ok(None) };
    let blob = usize::try_from(n - 1).ok().and_then(|i| page.extra["memes"][i]["blob"].as_str().map(str::to_string));
    match blob {
        Some(key) => Ok(Some(blobs::expect(services.blobs.as_ref(), &key).await?)),
        None => Ok(None),
    }
}

/// The page's captions as cues: a cue per word its beats light, in order.
pub fn cues(page: &Page) -> Vec<captions::Cue> {
    captions::cues(page.beats.iter().flat_map(|b| &b.words).map(|w| (w.text.as_str(), w.start, w.end)))
}

/// The page's captions in `format` (`vtt` or `srt`): the media type and the file.
pub fn captions_file(page: &Page, format: &str) -> Option<(&'static str, String)> {
    let cues = cues(page);
    match format {
        "vtt" => Some(("text/vtt; charset=utf-8", captions::vtt(&cues))),
        "srt" => Some(("application/x-subrip; charset=utf-8", captions::srt(&cues))),
        _ => None,
    }
}

/// Where a page's captions are, as the status of the jobs that made or rendered it names them.
pub fn caption_links(page_id: &str, base_url: &str) -> serde_json::Map<String, serde_json::Value> {
    let url = |format: &str| serde_json::Value::String(format!("{base_url}/m/{page_id}/captions.{format}"));
    serde_json::Map::from_iter([("captionsVttUrl".to_string(), url("vtt")), ("captionsSrtUrl".to_string(), url("srt"))])
}

/// A beat of a page as its reader gets it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageBeat {
    pub text: String,
    /// Milliseconds into the voice track.
    pub start: u64,
    pub end: u64,
    /// The beat's picture.
    pub image_url: String,
}

/// A pitch page's meme as its reader gets it.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageMeme {
    pub top: String,
    pub bottom: String,
    pub image_url: String,
}

/// A whole engine page, for the key that made it or bought it: everything the page shows.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageView {
    /// The page id; `POST /api/agent/mp4` renders `url`.
    pub id: String,
    pub url: String,
    /// `pitch`, `slideshow` or `script` (an audioscript's).
    pub kind: String,
    pub title: String,
    pub language: String,
    /// The registered brand whose look it has.
    pub brand: Option<String>,
    pub duration_ms: u64,
    /// The voice track.
    pub voice_url: String,
    /// The video's opening card.
    pub cover_url: String,
    pub beats: Vec<PageBeat>,
    /// A pitch's hook, call to action and memes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hook: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cta: Option<String>,
    /// Where the call to action leads (a pitch's `cta.url`, or the link in its offer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cta_url: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub memes: Vec<PageMeme>,
}

/// The page as its reader gets it, with links under `base_url`.
pub fn view(page: &Page, base_url: &str) -> PageView {
    let url = format!("{base_url}/m/{}", page.id);
    let text = |field: &str| page.extra[field].as_str().map(str::to_string);
    let memes = page.extra["memes"].as_array().map(Vec::as_slice).unwrap_or_default();
    PageView {
        id: page.id.clone(),
        kind: page.kind.clone(),
        title: page.title.clone(),
        language: page.language.clone(),
        brand: page.brand.clone(),
        duration_ms: page.duration_ms,
        voice_url: format!("{url}/voice"),
        cover_url: format!("{url}/0.png"),
        beats: (1..)
            .zip(&page.beats)
            .map(|(n, b)| PageBeat {
                text: b.text.clone(),
                start: b.start,
                end: b.end,
                image_url: format!("{url}/{n}.png"),
            })
            .collect(),
        hook: text("hook"),
        cta: text("cta"),
        cta_url: text("ctaUrl"),
        memes: (1..)
            .zip(memes)
            .map(|(n, m)| PageMeme {
                top: m["top"].as_str().unwrap_or_default().to_string(),
                bottom: m["bottom"].as_str().unwrap_or_default().to_string(),
                image_url: format!("{url}/meme-{n}.png"),
            })
            .collect(),
        url,
    }
}

/// The caption style `name` names, refused with `invalid_caption_style` when it names none.
pub fn caption_style_of(name: Option<&str>) -> Result<Option<CaptionStyle>, Error> {
    let Some(name) = name else { return Ok(None) };
    CaptionStyle::parse(name).map(Some).ok_or_else(|| {
        let names: Vec<&str> = CaptionStyle::ALL.map(CaptionStyle::name).to_vec();
        Error::bad_request("invalid_caption_style", format!("`captionStyle` must be one of {}.", names.join(", ")))
    })
}
