//! What a category's own customers know: the old way they put up with and how it is after.
//! English has every category's; other languages have those written natively so far, and a
//! category without its lines in a language speaks through its domain's there, never through
//! another language's.

mod en;
mod native;

/// A category's status quo in one language.
pub struct Lines {
    /// The old way, as a phrase for the language's `{chore}` slots; empty where the domain's
    /// chore stands in (its grammar fits every template of the language).
    pub chore: &'static str,
    /// Moments of the old way, each a sentence of its own.
    pub before: [&'static str; 2],
    /// How it is after, each a sentence of its own.
    pub after: [&'static str; 2],
}

/// The lines of category `id` in language `code`, if written.
pub fn of(id: &str, code: &str) -> Option<&'static Lines> {
    if code == "en" {
        return en::ALL.iter().find(|(i, _)| *i == id).map(|(_, l)| l);
    }
    let (_, lines) = native::ALL.iter().find(|(c, _)| *c == code)?;
    lines.iter().find(|(i, _)| *i == id).map(|(_, l)| l)
}

/// Every (language, category id) with lines, for the tests.
pub fn written() -> impl Iterator<Item = (&'static str, &'static str)> {
    let native = native::ALL.iter().flat_map(|(c, lines)| lines.iter().map(move |(i, _)| (*c, *i)));
    en::ALL.iter().map(|(i, _)| ("en", *i)).chain(native)
}
