//! Input rules stated once: operations check request fields against them, and the OpenAPI
//! description states the same rules as JSON Schema (`minLength`, `maxLength`, `pattern`,
//! `minimum`, `maximum`), so the document and the server cannot disagree.
//!
//! Patterns use only the part of regular-expression syntax that ECMA-262 (JSON Schema's
//! dialect), Python and Rust read alike: literal characters, explicit classes, groups, counted
//! repetition and `\xHH`/`\uHHHH` escapes; never `\s`, `\w`, `\d` or `.`, whose meaning
//! differs between them. The server matches the very same pattern string, and like JSON Schema
//! it searches, so a pattern that covers the whole value is anchored with `^` and `$`.

use std::borrow::Cow;
use std::sync::OnceLock;

use regex_automata::{
    Input,
    dfa::{Automaton, dense},
};
use utoipa::openapi::schema::{AnyOfBuilder, Object, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat};

use crate::counted::counted;
use utoipa::openapi::schema::{KnownFormat, SchemaType, Type};

/// Whitespace as `char::is_whitespace` and `str::trim` see it (Unicode `White_Space`), spelled
/// out for a character class.
macro_rules! whitespace {
    () => {
        r"\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"
    };
}

/// Control characters (`char::is_control`), for a character class.
macro_rules! controls {
    () => {
        r"\x00-\x1F\x7F-\x9F"
    };
}

pub(crate) use {controls, whitespace};

/// A whitespace character, and any other character.
pub const SPACE: &str = concat!("[", whitespace!(), "]");
pub const NOT_SPACE: &str = concat!("[^", whitespace!(), "]");

/// Text that is not blank: it has a character other than whitespace.
pub const NOT_BLANK: &str = NOT_SPACE;

/// One line of text, not blank: no control characters, and something besides whitespace.
pub const LINE: &str = concat!("^[^", controls!(), "]*[^", controls!(), whitespace!(), "][^", controls!(), "]*$");

/// A URL's host and optional port, written so that URL parsers agree on it: a host name whose
/// last label starts with a letter (never read as an IPv4 address) and whose labels have no two
/// hyphens in a row (none is punycode to decode), or an IPv4 address; a port up to 65535.
pub const HOST_PORT: &str = concat!(
    r"(?:(?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*",
    r"|(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9]))",
    r"(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?",
);

/// A brand's key, which names it everywhere: its routes, feeds, meme requests, plugin scopes.
pub static BRAND_KEY: Text = Text::new(2, 32, Some("^[a-z0-9-]*$"), " of a-z, 0-9 and -");

/// A regular expression that both the document states and the server matches.
pub struct Pattern {
    source: Cow<'static, str>,
    compiled: OnceLock<Option<dense::DFA<Vec<u32>>>>,
}

impl Pattern {
    pub const fn new(source: &'static str) -> Pattern {
        Pattern { source: Cow::Borrowed(source), compiled: OnceLock::new() }
    }

    /// A pattern built at start-up (from a table or from constants).
    pub fn owned(source: String) -> Pattern {
        Pattern { source: Cow::Owned(source), compiled: OnceLock::new() }
    }

    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether `value` contains a match (JSON Schema's reading of `pattern`). A pattern that
    /// does not compile matches nothing; the unit tests compile every rule.
    pub fn matches(&self, value: &str) -> bool {
        let dfa = self.compiled.get_or_init(|| dense::DFA::new(&self.source).ok());
        dfa.as_ref().is_some_and(|dfa| matches!(dfa.try_search_fwd(&Input::new(value).earliest(true)), Ok(Some(_))))
    }

    /// Whether the pattern compiles (for tests).
    pub fn compiles(&self) -> bool {
        dense::DFA::new(&self.source).is_ok()
    }
}

impl Clone for Pattern {
    fn clone(&self) -> Self {
        Pattern { source: self.source.clone(), compiled: OnceLock::new() }
    }
}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Pattern").field(&self.source).finish()
    }
}

/// A rule for a text field: its length in characters (Unicode scalar values, as JSON Schema
/// counts them) and, optionally, a pattern.
#[derive(Debug)]
pub struct Text {
    pub min: u64,
    /// `u64::MAX` for no upper bound.
    pub max: u64,
    pub pattern: Option<Pattern>,
    /// What the pattern asks, for people, continuing the length: `" of a-z, 0-9 and -"`.
    pub what: &'static str,
}

impl Text {
    pub const fn new(min: u64, max: u64, pattern: Option<&'static str>, what: &'static str) -> Text {
        let pattern = match pattern {
            Some(source) => Some(Pattern::new(source)),
            None => None,
        };
        Text { min, max, pattern, what }
    }

    /// A rule whose pattern is built at start-up.
    pub fn built(min: u64, max: u64, pattern: String, what: &'static str) -> Text {
        Text { min, max, pattern: Some(Pattern::owned(pattern)), what }
    }

    /// Whether `value` follows the rule.
    pub fn check(&self, value: &str) -> bool {
        let n = value.chars().count() as u64;
        (self.min..=self.max).contains(&n) && self.pattern.as_ref().is_none_or(|p| p.matches(value))
    }

    /// Whether `value` is only too long (for errors that say so).
    pub fn too_long(&self, value: &str) -> bool {
        value.chars().count() as u64 > self.max
    }

    /// The rule in words, e.g. `2 to 32 characters of a-z, 0-9 and -`.
    pub fn explain(&self) -> String {
        let length = match (self.min, self.max) {
            (0, u64::MAX) => return self.what.trim_start_matches([':', ',', ' ']).to_string(),
            (min, u64::MAX) => format!("at least {}", counted(min, "character")),
            (0, max) => format!("at most {}", counted(max, "character")),
            (min, max) if min == max => counted(min, "character"),
            (min, max) => format!("{min} to {max} characters"),
        };
        format!("{length}{}", self.what)
    }

    /// The JSON Schema of a string field under this rule.
    pub fn schema(&self, description: &str) -> Object {
        self.builder(description).schema_type(Type::String).build()
    }

    /// The same for a field that may also be `null` (absent).
    pub fn nullable(&self, description: &str) -> Object {
        self.builder(description).schema_type(SchemaType::from_iter([Type::String, Type::Null])).build()
    }

    fn builder(&self, description: &str) -> ObjectBuilder {
        ObjectBuilder::new()
            .description(Some(described(description, &self.explain())))
            .min_length((self.min > 0).then_some(self.min as usize))
            .max_length((self.max < u64::MAX).then_some(self.max as usize))
            .pattern(self.pattern.as_ref().map(Pattern::as_str))
    }
}

/// A rule for an integer field: its inclusive bounds.
#[derive(Clone, Copy, Debug)]
pub struct Range {
    pub min: i64,
    pub max: i64,
}

impl Range {
    pub fn check(&self, value: i64) -> bool {
        (self.min..=self.max).contains(&value)
    }

    pub fn explain(&self) -> String {
        format!("from {} to {}", self.min, self.max)
    }

    /// The JSON Schema of an integer field under this rule.
    pub fn schema(&self, description: &str) -> Object {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .description(Some(described(description, &self.explain())))
            .minimum(Some(self.min))
            .maximum(Some(self.max))
            .build()
    }
}

/// One of a fixed set of strings, or `null`.
pub fn choice<'a>(values: impl IntoIterator<Item = &'a str>, description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .description(Some(description))
        .enum_values(Some(values.into_iter().map(serde_json::Value::from).chain([serde_json::Value::Null])))
        .build()
}

/// One of a fixed set of strings (never `null`).
pub fn one_of<'a>(values: impl IntoIterator<Item = &'a str>, description: &str) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values(Some(values.into_iter().map(serde_json::Value::from)))
        .build()
}

/// Exactly one of the string fields `a` and `b` is given (not `null`).
pub fn exactly_one(a: &str, b: &str) -> Schema {
    let given = |field: &str| {
        ObjectBuilder::new().property(field, ObjectBuilder::new().schema_type(Type::String)).required(field).build()
    };
    OneOfBuilder::new().item(given(a)).item(given(b)).build().into()
}

/// At most one of the fields `a` and `b` is given (not `null`).
pub fn at_most_one(a: &str, b: &str) -> Schema {
    let absent =
        |field: &str| ObjectBuilder::new().property(field, ObjectBuilder::new().schema_type(Type::Null)).build();
    AnyOfBuilder::new().item(absent(a)).item(absent(b)).build().into()
}

/// A field's description followed by its rule.
fn described(description: &str, rule: &str) -> String {
    format!("{}; {rule}.", description.trim_end_matches('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_patterns_compile_and_read_whitespace_as_rust_does() {
        let (not_blank, line) = (Pattern::new(NOT_BLANK), Pattern::new(LINE));
        assert!(not_blank.compiles() && line.compiles() && BRAND_KEY.pattern.as_ref().is_some_and(Pattern::compiles));
        let every_space: String = (0..=0x10FFFFu32).filter_map(char::from_u32).filter(|c| c.is_whitespace()).collect();
        assert_eq!(every_space.chars().count(), 25);
        assert!(!not_blank.matches(&every_space), "the class lists every whitespace character");
        let mut buffer = [0; 4];
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32).filter(|c| !c.is_whitespace()) {
            assert!(not_blank.matches(c.encode_utf8(&mut buffer)), "and nothing else: {c:?}");
        }
        assert!(not_blank.matches(" x ") && !not_blank.matches(""));
        assert!(line.matches(" Acme ") && line.matches("Ünïcode ☕"));
        assert!(!line.matches("   ") && !line.matches("a\u{0}b") && !line.matches("a\nb") && !line.matches(""));
    }

    #[test]
    fn text_rules_count_characters_and_explain_themselves() {
        let key = Text::new(2, 4, Some("^[a-z]*$"), " of a-z");
        assert!(key.check("ab") && key.check("abcd") && !key.check("a") && !key.check("abcde") && !key.check("aB"));
        assert_eq!(key.explain(), "2 to 4 characters of a-z");
        assert_eq!(Text::new(0, 3, None, "").explain(), "at most 3 characters");
        assert!(Text::new(0, 3, None, "").check("äöü"), "characters, not bytes");
        let schema = serde_json::to_value(key.nullable("A key.")).unwrap();
        assert_eq!(schema["minLength"], 2);
        assert_eq!(schema["maxLength"], 4);
        assert_eq!(schema["pattern"], "^[a-z]*$");
        assert_eq!(schema["description"], "A key; 2 to 4 characters of a-z.");
        assert_eq!(schema["type"], serde_json::json!(["string", "null"]));
    }

    #[test]
    fn ranges_are_inclusive() {
        let limit = Range { min: 1, max: 50 };
        assert!(limit.check(1) && limit.check(50) && !limit.check(0) && !limit.check(51));
        let schema = serde_json::to_value(limit.schema("Items.")).unwrap();
        assert_eq!((schema["minimum"].as_i64(), schema["maximum"].as_i64()), (Some(1), Some(50)));
    }
}
