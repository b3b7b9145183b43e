//! Speech to text through an OpenAI-compatible transcription endpoint (`POST
//! {url}/audio/transcriptions`, multipart, `response_format=verbose_json` with word timestamps —
//! what faster-whisper and whisper.cpp servers offer), when the operator configures one.

use std::time::Duration;

use serde::Deserialize;

use crate::net::unlocated;

/// A recognised word and when it was said, in ms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub start: u64,
    pub end: u64,
}

/// The configured endpoint.
#[derive(Debug, Clone)]
pub struct Transcriber {
    url: String,
    model: String,
    api_key: Option<String>,
    client: reqwest::Client,
}

#[derive(Deserialize)]
struct VerboseJson {
    #[serde(default)]
    words: Vec<WireWord>,
}

#[derive(Deserialize)]
struct WireWord {
    word: String,
    start: f64,
    end: f64,
}

impl Transcriber {
    /// A client for the API root `url` (e.g. `http://asr.internal:8000/v1`).
    pub fn new(url: &str, model: &str, api_key: Option<String>) -> Result<Transcriber, String> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(120))
            .build()
            .map_err(|e| format!("transcription client: {e}"))?;
        Ok(Transcriber { url: url.trim_end_matches('/').to_string(), model: model.to_string(), api_key, client })
    }

    /// The words of the WAV file `wav` in `language` (ISO 639-1), with their times.
    pub async fn words(&self, wav: Vec<u8>, language: &str) -> Result<Vec<Word>, String> {
        let boundary = format!("asset-{:016x}", rand::random::<u64>());
        let mut body = Vec::with_capacity(wav.len() + 1024);
        let field = |body: &mut Vec<u8>, name: &str, value: &str| {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                    .as_bytes(),
            );
        };
        field(&mut body, "model", &self.model);
        field(&mut body, "language", language);
        field(&mut body, "response_format", "verbose_json");
        field(&mut body, "timestamp_granularities[]", "word");
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\nContent-Type: audio/wav\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(&wav);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let mut request = self
            .client
            .post(format!("{}/audio/transcriptions", self.url))
            .header(reqwest::header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
            .body(body);
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await.map_err(|e| format!("transcription: {}", unlocated(e)))?;
        if !response.status().is_success() {
            return Err(format!("transcription: HTTP {}", response.status().as_u16()));
        }
        let parsed: VerboseJson =
            response.json().await.map_err(|e| format!("transcription answer: {}", unlocated(e)))?;
        // The answer is untrusted: keep sane words only, in time order.
        let mut words: Vec<Word> = parsed
            .words
            .into_iter()
            .filter(|w| w.start.is_finite() && w.end.is_finite() && w.start >= 0.0 && w.end >= w.start)
            .map(|w| Word {
                text: w.word.trim().chars().filter(|c| !c.is_control()).take(64).collect(),
                start: (w.start * 1000.0) as u64,
                end: (w.end * 1000.0) as u64,
            })
            .filter(|w| !w.text.is_empty())
            .take(5000)
            .collect();
        words.sort_by_key(|w| w.start);
        Ok(words)
    }
}

/// The words said during `[start, end)`: those whose middle falls in it.
pub fn said_between(words: &[Word], start: u64, end: u64) -> String {
    words
        .iter()
        .filter(|w| (start..end).contains(&((w.start + w.end) / 2)))
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}
