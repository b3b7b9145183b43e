//! Putting a reading into a template: the words for each slot, chosen per seed, and sentence
//! case where an inserted phrase starts a sentence.

use crate::{DOMAINS, Domain, Kind, Lang, Reading, pick};

/// The words a template's slots take for one request.
pub struct Slots<'a> {
    /// The subject as this language may name it, and whether it is a proper name (kept
    /// exactly as written) or a phrase (lower case, capitalised where a sentence starts).
    pub name: String,
    pub proper: bool,
    pub domain: &'a Domain,
    pub number: Option<String>,
    pub seed: u64,
    /// Further slots a kind fills (a pitch's `{first}`, `{offer}`...), all proper names or
    /// phrases in the language, kept as given.
    pub extra: Vec<(&'static str, String)>,
}

impl<'a> Slots<'a> {
    pub fn new(lang: &'a Lang, reading: &Reading, seed: u64) -> Slots<'a> {
        let (name, proper) = subject(lang, reading);
        let domain = DOMAINS.iter().position(|d| *d == reading.domain).unwrap_or(DOMAINS.len() - 1);
        let number = reading.numbers.first().cloned();
        Slots { name, proper, domain: &lang.domains[domain], number, seed, extra: Vec::new() }
    }

    /// These slots with `slot` (named without braces) filled with `text`.
    pub fn with(mut self, slot: &'static str, text: impl Into<String>) -> Slots<'a> {
        self.extra.push((slot, text.into()));
        self
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
            let (text, phrase) = match slot {
                "name" => (self.name.clone(), !self.proper),
                "chore" => (pick(&self.domain.chores, self.seed, salt).to_string(), true),
                "pain" => (pick(&self.domain.pains, self.seed, salt + 1).to_string(), false),
                "gain" => (pick(&self.domain.gains, self.seed, salt + 2).to_string(), false),
                "number" => (self.number.clone().unwrap_or_default(), false),
                other => match self.extra.iter().find(|(k, _)| *k == other) {
                    Some((_, text)) => (text.clone(), false),
                    None => (format!("{{{other}}}"), false),
                },
            };
            let starts = starts_sentence(&out);
            out.push_str(&if phrase && starts { capitalised(&text) } else { text });
            rest = &rest[close + 1..];
        }
        out.push_str(rest);
        out
    }
}

/// How `lang` names the subject in a template: its proper name, in any script; else the
/// table's noun for what it is. (An unnamed input's own phrase is no name: templates are
/// written around a name, and a phrase would break their agreement, as in "agents ... is".)
fn subject(lang: &Lang, reading: &Reading) -> (String, bool) {
    if !reading.name.is_empty() {
        return (reading.name.clone(), true);
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
/// own phrase when the input is in this language, else the table's noun for it.
pub fn title(lang: &Lang, reading: &Reading) -> String {
    if reading.name.is_empty() && reading.speaks(lang.code) && !reading.phrase.is_empty() {
        return capitalised(&reading.phrase);
    }
    capitalised(&subject(lang, reading).0)
}
