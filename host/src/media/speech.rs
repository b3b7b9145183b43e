//! Text to speech with the embedded voices: English by a neural voice (`piper`, in this
//! process), Spanish, French, Italian, Portuguese, Hindi, Chinese and Japanese by another
//! (`kokoro`, in this process), every other language by espeak-ng (Debian's library, in a child process), and
//! English too when the neural voice did not load. Each beat is spoken on its own and the pieces
//! are joined, so every beat's start and end in the voice track are known exactly, to the
//! sample: captions change on the spoken beat. The joined track is brought to the loudness
//! platforms play at.
//!
//! espeak-ng reads Mandarin only from pinyin (its `cmn-latn-pinyin` voice), which the beats
//! generator gives it as each beat's speech text; Arabic it reads as written (its vowels
//! guessed where the text has no marks). Japanese it reads in kana: `kana` gives every word
//! its reading from a dictionary; without the dictionary, scripts with kanji are refused up front
//! with a 400 that says what to send instead, never spoken as gibberish.
//! When the operator configures an OpenAI-compatible speech endpoint (`POST
//! {url}/audio/speech`), it speaks every script instead.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use base64::Engine;

use super::espeak::Spelled;
use super::kana::Japanese;
use super::kokoro::{self, Kokoro};
use super::piper::{Neural, Speaker};
use super::wav::{self, Pcm};
use crate::cpu::CpuPool;
use crate::error::Error;
use crate::net::unlocated;

/// The espeak-ng voice of each language.
const VOICES: [(&str, &str); 23] = [
    ("en", "en-us"),
    ("es", "es"),
    ("pt", "pt-br"),
    ("fr", "fr"),
    ("de", "de"),
    ("it", "it"),
    ("nl", "nl"),
    ("pl", "pl"),
    ("tr", "tr"),
    ("ru", "ru"),
    ("uk", "uk"),
    ("ar", "ar"),
    ("fa", "fa"),
    ("hi", "hi"),
    ("bn", "bn"),
    ("id", "id"),
    ("ms", "ms"),
    ("vi", "vi"),
    ("th", "th"),
    ("zh", PINYIN),
    ("ja", "ja"),
    ("ko", "ko"),
    ("sw", "sw"),
];

/// espeak-ng's Mandarin voice that reads pinyin.
const PINYIN: &str = "cmn-latn-pinyin";

/// Silence between beats, so beats do not run into each other.
const GAP_MS: u64 = 120;

fn count(text: &str, range: std::ops::RangeInclusive<u32>) -> usize {
    text.chars().filter(|c| range.contains(&u32::from(*c))).count()
}

/// The voices this service has: the operator's endpoint, the neural voice when it loaded.
#[derive(Debug, Default)]
pub struct Voices {
    pub endpoint: Option<Endpoint>,
    pub neural: Option<Arc<Neural>>,
    pub kokoro: Option<Arc<Kokoro>>,
    pub japanese: Option<Arc<Japanese>>,
}

impl Voices {
    /// Who speaks, as the settings say: the speech endpoint when one is configured (it decodes
    /// on `renders`), the embedded neural voice when it loads (it speaks on `renders`), and the
    /// Japanese dictionary when it is there.
    pub fn from_settings(settings: &crate::config::Settings, renders: &CpuPool) -> Result<Voices, String> {
        let endpoint = settings
            .speech_url
            .as_deref()
            .map(|url| {
                Endpoint::new(
                    url,
                    &settings.speech_model,
                    &settings.speech_voice,
                    settings.speech_api_key.clone(),
                    Duration::from_secs(settings.speech_timeout_secs.max(1)),
                    (renders.clone(), settings.media_budget()),
                )
            })
            .transpose()?;
        let folder = settings.voice_folder();
        let neural = folder.as_deref().filter(|_| settings.neural_voice).and_then(|dir| Neural::find(dir, renders));
        let kokoro = folder.as_deref().filter(|_| settings.neural_voice).and_then(|dir| Kokoro::find(dir, renders));
        let japanese = folder.as_deref().and_then(Japanese::find);
        Ok(Voices {
            endpoint,
            neural: neural.map(Arc::new),
            kokoro: kokoro.map(Arc::new),
            japanese: japanese.map(Arc::new),
        })
    }
}

/// Who speaks.
#[derive(Debug, Clone)]
pub enum Voice {
    /// espeak-ng with this voice name.
    Embedded(&'static str),
    /// The neural voice (for its own language; espeak-ng's voice for it if it cannot load).
    Neural(Arc<Neural>),
    /// Kokoro with this voicepack, its language spelled so (whose voice speaks if it cannot load).
    Kokoro(Arc<Kokoro>, &'static str, Front),
    /// espeak-ng's Japanese voice reading what the dictionary says each word sounds like.
    Japanese(Arc<Japanese>),
    /// The operator's speech endpoint.
    Endpoint(Endpoint),
    /// No voice reads the language: each beat lasts as long as reading it takes, over silence
    /// (so a pitch still makes its page).
    Silent,
}

/// How Kokoro's text is spelled, with what spelling it needs: by an espeak-ng voice, from the
/// generators' pinyin, or from the Japanese dictionary's readings ([`kokoro::Spelling`]).
#[derive(Debug, Clone)]
pub enum Front {
    Espeak(&'static str),
    Pinyin,
    Kana(Arc<Japanese>),
}

impl Front {
    /// The front for `language` with these voices, if Kokoro can be given its text.
    fn of(voices: &Voices, language: &str) -> Option<Front> {
        match kokoro::spelling(language)? {
            kokoro::Spelling::Espeak(voice) => Some(Front::Espeak(voice)),
            kokoro::Spelling::Pinyin => Some(Front::Pinyin),
            kokoro::Spelling::Kana => voices.japanese.clone().map(Front::Kana),
        }
    }

    /// Every beat spelled for the model: Latin words in Chinese and Japanese text in English.
    async fn spell(&self, beats: &[String]) -> Result<Vec<Spelled>, String> {
        match self {
            Front::Espeak(voice) => spell_with(voice, beats).await,
            Front::Pinyin => {
                let english = english(beats.iter().flat_map(|b| kokoro::mandarin::latin_words(b)).collect()).await?;
                Ok(beats.iter().map(|beat| kokoro::mandarin::spell(beat, &english)).collect())
            }
            Front::Kana(dictionary) => {
                let read = dictionary.phrases(beats).await.ok_or("the Japanese dictionary cannot be loaded")?;
                let english = english(read.iter().flat_map(|p| kokoro::japanese::latin_words(p)).collect()).await?;
                Ok(read.iter().map(|phrases| kokoro::japanese::spell(phrases, &english)).collect())
            }
        }
    }

    /// Every beat spoken by espeak-ng instead, as the language is without Kokoro.
    async fn fallback(&self, beats: &[String]) -> Result<Vec<Piece>, String> {
        match self {
            Front::Espeak(voice) => embedded(voice, beats).await,
            Front::Pinyin => embedded(PINYIN, beats).await,
            Front::Kana(dictionary) => japanese(dictionary, beats).await,
        }
    }
}

/// An OpenAI-compatible speech endpoint.
#[derive(Debug, Clone)]
pub struct Endpoint {
    url: String,
    model: String,
    voice: String,
    api_key: Option<String>,
    client: reqwest::Client,
    /// Where answers that are not WAV are decoded, and how long that may take.
    decoder: (CpuPool, Duration),
}

impl Endpoint {
    /// A client for the API root `url` (e.g. `http://tts.internal:8880/v1`); answers that are not
    /// WAV are decoded on `decoder`'s pool within its budget.
    pub fn new(
        url: &str,
        model: &str,
        voice: &str,
        api_key: Option<String>,
        timeout: Duration,
        decoder: (CpuPool, Duration),
    ) -> Result<Endpoint, String> {
        let client = reqwest::Client::builder().timeout(timeout).build().map_err(|e| format!("speech client: {e}"))?;
        let url = url.trim_end_matches('/').to_string();
        Ok(Endpoint { url, model: model.into(), voice: voice.into(), api_key, client, decoder })
    }

    /// `text` spoken: the endpoint is asked for WAV; an answer in another format is decoded.
    /// An endpoint that times words may answer JSON instead, `{"audio": base64, "words": [{"word",
    /// "start", "end"}]}` (seconds; `timestamps` with `start_time`/`end_time` is read too), and
    /// its words anchor the captions.
    async fn speak(&self, text: &str) -> Result<Piece, String> {
        let body =
            serde_json::json!({"model": self.model, "input": text, "voice": self.voice, "response_format": "wav"});
        let mut request = self.client.post(format!("{}/audio/speech", self.url)).json(&body);
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await.map_err(|e| format!("speech endpoint: {}", unlocated(e)))?;
        if !response.status().is_success() {
            return Err(format!("speech endpoint: HTTP {}", response.status().as_u16()));
        }
        let json = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json"));
        let bytes = response.bytes().await.map_err(|e| format!("speech endpoint: {}", unlocated(e)))?;
        if bytes.len() > 50 * 1024 * 1024 {
            return Err("speech endpoint: answer too large".into());
        }
        let (audio, anchors) = if json { timed_answer(&bytes, text)? } else { (bytes.to_vec(), Vec::new()) };
        let pcm = match wav::parse(&audio) {
            Ok(pcm) => pcm,
            Err(_) => {
                let (pool, budget) = &self.decoder;
                pool.run(*budget, move |b| Ok(super::audio::decode(&audio, 600_000, b)))
                    .await
                    .map_err(|e| e.to_string())?
                    .map_err(|e| format!("speech endpoint answered no usable audio: {e:?}"))?
            }
        };
        Ok(Piece { pcm, anchors })
    }
}

#[derive(serde::Deserialize)]
struct TimedAnswer {
    audio: String,
    #[serde(default, alias = "timestamps")]
    words: Vec<TimedWord>,
}

#[derive(serde::Deserialize)]
struct TimedWord {
    #[serde(alias = "text")]
    word: String,
    #[serde(alias = "start_time")]
    start: f64,
}

/// A JSON answer's audio and its words as anchors: each word found in `text` after the one
/// before it (character index, ms). Words the text does not contain are skipped; the answer is
/// untrusted.
fn timed_answer(body: &[u8], text: &str) -> Result<(Vec<u8>, Anchors), String> {
    let answer: TimedAnswer =
        serde_json::from_slice(body).map_err(|e| format!("speech endpoint answered bad JSON: {e}"))?;
    let audio = base64::engine::general_purpose::STANDARD
        .decode(answer.audio.trim())
        .map_err(|e| format!("speech endpoint answered bad base64 audio: {e}"))?;
    let lower = text.to_lowercase();
    let mut anchors = Vec::new();
    let mut from = 0;
    for word in answer.words.iter().take(10_000) {
        let needle = word.word.trim().to_lowercase();
        if needle.is_empty() || !word.start.is_finite() || word.start < 0.0 || word.start > 3_600.0 {
            continue;
        }
        // Lowercasing keeps byte offsets only for text whose case changes do not resize it.
        if lower.len() != text.len() {
            break;
        }
        if let Some(at) = lower.get(from..).and_then(|rest| rest.find(&needle)) {
            let byte = from + at;
            anchors.push((text[..byte].chars().count(), (word.start * 1000.0).round() as u64));
            from = byte + needle.len();
        }
    }
    Ok((audio, anchors))
}

/// The voice for a script in `language`: the operator's endpoint when configured, else the
/// neural voice for its language, else espeak-ng, or the 400 that says what the embedded voices
/// can read and how to get one that reads more.
pub fn voice_for(voices: &Voices, language: &crate::languages::Language, script: &str) -> Result<Voice, Error> {
    if let Some(endpoint) = &voices.endpoint {
        return Ok(Voice::Endpoint(endpoint.clone()));
    }
    if let Some(neural) = voices.neural.as_ref().filter(|n| n.language() == language.code) {
        return Ok(Voice::Neural(neural.clone()));
    }
    let code = language.code;
    if let (Some(model), Some(&[pack, ..]), Some(front)) =
        (voices.kokoro.as_ref(), kokoro::voicepacks(code), Front::of(voices, code))
    {
        return Ok(Voice::Kokoro(model.clone(), pack, front));
    }
    if let Some(japanese) = voices.japanese.as_ref().filter(|_| language.code == "ja") {
        return Ok(Voice::Japanese(japanese.clone()));
    }
    let refuse = |why: &str| {
        Err(Error::bad_request(
            "voice_unavailable",
            format!(
                "The embedded voice cannot read this {} script: {why} Or have the operator configure a speech \
                 endpoint (ASSET_SPEECH_URL), which reads every script.",
                language.name
            ),
        ))
    };
    match language.code {
        "ja" if count(script, 0x4E00..=0x9FFF) + count(script, 0x3400..=0x4DBF) > 0 => {
            refuse("it reads Japanese only in kana; write the script in hiragana or katakana.")
        }
        code => Ok(Voice::Embedded(VOICES.iter().find(|(c, _)| *c == code).map(|(_, v)| *v).unwrap_or("en-us"))),
    }
}

/// Who speaks `code` in this process (see `catalog::VoiceOffer`), and the voices a script may
/// choose among.
pub fn engine(voices: &Voices, code: &str) -> (&'static str, &'static [&'static str]) {
    let packs = kokoro::voicepacks(code).unwrap_or_default();
    match () {
        _ if voices.endpoint.is_some() => ("endpoint", &[]),
        _ if voices.neural.as_ref().is_some_and(|n| n.language() == code) => ("piper", &[]),
        _ if voices.kokoro.is_some() && Front::of(voices, code).is_some() => ("kokoro", packs),
        _ => ("espeak-ng", &[]),
    }
}

/// What a page's status says of the voice that spoke `code` when a neural voice speaks that
/// language but was not there (its files not set up, or it could not load).
pub fn fallback_note(code: &str, engine: &str) -> Option<String> {
    let neural = code == "en" || kokoro::voicepacks(code).is_some();
    (neural && engine == "espeak-ng").then(|| {
        "Spoken by espeak-ng: this server's neural voice for the language is not set up or could not load.".to_string()
    })
}

/// The voice a request chose for `language` (`None`: its default), checked: one of the
/// language's voices ([`kokoro::voicepacks`]), else a 400 that names them.
pub fn chosen_voice(language: &crate::languages::Language, voice: Option<&str>) -> Result<Option<&'static str>, Error> {
    let Some(voice) = voice else { return Ok(None) };
    let packs = kokoro::voicepacks(language.code).unwrap_or_default();
    if let Some(&pack) = packs.iter().find(|p| **p == voice) {
        return Ok(Some(pack));
    }
    let offered = match packs {
        [] => format!("{} has one voice; send no `voice`", language.name),
        packs => format!("the voices of {} are {}", language.name, packs.join(", ")),
    };
    Err(Error::bad_request("unsupported_voice", format!("Unknown `voice`: {offered}.")))
}

impl Voice {
    /// This voice speaking with `pack` ([`chosen_voice`]'s) where it is one of its own; as it is
    /// otherwise (the endpoint, espeak-ng after a fallback).
    pub fn picked(self, pack: Option<&str>) -> Voice {
        match (self, pack) {
            (Voice::Kokoro(kokoro, default, front), Some(pack)) => {
                let language = kokoro::LANGUAGES.iter().find(|(_, _, packs)| packs.contains(&default));
                let own = language.and_then(|(_, _, packs)| packs.iter().find(|p| **p == pack));
                Voice::Kokoro(kokoro, own.copied().unwrap_or(default), front)
            }
            (voice, _) => voice,
        }
    }
}

/// The voice for text a generator writes in `language`: as [`voice_for`], where Japanese is
/// written in kanji, which needs the dictionary — without it, the same 400 as a script.
pub fn voice_for_generated(voices: &Voices, language: &crate::languages::Language) -> Result<Voice, Error> {
    let sample = if language.code == "ja" { "日本語" } else { "" };
    voice_for(voices, language, sample)
}

/// The voice for text a generator writes in `language`, or silence when no voice reads it:
/// pages that must be made (a pitch) are made unnarrated rather than refused.
pub fn voice_or_silence(voices: &Voices, language: &crate::languages::Language) -> Voice {
    voice_for_generated(voices, language).unwrap_or(Voice::Silent)
}

/// A spoken script: one voice track, where each beat sits in it and, where the voice says,
/// where its words start.
#[derive(Debug, Clone)]
pub struct Spoken {
    pub audio: Pcm,
    /// (start, end) of each beat in milliseconds, in order.
    pub beats: Vec<(u64, u64)>,
    /// For each beat, where words of its spoken text start: (character index, ms into the
    /// track). Empty when the voice does not say.
    pub anchors: Vec<Vec<(usize, u64)>>,
    /// Who spoke it: `endpoint`, `piper`, `kokoro`, `espeak-ng` (also when a neural voice could
    /// not load), or `none` (silence).
    pub engine: &'static str,
}

/// Where words start in a text: (character index, ms).
pub type Anchors = Vec<(usize, u64)>;

/// One beat's audio and its word anchors relative to the beat's own audio.
struct Piece {
    pcm: Pcm,
    anchors: Vec<(usize, u64)>,
}

/// Silence as long as reading `beat` takes: about 14 letters a second, a CJK character counting
/// as two, and never under a second and a half.
fn silent(beat: &str) -> Piece {
    const RATE: u32 = 22_050;
    let weight: u64 =
        beat.chars().filter(|c| c.is_alphanumeric()).map(|c| if u32::from(c) >= 0x3000 { 2 } else { 1 }).sum();
    let ms = (weight * 1000 / 14).max(1_500);
    let frames = (ms * u64::from(RATE) / 1000) as usize;
    Piece { pcm: Pcm { sample_rate: RATE, channels: 1, data: vec![0; frames * 2] }, anchors: Vec::new() }
}

/// Speaks each beat with `voice` and joins them with a short gap.
pub async fn speak(voice: &Voice, beats: &[String]) -> Result<Spoken, String> {
    const ESPEAK: &str = "espeak-ng";
    let (pieces, engine) = match voice {
        Voice::Embedded(name) => (embedded(name, beats).await?, ESPEAK),
        Voice::Neural(voice) => match voice.get().await {
            Some(piper) => (voiced(&piper, &spell_with(voice.espeak_voice(), beats).await?).await?, "piper"),
            None => (embedded(voice.espeak_voice(), beats).await?, ESPEAK),
        },
        Voice::Kokoro(voice, pack, front) => {
            match voice.get().await.and_then(|model| kokoro::Speaking::new(model, pack)) {
                Some(speaking) => (voiced(&Arc::new(speaking), &front.spell(beats).await?).await?, "kokoro"),
                None => (front.fallback(beats).await?, ESPEAK),
            }
        }
        Voice::Japanese(dictionary) => (japanese(dictionary, beats).await?, ESPEAK),
        Voice::Silent => (beats.iter().map(|beat| silent(beat)).collect(), "none"),
        Voice::Endpoint(endpoint) => {
            let mut pieces = Vec::with_capacity(beats.len());
            for beat in beats {
                pieces.push(endpoint.speak(beat).await?);
            }
            (pieces, "endpoint")
        }
    };
    let mut audio: Option<Pcm> = None;
    let mut times = Vec::with_capacity(beats.len());
    let mut anchors = Vec::with_capacity(beats.len());
    for piece in pieces {
        let joined = audio.get_or_insert_with(|| Pcm { data: Vec::new(), ..piece.pcm.clone() });
        if (joined.sample_rate, joined.channels) != (piece.pcm.sample_rate, piece.pcm.channels) {
            return Err("the voice changed its audio format between beats".into());
        }
        let frame_ms = |frames: u64| frames * 1000 / u64::from(joined.sample_rate);
        let start = frame_ms(joined.frames());
        joined.data.extend_from_slice(&piece.pcm.data);
        times.push((start, frame_ms(joined.frames())));
        anchors.push(piece.anchors.into_iter().map(|(c, ms)| (c, start + ms)).collect());
        let gap_frames = GAP_MS * u64::from(joined.sample_rate) / 1000;
        joined.data.resize(joined.data.len() + (gap_frames as usize) * 2 * usize::from(joined.channels), 0);
    }
    let mut audio = audio.ok_or("there is nothing to speak")?;
    super::loudness::normalize(&mut audio)?;
    Ok(Spoken { audio, beats: times, anchors, engine })
}

/// Every beat from espeak-ng, with its word events: in a child process of this binary, or in
/// this process in the crate's own tests (whose binary is the test harness).
async fn embedded(voice: &str, beats: &[String]) -> Result<Vec<Piece>, String> {
    #[cfg(not(test))]
    let (rate, said) = {
        let program = std::env::current_exe().map_err(|e| format!("the voice cannot start: {e}"))?;
        super::espeak::speak(&program, voice, beats).await?
    };
    #[cfg(test)]
    let (rate, said) = {
        let (voice, beats) = (voice.to_string(), beats.to_vec());
        tokio::task::spawn_blocking(move || super::espeak::synthesize(&voice, &beats))
            .await
            .map_err(|e| e.to_string())??
    };
    Ok(said
        .into_iter()
        .map(|s| Piece {
            anchors: s.marks.iter().map(|m| (m.char_start, m.sample * 1000 / u64::from(rate))).collect(),
            pcm: Pcm { sample_rate: rate, channels: 1, data: s.samples.iter().flat_map(|v| v.to_le_bytes()).collect() },
        })
        .collect())
}

/// Every text spelled by espeak-ng's voice `espeak` (in its child, as [`embedded`]).
async fn spell_with(espeak: &str, texts: &[String]) -> Result<Vec<Spelled>, String> {
    #[cfg(not(test))]
    {
        let program = std::env::current_exe().map_err(|e| format!("the voice cannot start: {e}"))?;
        super::espeak::spell(&program, espeak, texts).await
    }
    #[cfg(test)]
    {
        let (voice, texts) = (espeak.to_string(), texts.to_vec());
        tokio::task::spawn_blocking(move || super::espeak::spell_here(&voice, &texts))
            .await
            .map_err(|e| e.to_string())?
    }
}

/// Latin words (brand names, English in Chinese or Japanese text) spelled in American English.
async fn english(mut words: Vec<String>) -> Result<HashMap<String, String>, String> {
    words.sort();
    words.dedup();
    if words.is_empty() {
        return Ok(HashMap::new());
    }
    let spelled = spell_with("en-us", &words).await?;
    let ipa = |s: &Spelled| s.clauses.iter().map(|c| c.ipa.as_str()).collect::<Vec<_>>().join(" ");
    Ok(words.into_iter().zip(spelled.iter().map(ipa)).collect())
}

/// Every beat spoken by a neural voice from its spelling.
async fn voiced<S: Speaker>(voice: &Arc<S>, spelled: &[Spelled]) -> Result<Vec<Piece>, String> {
    let rate = voice.rate();
    Ok(super::piper::speak(voice, spelled)
        .await?
        .into_iter()
        .map(|(samples, anchors)| Piece {
            anchors,
            pcm: Pcm { sample_rate: rate, channels: 1, data: samples.iter().flat_map(|v| v.to_le_bytes()).collect() },
        })
        .collect())
}

/// Every beat read in kana by espeak-ng's Japanese voice, phrase by phrase, its word events
/// carried back to where each phrase is written.
async fn japanese(dictionary: &Japanese, beats: &[String]) -> Result<Vec<Piece>, String> {
    let read = dictionary.phrases(beats).await.ok_or("the Japanese dictionary cannot be loaded")?;
    let said: Vec<String> =
        read.iter().map(|phrases| phrases.iter().map(|p| p.said.as_str()).collect::<Vec<_>>().join(" ")).collect();
    let pieces = embedded("ja", &said).await?;
    Ok(pieces
        .into_iter()
        .zip(&read)
        .map(|(piece, phrases)| Piece { anchors: written(&piece.anchors, phrases), pcm: piece.pcm })
        .collect())
}

/// Anchors on the kana said (phrases joined by single spaces) carried to the written text: an
/// event inside the k-th phrase said marks the k-th phrase's start, once.
fn written(anchors: &[(usize, u64)], phrases: &[super::kana::Phrase]) -> Anchors {
    let mut starts = Vec::with_capacity(phrases.len());
    let mut at = 0;
    for phrase in phrases {
        starts.push(at);
        at += phrase.said.chars().count() + 1;
    }
    let mut out: Anchors = Vec::new();
    for &(char_said, ms) in anchors {
        let Some(k) = starts.partition_point(|&s| s <= char_said).checked_sub(1) else { continue };
        let char_written = phrases[k].char_start;
        if out.last().is_none_or(|&(c, _)| c < char_written) {
            out.push((char_written, ms));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::languages::find;

    #[test]
    fn scripts_the_voice_cannot_read_are_refused_with_what_to_send() {
        let name = |v: Result<Voice, Error>| match v {
            Ok(Voice::Embedded(name)) => name,
            other => panic!("{other:?}"),
        };
        let none = Voices::default();
        let ar = find("ar").unwrap();
        assert_eq!(name(voice_for(&none, ar, "مرحبا بالعالم")), "ar", "Arabic is read as written");
        let ja = find("ja").unwrap();
        assert!(voice_for(&none, ja, "日本語です").is_err());
        assert!(voice_for_generated(&none, ja).is_err());
        assert_eq!(name(voice_for(&none, ja, "こんにちは")), "ja");
        let zh = find("zh").unwrap();
        assert_eq!(name(voice_for(&none, zh, "你好")), "cmn-latn-pinyin", "the beats carry pinyin to read");
        assert_eq!(name(voice_for(&none, find("hi").unwrap(), "नमस्ते")), "hi");
        assert_eq!(name(voice_for(&none, find("en").unwrap(), "Hello")), "en-us", "without the neural voice");
        let endpoint = Endpoint::new(
            "http://127.0.0.1:9/v1",
            "tts-1",
            "alloy",
            None,
            Duration::from_secs(1),
            (CpuPool::new("test", 1), Duration::from_secs(1)),
        )
        .unwrap();
        let voices = Voices { endpoint: Some(endpoint), neural: None, kokoro: None, japanese: None };
        assert!(matches!(voice_for(&voices, ja, "日本語です"), Ok(Voice::Endpoint(_))));
    }

    #[test]
    fn word_events_on_kana_mark_where_each_phrase_is_written() {
        use crate::media::kana::Phrase;
        let phrases = [
            Phrase { char_start: 0, said: "キョーカラ".into() },
            Phrase { char_start: 4, said: "ムリョーデ".into() },
            Phrase { char_start: 7, said: "タメス.".into() },
        ];
        // Said: "キョーカラ ムリョーデ タメス." — phrases at 0, 6 and 12; an event inside a
        // phrase (8) marks nothing new.
        let anchors = written(&[(0, 10), (6, 400), (8, 500), (12, 900)], &phrases);
        assert_eq!(anchors, vec![(0, 10), (4, 400), (7, 900)]);
    }

    #[tokio::test]
    async fn japanese_with_kanji_is_read_through_the_dictionary_phrase_by_phrase() {
        let home = std::path::PathBuf::from(std::env::var_os("HOME").expect("HOME"));
        let voices = home.join(".cache/asset-service/voices");
        let japanese = Japanese::find(&voices).expect("the Japanese dictionary: run scripts/test.sh");
        let beats = vec!["今日から無料で試して、金曜日を取り戻しましょう。".to_string()];
        let spoken = speak(&Voice::Japanese(Arc::new(japanese)), &beats).await.unwrap();
        let starts: Vec<usize> = spoken.anchors[0].iter().map(|&(c, _)| c).collect();
        assert_eq!(starts, [0, 4, 7, 11, 15], "a word event at each phrase as written: {:?}", spoken.anchors);
        assert!(spoken.beats[0].1 > 1_500, "several seconds of speech: {:?}", spoken.beats);
    }

    #[tokio::test]
    async fn beats_are_spoken_back_to_back_with_exact_times() {
        let beats = vec!["Ship the page.".to_string(), "Then render the video.".to_string()];
        let spoken = speak(&Voice::Embedded("en-us"), &beats).await.unwrap();
        assert_eq!(spoken.audio.sample_rate, 22_050);
        assert_eq!(spoken.beats.len(), 2);
        let ((s0, e0), (s1, e1)) = (spoken.beats[0], spoken.beats[1]);
        assert_eq!(s0, 0);
        assert!(e0 > 400 && e1 > s1 + 400, "{:?}", spoken.beats);
        assert!((s1 - e0).abs_diff(GAP_MS) <= 1, "one gap between beats: {:?}", spoken.beats);
        assert!(spoken.audio.duration_ms().abs_diff(e1 + GAP_MS) <= 1);
        let starts: Vec<usize> = spoken.anchors[1].iter().map(|&(c, _)| c).collect();
        assert_eq!(starts, [0, 5, 12, 16], "the second beat's words: {:?}", spoken.anchors);
        assert!(spoken.anchors[1].iter().all(|&(_, ms)| (s1..e1).contains(&ms)), "{:?}", spoken.anchors);
    }

    #[test]
    fn an_endpoints_word_times_anchor_the_words_it_said() {
        let body = serde_json::json!({
            "audio": base64::engine::general_purpose::STANDARD.encode(b"RIFF"),
            "words": [{"word": "Ship", "start": 0.05, "end": 0.3}, {"word": "nowhere", "start": 0.4},
                      {"word": "PAGE", "start": 0.6}, {"word": "page", "start": 1e300}],
        });
        let (audio, anchors) = timed_answer(body.to_string().as_bytes(), "Ship the page, then the page.").unwrap();
        assert_eq!(audio, b"RIFF");
        assert_eq!(anchors, vec![(0, 50), (9, 600)], "words it did not say are skipped");
        let other = serde_json::json!({"audio": "", "timestamps": [{"text": "then", "start_time": 1.5}]});
        assert_eq!(timed_answer(other.to_string().as_bytes(), "now then").unwrap().1, vec![(4, 1_500)]);
        assert!(timed_answer(b"{}", "x").is_err());
    }
}
