//! The matcher on the real data (the set-up fetches it; `scripts/test.sh` runs the set-up).

use super::*;

fn subject(words: &str, language: &str, domain: &str) -> Subject {
    Subject {
        words: words.into(),
        language: language.into(),
        domain: domain.into(),
        things: Vec::new(),
        kind: Vec::new(),
    }
}

fn emoji(line: &str, language: &str, about: &Subject) -> Vec<&'static str> {
    assert!(available(), "the illustrations' data is missing: run scripts/lib.sh's ensure_illustrations");
    choose(line, language, about).into_iter().map(|i| i.emoji).collect()
}

#[test]
fn a_dental_clinic_gets_a_tooth_in_every_script() {
    for (line, language) in [
        ("A dental clinic in Porto, open on Sundays", "en"),
        ("Una clínica dental en Oporto, también los domingos", "es"),
        ("日曜日も開いているポルトの歯医者", "ja"),
        ("عيادة طبيب أسنان في بورتو", "ar"),
        ("पोर्टो में दाँत का डॉक्टर", "hi"),
        ("波尔图的牙医诊所", "zh"),
    ] {
        let shown = emoji("", language, &subject(line, language, ""));
        assert!(shown.contains(&"🦷"), "{language}: {line}: {shown:?}");
    }
}

#[test]
fn no_vermin_beside_a_customers_subject_whatever_a_word_also_means() {
    let parking = subject("주차 앱", "ko", "");
    // "바퀴째" is a third lap around the block; CLDR's Korean also names the cockroach "바퀴".
    let shown = emoji("같은 블록 세 바퀴째. 아직도 자리가 없어.", "ko", &parking);
    assert!(!shown.contains(&"🪳"), "{shown:?}");
    let bakery = subject("A bakery in Lyon", "en", "");
    let shown = emoji("Flies, mosquitoes and a rat in the old kitchen", "en", &bakery);
    assert!(shown.iter().all(|e| !["🪰", "🦟", "🐀"].contains(e)), "{shown:?}");
}

#[test]
fn a_chinese_character_sign_is_drawn_only_beside_japanese_and_chinese() {
    let clinic = subject("A dental clinic", "en", "");
    for (line, language) in [("Mein Geheimnis? Nie wieder warten.", "de"), ("Мест нет.", "ru")] {
        // CLDR's words name a sign (㊙ secret, 🈵 no vacancy) that only says so in Chinese characters.
        let index = set().and_then(|s| s.index(language)).expect("the data");
        let signs = matching::named(index, line, language);
        let sign = signs.iter().map(|n| set().unwrap().emoji[n.emoji as usize].text.as_str());
        assert!(sign.clone().any(|e| !legible(e, language)), "{language}: {:?}", sign.collect::<Vec<_>>());
        let shown = emoji(line, language, &clinic);
        assert!(shown.iter().all(|e| legible(e, language)), "{language}: {shown:?}");
    }
    assert!(legible("🈳", "ja") && !legible("🈳", "de") && legible("🦷", "de"));
}

#[test]
fn a_parking_app_gets_a_car_and_a_parking_sign() {
    for (line, language) in [
        ("A parking app for city drivers: your car, parked in minutes", "en"),
        ("都会で車を停める場所がすぐ見つかる駐車場アプリ", "ja"),
        ("تطبيق موقف سيارات لسائقي المدن", "ar"),
    ] {
        let shown = emoji("", language, &subject(line, language, ""));
        assert!(shown.iter().any(|e| ["🚗", "🚘", "🚙", "🚕"].contains(e)), "{language}: {shown:?}");
        // Arabic's word for a parking place is also a bus stop's: one of them.
        assert!(shown.iter().any(|e| ["🅿", "🚏"].contains(e)), "{language}: {shown:?}");
    }
}

#[test]
fn the_subject_speaks_when_the_line_names_nothing_then_the_domain() {
    let hiking = subject("A hiking backpack for mountain trails", "en", "general");
    let shown = emoji("Finally, something that just works.", "en", &hiking);
    assert!(shown.contains(&"🎒") && shown.iter().any(|e| ["🥾", "⛰", "🏔"].contains(e)), "{shown:?}");
    // The subject in English, the line in Japanese: names in the page's language.
    let labels: Vec<&str> = choose("やっと動いた。", "ja", &hiking).iter().map(|i| i.label).collect();
    assert!(labels.contains(&"バックパック") || labels.iter().any(|l| l.contains("リュック")), "{labels:?}");
    let finance = subject("Zorblax", "en", "finance");
    let shown = emoji("Quux!", "en", &finance);
    assert!(!shown.is_empty() && shown.len() <= 2, "{shown:?}");
    assert!(shown.iter().all(|e| ["🧾", "💰", "🏦", "🪙", "📈"].contains(e)), "{shown:?}");
}

#[test]
fn subjects_that_name_nothing_never_share_one_default() {
    let mut seen = std::collections::HashSet::new();
    for domain in copywriter::DOMAINS {
        for name in ["Zorblax", "Quuxly"] {
            seen.insert(emoji("Blorp.", "en", &subject(name, "en", domain)));
        }
    }
    assert!(seen.len() > copywriter::DOMAINS.len(), "{seen:?}");
}

#[test]
fn flags_keycaps_and_faces_are_never_chosen() {
    let none = Subject::default();
    let line = "Number one in Japan and France: flag, keycap, smile, happy face, grinning, 100 percent";
    for shown in [emoji(line, "en", &none), emoji("日本 フランス 国旗 笑顔 キーキャップ", "ja", &none)]
    {
        for e in shown {
            let found = emojis::get(e).or_else(|| emojis::get(&format!("{e}\u{FE0F}"))).unwrap();
            assert!(!matches!(found.group(), emojis::Group::Flags | emojis::Group::SmileysAndEmotion), "{e}");
            assert!(!e.contains('\u{20E3}'), "{e}");
        }
    }
}

/// A pitch's line about someone's work drew a builder and a baby beside it: people are never
/// drawn, whatever the line's words name.
#[test]
fn no_person_is_drawn_beside_a_line_about_someone() {
    let none = Subject::default();
    for (line, language) in [
        ("I've heard good things about your work.", "en"),
        ("A young baker, a builder and a teacher at work", "en"),
        ("お仕事の評判を聞きました。若いパン職人です。", "ja"),
    ] {
        for e in emoji(line, language, &none) {
            let found = emojis::get(e).or_else(|| emojis::get(&format!("{e}\u{FE0F}"))).unwrap();
            assert!(!matches!(found.group(), emojis::Group::PeopleAndBody), "{line}: {e}");
        }
    }
}

/// "Your name came up" drew a camel: a word is not matched to a keyword one letter longer
/// unless it has five letters or more.
#[test]
fn a_short_word_is_no_stem_of_a_longer_thing() {
    assert!(
        emoji("Your name came up, for good reasons.", "en", &Subject::default())
            .iter()
            .all(|e| !["🐪", "🐫"].contains(e))
    );
}

#[test]
fn every_drawing_is_valid_svg_with_its_own_ids() {
    let set = set().expect("the data");
    let mut svg = String::from(r#"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">"#);
    for (n, at) in (0..set.emoji.len() as u32).enumerate() {
        svg.push_str(&illustration(set, "en", at).svg((0.0, 0.0), 64.0, n));
    }
    svg.push_str("</svg>");
    resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
}

#[test]
fn a_models_things_are_drawn_first_and_only_those_the_set_can_draw() {
    let clinic = subject("A dental clinic in Porto, open on Sundays", "en", "health");
    let said = "calendar, <script>alert(1)</script>, qwertyuiop, sunflower, tooth, umbrella";
    let drawn = clinic.clone().drawing(Some(said));
    // The markup and the word that names nothing are dropped; three at most are kept.
    assert_eq!(drawn.things, ["calendar", "sunflower", "tooth"]);
    let shown = emoji("", "en", &drawn);
    assert!(shown.contains(&"🌻") && shown.iter().any(|e| e.starts_with('📅') || e.starts_with('📆')), "{shown:?}");
    // No answer, or one that names nothing drawable: the words choose, as without a model.
    for said in [None, Some(""), Some("zzz, http://x.example, 42")] {
        assert_eq!(clinic.clone().drawing(said), clinic, "{said:?}");
    }
    assert!(emoji("", "en", &clinic).contains(&"🦷"));
}

#[test]
fn a_subject_of_a_known_kind_is_drawn_with_its_kinds_things_and_a_line_only_by_name() {
    let reading = crate::reading::of_text("Software that builds weekly rotas for kitchen teams");
    let rota = Subject::of(&reading);
    assert_eq!(rota.kind, ["🗓️", "⏰"]);
    let shown = emoji("One sick call at 7 a.m. and the whole rota falls apart.", "en", &rota);
    assert!(shown.iter().any(|e| e.starts_with('🗓')) && shown.contains(&"⏰"), "{shown:?}");
    // "falls" is no fallen leaf, "once" no repeat button, "where" no house.
    for line in ["The whole rota falls apart.", "A hundred things at once.", "This is where it comes in."] {
        let shown = emoji(line, "en", &rota);
        assert!(shown.iter().all(|e| !["🍂", "🔂", "🏠", "☝"].contains(e)), "{line}: {shown:?}");
    }
    // A thing the line names by name still stands beside the kind's.
    assert!(emoji("Next week's rota, and a pizza for the team.", "en", &rota).contains(&"🍕"));
}

#[test]
fn a_word_three_letters_longer_than_a_keyword_is_another_word() {
    // A person who posts about staffing is no doctor; plurals still count.
    let about = subject("Sam Carter posts about staffing", "en", "");
    assert!(!emoji("", "en", &about).contains(&"⚕"), "{:?}", emoji("", "en", &about));
    assert!(emoji("", "en", &subject("Burgers and pizzas", "en", "")).contains(&"🍔"));
}
