//! The categories a subject can belong to (a parking app, a dental clinic, a podcast...): the
//! words that recognise each in an input of any language, how each of the 23 languages names
//! it ("this parking app", この駐車場アプリ, تطبيق المواقف هذا), its domain, the situations its
//! own customers know, and emoji a picture of it can be drawn from.
//!
//! A category's name in a language is written once, whole, as a native writer says "this X"
//! where a sentence's subject stands (gender, classifier and word order included); the bare
//! noun (a title, a word to recognise) is that phrase without its demonstrative, and a
//! language whose templates also need another case derives it by a rule of its own
//! ([`oblique`]) or takes it written after a `|`.

mod businesses;
mod creators;
mod events;
mod places;
mod products;
mod services;
pub mod situations;

use crate::Reading;
use crate::script::{Writing, writing};

/// A kind of thing a subject can be.
pub struct Category {
    /// A stable id, in English ("parking-app").
    pub id: &'static str,
    /// One of [`crate::DOMAINS`]: the status quo its customers share with others.
    pub domain: &'static str,
    /// Two or three emoji a picture of it can be drawn from when no line word matches.
    pub hints: &'static [&'static str],
    /// Further words that recognise it in an input, in any language, lower case (the bare
    /// nouns of every language recognise it too).
    pub words: &'static [&'static str],
    /// "This <kind>" in every language, in [`crate::lang::ALL`]'s order, as the subject of a
    /// sentence; a `|` adds the form after a postposition where a language's templates need
    /// one its rule cannot make.
    pub this: [&'static str; 23],
}

/// Every category: products, services, businesses, places, events, creators.
pub fn all() -> impl Iterator<Item = &'static Category> {
    [products::ALL, services::ALL, businesses::ALL, places::ALL, events::ALL, creators::ALL].into_iter().flatten()
}

/// The category with `id`.
pub fn by_id(id: &str) -> Option<&'static Category> {
    all().find(|c| c.id == id)
}

/// Where `code` stands in every category's `this`.
fn index(code: &str) -> Option<usize> {
    crate::lang::ALL.iter().position(|l| l.code == code)
}

/// The words that say "this" in each language, as whole words (for CJK, the prefixes, a
/// classifier after them included), so the bare noun can be told from the phrase.
const DEMONSTRATIVES: [(&str, &[&str]); 23] = [
    ("en", &["this", "these"]),
    ("es", &["este", "esta", "estos", "estas"]),
    ("pt", &["este", "esta", "estes", "estas"]),
    ("fr", &["ce", "cet", "cette", "ces"]),
    ("de", &["dieser", "diese", "dieses"]),
    ("it", &["questo", "questa", "questi", "queste"]),
    ("nl", &["deze", "dit"]),
    ("pl", &["ten", "ta", "to", "te"]),
    ("tr", &["bu"]),
    ("ru", &["этот", "эта", "это", "эти"]),
    ("uk", &["цей", "ця", "це", "ці"]),
    ("ar", &["هذا", "هذه"]),
    ("fa", &["این"]),
    ("hi", &["यह", "ये"]),
    ("bn", &["এই"]),
    ("id", &["ini"]),
    ("ms", &["ini"]),
    ("vi", &["này"]),
    ("th", &["นี้"]),
    ("zh", &["这"]),
    ("ja", &["この"]),
    ("ko", &["이"]),
    ("sw", &["hii", "hili", "huu", "huyu", "hiki", "hivi", "hawa", "hizi", "haya"]),
];

/// Thai classifiers that may stand between a noun and นี้ ("ร้านพิซซ่าร้านนี้").
const THAI_CLASSIFIERS: [&str; 17] = [
    "ร้าน",
    "แห่ง",
    "ตัว",
    "คน",
    "งาน",
    "คอร์ส",
    "รายการ",
    "ช่อง",
    "เล่ม",
    "ใบ",
    "คัน",
    "เรือน",
    "คู่",
    "ชุด",
    "หลัง",
    "กลิ่น",
    "ชิ้น",
];

impl Category {
    /// "This <kind>" in `code` as a sentence's subject.
    pub fn this(&self, code: &str) -> Option<&'static str> {
        let written = self.this[index(code)?];
        Some(written.split('|').next().unwrap_or(written))
    }

    /// "This <kind>" in `code` before a postposition (Hindi's oblique case: इस, not यह), else
    /// the same as [`Category::this`].
    pub fn oblique(&self, code: &str) -> Option<String> {
        let written = self.this[index(code)?];
        Some(match written.split_once('|') {
            Some((_, oblique)) => oblique.to_string(),
            None => oblique(code, written),
        })
    }

    /// The noun alone in `code` ("parking app", 駐車場アプリ): a title, a word to recognise.
    pub fn bare(&self, code: &str) -> Option<String> {
        Some(bare(code, self.this(code)?))
    }
}

/// `this` before a postposition in `code`: Hindi's demonstrative takes its oblique form.
pub fn oblique(code: &str, this: &str) -> String {
    let rules: &[(&str, &str)] = if code == "hi" { &[("यह ", "इस "), ("ये ", "इन ")] } else { &[] };
    rules
        .iter()
        .find_map(|(from, to)| this.strip_prefix(from).map(|rest| format!("{to}{rest}")))
        .unwrap_or_else(|| this.to_string())
}

/// `this` without the demonstrative of `code`.
fn bare(code: &str, this: &str) -> String {
    let words = DEMONSTRATIVES.iter().find(|(c, _)| *c == code).map_or(&[][..], |(_, w)| *w);
    match code {
        // 这 + its classifier, この, 이: always first.
        "zh" => this.strip_prefix('这').map_or(this, |r| &r[r.chars().next().map_or(0, char::len_utf8)..]).into(),
        "ja" => this.trim_start_matches("この").into(),
        "th" => {
            let rest = this.trim_end_matches("นี้");
            THAI_CLASSIFIERS
                .iter()
                .find_map(|c| rest.strip_suffix(c).filter(|r| r.chars().count() > 1))
                .unwrap_or(rest)
                .trim()
                .into()
        }
        "it" if this.starts_with("quest'") => this.trim_start_matches("quest'").into(),
        _ => {
            let mut dropped = false;
            let kept: Vec<&str> = this
                .split(' ')
                .filter(|w| {
                    let drop = !dropped && words.contains(w);
                    dropped |= drop;
                    !drop
                })
                .collect();
            kept.join(" ")
        }
    }
}

/// Languages whose noun phrases end on their head ("都市のドライバー向けの駐車場アプリ"): the
/// last category named in their sentences is the subject; elsewhere the first.
const HEAD_LAST: [&str; 6] = ["ja", "ko", "zh", "tr", "hi", "bn"];

/// One place a category's word was found.
struct Found {
    start: usize,
    end: usize,
    len: usize,
}

/// The category `reading` names, if one is known: from what it is, else its phrase, else its
/// sentences in order; in one text, the category named at the head of its noun phrase, the
/// longest word on a tie.
pub fn of(reading: &Reading) -> Option<&'static Category> {
    // Told by the host, which recognised it once for every generator of the request.
    match reading.category.as_str() {
        "" => {}
        "-" => return None,
        id => return by_id(id),
    }
    // A piece of copy asks for its subject's category once per line it fills, a pitch for its
    // person's and its offer's in turn, and recognising it looks for every category's every
    // name: the last few readings' answers are kept.
    const KEPT: usize = 4;
    thread_local! {
        static LAST: std::cell::RefCell<Vec<(String, Option<&'static Category>)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let key = [&reading.language, &reading.what, &reading.phrase].into_iter().chain(&reading.claims).fold(
        String::new(),
        |mut key, part| {
            key.push_str(part);
            key.push('\u{1f}');
            key
        },
    );
    if let Some(known) = LAST.with_borrow(|last| last.iter().find(|(k, _)| *k == key).map(|(_, c)| *c)) {
        return known;
    }
    let found = recognise(reading);
    LAST.with_borrow_mut(|last| {
        if last.len() == KEPT {
            last.remove(0);
        }
        last.push((key, found));
    });
    found
}

/// The category `reading`'s words name, looked for anew.
fn recognise(reading: &Reading) -> Option<&'static Category> {
    let texts = [&reading.what, &reading.phrase].into_iter().chain(&reading.claims);
    let head_last = HEAD_LAST.contains(&reading.language.as_str());
    texts.filter(|t| !t.is_empty()).find_map(|text| {
        let lower = text.to_lowercase();
        let mut scripts: Vec<Writing> = Vec::new();
        for script in lower.chars().filter_map(writing) {
            if !scripts.contains(&script) {
                scripts.push(script);
            }
        }
        let found = needles()
            .iter()
            .filter_map(|(c, words)| Some((*c, best_in(&lower, words, (&reading.language, &scripts))?)));
        let rank = |f: &Found| if head_last { (f.end, f.len) } else { (usize::MAX - f.start, f.len) };
        found.max_by(|(_, a), (_, b)| rank(a).cmp(&rank(b))).map(|(c, _)| c)
    })
}

/// A bare noun of another language than the input's shorter than this is no word to go by:
/// German's "Kita" is Indonesian's "we".
const FOREIGN_MIN_CHARS: usize = 5;

/// A word that recognises a category: lower case, and the language of a bare noun ("" for the
/// category's own words, which any input may use).
struct Needle {
    word: String,
    language: &'static str,
    chars: usize,
    /// The script of its first letter: a text without it cannot hold the word.
    script: Option<Writing>,
}

/// Every category's words and bare nouns in every language, made once: recognising a subject
/// looks through all of them, and making the nouns anew for every text cost milliseconds.
fn needles() -> &'static [(&'static Category, Vec<Needle>)] {
    static NEEDLES: std::sync::LazyLock<Vec<(&'static Category, Vec<Needle>)>> = std::sync::LazyLock::new(|| {
        let needle = |word: String, language: &'static str| Needle {
            chars: word.chars().count(),
            script: word.chars().find_map(writing),
            word,
            language,
        };
        all()
            .map(|c| {
                let words = c.words.iter().map(|w| needle(w.to_string(), ""));
                let bares =
                    crate::lang::ALL.iter().filter_map(|l| Some(needle(c.bare(l.code)?.to_lowercase(), l.code)));
                (c, words.chain(bares).filter(|n| !n.word.is_empty()).collect())
            })
            .collect()
    });
    &NEEDLES
}

/// Where a category of `words` is best named in `lower` (an input in `language`, written in
/// `scripts`): its longest word found, earliest on a tie.
fn best_in(lower: &str, words: &[Needle], (language, scripts): (&str, &[Writing])) -> Option<Found> {
    words
        .iter()
        .filter(|n| n.script.is_none_or(|s| scripts.contains(&s)))
        .filter(|n| n.language.is_empty() || n.language == language || n.chars >= FOREIGN_MIN_CHARS)
        .filter_map(|n| find(lower, &n.word))
        .max_by_key(|f| (f.len, usize::MAX - f.start))
}

/// The shortest word matched by its stem: "kitap" (a Turkish book) is no stem of "kita".
const STEM_MIN_CHARS: usize = 6;

/// The first place `word` stands in `text` as a word: at a word's start (Arabic letting an
/// article or particle of up to three letters stand before it), ending at a word's end or
/// within three letters of it once it has lost its own last letter (plurals, cases:
/// "clinics", "клинику"); anywhere in scripts written without spaces.
fn find(text: &str, word: &str) -> Option<Found> {
    let script = word.chars().find_map(writing);
    if matches!(script, Some(Writing::Han | Writing::Kana | Writing::Thai)) {
        return text.find(word).map(|start| Found { start, end: start + word.len(), len: word.chars().count() });
    }
    let stem = if word.chars().count() >= STEM_MIN_CHARS {
        &word[..word.len() - word.chars().last()?.len_utf8()]
    } else {
        word
    };
    let (before, after) = match script {
        Some(Writing::Arabic) => (3, 3),
        Some(Writing::Hangul) => (0, usize::MAX),
        _ if stem.len() < word.len() => (0, 3),
        _ => (0, 0),
    };
    text.match_indices(stem).find_map(|(start, _)| {
        let letters = |s: &str| s.chars().take_while(|c| c.is_alphanumeric()).count();
        let lead = letters(&text[..start].chars().rev().collect::<String>());
        let tail = letters(&text[start + stem.len()..]);
        (lead <= before && tail <= after).then(|| Found { start, end: start + stem.len(), len: word.chars().count() })
    })
}

#[cfg(test)]
mod tests;
