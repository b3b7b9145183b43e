//! Whisper's tokens as text: its vocabulary, written in GPT-2's byte-to-character form, turned
//! back into bytes, and a transcript's tokens turned into words, each starting at the frame its
//! first token was aligned to.

use std::collections::HashMap;

use crate::media::transcribe::Word;

/// Milliseconds per aligned frame (the encoder's 50 frames a second).
const FRAME_MS: u64 = 20;

/// The model's tokens: each as the bytes it stands for, and the special ones by name.
pub struct Vocabulary {
    bytes: Vec<Vec<u8>>,
    special: HashMap<String, usize>,
}

impl Vocabulary {
    /// From `vocabulary.txt`, one token per line in id order.
    pub fn parse(text: &str) -> Result<Vocabulary, String> {
        let table = byte_of_char();
        let (mut bytes, mut special) = (Vec::new(), HashMap::new());
        for (id, token) in text.lines().enumerate() {
            if token.starts_with("<|") && token.ends_with("|>") {
                special.insert(token.to_string(), id);
                bytes.push(Vec::new());
            } else {
                let decoded: Option<Vec<u8>> = token.chars().map(|c| table.get(&c).copied()).collect();
                bytes.push(decoded.ok_or_else(|| format!("token {id} is not in GPT-2's byte alphabet"))?);
            }
        }
        if !special.contains_key("<|endoftext|>") || !special.contains_key("<|startoftranscript|>") {
            return Err("the vocabulary has no start or end token".into());
        }
        Ok(Vocabulary { bytes, special })
    }

    /// The id of a special token such as `<|ja|>`.
    pub fn special(&self, name: &str) -> Option<usize> {
        self.special.get(name).copied()
    }

    /// Words of the text tokens `ids` (special ones are skipped), each timed by `starts` (the
    /// frame each token starts at) plus `offset_ms`. With `spaced`, a word is what lies between
    /// spaces; otherwise (Japanese, Chinese, Thai) each whole character the tokens spell is one.
    pub fn words(&self, ids: &[usize], starts: &[u64], offset_ms: u64, spaced: bool) -> Vec<Word> {
        let mut words: Vec<Word> = Vec::new();
        let mut pending: Vec<u8> = Vec::new();
        let mut pending_start = None;
        // Where the next token after the last word starts (the end of text, as a rule).
        let mut closed_at = None;
        let at = |i: usize| offset_ms + starts.get(i).copied().unwrap_or(0) * FRAME_MS;
        for (i, &id) in ids.iter().enumerate() {
            let Some(bytes) = self.bytes.get(id).filter(|b| !b.is_empty()) else {
                closed_at = closed_at.or(Some(at(i)).filter(|_| !words.is_empty()));
                continue;
            };
            closed_at = None;
            pending.extend_from_slice(bytes);
            let start = *pending_start.get_or_insert(at(i));
            // A character may take several tokens: wait until the bytes spell whole ones.
            let Ok(text) = std::str::from_utf8(&pending) else { continue };
            for piece in pieces(text, spaced) {
                match (piece.starts_new, words.last_mut()) {
                    (false, Some(last)) => last.text.push_str(piece.text),
                    _ => words.push(Word { text: piece.text.to_string(), start, end: start }),
                }
            }
            pending.clear();
            pending_start = None;
        }
        // Each word lasts until the next begins; the last one until the end of text.
        for i in 0..words.len() {
            let next = words.get(i + 1).map(|w| w.start).or(closed_at).unwrap_or(words[i].start + 300);
            words[i].end = next.max(words[i].start);
        }
        words.retain(|w| w.text.chars().any(char::is_alphanumeric));
        words
    }
}

/// A run of decoded text and whether it begins a word.
struct Piece<'a> {
    text: &'a str,
    starts_new: bool,
}

fn pieces(text: &str, spaced: bool) -> Vec<Piece<'_>> {
    if spaced {
        let trimmed = text.trim_start();
        let starts_new = trimmed.len() < text.len();
        return (!trimmed.is_empty()).then_some(Piece { text: trimmed, starts_new }).into_iter().collect();
    }
    text.char_indices()
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(i, c)| Piece {
            text: &text[i..i + c.len_utf8()],
            // Punctuation stays with the character before it.
            starts_new: c.is_alphanumeric(),
        })
        .collect()
}

/// GPT-2's table: printable bytes stand for themselves, the others for characters from U+0100.
fn byte_of_char() -> HashMap<char, u8> {
    let printable = |b: u8| matches!(b, b'!'..=b'~' | 0xA1..=0xAC | 0xAE..=0xFF);
    let mut next = 256u32;
    (0..=255u8)
        .map(|b| {
            let c = if printable(b) {
                char::from(b)
            } else {
                next += 1;
                char::from_u32(next - 1).unwrap_or('\u{FFFD}')
            };
            (c, b)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocabulary() -> Vocabulary {
        // Ids 0..: "Ġhello" (space + hello), ",", "Ġworld", the two halves of "日" (E6 97 A5),
        // "本", and the specials.
        let lines = ["Ġhello", ",", "Ġworld", "æĹ", "¥", "æľ¬", "<|endoftext|>", "<|startoftranscript|>", "<|ja|>"];
        Vocabulary::parse(&lines.join("\n")).unwrap()
    }

    #[test]
    fn tokens_spell_their_bytes_and_specials_are_named() {
        let table = byte_of_char();
        assert_eq!(table.len(), 256);
        assert_eq!((table[&'Ġ'], table[&'a']), (b' ', b'a'));
        let v = vocabulary();
        assert_eq!((v.special("<|ja|>"), v.special("<|fr|>")), (Some(8), None));
        assert!(Vocabulary::parse("Ġa\nb").is_err(), "no start or end token");
    }

    #[test]
    fn spaced_words_take_their_first_tokens_frame_and_keep_their_punctuation() {
        let words = vocabulary().words(&[7, 0, 1, 2, 6], &[0, 10, 20, 30, 40], 1_000, true);
        let got: Vec<(&str, u64, u64)> = words.iter().map(|w| (w.text.as_str(), w.start, w.end)).collect();
        assert_eq!(got, [("hello,", 1_200, 1_600), ("world", 1_600, 1_800)]);
    }

    #[test]
    fn unspaced_characters_are_words_even_when_one_spans_two_tokens() {
        let words = vocabulary().words(&[3, 4, 5], &[5, 9, 14], 0, false);
        let got: Vec<(&str, u64)> = words.iter().map(|w| (w.text.as_str(), w.start)).collect();
        assert_eq!(got, [("日", 100), ("本", 280)]);
    }
}
