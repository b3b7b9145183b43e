//! Japanese as Kokoro reads it: each phrase's pronunciation (katakana, from the dictionary in
//! `media::kana`) spelled mora by mora in the phonemes the model's Japanese was trained on — a
//! narrow IPA (ɯ, ɕi, ʨi, ʦɨ, ɸɯ, palatalised kʲ, ɾ), ː for a long vowel, ʔ for a doubled
//! consonant, the moraic nasal as the sound it becomes before what follows. Numbers are read in
//! Japanese; Latin words (brand names) in the English spelling the caller gives.

use std::collections::HashMap;

use crate::media::espeak::Spelled;
use crate::media::kana::Phrase;

/// The kana of each row, in the order a i u e o, and how each sounds.
const ROWS: [(&str, [&str; 5]); 13] = [
    ("アイウエオ", ["a", "i", "ɯ", "e", "o"]),
    ("カキクケコ", ["ka", "kʲi", "kɯ", "ke", "ko"]),
    ("ガギグゲゴ", ["ɡa", "ɡʲi", "ɡɯ", "ɡe", "ɡo"]),
    ("サシスセソ", ["sa", "ɕi", "sɨ", "se", "so"]),
    ("ザジズゼゾ", ["ʣa", "ʥi", "zɨ", "ʣe", "ʣo"]),
    ("タチツテト", ["ta", "ʨi", "ʦɨ", "te", "to"]),
    ("ダヂヅデド", ["da", "ʥi", "zɨ", "de", "do"]),
    ("ナニヌネノ", ["na", "ɲi", "nɯ", "ne", "no"]),
    ("ハヒフヘホ", ["ha", "çi", "ɸɯ", "he", "ho"]),
    ("バビブベボ", ["ba", "bʲi", "bɯ", "be", "bo"]),
    ("パピプペポ", ["pa", "pʲi", "pɯ", "pe", "po"]),
    ("マミムメモ", ["ma", "mʲi", "mɯ", "me", "mo"]),
    ("ラリルレロ", ["ɾa", "ɾʲi", "ɾɯ", "ɾe", "ɾo"]),
];

/// Kana outside the rows: the glides, the old and the foreign, and the small vowels and glides.
const OTHERS: [(char, &str); 21] = [
    ('ヤ', "ja"),
    ('ユ', "jɯ"),
    ('ヨ', "jo"),
    ('ワ', "βa"),
    ('ヮ', "βa"),
    ('ヰ', "i"),
    ('ヱ', "e"),
    ('ヲ', "o"),
    ('ヴ', "vɯ"),
    ('ヵ', "ka"),
    ('ヶ', "ke"),
    ('ァ', "a"),
    ('ィ', "i"),
    ('ゥ', "ɯ"),
    ('ェ', "e"),
    ('ォ', "o"),
    ('ャ', "ja"),
    ('ュ', "jɯ"),
    ('ョ', "jo"),
    ('ッ', "ʔ"),
    ('ー', "ː"),
];

/// The moraic nasal: spelled once what follows it is known.
const NASAL: char = 'ン';

/// How a kana sounds alone (hiragana as its katakana).
fn kana(c: char) -> Option<&'static str> {
    let c = katakana(c);
    ROWS.iter()
        .find_map(|(kana, sounds)| kana.chars().position(|k| k == c).map(|i| sounds[i]))
        .or_else(|| OTHERS.iter().find(|(k, _)| *k == c).map(|(_, s)| *s))
}

fn katakana(c: char) -> char {
    match c {
        'ぁ'..='ゖ' => char::from_u32(u32::from(c) + 0x60).unwrap_or(c),
        c => c,
    }
}

/// A kana and the small kana after it as one sound (キャ, シェ, ティ, ファ, ウィ), when they make one.
fn digraph(big: char, small: char) -> Option<String> {
    let (big, small) = (katakana(big), katakana(small));
    let sound = kana(big)?;
    let vowel = match small {
        'ャ' | 'ァ' => "a",
        'ュ' => "ɨ",
        'ョ' | 'ォ' => "o",
        'ェ' => "e",
        'ィ' => "i",
        'ゥ' => "ɯ",
        _ => return None,
    };
    let glide = matches!(small, 'ャ' | 'ュ' | 'ョ');
    let consonant = sound.trim_end_matches(['a', 'i', 'ɯ', 'ɨ', 'e', 'o']);
    Some(match (big, sound.ends_with('i')) {
        ('イ', _) if small == 'ェ' => "je".into(),
        ('ウ', _) if !glide && small != 'ゥ' => format!("β{vowel}"),
        ('ク' | 'グ', _) if !glide && small != 'ゥ' => format!("{consonant}ᵝ{vowel}"),
        // The i row: its consonant (already palatal) with the glide's or the small vowel's sound.
        (_, true) if !consonant.is_empty() && (glide || small == 'ェ') => format!("{consonant}{vowel}"),
        (_, false) if !consonant.is_empty() && (glide || small == 'ィ') => format!("{consonant}ʲ{vowel}"),
        (_, false) if !consonant.is_empty() => format!("{consonant}{vowel}"),
        _ => return None,
    })
}

/// Kana in phonemes (anything else in it is skipped).
pub fn moras(kana_text: &str) -> String {
    let chars: Vec<char> = kana_text.chars().collect();
    let mut sounds: Vec<String> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let pair = chars.get(i + 1).and_then(|&small| digraph(chars[i], small));
        match (pair, katakana(chars[i])) {
            (Some(pair), _) => {
                sounds.push(pair);
                i += 1;
            }
            (None, NASAL) => sounds.push(NASAL.to_string()),
            (None, c) => sounds.extend(kana(c).map(str::to_string)),
        }
        i += 1;
    }
    let mut out = String::new();
    for (k, sound) in sounds.iter().enumerate() {
        match sound.chars().next() {
            Some(NASAL) => out.push_str(nasal(sounds.get(k + 1).map(String::as_str))),
            _ => out.push_str(sound),
        }
    }
    out
}

/// The moraic nasal before `next`: m before lips, ŋ before k and g, ɲ before the palatals, n
/// before the other tongue-tip sounds, else the uvular ɴ.
fn nasal(next: Option<&str>) -> &'static str {
    let first = next.and_then(|s| s.chars().next()).unwrap_or(' ');
    match first {
        'm' | 'p' | 'b' => "m",
        'k' | 'ɡ' => "ŋ",
        'ɲ' | 'ʨ' | 'ʥ' => "ɲ",
        'n' | 't' | 'd' | 'ɾ' | 'z' => "n",
        _ => "ɴ",
    }
}

/// A whole number in katakana, place by place up to the hundred millions (三百 as サンビャク,
/// 八千 as ハッセン); longer ones digit by digit.
pub fn number(digits: &str) -> String {
    const ONES: [&str; 10] = ["ゼロ", "イチ", "ニ", "サン", "ヨン", "ゴ", "ロク", "ナナ", "ハチ", "キュー"];
    let n: u64 = match digits.parse() {
        Ok(n) if digits.len() <= 9 && !(digits.len() > 1 && digits.starts_with('0')) => n,
        _ => return digits.chars().filter_map(|c| c.to_digit(10)).map(|d| ONES[d as usize]).collect(),
    };
    if n == 0 {
        return ONES[0].into();
    }
    let under_ten_thousand = |n: u64| {
        let mut out = String::new();
        let (thousands, hundreds, tens, ones) = (n / 1000, n / 100 % 10, n / 10 % 10, n % 10);
        out.push_str(match thousands {
            0 => "",
            1 => "セン",
            3 => "サンゼン",
            8 => "ハッセン",
            d => return format!("{}セン{}", ONES[d as usize], under_rest(n % 1000)),
        });
        out.push_str(&under_rest(hundreds * 100 + tens * 10 + ones));
        out
    };
    let mut out = String::new();
    for (group, unit) in [(n / 100_000_000, "オク"), (n / 10_000 % 10_000, "マン"), (n % 10_000, "")] {
        if group > 0 {
            out.push_str(&under_ten_thousand(group));
            out.push_str(unit);
        }
    }
    out
}

/// Below a thousand, in katakana (empty for zero).
fn under_rest(n: u64) -> String {
    const ONES: [&str; 10] = ["", "イチ", "ニ", "サン", "ヨン", "ゴ", "ロク", "ナナ", "ハチ", "キュー"];
    let (hundreds, tens, ones) = (n / 100, n / 10 % 10, n % 10);
    let hundred = match hundreds {
        0 => String::new(),
        1 => "ヒャク".into(),
        3 => "サンビャク".into(),
        6 => "ロッピャク".into(),
        8 => "ハッピャク".into(),
        d => format!("{}ヒャク", ONES[d as usize]),
    };
    let ten = match tens {
        0 => String::new(),
        1 => "ジュー".into(),
        d => format!("{}ジュー", ONES[d as usize]),
    };
    format!("{hundred}{ten}{}", ONES[ones as usize])
}

/// The runs of a phrase's sound: kana, Latin letters, digits, or an ending punctuation mark.
fn runs(said: &str) -> Vec<String> {
    let class = |c: char| match c {
        'a'..='z' | 'A'..='Z' => 1,
        '0'..='9' => 2,
        '.' | ',' | '!' | '?' => 3,
        _ if kana(c).is_some() || katakana(c) == NASAL => 0,
        _ => 4,
    };
    let mut out: Vec<(u8, String)> = Vec::new();
    for c in said.chars() {
        let k = class(c);
        match out.last_mut() {
            Some((last, run)) if *last == k && k != 3 => run.push(c),
            _ if k == 4 => {}
            _ => out.push((k, c.to_string())),
        }
    }
    out.into_iter().map(|(_, run)| run).collect()
}

/// The Latin words of the phrases (brand names, English), to be spelled in English.
pub fn latin_words(phrases: &[Phrase]) -> Vec<String> {
    phrases
        .iter()
        .flat_map(|p| runs(&p.said))
        .filter(|run| run.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
        .collect()
}

/// A text's phrases spelled for the model: each phrase a word (where it is written), clauses
/// cut at its punctuation. `english` spells the Latin words ([`latin_words`]).
pub fn spell(phrases: &[Phrase], english: &HashMap<String, String>) -> Spelled {
    let mut writer = super::Writer::default();
    for phrase in phrases {
        // Kana (numbers read as kana) are spelled together, so a nasal sounds as what follows it.
        let (mut ipa, mut kana) = (String::new(), String::new());
        let mut end = None;
        for run in runs(&phrase.said) {
            match run.chars().next() {
                Some(p @ ('.' | ',' | '!' | '?')) => end = Some(p),
                Some(c) if c.is_ascii_digit() => kana.push_str(&number(&run)),
                Some(c) if c.is_ascii_alphabetic() => {
                    ipa.push_str(&moras(&std::mem::take(&mut kana)));
                    ipa.push_str(english.get(&run).map_or("", String::as_str));
                }
                _ => kana.push_str(&run),
            }
        }
        ipa.push_str(&moras(&kana));
        writer.word(phrase.char_start, ipa);
        if let Some(end) = end {
            writer.end(end);
        }
    }
    writer.done()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kana_are_spelled_mora_by_mora() {
        let cases = [
            ("トーキョーワ", "toːkʲoːβa"),
            ("キンヨービヲ", "kʲiɴjoːbʲio"),
            ("シンブン", "ɕimbɯɴ"),
            ("サンカ", "saŋka"),
            ("コンニチワ", "koɲɲiʨiβa"),
            ("ガッコー", "ɡaʔkoː"),
            ("チャンス", "ʨaɴsɨ"),
            ("ティーシャツ", "tʲiːɕaʦɨ"),
            ("ファイル", "ɸaiɾɯ"),
            ("ウェブ", "βebɯ"),
            ("ジュース", "ʥɨːsɨ"),
            ("ひらがな", "çiɾaɡana"),
        ];
        for (kana, ipa) in cases {
            assert_eq!(moras(kana), ipa, "{kana}");
        }
    }

    #[test]
    fn numbers_are_read_in_japanese() {
        assert_eq!(number("3"), "サン");
        assert_eq!(number("10"), "ジュー");
        assert_eq!(number("300"), "サンビャク");
        assert_eq!(number("2026"), "ニセンニジューロク");
        assert_eq!(number("8000"), "ハッセン");
        assert_eq!(number("15000"), "イチマンゴセン");
        assert_eq!(number("007"), "ゼロゼロナナ");
    }

    #[test]
    fn phrases_are_words_where_they_are_written_in_clauses() {
        let phrases = vec![
            Phrase { char_start: 0, said: "キョーカラ".into() },
            Phrase { char_start: 4, said: "RotaChefデ".into() },
            Phrase { char_start: 13, said: "3プンデ,".into() },
            Phrase { char_start: 17, said: "オワリマス.".into() },
        ];
        assert_eq!(latin_words(&phrases), ["RotaChef"]);
        let english = HashMap::from([("RotaChef".to_string(), "ɹˈoʊɾəʃˌɛf".to_string())]);
        let spelled = spell(&phrases, &english);
        let words: Vec<(usize, &str)> = spelled.words.iter().map(|w| (w.char_start, w.ipa.as_str())).collect();
        assert_eq!(words, [(0, "kʲoːkaɾa"), (4, "ɹˈoʊɾəʃˌɛfde"), (13, "sampɯnde"), (17, "oβaɾʲimasɨ")]);
        let clauses: Vec<(&str, Option<char>)> = spelled.clauses.iter().map(|c| (c.ipa.as_str(), c.end)).collect();
        assert_eq!(clauses, [("kʲoːkaɾa ɹˈoʊɾəʃˌɛfde sampɯnde", Some(',')), ("oβaɾʲimasɨ", Some('.'))]);
    }
}
