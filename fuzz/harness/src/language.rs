//! Language names as requests give them (`languages::resolve`, `languages::find`): a code with
//! an optional region, an English or native name, or an alias, in any case and spacing.
//!
//! The OpenAPI document states a pattern for the field (`languages::RULE`), and the server
//! matches requests against it before `find` reads them. Properties: the pattern admits only
//! what `resolve` then answers (never a 400 for a value the document says is valid, and the
//! reverse); a blank value is English; and the language answered is one whose own spellings
//! (its per-language pattern) admit the text, so a name never resolves to another language.

use std::sync::LazyLock;

use asset_host::languages::{LANGUAGES, RULE, find, pattern, resolve};
use asset_host::rules::Pattern;

/// One pattern per language, built once: its code (with regions), names and aliases.
static EACH: LazyLock<Vec<(&'static str, Pattern)>> = LazyLock::new(|| {
    LANGUAGES.iter().map(|l| (l.code, Pattern::owned(pattern(|other| other.code == l.code, false)))).collect()
});

pub fn language_name(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let admitted = RULE.check(&text);
    let resolved = resolve(Some(&text));
    assert_eq!(admitted, resolved.is_ok(), "{text:?}: the pattern and resolve disagree ({resolved:?})");
    let Ok(language) = resolved else { return };
    if text.trim().is_empty() {
        assert_eq!(language.code, "en", "blank is English");
        return;
    }
    assert_eq!(find(&text).map(|l| l.code), Some(language.code));
    let own = EACH.iter().find(|(code, _)| *code == language.code).map(|(_, p)| p).expect("every language");
    assert!(own.matches(&text), "{text:?} resolved to {}, whose own spellings do not admit it", language.code);
}
