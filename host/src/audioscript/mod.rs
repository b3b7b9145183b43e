//! Audioscript: a verbatim script or a recording made into a beat-timed, captioned engine page.
//! Submitting validates everything, refuses when the renderer is busy, and pays with the job in
//! one transaction (202); a worker runs the render pipeline (`render::pipeline`: beats, voice,
//! a picture per beat) and stores the page. A job that fails for good is refunded.

pub mod routes;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::billing;
use crate::catalog::{self, AUDIO_BYTES, AUDIO_SECONDS, SCRIPT_CHARS, SCRIPT_WORDS_UNDER, TITLE_CHARS};
use crate::ctx::{Ctx, Services};
use crate::engine;
use crate::error::Error;
use crate::jobs::worker::{Handler, JobError};
use crate::jobs::{self, Accepted, Job};
use crate::languages::{self, Language};
use crate::media::{audio, speech};
use crate::render::pipeline;
use crate::store::{self, public_id};

/// The job kind (and catalog service id).
pub const KIND: &str = "audioscript";

/// Body of `POST /api/agent/audioscript`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct AudioscriptRequest {
    /// Spoken verbatim; under 150 words. Exactly one of `script` and `audio_url`.
    pub script: Option<String>,
    /// An https link to an mp3, m4a or wav file of at most 3 minutes and 24 MB.
    pub audio_url: Option<String>,
    pub title: Option<String>,
    /// Code, English or native name; English when absent.
    pub language: Option<String>,
}

/// What a job stores as its input: a script, or (`script` absent) the audio in `uploads`.
#[derive(Debug, Serialize, Deserialize)]
struct Input {
    script: Option<String>,
    title: String,
    language: String,
}

/// Words in `script`: spaced words, or for scripts without spaces (Chinese, Japanese, Thai)
/// two characters per word, the usual reading-length equivalence.
pub fn words(script: &str, language: &str) -> usize {
    match language {
        "zh" | "ja" | "th" => script.chars().filter(|c| c.is_alphanumeric()).count().div_ceil(2),
        _ => script.split_whitespace().count(),
    }
}

/// The checks an `audio_url` passes before it is fetched: an https link to an mp3, m4a or wav
/// file. Whether its host is public is the SSRF guard's call, when it fetches.
fn check_audio_url(raw: &str) -> Result<(), Error> {
    let bad = |why: &str| Err(Error::bad_request("invalid_audio_url", format!("`audio_url` {why}")));
    let Ok(url) = url::Url::parse(raw) else { return bad("is not a URL.") };
    if url.scheme() != "https" {
        return bad("must be an https link.");
    }
    let path = url.path().to_ascii_lowercase();
    if ![".mp3", ".m4a", ".wav"].iter().any(|ext| path.ends_with(ext)) {
        return bad("must point to an .mp3, .m4a or .wav file.");
    }
    Ok(())
}

/// Downloads `url` through the SSRF guard (at most 24 MB, counted while downloading) and decodes
/// it (at most 3 minutes): every way a file can be unusable is a 400 before any charge.
async fn fetch_audio(services: &Services, url: &str) -> Result<crate::media::wav::Pcm, Error> {
    use crate::net::guard::FetchError;
    let mut guard = (*services.guard).clone();
    guard.max_bytes = AUDIO_BYTES as usize;
    guard.timeout = std::time::Duration::from_secs(60);
    let (_, _, bytes) = guard.get(url).await.map_err(|e| match e {
        FetchError::BadUrl(why) | FetchError::Blocked(why) => {
            Error::bad_request("invalid_audio_url", format!("`audio_url` cannot be fetched: {why}."))
        }
        FetchError::TooLarge => Error::bad_request("audio_too_large", "The audio file is larger than 24 MB."),
        FetchError::Failed(why) => {
            Error::bad_request("audio_unreachable", format!("The audio file could not be downloaded: {why}."))
        }
    })?;
    let decoded = services
        .renders
        .run(services.settings.media_budget(), move |budget| Ok(audio::decode(&bytes, AUDIO_SECONDS * 1000, budget)));
    decoded.await?.map_err(|e| match e {
        audio::DecodeError::TooLong => Error::bad_request("audio_too_long", "The recording is longer than 3 minutes."),
        audio::DecodeError::NotAudio(why) => {
            Error::bad_request("not_audio", format!("The file is not audio we can read (mp3, m4a or wav): {why}."))
        }
    })
}

/// Validates, checks the renderer and the payer, then pays for and queues the job. A recording
/// is fetched and decoded only once the caller is known to be able to pay.
pub async fn submit(ctx: &Ctx, request: AudioscriptRequest) -> Result<Accepted, Error> {
    let present = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    let (script, audio_url) = (present(&request.script), present(&request.audio_url));
    let language = languages::resolve(request.language.as_deref())?;
    let title = present(&request.title);
    if title.as_ref().is_some_and(|t| t.chars().count() > TITLE_CHARS as usize) {
        return Err(Error::bad_request("title_too_long", format!("`title` is limited to {TITLE_CHARS} characters.")));
    }
    let price = catalog::price(KIND);
    let id = format!("as_{}", public_id());
    let script = match (script, audio_url) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(Error::bad_request("script_or_audio_url", "Send exactly one of `script` and `audio_url`."));
        }
        (None, Some(url)) => {
            check_audio_url(&url)?;
            jobs::ensure_renderer_free(ctx).await?;
            billing::ensure_can_pay(ctx, price).await?;
            let audio = fetch_audio(ctx, &url).await?;
            ctx.blobs.put(&store::uploads::key(&id), audio.to_wav()).await?;
            let name = url.rsplit('/').next().unwrap_or("audio").chars().take(60).collect::<String>();
            let input = Input { script: None, title: title.unwrap_or(name), language: language.code.into() };
            let queued = match store::uploads::insert(&ctx.db, &id).await {
                Ok(()) => queue(ctx, &id, &input).await,
                Err(e) => Err(e.into()),
            };
            if queued.is_err() {
                // Nothing was charged: the recording goes too.
                let _ = store::uploads::delete(&ctx.db, &id).await;
                store::blobs::discard(ctx.blobs.as_ref(), &[store::uploads::key(&id)]).await;
            }
            return queued;
        }
        (Some(script), None) => script,
    };
    let count = words(&script, language.code);
    if count as u64 >= SCRIPT_WORDS_UNDER || script.chars().count() > SCRIPT_CHARS as usize {
        return Err(Error::bad_request(
            "script_too_long",
            format!(
                "`script` must be under {SCRIPT_WORDS_UNDER} words (and {SCRIPT_CHARS} characters); it has {count}."
            ),
        ));
    }
    speech::voice_for(ctx.speech.as_deref(), language, &script)?;
    jobs::ensure_renderer_free(ctx).await?;
    let title = title.unwrap_or_else(|| script.chars().take(60).collect::<String>());
    queue(ctx, &id, &Input { script: Some(script), title, language: language.code.into() }).await
}

/// Pays for and queues a checked job.
async fn queue(ctx: &Ctx, id: &str, input: &Input) -> Result<Accepted, Error> {
    let input = serde_json::to_value(input).map_err(Error::internal)?;
    jobs::submit_paid(ctx, id, KIND, catalog::price(KIND), &input, "audioscript").await
}

/// A finished job's status fields: its page and what the page holds.
pub fn result_view(result: &Value, base_url: &str) -> serde_json::Map<String, Value> {
    let mut view = jobs::result_fields(result, &["durationMs", "beats", "captioned"]);
    if let Some(page) = result["pageId"].as_str() {
        view.insert("pageUrl".into(), json!(format!("{base_url}/m/{page}")));
    }
    view
}

/// The worker side: turns a queued audioscript job into its engine page.
pub fn handler(services: Services) -> Handler {
    Arc::new(move |job: Job| {
        let services = services.clone();
        Box::pin(async move { make_page(&services, &job).await })
    })
}

/// Runs the render pipeline over the script or the recording and stores the page.
async fn make_page(services: &Services, job: &Job) -> Result<Value, JobError> {
    let input: Input =
        serde_json::from_value(job.input.clone()).map_err(|e| JobError::Fatal(format!("bad job input: {e}")))?;
    let language: &'static Language =
        languages::find(&input.language).ok_or_else(|| JobError::Fatal("unknown language".into()))?;
    let seed = crate::plugins::seed_of(&job.id);
    let voiced = match &input.script {
        Some(script) => pipeline::voice_script(services, language, script, seed).await?,
        None => {
            let retry = |e: Error| JobError::Retry(e.to_string());
            let key = store::uploads::get(&services.db, &job.id)
                .await
                .map_err(|e| retry(e.into()))?
                .ok_or_else(|| JobError::Fatal("the recording is missing".into()))?;
            let recording = services
                .blobs
                .get(&key)
                .await
                .map_err(|e| retry(e.into()))?
                .ok_or_else(|| JobError::Fatal("the recording is missing".into()))?;
            pipeline::voice_recording(services, &job.id, language, recording).await?
        }
    };
    let frames = pipeline::pictures(services, &voiced, &input.title, language, seed).await?;
    let page = engine::store(services, job, &input.title, language, &voiced, frames)
        .await
        .map_err(|e| JobError::Retry(format!("storing the page: {e}")))?;
    let (count, duration_ms) = (voiced.beats.len(), voiced.audio.duration_ms());
    Ok(json!({"pageId": page, "durationMs": duration_ms, "beats": count, "captioned": voiced.captioned}))
}
