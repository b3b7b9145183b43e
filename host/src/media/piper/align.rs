//! From a text's phonemes to what a neural voice (Piper's, Kokoro) reads, and back to the text's words: the phoneme
//! ids of each sentence, and which word each phoneme belongs to, so the durations the model
//! gives each phoneme time the words. espeak-ng spells a clause as a whole (words run together,
//! numbers become several words), so the phonemes of each word said alone are aligned with the
//! clause's by edit distance, the way a forced aligner lines up two spellings.

use std::collections::HashMap;

use crate::media::espeak::Spelled;

/// How a voice frames a sentence's ids: what opens and closes it, and what stands after each
/// phoneme.
#[derive(Debug, Clone, Default)]
pub struct Framing {
    pub start: Vec<i64>,
    pub end: Vec<i64>,
    pub after: Vec<i64>,
}

impl Framing {
    /// Piper's: `^ _ id _ id _ … $`, from its table.
    pub fn piper(map: &HashMap<char, Vec<i64>>) -> Framing {
        let id = |c: char| map.get(&c).cloned().unwrap_or_default();
        Framing { start: [id('^'), id('_')].concat(), end: id('$'), after: id('_') }
    }
}
/// Above this many cells the alignment is not run; words are then spread evenly.
const MAX_CELLS: usize = 4_000_000;

/// One sentence for the model: its ids, and for each word that starts in it, the word's index
/// and the index of its first phoneme's id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    pub ids: Vec<i64>,
    pub words: Vec<(usize, usize)>,
}

/// A phoneme of the clauses: which sentence it is in and where its id sits there.
#[derive(Debug, Clone, Copy)]
struct Sound {
    phoneme: char,
    sentence: usize,
    id: usize,
}

/// Whether `c` is a sound of its own (not a word gap, a stress or length mark).
fn sounded(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, 'ˈ' | 'ˌ' | 'ː' | 'ˑ')
}

/// The sentences of a spelled text, with its words placed on their phonemes. `map` is the
/// voice's phoneme-id table (phonemes it lacks are left out), `framing` how it frames them.
pub fn sentences(spelled: &Spelled, map: &HashMap<char, Vec<i64>>, framing: &Framing) -> Vec<Sentence> {
    let (mut sentences, sounds) = read(spelled, map, framing);
    let letters: Vec<(char, usize)> = spelled
        .words
        .iter()
        .enumerate()
        .flat_map(|(w, word)| word.ipa.chars().filter(|&c| sounded(c)).map(move |c| (c, w)))
        .collect();
    let owners = owners(&letters, &sounds, spelled.words.len());
    let mut last = None;
    for (sound, owner) in sounds.iter().zip(owners) {
        // A word's first sound, in order: a word aligned before the one already placed is skipped.
        if owner.is_some() && owner != last && last.is_none_or(|l| owner > Some(l)) {
            sentences[sound.sentence].words.push((owner.unwrap_or_default(), sound.id));
            last = owner;
        }
    }
    sentences
}

/// The clauses' ids cut into sentences (at `.`, `?`, `!` and the text's end), and every sound
/// with where its id went.
fn read(spelled: &Spelled, map: &HashMap<char, Vec<i64>>, framing: &Framing) -> (Vec<Sentence>, Vec<Sound>) {
    let id = |c: char| map.get(&c).cloned().unwrap_or_default();
    let mut sentences = Vec::new();
    let mut sounds = Vec::new();
    let mut ids: Vec<i64> = Vec::new();
    let push = |ids: &mut Vec<i64>, c: char| {
        let mut more = id(c);
        if !more.is_empty() {
            ids.append(&mut more);
            ids.extend(&framing.after);
        }
    };
    for (k, clause) in spelled.clauses.iter().enumerate() {
        if ids.is_empty() {
            ids.extend(&framing.start);
        }
        for c in clause.ipa.chars() {
            if sounded(c) && map.contains_key(&c) {
                sounds.push(Sound { phoneme: c, sentence: sentences.len(), id: ids.len() });
            }
            push(&mut ids, c);
        }
        if let Some(end) = clause.end {
            push(&mut ids, end);
        }
        let last = k + 1 == spelled.clauses.len();
        if last || matches!(clause.end, Some('.' | '?' | '!')) {
            ids.extend(&framing.end);
            sentences.push(Sentence { ids: std::mem::take(&mut ids), words: Vec::new() });
        } else {
            push(&mut ids, ' ');
        }
    }
    (sentences, sounds)
}

/// For each sound of the clauses, the word it belongs to: the word of the letter it is aligned
/// with (an extra sound belongs to the word before it). Too long to align: spread evenly.
fn owners(letters: &[(char, usize)], sounds: &[Sound], words: usize) -> Vec<Option<usize>> {
    let (n, m) = (letters.len(), sounds.len());
    if n == 0 || m == 0 {
        return vec![None; m];
    }
    if (n + 1) * (m + 1) > MAX_CELLS {
        return (0..m).map(|i| Some(i * words / m)).collect();
    }
    // Edit distance table, then a walk back along one cheapest path.
    let width = m + 1;
    let mut cost = vec![0u32; (n + 1) * width];
    for i in 0..=n {
        for j in 0..=m {
            cost[i * width + j] = match (i, j) {
                (0, _) => j as u32,
                (_, 0) => i as u32,
                _ => {
                    let change = u32::from(letters[i - 1].0 != sounds[j - 1].phoneme);
                    (cost[(i - 1) * width + j - 1] + change)
                        .min(cost[(i - 1) * width + j] + 1)
                        .min(cost[i * width + j - 1] + 1)
                }
            };
        }
    }
    let mut owner = vec![None; m];
    let (mut i, mut j) = (n, m);
    while i > 0 && j > 0 {
        let here = cost[i * width + j];
        let change = u32::from(letters[i - 1].0 != sounds[j - 1].phoneme);
        if here == cost[(i - 1) * width + j - 1] + change {
            owner[j - 1] = Some(letters[i - 1].1);
            (i, j) = (i - 1, j - 1);
        } else if here == cost[(i - 1) * width + j] + 1 {
            i -= 1;
        } else {
            j -= 1;
        }
    }
    // Sounds matched to no letter belong to the word before them (the first word at the start).
    let mut previous = owner.iter().flatten().next().copied();
    for o in owner.iter_mut() {
        match o {
            Some(w) => previous = Some(*w),
            None => *o = previous,
        }
    }
    owner
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::media::espeak::{Clause, Word};

    fn map() -> HashMap<char, Vec<i64>> {
        // Ids as a voice's table gives them: one or more per symbol.
        "^$_ ,.?!abcdeiklmnoprstuvwzðɪʃəɛɹɚθˈˌː".chars().enumerate().map(|(i, c)| (c, vec![i as i64 + 1])).collect()
    }

    fn word(char_start: usize, ipa: &str) -> Word {
        Word { char_start, ipa: ipa.into() }
    }

    #[test]
    fn sentences_end_at_full_stops_and_carry_piper_markers() {
        let spelled = Spelled {
            clauses: vec![
                Clause { ipa: "ʃˈɪp ðə".into(), end: Some(',') },
                Clause { ipa: "ðˈɛn".into(), end: Some('.') },
                Clause { ipa: "wˈaɪ".into(), end: Some('?') },
            ],
            words: vec![word(0, "ʃˈɪp"), word(5, "ðə"), word(10, "ðˈɛn"), word(16, "wˈaɪ")],
        };
        let map = map();
        let s = sentences(&spelled, &map, &Framing::piper(&map));
        assert_eq!(s.len(), 2);
        let id = |c: char| map[&c][0];
        assert_eq!(&s[0].ids[..2], &[id('^'), id('_')]);
        assert_eq!(*s[0].ids.last().unwrap(), id('$'));
        let comma = s[0].ids.iter().position(|&i| i == id(',')).unwrap();
        assert_eq!(&s[0].ids[comma..comma + 4], &[id(','), id('_'), id(' '), id('_')], "a comma, then a word gap");
        let words: Vec<usize> = s[0].words.iter().map(|&(w, _)| w).collect();
        assert_eq!(words, [0, 1, 2]);
        assert_eq!(s[0].ids[s[0].words[1].1], id('ð'), "the second word starts on its first sound");
        assert_eq!(s[1].words.len(), 1, "'wˈaɪ' has no 'a' in this table, yet its word is placed");
    }

    #[test]
    fn words_said_together_or_as_several_are_placed_on_their_own_sounds() {
        // "in the 2026" spelled as a clause runs "in the" together and says the year as words.
        let spelled = Spelled {
            clauses: vec![Clause { ipa: "ɪnðə tˈuː θˈaʊzənd twˈɛnti sˈɪks".into(), end: Some('.') }],
            words: vec![word(0, "ˈɪn"), word(3, "ðə"), word(7, "tˈuː θˈaʊzənd twˈɛnti sˈɪks")],
        };
        let map = map();
        let s = sentences(&spelled, &map, &Framing::piper(&map));
        let placed: Vec<(usize, i64)> = s[0].words.iter().map(|&(w, at)| (w, s[0].ids[at])).collect();
        let id = |c: char| map[&c][0];
        assert_eq!(placed, [(0, id('ɪ')), (1, id('ð')), (2, id('t'))]);
    }
}
