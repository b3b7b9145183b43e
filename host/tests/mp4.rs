//! The MP4 encoder for real: an opening card, beat pictures with words lit one at a time, an end
//! card, a voice track and captions through the GStreamer pipeline, checked with ffprobe (H.264
//! Constrained Baseline, yuv420p, 1080×1920, AAC, a timed-text subtitle track, duration within
//! 100 ms of the track, index at the front, every frame on the 30 fps grid) and with frames pulled
//! by ffmpeg around every beat change and word start.

use std::path::Path;
use std::process::Command;

use std::time::Duration;

use asset_host::cpu::Budget;
use asset_host::media::captions;
use asset_host::media::film::{self, BeatTimes, END_MS, HOOK_MS, Shape};
use asset_host::media::mp4::{self, Film, Shot};
use asset_host::media::wav::Pcm;
use asset_host::render::cards::CARD;
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

fn shot(start_ms: u64, png: &[u8]) -> Shot<'_> {
    Shot { start_ms, png, lit: None, words: Vec::new() }
}

/// A quiet tone of `ms`, written to `dir`.
fn voice(dir: &Path, ms: u64) -> (Pcm, std::path::PathBuf) {
    let rate = 22_050u32;
    let samples = (u64::from(rate) * ms / 1000) as usize;
    let data = (0..samples)
        .flat_map(|i| (((i as f64 * 440.0 * std::f64::consts::TAU / rate as f64).sin() * 3000.0) as i16).to_le_bytes())
        .collect();
    let voice = Pcm { sample_rate: rate, channels: 1, data };
    let wav = dir.join("voice.wav");
    std::fs::write(&wav, voice.to_wav()).unwrap();
    (voice, wav)
}

fn centre(frame: &[u8]) -> &[u8] {
    let at = (960 * 1080 + 540) * 3;
    &frame[at..at + 3]
}

/// Each video packet's presentation time in seconds, as ffprobe reads them.
fn frame_times(path: &Path) -> Vec<f64> {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "csv=p=0"])
        .arg(path)
        .output()
        .unwrap();
    let mut times: Vec<f64> =
        String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| l.trim().parse().ok()).collect();
    times.sort_by(f64::total_cmp);
    times
}

/// The subtitle track's cues as ffmpeg extracts them, in SubRip.
fn subtitles(path: &Path, dir: &Path) -> String {
    let srt = dir.join("track.srt");
    let status = Command::new("ffmpeg")
        .args(["-v", "error", "-y", "-i"])
        .arg(path)
        .args(["-map", "0:s:0"])
        .arg(&srt)
        .status()
        .unwrap();
    assert!(status.success(), "the subtitle track can be extracted");
    std::fs::read_to_string(srt).unwrap()
}

#[test]
fn beats_become_a_faststart_h264_aac_mp4_on_the_frame_grid_with_cards_cuts_and_subtitles() {
    let dir = tempfile::tempdir().unwrap();
    let (voice, _) = voice(dir.path(), 3_300);
    let track = voice.clone().padded(END_MS);
    let wav = dir.path().join("track.wav");
    std::fs::write(&wav, track.to_wav()).unwrap();
    let colours = [("#ff0000", [255, 0, 0]), ("#00ff00", [0, 255, 0]), ("#0000ff", [0, 0, 255])];
    let pictures: Vec<Vec<u8>> = colours.iter().map(|(c, _)| solid(c)).collect();
    let (opening, ending) = (solid("#ffffff"), solid("#ff00ff"));
    // Beat starts off the grid: each lands on the nearest frame.
    let starts = [0u64, 1_240, 2_171];
    let shots = starts.iter().zip(&pictures).map(|(&start_ms, png)| shot(start_ms, png)).collect();
    let cues = captions::cues([("One ", 900, 1_200), ("two ", 1_240, 2_000), ("three.", 2_171, 3_000)]);
    let film = Film {
        size: CARD,
        opening: Some(&opening),
        shots,
        voice_ms: voice.duration_ms(),
        ending: Some(&ending),
        cues: &cues,
        keep_said: false,
    };
    let out = dir.path().join("out.mp4");
    let encoded = mp4::encode(&film, &wav, &out, &roomy()).unwrap();
    let times: Vec<BeatTimes> = starts.iter().map(|&start_ms| BeatTimes { start_ms, words: Vec::new() }).collect();
    let shape = Shape { voice_ms: voice.duration_ms(), opening: true, ending: true };
    assert_eq!(encoded.frames, film::plan(&times, shape).len() as u64);

    let total = track.duration_ms();
    let info = probe(&out);
    let streams = info["streams"].as_array().unwrap();
    let video = streams.iter().find(|s| s["codec_type"] == "video").expect("a video stream");
    let audio = streams.iter().find(|s| s["codec_type"] == "audio").expect("an audio stream");
    let text = streams.iter().find(|s| s["codec_type"] == "subtitle").expect("a subtitle stream");
    assert_eq!(text["codec_name"], "mov_text", "timed text players can switch on");
    assert_eq!((video["codec_name"].as_str(), video["profile"].as_str()), (Some("h264"), Some("Constrained Baseline")));
    assert_eq!(video["pix_fmt"], "yuv420p");
    assert_eq!((video["width"].as_u64(), video["height"].as_u64()), (Some(1080), Some(1920)));
    assert_eq!(audio["codec_name"], "aac");
    for (name, stream) in [("file", &info["format"]), ("video", video), ("audio", audio)] {
        let duration: f64 = stream["duration"].as_str().unwrap().parse().unwrap();
        let off = (duration * 1000.0 - total as f64).abs();
        assert!(off <= 100.0, "{name} lasts {duration} s; the track {total} ms");
    }
    // Faststart: the index (moov) comes before the media data (mdat).
    let bytes = std::fs::read(&out).unwrap();
    let at = |atom: &[u8]| bytes.windows(4).position(|w| w == atom).unwrap();
    assert!(at(b"moov") < at(b"mdat"), "moov must precede mdat");

    // Every frame on the 30 fps grid, strictly increasing, never closer than a frame.
    let pts = frame_times(&out);
    assert_eq!(pts.len() as u64, encoded.frames + 1, "the frames and the closing repeat: {pts:?}");
    for t in &pts {
        let frames = t * 30.0;
        assert!((frames - frames.round()).abs() < 0.02, "{t} s is off the 30 fps grid");
    }
    assert!(pts.windows(2).all(|w| w[1] - w[0] > 1.0 / 30.0 - 0.001), "{pts:?}");

    let seconds = |ms: u64| ms as f64 / 1000.0;
    assert!(close(centre(&frame_at(&out, 0.3, dir.path())), [255, 255, 255]), "the opening card comes first");
    // Each beat cuts in on its frame: its colour a frame after, the one before a frame before.
    let starts_in_video = [HOOK_MS, starts[1], starts[2]];
    let before = [[255, 255, 255], colours[0].1, colours[1].1];
    for (i, &start) in starts_in_video.iter().enumerate() {
        let on = film::ms_of(film::frame_of(start));
        let settled = frame_at(&out, seconds(on + 20), dir.path());
        assert!(close(centre(&settled), colours[i].1), "beat {i}: {:?}", centre(&settled));
        let earlier = frame_at(&out, seconds(on - 20), dir.path());
        assert!(close(centre(&earlier), before[i]), "before beat {i}: {:?}", centre(&earlier));
    }
    // The end card after the voice, to the end.
    for at in [voice.duration_ms() + 100, total - 100] {
        assert!(close(centre(&frame_at(&out, seconds(at), dir.path())), [255, 0, 255]), "the end card at {at} ms");
    }
    // The progress bar: the foot is white up to the share played, dim after it.
    let frame = frame_at(&out, seconds(voice.duration_ms() / 2), dir.path());
    let bar_y = 1920 - 14;
    let luma = |x: usize| frame[(bar_y * 1080 + x) * 3..][..3].iter().map(|&v| u32::from(v)).sum::<u32>() / 3;
    assert!(luma(100) > 200, "played part: {}", luma(100));
    assert!(luma(1000) < 160, "part to come: {}", luma(1000));
    // The subtitle track carries the cues, in order, at their times.
    let track = subtitles(&out, dir.path());
    assert!(track.contains("00:00:00,900 --> 00:00:01,200\n"), "{track}");
    // ffmpeg writes the track's style (font, size) as tags around each cue's text.
    let untagged = |line: &str| line.split(['<', '>']).step_by(2).collect::<String>();
    let said: Vec<String> = track.lines().map(untagged).filter(|l| l.chars().any(char::is_alphabetic)).collect();
    assert_eq!(said, ["One", "two", "three."], "{track}");
}

#[test]
fn each_word_lights_up_within_half_a_frame_of_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let (voice, wav) = voice(dir.path(), 2_000);
    let plain = solid("#202020");
    let lit = solid("#ff0000");
    // Three words side by side, each lit in its own box.
    let boxes = [[[100u32, 900, 200, 100]], [[440, 900, 200, 100]], [[780, 900, 200, 100]]];
    let starts = [130u64, 710, 1_290];
    let film = Film {
        size: CARD,
        opening: None,
        shots: vec![Shot {
            start_ms: 0,
            png: &plain,
            lit: Some(&lit),
            words: starts.iter().zip(&boxes).map(|(&s, b)| (s, &b[..])).collect(),
        }],
        voice_ms: voice.duration_ms(),
        ending: None,
        cues: &[],
        keep_said: false,
    };
    let out = dir.path().join("words.mp4");
    mp4::encode(&film, &wav, &out, &roomy()).unwrap();
    let red_at = |frame: &[u8], b: [u32; 4]| {
        let (x, y) = ((b[0] + b[2] / 2) as usize, (b[1] + b[3] / 2) as usize);
        close(&frame[(y * 1080 + x) * 3..][..3], [255, 0, 0])
    };
    for (k, &start) in starts.iter().enumerate() {
        // The word lights on the grid frame nearest its start: within half a frame of it.
        let on = film::ms_of(film::frame_of(start));
        assert!(on.abs_diff(start) <= 17, "{start} ms lands on {on} ms");
        let just_after = frame_at(&out, (on + 15) as f64 / 1000.0, dir.path());
        let just_before = frame_at(&out, (on - 15) as f64 / 1000.0, dir.path());
        assert!(red_at(&just_after, boxes[k][0]), "word {k} is lit at its start");
        assert!(!red_at(&just_before, boxes[k][0]), "word {k} is not lit before it is said");
        for (other, b) in boxes.iter().enumerate().filter(|(o, _)| *o != k) {
            assert!(!red_at(&just_after, b[0]), "only word {k} is lit, not word {other}");
        }
        let outside = (400 * 1080 + 540) * 3;
        assert!(close(&just_after[outside..outside + 3], [32, 32, 32]), "the rest of the picture stays plain");
    }
}

#[test]
fn a_picture_of_the_wrong_size_fails_the_render_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("voice.wav");
    std::fs::write(&wav, Pcm { sample_rate: 22_050, channels: 1, data: vec![0; 44_100] }.to_wav()).unwrap();
    let small =
        asset_host::render::png(r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#, 10, 10).unwrap();
    let film = |png| Film {
        size: CARD,
        opening: None,
        shots: vec![shot(0, png)],
        voice_ms: 1_000,
        ending: None,
        cues: &[],
        keep_said: false,
    };
    let error = mp4::encode(&film(&small), &wav, &dir.path().join("x.mp4"), &roomy()).unwrap_err();
    assert!(error.contains("1080"), "{error}");
    // A picture whose header is right but whose pixels do not decode fails when its frame is made.
    let mut corrupt = solid("#336699");
    let middle = corrupt.len() / 2;
    corrupt[middle..middle + 64].fill(0xff);
    let error = mp4::encode(&film(&corrupt), &wav, &dir.path().join("z.mp4"), &roomy()).unwrap_err();
    assert!(error.contains("picture"), "{error}");
    let error = mp4::encode(&film(b"not a png"), &wav, &dir.path().join("y.mp4"), &roomy()).unwrap_err();
    assert!(error.contains("picture"), "{error}");
}

#[test]
fn an_encode_past_its_budget_stops_with_an_error_instead_of_running_on() {
    let dir = tempfile::tempdir().unwrap();
    let wav = dir.path().join("voice.wav");
    // A minute of silence: ~120 frames, seconds of x264 work on this machine.
    std::fs::write(&wav, Pcm { sample_rate: 22_050, channels: 1, data: vec![0; 22_050 * 2 * 60] }.to_wav()).unwrap();
    let picture = solid("#123456");
    let film = Film {
        size: CARD,
        opening: None,
        shots: (0..30).map(|i| shot(i * 2_000, &picture)).collect(),
        voice_ms: 60_000,
        ending: None,
        cues: &[],
        keep_said: false,
    };
    let budget = Budget::new(Duration::from_millis(300));
    let error = mp4::encode(&film, &wav, &dir.path().join("late.mp4"), &budget).unwrap_err();
    assert!(error.contains("budget"), "{error}");
    assert!(budget.spent());
}
