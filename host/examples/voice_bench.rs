//! Synthesis speed of every embedded voice on the same eight-sentence script, in this process:
//! milliseconds to speak it (median of 7 after one warm-up) and the real-time factor (time to
//! speak ÷ length of the speech; under 1 is faster than real time). The neural voice's sentences
//! run side by side on a pool of two. Then the recogniser's speed on that speech.
//!
//! `cargo run --release -p asset-host --example voice_bench` (after `bash scripts/test.sh` or
//! `scripts/serve.sh` fetched the voice and the Japanese dictionary)

use std::path::PathBuf;
use std::time::{Duration, Instant};

use asset_host::cpu::{Budget, CpuPool};
use asset_host::media::wav::Pcm;
use asset_host::media::whisper::Recogniser;
use asset_host::media::{audio, espeak, kana::Japanese, piper::Neural};

const SCRIPT: [&str; 8] = [
    "Most small teams lose a full day every week to invoices and reminders.",
    "Our app reads every bill the moment it arrives.",
    "It files each one in the right place.",
    "It matches payments to invoices on its own.",
    "It tells you which clients are late and by how much.",
    "You see your cash for the next few weeks on one calm screen.",
    "Nothing to install and nothing to learn.",
    "Start a free trial today and get your Fridays back.",
];

const JAPANESE: [&str; 4] = [
    "小さなチームは毎週一日を請求書の処理に使っています。",
    "私たちのアプリは届いた請求書をすぐに読み取ります。",
    "入金を自動で照合し、遅れている取引先を教えます。",
    "今日から無料で試して、金曜日を取り戻しましょう。",
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn row(name: &str, runs: Vec<f64>, speech_ms: f64) {
    let ms = median(runs);
    println!("| {name} | {speech_ms:.0} | {ms:.1} | {:.3} |", ms / speech_ms);
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let voices = PathBuf::from(std::env::var("HOME").unwrap()).join(".cache/asset-service/voices");
    let texts: Vec<String> = SCRIPT.iter().map(|s| s.to_string()).collect();
    println!("| voice | speech ms | median ms to speak | real-time factor |");
    println!("|---|---:|---:|---:|");

    let mut runs = Vec::new();
    let mut speech_ms = 0.0;
    for i in 0..8 {
        let started = Instant::now();
        let (rate, said) = espeak::synthesize("en-us", &texts).unwrap();
        let elapsed = started.elapsed().as_secs_f64() * 1e3;
        speech_ms = said.iter().map(|s| s.samples.len()).sum::<usize>() as f64 * 1e3 / f64::from(rate);
        if i > 0 {
            runs.push(elapsed);
        }
    }
    row("espeak-ng en-us", runs, speech_ms);

    let neural = Neural::find(&voices, &CpuPool::new("bench", 2)).expect("the neural voice");
    let piper = neural.get().await.expect("it loads");
    let mut runs = Vec::new();
    for i in 0..8 {
        let started = Instant::now();
        let spelled = espeak::spell_here("en-us", &texts).unwrap();
        let spoken = piper.speak(&spelled).await.unwrap();
        let elapsed = started.elapsed().as_secs_f64() * 1e3;
        speech_ms = spoken.iter().map(|(s, _)| s.len()).sum::<usize>() as f64 * 1e3 / f64::from(piper.sample_rate());
        if i > 0 {
            runs.push(elapsed);
        }
    }
    row("Piper en_US-joe-medium (ONNX Runtime, 2 sessions)", runs, speech_ms);

    // The recogniser, on what the neural voice just said (as a recording, decoded to 16 kHz).
    let spoken = piper.speak(&espeak::spell_here("en-us", &texts).unwrap()).await.unwrap();
    let samples: Vec<u8> = spoken
        .iter()
        .flat_map(|(s, _)| s.iter().copied().chain(std::iter::repeat_n(0, 3_528)))
        .flat_map(|s| s.to_le_bytes())
        .collect();
    let recording = Pcm { sample_rate: piper.sample_rate(), channels: 1, data: samples }.to_wav();
    let pcm = audio::decode(&recording, 180_000, &Budget::new(Duration::from_secs(60))).unwrap();
    let stretches = audio::speech_stretches(&pcm, 300);
    let recogniser = Recogniser::find(&voices, &CpuPool::new("bench", 1)).expect("the recogniser");
    let mut runs = Vec::new();
    for i in 0..6 {
        let started = Instant::now();
        let heard = recogniser.hear(&pcm, "en", &stretches, Duration::from_secs(300)).await.unwrap();
        assert!(heard.len() > 40, "{heard:?}");
        if i > 0 {
            runs.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    row("Whisper base recognising that speech (CTranslate2 int8, words aligned)", runs, pcm.duration_ms() as f64);

    let japanese = Japanese::find(&voices).expect("the Japanese dictionary");
    let texts: Vec<String> = JAPANESE.iter().map(|s| s.to_string()).collect();
    let mut runs = Vec::new();
    for i in 0..8 {
        let started = Instant::now();
        let read = japanese.phrases(&texts).await.expect("it loads");
        let kana: Vec<String> =
            read.iter().map(|p| p.iter().map(|p| p.said.as_str()).collect::<Vec<_>>().join(" ")).collect();
        let (rate, said) = espeak::synthesize("ja", &kana).unwrap();
        let elapsed = started.elapsed().as_secs_f64() * 1e3;
        speech_ms = said.iter().map(|s| s.samples.len()).sum::<usize>() as f64 * 1e3 / f64::from(rate);
        if i > 0 {
            runs.push(elapsed);
        }
    }
    row("espeak-ng ja, read through IPADIC", runs, speech_ms);
}
