//! Which language an input is written in, as far as a short text tells: the script decides
//! outside Latin; inside it, the commonest small words of each language written here.

/// Small words frequent in each Latin-script language and rare in the others.
const MARKERS: [(&str, &[&str]); 13] = [
    ("en", &["the", "and", "is", "for", "that", "with", "your", "our", "who", "you", "it", "are", "to", "of", "in"]),
    ("es", &["el", "la", "los", "las", "que", "para", "con", "una", "es", "del", "por", "tu", "su", "y", "en"]),
    ("pt", &["o", "os", "as", "que", "para", "com", "uma", "um", "é", "não", "do", "da", "seu", "sua", "em"]),
    ("fr", &["le", "les", "des", "est", "pour", "avec", "une", "et", "qui", "vous", "votre", "du", "au", "en", "dans"]),
    (
        "de",
        &["der", "die", "das", "und", "ist", "für", "mit", "ein", "eine", "nicht", "dein", "ihr", "zu", "auf", "den"],
    ),
    ("it", &["il", "che", "per", "con", "una", "gli", "è", "di", "del", "della", "non", "tuo", "tua", "e", "sono"]),
    ("nl", &["de", "het", "een", "en", "voor", "met", "van", "is", "die", "je", "jouw", "niet", "op", "wij", "zijn"]),
    ("pl", &["i", "w", "na", "dla", "że", "jest", "się", "z", "do", "nie", "to", "twój", "oraz", "który", "jak"]),
    ("tr", &["ve", "bir", "için", "bu", "ile", "da", "de", "çok", "en", "daha", "sizin", "olan", "gibi", "her", "mi"]),
    (
        "id",
        &[
            "yang", "dan", "untuk", "dengan", "ini", "di", "itu", "dari", "kami", "anda", "tidak", "ke", "ada", "bisa",
            "lebih",
        ],
    ),
    (
        "ms",
        &[
            "yang", "dan", "untuk", "dengan", "ini", "di", "itu", "dari", "kami", "anda", "tidak", "ke", "boleh",
            "lebih", "ialah",
        ],
    ),
    (
        "vi",
        &[
            "và", "của", "cho", "là", "có", "không", "những", "một", "được", "với", "bạn", "các", "này", "người",
            "trong",
        ],
    ),
    (
        "sw",
        &["na", "ya", "wa", "kwa", "ni", "za", "katika", "hii", "kwamba", "yako", "sana", "kila", "pia", "watu", "la"],
    ),
];

/// Whether `word` (lower case) is one of the commonest small words of `language` (articles,
/// prepositions, pronouns), which name nothing.
pub fn is_small_word(language: &str, word: &str) -> bool {
    MARKERS.iter().any(|(code, markers)| *code == language && markers.contains(&word))
}

/// The ISO 639-1 code of `text`'s language, or "" when it cannot be told.
pub fn guess(text: &str) -> &'static str {
    if let Some(code) = by_script(text) {
        return code;
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let score = |markers: &[&str]| words.iter().filter(|w| markers.contains(w)).count();
    let best = MARKERS.iter().map(|(code, markers)| (*code, score(markers))).max_by_key(|(_, n)| *n);
    match best {
        Some((code, n)) if n > 0 => code,
        // Plain ASCII with none of any language's markers (a name, a product, a headline):
        // most inputs here are English.
        _ if text.is_ascii() => "en",
        _ => "",
    }
}

/// The language a script gives away, for scripts only one or two languages here use.
fn by_script(text: &str) -> Option<&'static str> {
    let has = |range: std::ops::RangeInclusive<u32>| text.chars().any(|c| range.contains(&u32::from(c)));
    let code = if has(0x3040..=0x30FF) {
        "ja"
    } else if has(0xAC00..=0xD7AF) {
        "ko"
    } else if has(0x4E00..=0x9FFF) {
        "zh"
    } else if has(0x0E00..=0x0E7F) {
        "th"
    } else if has(0x0900..=0x097F) {
        "hi"
    } else if has(0x0980..=0x09FF) {
        "bn"
    } else if has(0x0600..=0x06FF) {
        if text.chars().any(|c| "پچژگکی".contains(c)) { "fa" } else { "ar" }
    } else if has(0x0400..=0x04FF) {
        if text.chars().any(|c| "іїєґІЇЄҐ".contains(c)) { "uk" } else { "ru" }
    } else {
        return None;
    };
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::guess;

    #[test]
    fn inputs_are_told_apart_by_script_and_small_words() {
        for (text, code) in [
            ("Acme Notes is a note app for busy teams", "en"),
            ("Una app para equipos que odian las reuniones", "es"),
            ("Une application pour les équipes qui détestent les réunions", "fr"),
            ("Eine App für Teams, die Meetings hassen", "de"),
            ("Ứng dụng cho những người bận rộn", "vi"),
            ("忙しいチームのためのメモアプリ", "ja"),
            ("为忙碌团队打造的笔记应用", "zh"),
            ("바쁜 팀을 위한 메모 앱", "ko"),
            ("تطبيق ملاحظات للفرق المشغولة", "ar"),
            ("اپلیکیشن یادداشت برای تیم‌های پرمشغله", "fa"),
            ("Застосунок для нотаток і команд", "uk"),
            ("Приложение для заметок", "ru"),
            ("Acme", "en"),
        ] {
            assert_eq!(guess(text), code, "{text}");
        }
    }
}
