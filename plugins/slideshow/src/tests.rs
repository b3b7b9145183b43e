//! Native tests of the slideshow generator: the slide shape and limits for both kinds, every
//! language, several seeds, hostile inputs and brands, without a model and with a good, a
//! hostile and a failing one; where points come from; and the phrase tables' own rules.

use std::cell::Cell;
use std::rc::Rc;

use crate::model::{Ask, Call};
use crate::phrases::{Phrases, TABLES};
use crate::write::{KINDS, POINTS_MAX, POINTS_MIN, SLIDE, TITLE, Written, write};
use guest::text::len;
use guest::text::usable;

const LANGUAGES: [&str; 23] = [
    "en", "es", "pt", "fr", "de", "it", "nl", "pl", "tr", "ru", "uk", "ar", "fa", "hi", "bn", "id", "ms", "vi", "th",
    "zh", "ja", "ko", "sw",
];

const SEEDS: [u64; 7] = [0, 1, 2, 3, 7, 42, u64::MAX];

fn inputs() -> Vec<String> {
    vec![
        "Why small teams ship faster".into(),
        "Why small teams ship faster. Fewer meetings. Everyone sees the whole picture. Decisions take minutes. Mistakes stay small. One more. And another.".into(),
        "Title only. One point".into(),
        "Supercalifragilisticexpialidocious".repeat(60)[..2000].to_string(),
        "🚀🔥😂✨".repeat(30),
        "منتجنا الجديد يساعد الفرق. إنه متاح اليوم. جربوه الآن".into(),
        "Line one\twith a tab\nline two\r\nline three\u{7} and a bell".into(),
        "https://example.com/blog/new-vertical-video-api?utm=1".into(),
        "!!! ... ???".into(),
        "\u{1}\u{2}\u{3}".into(),
        "\u{202E}reversed text\u{202C} here. And a point".into(),
        "漢".repeat(2000),
        format!("{}. {}", "Short title", "A point that goes on and on ".repeat(40)),
        "新しいAPIで縦型動画が作れるようになりました。今日から使えます。ぜひ試してください。".into(),
        "Why do small teams ship faster?".into(),
        "x".into(),
    ]
}

fn brands() -> Vec<Option<(&'static str, &'static str)>> {
    vec![
        Some(("Acme", "Playful, precise.")),
        None,
        Some(("", "")),
        Some(("Very Long Brand Name That Keeps Going And Going Far Past Forty\nCharacters", "x")),
    ]
}

fn p(language: &str) -> &'static Phrases {
    crate::phrases::for_language(language).expect("language")
}

fn good_model<'a>(p: &'static Phrases, calls: Rc<Cell<usize>>) -> Call<'a> {
    Box::new(move |_ask: &Ask| {
        calls.set(calls.get() + 1);
        Some(format!("{}\n{}", p.points[5], p.points[4]))
    })
}

fn hostile_model<'a>(language: &str) -> Call<'a> {
    let foreign = match language {
        "zh" | "ja" | "ko" => "Это предложение написано по-русски.",
        _ => "这是一个完全用中文写的句子。",
    };
    Box::new(move |_ask: &Ask| {
        Some(format!("{}\nsee http://x.example\nbell\u{7}\n{foreign}\n#tag line\n", "y".repeat(500)))
    })
}

fn failing_model<'a>(calls: Rc<Cell<usize>>) -> Call<'a> {
    Box::new(move |_ask: &Ask| {
        calls.set(calls.get() + 1);
        None
    })
}

fn layouts(w: &Written) -> Vec<&str> {
    w.blocks
        .iter()
        .map(|b| b.attributes.iter().find(|(k, _)| k == "layout").map(|(_, v)| v.as_str()).unwrap_or("none"))
        .collect()
}

fn shown(w: &Written) -> String {
    format!("{:?}", w.blocks)
}

/// The shape and limits every result keeps.
fn check(kind: &str, language: &str, w: &Written) {
    let l = layouts(w);
    assert_eq!(l[0], "title", "{l:?}");
    assert_eq!(l[l.len() - 1], "closer", "{l:?}");
    let points = l.iter().filter(|x| **x == "point").count();
    assert_eq!(points + 2, l.len(), "{l:?}");
    if kind == "slideshow" {
        assert!((POINTS_MIN..=POINTS_MAX).contains(&points), "{kind}/{language}: {points} points");
    } else {
        assert_eq!(points, 0);
    }
    assert!(!w.title.is_empty() && len(&w.title) <= TITLE);
    for (i, b) in w.blocks.iter().enumerate() {
        assert_eq!(b.role, "slide");
        let max = if i == 0 { TITLE } else { SLIDE };
        assert!(!b.text.trim().is_empty() && len(&b.text) <= max, "{kind}/{language}: {b:?}");
        assert!(!b.text.chars().any(char::is_control), "{kind}/{language}: control in {b:?}");
        assert!(!b.text.chars().any(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')), "{b:?}");
    }
}

#[test]
fn every_limit_holds_with_and_without_a_model() {
    let mut runs = 0;
    for input in inputs() {
        for brand in brands() {
            for language in LANGUAGES {
                for kind in KINDS {
                    for seed in SEEDS {
                        let w = write(kind, language, &input, &copywriter::Reading::default(), seed, brand, None)
                            .expect("written");
                        check(kind, language, &w);

                        let calls = Rc::new(Cell::new(0));
                        let w = write(
                            kind,
                            language,
                            &input,
                            &copywriter::Reading::default(),
                            seed,
                            brand,
                            Some(good_model(p(language), calls.clone())),
                        )
                        .expect("written");
                        check(kind, language, &w);
                        assert!(calls.get() <= 1, "one call at most");

                        let w = write(
                            kind,
                            language,
                            &input,
                            &copywriter::Reading::default(),
                            seed,
                            brand,
                            Some(hostile_model(language)),
                        )
                        .expect("w");
                        check(kind, language, &w);
                        let table = write(kind, language, &input, &copywriter::Reading::default(), seed, brand, None)
                            .expect("w");
                        assert_eq!(shown(&w), shown(&table), "unusable lines fall back to the tables");

                        let calls = Rc::new(Cell::new(0));
                        let w = write(
                            kind,
                            language,
                            &input,
                            &copywriter::Reading::default(),
                            seed,
                            brand,
                            Some(failing_model(calls.clone())),
                        )
                        .expect("written");
                        check(kind, language, &w);
                        assert!(calls.get() <= 1, "asked again after a failed call");
                        runs += 1;
                    }
                }
            }
        }
    }
    assert_eq!(runs, inputs().len() * brands().len() * 23 * 2 * SEEDS.len());
}

#[test]
fn points_come_from_the_input_first() {
    let input = "Why small teams ship faster. Fewer meetings. Everyone sees the whole picture. Decisions take minutes.";
    let w = write("slideshow", "en", input, &copywriter::Reading::default(), 0, None, None).expect("w");
    let texts: Vec<&str> = w.blocks.iter().map(|b| b.text.as_str()).collect();
    assert_eq!(
        texts[..4],
        [
            "Why small teams ship faster",
            "Fewer meetings.",
            "Everyone sees the whole picture.",
            "Decisions take minutes."
        ]
    );
    assert_eq!(w.blocks.len(), 5);

    // Seven sentences after the title: the first five stand.
    let long = format!("{input} Mistakes stay small. Six. Seven.");
    let w = write("slideshow", "en", &long, &copywriter::Reading::default(), 0, None, None).expect("w");
    assert_eq!(layouts(&w).iter().filter(|l| **l == "point").count(), 5);
    assert_eq!((w.blocks[4].text.as_str(), w.blocks[5].text.as_str()), ("Mistakes stay small.", "Six."));

    // One sentence after the title: it comes first, the model or the tables fill up to three.
    let calls = Rc::new(Cell::new(0));
    let w = write(
        "slideshow",
        "en",
        "Title only. One point",
        &copywriter::Reading::default(),
        0,
        None,
        Some(good_model(p("en"), calls.clone())),
    )
    .expect("w");
    assert_eq!(w.blocks[1].text, "One point");
    assert_eq!(w.blocks[2].text, p("en").points[5], "the model's line");
    assert_eq!(w.blocks[3].text, p("en").points[4]);
    assert_eq!(calls.get(), 1);
}

#[test]
fn a_single_meme_is_a_title_and_a_closer_and_asks_no_model() {
    let calls = Rc::new(Cell::new(0));
    let w = write(
        "single-meme",
        "en",
        "Chalk bags. More. And more.",
        &copywriter::Reading::default(),
        3,
        Some(("Acme", "")),
        Some(good_model(p("en"), calls.clone())),
    )
    .expect("w");
    assert_eq!(layouts(&w), ["title", "closer"]);
    assert_eq!(calls.get(), 0);
}

#[test]
fn table_points_name_a_topic_in_the_language_script_only() {
    let w = write("slideshow", "en", "Why small teams ship faster", &copywriter::Reading::default(), 0, None, None)
        .expect("w");
    assert!(w.blocks[1].text.starts_with("Why small teams ship faster: "), "{:?}", w.blocks[1].text);
    let w = write("slideshow", "ja", "Why small teams ship faster", &copywriter::Reading::default(), 0, None, None)
        .expect("w");
    assert!(w.blocks.iter().skip(1).all(|b| !b.text.contains("Why small")), "{:?}", w.blocks);
    // A question would read badly before a colon.
    let w = write("slideshow", "en", "Why do small teams ship faster?", &copywriter::Reading::default(), 0, None, None)
        .expect("w");
    assert!(w.blocks.iter().skip(1).all(|b| !b.text.contains("faster?:")), "{:?}", w.blocks);
}

#[test]
fn the_closer_names_the_brand_only_when_there_is_one() {
    for seed in 0..20 {
        for language in LANGUAGES {
            let w =
                write("slideshow", language, "Topic", &copywriter::Reading::default(), seed, None, None).expect("w");
            assert!(!w.blocks.last().expect("closer").text.contains("{b}"));
        }
    }
    let named = (0..20).any(|seed| {
        let w = write("slideshow", "en", "Topic", &copywriter::Reading::default(), seed, Some(("Acme", "")), None)
            .expect("w");
        w.blocks.last().expect("closer").text.contains("Acme")
    });
    assert!(named);
}

#[test]
fn the_same_request_gives_the_same_slides() {
    for language in LANGUAGES {
        let reading = copywriter::Reading::default();
        let make = || write("slideshow", language, "Small teams ship faster", &reading, 11, Some(("Acme", "")), None);
        assert_eq!(shown(&make().expect("a")), shown(&make().expect("b")));
    }
}

#[test]
fn unknown_kind_or_language_is_refused() {
    assert!(write("carousel", "en", "x", &copywriter::Reading::default(), 0, None, None).is_none());
    assert!(write("slideshow", "xx", "x", &copywriter::Reading::default(), 0, None, None).is_none());
}

#[test]
fn model_answers_are_checked() {
    assert_eq!(usable("1. Fewer meetings", "en", 120).as_deref(), Some("Fewer meetings"));
    assert!(usable("see https://x", "en", 120).is_none());
    assert!(usable(&"y".repeat(121), "en", 120).is_none());
    assert!(usable("漢字だけ", "en", 120).is_none());
    assert!(usable("bell\u{7}", "en", 120).is_none());
}

#[test]
fn the_tables_keep_their_rules() {
    assert_eq!(TABLES.iter().map(|(code, _)| *code).collect::<Vec<_>>(), LANGUAGES);
    for (code, p) in &TABLES {
        let mut all = vec![p.fallback];
        all.extend(p.points.iter().chain(&p.topic_points).chain(&p.closers));
        for text in all {
            assert!(!text.is_empty() && !text.chars().any(char::is_control), "{code}: {text:?}");
            assert!(len(text) <= 100, "{code}: {text:?}");
            assert!(!guest::foreign(&text.replace("{t}", "").replace("{b}", ""), code), "{code}: {text:?}");
        }
        for template in p.topic_points {
            assert!(template.starts_with("{t}") && template.matches("{t}").count() == 1, "{code}: {template}");
        }
        assert!(p.closers.iter().any(|c| !c.contains("{b}")), "{code}: a closer without the brand");
        assert!(p.points.iter().all(|t| !t.contains('{')), "{code}: points take no topic");
    }
}

#[test]
fn a_subject_of_a_known_kind_gets_its_own_story_not_lines_for_any_topic() {
    let reading = copywriter::Reading {
        claims: vec!["A parking app for city drivers".into()],
        language: "en".into(),
        domain: "travel".into(),
        ..copywriter::Reading::default()
    };
    let japanese = copywriter::categories::situations::of("parking-app", "ja").expect("written in Japanese");
    for seed in SEEDS {
        let w = write("slideshow", "ja", "A parking app for city drivers", &reading, seed, None, None).expect("w");
        let points: Vec<&str> =
            w.blocks.iter().filter(|b| b.attributes.iter().any(|a| a.1 == "point")).map(|b| b.text.as_str()).collect();
        assert!((POINTS_MIN..=POINTS_MAX).contains(&points.len()), "{points:?}");
        // The title names the kind in Japanese; the points are its customers' own moments.
        assert_eq!(w.title, "駐車場アプリ");
        let own = japanese.before.iter().chain(&japanese.after);
        assert_eq!(own.filter(|line| points.contains(*line)).count(), 2, "{points:?}");
        assert!(points.iter().all(|point| !p("ja").points.contains(point)), "{points:?}");
    }
}
