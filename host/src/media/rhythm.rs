//! A video's rhythm: spoken pieces (a script's sentences, a recording's words) grouped into beats
//! that end where sentences do, cut inside a sentence only at a clause end (else a pause) when it
//! is too long for one picture, and last long enough to read: a beat shorter than
//! [`MIN_BEAT_MS`], or of one word, joins a neighbour — within its sentence when it can.

use std::ops::Range;

/// The shortest beat: a picture shown for less cannot be read.
pub const MIN_BEAT_MS: u64 = 1_200;
/// The longest beat before a sentence is cut at a clause end: a caption of about twenty words.
pub const MAX_BEAT_MS: u64 = 6_500;
/// The most words in one beat's picture before a sentence is cut.
pub const MAX_BEAT_WORDS: usize = 20;

/// What ends a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Sentence,
    Clause,
    /// A pause in the speech, without punctuation.
    Pause,
    None,
}

/// A spoken piece: when it is said, how many words it has and what ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub start: u64,
    pub end: u64,
    pub words: usize,
    pub ends: End,
}

/// What ends `text`: a sentence or a clause by its last punctuation (closing quotes and
/// brackets looked through).
pub fn ending_of(text: &str) -> End {
    let last = text.trim_end().trim_end_matches(['"', '\'', '»', '”', '’', ')', '）', '」', '』']).chars().last();
    match last {
        Some('.' | '!' | '?' | '。' | '！' | '？' | '؟' | '।' | '॥' | '…') => End::Sentence,
        Some(',' | ';' | ':' | '、' | '，' | '；' | '：' | '،' | '؛' | '—' | '–') => End::Clause,
        _ => End::None,
    }
}

/// Groups `pieces` into beats, as ranges of them in order that cover them all.
pub fn group(pieces: &[Piece]) -> Vec<Range<usize>> {
    let mut beats = Vec::new();
    let mut from = 0;
    for (i, piece) in pieces.iter().enumerate() {
        if piece.ends == End::Sentence || i + 1 == pieces.len() {
            split_long(pieces, from..i + 1, &mut beats);
            from = i + 1;
        }
    }
    join_short(pieces, &mut beats);
    beats
}

fn span(pieces: &[Piece], beat: &Range<usize>) -> u64 {
    pieces[beat.end - 1].end.saturating_sub(pieces[beat.start].start)
}

fn words(pieces: &[Piece], beat: &Range<usize>) -> usize {
    pieces[beat.clone()].iter().map(|p| p.words).sum()
}

/// A sentence too long for one picture is cut in two where a clause ends nearest its middle
/// (else a pause, else the middle word), and each half again while it is too long.
fn split_long(pieces: &[Piece], sentence: Range<usize>, out: &mut Vec<Range<usize>>) {
    let long = span(pieces, &sentence) > MAX_BEAT_MS || words(pieces, &sentence) > MAX_BEAT_WORDS;
    if !long || sentence.len() < 2 {
        out.push(sentence);
        return;
    }
    let middle = (pieces[sentence.start].start + pieces[sentence.end - 1].end) / 2;
    let distance = |i: &usize| pieces[*i].end.abs_diff(middle);
    let inner = sentence.start..sentence.end - 1;
    let cut = [End::Clause, End::Pause]
        .iter()
        .find_map(|&kind| inner.clone().filter(|&i| pieces[i].ends == kind).min_by_key(distance))
        .unwrap_or_else(|| inner.clone().min_by_key(distance).unwrap_or(sentence.start));
    split_long(pieces, sentence.start..cut + 1, out);
    split_long(pieces, cut + 1..sentence.end, out);
}

/// Joins each beat too short (or of one word) to a neighbour until none is: to the one in its
/// own sentence if there is one, else the shorter.
fn join_short(pieces: &[Piece], beats: &mut Vec<Range<usize>>) {
    let short = |b: &Range<usize>| span(pieces, b) < MIN_BEAT_MS || words(pieces, b) <= 1;
    while beats.len() > 1 {
        let Some(k) = beats.iter().position(short) else { break };
        let same_sentence = |a: &Range<usize>| pieces[a.end - 1].ends != End::Sentence;
        let before = k.checked_sub(1);
        let after = (k + 1 < beats.len()).then_some(k + 1);
        let with = match (before, after) {
            (Some(b), None) => b,
            (None, Some(a)) => a,
            (Some(b), Some(a)) => {
                let (joins_before, joins_after) = (same_sentence(&beats[b]), same_sentence(&beats[k]));
                match (joins_before, joins_after) {
                    (true, false) => b,
                    (false, true) => a,
                    _ if span(pieces, &beats[b]) <= span(pieces, &beats[a]) => b,
                    _ => a,
                }
            }
            (None, None) => break,
        };
        let (first, second) = (k.min(with), k.max(with));
        beats[first] = beats[first].start..beats[second].end;
        beats.remove(second);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pieces from (duration ms, words, ending), said one after the other with 100 ms between.
    fn pieces(spec: &[(u64, usize, End)]) -> Vec<Piece> {
        let mut at = 0;
        spec.iter()
            .map(|&(ms, words, ends)| {
                let piece = Piece { start: at, end: at + ms, words, ends };
                at += ms + 100;
                piece
            })
            .collect()
    }

    #[test]
    fn beats_end_at_sentence_ends_and_a_short_sentence_joins_a_neighbour() {
        use End::*;
        // "Open the app. Tap. Your page is ready in seconds."
        let got = group(&pieces(&[(1_300, 3, Sentence), (400, 1, Sentence), (2_000, 6, Sentence)]));
        assert_eq!(got, vec![0..2, 2..3], "the lone word joins the shorter neighbour");
        // Words of a recording: each a piece; beats end at sentence ends.
        let words = pieces(&[(300, 1, None), (300, 1, None), (300, 1, Sentence), (300, 1, None), (300, 1, Sentence)]);
        assert_eq!(group(&words), vec![0..5], "two short sentences are one beat");
        let said = pieces(&[(400, 1, None), (400, 1, None), (400, 1, Sentence), (400, 1, None), (400, 1, Sentence)]);
        assert_eq!(group(&said), vec![0..5], "a sentence of 900 ms joins the one before");
    }

    #[test]
    fn a_long_sentence_is_cut_where_a_clause_ends_near_its_middle() {
        use End::*;
        // 30 words of 250 ms: 10.4 s, too long for one picture.
        let mut spec = vec![(250, 1, None); 30];
        spec[7].2 = Clause;
        spec[16].2 = Clause;
        spec[29].2 = Sentence;
        let got = group(&pieces(&spec));
        assert_eq!(got, vec![0..17, 17..30], "cut at the clause nearest the middle");
        // Without punctuation: at a pause, else the middle.
        let mut spec = vec![(250, 1, None); 30];
        spec[14].2 = Pause;
        spec[3].2 = Pause;
        assert_eq!(group(&pieces(&spec)), vec![0..15, 15..30]);
        assert_eq!(group(&pieces(&[(250, 1, None); 30])), vec![0..15, 15..30]);
    }

    #[test]
    fn every_beat_is_long_enough_whatever_the_pieces() {
        for n in 1..40 {
            let spec: Vec<(u64, usize, End)> = (0..n)
                .map(|i| ((i * 37 % 11) as u64 * 100 + 100, 1 + i % 3, [End::Sentence, End::None, End::Clause][i % 3]))
                .collect();
            let all = pieces(&spec);
            let got = group(&all);
            assert_eq!(got.first().map(|b| b.start), Some(0));
            assert!(got.windows(2).all(|w| w[0].end == w[1].start), "{got:?}");
            assert_eq!(got.last().map(|b| b.end), Some(n));
            if got.len() > 1 {
                assert!(got.iter().all(|b| span(&all, b) >= MIN_BEAT_MS && words(&all, b) > 1), "{n}: {got:?}");
            }
        }
    }

    #[test]
    fn the_end_of_a_text_is_read_through_quotes() {
        assert_eq!(ending_of("Ship it.\" "), End::Sentence);
        assert_eq!(ending_of("まず、"), End::Clause);
        assert_eq!(ending_of("لماذا؟"), End::Sentence);
        assert_eq!(ending_of("and then"), End::None);
    }
}
