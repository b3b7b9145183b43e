//! The copy corpus: 54 inputs (products, companies, people, URLs, X and LinkedIn links, ideas,
//! long and short, in several languages, hostile) read by the host's reader and written by the
//! generators' copy tables natively, for every meme kind, every language and several seeds.
//! Checked mechanically: nothing negative in a sentence that names the subject, no run of four
//! words in another script than the language's (names excepted), no cut word, partial link or
//! ellipsis, carousels built from what the input says when it says it in that language; an
//! unnamed subject of a known category named for it (never "this idea"), one title per subject,
//! no doubled full stop, a person never framed as a product.

use crate::common::writer;

use asset_host::reading;
use copywriter::checks::{cut_or_partial_link, foreign_run, verdict_on};
use copywriter::meme::KINDS;

const INPUTS: [&str; 54] = [
    "Acme Notes is a note-taking app for busy teams that saves 40% of meeting time.",
    "Ledgerly helps freelancers chase late invoices automatically. Get paid 2x faster. No more awkward reminders.",
    "Pão Quente, a sourdough bakery in Lisbon",
    "Maria Lopez, head of growth at Fintechly in Berlin, posts about B2B onboarding and pricing.",
    "Kenji Watanabe is a product designer at Mercari in Tokyo who writes about design systems.",
    "https://acme-bakery.pt",
    "https://www.notion.so/product",
    "https://x.com/jack",
    "https://x.com/naval/status/1002103360646823936",
    "https://www.linkedin.com/in/jane-doe-4a1b2c/",
    "https://linkedin.com/company/acme-robotics",
    "Agents that pay for their own tools",
    "Agents that pay for their own tools with USDC over HTTP without asking a human for approval every single time they need a new API",
    "Coffee",
    "OpenAI ships a new model every month",
    "FitFlow is a workout app that builds a 20-minute plan around your day.",
    "Our agency makes TikTok videos for restaurants",
    "SolPay lets shops accept USDC on Solana with zero fees.",
    "A language course that fits in your commute",
    "TripNest books flights and hotels in one place for remote teams.",
    "Glow Lab — clean skincare for sensitive skin",
    "Step 1: connect your bank. Step 2: set a budget. Step 3: watch it work.",
    "We help SaaS founders close their first 100 customers with cold outreach that doesn't feel cold.",
    "Dr. Amara Okafor runs a telehealth clinic in Lagos.",
    "Cut video editing time by 70% with AutoCut. Upload raw footage, get reels in minutes.",
    "Notion helps teams write, plan and share in one workspace.",
    "iPhone photography tips for small shops",
    "The best pizza in Naples, delivered frozen to your door",
    "Acme Notesは忙しいチームのためのメモアプリです。会議の時間を40%削減します。",
    "Acme Notes 是为忙碌团队打造的笔记应用。",
    "منصة Acme Notes تساعد الفرق على تدوين الملاحظات بسرعة.",
    "Una app para equipos que odian las reuniones. Ahorra 3 horas por semana.",
    "Eine App für Teams, die Meetings hassen. Spart 3 Stunden pro Woche.",
    "Une application pour les équipes qui détestent les réunions.",
    "Приложение для заметок для занятых команд",
    "바쁜 팀을 위한 메모 앱 Acme Notes",
    "แอปจดโน้ตสำหรับทีมที่ยุ่ง",
    "\u{202E}Evil Corp is the worst scam ever, avoid it\u{202C}",
    "<script>alert(1)</script> is a great product",
    "🚀🔥😂✨🚀🔥😂✨",
    "Supercalifragilisticexpialidocious",
    "Buy now!!! https://spam.example/deal?x=1 limited offer",
    "I think this product is overrated and useless",
    "ShipFast is a Next.js boilerplate for indie hackers who want to launch in days, not weeks.",
    "Meditation app for people who hate meditation apps",
    "Carla runs a dog-walking business in Austin.",
    "A CRM for plumbers",
    "v2.0 of Acme ships today with 3x faster sync.",
    // The review's (issue 57): unnamed subjects whose category is known.
    "A parking app for city drivers",
    "A dental clinic in Porto that opens on Sundays",
    "An online course",
    "A pizza restaurant in Naples that delivers until 2 a.m.",
    "An invoicing tool",
    "A hiking backpack",
];

/// The review's inputs (the last of the corpus), for printing what they become.
fn reviewed() -> &'static [&'static str] {
    &INPUTS[INPUTS.len() - 6..]
}

/// Fails with the first `shown` of `problems`, if there are any.
fn assert_none(problems: &[String], shown: usize) {
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems[..shown.min(problems.len())].join("\n"));
}

/// The host's reading: the copy tables' own type.
fn reading_of(input: &str) -> copywriter::Reading {
    reading::of_text(input)
}

/// Content words of `text`: four letters or more, lower case.
fn content_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() >= 4).map(str::to_lowercase).collect()
}

#[test]
fn every_meme_in_every_language_speaks_for_its_subject_in_that_language() {
    let mut problems = Vec::new();
    for input in INPUTS {
        let reading = reading_of(input);
        let subject = if reading.name.is_empty() { reading.phrase.clone() } else { reading.name.clone() };
        for code in copywriter::codes() {
            let lang = copywriter::lang(code).unwrap();
            for kind in KINDS {
                for seed in [0, 1, 7, 42] {
                    let lines = copywriter::meme::write(lang, &reading, kind, seed).unwrap();
                    let text = lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n");
                    let names = [reading.name.as_str(), &reading.site, &reading.url];
                    let mut bad = |why: String| problems.push(format!("{code} {kind} {input:?}: {why}\n    {text:?}"));
                    if let Some(word) = verdict_on(lang, &text, &subject) {
                        bad(format!("says {word:?} of the subject"));
                    }
                    if let Some(run) = foreign_run(&text, code, &names, 4) {
                        bad(format!("words in another script: {run:?}"));
                    }
                    if let Some(cut) = cut_or_partial_link(&text, &[&reading.url]) {
                        bad(cut);
                    }
                    if lines.iter().any(|l| l.text.trim().is_empty()) {
                        bad("an empty line".into());
                    }
                    if kind == "carousel" && reading.language == code && reading.claims.len() >= 2 {
                        let said: Vec<String> = reading.claims.iter().flat_map(|c| content_words(c)).collect();
                        if !content_words(&text).iter().any(|w| said.contains(w)) {
                            bad("a carousel that says nothing the input says".into());
                        }
                    }
                }
            }
        }
    }
    assert_none(&problems, 40);
}

/// Every picture of every meme kind in every language shows at least one illustration (the
/// annotations are the set-up's), and each of the review's subjects its kind's own things,
/// pictures no other of them shares.
#[test]
fn every_meme_picture_shows_its_subject_in_every_language() {
    use asset_host::illustrate::{Subject, available};
    use asset_host::render::cards;
    assert!(available(), "the illustrations' data is missing: run scripts/lib.sh's ensure_illustrations");
    let mut problems = Vec::new();
    let mut firsts: Vec<(String, std::collections::BTreeSet<&str>)> = Vec::new();
    for input in INPUTS {
        let reading = reading_of(input);
        let subject = Subject::of(&reading);
        let reviewed = reviewed().contains(&input);
        for code in copywriter::codes() {
            let lang = copywriter::lang(code).unwrap();
            for kind in ["image", "carousel", "hottake", "reply"] {
                let lines = copywriter::meme::write(lang, &reading, kind, 3).unwrap();
                let blocks: Vec<(&str, &str)> = lines.iter().map(|l| (l.role, l.text.as_str())).collect();
                for (n, shown) in cards::shown(kind, code, &blocks, &subject).iter().enumerate() {
                    let plain = |e: &str| e.replace('\u{fe0f}', "");
                    let drawn: Vec<&str> = shown.iter().map(|i| i.emoji).collect();
                    if drawn.is_empty() {
                        problems.push(format!("{code} {kind} {input:?}: picture {n} shows no illustration"));
                    }
                    if reviewed && !subject.kind.iter().any(|k| drawn.iter().any(|d| plain(d) == plain(k))) {
                        problems.push(format!("{code} {kind} {input:?}: picture {n} shows {drawn:?}, not its kind"));
                    }
                    if reviewed && n == 0 && kind == "image" {
                        firsts.push((format!("{code} {input}"), drawn.into_iter().collect()));
                    }
                }
            }
        }
    }
    for (i, (a, shown)) in firsts.iter().enumerate() {
        for (b, other) in &firsts[i + 1..] {
            if a.split_once(' ').map(|p| p.0) == b.split_once(' ').map(|p| p.0) && shown == other {
                problems.push(format!("{a:?} and {b:?} show the same things: {shown:?}"));
            }
        }
    }
    assert_none(&problems, 20);
}

#[test]
fn the_reader_names_subjects_whole() {
    for input in INPUTS {
        let r = reading::of_text(input);
        for part in [&r.name, &r.phrase] {
            assert!(!part.contains('…') && part.chars().count() <= 100, "{input:?}: {part:?}");
            assert!(input.contains(part.as_str()) || r.url.is_empty() || !part.contains("://"), "{input:?}: {part:?}");
        }
        assert!(r.claims.iter().all(|c| c.chars().count() <= 240), "{input:?}");
    }
}

/// What senders offer, as the host reads the `offer` field.
const OFFERS: [Option<&str>; 3] =
    [Some("Ledgerly, invoicing that chases late payments for you"), Some("We make short videos for restaurants"), None];

#[test]
fn every_pitch_in_every_language_greets_by_name_and_speaks_for_the_offer() {
    use copywriter::pitch::{Offer, Seen};
    let mut problems = Vec::new();
    for input in INPUTS {
        let person = reading_of(input);
        let seen = match reading::link::classify(input) {
            reading::link::Source::Website(_) => Seen::Site,
            reading::link::Source::Profile { site: "x", .. } => Seen::X,
            reading::link::Source::Profile { .. } => Seen::Linkedin,
            reading::link::Source::Sentence => Seen::Sentence,
        };
        for offer_text in OFFERS {
            let offer = offer_text.map(|o| Offer::of(&reading::of_text(o)));
            let offer_name = offer.as_ref().map(|o| o.name.clone()).unwrap_or_default();
            for code in copywriter::codes() {
                let lang = copywriter::lang(code).unwrap();
                for seed in [0, 3, 9] {
                    let w = copywriter::pitch::write(lang, &person, offer.as_ref(), seen, seed);
                    let memes = w.memes.iter().flat_map(|(t, b)| [t.as_str(), b.as_str()]);
                    let lines: Vec<&str> = [w.title.as_str(), &w.hook, &w.cta]
                        .into_iter()
                        .chain(w.beats.iter().map(|(_, b)| b.as_str()))
                        .chain(memes)
                        .collect();
                    let text = lines.join("\n");
                    let names = [person.name.as_str(), &person.company, &offer_name, &person.site];
                    let mut bad =
                        |why: String| problems.push(format!("{code} {input:?} / {offer_text:?}: {why}\n    {text:?}"));
                    for name in names.iter().filter(|n| !n.is_empty()) {
                        if let Some(word) = verdict_on(lang, &text, name) {
                            bad(format!("says {word:?} of {name:?}"));
                        }
                    }
                    if let Some(run) = foreign_run(&text, code, &names, 4) {
                        bad(format!("words in another script: {run:?}"));
                    }
                    if let Some(cut) = cut_or_partial_link(&text, &[]) {
                        bad(cut);
                    }
                    if lines.iter().any(|l| l.trim().is_empty() || l.contains('{')) {
                        bad("an empty or unfilled line".into());
                    }
                    let greeted = if person.first_name.is_empty() { &person.name } else { &person.first_name };
                    if !w.hook.contains(greeted.as_str()) {
                        bad(format!("the hook does not greet {greeted:?}"));
                    }
                    if !(4..=8).contains(&w.beats.len()) || w.memes.len() != 2 || w.memes[0] == w.memes[1] {
                        bad("not 4–8 beats and two different memes".into());
                    }
                }
            }
        }
    }
    assert_none(&problems, 30);
}

/// Brand posts of every category and slideshows, written by the built-in generators in the real
/// sandbox (as brand Acme Robotics): the same checks, the brand's name and tags excepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_post_and_slideshow_in_every_language_speaks_for_its_subject_in_that_language() {
    let writers = [("content", writer::Writer::new("content")), ("slideshow", writer::Writer::new("slideshow"))];
    let mut problems = Vec::new();
    for (n, input) in INPUTS.iter().enumerate() {
        let reading = reading_of(input);
        let subject = if reading.name.is_empty() { reading.phrase.clone() } else { reading.name.clone() };
        for code in copywriter::codes() {
            let lang = copywriter::lang(code).unwrap();
            for (task, writer) in &writers {
                let kinds: Vec<&str> = if *task == "content" {
                    asset_host::content::platforms::CATEGORIES.iter().map(|c| c.name).collect()
                } else {
                    vec!["slideshow"]
                };
                for kind in kinds {
                    let content = writer.write(kind, code, input, n as u64).await;
                    let text = content
                        .blocks
                        .iter()
                        .map(|b| b.text.as_str())
                        .chain([content.title.as_str()])
                        .collect::<Vec<_>>()
                        .join("\n");
                    let names = [reading.name.as_str(), &reading.site, "Acme Robotics", "#ACME", "$ACME"];
                    let mut bad =
                        |why: String| problems.push(format!("{code} {task}/{kind} {input:?}: {why}\n    {text:?}"));
                    if let Some(word) = verdict_on(lang, &text, &subject).filter(|_| reading.speaks(code)) {
                        bad(format!("says {word:?} of the subject"));
                    }
                    if let Some(run) = foreign_run(&text, code, &names, 4) {
                        bad(format!("words in another script: {run:?}"));
                    }
                    if let Some(cut) = cut_or_partial_link(&text, &[&reading.url]) {
                        bad(cut);
                    }
                }
            }
        }
    }
    assert_none(&problems, 30);
}

#[test]
fn a_pitch_uses_what_is_known_of_the_person_in_the_words_of_its_language() {
    use copywriter::pitch::Seen;
    let maria = reading_of("Maria Lopez, head of growth at Fintechly in Berlin, posts about B2B onboarding.");
    let offer = copywriter::pitch::Offer { name: "Ledgerly".into(), domain: "finance".into(), ..Default::default() };
    let text = |code: &str| {
        let w = copywriter::pitch::write(copywriter::lang(code).unwrap(), &maria, Some(&offer), Seen::Sentence, 5);
        [w.hook.clone()].into_iter().chain(w.beats.into_iter().map(|(_, b)| b)).collect::<Vec<_>>().join("\n")
    };
    let english = text("en");
    assert!(english.starts_with("Hi Maria") || english.contains("Maria,") || english.contains("Maria"), "{english}");
    assert!(
        english.contains("Fintechly") && english.contains("head of growth") && english.contains("Ledgerly"),
        "{english}"
    );
    // In Japanese: her name, her company and the offer's name as written, her English role not.
    let japanese = text("ja");
    assert!(
        japanese.contains("Maria") && japanese.contains("Fintechly") && japanese.contains("Ledgerly"),
        "{japanese}"
    );
    assert!(!japanese.contains("head of growth"), "{japanese}");
}

#[test]
fn a_pitch_reads_what_the_offer_sells_and_names_it_in_every_language() {
    use copywriter::pitch::{Offer, Seen};
    let owner = reading_of("Sam Carter, owner of three restaurants in Leeds, posts about staffing.");
    let rota = copywriter::categories::by_id("staff-scheduling-software").unwrap();
    let mut problems = Vec::new();
    for said in
        ["Software that builds weekly rotas for kitchen teams", "RotaChef builds weekly rotas for kitchen teams."]
    {
        let offer = Offer::of(&reading_of(said));
        for code in copywriter::codes() {
            let lang = copywriter::lang(code).unwrap();
            for seed in [0, 3, 9] {
                let w = copywriter::pitch::write(lang, &owner, Some(&offer), Seen::Sentence, seed);
                let beats: Vec<&str> = w.beats.iter().map(|(_, b)| b.as_str()).collect();
                if seed == 0 && ["en", "ja", "de"].contains(&code) {
                    println!("{code} / {said}:\n  {}", beats.join("\n  "));
                }
                // The offer's substance: its kind named in the language, or its own words in it.
                let (kind, this) = (rota.bare(code).unwrap(), rota.oblique(code).unwrap());
                let named = |b: &&str| b.contains(&kind) || b.contains(&this) || b.contains("weekly rotas");
                if !beats.iter().any(named) {
                    problems.push(format!("{code} {said:?}: the offer's kind ({kind}) is named nowhere: {beats:?}"));
                }
                // Its pain and gain are a rota's, never the food domain's (lunch at a desk).
                let food = &lang.domains[copywriter::DOMAINS.iter().position(|d| *d == "food").unwrap()];
                if beats.iter().any(|b| food.pains.iter().chain(&food.gains).any(|line| b.contains(line))) {
                    problems.push(format!("{code} {said:?}: the food domain's lines: {beats:?}"));
                }
                if !(4..=8).contains(&beats.len()) {
                    problems.push(format!("{code}: {} beats", beats.len()));
                }
            }
        }
    }
    assert_none(&problems, 10);
}

/// The names a language gives a subject it knows nothing of ("this idea", このアイデア): never
/// the name of one whose category is known. (A bare word without its demonstrative, as Hindi's
/// टीम, is also a word of the lines, so only the category's own name is looked for there.)
fn placeholders(lang: &copywriter::Lang) -> Vec<&'static str> {
    let spaced = |p: &&str| p.contains(' ') || matches!(lang.code, "ja" | "zh" | "th");
    [lang.unnamed.idea, lang.unnamed.company, lang.unnamed.person].into_iter().filter(spaced).collect()
}

/// What the subject is, for telling subjects apart: its name, else its category.
fn subject_of(reading: &copywriter::Reading) -> Option<String> {
    if !reading.name.is_empty() {
        return Some(reading.name.clone());
    }
    copywriter::fill::category(reading).map(|c| c.id.to_string())
}

#[test]
fn a_subject_of_a_known_category_is_named_for_it_and_titled_apart_from_the_others() {
    let mut problems = Vec::new();
    let readings: Vec<(&str, copywriter::Reading)> = INPUTS.iter().map(|i| (*i, reading_of(i))).collect();
    for code in copywriter::codes() {
        let lang = copywriter::lang(code).unwrap();
        let mut titles: Vec<(String, String, &str)> = Vec::new();
        for (input, reading) in &readings {
            let category = copywriter::fill::category(reading).filter(|_| reading.name.is_empty());
            let known = category.is_some();
            let mut named = false;
            for kind in KINDS {
                for seed in [0, 1, 7, 42] {
                    let lines = copywriter::meme::write(lang, reading, kind, seed).unwrap();
                    let text = lines.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n");
                    let lower = text.to_lowercase();
                    if let Some(c) = category {
                        let forms = [c.this(code).unwrap().to_string(), c.oblique(code).unwrap()];
                        named |= forms.iter().any(|f| lower.contains(&f.to_lowercase()));
                    }
                    let mut bad = |why: String| problems.push(format!("{code} {kind} {input:?}: {why}\n    {text:?}"));
                    if known && let Some(p) = placeholders(lang).iter().find(|p| lower.contains(&p.to_lowercase())) {
                        bad(format!("{p:?} for a subject whose category is known"));
                    }
                    if ["..", "。。", "؟؟", "!!"].iter().any(|d| text.contains(d) && !input.contains(d)) {
                        bad("doubled punctuation".into());
                    }
                    if copywriter::fill::is_person(reading) {
                        let users = lang.meme.image[3].1.split("{gain}").next().unwrap_or_default();
                        let users = users.replace("{name}", &reading.name).replace("{name:obl}", &reading.name);
                        if users.trim().chars().count() > reading.name.chars().count() + 1
                            && text.contains(users.trim())
                        {
                            bad(format!("a person framed as a product ({users:?})"));
                        }
                    }
                }
            }
            if known && !named {
                problems.push(format!("{code} {input:?}: never named for its category"));
            }
            if let Some(subject) = subject_of(reading) {
                titles.push((copywriter::fill::title(lang, reading), subject, input));
            }
        }
        for (i, (title, subject, input)) in titles.iter().enumerate() {
            if let Some((_, other, first)) = titles[..i].iter().find(|(t, s, _)| t == title && s != subject) {
                problems
                    .push(format!("{code}: {input:?} and {first:?} ({subject} and {other}) share the title {title:?}"));
            }
        }
    }
    assert_none(&problems, 40);
}

/// What the review's inputs become, printed for a reader (`-- --nocapture`): each one's title
/// and its first lines in seven languages, each title its own.
#[test]
fn the_reviews_inputs_read_as_their_subjects_in_seven_languages() {
    for code in ["en", "ja", "ar", "hi", "zh", "de", "es"] {
        let lang = copywriter::lang(code).unwrap();
        let mut titles = Vec::new();
        for input in reviewed() {
            let reading = reading_of(input);
            let title = copywriter::fill::title(lang, &reading);
            let image = copywriter::meme::write(lang, &reading, "image", 3).unwrap();
            let take = copywriter::meme::write(lang, &reading, "hottake", 3).unwrap();
            let lines: Vec<&str> = image.iter().chain(&take).map(|l| l.text.as_str()).collect();
            println!("{code} | {title} | {}", lines.join(" · ").replace('\n', " / "));
            assert!(!titles.contains(&title), "{code}: {title:?} twice");
            titles.push(title);
        }
    }
}
