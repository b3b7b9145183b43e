//! The script → beats → voice → pictures pipeline: what turns a script (or a recording) into a
//! voice track split into captioned beats, each word with where its beat's picture shows it, and
//! the sheets those pictures are drawn from. Audioscript jobs and pitch pages run it; a page is
//! stored as soon as its words are placed, and its pictures are drawn from the same sheets when
//! first needed (`engine::pictures`), so a page waits for its voice, not for its pictures.

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use crate::aspect::Aspect;
use crate::caption_style::CaptionStyle;
use crate::cpu::{CpuError, Lane};
use crate::ctx::Services;
use crate::error::Reason;
use crate::illustrate::Subject;
use crate::jobs::worker::{self, JobError};
use crate::languages::Language;
use crate::media::rhythm::{self, End, Piece};
use crate::media::speech::Anchors;
use crate::media::{audio, speech, transcribe, wav, whisper};
use crate::plugins::{PluginError, Request};
use crate::render::beats::{self, BeatSheet, Layout};
use crate::render::cards;
use crate::render::ending::{self, EndCard};
use crate::render::spoken;
use crate::render::style::Style;
use crate::render::words::{self, Word};
pub use crate::store::engine::{Beat, Drawing};

/// Where the times of the caption words come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WordTimes {
    /// The embedded voice's own word events.
    Synthesizer,
    /// The speech endpoint's word times.
    SpeechEndpoint,
    /// The transcription endpoint's words aligned to the captions.
    Transcription,
    /// The embedded recognizer's words.
    Recognizer,
    /// Beats are timed, words are not: no source timed them, or there are no captions.
    None,
}

/// A voice track and its beats.
pub struct Voiced {
    pub audio: wav::Pcm,
    pub beats: Vec<Beat>,
    /// Whether the beats carry the words said (false when only pauses gave them).
    pub captioned: bool,
    pub word_times: WordTimes,
    /// Who spoke it (`speech::Spoken::engine`); `recording` for an uploaded one.
    pub engine: &'static str,
}

/// The first channel of `audio` between two times, for measuring where its sound is.
fn mono(audio: &wav::Pcm, from_ms: u64, to_ms: u64) -> Vec<i16> {
    let channels = usize::from(audio.channels.max(1));
    let frame = |ms: u64| ((ms * u64::from(audio.sample_rate) / 1000) as usize).min(audio.frames() as usize);
    audio.data[frame(from_ms) * 2 * channels..frame(to_ms) * 2 * channels]
        .chunks_exact(2 * channels)
        .map(|f| i16::from_le_bytes([f[0], f[1]]))
        .collect()
}

/// `text`'s words spoken during `span` of `audio`, started at `anchors` and trimmed to the sound.
fn timed_words(audio: &wav::Pcm, text: &str, anchors: &[(usize, u64)], span: (u64, u64)) -> Vec<Word> {
    let sound = mono(audio, span.0, span.1);
    words::words(text, anchors, span, Some((&sound, audio.sample_rate)))
}

/// Anchors for `text` from recognised words said during `span`, aligned by their letters: by
/// words, or by characters where the language writes no spaces (the recogniser then hears
/// characters, not the caption's phrases).
fn heard_anchors(text: &str, heard: &[transcribe::Word], span: (u64, u64), spaced: bool) -> Vec<(usize, u64)> {
    let chars: Vec<char> = text.chars().collect();
    let during: Vec<(String, u64)> =
        heard.iter().filter(|w| (span.0..span.1).contains(&w.start)).map(|w| (w.text.clone(), w.start)).collect();
    let units = if spaced { words::units(text) } else { (0..chars.len()).map(|i| i..i + 1).collect() };
    words::align(&units, &chars, &during)
}

/// What the embedded recogniser hears of a voice track (resampled to its 16 kHz first).
async fn hear_voice(
    services: &Services,
    recogniser: &whisper::Recogniser,
    voice: &wav::Pcm,
    language: &Language,
) -> Result<Vec<transcribe::Word>, JobError> {
    let (track, budget) = (voice.to_wav(), services.settings.media_budget());
    let limit = voice.duration_ms() + 1_000;
    let pcm = services
        .renders
        .run(budget, move |budget| audio::decode(&track, limit, budget).map_err(|e| format!("{e:?}")))
        .await
        .map_err(recognition_failure)?;
    let stretches = audio::speech_stretches(&pcm, PAUSE_MS);
    recognise(recogniser, &pcm, language.code, &stretches, budget).await
}

/// What the embedded recogniser hears of `audio` within `budget`. Its job gives its worker
/// seat back meanwhile (`worker::aside`): transcriptions queue for the recogniser's own slot,
/// and a long recording never holds the worker a short job waits for.
async fn recognise(
    recogniser: &whisper::Recogniser,
    audio: &wav::Pcm,
    language: &str,
    speech: &[(u64, u64)],
    budget: Duration,
) -> Result<Vec<transcribe::Word>, JobError> {
    worker::aside(recogniser.hear(audio, language, speech, budget)).await.map_err(recognition_failure)
}

/// The recogniser's failure as a job's: over its budget it would be again (failed for good,
/// refunded once, never tried three times); anything else may pass.
fn recognition_failure(e: CpuError) -> JobError {
    match e {
        CpuError::OverBudget { .. } => cpu_failure(e),
        CpuError::Failed(why) => JobError::Retry(why).told(RECOGNITION_UNAVAILABLE),
    }
}

/// What callers are told of the pipeline's failures (the causes, which may name endpoints and
/// paths, are logged by whoever records the failure).
const SPEECH_UNAVAILABLE: Reason =
    Reason { code: "speech_unavailable", message: "The speech service failed or did not answer in time." };
const TRANSCRIPTION_UNAVAILABLE: Reason = Reason {
    code: "transcription_unavailable",
    message: "The transcription service failed or did not answer in time.",
};
const RECOGNITION_UNAVAILABLE: Reason =
    Reason { code: "recognition_unavailable", message: "Speech recognition failed or did not finish in time." };
const GENERATION_FAILED: Reason =
    Reason { code: "generation_failed", message: "The generator could not write usable content for this input." };
const OVER_BUDGET: Reason =
    Reason { code: "render_over_budget", message: "The media took longer to make than its budget allows." };
const UNREADABLE_RECORDING: Reason =
    Reason { code: "unreadable_recording", message: "The recording could not be read." };
const NO_SPEECH: Reason = Reason { code: "no_speech", message: "No speech was found in the recording." };

/// Silence that separates two beats of a recording.
const PAUSE_MS: u64 = 300;

/// A generator's failure as a job's: what the generator refuses or answers wrongly will not
/// change on a retry; a trap or a timeout may.
pub fn plugin_failure(e: PluginError) -> JobError {
    match e {
        PluginError::Refused(_) | PluginError::InvalidOutput(_) => {
            JobError::Fatal(e.to_string()).told(GENERATION_FAILED)
        }
        other => JobError::Retry(other.to_string()),
    }
}

/// Pooled work's failure as a job's: work over its budget would be again; anything else is ours
/// and may pass.
pub fn cpu_failure(e: CpuError) -> JobError {
    match e {
        CpuError::OverBudget { .. } => JobError::Fatal(e.to_string()).told(OVER_BUDGET),
        CpuError::Failed(why) => JobError::Retry(why),
    }
}

fn ask(task: &str, text: &str, language: &Language, seed: u64) -> Request {
    Request {
        task: task.into(),
        kind: None,
        input: text.into(),
        language: language.code.into(),
        seed,
        brand: None,
        options: Vec::new(),
        reading: crate::plugins::reading::to_wit(&crate::reading::of_text(text)),
    }
}

/// Beats to speak and draw: each caption, and what the voice reads for it (the generator's
/// speech text, pinyin for Chinese; else the caption itself).
pub struct Script {
    pub captions: Vec<String>,
    pub said: Vec<String>,
}

/// `script`'s beats, as the beats generator splits it.
pub async fn write_beats(
    services: &Services,
    language: &'static Language,
    script: &str,
    seed: u64,
) -> Result<Script, JobError> {
    let (content, _) = services
        .plugins
        .generate("beats", None, &ask("beats", script, language, seed))
        .await
        .map_err(plugin_failure)?;
    let beats: Vec<_> = content.blocks.iter().filter(|b| b.role == "beat").collect();
    if beats.is_empty() {
        return Err(JobError::Fatal("the script has no beats".into()).told(GENERATION_FAILED));
    }
    let captions = beats.iter().map(|b| b.text.clone()).collect();
    let said = beats
        .iter()
        .map(|b| b.attributes.iter().find(|(k, _)| k == "speech").map_or_else(|| b.text.clone(), |(_, v)| v.clone()))
        .collect();
    Ok(Script { captions, said })
}

/// What a page is made of: the voice and its beats, each timed word with where it is drawn, and
/// how to draw the pictures.
pub struct Made {
    pub voiced: Voiced,
    pub drawing: Drawing,
}

/// What each beat's picture shows: its caption, or its number when the beats have no captions.
pub fn shown(beats: &[Beat], captioned: bool) -> Vec<String> {
    let count = beats.len();
    match captioned {
        true => beats.iter().map(|b| b.text.clone()).collect(),
        false => (1..=count).map(|i| format!("{i} / {count}")).collect(),
    }
}

/// Where each of a beat's words is drawn, as the lighting needs them.
pub fn boxes_of(beat: &Beat) -> Vec<Vec<[u32; 4]>> {
    beat.words.iter().map(|w| w.boxes.clone()).collect()
}

/// Whether a beat has a lit picture: some word of it is drawn somewhere.
pub fn lit(beat: &Beat) -> bool {
    spoken::reach(&boxes_of(beat), cards::CARD).is_some()
}

/// The sheets of a page's pictures: position 0 the opening card (the title alone, in the title
/// layout), position n beat n in the layout its text calls for (`render::beats`).
pub struct Sheets {
    texts: Vec<String>,
    layouts: Vec<Layout>,
    title: String,
    /// The brand's name, shown on the opening card over the title (empty: none).
    brand: String,
    language: &'static Language,
    style: Style,
    seed: u64,
    /// What the illustrations show when a beat names nothing (its title's words); `None` for a
    /// page laid out before beats had illustrations.
    subject: Option<Subject>,
    /// The pictures' size: the page's own 9:16, or a video's other shape.
    size: (u32, u32),
    /// How lit pictures mark the words.
    caption: CaptionStyle,
}

/// Where a picture's words are lit: where the page placed them (its own shape), or wherever they
/// land now (another shape; `lit`: the picture lights words at all).
pub enum Words {
    Placed(Vec<Vec<[u32; 4]>>),
    ToPlace { lit: bool },
}

/// How a page's pictures look: what the opening card says, the style, the seed of its choices
/// and what its illustrations show where a beat names nothing (its title's words unless told).
#[derive(Clone)]
pub struct Cover<'a> {
    pub title: &'a str,
    pub style: Style,
    pub seed: u64,
    subject: Option<Subject>,
    caption: CaptionStyle,
}

impl<'a> Cover<'a> {
    pub fn new(title: &'a str, style: Style, seed: u64) -> Cover<'a> {
        Cover { title, style, seed, subject: None, caption: CaptionStyle::default() }
    }

    /// The cover with its pictures' words lit in `caption`'s style.
    pub fn lit_as(self, caption: CaptionStyle) -> Cover<'a> {
        Cover { caption, ..self }
    }

    /// The cover with pictures about `subject` (a reading's, finer than a title's words).
    pub fn about(self, subject: Subject) -> Cover<'a> {
        Cover { subject: Some(subject), ..self }
    }

    fn sheets(self, texts: Vec<String>, language: &'static Language) -> Sheets {
        let subject = self.subject.unwrap_or_else(|| Subject::titled(self.title, language.code));
        Sheets::new(texts, self.title, language, self.style, self.seed).about(Some(subject)).lit_as(self.caption)
    }
}

impl Sheets {
    pub fn new(texts: Vec<String>, title: &str, language: &'static Language, style: Style, seed: u64) -> Sheets {
        let layouts = beats::choose(&texts.iter().map(String::as_str).collect::<Vec<_>>());
        let subject = Some(Subject::titled(title, language.code));
        let (title, brand, size) = (title.to_string(), String::new(), cards::CARD);
        let caption = CaptionStyle::default();
        Sheets { texts, layouts, title, brand, language, style, seed, subject, size, caption }
    }

    /// The sheets with their words lit in `caption`'s style.
    pub fn lit_as(self, caption: CaptionStyle) -> Sheets {
        Sheets { caption, ..self }
    }

    /// The sheets drawn in `aspect`'s shape, each layout composed for it.
    pub fn shaped(self, aspect: Aspect) -> Sheets {
        Sheets { size: aspect.size(), ..self }
    }

    /// The sheets with `brand`'s name on the opening card.
    pub fn branded(self, brand: &str) -> Sheets {
        Sheets { brand: brand.to_string(), ..self }
    }

    /// The sheets of a page drawn as it was laid out: about `subject`, or without illustrations.
    pub fn about(self, subject: Option<Subject>) -> Sheets {
        Sheets { subject, ..self }
    }

    /// The sheet of picture `position`, if the page has it.
    pub fn sheet(&self, position: usize) -> Option<BeatSheet<'_>> {
        // The opening card says the title, and over it the brand (in the title's place).
        let (text, title, layout, index, count) = match position.checked_sub(1) {
            None => (self.title.as_str(), self.brand.as_str(), Layout::Title, 0, 0),
            Some(i) => (self.texts.get(i)?.as_str(), self.title.as_str(), self.layouts[i], i, self.texts.len()),
        };
        Some(BeatSheet {
            layout,
            text,
            title,
            language: self.language.code,
            rtl: self.language.direction == "rtl",
            index,
            count,
            style: &self.style,
            seed: self.seed,
            subject: self.subject.as_ref(),
            caption: self.caption,
        })
    }

    /// Draws picture `position` on the render pool in `lane`, lit where `placing` says.
    pub async fn draw(
        self: &Arc<Sheets>,
        services: &Services,
        lane: Lane,
        position: usize,
        placing: Words,
    ) -> Result<spoken::Pictures, CpuError> {
        let sheets = self.clone();
        services
            .renders
            .run_in(lane, services.settings.picture_budget().saturating_mul(2), move |budget| {
                let sheet = sheets.sheet(position).ok_or("no such picture")?;
                match placing {
                    Words::Placed(boxes) => spoken::pictures(&sheet, boxes, sheets.size, budget),
                    Words::ToPlace { lit } => {
                        let units = if lit { words::units(sheet.text) } else { Vec::new() };
                        spoken::draw(&sheet, &units, sheets.size, budget)
                    }
                }
            })
            .await
    }

    /// Draws the end card in the page's style on the render pool: `name` (the brand's), the
    /// call to action `line` (else the language's own) and `link`.
    pub async fn ending(
        self: &Arc<Sheets>,
        services: &Services,
        (name, line, link): (&str, Option<&str>, &str),
    ) -> Result<Vec<u8>, CpuError> {
        let sheets = self.clone();
        let line = line.map_or_else(|| ending::call_to_action(self.language.code).to_string(), str::to_string);
        let (name, link) = (name.to_string(), ending::shown_link(link));
        services
            .renders
            .run(services.settings.picture_budget(), move |_| {
                let card = EndCard {
                    name: &name,
                    line: &line,
                    link: &link,
                    language: sheets.language.code,
                    rtl: sheets.language.direction == "rtl",
                    style: &sheets.style,
                };
                ending::png(&card, sheets.size).map_err(|e| e.to_string())
            })
            .await
    }

    /// Where the words of each beat (those `lit` says) are drawn, beats side by side on the
    /// render pool.
    async fn lay(self: &Arc<Sheets>, services: &Services, lit: Vec<bool>) -> Result<Vec<Vec<Vec<[u32; 4]>>>, JobError> {
        let laying = lit.into_iter().enumerate().map(|(i, lit)| {
            let sheets = self.clone();
            services.renders.run(services.settings.picture_budget(), move |budget| {
                let sheet = sheets.sheet(i + 1).ok_or("no such beat")?;
                let units = if lit { words::units(sheet.text) } else { Vec::new() };
                let boxes = spoken::boxes(&sheet, &units, sheets.size)?;
                budget.check()?;
                Ok(boxes)
            })
        });
        futures::future::try_join_all(laying).await.map_err(cpu_failure)
    }

    fn drawing(&self) -> Drawing {
        Drawing {
            title: self.title.clone(),
            seed: self.seed,
            typeface: self.style.typeface,
            subject: self.subject.clone(),
            caption: self.caption,
        }
    }
}

/// Speaks `script` with `voice` and finds where its words are drawn at the same time (that
/// needs only the captions): each beat is laid out lit, and a beat the voice could not time
/// keeps no boxes. The opening card will show `title`. The pictures themselves are drawn later.
pub async fn speak_and_lay(
    services: &Services,
    voice: &speech::Voice,
    language: &'static Language,
    script: Script,
    cover: Cover<'_>,
) -> Result<Made, JobError> {
    let sheets = Arc::new(cover.clone().sheets(script.captions.clone(), language));
    let started = std::time::Instant::now();
    let lit = vec![true; script.captions.len()];
    let speaking = async {
        let result = voice_beats_with(services, voice, language, script.captions, script.said).await;
        (result, started.elapsed())
    };
    let laying = async {
        let result = sheets.lay(services, lit).await;
        (result, started.elapsed())
    };
    let ((voiced, spoke), (laid, took)) = tokio::join!(speaking, laying);
    // Which of the two a page waited for.
    tracing::debug!(voice_ms = spoke.as_secs_f64() * 1e3, boxes_ms = took.as_secs_f64() * 1e3, "spoke and laid out");
    let (voiced, laid) = (voiced?, laid?);
    // Beats the voice said too quickly to read join a neighbour; their pictures change, so they
    // (and the layouts around them) are laid out again.
    let groups = rhythm::group(&pieces_of(&voiced.beats));
    if groups.len() == voiced.beats.len() {
        return Ok(attach(voiced, laid, sheets.drawing()));
    }
    let voiced = Voiced { beats: joined(voiced.beats, &groups, language.code), ..voiced };
    lay(services, voiced, language, cover).await
}

/// A script's beats as pieces of its rhythm: when each is heard (from its first word's sound to
/// its last's, where words are timed), how many caption words it has and what ends it.
fn pieces_of(beats: &[Beat]) -> Vec<Piece> {
    beats
        .iter()
        .map(|b| Piece {
            start: b.words.first().map_or(b.start, |w| w.start),
            end: b.words.last().map_or(b.end, |w| w.end),
            words: words::units(&b.text).len(),
            ends: rhythm::ending_of(&b.text),
        })
        .collect()
}

/// Beats joined by `groups` (ranges of them): captions one after the other, words too, each
/// keeping its time. A caption that ends without punctuation (a title slide) is set apart from
/// the next by the pause the voice made there: a dash, or the language's comma where words are
/// written without spaces.
fn joined(beats: Vec<Beat>, groups: &[std::ops::Range<usize>], language: &str) -> Vec<Beat> {
    let mut beats = beats.into_iter();
    let mut out = Vec::with_capacity(groups.len());
    for group in groups {
        let mut merged: Option<Beat> = None;
        for beat in beats.by_ref().take(group.len()) {
            merged = Some(match merged {
                None => beat,
                Some(mut into) => {
                    let gap = between(&into.text, language);
                    into.text.push_str(gap);
                    if let Some(last) = into.words.last_mut() {
                        last.text.push_str(gap);
                    }
                    // Words stay timed only if both beats' are.
                    if into.words.is_empty() || beat.words.is_empty() {
                        into.words.clear();
                    } else {
                        into.words.extend(beat.words);
                    }
                    into.text.push_str(&beat.text);
                    into.end = beat.end;
                    into
                }
            });
        }
        out.extend(merged);
    }
    out
}

/// What goes between a caption and the next one joined to it.
fn between(caption: &str, language: &str) -> &'static str {
    let open = rhythm::ending_of(caption) == End::None;
    match (whisper::unspaced(language), open) {
        (false, false) => " ",
        (false, true) => " — ",
        (true, false) => "",
        (true, true) => match language {
            "ja" => "、",
            "zh" => "，",
            _ => " ",
        },
    }
}

/// Finds where the words of beats already spoken (a recording's) are drawn, where they are timed.
pub async fn lay(
    services: &Services,
    voiced: Voiced,
    language: &'static Language,
    cover: Cover<'_>,
) -> Result<Made, JobError> {
    let lit = voiced.beats.iter().map(|b| voiced.captioned && !b.words.is_empty()).collect();
    let sheets = Arc::new(cover.sheets(shown(&voiced.beats, voiced.captioned), language));
    let laid = sheets.lay(services, lit).await?;
    Ok(attach(voiced, laid, sheets.drawing()))
}

/// Where each timed word is drawn goes into the beats' words (the page outlines them, the video
/// lights them there).
fn attach(mut voiced: Voiced, laid: Vec<Vec<Vec<[u32; 4]>>>, drawing: Drawing) -> Made {
    for (beat, boxes) in voiced.beats.iter_mut().zip(laid) {
        for (word, boxes) in beat.words.iter_mut().zip(boxes) {
            word.boxes = boxes;
        }
    }
    Made { voiced, drawing }
}

async fn voice_beats_with(
    services: &Services,
    voice: &speech::Voice,
    language: &'static Language,
    texts: Vec<String>,
    said: Vec<String>,
) -> Result<Voiced, JobError> {
    let reads_pinyin = matches!(voice, speech::Voice::Embedded(_) | speech::Voice::Kokoro(..));
    if reads_pinyin && language.code == "zh" && said.iter().any(|s| has_han(s)) {
        return Err(JobError::Fatal("the generator gave the voice no pinyin to read".into()).told(GENERATION_FAILED));
    }
    let spoken = speech::speak(voice, &said).await.map_err(|e| JobError::Retry(e).told(SPEECH_UNAVAILABLE))?;
    // Word times: the voice's own, on the caption itself or carried over from the pinyin it read
    // for it; else a transcription of what it said (by the endpoint, else the embedded
    // recogniser); else only the beats are timed.
    let own: Vec<Option<Anchors>> = texts
        .iter()
        .zip(&said)
        .zip(&spoken.anchors)
        .map(|((text, said), anchors)| match anchors.is_empty() {
            true => None,
            false if text == said => Some(anchors.clone()),
            false => carried(text, anchors),
        })
        .collect();
    let voice_timed = own.iter().all(Option::is_some);
    let (heard, word_times) = match (voice, &services.transcriber) {
        (
            speech::Voice::Embedded(_)
            | speech::Voice::Neural(_)
            | speech::Voice::Kokoro(..)
            | speech::Voice::Japanese(_),
            _,
        ) if voice_timed => (None, WordTimes::Synthesizer),
        (speech::Voice::Endpoint(_), _) if voice_timed => (None, WordTimes::SpeechEndpoint),
        (speech::Voice::Silent, _) => (None, WordTimes::None),
        (_, Some(transcriber)) => {
            let heard = transcriber
                .words(spoken.audio.to_wav(), language.code)
                .await
                .map_err(|e| JobError::Retry(e).told(TRANSCRIPTION_UNAVAILABLE))?;
            (Some(heard), WordTimes::Transcription)
        }
        _ => match &services.recogniser {
            Some(recogniser) => {
                let heard = hear_voice(services, recogniser, &spoken.audio, language).await?;
                let word_times = if heard.is_empty() { WordTimes::None } else { WordTimes::Recognizer };
                (Some(heard).filter(|h| !h.is_empty()), word_times)
            }
            None => (None, WordTimes::None),
        },
    };
    let spaced = !whisper::unspaced(language.code);
    let beats = texts
        .into_iter()
        .zip(&spoken.beats)
        .zip(own)
        .map(|((text, &(start, end)), own)| {
            let anchors = match &heard {
                Some(heard) => Some(heard_anchors(&text, heard, (start, end), spaced)),
                None => own.filter(|_| voice_timed),
            };
            let words = anchors.map(|a| timed_words(&spoken.audio, &text, &a, (start, end))).unwrap_or_default();
            Beat { words, text, start, end }
        })
        .collect();
    Ok(Voiced { audio: spoken.audio, beats, captioned: true, word_times, engine: spoken.engine })
}

/// The voice's word anchors on a text it read for `caption` (pinyin: a syllable per Chinese
/// character, other words as written) carried over to the caption: the k-th word said starts the
/// caption's k-th slot (a Chinese character, or a run of other letters and digits). `None` when
/// the counts differ, so no word is ever timed by another's event.
fn carried(caption: &str, anchors: &[(usize, u64)]) -> Option<Anchors> {
    let chars: Vec<char> = caption.chars().collect();
    let slots: Vec<usize> = (0..chars.len())
        .filter(|&i| {
            let c = chars[i];
            let han = |c: char| has_han(&c.to_string());
            han(c) || (c.is_alphanumeric() && (i == 0 || !chars[i - 1].is_alphanumeric() || han(chars[i - 1])))
        })
        .collect();
    (slots.len() == anchors.len()).then(|| slots.into_iter().zip(anchors).map(|(slot, &(_, ms))| (slot, ms)).collect())
}

fn has_han(text: &str) -> bool {
    text.chars().any(|c| matches!(u32::from(c), 0x3400..=0x4DBF | 0x4E00..=0x9FFF))
}

/// Beats from the pauses and sentences of a recording (a WAV file); captions from the transcription
/// endpoint when one is configured, else from the embedded recogniser when it is there,
/// otherwise none (the page says so).
pub async fn voice_recording(
    services: &Services,
    language: &'static Language,
    recording: Vec<u8>,
) -> Result<Voiced, JobError> {
    let audio = wav::parse(&recording)
        .map_err(|e| JobError::Fatal(format!("the recording: {e}")).told(UNREADABLE_RECORDING))?;
    let stretches = audio::speech_stretches(&audio, PAUSE_MS);
    if stretches.is_empty() {
        return Err(JobError::Fatal("no speech was found in the recording".into()).told(NO_SPEECH));
    }
    let (words, word_times) = match (&services.transcriber, &services.recogniser) {
        (Some(transcriber), _) => (
            transcriber
                .words(recording, language.code)
                .await
                .map_err(|e| JobError::Retry(e).told(TRANSCRIPTION_UNAVAILABLE))?,
            WordTimes::Transcription,
        ),
        (None, Some(recogniser)) => (
            recognise(recogniser, &audio, language.code, &stretches, services.settings.media_budget()).await?,
            WordTimes::Recognizer,
        ),
        (None, None) => (Vec::new(), WordTimes::None),
    };
    let captioned = !words.is_empty();
    let word_times = if captioned { word_times } else { WordTimes::None };
    let spaced = !whisper::unspaced(language.code);
    // A beat per sentence heard (or per stretch, uncaptioned); each runs from its start to the
    // start of the next, so the caption stays up through the pause.
    let spans = recording_spans(&stretches, &words);
    let beats = spans
        .iter()
        .enumerate()
        .map(|(i, &(start, end))| {
            let until = spans.get(i + 1).map_or(audio.duration_ms(), |next| next.0);
            let (text, anchors) = transcribe::caption(&words, (start, until), spaced);
            let end = end.max(start);
            let timed = if text.is_empty() { Vec::new() } else { timed_words(&audio, &text, &anchors, (start, end)) };
            Beat { text: if captioned && text.is_empty() { "…".into() } else { text }, start, end, words: timed }
        })
        .collect();
    Ok(Voiced { audio, beats, captioned, word_times, engine: "recording" })
}

/// A recording's beats as (start, end): its words grouped by the rhythm (at sentence ends, long
/// sentences at a clause or a pause, each long enough to read); without words, its stretches of
/// speech, each too short joined to a neighbour.
fn recording_spans(stretches: &[(u64, u64)], heard: &[transcribe::Word]) -> Vec<(u64, u64)> {
    let pieces: Vec<Piece> = if heard.is_empty() {
        // Without words, a pause is where a beat may end, and only length decides: each stretch
        // counts as a sentence of two words.
        stretches.iter().map(|&(start, end)| Piece { start, end, words: 2, ends: End::Sentence }).collect()
    } else {
        heard
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let gap = heard.get(i + 1).map_or(u64::MAX, |next| next.start.saturating_sub(w.end));
                let ends = match rhythm::ending_of(&w.text) {
                    End::None if gap >= PAUSE_MS => End::Pause,
                    ends => ends,
                };
                Piece { start: w.start, end: w.end.max(w.start), words: 1, ends }
            })
            .collect()
    };
    rhythm::group(&pieces).into_iter().map(|r| (pieces[r.start].start, pieces[r.end - 1].end)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beat(text: &str, start: u64, end: u64) -> Beat {
        let words = vec![Word { text: text.into(), start, end, boxes: Vec::new() }];
        Beat { text: text.into(), start, end, words }
    }

    #[test]
    #[allow(clippy::single_range_in_vec_init, reason = "one group of beats, as a range of them")]
    fn joined_beats_keep_every_word_and_mark_the_pause_after_a_title() {
        let beats =
            vec![beat("Why teams win", 0, 900), beat("Fewer meetings.", 1_000, 1_800), beat("Go.", 1_900, 2_200)];
        let got = joined(beats, &[0..2, 2..3], "en");
        assert_eq!(got[0].text, "Why teams win — Fewer meetings.");
        assert_eq!(got[0].words.iter().map(|w| w.text.as_str()).collect::<String>(), got[0].text);
        assert_eq!((got[0].start, got[0].end), (0, 1_800));
        assert_eq!(joined(vec![beat("Hi.", 0, 100), beat("Bye.", 200, 300)], &[0..2], "en")[0].text, "Hi. Bye.");
        let ja = joined(vec![beat("はじめに", 0, 100), beat("行こう。", 200, 300)], &[0..2], "ja");
        assert_eq!(ja[0].text, "はじめに、行こう。");
        assert_eq!(
            joined(vec![beat("你好。", 0, 100), beat("再见。", 200, 300)], &[0..2], "zh")[0].text,
            "你好。再见。"
        );
    }

    #[test]
    fn pinyin_syllables_time_the_characters_they_were_read_for() {
        let anchors = [(0, 0), (4, 100), (9, 200), (13, 300)];
        assert_eq!(carried("你好世界。", &anchors), Some(vec![(0, 0), (1, 100), (2, 200), (3, 300)]));
        // A Latin word is one slot, as the voice says it as one word.
        assert_eq!(carried("AI很好", &anchors[..3]), Some(vec![(0, 0), (2, 100), (3, 200)]));
        assert_eq!(carried("你好", &anchors), None, "counts that differ time nothing");
    }
}
