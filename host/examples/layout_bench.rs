//! What laying out and drawing hostile text costs: one paragraph of long unbreakable words and
//! long sentences by script (the fonts are loaded before timing, as `serve` does at start-up),
//! then a whole `hottake` card with that text, rendered to PNG.
//!
//! `cargo run --release -p asset-host --example layout_bench`

use std::time::{Duration, Instant};

use asset_host::render::cards::{self, Sheet};
use asset_host::render::fonts;
use asset_host::render::text::{Paragraph, paragraph};

const RUNS: usize = 21;

fn median(mut work: impl FnMut()) -> Duration {
    let mut samples: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed()
        })
        .collect();
    samples.sort();
    samples[RUNS / 2]
}

fn main() {
    let fonts = fonts::get();
    let box_ = Paragraph {
        center_x: 540.0,
        top: 280.0,
        width: 960.0,
        height: 1220.0,
        sizes: &[104.0, 92.0, 80.0, 70.0, 60.0, 52.0, 44.0],
        bold: true,
        fill: "#ffffff",
        outline: Some(("#000000", 9.0)),
        middle: true,
        typeface: Default::default(),
    };
    let sentence = |words: &str, chars: usize| words.chars().cycle().take(chars).collect::<String>();
    let texts = [
        ("one Latin word", "en", "x".repeat(500)),
        ("one Latin word", "en", "x".repeat(2_000)),
        ("Latin sentence", "en", sentence("agents that pay their way ", 2_000)),
        ("one Devanagari word", "hi", sentence("नमस्कार", 2_000)),
        ("Japanese sentence", "ja", sentence("エージェントが自分で払う。", 2_000)),
    ];
    println!("| text | chars | layout median ms | card (layout, shape, draw, PNG) median ms |");
    println!("|---|---:|---:|---:|");
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    for (what, lang, text) in &texts {
        let layout = median(|| {
            std::hint::black_box(paragraph(fonts, text, lang, false, &box_));
        });
        let style = asset_host::render::style::Style::seeded(1);
        let sheet = Sheet {
            kind: "hottake",
            language: lang,
            rtl: false,
            blocks: vec![("take", text)],
            style: &style,
            seed: 1,
            subject: &Default::default(),
        };
        let card = median(|| {
            std::hint::black_box(
                cards::render(&sheet, &asset_host::cpu::Budget::new(std::time::Duration::from_secs(300)))
                    .expect("the card renders"),
            );
        });
        println!("| {what} | {} | {:.2} | {:.1} |", text.chars().count(), ms(layout), ms(card));
    }
}
