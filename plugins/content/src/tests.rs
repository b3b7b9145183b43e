//! Native tests of the content generator: every category's limits for every language, several
//! seeds, hostile inputs and brands, without a model, with a good one, a hostile one and a
//! failing one; and the phrase tables' own rules.

use std::cell::Cell;
use std::rc::Rc;

use guest::Block;

use crate::model::{Ask, Call};
use crate::phrases::{Phrases, TABLES};
use crate::text::{is_hashtag, len, sentences, unlink};
use crate::write::limits::*;
use crate::write::{Brand, CATEGORIES, Written, write};
use guest::text::usable;

const LANGUAGES: [&str; 23] = [
    "en", "es", "pt", "fr", "de", "it", "nl", "pl", "tr", "ru", "uk", "ar", "fa", "hi", "bn", "id", "ms", "vi", "th",
    "zh", "ja", "ko", "sw",
];

const SEEDS: [u64; 7] = [0, 1, 2, 3, 7, 42, u64::MAX];

/// Inputs a user (or an attacker) might send.
fn inputs() -> Vec<String> {
    vec![
        "Our API now renders vertical video".into(),
        "Supercalifragilisticexpialidocious".repeat(60)[..2000].to_string(),
        "🚀🔥😂✨".repeat(30),
        "منتجنا الجديد يساعد الفرق على العمل بسرعة أكبر. إنه متاح اليوم".into(),
        "Line one\twith a tab\nline two\r\nline three\u{7} and a bell".into(),
        "https://example.com/blog/new-vertical-video-api?utm=1 check it out".into(),
        "www.example.com".into(),
        "!!! ... ???".into(),
        "\u{1}\u{2}\u{3}".into(),
        "\u{202E}reversed text\u{202C} here".into(),
        "漢".repeat(2000),
        "Sentence one. ".repeat(140),
        "#a #b #c #launch @someone".into(),
        "ภาษาไทยไม่มีช่องว่างระหว่างคำ".repeat(60)[..].chars().take(2000).collect(),
        "新しいAPIで縦型動画が作れるようになりました。今日から使えます。".into(),
        "x".into(),
        "Node.js v2.0 is out, see example.io/launch".into(),
    ]
}

/// Brands: a full one, one with empty hashtag and token, none, and a hostile one.
fn brands() -> Vec<Brand> {
    vec![
        Brand::new("Acme", "Playful, precise, never pushy.", "#SHIP", "$SHIP"),
        Brand::new("Acme Labs", "Calm.", "", ""),
        Brand::default(),
        Brand::new(&"Very Long Brand Name\n".repeat(20), "x", &format!("#{}", "X".repeat(100)), "$TOOLONGTOKEN123"),
        Brand::new("Ünïcødé Brånd", "", "ship it now", "SHIP"),
    ]
}

/// A model that answers usable lines in `language` (the language's own points).
fn good_model<'a>(p: &'static Phrases, calls: Rc<Cell<usize>>) -> Call<'a> {
    Box::new(move |_ask: &Ask| {
        calls.set(calls.get() + 1);
        Some(p.points.join("\n"))
    })
}

/// A model whose every line is unusable, or whose lines try to break the limits.
fn hostile_model<'a>(language: &str) -> Call<'a> {
    let foreign = match language {
        "zh" | "ja" | "ko" => "Это предложение написано по-русски.",
        _ => "这是一个完全用中文写的句子。",
    };
    Box::new(move |_ask: &Ask| {
        let lines = [
            "x".repeat(3000),
            "Visit http://evil.example now".into(),
            "a\u{7}bell".into(),
            foreign.into(),
            "#hashtag spam".into(),
            String::new(),
            "\"   \"".into(),
            "www.evil.example".into(),
        ];
        Some(lines.join("\n"))
    })
}

/// A model that always fails; counts its calls.
fn failing_model<'a>(calls: Rc<Cell<usize>>) -> Call<'a> {
    Box::new(move |_ask: &Ask| {
        calls.set(calls.get() + 1);
        None
    })
}

fn attr<'a>(b: &'a Block, key: &str) -> Option<&'a str> {
    b.attributes.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// The blocks as text, to compare two results (`Block` has no `PartialEq`).
fn shown(w: &Written) -> String {
    format!("{:?}", w.blocks)
}

fn roles(w: &Written) -> Vec<&str> {
    w.blocks.iter().map(|b| b.role.as_str()).collect()
}

fn count(w: &Written, role: &str) -> usize {
    w.blocks.iter().filter(|b| b.role == role).count()
}

fn texts<'a>(w: &'a Written, role: &str) -> Vec<&'a str> {
    w.blocks.iter().filter(|b| b.role == role).map(|b| b.text.as_str()).collect()
}

fn one<'a>(w: &'a Written, role: &str) -> &'a str {
    assert_eq!(count(w, role), 1, "exactly one {role}: {:?}", roles(w));
    texts(w, role)[0]
}

fn no_link(text: &str) -> bool {
    let lower = text.to_lowercase();
    !lower.contains("http") && !lower.contains("://") && !lower.contains("www.")
}

/// Hashtags separated by single spaces, each one a hashtag, `low..=high` of them.
fn check_hashtags(text: &str, low: usize, high: usize, brand: &Brand) {
    let tags: Vec<&str> = text.split(' ').collect();
    assert!((low..=high).contains(&tags.len()), "{low}–{high} hashtags: {text:?}");
    for tag in &tags {
        assert!(is_hashtag(tag), "hashtag {tag:?} in {text:?}");
    }
    if let Some(h) = &brand.hashtag {
        assert!(tags.contains(&h.as_str()), "brand hashtag {h} in {text:?}");
    }
}

/// Every limit the brief sets for `category`, and the rules for every block.
fn check(category: &str, language: &str, brand: &Brand, w: &Written) {
    assert!(!w.title.is_empty() && !w.title.chars().any(char::is_control), "title {:?}", w.title);
    for b in &w.blocks {
        assert!(!b.text.trim().is_empty(), "{category}/{language}: empty {} in {:?}", b.role, roles(w));
        let newline_ok = category == "instagram" && b.role == "caption";
        for c in b.text.chars() {
            assert!(!c.is_control() || (newline_ok && c == '\n'), "{category}/{language}: control {c:?} in {b:?}");
            assert!(!matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'), "direction mark in {b:?}");
        }
        for (k, v) in &b.attributes {
            assert!(!v.is_empty() && !v.chars().any(char::is_control), "attribute {k} of {b:?}");
        }
    }
    let name = brand.name.as_deref();
    match category {
        "tweet" => {
            assert_eq!(roles(w), ["post"]);
            let post = &w.blocks[0].text;
            assert!(len(post) <= POST, "tweet {} chars: {post:?}", len(post));
            assert!(no_link(post), "link in {post:?}");
            if let Some(h) = &brand.hashtag {
                let with_token = brand.token.as_ref().map(|t| format!("{h} {t}"));
                assert!(post.ends_with(h.as_str()) || with_token.is_some_and(|ht| post.ends_with(&ht)), "{post:?}");
            }
        }
        "thread" => {
            let n = w.blocks.len();
            assert!((3..=6).contains(&n), "thread of {n}");
            for (i, b) in w.blocks.iter().enumerate() {
                assert_eq!(b.role, "post");
                assert_eq!(attr(b, "index"), Some((i + 1).to_string().as_str()));
                assert!(b.text.starts_with(&format!("{}/{n} ", i + 1)), "{:?}", b.text);
                assert!(len(&b.text) <= POST, "post {} chars: {:?}", len(&b.text), b.text);
                assert!(no_link(&b.text), "link in {:?}", b.text);
            }
            if let Some(h) = &brand.hashtag {
                assert!(w.blocks[n - 1].text.contains(h.as_str()), "last post {:?}", w.blocks[n - 1].text);
            }
        }
        "linkedin" => {
            let r = roles(w);
            assert_eq!(r[0], "hook");
            assert_eq!(r[r.len() - 1], "hashtags");
            assert!(r[1..r.len() - 1].iter().all(|x| *x == "paragraph"), "{r:?}");
            assert!((2..=4).contains(&count(w, "paragraph")), "{r:?}");
            assert!(len(one(w, "hook")) <= LINKEDIN_HOOK);
            check_hashtags(one(w, "hashtags"), 3, 5, brand);
            let all: Vec<&str> = w.blocks.iter().map(|b| b.text.as_str()).collect();
            assert!(len(&all.join("\n\n")) <= LINKEDIN_TOTAL);
        }
        "instagram" => {
            assert_eq!(roles(w), ["caption", "hashtags"]);
            let caption = one(w, "caption");
            assert!(len(caption.split('\n').next().unwrap_or("")) <= INSTAGRAM_FIRST, "{caption:?}");
            check_hashtags(one(w, "hashtags"), 5, 15, brand);
            assert!(len(caption) + 2 + len(one(w, "hashtags")) <= INSTAGRAM_TOTAL);
        }
        "tiktok-script" => {
            let r = roles(w);
            assert_eq!(r[0], "hook");
            assert_eq!(&r[r.len() - 2..], ["cta", "caption"]);
            assert!((3..=5).contains(&count(w, "scene")), "{r:?}");
            assert!(len(one(w, "hook")) <= TIKTOK_HOOK);
            assert!(texts(w, "scene").iter().all(|s| len(s) <= TIKTOK_SCENE));
            assert!(len(one(w, "cta")) <= TIKTOK_CTA);
            assert!(len(one(w, "caption")) <= TIKTOK_CAPTION);
            let mut total = 0;
            for b in w.blocks.iter().filter(|b| b.role != "caption") {
                let seconds: u32 = attr(b, "seconds").and_then(|s| s.parse().ok()).expect("seconds");
                assert!((SECONDS_MIN..=SECONDS_MAX).contains(&seconds), "{b:?}");
                total += seconds;
                let screen = attr(b, "onScreen").expect("onScreen");
                assert!(len(screen) <= ON_SCREEN, "{b:?}");
            }
            assert!(total <= TIKTOK_SECONDS, "{total} seconds");
            if let Some(h) = &brand.hashtag {
                assert!(one(w, "caption").contains(h.as_str()));
            }
        }
        "email" => {
            assert!(len(one(w, "subject")) <= SUBJECT);
            assert!(len(one(w, "preheader")) <= PREHEADER);
            one(w, "greeting");
            assert!(len(one(w, "cta")) <= BUTTON);
            let signoff = one(w, "signoff");
            if let Some(n) = name {
                assert!(signoff.contains(n), "{signoff:?} names {n}");
            }
            let paragraphs = texts(w, "paragraph");
            assert!((2..=4).contains(&paragraphs.len()));
            assert!(paragraphs.iter().map(|p| len(p)).sum::<usize>() <= EMAIL_BODY);
            assert_eq!(w.blocks.len(), 5 + paragraphs.len(), "{:?}", roles(w));
        }
        "blog-intro" => {
            assert!(len(one(w, "title")) <= BLOG_TITLE);
            let meta = one(w, "meta");
            assert!((META_MIN..=META_MAX).contains(&len(meta)), "meta {} chars: {meta:?}", len(meta));
            let paragraphs = texts(w, "paragraph");
            assert!((2..=3).contains(&paragraphs.len()));
            assert!(paragraphs.iter().map(|p| len(p)).sum::<usize>() <= BLOG_BODY);
            assert_eq!(w.blocks.len(), 2 + paragraphs.len());
        }
        "press-release" => {
            assert!(len(one(w, "headline")) <= HEADLINE);
            assert!(len(one(w, "subheadline")) <= SUBHEADLINE);
            let paragraphs = texts(w, "paragraph");
            assert!((3..=5).contains(&paragraphs.len()));
            if let Some(n) = name {
                assert!(paragraphs[0].starts_with(&format!("{n} — ")), "{:?}", paragraphs[0]);
            }
            one(w, "quote");
            let quote = w.blocks.iter().find(|b| b.role == "quote").expect("quote");
            let by = attr(quote, "by").expect("by");
            let boilerplate = w.blocks.iter().find(|b| b.role == "boilerplate").expect("boilerplate");
            let heading = attr(boilerplate, "heading").expect("heading");
            if let Some(n) = name {
                assert!(by.contains(n) && heading.contains(n), "{by:?} {heading:?}");
            }
            assert_eq!(count(w, "boilerplate"), 1);
            let total: usize =
                w.blocks.iter().map(|b| len(&b.text) + b.attributes.iter().map(|(_, v)| len(v)).sum::<usize>()).sum();
            assert!(total <= PRESS_TOTAL, "{total}");
        }
        other => panic!("unknown category {other}"),
    }
}

fn p(language: &str) -> &'static Phrases {
    crate::phrases::for_language(language).expect("language")
}

#[test]
fn every_limit_holds_without_a_model() {
    let mut runs = 0;
    for input in inputs() {
        for brand in brands() {
            for language in LANGUAGES {
                for category in CATEGORIES {
                    for seed in SEEDS {
                        let w = write(
                            category,
                            language,
                            &input,
                            &copywriter::Reading::default(),
                            seed,
                            brand.clone(),
                            None,
                        )
                        .expect("written");
                        check(category, language, &brand, &w);
                        runs += 1;
                    }
                }
            }
        }
    }
    assert_eq!(runs, inputs().len() * brands().len() * 23 * 8 * SEEDS.len());
}

#[test]
fn every_limit_holds_with_good_hostile_and_failing_models() {
    for input in inputs() {
        for brand in brands() {
            for language in LANGUAGES {
                for category in CATEGORIES {
                    for seed in [0, 5, 9] {
                        let calls = Rc::new(Cell::new(0));
                        let w = write(
                            category,
                            language,
                            &input,
                            &copywriter::Reading::default(),
                            seed,
                            brand.clone(),
                            Some(good_model(p(language), calls.clone())),
                        )
                        .expect("written");
                        check(category, language, &brand, &w);
                        // Within the host's per-request quota for global slots (4).
                        assert!((1..=2).contains(&calls.get()), "{category}: {} calls", calls.get());

                        let w = write(
                            category,
                            language,
                            &input,
                            &copywriter::Reading::default(),
                            seed,
                            brand.clone(),
                            Some(hostile_model(language)),
                        )
                        .expect("written");
                        check(category, language, &brand, &w);

                        let calls = Rc::new(Cell::new(0));
                        let w = write(
                            category,
                            language,
                            &input,
                            &copywriter::Reading::default(),
                            seed,
                            brand.clone(),
                            Some(failing_model(calls.clone())),
                        )
                        .expect("written");
                        check(category, language, &brand, &w);
                        assert_eq!(calls.get(), 1, "{category}: asked again after a failed call");
                    }
                }
            }
        }
    }
}

#[test]
fn model_lines_are_used_when_usable_and_tables_otherwise() {
    let brand = brands().remove(0);
    let input = "Our API now renders vertical video";
    let calls = Rc::new(Cell::new(0));
    let w = write(
        "tweet",
        "en",
        input,
        &copywriter::Reading::default(),
        1,
        brand.clone(),
        Some(good_model(p("en"), calls)),
    )
    .expect("written");
    assert!(w.blocks[0].text.starts_with(p("en").points[0]), "{:?}", w.blocks[0].text);
    let table = write("tweet", "en", input, &copywriter::Reading::default(), 1, brand.clone(), None).expect("written");
    let hostile =
        write("tweet", "en", input, &copywriter::Reading::default(), 1, brand.clone(), Some(hostile_model("en")))
            .expect("written");
    assert_eq!(shown(&table), shown(&hostile), "unusable lines fall back to the tables");
    let hostile_ja =
        write("email", "ja", input, &copywriter::Reading::default(), 1, brand.clone(), Some(hostile_model("ja")))
            .expect("written");
    assert_eq!(
        shown(&hostile_ja),
        shown(&write("email", "ja", input, &copywriter::Reading::default(), 1, brand, None).expect("written"))
    );
}

#[test]
fn the_same_request_gives_the_same_content() {
    for category in CATEGORIES {
        for language in LANGUAGES {
            let reading = copywriter::Reading::default();
            let make = || write(category, language, "Small teams ship faster", &reading, 11, brands().remove(0), None);
            assert_eq!(shown(&make().expect("a")), shown(&make().expect("b")));
        }
    }
    let differ = (0..8)
        .map(|seed| {
            shown(
                &write(
                    "tweet",
                    "en",
                    "Small teams ship faster",
                    &copywriter::Reading::default(),
                    seed,
                    Brand::default(),
                    None,
                )
                .expect("w"),
            )
        })
        .collect::<Vec<_>>();
    assert!(differ.iter().any(|b| *b != differ[0]), "seeds vary the content");
}

#[test]
fn unknown_category_or_language_is_refused() {
    assert!(write("meme", "en", "x", &copywriter::Reading::default(), 0, Brand::default(), None).is_none());
    assert!(write("tweet", "xx", "x", &copywriter::Reading::default(), 0, Brand::default(), None).is_none());
}

#[test]
fn a_topic_in_another_language_is_named_in_the_post_s_own_words_never_quoted() {
    let arabic = copywriter::Reading { language: "ar".into(), ..copywriter::Reading::default() };
    let w = write("tweet", "en", "منتجنا الجديد", &arabic, 0, Brand::default(), None).expect("w");
    assert!(!w.blocks[0].text.contains("منتجنا"), "{:?}", w.blocks[0].text);
    let named =
        copywriter::Reading { language: "en".into(), name: "Acme API".into(), ..copywriter::Reading::default() };
    let w = write("linkedin", "ja", "Acme API renders vertical video", &named, 0, Brand::default(), None).expect("w");
    assert!(w.blocks[0].text.contains("Acme API") && !w.blocks[0].text.contains("renders"), "{:?}", w.blocks[0].text);
}

#[test]
fn an_ordinary_request_is_never_cut() {
    // The tables fit every limit by construction: with an ordinary topic and brand nothing is
    // cut, in any language (a cut shows as "…").
    let mut cut = Vec::new();
    for language in LANGUAGES {
        for category in CATEGORIES {
            for seed in SEEDS {
                let brand = Brand::new("Acme Labs", "Warm.", "#SHIP", "$SHIP");
                let w = write(
                    category,
                    language,
                    "Our API now renders vertical video",
                    &copywriter::Reading::default(),
                    seed,
                    brand,
                    None,
                )
                .expect("w");
                cut.extend(
                    w.blocks.iter().filter(|b| b.text.contains('…')).map(|b| format!("{category}/{language}: {b:?}")),
                );
            }
        }
    }
    cut.dedup();
    assert!(cut.is_empty(), "cut:\n{}", cut.join("\n"));
}

#[test]
fn links_become_words() {
    assert_eq!(unlink("see https://example.com/blog/new-video-api?x=1 now"), "see new video api now");
    assert_eq!(unlink("www.example.com"), "example");
    assert_eq!(unlink("Node.js v2.0 example.io/launch"), "Node.js v2.0 launch");
    assert_eq!(unlink("no links here."), "no links here.");
    assert_eq!(unlink("看这个https://x.com/a-b"), "看这个 a b");
}

#[test]
fn sentences_split_where_they_end() {
    assert_eq!(sentences("One. Two!\nThree"), ["One.", "Two!", "Three"]);
    assert_eq!(sentences("v2.0 is out. Yes"), ["v2.0 is out.", "Yes"]);
    assert_eq!(sentences("今日は。明日も"), ["今日は。", "明日も"]);
    assert!(sentences("\u{1}\u{2}").is_empty());
}

#[test]
fn model_answers_are_checked() {
    assert_eq!(usable("  \"Hello there\"  ", "en", 50).as_deref(), Some("Hello there"));
    assert_eq!(usable("2/5 Hello there", "en", 50).as_deref(), Some("Hello there"));
    assert_eq!(usable("1. Hello", "en", 50).as_deref(), Some("Hello"));
    assert!(usable("Hello http://x", "en", 50).is_none());
    assert!(usable("Hello www.x.com", "en", 50).is_none());
    assert!(usable("Hello\u{7}", "en", 50).is_none());
    assert!(usable("Hello #tag", "en", 50).is_none());
    assert!(usable("こんにちは世界", "en", 50).is_none());
    assert!(usable("Hello there", "ja", 50).is_none());
    assert!(usable(&"x".repeat(51), "en", 50).is_none());
    assert!(usable("", "en", 50).is_none());
    assert!(usable("2024", "en", 50).is_none());
}

/// Every text of a table with what it is, for the table rules.
fn table_texts(p: &Phrases) -> Vec<&'static str> {
    let mut all: Vec<&'static str> = vec![p.fallback, p.reply, p.signoff, p.signoff_plain, p.headline_plain];
    all.extend([p.team, p.team_plain, p.about, p.about_plain, p.about_text, p.about_text_plain]);
    for list in [&p.news[..], &p.points, &p.context, &p.ask, &p.closers, &p.thread_open, &p.focus, &p.ig_lines] {
        all.extend(list);
    }
    for list in [&p.tt_hook[..], &p.subject, &p.preheader, &p.greeting, &p.thanks, &p.button, &p.blog_suffix] {
        all.extend(list);
    }
    for list in [&p.meta[..], &p.meta_more, &p.blog_open, &p.blog_plan, &p.headline, &p.subheadline, &p.lead] {
        all.extend(list);
    }
    for list in [&p.release[..], &p.quote] {
        all.extend(list);
    }
    for (a, b) in p.follow.iter().chain(&p.scenes) {
        all.extend([*a, *b]);
    }
    all
}

#[test]
fn the_tables_keep_their_rules() {
    assert_eq!(TABLES.iter().map(|(code, _)| *code).collect::<Vec<_>>(), LANGUAGES);
    for (code, p) in &TABLES {
        for text in table_texts(p) {
            assert!(!text.is_empty() && !text.chars().any(char::is_control), "{code}: {text:?}");
            assert!(no_link(text) && !text.contains('#'), "{code}: {text:?}");
            assert!(!text.contains("{t}") || text.ends_with("{t}"), "{code}: the topic ends {text:?}");
            assert!(!guest::foreign(&text.replace("{b}", "").replace("{t}", ""), code), "{code}: script of {text:?}");
        }
        for (name, list) in [
            ("news", &p.news[..]),
            ("context", &p.context),
            ("ig_lines", &p.ig_lines),
            ("subject", &p.subject),
            ("thanks", &p.thanks),
            ("subheadline", &p.subheadline),
            ("meta_more", &p.meta_more),
            ("follow", &p.follow.map(|(a, _)| a)),
        ] {
            assert!(list.iter().any(|t| !t.contains("{b}")), "{code}: {name} has a line without the brand");
        }
        for point in p.points {
            assert!(len(point) <= 120, "{code}: point of {} chars", len(point));
        }
        let long_brand = "B".repeat(BRAND_NAME);
        for (_, screen) in p.follow.iter().chain(&p.scenes) {
            assert!(len(&screen.replace("{b}", &long_brand)) <= ON_SCREEN, "{code}: {screen}");
        }
        for tag in p.tags {
            assert!(is_hashtag(tag), "{code}: {tag}");
        }
        for template in [&p.news[..], &p.thread_open, &p.focus, &p.tt_hook, &p.subject, &p.meta, &p.blog_open]
            .into_iter()
            .flatten()
            .chain(&p.headline)
            .chain(&p.lead)
            .chain([&p.headline_plain])
        {
            assert!(template.ends_with("{t}"), "{code}: {template}");
        }
    }
}
