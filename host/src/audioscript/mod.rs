//! Audioscript: a verbatim script (or, later, an audio file) made into a beat-timed, captioned
//! engine page. Submitting validates everything, refuses when the renderer is busy, and charges
//! 3 credits with the job in one transaction (202); a worker then splits the script into beats
//! (beats plugin), speaks each beat (espeak-ng), draws a meme for each beat (meme plugin and
//! the card renderer) and stores the page. A job that fails for good is refunded.

pub mod routes;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::Caller;
use crate::engine::{self, Beat};
use crate::error::ApiError;
use crate::jobs::worker::{Handler, JobError};
use crate::jobs::{self, Job, NewJob};
use crate::languages::{self, Language};
use crate::media::speech;
use crate::memes::card::{self, Sheet};
use crate::plugins::{PluginError, Request as WitRequest};
use crate::store::public_id;

/// The job kind, and its price in credits.
pub const KIND: &str = "audioscript";
pub const COST: i64 = 3;
/// A script must be under this many words.
pub const MAX_WORDS: usize = 150;
const MAX_TITLE_CHARS: usize = 200;
const MAX_SCRIPT_CHARS: usize = 2000;
/// Job kinds that occupy the renderer, counted against `render_queue_limit`.
pub const RENDER_KINDS: [&str; 2] = [KIND, "mp4"];

/// Body of `POST /api/agent/audioscript`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AudioscriptRequest {
    /// Spoken verbatim; under 150 words. Exactly one of `script` and `audio_url`.
    pub script: Option<String>,
    /// An https link to an mp3, m4a or wav file of at most 3 minutes and 24 MB.
    pub audio_url: Option<String>,
    pub title: Option<String>,
    /// Code, English or native name; English when absent.
    pub language: Option<String>,
}

/// The 202 answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Accepted {
    pub success: bool,
    pub job_id: String,
    /// `queued`.
    pub status: String,
    /// Poll this (free) for the result.
    pub status_url: String,
    pub credit_cost: i64,
    pub credits_remaining: i64,
}

/// What a job stores as its input.
#[derive(Debug, Serialize, Deserialize)]
struct Input {
    script: String,
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

/// The checks an `audio_url` passes before anything else: an https link to an mp3, m4a or wav
/// file on a public host (the download itself goes through the SSRF guard again).
fn check_audio_url(raw: &str) -> Result<(), ApiError> {
    let bad = |why: &str| Err(ApiError::bad_request("invalid_audio_url", format!("`audio_url` {why}")));
    let Ok(url) = url::Url::parse(raw) else { return bad("is not a URL.") };
    if url.scheme() != "https" {
        return bad("must be an https link.");
    }
    let path = url.path().to_ascii_lowercase();
    if ![".mp3", ".m4a", ".wav"].iter().any(|ext| path.ends_with(ext)) {
        return bad("must point to an .mp3, .m4a or .wav file.");
    }
    match url.host() {
        Some(url::Host::Domain(d)) if d != "localhost" && !d.ends_with(".localhost") && d.contains('.') => Ok(()),
        Some(url::Host::Ipv4(ip)) if crate::net::guard::non_public(std::net::IpAddr::V4(ip)).is_none() => Ok(()),
        Some(url::Host::Ipv6(ip)) if crate::net::guard::non_public(std::net::IpAddr::V6(ip)).is_none() => Ok(()),
        _ => bad("must be on a public host."),
    }
}

/// Refuses new render work, before any charge, when the queue is past its threshold.
pub async fn ensure_renderer_free(state: &AppState) -> Result<(), ApiError> {
    if jobs::backlog(&state.db, &RENDER_KINDS).await? >= state.settings.render_queue_limit {
        return Err(ApiError::RendererBusy { retry_after_secs: 30 });
    }
    Ok(())
}

/// Validates, checks the renderer, charges and queues the job.
pub async fn submit(
    state: &AppState,
    caller: &Caller,
    request: AudioscriptRequest,
    base_url: &str,
) -> Result<Accepted, ApiError> {
    let present = |v: &Option<String>| v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
    let (script, audio_url) = (present(&request.script), present(&request.audio_url));
    let language = languages::resolve(request.language.as_deref())?;
    let title = present(&request.title);
    if title.as_ref().is_some_and(|t| t.chars().count() > MAX_TITLE_CHARS) {
        return Err(ApiError::bad_request(
            "title_too_long",
            format!("`title` is limited to {MAX_TITLE_CHARS} characters."),
        ));
    }
    let script = match (script, audio_url) {
        (Some(_), Some(_)) | (None, None) => {
            return Err(ApiError::bad_request("script_or_audio_url", "Send exactly one of `script` and `audio_url`."));
        }
        (None, Some(url)) => {
            check_audio_url(&url)?;
            return Err(ApiError::ComingSoon { service: "audioscript from an audio file" });
        }
        (Some(script), None) => script,
    };
    let count = words(&script, language.code);
    if count >= MAX_WORDS || script.chars().count() > MAX_SCRIPT_CHARS {
        return Err(ApiError::bad_request(
            "script_too_long",
            format!("`script` must be under {MAX_WORDS} words (and {MAX_SCRIPT_CHARS} characters); it has {count}."),
        ));
    }
    speech::voice_for(language, &script)?;
    ensure_renderer_free(state).await?;

    let id = format!("as_{}", public_id());
    let title = title.unwrap_or_else(|| script.chars().take(60).collect::<String>());
    let input = serde_json::to_value(Input { script, title, language: language.code.into() }).unwrap_or_default();
    let (_, charge) = jobs::submit(
        &state.db,
        &NewJob { id: &id, kind: KIND, key_id: caller.key_id, input: &input, cost: COST, max_attempts: 3 },
    )
    .await?;
    Ok(Accepted {
        success: true,
        status_url: format!("{base_url}/api/agent/audioscript/{id}"),
        job_id: id,
        status: "queued".into(),
        credit_cost: COST,
        credits_remaining: charge.map_or(0, |c| c.balance_after),
    })
}

/// The status answer of a job (the same shape for audioscript and MP4 jobs).
pub fn status_view(job: &Job, base_url: &str) -> Value {
    let mut view = json!({
        "success": true,
        "jobId": job.id,
        "kind": job.kind,
        "status": job.state,
        "attempts": job.attempts,
        "createdAt": job.created_at,
        "updatedAt": job.updated_at,
        "finishedAt": job.finished_at,
    });
    if let Some(result) = &job.result {
        if let Some(page) = result["pageId"].as_str() {
            view["pageUrl"] = json!(format!("{base_url}/m/{page}"));
        }
        if let Some(render) = result["renderId"].as_str() {
            view["mp4Url"] = json!(format!("{base_url}/v/{render}/video.mp4"));
            view["videoPageUrl"] = json!(format!("{base_url}/v/{render}"));
        }
        for field in ["durationMs", "beats", "expiresAt", "sizeBytes"] {
            if !result[field].is_null() {
                view[field] = result[field].clone();
            }
        }
    }
    if job.state != jobs::State::Succeeded
        && let Some(error) = &job.error
    {
        view["error"] = json!(error);
    }
    view
}

/// The worker side: turns a queued audioscript job into its engine page.
pub fn handler(state: AppState) -> Handler {
    Arc::new(move |job: Job| {
        let state = state.clone();
        Box::pin(async move { make_page(&state, &job).await })
    })
}

fn plugin_failure(e: PluginError) -> JobError {
    match e {
        PluginError::Refused(_) | PluginError::InvalidOutput(_) => JobError::Fatal(e.to_string()),
        other => JobError::Retry(other.to_string()),
    }
}

async fn make_page(state: &AppState, job: &Job) -> Result<Value, JobError> {
    let input: Input =
        serde_json::from_value(job.input.clone()).map_err(|e| JobError::Fatal(format!("bad job input: {e}")))?;
    let language: &'static Language =
        languages::find(&input.language).ok_or_else(|| JobError::Fatal("unknown language".into()))?;
    let voice = speech::voice_for(language, &input.script).map_err(|e| JobError::Fatal(format!("{e:?}")))?;
    let seed = crate::memes::seed_of(&job.id);
    let ask = |task: &str, kind: Option<&str>, text: &str| WitRequest {
        task: task.into(),
        kind: kind.map(str::to_string),
        input: text.into(),
        language: language.code.into(),
        seed,
        brand: None,
        options: Vec::new(),
    };
    let (content, _) =
        state.plugins.generate("beats", None, &ask("beats", None, &input.script)).await.map_err(plugin_failure)?;
    let texts: Vec<String> = content.blocks.iter().filter(|b| b.role == "beat").map(|b| b.text.clone()).collect();
    if texts.is_empty() {
        return Err(JobError::Fatal("the script has no beats".into()));
    }
    let spoken = speech::speak(voice, &texts).await.map_err(JobError::Retry)?;

    // A meme for each beat: the meme generator's top line over the beat's caption.
    let mut tops = Vec::with_capacity(texts.len());
    for text in &texts {
        let (meme, _) =
            state.plugins.generate("meme", None, &ask("meme", Some("image"), text)).await.map_err(plugin_failure)?;
        tops.push(meme.blocks.iter().find(|b| b.role == "top").map(|b| b.text.clone()).unwrap_or_default());
    }
    let (code, rtl) = (language.code, language.direction == "rtl");
    let captions = texts.clone();
    let frames = tokio::task::spawn_blocking(move || {
        captions
            .iter()
            .zip(&tops)
            .map(|(caption, top)| {
                let sheet = Sheet {
                    kind: "image",
                    language: code,
                    rtl,
                    blocks: vec![("top", top.as_str()), ("bottom", caption.as_str())],
                    seed,
                };
                card::render(&sheet).map(|mut pictures| pictures.remove(0).png)
            })
            .collect::<Result<Vec<_>, _>>()
    })
    .await
    .map_err(|e| JobError::Retry(format!("render task: {e}")))?
    .map_err(|e| JobError::Retry(format!("render: {e}")))?;

    let beats: Vec<Beat> =
        texts.into_iter().zip(&spoken.beats).map(|(text, &(start, end))| Beat { text, start, end }).collect();
    let duration_ms = spoken.audio.duration_ms();
    let page_id = public_id();
    let page_id = engine::store(
        &state.db,
        &engine::NewPage {
            id: &page_id,
            job_id: &job.id,
            key_id: job.key_id,
            title: &input.title,
            language: language.code,
            beats: &beats,
            captioned: true,
            audio: &spoken.audio.to_wav(),
            audio_type: "audio/wav",
            duration_ms,
            frames: &frames,
        },
    )
    .await
    .map_err(|e| JobError::Retry(format!("storing the page: {e}")))?;
    Ok(json!({"pageId": page_id, "durationMs": duration_ms, "beats": beats.len()}))
}
