//! Caption words: the units a caption is highlighted in, one at a time, and when each is
//! spoken. Scripts with spaces split at them; Chinese by its words, Japanese by short phrases,
//! Thai by its word breaks (all from ICU's dictionaries). Times come from anchors (where the voice
//! says a character starts: the synthesizer's word events, a speech endpoint's word times, or
//! a transcription aligned to the caption), interpolated between them, and trimmed to the
//! sound so the silences between words fall between their times.

use std::ops::Range;
use std::sync::LazyLock;

use icu_segmenter::WordSegmenter;
use icu_segmenter::options::WordBreakInvariantOptions;
use serde::{Deserialize, Serialize};

/// A caption word and when it is said.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Word {
    /// The unit as written, with the space that follows it (so words concatenate back to the
    /// caption).
    pub text: String,
    /// Milliseconds into the voice track.
    pub start: u64,
    pub end: u64,
    /// Where the word is drawn in its beat's picture, one box per line it sits on: x, y, width,
    /// height in pixels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boxes: Vec<[u32; 4]>,
}

static SEGMENTER: LazyLock<icu_segmenter::WordSegmenterBorrowed<'static>> =
    LazyLock::new(|| WordSegmenter::new_dictionary(WordBreakInvariantOptions::default()));

/// Longest Chinese or Japanese phrase shown as one unit, in characters.
const PHRASE_CHARS: usize = 5;

fn is_cj(c: char) -> bool {
    matches!(u32::from(c), 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF)
}

fn is_thai(c: char) -> bool {
    matches!(u32::from(c), 0x0E00..=0x0E7F)
}

fn is_hiragana(c: char) -> bool {
    matches!(u32::from(c), 0x3040..=0x309F)
}

/// Thai vowel signs and tone marks sit on a consonant: they do not count as letters.
fn is_thai_mark(c: char) -> bool {
    matches!(u32::from(c), 0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E)
}

/// The caption's units as character ranges that cover it entirely, each with its trailing
/// spaces and punctuation.
pub fn units(text: &str) -> Vec<Range<usize>> {
    let chars: Vec<char> = text.chars().collect();
    // Byte offset → character index, for the segmenter's byte boundaries.
    let mut char_at = vec![0usize; text.len() + 1];
    for (i, (b, _)) in text.char_indices().enumerate() {
        char_at[b] = i;
    }
    char_at[text.len()] = chars.len();
    let mut out: Vec<Range<usize>> = Vec::new();
    // Leading spaces go with the first word.
    let mut start = chars.iter().take_while(|c| c.is_whitespace()).count();
    while start < chars.len() {
        // A token: what lies between spaces, with the spaces after it.
        let mut end = start;
        while end < chars.len() && !chars[end].is_whitespace() {
            end += 1;
        }
        let word_end = end;
        while end < chars.len() && chars[end].is_whitespace() {
            end += 1;
        }
        if japanese(&chars) && chars[start..word_end].iter().any(|&c| is_cj(c)) {
            for phrase in japanese_phrases(&chars, start..word_end) {
                out.push(phrase);
            }
            if let Some(last) = out.last_mut() {
                last.end = end;
            }
        } else if chars[start..word_end].iter().any(|&c| is_cj(c) || is_thai(c)) {
            let from = text.char_indices().nth(start).map_or(text.len(), |(b, _)| b);
            let to = text.char_indices().nth(word_end).map_or(text.len(), |(b, _)| b);
            let cuts: Vec<usize> =
                SEGMENTER.segment_str(&text[from..to]).map(|b| char_at[from + b]).filter(|&c| c > start).collect();
            let mut piece_start = start;
            for cut in cuts {
                // An opening bracket or quote belongs to the words it opens.
                if cut < word_end && chars[piece_start..cut].iter().all(|&c| opening(c)) {
                    continue;
                }
                join(&mut out, &chars, piece_start..cut);
                piece_start = cut;
            }
            if let Some(last) = out.last_mut() {
                last.end = end;
            }
        } else if word_end > start {
            join(&mut out, &chars, start..end);
        } else if let Some(last) = out.last_mut() {
            last.end = end;
        } else {
            out.push(start..end);
        }
        start = end;
    }
    if let Some(first) = out.first_mut() {
        first.start = 0;
    }
    out
}

/// Where words start in `chars` by ICU's dictionaries (character indices): where a Chinese or
/// Japanese phrase too wide for a line may still be broken without splitting a word.
pub fn word_starts(chars: &[char]) -> std::collections::HashSet<usize> {
    let text: String = chars.iter().collect();
    let mut char_at = vec![0usize; text.len() + 1];
    for (i, (b, _)) in text.char_indices().enumerate() {
        char_at[b] = i;
    }
    char_at[text.len()] = chars.len();
    SEGMENTER.segment_str(&text).map(|b| char_at[b]).collect()
}

/// Adds a segment as a unit of its own or onto the unit before it: punctuation and spaces
/// always join the unit before; Thai fragments too short to be words join the word before;
/// Chinese words stay words (Japanese is cut into phrases by `japanese_phrases`).
fn join(out: &mut Vec<Range<usize>>, chars: &[char], piece: Range<usize>) {
    let text = &chars[piece.clone()];
    let Some(last) = out.last_mut() else {
        out.push(piece);
        return;
    };
    let previous = &chars[last.clone()];
    let ended = previous.last().is_some_and(|c| c.is_whitespace() || is_stop(*c));
    let letters = |s: &[char]| s.iter().filter(|c| c.is_alphanumeric() && !is_thai_mark(**c)).count();
    let joins = if !text.iter().any(|c| c.is_alphanumeric()) {
        true
    } else if ended {
        false
    } else if text.iter().any(|&c| is_thai(c)) {
        letters(text) < 3 && previous.iter().any(|&c| is_thai(c))
    } else {
        false
    };
    if joins { last.end = piece.end } else { out.push(piece) }
}

/// Whether a caption is Japanese (it has kana): its words gather into phrases, where Chinese
/// words are lit one by one.
fn japanese(chars: &[char]) -> bool {
    chars.iter().any(|&c| matches!(u32::from(c), 0x3040..=0x30FF))
}

/// Japanese phrases (bunsetsu, roughly) of `chars[run]`, a stretch without spaces: a word in
/// kanji, katakana or Latin letters with the hiragana after it (its inflection and particles;
/// a one-kana particle followed by more kana ends it) and the punctuation that closes it; a
/// phrase longer than twice [`PHRASE_CHARS`] is cut where
/// ICU's dictionary finds words. Runs of hiragana are never cut inside by the dictionary's
/// guesses (ください, すぐに), which split words where ICU reads kana alone.
fn japanese_phrases(chars: &[char], run: Range<usize>) -> Vec<Range<usize>> {
    let closing = |c: char| "」』）】〉》〕".contains(c);
    let stop = |c: char| is_stop(c) || c == '・';
    let mut out = Vec::new();
    let mut at = run.start;
    while at < run.end {
        let from = at;
        while at < run.end && !is_hiragana(chars[at]) && !stop(chars[at]) && !closing(chars[at]) {
            at += 1;
        }
        // A one-kana particle right after the word closes the phrase when more kana follow:
        // they start the next one (アプリを|ためして, 天気が|いい).
        let particle =
            at > from && at + 1 < run.end && "をがはにでとものへや".contains(chars[at]) && is_hiragana(chars[at + 1]);
        if particle {
            at += 1;
        }
        while !particle && at < run.end && (is_hiragana(chars[at]) || closing(chars[at])) {
            at += 1;
        }
        while at < run.end && stop(chars[at]) {
            at += 1;
        }
        at = at.max(from + 1);
        out.extend(shorter(chars, from..at));
    }
    out
}

/// `phrase` as it is, or cut at ICU's word starts into pieces of at most twice [`PHRASE_CHARS`]
/// when it is longer.
fn shorter(chars: &[char], phrase: Range<usize>) -> Vec<Range<usize>> {
    if phrase.len() <= 2 * PHRASE_CHARS {
        return vec![phrase];
    }
    let starts = word_starts(&chars[phrase.clone()]);
    let mut out = Vec::new();
    let mut from = phrase.start;
    for (at, &c) in chars.iter().enumerate().take(phrase.end).skip(phrase.start + 1) {
        if at - from >= PHRASE_CHARS && starts.contains(&(at - phrase.start)) && !is_stop(c) {
            out.push(from..at);
            from = at;
        }
    }
    out.push(from..phrase.end);
    out
}

/// Brackets and quotes that open what follows them.
fn opening(c: char) -> bool {
    "「『（【〈《〔“‘(［".contains(c)
}

/// Punctuation that ends a phrase.
fn is_stop(c: char) -> bool {
    "、。，．！？：；,.!?;:…".contains(c)
}

/// Times for `units` of a caption spoken during `span` (ms): each unit starts at its first
/// anchor (a character index and when the voice reaches it), else where the characters fall
/// between the anchors around it, and ends where the next starts. Times never go backwards.
pub fn timed(units: &[Range<usize>], chars: usize, anchors: &[(usize, u64)], span: (u64, u64)) -> Vec<(u64, u64)> {
    let (from, until) = (span.0, span.1.max(span.0));
    let mut known: Vec<(usize, u64)> =
        anchors.iter().copied().filter(|&(c, t)| c < chars.max(1) && (from..=until).contains(&t)).collect();
    known.sort_unstable();
    // Ends of the caption, unless an anchor says otherwise.
    let mut points = vec![(0usize, from)];
    points.extend(known.iter().copied().filter(|&(c, _)| c > 0));
    if known.first().is_some_and(|&(c, _)| c == 0) {
        points[0] = known[0];
    }
    points.push((chars.max(1), until));
    // Times must not go backwards along the caption.
    for i in 1..points.len() {
        points[i].1 = points[i].1.max(points[i - 1].1);
    }
    let at = |c: usize| -> u64 {
        let after = points.iter().position(|&(pc, _)| pc >= c).unwrap_or(points.len() - 1);
        let (c1, t1) = points[after];
        if c1 == c || after == 0 {
            return t1;
        }
        let (c0, t0) = points[after - 1];
        t0 + (t1 - t0) * (c - c0) as u64 / (c1 - c0).max(1) as u64
    };
    let starts: Vec<u64> = units
        .iter()
        .map(|u| known.iter().find(|&&(c, _)| u.contains(&c)).map_or_else(|| at(u.start), |&(_, t)| t))
        .scan(from, |floor, t| {
            *floor = t.max(*floor);
            Some(*floor)
        })
        .collect();
    (0..units.len()).map(|i| (starts[i], starts.get(i + 1).copied().unwrap_or(until))).collect()
}

/// Narrows each time to where there is sound in `samples` (mono, `rate` Hz, times in ms from
/// `offset`): silence at a word's edges belongs to the gap between words. A word with no sound
/// keeps its time.
pub fn trim_to_sound(times: &mut [(u64, u64)], samples: &[i16], rate: u32, offset: u64) {
    const FRAME_MS: u64 = 10;
    // Silence this long inside a word's time is a pause, not part of the word.
    const PAUSE_MS: u64 = 100;
    let per_frame = (u64::from(rate) * FRAME_MS / 1000).max(1) as usize;
    let levels: Vec<f64> = samples
        .chunks(per_frame)
        .map(|w| (w.iter().map(|&v| f64::from(v) * f64::from(v)).sum::<f64>() / w.len() as f64).sqrt())
        .collect();
    let mut sorted = levels.clone();
    sorted.sort_by(f64::total_cmp);
    let loud = sorted.get(sorted.len() * 95 / 100).copied().unwrap_or(0.0);
    if loud < 30.0 {
        return;
    }
    let threshold = loud * 0.06;
    for (start, end) in times.iter_mut() {
        let first = (start.saturating_sub(offset) / FRAME_MS) as usize;
        let last = (end.saturating_sub(offset).div_ceil(FRAME_MS) as usize).min(levels.len());
        if first >= last {
            continue;
        }
        // Stretches of sound in the word's time, joined across gaps shorter than a pause (a
        // stop consonant's closure); the word is the first that lasts (not the tail of the word
        // before), or the longest.
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for f in (first..last).filter(|&f| levels[f] >= threshold) {
            match runs.last_mut() {
                Some(run) if (f - run.1) as u64 * FRAME_MS < PAUSE_MS => run.1 = f,
                _ => runs.push((f, f)),
            }
        }
        let long = |run: &&(usize, usize)| (run.1 - run.0 + 1) as u64 * FRAME_MS >= 40;
        let Some(&(a, b)) = runs.iter().find(long).or_else(|| runs.iter().max_by_key(|r| r.1 - r.0)) else {
            continue;
        };
        let (new_start, new_end) = (offset + a as u64 * FRAME_MS, offset + (b as u64 + 1) * FRAME_MS);
        *start = new_start.max(*start);
        *end = new_end.min(*end).max(*start);
    }
}

/// Aligns recognised words (a transcription of the caption's audio, with times) to the
/// caption's units by their letters, as anchors for [`timed`]: the longest common subsequence
/// of normalised words, so words the recogniser missed or misheard are interpolated.
pub fn align(units: &[Range<usize>], chars: &[char], heard: &[(String, u64)]) -> Vec<(usize, u64)> {
    let norm = |s: &str| s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect::<String>();
    let ours: Vec<String> = units.iter().map(|u| norm(&chars[u.clone()].iter().collect::<String>())).collect();
    let theirs: Vec<String> = heard.iter().map(|(w, _)| norm(w)).collect();
    let (n, m) = (ours.len(), theirs.len());
    let mut table = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            table[i][j] = if !ours[i].is_empty() && ours[i] == theirs[j] {
                table[i + 1][j + 1] + 1
            } else {
                table[i + 1][j].max(table[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < n && j < m {
        if !ours[i].is_empty() && ours[i] == theirs[j] {
            out.push((units[i].start, heard[j].1));
            i += 1;
            j += 1;
        } else if table[i + 1][j] >= table[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

/// The caption's words, timed: `anchors` as in [`timed`], then trimmed to the sound of the
/// beat (`samples` starting at `span.0`).
pub fn words(text: &str, anchors: &[(usize, u64)], span: (u64, u64), sound: Option<(&[i16], u32)>) -> Vec<Word> {
    let chars: Vec<char> = text.chars().collect();
    let units = units(text);
    let mut times = timed(&units, chars.len(), anchors, span);
    if let Some((samples, rate)) = sound {
        trim_to_sound(&mut times, samples, rate, span.0);
    }
    units
        .iter()
        .zip(times)
        .map(|(u, (start, end))| Word { text: chars[u.clone()].iter().collect(), start, end, boxes: Vec::new() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        units(text).into_iter().map(|u| chars[u].iter().collect()).collect()
    }

    #[test]
    fn captions_split_into_words_phrases_and_thai_words() {
        assert_eq!(
            split("Ship the page, then  render it."),
            vec!["Ship ", "the ", "page, ", "then  ", "render ", "it."]
        );
        assert_eq!(split("  leading"), vec!["  leading"]);
        assert_eq!(split("مرحبا بالعالم"), vec!["مرحبا ", "بالعالم"]);
        assert_eq!(split("我们今天去公园散步，好吗？"), vec!["我们", "今天", "去", "公园", "散步，", "好", "吗？"]);
        let ja = split("今日は天気がいいですね。散歩に行きましょう");
        assert_eq!(ja.concat(), "今日は天気がいいですね。散歩に行きましょう");
        assert!(ja.iter().all(|p| (2..=2 * PHRASE_CHARS).contains(&p.chars().count())), "{ja:?}");
        assert!(ja.iter().any(|p| p.ends_with('。')), "a phrase ends at the full stop: {ja:?}");
        assert_eq!(
            split("ページは数秒でできあがり、動画もすぐに作れます。"),
            ["ページは", "数秒で", "できあがり、", "動画も", "すぐに", "作れます。"]
        );
        assert_eq!(split("新しいアプリをためしてください。"), ["新しい", "アプリを", "ためしてください。"]);
        let long = split("これはとてもながいひらがなだけのぶんしょうでございます");
        assert!(long.len() >= 2 && long.iter().all(|p| p.chars().count() <= 2 * PHRASE_CHARS + 5), "{long:?}");
        let quoted = split("ください。「すごい」と言った");
        assert!(quoted.contains(&"「すごい」と".to_string()), "a bracket opens the phrase it starts: {quoted:?}");
        let th = split("สวัสดีครับ วันนี้อากาศดีมาก");
        assert_eq!(th.concat(), "สวัสดีครับ วันนี้อากาศดีมาก");
        assert!(th.len() >= 4, "Thai is cut at its word breaks: {th:?}");
        assert!(th.iter().all(|w| w.chars().filter(|c| !is_thai_mark(*c)).count() >= 3), "{th:?}");
        assert!(split("").is_empty());
    }

    #[test]
    fn units_start_at_their_anchors_and_are_interpolated_between() {
        let units = vec![0..5, 5..9, 9..15, 15..20];
        let times = timed(&units, 20, &[(0, 100), (9, 900)], (100, 2_100));
        assert_eq!(times[0], (100, times[1].0));
        assert!(times[1].0 > 100 && times[1].0 < 900, "{times:?}");
        assert_eq!(times[2].0, 900);
        assert_eq!(times[3], (900 + (2_100 - 900) * 6 / 11, 2_100));
        // An anchor out of order never sends a later word back in time.
        let times = timed(&units, 20, &[(5, 800), (9, 300)], (0, 1_000));
        assert!(times.windows(2).all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].0), "{times:?}");
        // Anchors outside the beat are ignored.
        let whole: Vec<Range<usize>> = vec![Range { start: 0, end: 3 }];
        assert_eq!(timed(&whole, 3, &[(0, 9_999)], (10, 20)), vec![(10, 20)]);
    }

    #[test]
    fn silence_at_the_edges_of_a_word_is_left_to_the_gap() {
        let rate = 1_000;
        // 100 ms silence, 200 ms tone, 300 ms silence, 100 ms tone.
        let mut samples = vec![0i16; 100];
        samples.extend((0..200).map(|i| if i % 2 == 0 { 5_000 } else { -5_000 }));
        samples.extend(vec![0; 300]);
        samples.extend((0..100).map(|i| if i % 2 == 0 { 5_000 } else { -5_000 }));
        let mut times = vec![(1_000, 1_600), (1_600, 1_700)];
        trim_to_sound(&mut times, &samples, rate, 1_000);
        assert_eq!(times, vec![(1_100, 1_300), (1_600, 1_700)]);
        // A word running into the next one's sound still ends at its own pause, and one that
        // starts on the last sound of the word before starts on its own.
        let mut times = vec![(1_000, 1_650), (1_280, 1_700)];
        trim_to_sound(&mut times, &samples, rate, 1_000);
        assert_eq!(times, vec![(1_100, 1_300), (1_600, 1_700)]);
    }

    #[test]
    fn heard_words_anchor_the_units_they_match() {
        let text = "Ship the page today";
        let chars: Vec<char> = text.chars().collect();
        let units = units(text);
        let heard =
            vec![("ship".to_string(), 10), ("a".to_string(), 300), ("page".to_string(), 400), ("today".into(), 800)];
        assert_eq!(align(&units, &chars, &heard), vec![(0, 10), (9, 400), (14, 800)]);
    }
}
