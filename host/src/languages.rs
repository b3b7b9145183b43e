//! The 23 languages the service writes in, and how a request may name one: ISO 639-1 code
//! (optionally with a region, `pt-BR`), English name or native name, in any letter case.

use serde::Serialize;
use utoipa::ToSchema;

use crate::error::Error;

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

/// The requested language, English when absent; a 400 listing the valid ones otherwise.
pub fn resolve(text: Option<&str>) -> Result<&'static Language, Error> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(&LANGUAGES[0]),
        Some(t) => find(t).ok_or_else(|| {
            let valid: Vec<String> = LANGUAGES.iter().map(|l| format!("{} ({})", l.name, l.code)).collect();
            Error::bad_request(
                "unsupported_language",
                format!("Unsupported language {:?}. Use one of: {}.", truncate(t, 40), valid.join(", ")),
            )
        }),
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
}
