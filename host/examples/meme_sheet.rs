//! Contact sheets of memes: for each of the 23 languages, the built-in meme generator (run in
//! the real sandbox, from the host's reading of each input) writes every picture kind for the
//! same fixed inputs — a product, a person, a website's name, an idea — and the pictures are
//! drawn as the service draws them, a quarter size, one row per input, one sheet per language,
//! written to the folder given (default `target/meme-sheets`). Reviewers look at these.
//!
//! `cargo run --release -p asset-host --example meme_sheet [-- FOLDER [LANGUAGE...]]`

use std::time::Duration;

use asset_host::cpu::CpuPool;
use asset_host::plugins::{Limits, Request, Sandbox, builtins, reading};
use asset_host::render::cards::{self, CARD, OwnedSheet};
use asset_host::render::style::Style;

const INPUTS: [&str; 4] = [
    "Ledgerly helps freelancers chase late invoices automatically. Get paid 2x faster.",
    "Maria Lopez, head of growth at Fintechly in Berlin, posts about B2B onboarding.",
    "https://www.pao-quente.pt",
    "Agents that pay for their own tools",
];
const KINDS: [&str; 5] = ["image", "hottake", "confession", "reply", "hybrid"];
const SCALE: usize = 4;

/// A PNG's RGB pixels.
fn rgb(png: &[u8]) -> Vec<u8> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    pixels
}

/// Copies `frame` (a full-size card) into `sheet` at cell (`col`, `row`), a quarter size.
fn paste(sheet: &mut [u8], columns: usize, frame: &[u8], col: usize, row: usize) {
    let (w, h) = (CARD.0 as usize, CARD.1 as usize);
    let (cw, ch) = (w / SCALE, h / SCALE);
    for y in 0..ch {
        for x in 0..cw {
            for c in 0..3 {
                let mut sum = 0u32;
                for dy in 0..SCALE {
                    for dx in 0..SCALE {
                        sum += u32::from(frame[((y * SCALE + dy) * w + x * SCALE + dx) * 3 + c]);
                    }
                }
                sheet[((row * ch + y) * columns * cw + col * cw + x) * 3 + c] = (sum / (SCALE * SCALE) as u32) as u8;
            }
        }
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.first().map_or_else(|| std::path::PathBuf::from("target/meme-sheets"), std::path::PathBuf::from);
    let only: Vec<&str> = args.iter().skip(1).map(String::as_str).collect();
    std::fs::create_dir_all(&out).unwrap();
    let sandbox = Sandbox::new(None, Default::default()).unwrap();
    let meme = builtins().into_iter().find(|(name, _)| *name == "meme").unwrap().1;
    let prepared = sandbox.prepare(meme).unwrap();
    let pool = CpuPool::new("sheet", 2);
    let (cw, ch) = (CARD.0 as usize / SCALE, CARD.1 as usize / SCALE);
    for language in asset_host::languages::LANGUAGES.iter().filter(|l| only.is_empty() || only.contains(&l.code)) {
        let mut sheet = vec![255u8; KINDS.len() * cw * INPUTS.len() * ch * 3];
        for (row, input) in INPUTS.iter().enumerate() {
            for (col, kind) in KINDS.iter().enumerate() {
                let request = Request {
                    task: "meme".into(),
                    kind: Some(kind.to_string()),
                    input: input.to_string(),
                    reading: reading::of(input),
                    language: language.code.into(),
                    seed: (row * 7 + col) as u64,
                    brand: None,
                    options: Vec::new(),
                };
                let content = sandbox.generate(&prepared, Limits::GLOBAL, &[], "sheet", &request).await.unwrap();
                let mut blocks = Vec::new();
                for b in &content.blocks {
                    blocks.push((b.role.clone(), b.text.clone()));
                    if let Some((_, mood)) = b.attributes.iter().find(|(k, _)| k == "mood") {
                        blocks.push(("mood".to_string(), mood.clone()));
                    }
                }
                let owned = OwnedSheet {
                    kind: kind.to_string(),
                    language: language.code,
                    rtl: language.direction == "rtl",
                    blocks,
                    style: Style::seeded((row * 5 + col) as u64),
                    seed: request.seed,
                };
                let pictures = cards::draw(&pool, Duration::from_secs(30), vec![owned]).await.unwrap();
                paste(&mut sheet, KINDS.len(), &rgb(&pictures[0][0].png), col, row);
            }
        }
        let path = out.join(format!("memes-{}.png", language.code));
        let file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        let mut encoder = png::Encoder::new(file, (KINDS.len() * cw) as u32, (INPUTS.len() * ch) as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.write_header().unwrap().write_image_data(&sheet).unwrap();
        println!("{}", path.display());
    }
}
