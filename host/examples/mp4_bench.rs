//! MP4 render time of a 30-second, 8-beat page (8 meme cards of 1080×1920, a 30 s voice track),
//! against its duration, and in the same run a bare `gst-launch-1.0` encode of the same frame
//! sequence (the same held frames, as PNG files at 2 frames a second) and audio with the same
//! encoder settings.
//!
//! `cargo run --release -p asset-host --example mp4_bench`

use std::process::Command;
use std::time::Instant;

use asset_host::media::mp4::{self, Shot};
use asset_host::media::wav::Pcm;
use asset_host::render::cards::{self as card, Sheet};

const BEATS: usize = 8;
const DURATION_MS: u64 = 30_000;
const RUNS: usize = 5;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let captions = [
        "Agents pay for their own tools",
        "They ship pages in seconds",
        "Then they render the video",
        "Every beat has its caption",
        "And a meme to go with it",
        "Held frames cost nothing",
        "The encoder does the rest",
        "Thirty seconds, one render",
    ];
    let pictures: Vec<Vec<u8>> = captions
        .iter()
        .map(|caption| {
            let sheet = Sheet {
                kind: "image",
                language: "en",
                rtl: false,
                blocks: vec![("top", "Nobody:"), ("bottom", caption)],
                seed: 3,
            };
            card::render(&sheet, &asset_host::cpu::Budget::new(std::time::Duration::from_secs(300)))
                .unwrap()
                .remove(0)
                .png
        })
        .collect();
    let starts: Vec<u64> = (0..BEATS as u64).map(|i| i * DURATION_MS / BEATS as u64).collect();
    let rate = 22_050u32;
    let samples = (u64::from(rate) * DURATION_MS / 1000) as usize;
    let data = (0..samples)
        .flat_map(|i| {
            (((i as f64 * 220.0 * std::f64::consts::TAU / f64::from(rate)).sin() * 2000.0) as i16).to_le_bytes()
        })
        .collect();
    let wav = dir.path().join("voice.wav");
    std::fs::write(&wav, Pcm { sample_rate: rate, channels: 1, data }.to_wav()).unwrap();

    // The service's pipeline.
    let shots: Vec<Shot<'_>> = starts.iter().zip(&pictures).map(|(&start_ms, png)| Shot { start_ms, png }).collect();
    let mut service = Vec::new();
    let mut frames = 0;
    for run in 0..RUNS {
        let out = dir.path().join(format!("service-{run}.mp4"));
        let encoded = mp4::encode(
            &shots,
            DURATION_MS,
            &wav,
            &out,
            &asset_host::cpu::Budget::new(std::time::Duration::from_secs(300)),
        )
        .unwrap();
        frames = encoded.frames;
        service.push(encoded.total_ms);
    }

    // The bare encode: the same held frames written out as files, read at 2 frames a second.
    let frames_dir = dir.path().join("frames");
    std::fs::create_dir_all(&frames_dir).unwrap();
    let bare_frames = (DURATION_MS / mp4::HOLD_MS) as usize;
    for n in 0..bare_frames {
        let t = n as u64 * mp4::HOLD_MS;
        let beat = starts.iter().rposition(|&s| s <= t).unwrap_or(0);
        std::fs::write(frames_dir.join(format!("f{n:04}.png")), &pictures[beat]).unwrap();
    }
    let mut bare = Vec::new();
    for run in 0..RUNS {
        let out = dir.path().join(format!("bare-{run}.mp4"));
        let started = Instant::now();
        // One argument per word: gst-launch-1.0 quotes each argument itself.
        let pipeline = format!(
            "multifilesrc location={}/f%04d.png caps=image/png,framerate=2/1 ! pngdec ! videoconvert ! video/x-raw,format=I420 \
                 ! x264enc speed-preset=veryfast pass=qual quantizer=23 key-int-max=4 bframes=0 ! video/x-h264,profile=high \
                 ! h264parse ! queue ! mp4mux name=mux faststart=true ! filesink location={} \
                 filesrc location={} ! wavparse ! audioconvert ! audioresample ! audio/x-raw,rate=48000 \
                 ! avenc_aac bitrate=128000 ! aacparse ! queue ! mux.",
            frames_dir.display(),
            out.display(),
            wav.display()
        );
        let status = Command::new("gst-launch-1.0")
            .arg("-q")
            .args(pipeline.split_whitespace())
            .status()
            .expect("gst-launch-1.0 runs (Debian's gstreamer1.0-tools)");
        assert!(status.success());
        bare.push(started.elapsed().as_secs_f64() * 1e3);
    }

    let (service, bare) = (median(service), median(bare));
    println!("| 30 s, 8 beats, 1080×1920 | median ms | × real time | frames encoded |");
    println!("|---|---:|---:|---:|");
    println!("| service pipeline (in-process) | {service:.0} | {:.3} | {frames} |", service / DURATION_MS as f64);
    println!(
        "| bare gst-launch-1.0, same frames and settings | {bare:.0} | {:.3} | {bare_frames} |",
        bare / DURATION_MS as f64
    );
    println!("\nservice / bare = {:.2}", service / bare);
}
