//! MP4 render time of a 30-second, 8-beat page (1080×1920: an opening card, each beat in its
//! layout with its ~9 words lit one at a time, a progress bar, an end card, a subtitle track; a
//! 30 s voice track), against its duration; the same page with beats but no word timing; and in
//! the same run a bare `gst-launch-1.0` encode of exactly the frames of the first (raw I420, so
//! the bare pipeline neither decodes nor converts) with the same audio and encoder settings, and
//! with the encoders of session 10 (what session 11's `ultrafast` gained).
//!
//! `cargo run --release -p asset-host --example mp4_bench`

use std::io::Write;
use std::process::Command;
use std::time::{Duration, Instant};

use asset_host::cpu::Budget;
use asset_host::media::captions;
use asset_host::media::mp4::{self, Film, Shot};
use asset_host::media::wav::Pcm;
use asset_host::render::beats::{self, BeatSheet, Layout};
use asset_host::render::cards::CARD;
use asset_host::render::ending;
use asset_host::render::spoken::{self, Pictures};
use asset_host::render::style::Style;
use asset_host::render::words;

const DURATION_MS: u64 = 30_000;
/// The encoders of session 10: x264 `superfast` (CABAC, High profile), a keyframe every 8
/// frames; VisualOn's AAC at the voice's rate.
const BEFORE: (&str, &str) = (
    "x264enc speed-preset=superfast pass=qual quantizer=23 key-int-max=8 bframes=0 mb-tree=false rc-lookahead=0 \
     ! video/x-h264,profile=high",
    "audioconvert ! audioresample ! audio/x-raw,rate=[22050,48000] ! voaacenc bitrate=96000",
);
const RUNS: usize = 5;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let captions = [
        "Agents pay for their own tools, every single day",
        "They ship pages in seconds, not in weeks",
        "Renders went 70% faster after the change",
        "Why would anyone wait for a video?",
        "Pages, videos, memes and invites in one call",
        "Slow renders are a thing of the past",
        "Every word lights up as it is spoken",
        "Try it today and see for yourself",
    ];
    let style = Style::seeded(3);
    let budget = Budget::new(Duration::from_secs(300));
    let layouts = beats::choose(&captions);
    let beat_ms = DURATION_MS / captions.len() as u64;
    let drawn: Vec<(Pictures, Vec<u64>)> = captions
        .iter()
        .zip(&layouts)
        .enumerate()
        .map(|(i, (text, &layout))| {
            let sheet = BeatSheet {
                layout,
                text,
                title: "Agents that pay",
                language: "en",
                rtl: false,
                index: i,
                count: captions.len(),
                style: &style,
                seed: 3,
                subject: None,
                caption: Default::default(),
            };
            let units = words::units(text);
            let start = i as u64 * beat_ms;
            let times =
                (0..units.len() as u64).map(|k| start + 100 + k * (beat_ms - 400) / units.len() as u64).collect();
            (spoken::draw(&sheet, &units, CARD, &budget).unwrap(), times)
        })
        .collect();
    let opening_sheet = BeatSheet {
        layout: Layout::Title,
        text: "Agents that pay",
        title: "",
        language: "en",
        rtl: false,
        index: 0,
        count: 0,
        style: &style,
        seed: 3,
        subject: None,
        caption: Default::default(),
    };
    let opening = spoken::draw(&opening_sheet, &[], CARD, &budget).unwrap().plain;
    let end_card = ending::EndCard {
        name: ending::SERVICE_NAME,
        line: ending::call_to_action("en"),
        link: "assets.example/m/abc123",
        language: "en",
        rtl: false,
        style: &style,
    };
    let ending = ending::png(&end_card, CARD).unwrap();
    let cues = captions::cues(drawn.iter().flat_map(|(_, times)| times.iter().map(|&t| ("word", t, t + 300))));
    let film = |timed: bool| Film {
        size: CARD,
        opening: Some(&opening),
        shots: drawn
            .iter()
            .enumerate()
            .map(|(i, (pictures, times))| Shot {
                start_ms: i as u64 * beat_ms,
                png: &pictures.plain,
                lit: if timed { pictures.lit.as_deref() } else { None },
                words: if timed {
                    times.iter().copied().zip(pictures.boxes.iter().map(Vec::as_slice)).collect()
                } else {
                    Vec::new()
                },
            })
            .collect(),
        voice_ms: DURATION_MS,
        ending: Some(&ending),
        cues: &cues,
        keep_said: false,
    };
    let rate = 22_050u32;
    let samples = (u64::from(rate) * DURATION_MS / 1000) as usize;
    let data = (0..samples)
        .flat_map(|i| {
            (((i as f64 * 220.0 * std::f64::consts::TAU / f64::from(rate)).sin() * 2000.0) as i16).to_le_bytes()
        })
        .collect();
    let voice = Pcm { sample_rate: rate, channels: 1, data }.padded(asset_host::media::film::END_MS);
    let wav = dir.path().join("voice.wav");
    std::fs::write(&wav, voice.to_wav()).unwrap();

    let mut rows = Vec::new();
    for (name, timed) in [
        ("service: words lit, progress, opening, end card, subtitles", true),
        ("service: beats only (no word times)", false),
    ] {
        let film = film(timed);
        let mut times = Vec::new();
        let mut frames = 0;
        for run in 0..RUNS {
            let out = dir.path().join(format!("service-{run}.mp4"));
            let encoded = mp4::encode(&film, &wav, &out, &budget).unwrap();
            frames = encoded.frames;
            times.push(encoded.total_ms);
        }
        rows.push((name.to_string(), median(times), frames));
    }

    // The bare encode: exactly the frames of the first film, written out raw.
    let film = film(true);
    let frames = mp4::Frames::new(&film, &mp4::frame_info(CARD).unwrap(), &budget).unwrap();
    let bare = |name: &str, encoders: (&str, &str)| {
        let raw = dir.path().join(format!("{name}.i420"));
        let mut file = std::io::BufWriter::new(std::fs::File::create(&raw).unwrap());
        let mut count = 0;
        for frame in &frames.plan {
            file.write_all(&frames.make(frame).unwrap()).unwrap();
            count += 1;
        }
        file.flush().unwrap();
        drop(file);
        let mut times = Vec::new();
        for run in 0..RUNS {
            let out = dir.path().join(format!("{name}-{run}.mp4"));
            let started = Instant::now();
            // One argument per word: gst-launch-1.0 quotes each argument itself.
            let pipeline = format!(
                "filesrc location={} ! rawvideoparse width={} height={} format=i420 framerate=4/1 \
                     ! {} ! h264parse ! queue ! mp4mux name=mux faststart=true \
                     ! filesink location={} filesrc location={} ! wavparse ! {} ! aacparse ! queue ! mux.",
                raw.display(),
                CARD.0,
                CARD.1,
                encoders.0,
                out.display(),
                wav.display(),
                encoders.1,
            );
            let status = Command::new("gst-launch-1.0")
                .arg("-q")
                .args(pipeline.split_whitespace())
                .status()
                .expect("gst-launch-1.0 runs (Debian's gstreamer1.0-tools)");
            assert!(status.success());
            times.push(started.elapsed().as_secs_f64() * 1e3);
        }
        (median(times), count)
    };
    let ours = (mp4::VIDEO_ENCODER, mp4::AUDIO_ENCODER);
    let (all, all_frames) = bare("bare", ours);
    let (before, _) = bare("before", BEFORE);
    // Hand-written ffmpeg given the same pictures, voice and word times.
    let ffmpeg_runs: Vec<(&str, f64)> = ["ultrafast", "veryfast"]
        .into_iter()
        .map(|preset| (preset, by_ffmpeg(&film, &wav, dir.path(), preset)))
        .collect();
    let video_ms = DURATION_MS as f64;
    println!("| 30 s voice, 8 beats, 1080×1920 | median ms | × real time | frames encoded |");
    println!("|---|---:|---:|---:|");
    for (name, ms, frames) in &rows {
        println!("| {name} | {ms:.0} | {:.3} | {frames} |", ms / video_ms);
    }
    println!(
        "| bare gst-launch-1.0, the first row's frames (raw I420), same settings | {all:.0} | {:.3} | {all_frames} |",
        all / video_ms
    );
    println!(
        "| bare gst-launch-1.0, the first row's frames, session 10's encoders (superfast, High) | {before:.0} | {:.3} | {all_frames} |",
        before / video_ms
    );
    for (preset, ms) in &ffmpeg_runs {
        println!(
            "| hand-written ffmpeg (libx264 `-preset {preset}`, 30 fps, crop+overlay per word, concat) | {ms:.0} | {:.3} | {} |",
            ms / video_ms,
            (video_ms + asset_host::media::film::END_MS as f64) as u64 * 30 / 1000
        );
    }
    println!(
        "\nservice / bare = {:.2}; today's encoders / session 10's = {:.2}; ffmpeg ultrafast / service = {:.1}; ffmpeg veryfast / service = {:.1}",
        rows[0].1 / all,
        all / before,
        ffmpeg_runs[0].1 / rows[0].1,
        ffmpeg_runs[1].1 / rows[0].1,
    );
}

/// The film made as a person would with ffmpeg from the same pictures, voice and word times: each
/// picture looped for its time at 30 fps, each word's box cropped from the lit picture and laid
/// over the plain one while it is said, the pieces concatenated and encoded with libx264 at
/// `preset` (Constrained Baseline, as ours) and AAC. Median ms of [`RUNS`] runs.
fn by_ffmpeg(film: &Film<'_>, wav: &std::path::Path, dir: &std::path::Path, preset: &str) -> f64 {
    let write = |name: String, png: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, png).unwrap();
        path
    };
    let hook = asset_host::media::film::HOOK_MS;
    let mut inputs: Vec<String> = Vec::new();
    let mut graph = String::new();
    let mut segments = Vec::new();
    let looped = |path: std::path::PathBuf, ms: u64, inputs: &mut Vec<String>| {
        inputs.extend(["-loop", "1", "-framerate", "30", "-t"].map(String::from));
        inputs.push(format!("{:.3}", ms as f64 / 1000.0));
        inputs.push("-i".into());
        inputs.push(path.display().to_string());
        inputs.len() / 8 - 1
    };
    let opening = looped(write("ff-opening.png".into(), film.opening.unwrap()), hook, &mut inputs);
    segments.push(format!("[{opening}:v]"));
    for (i, shot) in film.shots.iter().enumerate() {
        let start = if i == 0 { hook } else { shot.start_ms };
        let end = film.shots.get(i + 1).map_or(film.voice_ms, |next| next.start_ms);
        let plain = looped(write(format!("ff-{i}.png"), shot.png), end - start, &mut inputs);
        let lit = looped(write(format!("ff-{i}-lit.png"), shot.lit.unwrap()), end - start, &mut inputs);
        let words: Vec<_> = shot.words.iter().enumerate().collect();
        graph.push_str(&format!("[{lit}:v]split={}", words.len().max(1)));
        for k in 0..words.len().max(1) {
            graph.push_str(&format!("[l{i}_{k}]"));
        }
        graph.push_str(";\n");
        let mut current = format!("[{plain}:v]");
        for (k, (time, boxes)) in words {
            let until = shot.words.get(k + 1).map_or(end, |next| next.0);
            let Some(&[x, y, w, h]) = boxes.first() else { continue };
            let (a, b) = (time.saturating_sub(start) as f64 / 1000.0, until.saturating_sub(start) as f64 / 1000.0);
            graph.push_str(&format!(
                "[l{i}_{k}]crop={w}:{h}:{x}:{y}[c{i}_{k}];{current}[c{i}_{k}]overlay={x}:{y}:enable='between(t,{a:.3},{b:.3})'[o{i}_{k}];\n"
            ));
            current = format!("[o{i}_{k}]");
        }
        segments.push(current);
    }
    let ending =
        looped(write("ff-ending.png".into(), film.ending.unwrap()), asset_host::media::film::END_MS, &mut inputs);
    segments.push(format!("[{ending}:v]"));
    graph.push_str(&format!("{}concat=n={}:v=1:a=0,format=yuv420p[v]", segments.concat(), segments.len()));
    let audio = inputs.len() / 8;
    let mut times = Vec::new();
    for run in 0..RUNS {
        let out = dir.join(format!("ffmpeg-{preset}-{run}.mp4"));
        let started = Instant::now();
        let status = Command::new("ffmpeg")
            .args(["-v", "error", "-y"])
            .args(&inputs)
            .arg("-i")
            .arg(wav)
            .args(["-filter_complex", &graph, "-map", "[v]", "-map", &format!("{audio}:a")])
            .args(["-c:v", "libx264", "-preset", preset, "-profile:v", "baseline", "-crf", "23"])
            .args(["-c:a", "aac", "-b:a", "96k", "-ar", "48000", "-movflags", "+faststart"])
            .arg(&out)
            .status()
            .expect("ffmpeg runs (Debian's ffmpeg)");
        assert!(status.success());
        times.push(started.elapsed().as_secs_f64() * 1e3);
    }
    median(times)
}
