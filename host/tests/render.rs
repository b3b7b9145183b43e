//! Pictures in every script: everything the meme generator writes, in each of the 23 languages and
//! each kind, is drawable in the font named for its script (so nothing falls back to a stray face
//! or a box); each language's card is a PNG with its text inked; one line per script renders
//! exactly like its golden image, which was checked by eye (shaping of Arabic and Persian joined
//! right to left, Devanagari and Bengali conjuncts and marks, Thai marks, CJK forms); and captions
//! and cards in six scripts are broken into lines like their golden images (`layout-*.png`).
//!
//! After a deliberate change of layout or fonts: `ASSET_UPDATE_GOLDEN=1 cargo test -p asset-host
//! --test in_process render::`, then look at `host/tests/golden/*.png` before committing them.

use std::path::PathBuf;

use asset_host::languages::LANGUAGES;
use asset_host::plugins::Request;
use asset_host::plugins::{Limits, builtins};
use asset_host::render::cards::{self as card, Sheet};
use asset_host::render::fonts;
use asset_host::render::text::{Paragraph, drawable, paragraph};
use asset_tests::browser::decode_png as decode;

const KINDS: [&str; 6] = ["image", "carousel", "confession", "hottake", "reply", "hybrid"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_language_is_drawn_in_its_own_font_and_inked() {
    let sandbox = crate::common::sandboxes::cached(Default::default());
    let meme = builtins().into_iter().find(|(name, _)| *name == "meme").unwrap().1;
    let prepared = sandbox.prepare(meme).unwrap();
    let fonts = fonts::get();
    assert!(fonts.missing().is_empty(), "fonts missing: {:?}", fonts.missing());
    for language in LANGUAGES.iter() {
        for kind in KINDS {
            let request = Request {
                task: "meme".into(),
                kind: Some(kind.into()),
                input: "rockets".into(),
                reading: asset_host::plugins::reading::of("rockets"),
                language: language.code.into(),
                seed: 3,
                brand: None,
                options: Vec::new(),
            };
            let content = sandbox.generate(&prepared, Limits::GLOBAL, &[], "meme", &request).await.unwrap();
            for block in &content.blocks {
                let normal = block.text.split_whitespace().collect::<Vec<_>>().join(" ");
                assert_eq!(drawable(fonts, &block.text, language.code), normal, "{} {kind}", language.code);
            }
            if kind != "image" {
                continue;
            }
            let sheet = Sheet {
                kind,
                language: language.code,
                rtl: language.direction == "rtl",
                blocks: content.blocks.iter().map(|b| (b.role.as_str(), b.text.as_str())).collect(),
                style: &asset_host::render::style::Style::seeded(0),
                seed: 0,
                subject: &Default::default(),
            };
            let pictures =
                card::render(&sheet, &asset_host::cpu::Budget::new(std::time::Duration::from_secs(300))).unwrap();
            assert_eq!(pictures.len(), 1);
            let (width, height, pixels) = decode(&pictures[0].png);
            assert_eq!((width, height), card::CARD);
            // The top line is white on a dark background: its ink is the white pixels there.
            let row = width as usize * 3;
            let inked = pixels[150 * row..710 * row].chunks_exact(3).filter(|p| p.iter().all(|c| *c > 230)).count();
            assert!(inked > 3000, "{}: only {inked} white pixels in the top line", language.code);
        }
    }
}

/// Whether `c` is a Latin letter (the script of the English input below).
fn latin(c: char) -> bool {
    c.is_ascii_alphabetic()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_english_input_gives_memes_written_wholly_in_the_language_asked() {
    let sandbox = crate::common::sandboxes::cached(Default::default());
    let meme = builtins().into_iter().find(|(name, _)| *name == "meme").unwrap().1;
    let prepared = sandbox.prepare(meme).unwrap();
    // An unnamed English idea, and a named product: only the name may stay in Latin letters.
    for (input, name) in
        [("Agents that pay for their own tools", ""), ("Ledgerly chases late invoices for you.", "Ledgerly")]
    {
        for code in ["ja", "zh", "ko", "ar", "fa", "ru", "uk", "hi", "bn", "th"] {
            for kind in KINDS {
                for seed in 0..4 {
                    let request = Request {
                        task: "meme".into(),
                        kind: Some(kind.into()),
                        input: input.into(),
                        reading: asset_host::plugins::reading::of(input),
                        language: code.into(),
                        seed,
                        brand: None,
                        options: Vec::new(),
                    };
                    let content = sandbox.generate(&prepared, Limits::GLOBAL, &[], "meme", &request).await.unwrap();
                    // The subject's category is named as the language names it, loanword
                    // acronyms included (AIエージェント): that is the language's own word.
                    let reading = asset_host::reading::of_text(input);
                    let category = copywriter::fill::category(&reading).and_then(|c| c.bare(code)).unwrap_or_default();
                    let own = |text: &str| {
                        let text = text.replace(name, "");
                        if category.is_empty() { text } else { text.replace(&category, "") }
                    };
                    for text in content.blocks.iter().map(|b| own(&b.text)).chain([own(&content.title)]) {
                        assert!(!text.chars().any(latin), "{code} {kind} {seed}: English in {text:?}");
                    }
                }
            }
        }
    }
}

/// One line per script, from the phrase tables, with the hashtag and ticker the brand adds.
const SAMPLES: [(&str, &str, &str); 9] = [
    ("latin", "vi", "Tôi thú nhận: Привет! Đừng lo #MOON $MOON"),
    ("arabic", "ar", "رأي جريء: الصواريخ مبالغ فيها. #MOON"),
    ("persian", "fa", "نظر جنجالی: موشک‌ها امسال می‌برند"),
    ("devanagari", "hi", "मेरी स्वीकारोक्ति: क्षमा करें, प्रश्न स्पष्ट है"),
    ("bengali", "bn", "স্বীকারোক্তি: রকেট আমার প্রিয়, ক্ষমা করবেন"),
    ("thai", "th", "ความคิดเห็นที่ไม่เป็นที่นิยม: จรวดน่าทึ่งมาก"),
    ("chinese", "zh", "热门观点：火箭被高估了。#MOON"),
    ("japanese", "ja", "告白します：ロケットが大好きです。"),
    ("korean", "ko", "솔직히 말하면: 로켓은 과대평가됐다"),
];

#[test]
fn each_script_renders_like_its_golden_image() {
    let fonts = fonts::get();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("ASSET_UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for (name, lang, text) in SAMPLES {
        let p = Paragraph {
            center_x: 540.0,
            top: 20.0,
            width: 1000.0,
            height: 320.0,
            sizes: &[72.0, 60.0, 52.0],
            bold: true,
            fill: "#ffffff",
            outline: Some(("#000000", 8.0)),
            middle: true,
            typeface: Default::default(),
        };
        let laid = paragraph(fonts, text, lang, matches!(lang, "ar" | "fa"), &p);
        let svg = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="360"><rect width="1080" height="360" fill="#2c5364"/>{}</svg>"##,
            laid.svg
        );
        let png = asset_host::render::png(&svg, 1080, 360).unwrap();
        let path = dir.join(format!("{name}.png"));
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &png).unwrap();
            continue;
        }
        let golden = std::fs::read(&path).unwrap_or_else(|_| panic!("{} is missing", path.display()));
        let ((_, _, got), (_, _, want)) = (decode(&png), decode(&golden));
        // Identical fonts and renderer give identical pixels; allow anti-aliasing noise only.
        let differing = got
            .chunks_exact(3)
            .zip(want.chunks_exact(3))
            .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 24));
        let share = differing.count() as f64 / (1080.0 * 360.0);
        if got.len() != want.len() || share > 0.002 {
            failures.push(format!("{name}: {:.2}% of pixels differ", share * 100.0));
        }
    }
    assert!(failures.is_empty(), "{failures:?} (see the module comment to update after a deliberate change)");
}

/// Lines set by the rules of their script, in a beat's caption (the video's 1080×1920 frame) and
/// a carousel card (1080×1350): Thai broken between words, Japanese and Chinese between words and
/// phrases with no line opening on closing punctuation and no character alone on the last line,
/// Arabic with Latin words in their right-to-left order, Hindi conjuncts whole, Russian.
const LAID_OUT: [(&str, bool, &str); 6] = [
    ("th", false, "มีใครชอบจรวดบ้างไหม วันนี้เราจะพาไปดูการปล่อยจรวดครั้งใหญ่ที่สุดของปี"),
    ("ja", false, "新しいアプリをためしてください。「すごい」とユーザーが毎日言っています"),
    ("zh", false, "我们的代理每天自己支付工具费用，页面几秒钟就能完成，视频也一样快。"),
    ("ar", true, "جرّب Agent Assets اليوم، وانشر فيديو MP4 في ثوانٍ."),
    ("hi", false, "हर बीट की अपनी तस्वीर है, और हर शब्द बोलते ही चमकता है।"),
    ("ru", false, "Агенты сами платят за свои инструменты, а страницы готовы за секунды."),
];

#[test]
fn captions_and_cards_in_six_scripts_are_laid_out_like_their_golden_images() {
    use asset_host::render::beats::{self, BeatSheet, Layout};
    let style = asset_host::render::style::Style::seeded(2);
    // Drawn with their illustrations, so the goldens show that no line runs into them.
    let subject = asset_host::illustrate::Subject::default();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let update = std::env::var_os("ASSET_UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for (lang, rtl, text) in LAID_OUT {
        // A video's caption in each shape, and a carousel's slide.
        let shapes = [(card::CARD, "caption"), (card::SLIDE, "card"), ((1080, 1080), "square"), ((1920, 1080), "wide")];
        for (size, kind) in shapes {
            let sheet = BeatSheet {
                layout: Layout::Statement,
                text,
                title: "",
                language: lang,
                rtl,
                index: 0,
                count: 0,
                style: &style,
                seed: 2,
                subject: Some(&subject),
                caption: Default::default(),
            };
            let drawn = beats::draw(fonts::get(), &sheet, size, asset_host::render::text::Ink::Plain);
            // Half size: enough to see every break, a quarter of the bytes in the repository.
            let png = asset_host::render::png_on(style.backdrop(), &drawn.svg, size.0 / 2, size.1 / 2).unwrap();
            let path = dir.join(format!("layout-{lang}-{kind}.png"));
            if update {
                std::fs::write(&path, &png).unwrap();
                continue;
            }
            let golden = std::fs::read(&path).unwrap_or_else(|_| panic!("{} is missing", path.display()));
            let ((_, _, got), (_, _, want)) = (decode(&png), decode(&golden));
            let differing = got
                .chunks_exact(3)
                .zip(want.chunks_exact(3))
                .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 24));
            let share = differing.count() as f64 / (got.len() / 3) as f64;
            if got.len() != want.len() || share > 0.002 {
                failures.push(format!("{lang} {kind}: {:.2}% of pixels differ", share * 100.0));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:?} (see the module comment to update after a deliberate change)");
}

/// Every picture kind of a meme, in languages of five scripts, shows at least one illustration
/// of what it is about — a drawn thing, not a face — and the same ones its page's alt text names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_picture_kind_shows_what_its_subject_is() {
    assert!(asset_host::illustrate::available(), "the illustrations' data is missing (scripts/lib.sh)");
    let sandbox = crate::common::sandboxes::cached(Default::default());
    let meme = builtins().into_iter().find(|(name, _)| *name == "meme").unwrap().1;
    let prepared = sandbox.prepare(meme).unwrap();
    let input = "Parkly is a parking app for city drivers.";
    let reading = asset_host::reading::of_text(input);
    let subject = asset_host::illustrate::Subject::of(&reading);
    for code in ["en", "ja", "ar", "hi", "zh", "es"] {
        let language = asset_host::languages::find(code).unwrap();
        for kind in KINDS {
            let request = Request {
                task: "meme".into(),
                kind: Some(kind.into()),
                input: input.into(),
                reading: asset_host::plugins::reading::to_wit(&reading),
                language: code.into(),
                seed: 1,
                brand: None,
                options: Vec::new(),
            };
            let content = sandbox.generate(&prepared, Limits::GLOBAL, &[], "meme", &request).await.unwrap();
            let blocks: Vec<(&str, &str)> = content.blocks.iter().map(|b| (b.role.as_str(), b.text.as_str())).collect();
            let style = asset_host::render::style::Style::seeded(0);
            let sheet = Sheet {
                kind,
                language: code,
                rtl: language.direction == "rtl",
                blocks: blocks.clone(),
                style: &style,
                seed: 1,
                subject: &subject,
            };
            let layouts = card::layouts(fonts::get(), &sheet);
            let shown = card::shown(kind, code, &blocks, &subject);
            assert_eq!(layouts.len(), shown.len(), "{code} {kind}");
            for (layout, things) in layouts.iter().zip(&shown) {
                assert!(!things.is_empty(), "{code} {kind}: no illustration");
                for (n, thing) in things.iter().enumerate() {
                    assert!(
                        layout.svg.contains(&format!(r#"<g id="ill{n}""#)),
                        "{code} {kind}: {} not drawn",
                        thing.icon
                    );
                    let group = emojis::get(thing.emoji).or_else(|| emojis::get(&format!("{}\u{FE0F}", thing.emoji)));
                    assert_ne!(group.map(|e| e.group()), Some(emojis::Group::SmileysAndEmotion), "{code} {kind}");
                    assert!(!thing.label.is_empty());
                }
            }
            // A parking app: a car or a parking sign on the card (in every language, from the
            // subject when the line does not say it).
            let all: Vec<&str> = shown.iter().flatten().map(|t| t.emoji).collect();
            assert!(all.iter().any(|e| ["🅿", "🚗", "🚘", "🚙"].contains(e)), "{code} {kind}: {all:?}");
        }
    }
}
