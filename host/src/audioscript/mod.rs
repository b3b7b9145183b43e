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

use crate::billing;
use crate::catalog::{self, AUDIO_BYTES, AUDIO_SECONDS, SCRIPT_CHARS, SCRIPT_WORDS_UNDER, TITLE_CHARS};
use crate::ctx::{Ctx, Services};
use crate::engine::{self, Beat};
use crate::error::Error;
use crate::jobs::worker::{Handler, JobError};
use crate::jobs::{self, Accepted, Job};
use crate::languages::{self, Language};
use crate::media::{audio, recognize, speech, transcribe, wav};
use crate::plugins::{PluginError, Request as WitRequest};
use crate::render::cards::{self, OwnedSheet};
use crate::store::public_id;

/// The job kind (and catalog service id).
pub const KIND: &str = "audioscript";

/// Body of `POST /api/agent/audioscript`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
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

/// Silence that separates two beats of a recording.
const PAUSE_MS: u64 = 300;

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
    let decoded = tokio::task::spawn_blocking(move || audio::decode(&bytes, AUDIO_SECONDS * 1000))
        .await
        .map_err(|e| Error::Internal(format!("decode task: {e}")))?;
    decoded.map_err(|e| match e {
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
            sqlx::query("INSERT INTO uploads (job_id, audio, created_at) VALUES ($1, $2, $3)")
                .bind(&id)
                .bind(audio.to_wav())
                .bind(crate::store::now_ms())
                .execute(ctx.db.pool())
                .await?;
            let name = url.rsplit('/').next().unwrap_or("audio").chars().take(60).collect::<String>();
            let input = Input { script: None, title: title.unwrap_or(name), language: language.code.into() };
            let queued = queue(ctx, &id, &input).await;
            if queued.is_err() {
                let _ = sqlx::query("DELETE FROM uploads WHERE job_id = $1").bind(&id).execute(ctx.db.pool()).await;
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

/// The worker side: turns a queued audioscript job into its engine page.
pub fn handler(services: Services) -> Handler {
    Arc::new(move |job: Job| {
        let services = services.clone();
        Box::pin(async move { make_page(&services, &job).await })
    })
}

fn plugin_failure(e: PluginError) -> JobError {
    match e {
        PluginError::Refused(_) | PluginError::InvalidOutput(_) => JobError::Fatal(e.to_string()),
        other => JobError::Retry(other.to_string()),
    }
}

async fn make_page(state: &Services, job: &Job) -> Result<Value, JobError> {
    let input: Input =
        serde_json::from_value(job.input.clone()).map_err(|e| JobError::Fatal(format!("bad job input: {e}")))?;
    let language: &'static Language =
        languages::find(&input.language).ok_or_else(|| JobError::Fatal("unknown language".into()))?;
    let seed = crate::plugins::seed_of(&job.id);
    let ask = |task: &str, kind: Option<&str>, text: &str| WitRequest {
        task: task.into(),
        kind: kind.map(str::to_string),
        input: text.into(),
        language: language.code.into(),
        seed,
        brand: None,
        options: Vec::new(),
    };
    let voiced = match &input.script {
        Some(script) => from_script(state, language, script, &ask).await?,
        None => from_recording(state, job, language).await?,
    };

    // A meme for each captioned beat: the meme generator's top line over the caption. Without
    // captions, each beat's picture carries the title and the beat's number.
    let count = voiced.beats.len();
    let mut sheets = Vec::with_capacity(count);
    for (i, beat) in voiced.beats.iter().enumerate() {
        if voiced.captioned {
            let (meme, _) = state
                .plugins
                .generate("meme", None, &ask("meme", Some("image"), &beat.text))
                .await
                .map_err(plugin_failure)?;
            let top = meme.blocks.iter().find(|b| b.role == "top").map(|b| b.text.clone()).unwrap_or_default();
            sheets.push((top, beat.text.clone()));
        } else {
            sheets.push((input.title.clone(), format!("{} / {count}", i + 1)));
        }
    }
    let sheets = sheets
        .into_iter()
        .map(|(top, bottom)| OwnedSheet {
            kind: "image".into(),
            language: language.code,
            rtl: language.direction == "rtl",
            blocks: vec![("top".into(), top), ("bottom".into(), bottom)],
            seed,
        })
        .collect();
    let frames: Vec<Vec<u8>> = cards::draw(sheets)
        .await
        .map_err(JobError::Retry)?
        .into_iter()
        .map(|mut pictures| pictures.swap_remove(0).png)
        .collect();

    let duration_ms = voiced.audio.duration_ms();
    let page_id = engine::store(
        &state.db,
        &engine::NewPage {
            id: &public_id(),
            job_id: &job.id,
            key_id: job.key_id,
            title: &input.title,
            language: language.code,
            beats: &voiced.beats,
            captioned: voiced.captioned,
            audio: &voiced.audio.to_wav(),
            audio_type: "audio/wav",
            duration_ms,
            frames: &frames,
        },
    )
    .await
    .map_err(|e| JobError::Retry(format!("storing the page: {e}")))?;
    Ok(json!({"pageId": page_id, "durationMs": duration_ms, "beats": count, "captioned": voiced.captioned}))
}

/// A voice track and its beats.
struct Voiced {
    audio: wav::Pcm,
    beats: Vec<Beat>,
    captioned: bool,
}

/// Beats from the beats generator, each spoken by the embedded voice.
async fn from_script(
    state: &Services,
    language: &'static Language,
    script: &str,
    ask: &impl Fn(&str, Option<&str>, &str) -> WitRequest,
) -> Result<Voiced, JobError> {
    let voice =
        speech::voice_for(state.speech.as_deref(), language, script).map_err(|e| JobError::Fatal(format!("{e:?}")))?;
    let (content, _) =
        state.plugins.generate("beats", None, &ask("beats", None, script)).await.map_err(plugin_failure)?;
    let beats: Vec<_> = content.blocks.iter().filter(|b| b.role == "beat").collect();
    if beats.is_empty() {
        return Err(JobError::Fatal("the script has no beats".into()));
    }
    let texts: Vec<String> = beats.iter().map(|b| b.text.clone()).collect();
    // What the voice reads: the generator's speech text for the beat (pinyin for Chinese),
    // else the caption itself.
    let speech: Vec<String> = beats
        .iter()
        .map(|b| b.attributes.iter().find(|(k, _)| k == "speech").map_or_else(|| b.text.clone(), |(_, v)| v.clone()))
        .collect();
    if matches!(voice, speech::Voice::Embedded(_)) && language.code == "zh" && speech.iter().any(|s| has_han(s)) {
        return Err(JobError::Fatal("the beats generator gave the voice no pinyin to read".into()));
    }
    let spoken = speech::speak(&voice, &speech).await.map_err(JobError::Retry)?;
    let beats = texts.into_iter().zip(&spoken.beats).map(|(text, &(start, end))| Beat { text, start, end }).collect();
    Ok(Voiced { audio: spoken.audio, beats, captioned: true })
}

fn has_han(text: &str) -> bool {
    text.chars().any(|c| matches!(u32::from(c), 0x3400..=0x4DBF | 0x4E00..=0x9FFF))
}

/// Beats from the pauses of the uploaded recording; captions from the transcription endpoint
/// when one is configured, otherwise none (the page says so).
async fn from_recording(state: &Services, job: &Job, language: &'static Language) -> Result<Voiced, JobError> {
    let upload: Vec<u8> = sqlx::query_scalar("SELECT audio FROM uploads WHERE job_id = $1")
        .bind(&job.id)
        .fetch_optional(state.db.pool())
        .await
        .map_err(|e| JobError::Retry(e.to_string()))?
        .ok_or_else(|| JobError::Fatal("the recording is missing".into()))?;
    let audio = wav::parse(&upload).map_err(|e| JobError::Fatal(format!("the recording: {e}")))?;
    let stretches = audio::speech_stretches(&audio, PAUSE_MS);
    if stretches.is_empty() {
        return Err(JobError::Fatal("no speech was found in the recording".into()));
    }
    let words = match &state.transcriber {
        Some(transcriber) => Some(transcriber.words(upload, language.code).await.map_err(JobError::Retry)?),
        None if recognize::LANGUAGES.contains(&language.code) => {
            let scratch = crate::media::Scratch::new(&state.settings.data_dir, &job.id)
                .map_err(|e| JobError::Retry(format!("scratch folder: {e}")))?;
            let path = scratch.0.join("audio.wav");
            std::fs::write(&path, &upload).map_err(|e| JobError::Retry(format!("scratch file: {e}")))?;
            let heard = recognize::hear(&path).await.map_err(JobError::Retry)?;
            let speech_ms = stretches.iter().map(|(a, b)| b - a).sum();
            recognize::captions(&heard, speech_ms)
        }
        None => None,
    };
    // Each beat runs from the start of its stretch to the start of the next, so the caption stays
    // up through the pause.
    let beats = stretches
        .iter()
        .enumerate()
        .map(|(i, &(start, end))| {
            let until = stretches.get(i + 1).map_or(audio.duration_ms(), |next| next.0);
            let text = words.as_ref().map(|w| transcribe::said_between(w, start, until)).unwrap_or_default();
            Beat {
                text: if words.is_some() && text.is_empty() { "…".into() } else { text },
                start,
                end: end.max(start),
            }
        })
        .collect();
    Ok(Voiced { audio, beats, captioned: words.is_some() })
}
