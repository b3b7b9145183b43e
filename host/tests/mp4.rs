//! The MP4 encoder for real: beat pictures and a voice track through the GStreamer pipeline,
//! checked with ffprobe (H.264 High, yuv420p, 1080×1920, AAC, duration within 100 ms of the
//! voice, index at the front) and with frames pulled by ffmpeg around every beat change.

use std::path::Path;
use std::process::Command;

use std::time::Duration;

use asset_host::cpu::Budget;
use asset_host::media::mp4::{self, Shot};
use asset_host::media::wav::Pcm;
use asset_tests::browser::decode_png;

/// A whole picture in one colour.
fn solid(colour: &str) -> Vec<u8> {
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920"><rect width="1080" height="1920" fill="{colour}"/></svg>"#
    );
    asset_host::render::png(&svg, 1080, 1920).unwrap()
}

fn probe(path: &Path) -> serde_json::Value {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-print_format", "json", "-show_streams", "-show_format"])
        .arg(path)
        .output()
        .expect("ffprobe runs (Debian's ffmpeg package)");
    assert!(out.status.success(), "ffprobe refused the file: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The video frame a player shows at `seconds`, as RGB (the `fps` filter turns the held frames
/// into a constant 100 frames a second, each the picture on screen at its time).
fn frame_at(path: &Path, seconds: f64, dir: &Path) -> Vec<u8> {
    let png = dir.join(format!("at-{seconds}.png"));
    let status = Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-i"])
        .arg(path)
        .args(["-vf", "fps=100", "-ss", &format!("{seconds:.3}"), "-frames:v", "1"])
        .arg(&png)
        .status()
        .unwrap();
    assert!(status.success());
    decode_png(&std::fs::read(&png).unwrap()).2
}

fn roomy() -> Budget {
    Budget::new(Duration::from_secs(300))
}

fn close(pixel: &[u8], want: [u8; 3]) -> bool {
    pixel.iter().zip(want).all(|(a, b)| a.abs_diff(b) <= 40)
}

#[test]
fn beats_become_a_faststart_h264_aac_mp4_that_changes_picture_on_each_beat() {
    let dir = tempfile::tempdir().unwrap();
    // 3.3 s of a quiet tone as the voice track.
    let rate = 22_050u32;
    let samples = (rate as f64 * 3.3) as usize;
    let data = (0..samples)
        .flat_map(|i| (((i as f64 * 440.0 * std::f64::consts::TAU / rate as f64).sin() * 3000.0) as i16).to_le_bytes())
        .collect();
    let voice = Pcm { sample_rate: rate, channels: 1, data };
    let wav = dir.path().join("voice.wav");
    std::fs::write(&wav, voice.to_wav()).unwrap();
    let colours = [("#ff0000", [255, 0, 0]), ("#00ff00", [0, 255, 0]), ("#0000ff", [0, 0, 255])];
    let pictures: Vec<Vec<u8>> = colours.iter().map(|(c, _)| solid(c)).collect();
    let starts = [0u64, 1_240, 2_170];
    let shots: Vec<Shot<'_>> = starts.iter().zip(&pictures).map(|(&start_ms, png)| Shot { start_ms, png }).collect();
    let out = dir.path().join("out.mp4");
    let encoded = mp4::encode(&shots, voice.duration_ms(), &wav, &out, &roomy()).unwrap();
    assert_eq!(encoded.frames, mp4::schedule(&starts, voice.duration_ms()).len() as u64);

    let info = probe(&out);
    let streams = info["streams"].as_array().unwrap();
    let video = streams.iter().find(|s| s["codec_type"] == "video").expect("a video stream");
    let audio = streams.iter().find(|s| s["codec_type"] == "audio").expect("an audio stream");
    assert_eq!((video["codec_name"].as_str(), video["profile"].as_str()), (Some("h264"), Some("High")));
    assert_eq!(video["pix_fmt"], "yuv420p");
    assert_eq!((video["width"].as_u64(), video["height"].as_u64()), (Some(1080), Some(1920)));
    assert_eq!(audio["codec_name"], "aac");
    for (name, stream) in [("file", &info["format"]), ("video", video), ("audio", audio)] {
        let duration: f64 = stream["duration"].as_str().unwrap().parse().unwrap();
        let off = (duration * 1000.0 - voice.duration_ms() as f64).abs();
        assert!(off <= 100.0, "{name} lasts {duration} s; the voice {} ms", voice.duration_ms());
    }
    // Faststart: the index (moov) comes before the media data (mdat).
    let bytes = std::fs::read(&out).unwrap();
    let at = |atom: &[u8]| bytes.windows(4).position(|w| w == atom).unwrap();
    assert!(at(b"moov") < at(b"mdat"), "moov must precede mdat");

    // The picture changes on each beat: just before it the previous colour, just after the next.
    for (i, &start) in starts.iter().enumerate().skip(1) {
        let before = frame_at(&out, (start as f64 - 60.0) / 1000.0, dir.path());
        let after = frame_at(&out, (start as f64 + 60.0) / 1000.0, dir.path());
        let centre = (960 * 1080 + 540) * 3;
        assert!(
            close(&before[centre..centre + 3], colours[i - 1].1),
            "before beat {i}: {:?}",
            &before[centre..centre + 3]
        );
        assert!(close(&after[centre..centre + 3], colours[i].1), "after beat {i}: {:?}", &after[centre..centre + 3]);
    }
}

#[test]
fn a_picture_of_the_wrong_size_fails_the_render_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("voice.wav");
    std::fs::write(&wav, Pcm { sample_rate: 22_050, channels: 1, data: vec![0; 44_100] }.to_wav()).unwrap();
    let small =
        asset_host::render::png(r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#, 10, 10).unwrap();
    let error =
        mp4::encode(&[Shot { start_ms: 0, png: &small }], 1000, &wav, &dir.path().join("x.mp4"), &roomy()).unwrap_err();
    assert!(error.contains("1080"), "{error}");
    let error =
        mp4::encode(&[Shot { start_ms: 0, png: b"not a png" }], 1000, &wav, &dir.path().join("y.mp4"), &roomy())
            .unwrap_err();
    assert!(error.contains("picture"), "{error}");
}

#[test]
fn an_encode_past_its_budget_stops_with_an_error_instead_of_running_on() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("voice.wav");
    // A minute of silence: ~120 frames, seconds of x264 work on this machine.
    std::fs::write(&wav, Pcm { sample_rate: 22_050, channels: 1, data: vec![0; 22_050 * 2 * 60] }.to_wav()).unwrap();
    let picture = solid("#123456");
    let shots: Vec<Shot<'_>> = (0..30).map(|i| Shot { start_ms: i * 2_000, png: &picture }).collect();
    let budget = Budget::new(Duration::from_millis(300));
    let error = mp4::encode(&shots, 60_000, &wav, &dir.path().join("late.mp4"), &budget).unwrap_err();
    assert!(error.contains("budget"), "{error}");
    assert!(budget.spent());
}
