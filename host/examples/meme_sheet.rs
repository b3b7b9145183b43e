//! Contact sheets of memes: for each of the 23 languages, the built-in meme generator (run in
//! the real sandbox, from the host's reading of each input) writes every picture kind for the
//! same fixed inputs — six subjects as unlike as a dental clinic and a podcast, a product with a
//! claim, a person — and the pictures are drawn as the service draws them (a carousel by its
//! first slide), illustrations of each subject and all, a quarter size, one row per input, one
//! sheet per language, written to the folder given (default `target/meme-sheets`). Reviewers
//! look at these: could one tell from a picture what its post is about? Given a shape (`1:1`,
//! `4:5`, `16:9`), the pictures are drawn as a video in that shape shows them.
//!
//! `cargo run --release -p asset-host --example meme_sheet [-- FOLDER [LANGUAGE...] [SHAPE]]`

use std::time::Duration;

use asset_host::aspect::Aspect;
use asset_host::cpu::CpuPool;
use asset_host::illustrate::Subject;
use asset_host::plugins::{Limits, Request, Sandbox, builtins, reading};
use asset_host::render::cards::{self, OwnedSheet};
use asset_host::render::style::Style;

const INPUTS: [&str; 8] = [
    "Sorriso is a dental clinic in Porto, open on Sundays.",
    "Parkly is a parking app for city drivers.",
    "Trailhead 40 is a hiking backpack for long mountain trails.",
    "Ledgerly helps freelancers chase late invoices automatically. Get paid 2x faster.",
    "Echoes is a podcast about history.",
    "Vesuvio is a pizza restaurant in Naples delivering until 2 a.m.",
    "Maria Lopez, head of growth at Fintechly in Berlin, posts about B2B onboarding.",
    "Agents that pay for their own tools",
];
const KINDS: [&str; 6] = ["image", "hottake", "confession", "reply", "hybrid", "carousel"];

#[path = "common/sheet.rs"]
mod sheet;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.first().map_or_else(|| std::path::PathBuf::from("target/meme-sheets"), std::path::PathBuf::from);
    let shape = args.iter().skip(1).find_map(|a| Aspect::parse(a)).filter(|a| *a != Aspect::Tall);
    let size = shape.map_or(cards::CARD, Aspect::size);
    let only: Vec<&str> = args.iter().skip(1).map(String::as_str).filter(|a| Aspect::parse(a).is_none()).collect();
    std::fs::create_dir_all(&out).unwrap();
    let sandbox = Sandbox::new(None, Default::default()).unwrap();
    let meme = builtins().into_iter().find(|(name, _)| *name == "meme").unwrap().1;
    let prepared = sandbox.prepare(meme).unwrap();
    let pool = CpuPool::new("sheet", 2);
    for language in asset_host::languages::LANGUAGES.iter().filter(|l| only.is_empty() || only.contains(&l.code)) {
        let mut pixels = sheet::Sheet::blank(KINDS.len(), INPUTS.len(), size);
        for (row, input) in INPUTS.iter().enumerate() {
            let host_reading = asset_host::reading::of_text(input);
            for (col, kind) in KINDS.iter().enumerate() {
                let request = Request {
                    task: "meme".into(),
                    kind: Some(kind.to_string()),
                    input: input.to_string(),
                    reading: reading::to_wit(&host_reading),
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
                    subject: Subject::of(&host_reading),
                    shape: shape.map(Aspect::size),
                };
                let pictures = cards::draw(&pool, Duration::from_secs(30), vec![owned]).await.unwrap();
                let card = asset_host::render::framed(&pictures[0][0].png, size.0, size.1).unwrap();
                pixels.paste(&sheet::rgb(&card), col, row);
            }
        }
        let path = match shape {
            Some(shape) => out.join(format!("memes-{}-{}.png", language.code, shape.slug())),
            None => out.join(format!("memes-{}.png", language.code)),
        };
        pixels.write(&path);
        println!("{}", path.display());
    }
}
