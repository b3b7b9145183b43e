//! The 23 languages the service writes in, and how a request may name one: ISO 639-1 code
//! (optionally with a region, `pt-BR`), English name or native name, in any letter case. The
//! spellings are also a pattern, built from the same table, that the OpenAPI description states
//! and requests are checked against.

use std::sync::LazyLock;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;

use crate::error::Error;
use crate::rules::{SPACE, Text};

/// A supported language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    /// ISO 639-1 code, what generators receive.
    pub code: &'static str,
    /// English name.
    pub name: &'static str,
    /// The language's own name for itself.
    pub native_name: &'static str,
    /// `rtl` for Arabic and Persian, else `ltr`.
    pub direction: &'static str,
}

const fn ltr(code: &'static str, name: &'static str, native_name: &'static str) -> Language {
    Language { code, name, native_name, direction: "ltr" }
}

const fn rtl(code: &'static str, name: &'static str, native_name: &'static str) -> Language {
    Language { code, name, native_name, direction: "rtl" }
}

pub const LANGUAGES: [Language; 23] = [
    ltr("en", "English", "English"),
    ltr("es", "Spanish", "Español"),
    ltr("pt", "Portuguese", "Português"),
    ltr("fr", "French", "Français"),
    ltr("de", "German", "Deutsch"),
    ltr("it", "Italian", "Italiano"),
    ltr("nl", "Dutch", "Nederlands"),
    ltr("pl", "Polish", "Polski"),
    ltr("tr", "Turkish", "Türkçe"),
    ltr("ru", "Russian", "Русский"),
    ltr("uk", "Ukrainian", "Українська"),
    rtl("ar", "Arabic", "العربية"),
    rtl("fa", "Persian", "فارسی"),
    ltr("hi", "Hindi", "हिन्दी"),
    ltr("bn", "Bengali", "বাংলা"),
    ltr("id", "Indonesian", "Bahasa Indonesia"),
    ltr("ms", "Malay", "Bahasa Melayu"),
    ltr("vi", "Vietnamese", "Tiếng Việt"),
    ltr("th", "Thai", "ไทย"),
    ltr("zh", "Chinese (Simplified)", "简体中文"),
    ltr("ja", "Japanese", "日本語"),
    ltr("ko", "Korean", "한국어"),
    ltr("sw", "Swahili", "Kiswahili"),
];

/// Other names people use for a supported language.
const ALIASES: &[(&str, &str)] = &[
    ("chinese", "zh"),
    ("mandarin", "zh"),
    ("simplified chinese", "zh"),
    ("中文", "zh"),
    ("普通话", "zh"),
    ("farsi", "fa"),
    ("indonesia", "id"),
    ("bahasa", "id"),
    ("melayu", "ms"),
    ("kiswahili", "sw"),
];

/// The language `text` names, or `None`.
pub fn find(text: &str) -> Option<&'static Language> {
    let wanted = text.trim().to_lowercase();
    if wanted.is_empty() {
        return None;
    }
    // A BCP 47 tag counts by its primary subtag: `pt-BR`, `zh-Hans`, `en_US`.
    let primary = wanted.split(['-', '_']).next().unwrap_or(&wanted);
    let code = ALIASES.iter().find(|(alias, _)| *alias == wanted).map(|(_, code)| *code);
    LANGUAGES.iter().find(|l| {
        code == Some(l.code)
            || l.code == wanted
            || (primary.len() == 2 && l.code == primary)
            || l.name.to_lowercase() == wanted
            || l.native_name.to_lowercase() == wanted
    })
}

/// How a request names a language: what [`find`] accepts (codes with region subtags of letters
/// and digits), or blank for English.
pub static RULE: LazyLock<Text> = LazyLock::new(|| {
    Text::built(
        0,
        u64::MAX,
        pattern(|_| true, true),
        ": an ISO 639-1 code (a region may follow, `pt-BR`), the English name or the native name of one of the 23 languages of the services menu, in any letter case; blank means English",
    )
});

/// The JSON Schema of a request's `language` field.
pub fn schema() -> Object {
    RULE.nullable("The language; English when absent")
}

/// A pattern of every spelling of the languages `which` selects, with whitespace around (as
/// [`find`] trims it), and the blank value too when `blank`.
pub fn pattern(which: impl Fn(&Language) -> bool, blank: bool) -> String {
    let mut spellings = Vec::new();
    for language in LANGUAGES.iter().filter(|l| which(l)) {
        spellings.push(format!("{}(?:[-_][A-Za-z0-9]+)*", any_case(language.code)));
        spellings.push(any_case(language.name));
        spellings.push(any_case(language.native_name));
        let aliases = ALIASES.iter().filter(|(_, code)| *code == language.code);
        spellings.extend(aliases.map(|(alias, _)| any_case(alias)));
    }
    let optional = if blank { "?" } else { "" };
    format!("^{SPACE}*(?:{}){optional}{SPACE}*$", spellings.join("|"))
}

/// `text` as a pattern that matches it in any letter case, character by character.
fn any_case(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let (mut lower, mut upper) = (c.to_lowercase(), c.to_uppercase());
        match (lower.next(), lower.next(), upper.next(), upper.next()) {
            (Some(l), None, Some(u), None) if l != u && u.to_lowercase().eq([l]) => out.push_str(&format!("[{l}{u}]")),
            _ if r"\.+*?()|[]{}^$".contains(c) => out.extend(['\\', c]),
            _ => out.push(c),
        }
    }
    out
}

/// The requested language, English when absent or blank; a 400 listing the valid ones otherwise.
pub fn resolve(text: Option<&str>) -> Result<&'static Language, Error> {
    let Some(text) = text else { return Ok(&LANGUAGES[0]) };
    let unsupported = || {
        let valid: Vec<String> = LANGUAGES.iter().map(|l| format!("{} ({})", l.name, l.code)).collect();
        Error::bad_request(
            "unsupported_language",
            format!("Unsupported language {:?}. Use one of: {}.", truncate(text.trim(), 40), valid.join(", ")),
        )
    };
    if !RULE.check(text) {
        return Err(unsupported());
    }
    match text.trim() {
        "" => Ok(&LANGUAGES[0]),
        named => find(named).ok_or_else(unsupported),
    }
}

fn truncate(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_is_found_by_code_name_and_native_name_in_any_case() {
        for l in &LANGUAGES {
            for spelling in [
                l.code.to_string(),
                l.code.to_uppercase(),
                l.name.to_string(),
                l.name.to_uppercase(),
                l.native_name.to_string(),
            ] {
                assert_eq!(find(&spelling).map(|f| f.code), Some(l.code), "{spelling}");
            }
        }
    }

    #[test]
    fn regions_aliases_defaults_and_refusals() {
        assert_eq!(find("pt-BR").unwrap().code, "pt");
        assert_eq!(find("zh-Hans").unwrap().code, "zh");
        assert_eq!(find("en_US").unwrap().code, "en");
        assert_eq!(find(" chinese ").unwrap().code, "zh");
        assert_eq!(find("Farsi").unwrap().code, "fa");
        assert_eq!(resolve(None).unwrap().code, "en");
        assert_eq!(resolve(Some("  ")).unwrap().code, "en");
        assert!(find("klingon").is_none());
        assert!(find("xx-YY").is_none());
        let err = resolve(Some("klingon")).unwrap_err();
        let Error::BadRequest { code, message } = err else { panic!("expected a 400") };
        assert_eq!(code, "unsupported_language");
        assert!(message.contains("Swahili (sw)") && message.contains("Japanese (ja)"));
        assert_eq!(LANGUAGES.iter().filter(|l| l.direction == "rtl").count(), 2);
    }

    #[test]
    fn the_pattern_admits_exactly_what_requests_may_name() {
        assert!(RULE.pattern.as_ref().is_some_and(crate::rules::Pattern::compiles));
        for l in &LANGUAGES {
            for spelling in [l.code.to_uppercase(), format!(" {}-Latn_US ", l.code), l.name.to_uppercase()] {
                assert_eq!(resolve(Some(&spelling)).map(|f| f.code).ok(), Some(l.code), "{spelling}");
            }
            assert_eq!(resolve(Some(&l.native_name.to_lowercase())).unwrap().code, l.code);
        }
        assert_eq!(resolve(Some("Chinese (Simplified)")).unwrap().code, "zh");
        assert_eq!(resolve(Some("SIMPLIFIED CHINESE")).unwrap().code, "zh");
        assert_eq!(resolve(Some("\u{3000}")).unwrap().code, "en", "blank, in any whitespace, is English");
        // What `find` would read generously, the pattern refuses, and so does the server.
        for refused in ["en-", "en--us", "en-ü", "\u{212A}orean", "english-US", "Chinese Simplified", "e n"] {
            assert!(resolve(Some(refused)).is_err(), "{refused}");
        }
        let unspaced = pattern(|l| l.code == "ja", false);
        assert!(crate::rules::Pattern::owned(unspaced.clone()).matches("Japanese"));
        assert!(!crate::rules::Pattern::owned(unspaced).matches(" "));
    }
}
