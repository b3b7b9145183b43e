//! Audio container sniffing and decoding (`media::audio`, `media::wav`): uploaded recordings
//! are untrusted bytes that reach GStreamer's demuxers and decoders.
//!
//! Properties: `Container::sniff` names a container only for the magic it documents, and its
//! data offset (past an MP3's ID3v2 tag) lies inside the file at a frame sync; a WAV that
//! `wav::parse` reads has channels, a rate and whole frames no longer than the file, and
//! written back with `to_wav` reads back the same; and `audio::decode` keeps its promises: at
//! most `max_ms` of 16 kHz mono audio, and no work long past its budget.

use std::time::{Duration, Instant};

use asset_host::cpu::Budget;
use asset_host::media::audio::{self, Container, DecodeError, RATE};
use asset_host::media::wav;

/// The time one decode may take, and how long past it the decoder may go before it notices
/// (it looks at the budget between pulls of 100 ms, then tears the pipeline down).
const BUDGET: Duration = Duration::from_millis(400);
const GRACE: Duration = Duration::from_millis(1500);

pub fn audio_sniff(data: &[u8]) {
    let sniffed = Container::sniff(data);
    match sniffed {
        Some((Container::Wav, start)) => {
            assert_eq!(start, 0);
            assert!(data.starts_with(b"RIFF") && &data[8..12] == b"WAVE");
        }
        Some((Container::Mp4, start)) => {
            assert_eq!(start, 0);
            assert_eq!(&data[4..8], b"ftyp");
        }
        Some((Container::Ogg, start)) => {
            assert_eq!(start, 0);
            assert!(data.starts_with(b"OggS"));
        }
        Some((Container::Mp3, start)) => {
            let frame = &data[start..start + 2];
            assert!(frame[0] == 0xFF && frame[1] & 0xE0 == 0xE0, "a frame sync at {start}");
            assert!(start == 0 || data.starts_with(b"ID3"), "only an ID3v2 tag is skipped");
        }
        None => {}
    }
    if let Ok(pcm) = wav::parse(data) {
        assert!(pcm.channels > 0 && pcm.sample_rate > 0);
        assert_eq!(pcm.data.len() % (2 * usize::from(pcm.channels)), 0, "whole frames");
        assert!(pcm.data.len() <= data.len());
        assert_eq!(wav::parse(&pcm.to_wav()).as_ref(), Ok(&pcm), "a WAV written back reads the same");
    }
    // The full decode runs GStreamer (slow next to the rest), so only on what sniffing lets
    // through, as the service does, and only for small inputs.
    if sniffed.is_some() && data.len() <= 16 * 1024 {
        let max_ms = 50 + u64::from(data.last().copied().unwrap_or(0)) * 8;
        let budget = Budget::new(BUDGET);
        let started = Instant::now();
        let decoded = audio::decode(data, max_ms, &budget);
        assert!(started.elapsed() <= BUDGET + GRACE, "decoding took {:?}", started.elapsed());
        match decoded {
            Ok(pcm) => {
                assert_eq!((pcm.sample_rate, pcm.channels), (RATE, 1));
                assert!(pcm.duration_ms() <= max_ms, "{} ms decoded, {max_ms} allowed", pcm.duration_ms());
                assert!(pcm.data.len() as u64 <= max_ms * u64::from(RATE) / 1000 * 2 + 2);
            }
            Err(DecodeError::TooLong | DecodeError::NotAudio(_)) => {}
        }
    }
}
