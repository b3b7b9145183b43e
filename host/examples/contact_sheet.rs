//! Contact sheets of video frames: every beat layout in English, Arabic, Hindi and Japanese, each
//! with its second word lit as the video shows it (the lit picture's boxes for that word copied
//! over the plain picture), a quarter size, twelve to a sheet, then the end card, in each shape
//! asked for (default 9:16), written to `docs/screenshots/`; with `styles`, one sheet of every
//! caption style (columns, on a statement and on a card) in every language (rows).
//!
//! `cargo run --release -p asset-host --example contact_sheet -- [9:16] [1:1] [4:5] [16:9] [styles]`

use std::time::Duration;

use asset_host::aspect::Aspect;
use asset_host::caption_style::CaptionStyle;
use asset_host::cpu::Budget;
use asset_host::render::beats::{BeatSheet, Layout};
use asset_host::render::ending::{self, EndCard};
use asset_host::render::spoken;
use asset_host::render::style::Style;
use asset_host::render::words;

const LAYOUTS: [Layout; 12] = [
    Layout::Title,
    Layout::Statement,
    Layout::Quote,
    Layout::Chat,
    Layout::Stat,
    Layout::Chart,
    Layout::List,
    Layout::Split,
    Layout::Reaction,
    Layout::Question,
    Layout::Card,
    Layout::Action,
];

const SCRIPTS: [(&str, bool, &str, [&str; 12]); 4] = [
    (
        "en",
        false,
        "Agents that pay",
        [
            "Agents that pay",
            "Every beat gets its own picture now.",
            "\"It just works,\" said every agent.",
            "Can you render the video by noon?",
            "Renders are 70% faster this week.",
            "Signups grew 3x in one month.",
            "Pages, videos, memes and invites.",
            "Slow renders, but not here.",
            "We finally shipped the launch!",
            "Why would anyone wait for a video?",
            "Would you pay per call?",
            "Try it today at the link below.",
        ],
    ),
    (
        "ar",
        true,
        "وكلاء يدفعون",
        [
            "وكلاء يدفعون",
            "كل لقطة لها صورتها الخاصة الآن.",
            "«إنه يعمل فقط» قال كل وكيل.",
            "هل يمكنك إنتاج الفيديو اليوم؟",
            "أصبح العرض أسرع بنسبة 70% هذا الأسبوع.",
            "تضاعف عدد المستخدمين 3x في شهر.",
            "صفحات، فيديوهات، ميمات، ودعوات.",
            "العرض البطيء، لكن ليس هنا.",
            "أطلقنا المنتج أخيرًا!",
            "لماذا ينتظر أحد الفيديو؟",
            "هل تدفع مقابل كل طلب؟",
            "جربه اليوم من الرابط أدناه.",
        ],
    ),
    (
        "hi",
        false,
        "भुगतान करने वाले एजेंट",
        [
            "भुगतान करने वाले एजेंट",
            "अब हर बीट की अपनी तस्वीर है।",
            "\"यह बस काम करता है,\" हर एजेंट ने कहा।",
            "क्या आप दोपहर तक वीडियो बना सकते हैं?",
            "इस हफ्ते रेंडर 70% तेज़ हैं।",
            "एक महीने में साइनअप 3x बढ़े।",
            "पेज, वीडियो, मीम और निमंत्रण।",
            "धीमे रेंडर, लेकिन यहाँ नहीं।",
            "आखिरकार हमने लॉन्च कर दिया!",
            "कोई वीडियो का इंतज़ार क्यों करे?",
            "क्या आप हर कॉल के लिए भुगतान करेंगे?",
            "आज ही नीचे दिए लिंक से आज़माएँ।",
        ],
    ),
    (
        "ja",
        false,
        "支払うエージェント",
        [
            "支払うエージェント",
            "すべてのビートに自分の絵があります。",
            "「ちゃんと動く」とみんなが言った。",
            "正午までに動画を作れますか？",
            "今週はレンダリングが70%速い。",
            "登録が一か月で3倍に増えた。",
            "ページ、動画、ミーム、招待状。",
            "遅いレンダリング、でもここは違う。",
            "ついにローンチしました！",
            "なぜ動画を待つのですか？",
            "呼び出しごとに払いますか？",
            "今日、下のリンクから試してください。",
        ],
    ),
];

#[path = "common/sheet.rs"]
mod sheet;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/screenshots");
    std::fs::create_dir_all(&out).unwrap();
    if args.iter().any(|a| a == "styles") {
        let path = out.join("caption-styles.png");
        styles_sheet().write(&path);
        println!("{}", path.display());
    }
    let shapes: Vec<Aspect> = args
        .iter()
        .filter(|a| *a != "styles")
        .map(|a| Aspect::parse(a).expect("a shape: 9:16, 1:1, 4:5 or 16:9"))
        .collect();
    if shapes.is_empty() && !args.is_empty() {
        return;
    }
    for shape in if shapes.is_empty() { vec![Aspect::Tall] } else { shapes } {
        for (language, rtl, title, lines) in SCRIPTS {
            let path = match shape {
                Aspect::Tall => out.join(format!("beats-{language}.png")),
                _ => out.join(format!("beats-{language}-{}.png", shape.slug())),
            };
            sheet_of(shape, (language, rtl, title, &lines)).write(&path);
            println!("{}", path.display());
        }
    }
}

/// Every layout of one language's script, and its end card, drawn in `shape`.
fn sheet_of(shape: Aspect, (language, rtl, title, lines): (&str, bool, &str, &[&str; 12])) -> sheet::Sheet {
    let columns = if shape == Aspect::Wide { 4 } else { 6 };
    let size = shape.size();
    let mut pixels = sheet::Sheet::blank(columns, (LAYOUTS.len() + 1).div_ceil(columns), size);
    // The title is the beats' subject, as a page's is.
    let subject = asset_host::illustrate::Subject::titled(title, language);
    for (n, (layout, text)) in LAYOUTS.iter().zip(lines).enumerate() {
        let style = Style::seeded(n as u64);
        let beat = BeatSheet {
            layout: *layout,
            text,
            title,
            language,
            rtl,
            index: n,
            count: LAYOUTS.len(),
            style: &style,
            seed: n as u64,
            subject: Some(&subject),
            caption: CaptionStyle::default(),
        };
        pixels.paste(&lit_frame(&beat, size), n % columns, n / columns);
    }
    let style = Style::seeded(3);
    let card = EndCard {
        name: title,
        line: ending::call_to_action(language),
        link: "assets.example/m/demo",
        language,
        rtl,
        style: &style,
    };
    let n = LAYOUTS.len();
    pixels.paste(&sheet::rgb(&ending::png(&card, size).unwrap()), n % columns, n / columns);
    pixels
}

/// Every caption style on a statement and on a card, a row per language.
fn styles_sheet() -> sheet::Sheet {
    let size = Aspect::Tall.size();
    let mut pixels = sheet::Sheet::blank(CaptionStyle::ALL.len() * 2, SCRIPTS.len(), size);
    for (row, (language, rtl, title, lines)) in SCRIPTS.iter().enumerate() {
        let subject = asset_host::illustrate::Subject::titled(title, language);
        for (k, caption) in CaptionStyle::ALL.into_iter().enumerate() {
            for (side, (layout, line)) in [(Layout::Statement, 1), (Layout::Card, 10)].into_iter().enumerate() {
                let style = Style::seeded(row as u64 + 1);
                let beat = BeatSheet {
                    layout,
                    text: lines[line],
                    title,
                    language,
                    rtl: *rtl,
                    index: 1,
                    count: 3,
                    style: &style,
                    seed: 1,
                    subject: Some(&subject),
                    caption,
                };
                pixels.paste(&lit_frame(&beat, size), k * 2 + side, row);
            }
        }
    }
    pixels
}

/// `beat` drawn at `size` as a video shows it while its second word is said (its first, without
/// one): the lit picture's boxes for that word (and, in a sweep, those before it) copied over the
/// plain picture.
fn lit_frame(beat: &BeatSheet<'_>, size: (u32, u32)) -> Vec<u8> {
    let budget = Budget::new(Duration::from_secs(600));
    let units = words::units(beat.text);
    let pictures = spoken::draw(beat, &units, size, &budget).unwrap();
    let mut frame = sheet::rgb(&pictures.plain);
    let lit = sheet::rgb(pictures.lit.as_ref().unwrap());
    let w = size.0 as usize;
    let said = pictures.boxes.len().min(2);
    let first = if beat.caption.keeps_said() { 0 } else { said.saturating_sub(1) };
    for [x, y, bw, bh] in pictures.boxes[first..said].iter().flatten().copied() {
        for row in y as usize..(y + bh) as usize {
            let at = (row * w + x as usize) * 3;
            frame[at..at + bw as usize * 3].copy_from_slice(&lit[at..at + bw as usize * 3]);
        }
    }
    frame
}
