//! Loopback stand-ins for the operator's APIs (parties outside our control), speaking their
//! real wire formats: an OpenAI-compatible speech server and transcription server.

use serde_json::{Value, json};

/// A loopback HTTP stand-in for an operator's API: `answer` gets each whole request (head and
/// body, lossily as text, plus the raw body) and returns status, content type and body.
/// Returns the API root `http://127.0.0.1:<port>/v1`.
pub fn loopback_api(answer: impl Fn(&str, &[u8]) -> (u16, &'static str, Vec<u8>) + Send + 'static) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let root = format!("http://{}/v1", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            use std::io::{Read, Write};
            let mut request = Vec::new();
            let mut buf = [0u8; 65536];
            let mut expected = None;
            while expected.is_none_or(|e| request.len() < e) {
                let n = stream.read(&mut buf).unwrap_or(0);
                if n == 0 {
                    break;
                }
                request.extend_from_slice(&buf[..n]);
                if expected.is_none()
                    && let Some(end) = request.windows(4).position(|w| w == b"\r\n\r\n")
                {
                    let head = String::from_utf8_lossy(&request[..end]).to_lowercase();
                    let length: usize = head
                        .lines()
                        .find_map(|l| l.strip_prefix("content-length:").map(|v| v.trim().parse().unwrap_or(0)))
                        .unwrap_or(0);
                    expected = Some(end + 4 + length);
                }
            }
            let body_at = request.windows(4).position(|w| w == b"\r\n\r\n").map_or(request.len(), |p| p + 4);
            let (status, kind, body) = answer(&String::from_utf8_lossy(&request), &request[body_at..]);
            let head = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: {kind}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(&body);
        }
    });
    root
}

/// A stand-in for an operator's API that has failed: it takes each connection and closes it
/// unanswered, so the client's error is a transport error (the kind whose text names the URL).
/// Returns its root, `http://127.0.0.1:<port>`.
pub fn hanging_up() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let root = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            drop(stream);
        }
    });
    root
}

/// A stand-in for an OpenAI-compatible transcription server: checks the multipart request and
/// answers `verbose_json` with fixed word times.
pub fn fake_transcriber(words: Value) -> String {
    loopback_api(move |text, _| {
        let ok = text.starts_with("POST /v1/audio/transcriptions")
            && text.contains("name=\"response_format\"\r\n\r\nverbose_json")
            && text.contains("name=\"timestamp_granularities[]\"\r\n\r\nword")
            && text.contains("name=\"file\"; filename=\"audio.wav\"")
            && text.contains("RIFF");
        let body = json!({"text": "", "words": words}).to_string().into_bytes();
        if ok { (200, "application/json", body) } else { (400, "application/json", b"{}".to_vec()) }
    })
}

/// A stand-in for an OpenAI-compatible speech server: answers a WAV of 20 ms of tone per
/// character of the input, so the test knows each beat's length.
pub fn fake_speaker() -> String {
    speaker(false)
}

/// A speech server that really speaks, as most do without word times: a WAV of espeak-ng's
/// `en-us` voice reading the input, and nothing else.
pub fn espeak_speaker() -> String {
    loopback_api(|text, body| {
        let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
        let input = request["input"].as_str().unwrap_or_default();
        if !text.starts_with("POST /v1/audio/speech") || request["response_format"] != "wav" || input.is_empty() {
            return (400, "application/json", b"{}".to_vec());
        }
        let spoken = std::process::Command::new("espeak-ng").args(["-v", "en-us", "--stdout", input]).output();
        match spoken {
            Ok(out) if out.status.success() => (200, "audio/wav", out.stdout),
            _ => (500, "application/json", b"{}".to_vec()),
        }
    })
}

/// The speech server; `timed`, it answers JSON with the audio and each word's start (20 ms per
/// character before it and 15 ms more per word before it, so the times are not a spread by
/// characters), as speech servers that time words do.
pub fn speaker(timed: bool) -> String {
    loopback_api(move |text, body| speech(timed, text, body))
}

/// The speech server's answer to one request (see [`speaker`]), for stand-ins built on it.
pub fn speech(timed: bool, text: &str, body: &[u8]) -> (u16, &'static str, Vec<u8>) {
    let request: Value = serde_json::from_slice(body).unwrap_or(Value::Null);
    let ok =
        text.starts_with("POST /v1/audio/speech") && request["model"] == "tts-1" && request["response_format"] == "wav";
    let chars = request["input"].as_str().map_or(0, |t| t.chars().count()) as u64;
    if !ok || chars == 0 {
        return (400, "application/json", b"{}".to_vec());
    }
    let rate = 24_000u64;
    let data: Vec<u8> =
        (0..chars * 20 * rate / 1000).flat_map(|i| (((i as f64 * 0.1).sin() * 5000.0) as i16).to_le_bytes()).collect();
    let mut wav = b"RIFF".to_vec();
    wav.extend_from_slice(&(36 + data.len() as u32).to_le_bytes());
    wav.extend_from_slice(b"WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00");
    wav.extend_from_slice(&(rate as u32).to_le_bytes());
    wav.extend_from_slice(&(rate as u32 * 2).to_le_bytes());
    wav.extend_from_slice(b"\x02\x00\x10\x00data");
    wav.extend_from_slice(&(data.len() as u32).to_le_bytes());
    wav.extend_from_slice(&data);
    if !timed {
        return (200, "audio/wav", wav);
    }
    use base64::Engine;
    let input = request["input"].as_str().unwrap_or_default();
    let mut words = Vec::new();
    let mut at = 0;
    for (k, word) in input.split(' ').enumerate() {
        let start = at as f64 * 0.02 + k as f64 * 0.015;
        words.push(json!({"word": word, "start": start, "end": start + word.chars().count() as f64 * 0.02}));
        at += word.chars().count() + 1;
    }
    let answer = json!({"audio": base64::engine::general_purpose::STANDARD.encode(&wav), "words": words});
    (200, "application/json", answer.to_string().into_bytes())
}
