//! The lexicon's own rules: every category named in every language, in that language's words,
//! recognised from the review's inputs in several languages, with its domain, hints and lines.

use super::situations;
use super::{all, by_id, of};
use crate::checks::foreign_run;
use crate::{DOMAINS, Reading, codes};

fn reading(text: &str, language: &str) -> Reading {
    Reading { phrase: text.into(), claims: vec![text.into()], language: language.into(), ..Reading::default() }
}

#[test]
fn there_are_enough_categories_each_with_a_domain_hints_and_a_unique_id() {
    let ids: Vec<&str> = all().map(|c| c.id).collect();
    assert!(ids.len() >= 150, "{} categories", ids.len());
    for (i, id) in ids.iter().enumerate() {
        assert!(!ids[..i].contains(id), "{id} twice");
    }
    for c in all() {
        assert!(DOMAINS.contains(&c.domain), "{}: domain {}", c.id, c.domain);
        assert!((2..=3).contains(&c.hints.len()), "{}: hints", c.id);
        assert!(c.hints.iter().all(|h| !h.chars().any(|ch| ch.is_ascii_alphanumeric())), "{}: no emoji", c.id);
        assert!(c.words.iter().all(|w| *w == w.to_lowercase()), "{}: words in lower case", c.id);
    }
}

/// English names other languages write as they are (a Spanish "food truck", a French "wedding
/// planner"): the one place a category's whole English noun may stand in another language.
const LOANWORDS: [(&str, &[&str]); 5] = [
    ("personal-trainer", &["pt", "de", "it", "nl"]),
    ("wedding-planner", &["fr", "it"]),
    ("food-truck", &["es", "pt", "fr", "it", "pl"]),
    ("pet-shop", &["pt"]),
    ("escape-room", &["es", "pt", "de", "it", "pl"]),
];

#[test]
fn every_category_is_named_in_every_language_in_its_own_words() {
    let mut problems = Vec::new();
    for c in all() {
        let english = c.bare("en").unwrap();
        for code in codes() {
            let this = c.this(code).unwrap_or_else(|| panic!("{}: no {code}", c.id));
            let bare = c.bare(code).unwrap();
            let mut bad = |why: &str| problems.push(format!("{} {code}: {why} ({this:?})", c.id));
            if this.trim().is_empty() || bare.trim().is_empty() || bare == this {
                bad("no demonstrative to take off");
            }
            if foreign_run(this, code, &[], 2).is_some() {
                bad("words in another script");
            }
            // English stays English only as a loanword the language writes so ("podcast", "CRM"):
            // one word at most, never the whole English phrase of several.
            let loan = LOANWORDS.iter().any(|(id, codes)| *id == c.id && codes.contains(&code));
            if code != "en" && english.contains(' ') && bare.eq_ignore_ascii_case(&english) && !loan {
                bad("still English");
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_two_categories_share_a_noun_in_a_language() {
    let mut shared = Vec::new();
    for code in codes() {
        let nouns: Vec<String> = all().map(|c| c.bare(code).unwrap().to_lowercase()).collect();
        for (i, noun) in nouns.iter().enumerate().filter(|(i, n)| nouns[..*i].contains(n)) {
            shared.push(format!("{code}: {noun:?} ({})", all().nth(i).unwrap().id));
        }
    }
    assert!(shared.is_empty(), "{}", shared.join("\n"));
}

#[test]
fn the_demonstrative_comes_off_as_each_language_writes_it() {
    let parking = by_id("parking-app").unwrap();
    let bare = |code| parking.bare(code).unwrap();
    assert_eq!(
        (bare("en"), bare("ja"), bare("zh"), bare("ar")),
        ("parking app".into(), "駐車場アプリ".into(), "停车应用".into(), "تطبيق المواقف".into())
    );
    assert_eq!(parking.this("ar"), Some("تطبيق المواقف هذا"));
    assert_eq!(bare("sw"), "programu ya maegesho");
    assert_eq!(by_id("pizza-restaurant").unwrap().bare("th").unwrap(), "ร้านพิซซ่า");
    assert_eq!(parking.oblique("hi").unwrap(), "इस पार्किंग ऐप");
    assert_eq!(by_id("mattress").unwrap().oblique("hi").unwrap(), "इस गद्दे");
}

#[test]
fn the_reviews_inputs_are_recognised_in_several_languages() {
    let cases = [
        ("en", "A parking app for city drivers", "parking-app"),
        ("en", "A dental clinic in Porto that opens on Sundays", "dental-clinic"),
        ("en", "An online course", "online-course"),
        ("en", "A pizza restaurant in Naples that delivers until 2 a.m.", "pizza-restaurant"),
        ("en", "An invoicing tool", "invoicing-software"),
        ("en", "A hiking backpack", "hiking-backpack"),
        ("en", "A CRM for plumbers", "crm"),
        ("ja", "都市のドライバー向けの駐車場アプリ", "parking-app"),
        ("ja", "日曜日も開いているポルトの歯科医院", "dental-clinic"),
        ("ja", "ナポリの深夜まで配達するピザ屋", "pizza-restaurant"),
        ("ar", "تطبيق مواقف للسائقين في المدينة", "parking-app"),
        ("ar", "عيادة أسنان في بورتو تفتح أيام الأحد", "dental-clinic"),
        ("hi", "शहर के ड्राइवरों के लिए पार्किंग ऐप", "parking-app"),
        ("hi", "एक ऑनलाइन कोर्स", "online-course"),
        ("zh", "为城市司机打造的停车应用", "parking-app"),
        ("zh", "一门网课", "online-course"),
        ("zh", "那不勒斯一家营业到凌晨两点的披萨店", "pizza-restaurant"),
        ("de", "Eine Park-App für Autofahrer in der Stadt", "parking-app"),
        ("de", "Eine Zahnarztpraxis in Porto, die sonntags geöffnet hat", "dental-clinic"),
        ("de", "Ein Wanderrucksack", "hiking-backpack"),
        ("es", "Una app para aparcar en la ciudad", "parking-app"),
        ("es", "Una clínica dental en Oporto que abre los domingos", "dental-clinic"),
        ("es", "Un curso online", "online-course"),
        ("es", "Una pizzería en Nápoles que reparte hasta las 2", "pizza-restaurant"),
        ("es", "Una herramienta de facturación", "invoicing-software"),
    ];
    let wrong: Vec<String> = cases
        .iter()
        .filter(|(language, text, id)| of(&reading(text, language)).map(|c| c.id) != Some(*id))
        .map(|(language, text, id)| {
            format!("{language} {text:?}: {:?}, not {id}", of(&reading(text, language)).map(|c| c.id))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(of(&reading("Supercalifragilisticexpialidocious", "en")).map(|c| c.id), None);
    assert_eq!(of(&reading("Kita bikin aplikasi", "id")).map(|c| c.id), None);
}

#[test]
fn every_category_has_english_lines_and_other_languages_only_their_own() {
    for c in all() {
        let lines = situations::of(c.id, "en").unwrap_or_else(|| panic!("{}: no English lines", c.id));
        assert!(
            !lines.chore.is_empty() && lines.chore == lines.chore.to_lowercase().as_str()
                || lines.chore.contains(char::is_uppercase)
        );
    }
    for (code, id) in situations::written() {
        assert!(by_id(id).is_some(), "{code}: lines for an unknown category {id}");
        let lines = situations::of(id, code).unwrap();
        for line in lines.before.iter().chain(&lines.after).chain([&lines.chore]) {
            assert_eq!(foreign_run(line, code, &[], 2), None, "{code} {id}: {line:?}");
            assert!(!line.contains('{'), "{code} {id}: {line:?}");
        }
        if code != "en" {
            let english = situations::of(id, "en").unwrap();
            assert!(lines.before.iter().all(|l| !english.before.contains(l)), "{code} {id}: English pasted");
        }
    }
    let written: Vec<_> = situations::written().collect();
    for (i, pair) in written.iter().enumerate() {
        assert!(!written[..i].contains(pair), "{pair:?}: lines written twice");
    }
}
