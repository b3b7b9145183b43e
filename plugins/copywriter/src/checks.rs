//! Mechanical checks of written copy, shared by the table tests, the corpus test and the
//! generators' checks of a model's lines: a verdict against the subject, a run of words in
//! another script, a cut word or link.

use crate::Lang;
use crate::script::{Writing, writing, writings};

/// Sentences of `text`: split after any script's full stop, question or exclamation mark and
/// at line breaks.
pub fn sentences(text: &str) -> Vec<&str> {
    text.split_inclusive(['.', '!', '?', '\n', '。', '！', '？', '؟', '।'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// The first negative verdict word of `lang` anywhere in `text`.
pub fn negative_in(lang: &Lang, text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    lang.negatives.iter().copied().find(|w| lower.contains(w))
}

/// The first negative verdict word of `lang` in a sentence of `text` that names `name`.
pub fn verdict_on(lang: &Lang, text: &str, name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return None;
    }
    let name = name.to_lowercase();
    sentences(text).into_iter().map(str::to_lowercase).filter(|s| s.contains(&name)).find_map(|s| {
        let without = s.replace(&name, " ");
        lang.negatives.iter().copied().find(|w| without.contains(w))
    })
}

/// The first run of `min` or more whitespace-separated words of `text` written in another
/// script than `language`'s, once `names` (which may stay in their own script) are taken out.
pub fn foreign_run(text: &str, language: &str, names: &[&str], min: usize) -> Option<String> {
    let mut text = text.to_string();
    for name in names.iter().filter(|n| !n.is_empty()) {
        text = text.replace(name, " · ");
    }
    let own = writings(language);
    let mut run: Vec<&str> = Vec::new();
    for word in text.split_whitespace() {
        let scripts: Vec<Writing> = word.chars().filter_map(writing).collect();
        let foreign = !scripts.is_empty() && scripts.iter().all(|w| !own.contains(w));
        if foreign {
            run.push(word);
            if run.len() >= min {
                return Some(run.join(" "));
            }
        } else {
            run.clear();
        }
    }
    None
}

/// Whether `text` shows a sign of a cut: an ellipsis, or a link that is not one of `links`
/// whole.
pub fn cut_or_partial_link(text: &str, links: &[&str]) -> Option<String> {
    if text.contains('…') || text.contains("...") {
        return Some("an ellipsis".into());
    }
    let mut rest = text.to_string();
    for link in links.iter().filter(|l| !l.is_empty()) {
        rest = rest.replace(link, " ");
    }
    let lower = rest.to_lowercase();
    ["http://", "https://", "www."].iter().find(|p| lower.contains(**p)).map(|p| format!("a partial link ({p})"))
}
