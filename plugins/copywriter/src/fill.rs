//! Putting a reading into a template: the words for each slot, chosen per seed, and sentence
//! case where an inserted phrase starts a sentence.

use crate::categories::{self, Category, situations};
use crate::{DOMAINS, Domain, Kind, Lang, Reading, pick};

/// The words a template's slots take for one request.
#[derive(Clone)]
pub struct Slots<'a> {
    /// The subject as this language may name it, and whether it is a proper name (kept
    /// exactly as written) or a phrase (lower case, capitalised where a sentence starts).
    pub name: String,
    /// The same before a postposition (`{name:obl}`; Hindi's इस for यह).
    pub oblique: String,
    pub proper: bool,
    pub domain: &'a Domain,
    /// What the subject's own customers know, where its category has lines in this language.
    pub lines: Option<&'static situations::Lines>,
    pub number: Option<String>,
    pub seed: u64,
    /// Further slots a kind fills (a pitch's `{first}`, `{offer}`...), all proper names or
    /// phrases in the language, kept as given.
    pub extra: Vec<(&'static str, String)>,
}

impl<'a> Slots<'a> {
    pub fn new(lang: &'a Lang, reading: &Reading, seed: u64) -> Slots<'a> {
        let category = category(reading);
        let (name, proper) = subject(lang, reading);
        let oblique = match (proper, category) {
            (false, Some(c)) => c.oblique(lang.code).unwrap_or_else(|| name.clone()),
            _ => name.clone(),
        };
        // The category's domain is the surer one: it was named, the reading's was guessed.
        let domain = category.map_or(reading.domain.as_str(), |c| c.domain);
        let domain = DOMAINS.iter().position(|d| *d == domain).unwrap_or(DOMAINS.len() - 1);
        let lines = category.and_then(|c| situations::of(c.id, lang.code));
        let number = reading.numbers.first().cloned();
        Slots { name, oblique, proper, domain: &lang.domains[domain], lines, number, seed, extra: Vec::new() }
    }

    /// These slots with `slot` (named without braces) filled with `text`.
    pub fn with(mut self, slot: &'static str, text: impl Into<String>) -> Slots<'a> {
        self.extra.push((slot, text.into()));
        self
    }

    /// These slots with `{number}` standing for `figure`.
    pub fn numbered(self, figure: &str) -> Slots<'a> {
        Slots { number: Some(figure.to_string()), ..self }
    }

    /// `template` with its slots filled; `salt` varies the picks between the lines of one
    /// request.
    pub fn fill(&self, template: &str, salt: u64) -> String {
        let mut out = String::with_capacity(template.len() + 64);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
            out.push_str(&rest[..open]);
            let slot = &rest[open + 1..close];
            let lines = self.lines;
            let (text, phrase) = match slot {
                "name" => (self.name.clone(), !self.proper),
                "name:obl" => (self.oblique.clone(), !self.proper),
                "chore" => match lines.map(|l| l.chore).filter(|c| !c.is_empty()) {
                    Some(chore) => (chore.to_string(), true),
                    None => (pick(&self.domain.chores, self.seed, salt).to_string(), true),
                },
                "pain" => {
                    (pick(lines.map_or(&self.domain.pains, |l| &l.before), self.seed, salt + 1).to_string(), false)
                }
                "gain" => {
                    (pick(lines.map_or(&self.domain.gains, |l| &l.after), self.seed, salt + 2).to_string(), false)
                }
                "number" => (self.number.clone().unwrap_or_default(), false),
                other => match self.extra.iter().find(|(k, _)| *k == other) {
                    Some((_, text)) => (text.clone(), false),
                    None => (format!("{{{other}}}"), false),
                },
            };
            let starts = starts_sentence(&out);
            out.push_str(&if phrase && starts { capitalised(&text) } else { text });
            rest = &rest[close + 1..];
            // A slot that ends a sentence ("... at 2 a.m.") before the template's own full stop
            // keeps one.
            if out.ends_with('.') && rest.starts_with('.') {
                rest = &rest[1..];
            }
        }
        out.push_str(rest);
        out
    }
}

/// The category of what `reading` is about: never a person's (a person is framed by their
/// work and posts, not as a product).
pub fn category(reading: &Reading) -> Option<&'static Category> {
    if is_person(reading) { None } else { categories::of(reading) }
}

/// Whether the subject is a person (or a person's post).
pub fn is_person(reading: &Reading) -> bool {
    matches!(reading.kind, Kind::Person | Kind::Post)
}

/// How `lang` names the subject in a template: its proper name, in any script; else "this
/// <its category>"; else the table's noun for what it is. (An unnamed input's own phrase is
/// no name: templates are written around a name, and a phrase would break their agreement,
/// as in "agents ... is".)
fn subject(lang: &Lang, reading: &Reading) -> (String, bool) {
    if !reading.name.is_empty() {
        return (reading.name.clone(), true);
    }
    if let Some(this) = category(reading).and_then(|c| c.this(lang.code)) {
        return (this.to_string(), false);
    }
    let noun = match reading.kind {
        Kind::Product | Kind::Page => lang.unnamed.product,
        Kind::Company => lang.unnamed.company,
        Kind::Person | Kind::Post => lang.unnamed.person,
        Kind::Idea => lang.unnamed.idea,
    };
    (noun.to_string(), false)
}

/// Whether text appended to `before` would start a sentence (the start, or after a full stop,
/// question or exclamation mark of any script, or a line break).
fn starts_sentence(before: &str) -> bool {
    let trimmed = before.trim_end_matches([' ', '\u{00A0}']);
    trimmed.is_empty()
        || trimmed.ends_with(['\n', '.', '!', '?', '。', '！', '？', '؟', '।'])
        || trimmed.ends_with("\n-")
}

/// `text` with its first letter upper case (scripts without case are unchanged).
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What a piece made from `reading` is titled in `lang`: the subject's name, else the input's
/// own phrase when the input is in this language, else its category's noun ("Parking app",
/// 駐車場アプリ), else the table's noun for it.
pub fn title(lang: &Lang, reading: &Reading) -> String {
    if reading.name.is_empty() && reading.speaks(lang.code) && !reading.phrase.is_empty() {
        return capitalised(&reading.phrase);
    }
    if reading.name.is_empty()
        && let Some(noun) = category(reading).and_then(|c| c.bare(lang.code))
    {
        return capitalised(&noun);
    }
    capitalised(&subject(lang, reading).0)
}
