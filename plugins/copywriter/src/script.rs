//! Which writing system a text is in, so copy in one language never runs into a phrase of
//! another script mid-sentence, and checks can tell a line written in its language's script.

/// Writing systems, to tell whether a text is written in a language's own script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writing {
    Latin,
    Cyrillic,
    Arabic,
    Devanagari,
    Bengali,
    Thai,
    Han,
    Kana,
    Hangul,
}

pub fn writing(c: char) -> Option<Writing> {
    if !c.is_alphabetic() {
        return None;
    }
    Some(match u32::from(c) {
        0x0000..=0x024F | 0x1E00..=0x1EFF => Writing::Latin,
        0x0370..=0x052F => Writing::Cyrillic,
        0x0600..=0x06FF | 0x0750..=0x077F | 0x08A0..=0x08FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => Writing::Arabic,
        0x0900..=0x097F => Writing::Devanagari,
        0x0980..=0x09FF => Writing::Bengali,
        0x0E00..=0x0E7F => Writing::Thai,
        0x3040..=0x30FF | 0x31F0..=0x31FF => Writing::Kana,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => Writing::Hangul,
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF => Writing::Han,
        _ => return None,
    })
}

/// The scripts a language is written in (ISO 639-1).
pub fn writings(language: &str) -> &'static [Writing] {
    match language {
        "ru" | "uk" => &[Writing::Cyrillic],
        "ar" | "fa" => &[Writing::Arabic],
        "hi" => &[Writing::Devanagari],
        "bn" => &[Writing::Bengali],
        "th" => &[Writing::Thai],
        "zh" => &[Writing::Han],
        "ja" => &[Writing::Kana, Writing::Han],
        "ko" => &[Writing::Hangul, Writing::Han],
        _ => &[Writing::Latin],
    }
}

/// Whether `text` is written mostly in a script other than `language`'s: then a template in
/// `language` cannot run on into it without mixing scripts mid-sentence. A text without letters
/// (numbers, symbols) is foreign to no language.
pub fn foreign(text: &str, language: &str) -> bool {
    let mut counts: Vec<(Writing, usize)> = Vec::new();
    for w in text.chars().filter_map(writing) {
        match counts.iter_mut().find(|(k, _)| *k == w) {
            Some((_, n)) => *n += 1,
            None => counts.push((w, 1)),
        }
    }
    // Japanese and Korean text also use Han: any kana or hangul decides for them.
    let own = writings(language);
    let mine: usize = counts.iter().filter(|(w, _)| own.contains(w)).map(|(_, n)| n).sum();
    let other: usize = counts.iter().filter(|(w, _)| !own.contains(w)).map(|(_, n)| n).sum();
    other > mine
}
