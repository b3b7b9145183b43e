//! MP4 renders: an engine page turned into a vertical video. Submitting checks that `pageUrl`
//! names one of this service's engine pages and that the renderer is not busy, then charges 3
//! credits with the job (202). A worker encodes the page's beat pictures and voice track
//! (`media::mp4`), and the video is hosted at `/v/<id>` for `mp4_hosted_secs` (24 hours by
//! default); then the file is deleted and the page answers 410. A render that fails for good is
//! refunded.

pub mod music;
pub mod page;
pub mod routes;

use std::sync::Arc;

use std::sync::LazyLock;

use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;

use crate::aspect::Aspect;
use crate::billing;
use crate::blobs::{BlobError, ByteStream};
use crate::caption_style::CaptionStyle;
use crate::catalog;
use crate::ctx::{Ctx, Services};
use crate::engine;
use crate::error::Error;
use crate::jobs::worker::{Handler, JobError};
use crate::jobs::{self, Accepted, Job, Stage};
use crate::media::{Scratch, film, mp4, wav};
use crate::pipeline;
use crate::rules::{HOST_PORT, Text};
use crate::store::{self, now_ms, public_id};

/// The job kind (and catalog service id).
pub const KIND: &str = "mp4";

/// Body of `POST /api/agent/mp4`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Mp4Request {
    #[schema(schema_with = page_url_schema, required = true)]
    pub page_url: Option<String>,
    /// Music under the voice: looped or cut to it, faded in and out, ducked while words are said.
    #[schema(schema_with = music_url_schema)]
    pub music_url: Option<String>,
    /// The video's shape: `9:16` (the default), `1:1`, `4:5` or `16:9`; each is composed for its
    /// shape, not cropped.
    #[schema(schema_with = aspect_schema)]
    pub aspect: Option<String>,
    /// How the word being said is shown: `highlight`, `karaoke`, `underline` or `boxed`; the
    /// page's own style when absent.
    #[schema(schema_with = caption_style_schema)]
    pub caption_style: Option<String>,
}

fn caption_style_schema() -> Object {
    let about = "How the word being said is shown (the menu's `captionStyles`); the page's own style when absent";
    crate::rules::choice(CaptionStyle::ALL.map(CaptionStyle::name), about)
}

const ASPECT_HELP: &str = "The video's shape: 9:16 (1080×1920, the default), 1:1 (1080×1080), 4:5 (1080×1350) or \
     16:9 (1920×1080); each composed for its shape";

/// The schema of an `aspect` field.
pub fn aspect_schema() -> Object {
    crate::rules::choice(Aspect::ALL.map(Aspect::name), ASPECT_HELP)
}

/// The shape an `aspect` field asks for (9:16 when absent), refused with `invalid_aspect` when it
/// names none.
pub fn aspect_of(aspect: Option<&str>) -> Result<Aspect, Error> {
    match aspect {
        None => Ok(Aspect::Tall),
        Some(name) => Aspect::parse(name).ok_or_else(|| {
            let names: Vec<&str> = Aspect::ALL.map(Aspect::name).to_vec();
            let why = format!("`aspect` must be one of {}.", names.join(", "));
            Error::bad_request("invalid_aspect", why)
        }),
    }
}

fn music_url_schema() -> Object {
    music::MUSIC_URL.nullable("An https link to an .mp3, .m4a, .wav or .ogg file of at most 10 MB, put under the voice")
}

/// Longest engine page id.
const PAGE_ID_CHARS: usize = 32;

/// The shape of `pageUrl`: a path `/m/<id>` or an http(s) URL with that path; a query or
/// fragment may follow. That its host is this service's own is checked against the request.
pub static PAGE_URL: LazyLock<Text> = LazyLock::new(|| {
    Text::built(
        0,
        u64::MAX,
        format!(r"^(?:https?://{HOST_PORT})?/m/[A-Za-z0-9]{{1,{PAGE_ID_CHARS}}}/*(?:[?#][^\x00-\x1F\x7F]*)?$"),
        ": an engine page of this service, `/m/<id>` or its full address",
    )
});

fn page_url_schema() -> Object {
    PAGE_URL.schema("The engine page to render")
}

/// The engine page id in `page_url`, if it names one of this service's pages: a path
/// `/m/<id>`, or a full http(s) URL on the service's own address (`base_url`).
pub fn page_id(page_url: &str, base_url: &str) -> Option<String> {
    let page_url = page_url.trim();
    let path = if page_url.starts_with('/') {
        page_url.to_string()
    } else {
        let url = url::Url::parse(page_url).ok()?;
        let base = url::Url::parse(base_url).ok()?;
        let same = matches!(url.scheme(), "http" | "https")
            && url.host_str().map(str::to_ascii_lowercase) == base.host_str().map(str::to_ascii_lowercase)
            && url.port_or_known_default() == base.port_or_known_default()
            && url.username().is_empty()
            && url.password().is_none();
        if !same {
            return None;
        }
        url.path().to_string()
    };
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let id = path.strip_prefix("/m/")?.trim_end_matches('/');
    (!id.is_empty() && id.len() <= PAGE_ID_CHARS && id.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then(|| id.to_string())
}

/// Validates, checks the renderer, then pays for and queues the render.
pub async fn submit(ctx: &Ctx, request: Mp4Request) -> Result<Accepted, Error> {
    let (id, aspect, caption) = page_of(ctx, &request).await?;
    jobs::ensure_renderer_free(ctx).await?;
    let job_id = format!("mp4_{}", public_id());
    let price = catalog::price(KIND);
    // The end card links to the page as this caller reaches it (a pitch links to its own offer).
    let input = json!({
        "pageId": id, "pageUrl": format!("{}/m/{id}", ctx.base_url), "music": request.music_url.is_some(),
        "aspect": aspect.name(), "captionStyle": caption.map(CaptionStyle::name),
    });
    let Some(url) = request.music_url.as_deref() else {
        return jobs::submit_paid(ctx, &job_id, KIND, price, &input, "mp4").await;
    };
    // Music is fetched only for a caller who can pay for the render, and kept for its worker.
    billing::ensure_can_pay(ctx, price).await?;
    let bytes = music::fetch(ctx, url).await?;
    ctx.blobs.put(&music::key(&job_id), bytes).await?;
    let queued = jobs::submit_paid(ctx, &job_id, KIND, price, &input, "mp4").await;
    if queued.is_err() {
        store::blobs::discard(ctx.blobs.as_ref(), &[music::key(&job_id)]).await;
    }
    queued
}

/// The engine page `request` names, the shape and caption style asked for, checked as the route
/// checks them: present, one of this service's page addresses, a page that exists and can be
/// drawn in that shape and style.
async fn page_of(ctx: &Ctx, request: &Mp4Request) -> Result<(String, Aspect, Option<CaptionStyle>), Error> {
    let base_url = &ctx.base_url;
    let raw = request
        .page_url
        .as_deref()
        .filter(|u| !u.trim().is_empty())
        .ok_or_else(|| Error::bad_request("missing_page_url", "`pageUrl` is required: an engine page, /m/<id>."))?;
    if let Some(url) = request.music_url.as_deref().filter(|u| !music::MUSIC_URL.check(u)) {
        let why = format!("`musicUrl` must be {}; got {} characters.", music::MUSIC_URL.explain(), url.chars().count());
        return Err(Error::bad_request("invalid_music_url", why));
    }
    let aspect = aspect_of(request.aspect.as_deref())?;
    let caption = engine::caption_style_of(request.caption_style.as_deref())?;
    let id = page_id(raw, base_url).filter(|_| PAGE_URL.check(raw)).ok_or_else(|| {
        Error::bad_request(
            "invalid_page_url",
            format!("`pageUrl` must be one of this service's engine pages: /m/<id> or {base_url}/m/<id>."),
        )
    })?;
    let Some(page) = engine::get(ctx, &id).await? else {
        return Err(Error::bad_request("unknown_page", "No engine page has this address."));
    };
    // Pages from before pictures were drawn on demand keep only their 9:16 pictures, lit as made.
    if (aspect != Aspect::Tall || caption.is_some()) && page.drawing.is_none() {
        let why = "This page was made before pages could be drawn again: only its own `9:16` pictures are available.";
        return Err(Error::bad_request("unsupported_aspect", why));
    }
    Ok((id, aspect, caption))
}

/// What rendering the page `request` names would cost, refused as [`submit`] refuses its body;
/// nothing is rendered or paid.
pub async fn quote(ctx: &Ctx, request: &Mp4Request) -> Result<crate::money::Price, Error> {
    page_of(ctx, request).await?;
    Ok(catalog::price(KIND))
}

/// A finished render's status fields: its video, its poster and looping preview, its hosted
/// page and until when.
pub fn result_view(result: &Value, base_url: &str) -> serde_json::Map<String, Value> {
    let fields = ["pageId", "durationMs", "expiresAt", "sizeBytes", "aspect", "width", "height"];
    let mut view = jobs::result_fields(result, &fields);
    if let Some(render) = result["renderId"].as_str() {
        view.insert("mp4Url".into(), json!(format!("{base_url}/v/{render}/video.mp4")));
        view.insert("videoPageUrl".into(), json!(format!("{base_url}/v/{render}")));
        // Renders made before stills have none.
        if result["stills"] == true {
            view.insert("posterUrl".into(), json!(format!("{base_url}/v/{render}/poster.png")));
            view.insert("loopUrl".into(), json!(format!("{base_url}/v/{render}/loop.gif")));
        }
    }
    if let Some(page) = result["pageId"].as_str() {
        view.extend(engine::caption_links(page, base_url));
    }
    view
}

/// The worker side.
pub fn handler(services: Services) -> Handler {
    Arc::new(move |job: Job| {
        let services = services.clone();
        Box::pin(async move { render(&services, &job).await })
    })
}

async fn render(services: &Services, job: &Job) -> Result<Value, JobError> {
    let retry = |e: Error| JobError::Retry(e.to_string());
    if let Some(done) = store::renders::by_job(&services.db, &job.id).await.map_err(|e| retry(e.into()))? {
        return Ok(result(&done));
    }
    let page_id = job.input["pageId"].as_str().ok_or_else(|| JobError::Fatal("bad job input".into()))?.to_string();
    // Each stage is announced as it starts (its status and an MCP client's progress say it);
    // finer steps are only logged. The fault tests kill a worker at each (tests/tests/faults.rs).
    jobs::enter(&services.db, job, Stage::Voice).await;
    let page = engine::get(services, &page_id)
        .await
        .map_err(retry)?
        .ok_or_else(|| JobError::Fatal("the page is gone".into()))?;
    let voice = engine::voice(services, &page).await.map_err(retry)?;
    let voice = wav::parse(&voice).map_err(|e| JobError::Fatal(format!("the voice track: {e}")))?;
    // Drawn by now in the background, unless the render came first; pages made before opening
    // cards have none, and their videos start with the voice.
    jobs::enter(&services.db, job, Stage::Pictures).await;
    let started = std::time::Instant::now();
    let aspect = job.input["aspect"].as_str().and_then(Aspect::parse).unwrap_or_default();
    let Drawn { opening, pictures, ending, keep_said } = drawn(services, job, &page, aspect).await.map_err(retry)?;
    let pictures_ms = started.elapsed().as_secs_f64() * 1e3;
    let cues = engine::cues(&page);
    tracing::info!(stage = "scratch", "render stage");
    let scratch = Scratch::new(&services.settings.data_dir, &job.id)
        .await
        .map_err(|e| JobError::Retry(format!("scratch folder: {e}")))?;
    let (wav_path, out_path) = (scratch.path().join("voice.wav"), scratch.path().join("out.mp4"));
    let voice_ms = voice.duration_ms();
    // The end card is silent: the track runs on under it, so both streams end together.
    let mut track = if ending.is_some() { voice.padded(film::END_MS) } else { voice };
    if job.input["music"] == true {
        track = with_music(services, &job.id, track).await?;
    }
    let duration_ms = track.duration_ms();
    tokio::fs::write(&wav_path, track.to_wav()).await.map_err(|e| JobError::Retry(format!("scratch file: {e}")))?;
    let beats = page.beats;
    let out = out_path.clone();
    jobs::enter(&services.db, job, Stage::Encode).await;
    let encoded = services
        .renders
        .run(services.settings.media_budget(), move |budget| {
            let shots = beats
                .iter()
                .zip(&pictures)
                .map(|(beat, shot)| mp4::Shot {
                    start_ms: beat.start,
                    png: &shot.plain,
                    lit: shot.lit.as_deref(),
                    words: beat.words.iter().zip(&shot.boxes).map(|(w, boxes)| (w.start, boxes.as_slice())).collect(),
                })
                .collect();
            let size = aspect.size();
            let film = mp4::Film {
                size,
                opening: opening.as_deref(),
                shots,
                voice_ms,
                ending: ending.as_deref(),
                cues: &cues,
                keep_said,
            };
            let encoded = mp4::encode(&film, &wav_path, &out, budget)?;
            // The hook card stands for the video, then its beats follow it in the preview.
            let firsts: Vec<&[u8]> =
                opening.iter().chain(pictures.iter().map(|shot| &shot.plain)).map(Vec::as_slice).collect();
            Ok((encoded, Stills::of(&firsts)?))
        })
        .await
        .map_err(pipeline::cpu_failure)?;
    let (encoded, stills) = encoded;
    tracing::info!(frames = encoded.frames, pictures_ms, ms = encoded.total_ms, "rendered MP4");
    let kept = keep(services, job, page_id, Video { path: &out_path, stills, aspect, duration_ms }).await?;
    store::blobs::discard(services.blobs.as_ref(), &[music::key(&job.id)]).await;
    Ok(kept)
}

/// A render's pictures in its shape and caption style: the opening card, each beat's, the end
/// card, and whether the style keeps the words said lit.
struct Drawn {
    opening: Option<Vec<u8>>,
    pictures: Vec<engine::Shot>,
    ending: Option<Vec<u8>>,
    keep_said: bool,
}

async fn drawn(services: &Services, job: &Job, page: &engine::Page, aspect: Aspect) -> Result<Drawn, Error> {
    let caption = job.input["captionStyle"].as_str().and_then(CaptionStyle::parse);
    let painter = engine::Painter::of(services, page).shaped(aspect, caption);
    let link = job.input["pageUrl"].as_str().unwrap_or_default();
    let ((opening, pictures), ending) = tokio::try_join!(painter.shots(), async {
        // Pages from before pictures were drawn on demand cannot draw a card; they end on their last beat.
        match page.drawing {
            Some(_) => painter.ending(link).await.map(Some),
            None => Ok(None),
        }
    })?;
    Ok(Drawn { opening, pictures, ending, keep_said: painter.caption_of(page).keeps_said() })
}

/// `track` with the job's music under it, at the platforms' loudness.
async fn with_music(services: &Services, job_id: &str, track: wav::Pcm) -> Result<wav::Pcm, JobError> {
    let music = music::decoded(services, job_id, track.sample_rate, track.duration_ms())
        .await
        .map_err(JobError::Retry)?
        .ok_or_else(|| JobError::Fatal("the render's music is gone".into()))?;
    services
        .renders
        .run(services.settings.media_budget(), move |_| {
            let mut mixed = crate::media::music::under(&track, &music)?;
            crate::media::loudness::normalize(&mut mixed)?;
            Ok(mixed)
        })
        .await
        .map_err(pipeline::cpu_failure)
}

/// What stands for a video where it does not play: its poster (its first picture, a PNG) and
/// its looping preview (a GIF of its first pictures).
pub struct Stills {
    pub poster: Vec<u8>,
    pub looping: Vec<u8>,
}

impl Stills {
    /// The stills of a video whose pictures begin with `firsts`.
    pub fn of(firsts: &[&[u8]]) -> Result<Stills, String> {
        let poster = firsts.first().ok_or("a video without pictures")?.to_vec();
        Ok(Stills { poster, looping: crate::media::stills::looping(firsts)? })
    }
}

/// A video just encoded: its file, its stills, its shape and length.
pub struct Video<'a> {
    pub path: &'a std::path::Path,
    pub stills: Stills,
    pub aspect: Aspect,
    pub duration_ms: u64,
}

/// Keeps the video `job` encoded from `page_id` (an engine page or a meme), and its stills: the
/// file goes to the blob store without passing through memory, the stills beside it, then the
/// row names it, hosted for `mp4_hosted_secs`. Answers the job's result.
pub async fn keep(services: &Services, job: &Job, page_id: String, video: Video<'_>) -> Result<Value, JobError> {
    let retry = |e: Error| JobError::Retry(e.to_string());
    let Video { path: out_path, stills, aspect, duration_ms } = video;
    let size = tokio::fs::metadata(out_path).await.map_err(|e| JobError::Retry(format!("the video: {e}")))?.len();
    let blob = store::renders::key(&job.id);
    jobs::enter(&services.db, job, Stage::Keep).await;
    tracing::info!(stage = "store", "render stage");
    services.blobs.put_file(&blob, out_path).await.map_err(|e| retry(e.into()))?;
    let [poster, looping] = store::renders::stills(&blob);
    services.blobs.put(&poster, stills.poster).await.map_err(|e| retry(e.into()))?;
    services.blobs.put(&looping, stills.looping).await.map_err(|e| retry(e.into()))?;
    let render = store::renders::Render {
        id: public_id(),
        page_id,
        size_bytes: size as i64,
        duration_ms: duration_ms as i64,
        expires_at: now_ms() + services.settings.mp4_hosted_secs as i64 * 1000,
        blob: Some(blob),
        aspect,
    };
    tracing::info!(stage = "record", "render stage");
    store::renders::insert(&services.db, &job.id, job.key_id, &render).await.map_err(|e| retry(e.into()))?;
    Ok(result(&render))
}

/// A kept render's result (what the job records and its status shows).
pub fn result(render: &store::renders::Render) -> Value {
    let (width, height) = render.aspect.size();
    json!({
        "renderId": render.id, "pageId": render.page_id, "durationMs": render.duration_ms,
        "expiresAt": render.expires_at, "sizeBytes": render.size_bytes, "stills": true,
        "aspect": render.aspect.name(), "width": width, "height": height,
    })
}

/// A live render: `Ok(None)` if it never existed, `Err(Gone)` once its hosting time is over.
pub async fn hosted(services: &Services, id: &str) -> Result<Option<Hosted>, Error> {
    let Some(render) = store::renders::get(&services.db, id).await? else { return Ok(None) };
    match render.blob.clone() {
        Some(blob) if render.expires_at > now_ms() => Ok(Some(Hosted { render, blob })),
        _ => Err(Error::Gone { message: "This video's hosting time is over and it has been deleted.".into() }),
    }
}

/// A render whose video can be served, and the blob it is in.
pub struct Hosted {
    pub render: store::renders::Render,
    pub blob: String,
}

/// Bytes `start..=end` of a hosted video, read lazily from the blob store.
pub async fn read(services: &Services, hosted: &Hosted, start: u64, end: u64) -> Result<ByteStream, Error> {
    let stream = services.blobs.read_range(&hosted.blob, start, end).await?;
    Ok(stream.ok_or_else(|| BlobError::Missing(hosted.blob.clone()))?)
}

/// Deletes the videos of expired renders (their pages then answer 410). Returns how many.
pub async fn expire(services: &Services) -> Result<u64, Error> {
    let mut deleted = 0;
    loop {
        let expired = store::renders::expired(&services.db, 100).await?;
        if expired.is_empty() {
            return Ok(deleted);
        }
        for (id, blob) in expired {
            // The files first: a render whose file is gone but whose row says otherwise still
            // answers 410 (its time is over), and the next pass records it.
            for still in store::renders::stills(&blob) {
                services.blobs.delete(&still).await?;
            }
            services.blobs.delete(&blob).await?;
            store::renders::forget(&services.db, &id).await?;
            deleted += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_urls_of_the_documented_shape_name_a_page_on_this_service() {
        let base = "http://assets.example:8080";
        for ok in ["/m/abc", "/m/abc/?x#y", "http://assets.example:8080/m/abc", "http://Assets.Example:8080/m/abc"] {
            assert!(PAGE_URL.check(ok) && page_id(ok, base).as_deref() == Some("abc"), "{ok}");
        }
        for bad in ["/m/../etc", " /m/abc", "/m/", "/memes/abc", "javascript:alert(1)", "/m/a-b", "HTTP://a/m/abc"] {
            assert!(!PAGE_URL.check(bad), "{bad}");
        }
        assert!(
            PAGE_URL.check("https://elsewhere.example/m/abc")
                && page_id("https://elsewhere.example/m/abc", base).is_none()
        );
    }
}
