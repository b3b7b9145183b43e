//! Mandarin as Kokoro reads it: each pinyin syllable (tone number at its end, as the generators
//! write it) in IPA — initials and finals as the standard descriptions of Mandarin phonology give
//! them (Duanmu 2007, Lin 2007), diphthongs unmarked, the apical vowel of zi and zhi as ɨ — and
//! its tone as an arrow after the vowel (→ ↗ ↓ ↘; none when neutral), which is how the model's
//! Chinese was spelled when it was trained. Numbers are read as Chinese numerals; Latin words
//! (brand names) in the English spelling the caller gives.

use std::collections::HashMap;

use crate::media::espeak::Spelled;

/// Initials, longest first.
const INITIALS: [(&str, &str); 21] = [
    ("zh", "ꭧ"),
    ("ch", "ꭧʰ"),
    ("sh", "ʂ"),
    ("b", "p"),
    ("p", "pʰ"),
    ("m", "m"),
    ("f", "f"),
    ("d", "t"),
    ("t", "tʰ"),
    ("n", "n"),
    ("l", "l"),
    ("g", "k"),
    ("k", "kʰ"),
    ("h", "x"),
    ("j", "ʨ"),
    ("q", "ʨʰ"),
    ("x", "ɕ"),
    ("r", "ɻ"),
    ("z", "ʦ"),
    ("c", "ʦʰ"),
    ("s", "s"),
];

/// Finals in their full spelling: the IPA up to the tone, and after it (the coda).
const FINALS: [(&str, &str, &str); 36] = [
    ("a", "a", ""),
    ("ai", "ai", ""),
    ("an", "a", "n"),
    ("ang", "a", "ŋ"),
    ("ao", "au", ""),
    ("e", "ɤ", ""),
    ("ei", "ei", ""),
    ("en", "ə", "n"),
    ("eng", "ə", "ŋ"),
    ("er", "ɚ", ""),
    ("ê", "ɛ", ""),
    ("i", "i", ""),
    ("ia", "ja", ""),
    ("ian", "jɛ", "n"),
    ("iang", "ja", "ŋ"),
    ("iao", "jau", ""),
    ("ie", "je", ""),
    ("in", "i", "n"),
    ("ing", "i", "ŋ"),
    ("iong", "jʊ", "ŋ"),
    ("iou", "jou", ""),
    ("o", "wo", ""),
    ("ong", "ʊ", "ŋ"),
    ("ou", "ou", ""),
    ("u", "u", ""),
    ("ua", "wa", ""),
    ("uai", "wai", ""),
    ("uan", "wa", "n"),
    ("uang", "wa", "ŋ"),
    ("uei", "wei", ""),
    ("uen", "wə", "n"),
    ("ueng", "wə", "ŋ"),
    ("uo", "wo", ""),
    ("ü", "y", ""),
    ("üan", "ɥɛ", "n"),
    ("üe", "ɥe", ""),
];

/// The tones' arrows, first to fourth, then the neutral tone's none.
const TONES: [&str; 5] = ["→", "↗", "↓", "↘", ""];

/// The digits' syllables.
const DIGITS: [&str; 10] = ["ling2", "yi1", "er4", "san1", "si4", "wu3", "liu4", "qi1", "ba1", "jiu3"];

/// One pinyin syllable (`zhong1`, `de`, `lü4`, `yuan2`) in IPA, or `None` if it is not one.
pub fn syllable(pinyin: &str) -> Option<String> {
    let (letters, tone) = match pinyin.chars().last()? {
        d @ '1'..='5' => (&pinyin[..pinyin.len() - 1], d as usize - '1' as usize),
        _ => (pinyin, 4),
    };
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_lowercase() || matches!(c, 'ü' | 'ê')) {
        return None;
    }
    let letters = letters.replace('v', "ü");
    let arrow = TONES[tone];
    // Syllables that are a nasal alone (嗯 ng, 呣 m) or start with one after h.
    if let Some(nasal) = ["m", "n", "ng", "hm", "hng"].iter().position(|s| *s == letters) {
        return Some(format!("{}{}{arrow}", if nasal >= 3 { "x" } else { "" }, ["m", "n", "ŋ", "m", "ŋ"][nasal]));
    }
    let (initial, ipa) = INITIALS.iter().find(|(p, _)| letters.starts_with(p)).copied().unwrap_or(("", ""));
    let rest = full_final(initial, &letters[initial.len()..])?;
    if rest == "i" && matches!(initial, "zh" | "ch" | "sh" | "r" | "z" | "c" | "s") {
        return Some(format!("{ipa}ɨ{arrow}"));
    }
    let (_, vowel, coda) = FINALS.iter().find(|(f, _, _)| *f == rest)?;
    Some(format!("{ipa}{vowel}{arrow}{coda}"))
}

/// A final as pinyin abbreviates it (`yu`, `wei`, `ju`, `liu`, `dun`), spelled in full.
fn full_final(initial: &str, written: &str) -> Option<String> {
    let full = match (initial, written) {
        ("", w) if w.starts_with("yu") => format!("ü{}", &w[2..]),
        ("", w) if w.starts_with("yi") => format!("i{}", &w[2..]),
        ("", w) if w.starts_with('y') => format!("i{}", &w[1..]),
        ("", w) if w.starts_with("wu") => format!("u{}", &w[2..]),
        ("", w) if w.starts_with('w') => format!("u{}", &w[1..]),
        ("j" | "q" | "x", w) if w.starts_with('u') => format!("ü{}", &w[1..]),
        (_, "iu") => "iou".into(),
        (_, "ui") => "uei".into(),
        (_, "un") => "uen".into(),
        (_, w) => w.into(),
    };
    (!full.is_empty()).then_some(full)
}

/// The syllables a number is read with: a whole number to the hundred millions place by place
/// (两千零二十六), a year before 年 digit by digit, decimals after 点, a percentage as 百分之.
pub fn number(written: &str, year: bool) -> Vec<&'static str> {
    let digit = |c: char| DIGITS[c.to_digit(10).unwrap_or(0) as usize];
    let (body, percent) = match written.strip_suffix('%') {
        Some(body) => (body, true),
        None => (written, false),
    };
    let (whole, fraction) = body.split_once('.').unwrap_or((body, ""));
    let mut out = if percent { vec!["bai3", "fen1", "zhi1"] } else { Vec::new() };
    if year || whole.len() > 9 || (whole.len() > 1 && whole.starts_with('0')) {
        out.extend(whole.chars().map(digit));
    } else {
        out.extend(whole_number(whole.parse().unwrap_or(0)));
    }
    if !fraction.is_empty() {
        out.push("dian3");
        out.extend(fraction.chars().map(digit));
    }
    out
}

/// A whole number below a billion, by its places: 万 and 亿 groups of four, one 零 for each run
/// of empty places inside a group or before a group under a thousand, 十 alone for 10–19 at the
/// start, 两 for a 2 before 千, 万 and 亿.
fn whole_number(n: u64) -> Vec<&'static str> {
    if n == 0 {
        return vec![DIGITS[0]];
    }
    let mut out = Vec::new();
    let groups = [(n / 100_000_000, Some("yi4")), (n / 10_000 % 10_000, Some("wan4")), (n % 10_000, None)];
    let mut started = false;
    for (group, unit) in groups {
        if group == 0 {
            continue;
        }
        if started && group < 1_000 {
            out.push(DIGITS[0]);
        }
        let mut zero = false;
        for (place, name) in [(1_000, Some("qian1")), (100, Some("bai3")), (10, Some("shi2")), (1, None)] {
            let d = (group / place % 10) as usize;
            if d == 0 {
                zero = out.last().is_some_and(|l| *l != DIGITS[0]) && group % place != 0;
                continue;
            }
            if zero {
                out.push(DIGITS[0]);
                zero = false;
            }
            let alone_ten = place == 10 && d == 1 && out.is_empty();
            let two = d == 2 && (place == 1_000 || (place == 1 && unit.is_some() && group == 2));
            match () {
                _ if alone_ten => {}
                _ if two => out.push("liang3"),
                _ => out.push(DIGITS[d]),
            }
            out.extend(name);
        }
        out.extend(unit);
        started = true;
    }
    out
}

/// A token of a pinyin text: where it starts (characters) and what it is.
fn tokens(said: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    let number = |t: &String| t.chars().all(|d| d.is_ascii_digit() || d == '.');
    for (at, c) in said.chars().enumerate() {
        match out.last_mut() {
            Some((_, t)) if open && (c.is_alphanumeric() || (matches!(c, '.' | '%') && number(t))) => t.push(c),
            _ if c.is_alphanumeric() => {
                out.push((at, c.to_string()));
                open = true;
            }
            _ => {
                open = false;
                if matches!(c, '.' | ',' | '!' | '?' | ';' | ':') {
                    out.push((at, c.to_string()));
                }
            }
        }
    }
    // A full stop taken into a number that ends the number is the sentence's.
    let mut fixed = Vec::with_capacity(out.len());
    for (at, token) in out {
        match token.strip_suffix('.').filter(|t| t.chars().next().is_some_and(|c| c.is_ascii_digit())) {
            Some(number) => {
                let stop = at + number.chars().count();
                fixed.push((at, number.to_string()));
                fixed.push((stop, ".".to_string()));
            }
            None => fixed.push((at, token)),
        }
    }
    fixed
}

/// The Latin words of a pinyin text (its brand names and English), to be spelled in English.
pub fn latin_words(said: &str) -> Vec<String> {
    tokens(said)
        .into_iter()
        .map(|(_, t)| t)
        .filter(|t| t.chars().any(char::is_alphabetic) && syllable(t).is_none())
        .collect()
}

/// A pinyin text spelled for the model: every syllable, number and Latin word a word of its own
/// (where it starts in `said`), clauses cut at punctuation. `english` spells the Latin words
/// ([`latin_words`]); one it lacks is left unsaid.
pub fn spell(said: &str, english: &HashMap<String, String>) -> Spelled {
    let tokens = tokens(said);
    let mut writer = super::Writer::default();
    for (k, (at, token)) in tokens.iter().enumerate() {
        let first = token.chars().next().unwrap_or(' ');
        if first.is_ascii_punctuation() {
            writer.end(first);
            continue;
        }
        let ipa = if first.is_ascii_digit() {
            let year = tokens.get(k + 1).is_some_and(|(_, next)| next == "nian2") && token.len() == 4;
            number(token, year).iter().filter_map(|s| syllable(s)).collect::<String>()
        } else {
            syllable(token).or_else(|| english.get(token).cloned()).unwrap_or_default()
        };
        writer.word(*at, ipa);
    }
    writer.done()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syllables_are_spelled_with_their_tone_after_the_vowel() {
        let cases = [
            ("zhong1", "ꭧʊ→ŋ"),
            ("guo2", "kwo↗"),
            ("ni3", "ni↓"),
            ("hao3", "xau↓"),
            ("shi4", "ʂɨ↘"),
            ("zi4", "ʦɨ↘"),
            ("de", "tɤ"),
            ("lü4", "ly↘"),
            ("ju2", "ʨy↗"),
            ("xue2", "ɕɥe↗"),
            ("yuan2", "ɥɛ↗n"),
            ("yi1", "i→"),
            ("you3", "jou↓"),
            ("wei4", "wei↘"),
            ("liu4", "ljou↘"),
            ("dui4", "twei↘"),
            ("lun4", "lwə↘n"),
            ("qiong2", "ʨʰjʊ↗ŋ"),
            ("er4", "ɚ↘"),
            ("bo2", "pwo↗"),
            ("chuang1", "ꭧʰwa→ŋ"),
        ];
        for (pinyin, ipa) in cases {
            assert_eq!(syllable(pinyin).as_deref(), Some(ipa), "{pinyin}");
        }
        for latin in ["CSV", "app", "qx1", "xyz", ""] {
            assert_eq!(syllable(latin), None, "{latin}");
        }
    }

    #[test]
    fn numbers_are_read_as_chinese_numerals() {
        let read = |n: &str, year: bool| number(n, year).join(" ");
        assert_eq!(read("7", false), "qi1");
        assert_eq!(read("10", false), "shi2");
        assert_eq!(read("15", false), "shi2 wu3");
        assert_eq!(read("105", false), "yi1 bai3 ling2 wu3");
        assert_eq!(read("2026", false), "liang3 qian1 ling2 er4 shi2 liu4");
        assert_eq!(read("2026", true), "er4 ling2 er4 liu4");
        assert_eq!(read("20000", false), "liang3 wan4");
        assert_eq!(read("30500", false), "san1 wan4 ling2 wu3 bai3");
        assert_eq!(read("3.5", false), "san1 dian3 wu3");
        assert_eq!(read("50%", false), "bai3 fen1 zhi1 wu3 shi2");
    }

    #[test]
    fn a_pinyin_line_is_a_word_per_syllable_number_and_latin_word_in_clauses() {
        let said = "yong4 RotaChef , 10 fen1 zhong1 pai2 hao3 ban1. 2026 nian2!";
        assert_eq!(latin_words(said), ["RotaChef"]);
        let english = HashMap::from([("RotaChef".to_string(), "ɹˈoʊɾəʃˌɛf".to_string())]);
        let spelled = spell(said, &english);
        let starts: Vec<usize> = spelled.words.iter().map(|w| w.char_start).collect();
        assert_eq!(starts, [0, 6, 17, 20, 25, 32, 37, 42, 48, 53]);
        assert_eq!(spelled.words[1].ipa, "ɹˈoʊɾəʃˌɛf");
        assert_eq!(spelled.words[2].ipa, "ʂɨ↗");
        assert_eq!(spelled.words[8].ipa, "ɚ↘li↗ŋɚ↘ljou↘", "a year digit by digit");
        let ends: Vec<Option<char>> = spelled.clauses.iter().map(|c| c.end).collect();
        assert_eq!(ends, [Some(','), Some('.'), Some('!')]);
        assert_eq!(spelled.clauses[1].ipa, "ʂɨ↗ fə→n ꭧʊ→ŋ pʰai↗ xau↓ pa→n");
    }
}
