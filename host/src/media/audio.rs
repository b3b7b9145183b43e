//! Uploaded audio: any file GStreamer can decode (mp3, m4a/AAC, wav) turned into 16 kHz mono
//! PCM — the form speech recognition and pause detection want — which also proves the file is
//! audio and gives its real duration. The bytes are untrusted: decoding runs with a time limit
//! and a cap on the decoded length.

use std::sync::OnceLock;

use gstreamer as gst;
use gstreamer::prelude::*;
use gstreamer_app as gst_app;

use super::wav::Pcm;

/// The rate recognisers expect.
pub const RATE: u32 = 16_000;

fn init() -> Result<(), String> {
    static INIT: OnceLock<Result<(), String>> = OnceLock::new();
    INIT.get_or_init(|| gst::init().map_err(|e| format!("GStreamer cannot start: {e}"))).clone()
}

/// Why a file could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// Not audio GStreamer can decode (or no audio stream in it).
    NotAudio(String),
    /// Longer than the limit (its decoded length passed `max_ms`).
    TooLong,
}

/// Decodes `bytes` to 16 kHz mono PCM, refusing anything longer than `max_ms`.
pub fn decode(bytes: &[u8], max_ms: u64) -> Result<Pcm, DecodeError> {
    init().map_err(DecodeError::NotAudio)?;
    let not_audio = |why: String| DecodeError::NotAudio(why);
    let pipeline = gst::parse::launch(&format!(
        "appsrc name=input ! decodebin ! audioconvert ! audioresample \
         ! audio/x-raw,format=S16LE,channels=1,rate={RATE},layout=interleaved ! appsink name=output sync=false"
    ))
    .map_err(|e| not_audio(e.to_string()))?
    .downcast::<gst::Pipeline>()
    .map_err(|_| not_audio("not a pipeline".into()))?;
    let input = pipeline
        .by_name("input")
        .and_then(|e| e.downcast::<gst_app::AppSrc>().ok())
        .ok_or_else(|| not_audio("no input".into()))?;
    let output = pipeline
        .by_name("output")
        .and_then(|e| e.downcast::<gst_app::AppSink>().ok())
        .ok_or_else(|| not_audio("no output".into()))?;
    input.set_format(gst::Format::Bytes);
    pipeline.set_state(gst::State::Playing).map_err(|e| not_audio(e.to_string()))?;
    let _ = input.push_buffer(gst::Buffer::from_slice(bytes.to_vec()));
    let _ = input.end_of_stream();

    let max_bytes = (max_ms * u64::from(RATE) / 1000 * 2) as usize;
    let mut data = Vec::new();
    let mut outcome = Ok(());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    // A file with no audio stream (a picture, a video without sound) never reaches the sink and
    // never ends: nothing arriving for a while means there is nothing to hear.
    let mut last_progress = std::time::Instant::now();
    loop {
        if std::time::Instant::now() > deadline {
            outcome = Err(not_audio("decoding took too long".into()));
            break;
        }
        if last_progress.elapsed() > std::time::Duration::from_secs(2) {
            outcome = Err(not_audio("no audio stream in the file".into()));
            break;
        }
        if let Some(sample) = output.try_pull_sample(gst::ClockTime::from_mseconds(100)) {
            last_progress = std::time::Instant::now();
            if let Some(buffer) = sample.buffer()
                && let Ok(map) = buffer.map_readable()
            {
                data.extend_from_slice(map.as_slice());
            }
            if data.len() > max_bytes {
                outcome = Err(DecodeError::TooLong);
                break;
            }
            continue;
        }
        if output.is_eos() {
            break;
        }
        let bus = pipeline.bus().ok_or_else(|| not_audio("no bus".into()))?;
        if let Some(message) = bus.pop_filtered(&[gst::MessageType::Error]) {
            if let gst::MessageView::Error(err) = message.view() {
                outcome = Err(not_audio(err.error().to_string()));
            }
            break;
        }
    }
    let _ = pipeline.set_state(gst::State::Null);
    outcome?;
    if data.is_empty() {
        return Err(not_audio("no audio in the file".into()));
    }
    data.truncate(data.len() & !1);
    Ok(Pcm { sample_rate: RATE, channels: 1, data })
}

/// Where the speech is: (start, end) in ms of each stretch between pauses of at least
/// `pause_ms`, measured in 20 ms windows against a threshold relative to the loud parts (so a
/// quiet recording works as well as a loud one). Stretches under 150 ms are noise, not beats.
pub fn speech_stretches(pcm: &Pcm, pause_ms: u64) -> Vec<(u64, u64)> {
    const WINDOW_MS: u64 = 20;
    let per_window = (u64::from(pcm.sample_rate) * WINDOW_MS / 1000) as usize * usize::from(pcm.channels);
    let levels: Vec<f64> = pcm
        .data
        .chunks_exact(2)
        .map(|s| f64::from(i16::from_le_bytes([s[0], s[1]])))
        .collect::<Vec<_>>()
        .chunks(per_window.max(1))
        .map(|w| (w.iter().map(|v| v * v).sum::<f64>() / w.len() as f64).sqrt())
        .collect();
    let mut sorted = levels.clone();
    sorted.sort_by(f64::total_cmp);
    let loud = sorted.get(sorted.len() * 95 / 100).copied().unwrap_or(0.0);
    if loud < 30.0 {
        return Vec::new();
    }
    let threshold = loud * 0.08;
    let pause_windows = (pause_ms / WINDOW_MS).max(1) as usize;
    let mut stretches = Vec::new();
    let (mut start, mut quiet) = (None, 0usize);
    for (i, level) in levels.iter().enumerate() {
        if *level >= threshold {
            start.get_or_insert(i);
            quiet = 0;
        } else if let Some(s) = start {
            quiet += 1;
            if quiet >= pause_windows {
                stretches.push((s, i + 1 - quiet));
                start = None;
                quiet = 0;
            }
        }
    }
    if let Some(s) = start {
        stretches.push((s, levels.len() - quiet));
    }
    stretches
        .into_iter()
        .map(|(a, b)| (a as u64 * WINDOW_MS, b as u64 * WINDOW_MS))
        .filter(|(a, b)| b - a >= 150)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone_and_silence(parts: &[(bool, u64)]) -> Pcm {
        let mut data = Vec::new();
        let mut n = 0u64;
        for &(loud, ms) in parts {
            for _ in 0..ms * u64::from(RATE) / 1000 {
                let v = if loud { ((n as f64 * 0.2).sin() * 8000.0) as i16 } else { 0 };
                data.extend_from_slice(&v.to_le_bytes());
                n += 1;
            }
        }
        Pcm { sample_rate: RATE, channels: 1, data }
    }

    #[test]
    fn stretches_of_sound_are_found_between_pauses() {
        let pcm = tone_and_silence(&[
            (false, 200),
            (true, 800),
            (false, 500),
            (true, 1200),
            (false, 100),
            (true, 300),
            (false, 400),
        ]);
        let got = speech_stretches(&pcm, 300);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(got[0].0.abs_diff(200) <= 20 && got[0].1.abs_diff(1000) <= 20, "{got:?}");
        assert!(
            got[1].0.abs_diff(1500) <= 20 && got[1].1.abs_diff(3100) <= 20,
            "a short pause does not split: {got:?}"
        );
        assert!(speech_stretches(&tone_and_silence(&[(false, 1000)]), 300).is_empty());
    }
}
