//! Text to speech with the embedded voice, espeak-ng (Debian's package, run as a process). Each
//! beat is spoken on its own and the pieces are joined, so every beat's start and end in the
//! voice track are known exactly, to the sample: captions change on the spoken beat.
//!
//! espeak-ng reads most of the 23 languages. It reads Mandarin only from pinyin (its
//! `cmn-latn-pinyin` voice), which the beats generator gives it as each beat's speech text; it
//! reads Arabic only fully diacritized and Japanese only in kana, and no generator here can add
//! the marks or readings, so such scripts are refused up front with a 400 that says what to send
//! instead, never spoken as gibberish.
//! When the operator configures an OpenAI-compatible speech endpoint (`POST
//! {url}/audio/speech`), it speaks every script instead.

use std::time::Duration;

use base64::Engine;

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
    ("zh", "cmn-latn-pinyin"),
    ("ja", "ja"),
    ("ko", "ko"),
    ("sw", "sw"),
];

/// Silence between beats, so beats do not run into each other.
const GAP_MS: u64 = 120;

fn count(text: &str, range: std::ops::RangeInclusive<u32>) -> usize {
    text.chars().filter(|c| range.contains(&u32::from(*c))).count()
}

/// Who speaks.
#[derive(Debug, Clone)]
pub enum Voice {
    /// espeak-ng with this voice name.
    Embedded(&'static str),
    /// The operator's speech endpoint.
    Endpoint(Endpoint),
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
/// embedded voice, or the 400 that says what the embedded voice can read and how to get one
/// that reads more.
pub fn voice_for(
    endpoint: Option<&Endpoint>,
    language: &crate::languages::Language,
    script: &str,
) -> Result<Voice, Error> {
    if let Some(endpoint) = endpoint {
        return Ok(Voice::Endpoint(endpoint.clone()));
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
        // Arabic letters vs. their vowel marks (harakat): a fully diacritized text has about one
        // mark per letter.
        "ar" if count(script, 0x064B..=0x0652) * 2 < count(script, 0x0621..=0x064A) => {
            refuse("it reads Arabic only when fully diacritized (with its vowel marks); send the script with tashkeel.")
        }
        "ja" if count(script, 0x4E00..=0x9FFF) + count(script, 0x3400..=0x4DBF) > 0 => {
            refuse("it reads Japanese only in kana; write the script in hiragana or katakana.")
        }
        code => Ok(Voice::Embedded(VOICES.iter().find(|(c, _)| *c == code).map(|(_, v)| *v).unwrap_or("en-us"))),
    }
}

/// The voice for text a generator writes in `language`: the endpoint when configured; else the
/// embedded voice, except for Arabic and Japanese, which generators write with letters it
/// cannot read (Arabic without its vowel marks, Japanese in kanji) — the same 400 as a script.
pub fn voice_for_generated(endpoint: Option<&Endpoint>, language: &crate::languages::Language) -> Result<Voice, Error> {
    let sample = match language.code {
        "ar" => "نص",
        "ja" => "日本語",
        _ => "",
    };
    voice_for(endpoint, language, sample)
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
}

/// Where words start in a text: (character index, ms).
pub type Anchors = Vec<(usize, u64)>;

/// One beat's audio and its word anchors relative to the beat's own audio.
struct Piece {
    pcm: Pcm,
    anchors: Vec<(usize, u64)>,
}

/// Speaks each beat with `voice` and joins them with a short gap.
pub async fn speak(voice: &Voice, beats: &[String]) -> Result<Spoken, String> {
    let pieces = match voice {
        Voice::Embedded(name) => embedded(name, beats).await?,
        Voice::Endpoint(endpoint) => {
            let mut pieces = Vec::with_capacity(beats.len());
            for beat in beats {
                pieces.push(endpoint.speak(beat).await?);
            }
            pieces
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
    let audio = audio.ok_or("there is nothing to speak")?;
    Ok(Spoken { audio, beats: times, anchors })
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
        let ar = find("ar").unwrap();
        assert!(voice_for(None, ar, "مرحبا بالعالم").is_err());
        assert_eq!(name(voice_for(None, ar, "مَرْحَبًا بِالْعَالَمِ")), "ar");
        let ja = find("ja").unwrap();
        assert!(voice_for(None, ja, "日本語です").is_err());
        assert_eq!(name(voice_for(None, ja, "こんにちは")), "ja");
        let zh = find("zh").unwrap();
        assert_eq!(name(voice_for(None, zh, "你好")), "cmn-latn-pinyin", "the beats carry pinyin to read");
        assert_eq!(name(voice_for(None, find("hi").unwrap(), "नमस्ते")), "hi");
        let endpoint = Endpoint::new(
            "http://127.0.0.1:9/v1",
            "tts-1",
            "alloy",
            None,
            Duration::from_secs(1),
            (CpuPool::new("test", 1), Duration::from_secs(1)),
        )
        .unwrap();
        assert!(matches!(voice_for(Some(&endpoint), ar, "مرحبا بالعالم"), Ok(Voice::Endpoint(_))));
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
