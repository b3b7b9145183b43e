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

use std::process::Stdio;
use std::time::Duration;

use tokio::io::AsyncWriteExt;

use super::wav::{self, Pcm};
use crate::cpu::CpuPool;
use crate::error::Error;

/// The espeak-ng voice of each language.
const VOICES: [(&str, &str); 23] = [
    ("en", "en-us"),
    ("es", "es"),
    ("pt", "pt-br"),
    ("fr", "fr-fr"),
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
        decoder: (CpuPool, Duration),
    ) -> Result<Endpoint, String> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(60))
            .build()
            .map_err(|e| format!("speech client: {e}"))?;
        let url = url.trim_end_matches('/').to_string();
        Ok(Endpoint { url, model: model.into(), voice: voice.into(), api_key, client, decoder })
    }

    /// `text` spoken, as PCM (the endpoint is asked for WAV; anything else is decoded).
    async fn speak(&self, text: &str) -> Result<Pcm, String> {
        let body =
            serde_json::json!({"model": self.model, "input": text, "voice": self.voice, "response_format": "wav"});
        let mut request = self.client.post(format!("{}/audio/speech", self.url)).json(&body);
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await.map_err(|e| format!("speech endpoint: {e}"))?;
        if !response.status().is_success() {
            return Err(format!("speech endpoint: HTTP {}", response.status().as_u16()));
        }
        let bytes = response.bytes().await.map_err(|e| format!("speech endpoint: {e}"))?;
        if bytes.len() > 50 * 1024 * 1024 {
            return Err("speech endpoint: answer too large".into());
        }
        match wav::parse(&bytes) {
            Ok(pcm) => Ok(pcm),
            Err(_) => {
                let (pool, budget) = &self.decoder;
                pool.run(*budget, move |b| Ok(super::audio::decode(&bytes, 600_000, b)))
                    .await
                    .map_err(|e| e.to_string())?
                    .map_err(|e| format!("speech endpoint answered no usable audio: {e:?}"))
            }
        }
    }
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

/// A spoken script: one voice track and where each beat sits in it.
#[derive(Debug, Clone)]
pub struct Spoken {
    pub audio: Pcm,
    /// (start, end) of each beat in milliseconds, in order.
    pub beats: Vec<(u64, u64)>,
}

/// Speaks each beat with `voice` and joins them with a short gap.
pub async fn speak(voice: &Voice, beats: &[String]) -> Result<Spoken, String> {
    let mut audio: Option<Pcm> = None;
    let mut times = Vec::with_capacity(beats.len());
    for beat in beats {
        let piece = match voice {
            Voice::Embedded(name) => espeak(name, beat).await?,
            Voice::Endpoint(endpoint) => endpoint.speak(beat).await?,
        };
        let joined = audio.get_or_insert_with(|| Pcm { data: Vec::new(), ..piece.clone() });
        if (joined.sample_rate, joined.channels) != (piece.sample_rate, piece.channels) {
            return Err("the voice changed its audio format between beats".into());
        }
        let frame_ms = |frames: u64| frames * 1000 / u64::from(joined.sample_rate);
        let start = frame_ms(joined.frames());
        joined.data.extend_from_slice(&piece.data);
        times.push((start, frame_ms(joined.frames())));
        let gap_frames = GAP_MS * u64::from(joined.sample_rate) / 1000;
        joined.data.resize(joined.data.len() + (gap_frames as usize) * 2 * usize::from(joined.channels), 0);
    }
    let audio = audio.ok_or("there is nothing to speak")?;
    Ok(Spoken { audio, beats: times })
}

/// One utterance from espeak-ng. The text goes through stdin, never the command line.
async fn espeak(voice: &str, text: &str) -> Result<Pcm, String> {
    let mut child = tokio::process::Command::new("espeak-ng")
        .args(["-v", voice, "--stdout", "--stdin", "-b", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("espeak-ng cannot start ({e}); install Debian's espeak-ng package"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let text = text.replace(['\r', '\n'], " ");
    let output = tokio::time::timeout(Duration::from_secs(20), async {
        stdin.write_all(text.as_bytes()).await.map_err(|e| e.to_string())?;
        drop(stdin);
        child.wait_with_output().await.map_err(|e| e.to_string())
    })
    .await
    .map_err(|_| "espeak-ng took too long".to_string())??;
    if !output.status.success() {
        return Err(format!("espeak-ng failed: {}", String::from_utf8_lossy(&output.stderr).trim()));
    }
    wav::parse(&output.stdout)
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
    }
}
