//! Uploaded audio: WAV, MP3, MP4/M4A (AAC) and Ogg Vorbis turned into mono PCM — at 16 kHz, the
//! form speech recognition and pause detection want, or at a narration's rate for music under it
//! — which also proves the file is audio and gives its real duration. The bytes are untrusted, so the parser surface is kept small: the container is
//! recognised here from its first bytes, and the pipeline holds only that container's demuxer and
//! its one decoder (never an autoplugged one); MP4 files with a video track are refused. Decoding
//! runs under a time budget, the decoded length is capped, and the sink holds a few buffers at
//! most, so memory stays bounded by the input and the cap.

use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use gstreamer as gst;
use gstreamer::prelude::*;
use gstreamer_app as gst_app;

use super::wav::Pcm;
use crate::cpu::Budget;

/// The rate recognisers expect.
pub const RATE: u32 = 16_000;

fn init() -> Result<(), String> {
    static INIT: OnceLock<Result<(), String>> = OnceLock::new();
    INIT.get_or_init(|| gst::init().map_err(|e| format!("GStreamer cannot start: {e}"))).clone()
}

/// Why a file could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// Not audio we decode (or no audio stream in it, or a video).
    NotAudio(String),
    /// Longer than the limit (its decoded length passed `max_ms`).
    TooLong,
}

/// The containers we decode, recognised by their first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// RIFF/WAVE with PCM or float samples.
    Wav,
    /// MPEG-1/2 Layer III frames, after any ID3v2 tag.
    Mp3,
    /// ISO base media (MP4, M4A) with an AAC track.
    Mp4,
    /// Ogg with a Vorbis stream.
    Ogg,
}

/// What a decode makes of a file longer than its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Past {
    /// Refused ([`DecodeError::TooLong`]): a recording must be whole.
    Refuse,
    /// Cut at the limit: music is cut to the narration anyway.
    Cut,
}

impl Container {
    /// The container `bytes` are, and where its data starts (past an MP3's ID3v2 tag).
    pub fn sniff(bytes: &[u8]) -> Option<(Container, usize)> {
        if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WAVE" {
            return Some((Container::Wav, 0));
        }
        if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
            return Some((Container::Mp4, 0));
        }
        if bytes.starts_with(b"OggS") {
            return Some((Container::Ogg, 0));
        }
        let start = id3v2_length(bytes)?;
        let frame = bytes.get(start..start + 2)?;
        // Frame sync (11 bits set), then a version that is not the reserved one, and layer III.
        let layer_iii =
            frame[0] == 0xFF && frame[1] & 0xE0 == 0xE0 && frame[1] & 0x18 != 0x08 && frame[1] & 0x06 == 0x02;
        layer_iii.then_some((Container::Mp3, start))
    }

    /// The pipeline from the input to raw audio: this container's demuxer or parser and decoder.
    fn elements(self) -> &'static str {
        match self {
            Container::Wav => "appsrc name=input caps=audio/x-wav ! wavparse",
            Container::Mp3 => "appsrc name=input caps=audio/mpeg,mpegversion=1 ! mpegaudioparse ! mpg123audiodec",
            Container::Mp4 => {
                "appsrc name=input caps=audio/x-m4a ! qtdemux name=demux demux.audio_0 ! aacparse ! avdec_aac"
            }
            Container::Ogg => "appsrc name=input caps=application/ogg ! oggdemux ! vorbisdec",
        }
    }
}

/// Length of the ID3v2 tag at the start of `bytes` (0 without one); `None` if it claims to be
/// longer than the file.
fn id3v2_length(bytes: &[u8]) -> Option<usize> {
    if bytes.len() < 10 || &bytes[..3] != b"ID3" {
        return Some(0);
    }
    // Four 7-bit bytes ("synchsafe"), then a footer of 10 more bytes when flag 0x10 is set.
    let size = bytes[6..10].iter().fold(0usize, |n, b| (n << 7) | usize::from(b & 0x7F));
    let length = 10 + size + if bytes[5] & 0x10 != 0 { 10 } else { 0 };
    (length <= bytes.len()).then_some(length)
}

/// The file at `url` that a request's `field` names (a recording, music), fetched through
/// `guard`: at most `max_mb` MB, within a minute. Each failure is a 400 the caller names: `codes`
/// are the refused address's, the too large file's and the unreachable one's; `what` says what
/// the file is.
pub async fn fetch(
    guard: &crate::net::guard::Guard,
    url: &str,
    (field, what, max_mb): (&str, &str, usize),
    codes: [&'static str; 3],
) -> Result<Vec<u8>, crate::error::Error> {
    use crate::error::Error;
    use crate::net::guard::FetchError;
    let mut guard = guard.clone();
    guard.max_bytes = max_mb * 1024 * 1024;
    guard.timeout = std::time::Duration::from_secs(60);
    let (_, _, bytes) = guard.get(url).await.map_err(|e| match e {
        FetchError::BadUrl(why) | FetchError::Blocked(why) => {
            Error::bad_request(codes[0], format!("`{field}` cannot be fetched: {why}."))
        }
        FetchError::TooLarge => Error::bad_request(codes[1], format!("The {what} is larger than {max_mb} MB.")),
        FetchError::Failed(why) => Error::bad_request(codes[2], format!("The {what} could not be downloaded: {why}.")),
    })?;
    Ok(bytes)
}

/// Decoded buffers the sink may hold before the decoder waits for us.
const SINK_BUFFERS: u32 = 8;

/// Decodes `bytes` to 16 kHz mono PCM, refusing anything longer than `max_ms`, any container but
/// WAV, MP3, MP4 audio and Ogg Vorbis, and any work past `budget`.
pub fn decode(bytes: &[u8], max_ms: u64, budget: &Budget) -> Result<Pcm, DecodeError> {
    decode_at(bytes, (RATE, max_ms, Past::Refuse), budget)
}

/// [`decode`] to mono PCM at `rate`, a file longer than `max_ms` refused or cut as `past` says.
pub fn decode_at(bytes: &[u8], (rate, max_ms, past): (u32, u64, Past), budget: &Budget) -> Result<Pcm, DecodeError> {
    let not_audio = |why: &str| DecodeError::NotAudio(why.to_string());
    let (container, start) =
        Container::sniff(bytes).ok_or_else(|| not_audio("it is not a WAV, MP3, MP4 (M4A) or Ogg audio file"))?;
    init().map_err(|e| not_audio(&e))?;
    let pipeline = gst::parse::launch(&format!(
        "{} ! audioconvert ! audioresample \
         ! audio/x-raw,format=S16LE,channels=1,rate={rate},layout=interleaved \
         ! appsink name=output sync=false max-buffers={SINK_BUFFERS}",
        container.elements()
    ))
    .map_err(|e| not_audio(&format!("the decoder cannot be built ({e}); install GStreamer's good and libav plugins")))?
    .downcast::<gst::Pipeline>()
    .map_err(|_| not_audio("not a pipeline"))?;
    let input = pipeline
        .by_name("input")
        .and_then(|e| e.downcast::<gst_app::AppSrc>().ok())
        .ok_or_else(|| not_audio("no input"))?;
    let output = pipeline
        .by_name("output")
        .and_then(|e| e.downcast::<gst_app::AppSink>().ok())
        .ok_or_else(|| not_audio("no output"))?;
    let video = Arc::new(AtomicBool::new(false));
    if let Some(demux) = pipeline.by_name("demux") {
        let video = video.clone();
        demux.connect_pad_added(move |_, pad| {
            if pad.name().starts_with("video") {
                video.store(true, Ordering::Relaxed);
            }
        });
    }
    input.set_format(gst::Format::Bytes);
    let max_bytes = (max_ms * u64::from(rate) / 1000 * 2) as usize;
    let outcome = pull(&pipeline, (&input, &output), &bytes[start..], (max_bytes, past), budget, &video);
    let _ = pipeline.set_state(gst::State::Null);
    let mut data = outcome?;
    if data.is_empty() {
        return Err(not_audio("no audio in the file"));
    }
    data.truncate(data.len() & !1);
    Ok(Pcm { sample_rate: rate, channels: 1, data })
}

/// Plays the pipeline over `bytes` and collects what reaches the sink.
fn pull(
    pipeline: &gst::Pipeline,
    (input, output): (&gst_app::AppSrc, &gst_app::AppSink),
    bytes: &[u8],
    (max_bytes, past): (usize, Past),
    budget: &Budget,
    video: &AtomicBool,
) -> Result<Vec<u8>, DecodeError> {
    let not_audio = |why: String| DecodeError::NotAudio(why);
    pipeline.set_state(gst::State::Playing).map_err(|e| not_audio(e.to_string()))?;
    let _ = input.push_buffer(gst::Buffer::from_slice(bytes.to_vec()));
    let _ = input.end_of_stream();
    let bus = pipeline.bus().ok_or_else(|| not_audio("no bus".into()))?;
    let mut data = Vec::new();
    // A file whose audio never reaches the sink never ends either: nothing arriving for a while
    // means there is nothing to hear.
    let mut last_progress = std::time::Instant::now();
    loop {
        budget.check().map_err(|why| not_audio(format!("decoding stopped: {why}")))?;
        if video.load(Ordering::Relaxed) {
            return Err(not_audio("the file has a video track; send the audio alone".into()));
        }
        if last_progress.elapsed() > std::time::Duration::from_secs(2) {
            return Err(not_audio("no audio stream in the file".into()));
        }
        if let Some(sample) = output.try_pull_sample(gst::ClockTime::from_mseconds(100)) {
            last_progress = std::time::Instant::now();
            if let Some(buffer) = sample.buffer()
                && let Ok(map) = buffer.map_readable()
            {
                data.extend_from_slice(map.as_slice());
            }
            if data.len() > max_bytes {
                if past == Past::Refuse {
                    return Err(DecodeError::TooLong);
                }
                data.truncate(max_bytes);
                return Ok(data);
            }
            continue;
        }
        if output.is_eos() {
            return Ok(data);
        }
        if let Some(message) = bus.pop_filtered(&[gst::MessageType::Error])
            && let gst::MessageView::Error(err) = message.view()
        {
            return Err(not_audio(err.error().to_string()));
        }
    }
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

    #[test]
    fn containers_are_recognised_by_their_first_bytes_only() {
        let wav = [b"RIFF".as_slice(), &[0; 4], b"WAVEfmt "].concat();
        assert_eq!(Container::sniff(&wav), Some((Container::Wav, 0)));
        let m4a = [&[0, 0, 0, 0x20][..], b"ftypM4A ", &[0; 4]].concat();
        assert_eq!(Container::sniff(&m4a), Some((Container::Mp4, 0)));
        // MPEG-1 layer III frame header, bare and after a 5-byte ID3v2 tag.
        assert_eq!(Container::sniff(&[0xFF, 0xFB, 0x90, 0x64]), Some((Container::Mp3, 0)));
        let tagged = [b"ID3".as_slice(), &[4, 0, 0, 0, 0, 0, 5], &[0; 5], &[0xFF, 0xFB, 0x90, 0x64]].concat();
        assert_eq!(Container::sniff(&tagged), Some((Container::Mp3, 15)));
        assert_eq!(Container::sniff(b"OggS\0\x02\0\0\0\0\0\0"), Some((Container::Ogg, 0)));
        // Layer II, a tag longer than the file, a RIFF that is not WAVE, text: refused.
        assert_eq!(Container::sniff(&[0xFF, 0xFD, 0x90, 0x64]), None);
        assert_eq!(Container::sniff(&[b"ID3".as_slice(), &[4, 0, 0, 0, 0, 0x7F, 0x7F]].concat()), None);
        assert_eq!(Container::sniff(&[b"RIFF".as_slice(), &[0; 4], b"AVI LIST"].concat()), None);
        assert_eq!(Container::sniff(b"hello, this is not audio"), None);
    }

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
