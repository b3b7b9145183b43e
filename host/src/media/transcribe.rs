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
    /// The operator's transcription endpoint, when the settings name one.
    pub fn from_settings(settings: &crate::config::Settings) -> Result<Option<Transcriber>, String> {
        let Some(url) = &settings.transcribe_url else { return Ok(None) };
        Transcriber::new(url, &settings.transcribe_model, settings.transcribe_api_key.clone()).map(Some)
    }

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

/// The caption of what was said during `[start, end)` (the words whose middle falls in it,
/// joined by spaces, or run together where the language writes none) and where each of its
/// words starts in it: (character index, ms).
pub fn caption(words: &[Word], (start, end): (u64, u64), spaced: bool) -> (String, Vec<(usize, u64)>) {
    let (mut text, mut anchors) = (String::new(), Vec::new());
    for word in words.iter().filter(|w| (start..end).contains(&((w.start + w.end) / 2))) {
        if spaced && !text.is_empty() {
            text.push(' ');
        }
        anchors.push((text.chars().count(), word.start));
        text.push_str(&word.text);
    }
    (text, anchors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str, start: u64, end: u64) -> Word {
        Word { text: text.into(), start, end }
    }

    #[test]
    fn a_caption_holds_the_words_said_in_its_span_each_anchored_where_it_starts() {
        let words = [word("Hola", 0, 400), word("mundo.", 450, 900), word("Adiós", 1_500, 1_900)];
        assert_eq!(caption(&words, (0, 1_200), true), ("Hola mundo.".to_string(), vec![(0, 0), (5, 450)]));
        let kanji = [word("日", 0, 200), word("本", 200, 400), word("語", 400, 600)];
        assert_eq!(caption(&kanji, (0, 1_000), false), ("日本語".to_string(), vec![(0, 0), (1, 200), (2, 400)]));
        assert_eq!(caption(&words, (2_000, 3_000), true), (String::new(), vec![]));
    }
}
