//! Illustrations: one to three drawn things that show what a picture is about (a tooth and a
//! toothbrush for a dental clinic, a car and a parking sign for a parking app), chosen by meaning
//! from the words a picture carries and from its subject. Words are matched in their own
//! language against Unicode CLDR's emoji annotations (each emoji's name and keywords in the 23
//! languages; `matching`); the drawings are Microsoft's Fluent Emoji Flat vectors, and an
//! illustration's name (for alt text) is CLDR's in the page's language. When the line names
//! nothing, its subject's words are used, then its domain's things (`domains`). The data is read
//! from the set-up's folder (`Settings::illustration_folder`) once; without it nothing is
//! chosen and pictures are drawn as before.

mod data;
mod domains;
mod matching;

use std::path::PathBuf;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use data::{Class, Set};
use matching::Named;

/// What a picture is about besides its own words: the subject's words in their own language,
/// and its domain (one of the copy tables' domains). Kept with what is drawn later, so a
/// picture drawn again shows the same things.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subject {
    pub words: String,
    /// ISO 639-1 code of the words ("" when unknown: the picture's language is tried).
    pub language: String,
    pub domain: String,
    /// Things the operator's model chose to draw for it, in English, each one the set can
    /// draw ([`Subject::drawing`]); drawn before what the words name. Empty without a model.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub things: Vec<String>,
    /// The emoji its category is drawn with (a calendar and a clock for a rota planner), when
    /// its kind is known: shown first, whatever its words.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kind: Vec<String>,
}

impl Subject {
    /// The subject of a reading: what it is, for whom, its topics and place; its sentences only
    /// when it has none of those (they also say how it is, "open on Sundays", which is no thing).
    pub fn of(reading: &crate::reading::Reading) -> Subject {
        let mut parts: Vec<&str> = vec![&reading.phrase, &reading.what, &reading.audience, &reading.place];
        parts.extend(reading.topics.iter().map(String::as_str));
        parts.retain(|p| !p.is_empty() && *p != reading.name);
        if parts.is_empty() {
            parts.extend(reading.claims.iter().map(String::as_str));
        }
        let kind = copywriter::fill::category(reading).map_or(&[][..], |c| c.hints);
        Subject {
            words: parts.join(" · "),
            language: reading.language.clone(),
            domain: reading.domain.clone(),
            things: Vec::new(),
            kind: kind.iter().map(|e| e.to_string()).collect(),
        }
    }

    /// The subject with the things a model `said` to draw (a comma-separated list in English):
    /// at most [`MOST`], each a few letters-only words that name a drawable thing in CLDR's
    /// English annotations. Anything else it said is ignored, so the pictures stand as the
    /// words choose them when the model answers badly or not at all.
    pub fn drawing(self, said: Option<&str>) -> Subject {
        let (Some(said), Some(set)) = (said, set()) else { return self };
        let Some(index) = set.index("en") else { return self };
        let plain = |t: &&str| {
            (2..=30).contains(&t.len()) && t.chars().all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '-')
        };
        let things: Vec<String> = said
            .split([',', '\n', ';'])
            .map(|t| t.trim().trim_end_matches('.').to_ascii_lowercase())
            .filter(|t| plain(&t.as_str()))
            .filter(|t| !picks(set, &at_least(matching::named(index, t, "en"), NAMED_LEAST)).is_empty())
            .take(MOST)
            .collect();
        Subject { things, ..self }
    }

    /// This subject and `other` as one, when their words are of one language (a pitch's
    /// person and the offer: a restaurant and a rota planner); this one alone otherwise, as
    /// words are matched in one language.
    pub fn and(self, other: Subject) -> Subject {
        if other.words.is_empty() || (other.language != self.language && !other.language.is_empty()) {
            return self;
        }
        let words = [self.words, other.words].into_iter().filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" · ");
        let domain = if matches!(self.domain.as_str(), "" | "general") { other.domain } else { self.domain };
        let kind = self.kind.into_iter().chain(other.kind).collect();
        Subject { words, domain, kind, ..self }
    }

    /// A subject known only by a title (its language that of the page, its domain from its words).
    pub fn titled(title: &str, language: &str) -> Subject {
        Subject {
            words: title.to_string(),
            language: language.to_string(),
            domain: crate::reading::domain::of(title).to_string(),
            things: Vec::new(),
            kind: Vec::new(),
        }
    }

    /// Picks among a domain's things, so that subjects of one domain differ.
    fn seed(&self) -> u64 {
        self.words.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    }
}

/// A drawn thing and its name.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Illustration {
    /// The emoji it draws ("🦷").
    pub emoji: &'static str,
    /// The drawing's name in Fluent Emoji ("tooth").
    pub icon: &'static str,
    /// Its name in the language asked for (CLDR's), English when that language has none.
    pub label: &'static str,
    body: &'static str,
    size: (f32, f32),
}

impl Illustration {
    /// The drawing as an SVG group filling the square `side` wide whose top left is `(x, y)`.
    /// `n` tells apart the drawings of one picture, whose inner ids must differ.
    pub fn svg(&self, (x, y): (f32, f32), side: f32, n: usize) -> String {
        let (w, h) = self.size;
        let scale = side / w.max(h);
        let (dx, dy) = (x + (side - w * scale) / 2.0, y + (side - h * scale) / 2.0);
        let body = if self.body.contains("id=\"") {
            let prefix = format!("ill{n}-");
            self.body
                .replace("id=\"", &format!("id=\"{prefix}"))
                .replace("url(#", &format!("url(#{prefix}"))
                .replace("href=\"#", &format!("href=\"#{prefix}"))
        } else {
            self.body.to_string()
        };
        format!(r#"<g id="ill{n}" transform="translate({dx} {dy}) scale({scale})">{body}</g>"#)
    }
}

/// Where the data is read from: set once at start from the settings. A process that never sets
/// it (an example, a test) reads the set-up's folder.
static FOLDER: OnceLock<Option<PathBuf>> = OnceLock::new();
static SET: OnceLock<Option<Set>> = OnceLock::new();

/// Reads the data from `folder` (none: no illustrations) when first needed.
pub fn use_folder(folder: Option<PathBuf>) {
    let _ = FOLDER.set(folder);
}

/// Reads the data now, on a thread of its own, so that no picture waits for it.
pub fn preload() {
    std::thread::spawn(|| set().map(|set| set.index("en")));
}

fn set() -> Option<&'static Set> {
    SET.get_or_init(|| {
        let folder = FOLDER.get_or_init(|| crate::config::Settings::default().illustration_folder());
        let codes: Vec<&'static str> = crate::languages::LANGUAGES.iter().map(|l| l.code).collect();
        // Info, not a warning: a start without the set-up's downloads is a supported one.
        let Some(folder) = folder else {
            tracing::info!("no illustrations folder: pictures show their reaction alone");
            return None;
        };
        Set::load(folder, &codes)
            .inspect_err(|e| tracing::info!(error = %e, "no illustrations: pictures show their reaction alone"))
            .ok()
    })
    .as_ref()
}

/// Whether illustrations can be drawn in this process.
pub fn available() -> bool {
    set().is_some()
}

/// How surely a line must name a thing for it to stand beside the subject's: a whole word that
/// names it above all (its name, or a rare keyword), not a stem ("falls" is no fallen leaf) nor
/// a word many things share ("once", "where").
const LINE_LEAST: f32 = 1.05;

/// How surely a model's word must name a thing: a whole word that names a handful of things
/// (the model was asked for things, so a word of it is meant as one).
const NAMED_LEAST: f32 = 0.45;

/// The most illustrations a picture shows.
pub const MOST: usize = 3;

/// Up to [`MOST`] illustrations of a picture whose words are `line` in `language`, about
/// `subject`: the things its subject's words name and its own (concrete things before symbols;
/// never flags, keycaps, faces or people), alternating; then two things of the subject's
/// domain. Empty without the data, or when nothing is named and the domain is general.
pub fn choose(line: &str, language: &str, subject: &Subject) -> Vec<Illustration> {
    let Some(set) = set() else { return Vec::new() };
    let named = |text: &str, language: &str| {
        let found = set.index(language).map(|i| matching::named(i, text, language))?;
        Some(found.into_iter().filter(|n| legible(&set.emoji[n.emoji as usize].text, language)).collect::<Vec<_>>())
    };
    let own = named(line, language).unwrap_or_default();
    // The subject's words in their language; a short text's language is a guess, so in the
    // picture's too when that finds nothing.
    let about = [subject.language.as_str(), language]
        .into_iter()
        .filter(|code| !code.is_empty())
        .map(|code| named(&subject.words, code).unwrap_or_default())
        .find(|found| !found.is_empty())
        .unwrap_or_default();
    // The subject first: what the operator's model chose to draw, its kind's things, its words'
    // (else its domain's); it is what every picture of it shows. The line's own things beside,
    // where the line surely names them.
    let model = match subject.things.is_empty() {
        true => Vec::new(),
        false => picks(set, &named(&subject.things.join(" · "), "en").unwrap_or_default()),
    };
    let mut first: Vec<u32> = Vec::new();
    for at in model.into_iter().chain(set.drawn(&subject.kind)).chain(picks(set, &about)) {
        if !first.contains(&at) {
            first.push(at);
        }
    }
    if first.is_empty() && !matches!(subject.domain.as_str(), "" | "general") {
        first = domains::things(set, &subject.domain, subject.seed());
    }
    let sure = at_least(own, LINE_LEAST);
    // People are never drawn: a word like "work" or "young" would put a stranger (a builder, a
    // baby) beside a line about someone's customer, which reads as a verdict on them.
    let mut chosen = alternate(&first, &picks(set, &sure));
    if chosen.is_empty() {
        chosen = domains::things(set, &subject.domain, subject.seed());
    }
    chosen.truncate(MOST);
    chosen.into_iter().map(|at| illustration(set, language, at)).collect()
}

/// Whether an emoji can be read beside text in `language`: a sign that is a Chinese character
/// (🈵 満, ㊙ 秘, 🉐 得) says something only to readers of Japanese and Chinese; elsewhere it
/// is a stranger's writing beside the customer's words.
fn legible(emoji: &str, language: &str) -> bool {
    let ideograph = emoji.chars().any(|c| matches!(u32::from(c), 0x1F200..=0x1F2FF | 0x3297 | 0x3299));
    !ideograph || matches!(language, "ja" | "zh")
}

/// What `named` names at least `least` surely.
fn at_least(named: Vec<Named>, least: f32) -> Vec<Named> {
    named.into_iter().filter(|n| n.score >= least).collect()
}

/// A picture's alt text: `text`, then the names of the illustrations it shows.
pub fn described(text: &str, shown: &[Illustration], language: &str) -> String {
    match shown.is_empty() {
        true => text.to_string(),
        false => format!("{text} — {}", names(shown, language)),
    }
}

/// The names of `illustrations` as a list in `language`.
pub fn names(illustrations: &[Illustration], language: &str) -> String {
    let comma = match language {
        "ja" | "zh" => "、",
        "ar" | "fa" => "، ",
        _ => ", ",
    };
    illustrations.iter().map(|i| i.label).collect::<Vec<_>>().join(comma)
}

fn illustration(set: &'static Set, language: &str, at: u32) -> Illustration {
    let emoji = &set.emoji[at as usize];
    let name = |code: &str| set.index(code).map(|index| index.names[at as usize].as_str()).filter(|n| !n.is_empty());
    Illustration {
        emoji: &emoji.text,
        icon: &emoji.icon,
        label: name(language).or_else(|| name("en")).unwrap_or(&emoji.icon),
        body: &emoji.body,
        size: emoji.size,
    }
}

/// How much a class counts: things, then symbols; people and faces never.
fn weight(class: Class) -> f32 {
    match class {
        Class::Thing => 1.0,
        Class::Symbol => 0.7,
        _ => 0.0,
    }
}

/// The emoji worth drawing of those a text names, best first: of its class, at least two
/// sevenths as sure as the best, and not named by the very words that named one already chosen (a car,
/// not a car and a taxi for "car").
fn picks(set: &Set, named: &[Named]) -> Vec<u32> {
    let mut weighed: Vec<(f32, &Named)> = named
        .iter()
        .map(|n| (n.score * weight(set.emoji[n.emoji as usize].class), n))
        .filter(|(score, _)| *score > 0.0)
        .collect();
    weighed.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.emoji.cmp(&b.1.emoji)));
    let best = weighed.first().map_or(0.0, |(score, _)| *score);
    let mut chosen: Vec<&Named> = Vec::new();
    for (score, candidate) in weighed {
        let same_words = |c: &&Named| candidate.keywords.iter().all(|k| c.keywords.contains(k));
        if score >= best / 3.5 && !chosen.iter().any(same_words) {
            chosen.push(candidate);
        }
    }
    chosen.into_iter().map(|n| n.emoji).collect()
}

/// `a` and `b` taken in turn, each emoji once.
fn alternate(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    for i in 0..a.len().max(b.len()) {
        for list in [a, b] {
            if let Some(&e) = list.get(i).filter(|e| !out.contains(*e)) {
                out.push(e);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
