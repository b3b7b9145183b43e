//! Which emoji a text names, and how surely: its words and phrases looked up among one
//! language's CLDR keywords and names — whole, by stem for inflected forms (a plural, a case
//! ending, a particle after a Korean noun, an Arabic article), and inside the words of scripts
//! written without spaces at ICU's word breaks — and, beside the surest, what shares a rare
//! keyword with it (a tooth beside a toothbrush: both are "teeth").

use std::collections::HashMap;
use std::sync::LazyLock;

use icu_segmenter::WordSegmenter;
use icu_segmenter::options::WordBreakInvariantOptions;

use super::data::{Index, fold};

static SEGMENTER: LazyLock<icu_segmenter::WordSegmenterBorrowed<'static>> =
    LazyLock::new(|| WordSegmenter::new_dictionary(WordBreakInvariantOptions::default()));

/// An emoji a text names: its position in the set, its score, and the keywords that named it.
#[derive(Debug, Clone)]
pub struct Named {
    pub emoji: u32,
    pub score: f32,
    pub keywords: Vec<u32>,
}

/// How surely a found keyword names what the text means.
const WHOLE: f32 = 1.0;
/// A keyword of several words, found whole: more specific than any one of them.
const PHRASE: f32 = 1.3;
/// An inflected form of a keyword.
const STEM: f32 = 0.7;
/// Another form of a long word from a stem of only four letters ("dentist" for "dental"; also
/// "clinking" for "clinic", hence so little).
const LOOSE: f32 = 0.35;
/// A keyword inside a longer word of a script without spaces (歯 in 歯医者).
const INSIDE: f32 = 0.6;
/// One ideograph inside a longer word.
const GLYPH: f32 = 0.3;

fn is_cj(c: char) -> bool {
    matches!(u32::from(c), 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF)
}

fn is_ideograph(c: char) -> bool {
    matches!(u32::from(c), 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF)
}

fn is_thai(c: char) -> bool {
    matches!(u32::from(c), 0x0E00..=0x0E7F)
}

fn is_katakana(c: char) -> bool {
    matches!(u32::from(c), 0x30A0..=0x30FF)
}

fn is_hangul(c: char) -> bool {
    matches!(u32::from(c), 0xAC00..=0xD7A3)
}

fn is_arabic(c: char) -> bool {
    matches!(u32::from(c), 0x0600..=0x06FF)
}

/// The text's words, folded: split at spaces and at punctuation (not inside a word: "on-chain").
fn words(text: &str) -> Vec<String> {
    fold(text)
        .split(|c: char| c.is_whitespace() || (!c.is_alphanumeric() && !is_word_inner(c)))
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && !is_mark(c)))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Joins within a word.
fn is_word_inner(c: char) -> bool {
    c == '-' || c == '\'' || c == '’' || is_mark(c)
}

/// Combining marks of the Indic scripts (a virama is no letter, yet inside the word).
fn is_mark(c: char) -> bool {
    matches!(u32::from(c), 0x0900..=0x0DFF) && !c.is_alphanumeric() && !matches!(u32::from(c), 0x0964 | 0x0965)
}

/// Scores of every emoji `text` (in `language`) names in `index`, best first.
pub fn named(index: &Index, text: &str, language: &str) -> Vec<Named> {
    let mut found: HashMap<u32, f32> = HashMap::new();
    let mut hit = |id: u32, weight: f32| {
        let best = found.entry(id).or_insert(0.0);
        *best = best.max(weight);
    };
    let words = words(text);
    for (i, word) in words.iter().enumerate() {
        if names_nothing(word, language) {
            continue;
        }
        if word.chars().any(|c| is_cj(c) || is_thai(c)) {
            inside(index, word, &mut hit);
        }
        // Phrases of three words, then two, then the word alone.
        for n in (2..=3).rev().filter(|n| i + n <= words.len()) {
            if let Some(&id) = index.keywords.get(&words[i..i + n].join(" ")) {
                hit(id, PHRASE);
            }
        }
        if let Some(&id) = forms(word).find_map(|form| index.keywords.get(&form)) {
            hit(id, WHOLE);
        }
        // Other forms too: "dental" names a toothbrush, and is the dentist's tooth.
        stems(index, word).into_iter().for_each(|(id, weight)| hit(id, weight));
    }
    let mut scores = scored(index, found);
    related(index, &mut scores);
    scores
}

/// How much what shares a keyword with the surest emoji counts, of its score.
const RELATED: f32 = 0.5;

/// Adds to `scores` what shares a keyword with the surest one and no other emoji (a backpack's
/// "backpacking" with a hiking boot), which its text did not name: the second thing of a
/// subject its words name only once.
fn related(index: &Index, scores: &mut Vec<Named>) {
    let Some(top) = scores.first().cloned() else { return };
    for &id in &index.keywords_of[top.emoji as usize] {
        let named = &index.named[id as usize];
        if named.len() != 2 || top.keywords.contains(&id) {
            continue;
        }
        let score = top.score * RELATED;
        for &emoji in named {
            if !scores.iter().any(|n| n.emoji == emoji) {
                scores.push(Named { emoji, score, keywords: vec![id] });
            }
        }
    }
    scores.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.emoji.cmp(&b.emoji)));
}

/// Whether `word` is too small to name a thing: one of its language's commonest small words, a
/// number, or under three letters in a script that spells words with letters (a Hangul
/// syllable or an ideograph may be a word).
fn names_nothing(word: &str, language: &str) -> bool {
    let syllabic = word.chars().any(|c| is_hangul(c) || is_cj(c));
    crate::reading::language::is_small_word(language, word)
        || word.chars().all(|c| c.is_numeric())
        || (!syllabic && word.chars().count() < 3)
}

/// `word` and, in Arabic, the word without a leading article or conjunction, and a feminine
/// plural as its singular (سيارات, سيارة).
fn forms(word: &str) -> impl Iterator<Item = String> + '_ {
    const CLITICS: [&str; 10] = ["", "وال", "بال", "فال", "لل", "ال", "و", "ب", "ل", "ف"];
    let arabic = word.chars().next().is_some_and(is_arabic);
    let bare = CLITICS
        .iter()
        .filter(move |c| c.is_empty() || arabic)
        .filter_map(move |c| word.strip_prefix(c))
        .filter(|rest| rest.chars().count() >= 2);
    bare.flat_map(move |rest| {
        let singular = rest.strip_suffix("ات").filter(|_| arabic).map(|stem| format!("{stem}ة"));
        std::iter::once(rest.to_string()).chain(singular)
    })
}

/// Keywords that are another form of `word`: the keyword and an ending ("cars", "invoices",
/// a Korean noun and its particle), the word and one letter more, or both from one stem of at
/// least five letters (two Hangul syllables, three kana; four between words of six or more, with
/// four after it) with at most three letters after it ("машину", "машина"). Not "just" for "justice", nor "clinic"
/// for "clink".
fn stems(index: &Index, word: &str) -> Vec<(u32, f32)> {
    let chars: Vec<char> = word.chars().collect();
    let stem_least = match chars.first() {
        Some(&c) if is_hangul(c) => 2,
        Some(&c) if is_katakana(c) => 3,
        Some(&c) if is_arabic(c) => 5,
        Some(&c) if is_cj(c) || is_thai(c) => return Vec::new(),
        _ => 5,
    };
    let least = stem_least.min(3);
    let longest_ending = if chars.first().is_some_and(char::is_ascii_alphabetic) { 2 } else { 3 };
    if chars.len() < least + 1 {
        return Vec::new();
    }
    let alike = |keyword: &String| {
        let length = keyword.chars().count();
        let common = keyword.chars().zip(&chars).take_while(|(a, b)| a == *b).count();
        let (left, right) = (length - common, chars.len() - common);
        let sure = match (left, right) {
            // The keyword and an ending: at most two letters on a keyword of three; in the Latin
            // script two at most, a plural or a case, as three make another word ("staffing" is no
            // staff, "falling" no fall).
            (0, ending) => length >= least && ending <= longest_ending.min(length - 1),
            // One letter more only on a word of five or more: "came" is no "camel".
            (1, 0) => chars.len() >= 5,
            _ => common >= stem_least && left <= 3 && right <= 3,
        };
        // Long words may share a shorter stem ("dental", "dentist").
        let loose = common >= 4 && length >= 6 && chars.len() >= 6 && left <= 4 && right <= 4;
        (sure || loose).then_some(if sure { STEM } else { LOOSE })
    };
    let stem: String = chars[..least].iter().collect();
    let from = index.sorted.partition_point(|k| k.as_str() < stem.as_str());
    index.sorted[from..]
        .iter()
        .take_while(|k| k.starts_with(&stem))
        .filter_map(|k| Some((*index.keywords.get(k)?, alike(k)?)))
        .collect()
}

/// Keywords inside a word of a script without spaces: whole words (between ICU's word breaks)
/// surely, longer keywords inside a word less so, a single ideograph inside a word least; Thai
/// only at word breaks (its letters alone mean nothing).
fn inside(index: &Index, word: &str, hit: &mut impl FnMut(u32, f32)) {
    let chars: Vec<char> = word.chars().collect();
    let mut breaks = vec![false; chars.len() + 1];
    let mut char_at = vec![0usize; word.len() + 1];
    for (i, (b, _)) in word.char_indices().enumerate() {
        char_at[b] = i;
    }
    char_at[word.len()] = chars.len();
    for b in SEGMENTER.segment_str(word) {
        breaks[char_at[b]] = true;
    }
    for start in 0..chars.len() {
        for len in 1..=index.longest.min(chars.len() - start) {
            let piece: String = chars[start..start + len].iter().collect();
            let Some(&id) = index.keywords.get(&piece) else { continue };
            // Short kana-only words are particles and adverbs here ("すぐ"), not things.
            if len <= 3 && chars[start..start + len].iter().all(|&c| matches!(u32::from(c), 0x3040..=0x309F)) {
                continue;
            }
            let whole = breaks[start] && breaks[start + len];
            let weight = match (whole, len) {
                (true, _) => WHOLE,
                _ if is_thai(chars[start]) => continue,
                (false, 1) if is_ideograph(chars[start]) => GLYPH,
                (false, 1) => continue,
                (false, _) => INSIDE,
            };
            hit(id, weight);
        }
    }
}

/// Each emoji's score: what named it, each keyword weighed by how few emoji share it, more when
/// the keyword is the emoji's own name, and a little more for each of its keywords the found one
/// is part of (車 names sixteen vehicles; 自動車 and 乗用車 make the car the one it names most).
fn scored(index: &Index, found: HashMap<u32, f32>) -> Vec<Named> {
    let mut by_emoji: HashMap<u32, Named> = HashMap::new();
    for (id, weight) in found {
        let (named, rarity) = (&index.named[id as usize], index.rarity[id as usize]);
        let keyword = index.words[id as usize].as_str();
        for &emoji in named {
            let own = fold(&index.names[emoji as usize]) == keyword;
            let around =
                index.keywords_of[emoji as usize].iter().filter(|&&k| index.words[k as usize].contains(keyword));
            let central = 1.0 + 0.1 * around.count().saturating_sub(1) as f32;
            let entry = by_emoji.entry(emoji).or_insert(Named { emoji, score: 0.0, keywords: Vec::new() });
            entry.score += weight * rarity * central * if own { 1.5 } else { 1.0 };
            entry.keywords.push(id);
        }
    }
    let mut out: Vec<Named> = by_emoji.into_values().collect();
    out.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.emoji.cmp(&b.emoji)));
    out
}
