//! Audioscript: a verbatim script or a recording made into a beat-timed, captioned engine page.
//! Submitting validates everything, refuses when the renderer is busy, and pays with the job in
//! one transaction (202); a worker runs the render pipeline (`pipeline`: beats, voice,
//! a picture per beat) and stores the page. A job that fails for good is refunded.

pub mod routes;

use std::sync::Arc;

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

use crate::billing;
use crate::brands;
use crate::caption_style::CaptionStyle;
use crate::catalog::{self, AUDIO_BYTES, AUDIO_SECONDS, SCRIPT_CHARS, SCRIPT_WORDS_UNDER, TITLE_CHARS};
use crate::ctx::{Ctx, Services};
use crate::engine;
use crate::error::Error;
use crate::jobs::worker::{Handler, JobError};
use crate::jobs::{self, Accepted, Job, Stage};
use crate::languages::{self, Language};
use crate::media::{audio, speech};
use crate::pipeline;
use crate::render::style::Style;
use crate::rules::{self, BRAND_KEY, HOST_PORT, NOT_SPACE, Pattern, SPACE, Text};
use crate::store::{self, public_id};

/// The job kind (and catalog service id).
pub const KIND: &str = "audioscript";

/// Body of `POST /api/agent/audioscript`. Its schema, with the rules that join fields, is
/// written out below.
#[derive(Debug, Default, Clone, Deserialize, schemars::JsonSchema)]
pub struct AudioscriptRequest {
    /// Spoken verbatim; under 150 words. Exactly one of `script` and `audio_url`.
    pub script: Option<String>,
    /// An https link to an mp3, m4a or wav file of at most 3 minutes and 24 MB.
    pub audio_url: Option<String>,
    pub title: Option<String>,
    /// Code, English or native name; English when absent.
    pub language: Option<String>,
    /// A registered brand's key: the page, its pictures and its video take the brand's look.
    pub brand: Option<String>,
    /// One of the language's voices (the menu lists them); its default when absent.
    pub voice: Option<String>,
    /// How its video shows the word being said (the menu's `captionStyles`); `highlight` when
    /// absent.
    #[serde(rename = "captionStyle", alias = "caption_style")]
    pub caption_style: Option<String>,
}

/// A script's characters; its words are counted by [`SPACED_WORDS`] or [`UNSPACED_WORDS`].
pub static SCRIPT: Text = Text::new(1, SCRIPT_CHARS, Some(rules::NOT_BLANK), ", not blank");
/// An audioscript's title; a blank one is made from the script.
pub static TITLE: Text = Text::new(0, TITLE_CHARS, None, "");
/// Languages written without spaces between words: two characters count as a word.
const UNSPACED: [&str; 3] = ["zh", "ja", "th"];
/// Under [`SCRIPT_WORDS_UNDER`] words between spaces: a first word and at most that many
/// minus two more, each after whitespace.
pub static SPACED_WORDS: LazyLock<Pattern> = LazyLock::new(|| {
    let more = SCRIPT_WORDS_UNDER - 2;
    Pattern::owned(format!("^{SPACE}*(?:{NOT_SPACE}+(?:{SPACE}+{NOT_SPACE}+){{0,{more}}}{SPACE}*)?$"))
});
/// Under [`SCRIPT_WORDS_UNDER`] words of two characters (whitespace aside).
pub static UNSPACED_WORDS: LazyLock<Pattern> = LazyLock::new(|| {
    let most = (SCRIPT_WORDS_UNDER - 1) * 2;
    Pattern::owned(format!("^{SPACE}*(?:{NOT_SPACE}{SPACE}*){{0,{most}}}$"))
});
/// What `audio_url` must be before it is fetched: an https link to an .mp3, .m4a or .wav file;
/// a query may follow. Whether its host is public is the SSRF guard's call, when it fetches.
pub static AUDIO_URL: LazyLock<Text> = LazyLock::new(|| {
    let path = r"[A-Za-z0-9._~!$&'()*+,;=:@%/-]";
    let query = r"[A-Za-z0-9._~!$&'()*+,;=:@%/?-]";
    Text::built(
        0,
        u64::MAX,
        format!(r"^https://{HOST_PORT}/{path}*\.(?:[mM][pP]3|[mM]4[aA]|[wW][aA][vV])(?:\?{query}*)?$"),
        ": an https link to an .mp3, .m4a or .wav file (on a host name or IPv4 address; a port and a query may follow)",
    )
});

impl PartialSchema for AudioscriptRequest {
    fn schema() -> RefOr<Schema> {
        let words = format!(
            "Under {SCRIPT_WORDS_UNDER} words; in Chinese, Japanese and Thai every two characters besides whitespace count as a word"
        );
        // The word count depends on the language: one branch for the languages without
        // spaces (named), one for the others (named, blank or absent).
        let unspaced = |l: &Language| UNSPACED.contains(&l.code);
        let text_or_null = || SchemaType::from_iter([Type::String, Type::Null]);
        let counted = |language: ObjectBuilder, words: &Pattern| {
            ObjectBuilder::new()
                .property("language", language)
                .property("script", ObjectBuilder::new().schema_type(text_or_null()).pattern(Some(words.as_str())))
        };
        let named = ObjectBuilder::new().schema_type(Type::String).pattern(Some(languages::pattern(unspaced, false)));
        let other =
            ObjectBuilder::new().schema_type(text_or_null()).pattern(Some(languages::pattern(|l| !unspaced(l), true)));
        let by_language = AnyOfBuilder::new()
            .item(counted(named, &UNSPACED_WORDS).required("language"))
            .item(counted(other, &SPACED_WORDS));
        let fields = ObjectBuilder::new()
            .property("script", SCRIPT.nullable(&format!("Spoken verbatim. {words}")))
            .property("audio_url", AUDIO_URL.nullable("A recording of at most 3 minutes and 24 MB, fetched once"))
            .property("title", TITLE.nullable("The page's title; from the script when absent"))
            .property("language", languages::schema())
            .property("brand", BRAND_KEY.nullable("A registered brand whose look the page and its video take"))
            .property(
                "voice",
                ObjectBuilder::new().schema_type(text_or_null()).description(Some(
                    "One of the language's voices (`GET /api/agent/services` lists them per language); its default when absent",
                )),
            )
            .property(
                "captionStyle",
                rules::choice(
                    CaptionStyle::ALL.map(CaptionStyle::name),
                    "How its video shows the word being said (the menu's `captionStyles`); `highlight` when absent",
                ),
            );
        AllOfBuilder::new()
            .description(Some("Body of `POST /api/agent/audioscript`: exactly one of `script` and `audio_url`."))
            .item(fields)
            .item(rules::exactly_one("script", "audio_url"))
            .item(by_language)
            .into()
    }
}

impl ToSchema for AudioscriptRequest {}

/// What a job stores as its input: a script, or (`script` absent) the audio in `uploads`.
#[derive(Debug, Serialize, Deserialize)]
struct Input {
    script: Option<String>,
    title: String,
    language: String,
    #[serde(default)]
    brand: Option<String>,
    /// The voice asked for, one of the language's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    voice: Option<String>,
    /// How its pictures light the words.
    #[serde(default, skip_serializing_if = "CaptionStyle::is_default")]
    caption: CaptionStyle,
}

/// Words in `script`: spaced words, or for scripts without spaces (Chinese, Japanese, Thai)
/// two characters besides whitespace per word, the usual reading-length equivalence.
pub fn words(script: &str, language: &str) -> usize {
    if UNSPACED.contains(&language) {
        script.chars().filter(|c| !c.is_whitespace()).count().div_ceil(2)
    } else {
        script.split_whitespace().count()
    }
}

/// Whether `script` is short enough for `language` (the rule the document states).
fn short_enough(script: &str, language: &str) -> bool {
    let words = if UNSPACED.contains(&language) { &UNSPACED_WORDS } else { &SPACED_WORDS };
    SCRIPT.check(script) && words.matches(script)
}

/// Downloads `url` through the SSRF guard (at most 24 MB, counted while downloading) and decodes
/// it (at most 3 minutes): every way a file can be unusable is a 400 before any charge.
async fn fetch_audio(services: &Services, url: &str) -> Result<crate::media::wav::Pcm, Error> {
    let codes = ["invalid_audio_url", "audio_too_large", "audio_unreachable"];
    let limit = (AUDIO_BYTES / (1024 * 1024)) as usize;
    let bytes = audio::fetch(&services.guard, url, ("audio_url", "audio file", limit), codes).await?;
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
    submit_as(ctx, request, &job_id(&public_id()), catalog::price(KIND)).await
}

/// The job of an audioscript made under public id `id`.
pub fn job_id(id: &str) -> String {
    format!("as_{id}")
}

/// [`submit`] as job `id` (chosen by the caller, so a listing can name it before it is
/// queued), at `price`.
pub async fn submit_as(
    ctx: &Ctx,
    request: AudioscriptRequest,
    id: &str,
    price: billing::Price,
) -> Result<Accepted, Error> {
    let Checked { language, title, brand, voice, caption, source } = check_request(ctx, request).await?;
    let voice = voice.map(str::to_string);
    jobs::ensure_renderer_free(ctx).await?;
    let script = match source {
        Source::Script(script) => script,
        Source::Recording(url) => {
            billing::ensure_can_pay(ctx, price).await?;
            let audio = fetch_audio(ctx, &url).await?;
            ctx.blobs.put(&store::uploads::key(id), audio.to_wav()).await?;
            let name = url.rsplit('/').next().unwrap_or("audio").chars().take(60).collect::<String>();
            let title = title.unwrap_or(name);
            let input = Input { script: None, title, language: language.code.into(), brand, voice: None, caption };
            let queued = match store::uploads::insert(&ctx.db, id).await {
                Ok(()) => queue(ctx, id, price, &input).await,
                Err(e) => Err(e.into()),
            };
            if queued.is_err() {
                // Nothing was charged: the recording goes too.
                let _ = store::uploads::delete(&ctx.db, id).await;
                store::blobs::discard(ctx.blobs.as_ref(), &[store::uploads::key(id)]).await;
            }
            return queued;
        }
    };
    let title = title.unwrap_or_else(|| default_title(&script));
    let input = Input { script: Some(script), title, language: language.code.into(), brand, voice, caption };
    queue(ctx, id, price, &input).await
}

/// Where an audioscript's words come from.
pub enum Source {
    /// A script, spoken verbatim (trimmed).
    Script(String),
    /// A recording at this address, fetched when the job is paid for.
    Recording(String),
}

/// An audioscript request checked as the route checks it before anything is fetched, paid or
/// queued.
pub struct Checked {
    language: &'static Language,
    title: Option<String>,
    brand: Option<String>,
    voice: Option<&'static str>,
    caption: CaptionStyle,
    source: Source,
}

/// Checks `request`: its language, title and brand, exactly one of a script a voice can speak
/// (under the word limit) and a recording's address.
pub async fn check_request(ctx: &Ctx, request: AudioscriptRequest) -> Result<Checked, Error> {
    let language = languages::resolve(request.language.as_deref())?;
    if request.title.as_deref().is_some_and(|t| !TITLE.check(t)) {
        return Err(Error::bad_request("title_too_long", format!("`title` must be {}.", TITLE.explain())));
    }
    let title = request.title.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
    let brand = match request.brand {
        Some(key) => Some(brands::registered(&ctx.db, &key).await?.key),
        None => None,
    };
    let voice = speech::chosen_voice(language, request.voice.as_deref())?;
    let caption = engine::caption_style_of(request.caption_style.as_deref())?.unwrap_or_default();
    let one_of = || Error::bad_request("script_or_audio_url", "Send exactly one of `script` and `audio_url`.");
    let source = match (request.script, request.audio_url) {
        (Some(_), Some(_)) | (None, None) => return Err(one_of()),
        // A blank script is as good as none.
        (Some(script), None) if script.trim().is_empty() => return Err(one_of()),
        (None, Some(url)) if !AUDIO_URL.check(&url) => {
            return Err(Error::bad_request(
                "invalid_audio_url",
                format!("`audio_url` must be {}.", AUDIO_URL.explain()),
            ));
        }
        (None, Some(_)) if voice.is_some() => {
            return Err(Error::bad_request("voice_not_applicable", "`voice` applies to a `script`, not a recording."));
        }
        (None, Some(url)) => Source::Recording(url),
        (Some(script), None) => {
            if !short_enough(&script, language.code) {
                let count = words(&script, language.code);
                return Err(Error::bad_request(
                    "script_too_long",
                    format!(
                        "`script` must be under {SCRIPT_WORDS_UNDER} words (and {SCRIPT_CHARS} characters); it has \
                         {count}."
                    ),
                ));
            }
            let script = script.trim().to_string();
            speech::voice_for(&ctx.speech, language, &script)?;
            Source::Script(script)
        }
    };
    Ok(Checked { language, title, brand, voice, caption, source })
}

/// What the audioscript `request` would cost, refused as [`submit`] refuses its body; nothing is
/// fetched, made or paid (a recording is checked for length once fetched).
pub async fn quote(ctx: &Ctx, request: AudioscriptRequest) -> Result<billing::Price, Error> {
    check_request(ctx, request).await?;
    Ok(catalog::price(KIND))
}

/// The title of a page whose request gave none: the script's first sentence, cut after a whole
/// word (any character in a script without spaces) with an ellipsis when it is longer than 60
/// characters: it opens the video, so it reads as a line, never as a word cut in two.
fn default_title(script: &str) -> String {
    const MAX: usize = 60;
    let end = script.find(['.', '!', '?', '。', '！', '？', '؟', '।', '\n']).unwrap_or(script.len());
    let first = script[..end].trim();
    if first.chars().count() <= MAX {
        return first.to_string();
    }
    let head: String = first.chars().take(MAX - 1).collect();
    let whole = match head.rfind(char::is_whitespace) {
        Some(at) if first.contains(' ') => head[..at].trim_end_matches([',', ';', ':', '،']).to_string(),
        _ => head,
    };
    format!("{whole}…")
}

/// Pays for and queues a checked job.
async fn queue(ctx: &Ctx, id: &str, price: billing::Price, input: &Input) -> Result<Accepted, Error> {
    let input = serde_json::to_value(input).map_err(Error::internal)?;
    jobs::submit_paid(ctx, id, KIND, price, &input, "audioscript").await
}

/// A finished job's status fields: its page and what the page holds.
pub fn result_view(result: &Value, base_url: &str) -> serde_json::Map<String, Value> {
    let mut view =
        jobs::result_fields(result, &["durationMs", "beats", "captioned", "wordTimes", "voice", "voiceNote"]);
    if let Some(page) = result["pageId"].as_str() {
        view.insert("pageUrl".into(), json!(format!("{base_url}/m/{page}")));
        if result["captioned"].as_bool() != Some(false) {
            view.extend(crate::engine::caption_links(page, base_url));
        }
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
    let started = std::time::Instant::now();
    let style = match &input.brand {
        Some(key) => {
            let brand = brands::get(&services.db, key)
                .await
                .map_err(|e| JobError::Retry(e.to_string()))?
                .ok_or_else(|| JobError::Fatal("the brand is gone".into()))?;
            brands::look::style(services, Some(key), &brand.profile.name)
                .await
                .map_err(|e| JobError::Retry(e.to_string()))?
        }
        None => Style::seeded(seed),
    };
    let look = pipeline::Cover::new(&input.title, style, seed).lit_as(input.caption);
    let made = match &input.script {
        Some(script) => {
            let voice = speech::voice_for(&services.speech, language, script)
                .map_err(|e| JobError::Fatal(format!("{e:?}")))?
                .picked(input.voice.as_deref());
            jobs::enter(&services.db, job, Stage::Script).await;
            let beats = pipeline::write_beats(services, language, script, seed).await?;
            jobs::enter(&services.db, job, Stage::Voice).await;
            pipeline::speak_and_lay(services, &voice, language, beats, look).await?
        }
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
            jobs::enter(&services.db, job, Stage::Voice).await;
            let voiced = pipeline::voice_recording(services, language, recording).await?;
            pipeline::lay(services, voiced, language, look).await?
        }
    };
    let made_at = started.elapsed();
    let about = engine::About { title: &input.title, language, brand: input.brand.as_deref() };
    jobs::enter(&services.db, job, Stage::Keep).await;
    let page = engine::store(services, job, about, &made)
        .await
        .map_err(|e| JobError::Retry(format!("storing the page: {e}")))?;
    let voiced = &made.voiced;
    let (count, duration_ms) = (voiced.beats.len(), voiced.audio.duration_ms());
    // Where a page's time goes, for an operator reading the log (and the latency bench).
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
    tracing::info!(
        job = %job.id,
        beats = count,
        made_ms = ms(made_at),
        store_ms = ms(started.elapsed() - made_at),
        "made an audioscript page"
    );
    Ok(json!({
        "pageId": page,
        "durationMs": duration_ms,
        "beats": count,
        "captioned": voiced.captioned,
        "wordTimes": voiced.word_times,
        "voice": voiced.engine,
        "voiceNote": speech::fallback_note(language.code, voiced.engine),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_default_title_is_the_first_sentence_cut_after_a_whole_word() {
        assert_eq!(default_title("Agents pay for tools. They ship."), "Agents pay for tools");
        let long = "Agents pay for their own tools every single day and they ship pages in seconds, too.";
        assert_eq!(default_title(long), "Agents pay for their own tools every single day and they…");
        let ja = "新しいアプリをためしてください毎日使えるとても便利なアプリですよ".repeat(3);
        assert_eq!(default_title(&ja).chars().count(), 60);
        assert!(default_title(&ja).ends_with('…'));
    }

    #[test]
    fn scripts_are_under_the_word_limit_as_the_document_states() {
        let spaced = |n: usize| format!("  {}\n", vec!["word"; n].join(" \t"));
        assert!(short_enough(&spaced(149), "en") && !short_enough(&spaced(150), "en"));
        assert!(short_enough(&"字".repeat(298), "zh") && !short_enough(&"字".repeat(299), "zh"));
        assert!(short_enough(&"ก ".repeat(298), "th"), "whitespace is not counted");
        assert!(!short_enough(&"x".repeat(2001), "en") && !short_enough(" \n ", "en"));
        for count in [1, 149, 150] {
            let script = spaced(count);
            assert_eq!(short_enough(&script, "en"), words(&script, "en") < SCRIPT_WORDS_UNDER as usize);
        }
    }

    #[test]
    fn audio_urls_are_https_links_to_recordings_that_parse() {
        for ok in ["https://example.com/a.mp3", "https://127.0.0.1:65535/x/y.WAV?sig=a%2Fb", "https://cdn-1.a.io/s.M4a"]
        {
            assert!(AUDIO_URL.check(ok), "{ok}");
            assert!(url::Url::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "http://example.com/a.mp3",
            "https://example.com/a.exe",
            "https://example.com/a.mp3 ",
            "https://user@example.com/a.mp3",
            "https://xn--zz.com/a.mp3",
            "https://1.2.3.999/a.mp3",
            "https://example.com:65536/a.mp3",
            "https://example.com/a.mp3#x",
        ] {
            assert!(!AUDIO_URL.check(bad), "{bad}");
        }
    }
}
