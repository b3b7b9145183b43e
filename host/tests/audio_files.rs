//! Uploaded audio through the real GStreamer decoder: wav, mp3 and m4a come out as 16 kHz mono
//! PCM of the right length; text, a PNG and truncated noise are refused; a file longer than the
//! limit is refused without decoding it all; pauses made by sox split speech into stretches.

use std::process::Command;

use std::time::Duration;

use asset_host::cpu::Budget;
use asset_host::media::audio::{self, DecodeError};

fn roomy() -> Budget {
    Budget::new(Duration::from_secs(120))
}

fn ffmpeg(input: &[u8], ext: &str) -> Vec<u8> {
    ffmpeg_with(input, &[], ext)
}

/// `input` (WAV) converted by ffmpeg to a file of type `ext`, with `extra` arguments after the
/// inputs (more inputs go before them, as `-f lavfi -i …`).
fn ffmpeg_with(input: &[u8], extra: &[&str], ext: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let (src, out) = (dir.path().join("in.wav"), dir.path().join(format!("out.{ext}")));
    std::fs::write(&src, input).unwrap();
    let status = Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-i"])
        .arg(&src)
        .args(extra)
        .arg(&out)
        .status()
        .expect("ffmpeg runs");
    assert!(status.success());
    std::fs::read(out).unwrap()
}

/// `ms` of a 300 Hz tone as 22.05 kHz WAV, built here so the test needs no sample files.
fn tone(ms: u64) -> Vec<u8> {
    let rate = 22_050u64;
    let data = (0..rate * ms / 1000)
        .flat_map(|i| (((i as f64 * 300.0 * std::f64::consts::TAU / rate as f64).sin() * 6000.0) as i16).to_le_bytes())
        .collect();
    asset_host::media::wav::Pcm { sample_rate: rate as u32, channels: 1, data }.to_wav()
}

#[test]
fn wav_mp3_m4a_and_ogg_decode_to_16_khz_mono_of_the_right_length() {
    let wav = tone(2_500);
    let files = [
        ("wav", wav.clone()),
        ("mp3", ffmpeg(&wav, "mp3")),
        ("m4a", ffmpeg(&wav, "m4a")),
        ("ogg", ffmpeg(&wav, "ogg")),
    ];
    for (name, bytes) in files {
        let pcm = audio::decode(&bytes, 180_000, &roomy()).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert_eq!((pcm.sample_rate, pcm.channels), (16_000, 1), "{name}");
        // Compressed formats pad a few milliseconds at the edges.
        assert!(pcm.duration_ms().abs_diff(2_500) <= 80, "{name}: {} ms", pcm.duration_ms());
    }
}

#[test]
fn what_is_not_audio_or_too_long_is_refused() {
    let png =
        asset_host::render::png(r#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#, 4, 4).unwrap();
    for (name, bytes) in [("text", b"hello, this is not audio".to_vec()), ("png", png), ("noise", vec![0x55; 40_000])] {
        assert!(matches!(audio::decode(&bytes, 180_000, &roomy()), Err(DecodeError::NotAudio(_))), "{name}");
    }
    assert_eq!(audio::decode(&tone(5_000), 3_000, &roomy()), Err(DecodeError::TooLong));
}

#[test]
fn audio_in_other_containers_and_video_files_are_refused_before_any_decoder_runs() {
    let wav = tone(1_500);
    // Real audio in containers we do not open: the bytes never reach a demuxer.
    for ext in ["flac", "mka"] {
        let got = audio::decode(&ffmpeg(&wav, ext), 180_000, &roomy());
        assert!(matches!(&got, Err(DecodeError::NotAudio(why)) if why.contains("not a WAV")), "{ext}: {got:?}");
    }
    // An MP4 with a picture track beside the sound.
    let video = ffmpeg_with(
        &wav,
        &["-f", "lavfi", "-i", "testsrc=size=64x64:rate=10", "-shortest", "-c:v", "mpeg4", "-c:a", "aac"],
        "mp4",
    );
    let got = audio::decode(&video, 180_000, &roomy());
    assert!(matches!(&got, Err(DecodeError::NotAudio(why)) if why.contains("video")), "{got:?}");
    // The same sound alone in MP4 decodes.
    assert!(audio::decode(&ffmpeg_with(&wav, &["-c:a", "aac"], "mp4"), 180_000, &roomy()).is_ok());
    // A WAV carrying MP3 data (format tag 0x55) finds no decoder in the WAV pipeline.
    let mp3_in_wav = ffmpeg_with(&wav, &["-c:a", "libmp3lame"], "wav");
    assert!(matches!(audio::decode(&mp3_in_wav, 180_000, &roomy()), Err(DecodeError::NotAudio(_))));
}

#[test]
fn a_decode_past_its_budget_stops() {
    let spent = Budget::new(Duration::ZERO);
    let got = audio::decode(&tone(1_000), 180_000, &spent);
    assert!(matches!(&got, Err(DecodeError::NotAudio(why)) if why.contains("budget")), "{got:?}");
}

#[test]
fn pauses_made_by_sox_split_the_recording_into_stretches() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pauses.wav");
    // 0.6 s tone, 0.7 s silence, 1.0 s tone, 0.8 s silence, 0.5 s tone.
    let status = Command::new("sox")
        .args(["-n", "-r", "22050", "-c", "1", "-b", "16"])
        .arg(&out)
        .args([
            "synth", "0.6", "sine", "300", "pad", "0", "0.7", ":", "synth", "1.0", "sine", "440", "pad", "0", "0.8",
            ":", "synth", "0.5", "sine", "350",
        ])
        .status()
        .expect("sox runs (Debian's sox package)");
    assert!(status.success());
    let pcm = audio::decode(&std::fs::read(&out).unwrap(), 180_000, &roomy()).unwrap();
    let stretches = audio::speech_stretches(&pcm, 300);
    let want = [(0, 600), (1300, 2300), (3100, 3600)];
    assert_eq!(stretches.len(), 3, "{stretches:?}");
    for ((a, b), (wa, wb)) in stretches.iter().zip(want) {
        assert!(a.abs_diff(wa) <= 40 && b.abs_diff(wb) <= 40, "{stretches:?} vs {want:?}");
    }
}

/// The recogniser the setup fetched (scripts/test.sh), hearing on a pool of one slot as the
/// service's does; its absence fails the test.
fn recogniser() -> asset_host::media::whisper::Recogniser {
    let voices = std::path::PathBuf::from(std::env::var("HOME").unwrap()).join(".cache/asset-service/voices");
    let pool = asset_host::cpu::CpuPool::new("test", 1);
    asset_host::media::whisper::Recogniser::find(&voices, &pool)
        .unwrap_or_else(|| panic!("no recogniser in {}: run scripts/test.sh", voices.display()))
}

/// `text` said by espeak-ng, decoded to 16 kHz mono.
fn said(text: &str) -> asset_host::media::wav::Pcm {
    let dir = tempfile::tempdir().unwrap();
    let spoken = dir.path().join("spoken.wav");
    let status = Command::new("espeak-ng").args(["-v", "en-us", "-w"]).arg(&spoken).arg(text).status();
    assert!(status.expect("espeak-ng runs").success());
    audio::decode(&std::fs::read(&spoken).unwrap(), 180_000, &roomy()).unwrap()
}

#[tokio::test]
async fn the_embedded_recogniser_hears_words_with_times_and_nothing_in_silence() {
    let recogniser = recogniser();
    let pcm = said("Hello world. This is a test of the recogniser.");
    let stretches = audio::speech_stretches(&pcm, 300);
    let budget = std::time::Duration::from_secs(120);
    let heard = recogniser.hear(&pcm, "en", &stretches, budget).await.unwrap();
    // espeak-ng's voice is hard to hear (Whisper base, here and in faster-whisper alike, writes
    // "The low world! This is a test on the rack of timer!"), so the words asked for are the clear ones.
    let text: Vec<String> = heard.iter().map(|w| w.text.to_lowercase().replace(['.', ',', '!'], "")).collect();
    assert!(["world", "test"].iter().all(|w| text.iter().any(|t| t == w)), "{heard:?}");
    assert!(
        heard.windows(2).all(|w| w[0].start <= w[1].start && w[0].end <= w[1].start + 1),
        "in time order: {heard:?}"
    );
    assert!(heard.iter().all(|w| w.start <= w.end && w.end <= pcm.duration_ms() + 50), "{heard:?}");
    // The second sentence's first word starts where its sound does, not in the pause before it.
    let first = heard.iter().find(|w| w.end > stretches[1].0).expect("a word in the second sentence");
    assert!(first.start.abs_diff(stretches[1].0) <= 100, "{first:?} vs {stretches:?}");

    let quiet = asset_host::media::wav::Pcm { sample_rate: 16_000, channels: 1, data: vec![0; 64_000] };
    assert!(recogniser.hear(&quiet, "en", &[], budget).await.unwrap().is_empty());
    let noise = asset_host::media::wav::Pcm {
        sample_rate: 16_000,
        channels: 1,
        data: (0..32_000u32)
            .flat_map(|i| ((i.wrapping_mul(2_654_435_761) >> 20) as i16 - 2_048).to_le_bytes())
            .collect(),
    };
    let heard = recogniser.hear(&noise, "en", &[(0, 2_000)], budget).await.unwrap();
    assert!(heard.len() <= 2, "nothing much heard in noise: {heard:?}");
}

#[tokio::test]
async fn the_recogniser_stops_between_chunks_once_its_budget_is_spent_and_says_so() {
    let recogniser = recogniser();
    // About a minute of speech: three chunks, more than a second's budget can hear.
    let pcm = said(&"Agents pay for their own tools every single day. They ship pages in seconds. ".repeat(16));
    let stretches = audio::speech_stretches(&pcm, 300);
    assert!(pcm.duration_ms() > 60_000, "{} ms", pcm.duration_ms());
    let budget = Duration::from_secs(1);
    let got = recogniser.hear(&pcm, "en", &stretches, budget).await;
    // Over budget (a job then fails for good), not a failure another attempt might mend.
    assert_eq!(got, Err(asset_host::cpu::CpuError::OverBudget { pool: "test", budget }));
    // Its slot came back with it: the recogniser hears the next recording.
    let short = said("Hello world.");
    let heard = recogniser.hear(&short, "en", &audio::speech_stretches(&short, 300), Duration::from_secs(120)).await;
    assert!(heard.is_ok_and(|words| !words.is_empty()));
}
