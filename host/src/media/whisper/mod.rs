//! The embedded speech recogniser: Whisper base (multilingual, in CTranslate2's format, as the
//! setup fetches it from PyPI) run in this process through CTranslate2 (`ct2rs`), on a pool of
//! its own: one recording at a time (the model is one replica, on half the cores), so a long
//! recording never takes the render pool's slots, or every core, from other work. A recording
//! is cut at its pauses into chunks of at most 30 s (the model's window), transcribed one after
//! the other in the recording's language; each chunk's tokens are then aligned to its sound by
//! CTranslate2 (dynamic time warping over the model's alignment heads), which times every word
//! without a second model.
//!
//! A transcription keeps the media budget as the voice does: CTranslate2 cannot stop inside a
//! step (encoding, decoding, aligning one chunk), so the budget is checked between steps, a
//! chunk that would end past the deadline is not started, and the caller waits for the step
//! under way to end. A run over budget has stopped when it is reported, and its job fails for
//! good; a run whose caller goes away (its job cancelled or its lease lost) stops at its next
//! check.
//!
//! The service checks the files at start ([`Recogniser::find`]) and loads the model on first use
//! (under a second), so processes that never caption a recording never pay for it.

mod mel;
mod tokens;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ct2rs::sys::{
    ComputeType, Config, Device, StorageView, Whisper, WhisperAlignmentResult, WhisperGenerationResult, WhisperOptions,
};

use crate::cpu::{Budget, CpuError, CpuPool};
use crate::media::transcribe::Word;
use crate::media::wav::Pcm;
use mel::{Front, RATE};
use tokens::Vocabulary;

/// The model's folder inside the voices folder, as the setup leaves it.
pub const DIR: &str = "whisper-base";
const FILES: [&str; 4] = ["model.bin", "config.json", "vocabulary.txt", "tokenizer.json"];
/// Silence kept around a chunk's speech, so its first and last sounds are whole.
const MARGIN_MS: u64 = 200;
/// Width of the median filter over the attention weights (what Whisper's own alignment uses).
const MEDIAN_FILTER: i64 = 7;
/// How long past the budget a transcription's caller waits for the step under way to end: far
/// above the seconds one step of one 30-s chunk takes, so only a step that hangs is abandoned.
const STEP_GRACE: Duration = Duration::from_secs(60);

/// Written without spaces between words: each character the model writes is timed, then
/// grouped into words by whoever lays out the captions.
pub fn unspaced(language: &str) -> bool {
    matches!(language, "ja" | "zh" | "th")
}

/// The recogniser, found but maybe not yet loaded.
pub struct Recogniser {
    dir: PathBuf,
    pool: CpuPool,
    loaded: tokio::sync::OnceCell<Result<Arc<Loaded>, String>>,
}

impl std::fmt::Debug for Recogniser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Recogniser({})", self.dir.display())
    }
}

struct Loaded {
    model: Whisper,
    vocabulary: Vocabulary,
    front: Front,
}

impl Recogniser {
    /// The recogniser in the settings' voices folder, when it is there, on a pool of its own of
    /// one slot (the model's one replica).
    pub fn from_settings(settings: &crate::config::Settings) -> Option<Recogniser> {
        let pool = CpuPool::new("recogniser", 1);
        settings.voice_folder().and_then(|dir| Recogniser::find(&dir, &pool))
    }

    /// The recogniser in `voices/whisper-base`, when its files are there, hearing on `pool`;
    /// otherwise says why in the log (recordings then get captions only from a transcription
    /// endpoint).
    pub fn find(voices: &Path, pool: &CpuPool) -> Option<Recogniser> {
        let dir = voices.join(DIR);
        match FILES.iter().find(|name| !dir.join(name).is_file()) {
            None => {
                tracing::info!(dir = %dir.display(), "speech recogniser ready (Whisper base); it loads on first use");
                Some(Recogniser { dir, pool: pool.clone(), loaded: tokio::sync::OnceCell::new() })
            }
            Some(missing) => {
                tracing::warn!(missing = %dir.join(missing).display(), "no speech recogniser: recordings are not captioned");
                None
            }
        }
    }

    async fn get(&self) -> Result<Arc<Loaded>, String> {
        self.loaded
            .get_or_init(|| async {
                let dir = self.dir.clone();
                let loaded = tokio::task::spawn_blocking(move || Loaded::load(&dir))
                    .await
                    .map_err(|e| e.to_string())
                    .and_then(|loaded| loaded);
                if let Err(why) = &loaded {
                    tracing::error!(%why, "the speech recogniser cannot be loaded");
                }
                loaded.map(Arc::new)
            })
            .await
            .clone()
    }

    /// The words said in `audio` (16 kHz mono) in `language` (ISO 639-1), with their times in
    /// ms; `speech` is where the recording's speech is (its stretches between pauses). Heard
    /// within `budget` from when the recogniser's slot is free; past it, `OverBudget` once the
    /// work has stopped.
    pub async fn hear(
        &self,
        audio: &Pcm,
        language: &str,
        speech: &[(u64, u64)],
        budget: Duration,
    ) -> Result<Vec<Word>, CpuError> {
        let loaded = self.get().await.map_err(CpuError::Failed)?;
        if audio.sample_rate as usize != RATE || audio.channels != 1 {
            let why = format!("the recogniser hears 16 kHz mono, not {} Hz × {}", audio.sample_rate, audio.channels);
            return Err(CpuError::Failed(why));
        }
        let samples: Vec<f32> =
            audio.data.chunks_exact(2).map(|s| f32::from(i16::from_le_bytes([s[0], s[1]])) / 32_768.0).collect();
        let chunks = chunks(speech, audio.duration_ms());
        let language = language.to_string();
        let mut words = self
            .pool
            .run_with_grace(budget, STEP_GRACE, move |budget| loaded.transcribe(&samples, &chunks, &language, budget))
            .await?;
        onsets(&mut words, speech);
        Ok(words)
    }
}

impl Loaded {
    fn load(dir: &Path) -> Result<Loaded, String> {
        // Half the cores, at least one: on two cores one thread hears 170 s of speech no slower
        // than two (15 s against 20 s idle, 17 s against 20 s loaded) for 15 CPU-s against 18 to
        // 25 (its decoding, a chunk at a time, is too small to share), and a long recording
        // leaves the other core to the jobs beside it.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get() / 2).max(1);
        let config = Config {
            device: Device::CPU,
            compute_type: ComputeType::INT8,
            num_threads_per_replica: threads,
            ..Config::default()
        };
        let model = Whisper::new(dir, config).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join("vocabulary.txt");
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Loaded { model, vocabulary: Vocabulary::parse(&text)?, front: Front::new() })
    }

    /// Every chunk (start and end in ms) transcribed and its words timed, one chunk after the
    /// other within `budget`.
    fn transcribe(
        &self,
        samples: &[f32],
        chunks: &[(u64, u64)],
        language: &str,
        budget: &Budget,
    ) -> Result<Vec<Word>, String> {
        if chunks.is_empty() {
            return Ok(Vec::new());
        }
        let prompt = Prompt::new(&self.vocabulary, language)?;
        one_by_one(chunks, budget, |chunk| self.chunk(samples, chunk, &prompt, budget))
    }

    /// One chunk (start and end in ms) transcribed and its words timed; the budget is checked
    /// between its steps, which cannot stop part way.
    fn chunk(
        &self,
        samples: &[f32],
        (from, to): (u64, u64),
        prompt: &Prompt,
        budget: &Budget,
    ) -> Result<Vec<Word>, String> {
        let at = |ms: u64| ((ms as usize) * RATE / 1000).min(samples.len());
        let sound = &samples[at(from)..at(to)];
        let mut features = self.front.features(sound);
        let view = StorageView::new(&[1, mel::BANDS, mel::FRAMES], &mut features, Device::CPU).map_err(failed)?;
        let encoded = self.model.encode(&view, false).map_err(failed)?;
        budget.check()?;
        let result = self.model.generate(&encoded, &[prompt.tokens.to_vec()], &decoding()).map_err(failed)?;
        let ids = result.first().map(|r| prompt.text_of(r)).unwrap_or_default();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        budget.check()?;
        self.timed(&encoded, prompt, ids, (from, sound.len()))
    }

    /// The words of a chunk's text `ids`, timed by aligning them to the chunk's `encoded` sound
    /// (`samples` of it, starting at `from` ms).
    fn timed(
        &self,
        encoded: &StorageView,
        prompt: &Prompt,
        mut ids: Vec<usize>,
        (from, samples): (u64, usize),
    ) -> Result<Vec<Word>, String> {
        let frames = samples / (RATE / 100);
        let aligned = self
            .model
            .align(encoded, &prompt.ids, std::slice::from_ref(&ids), &[frames], MEDIAN_FILTER)
            .map_err(failed)?;
        let starts = aligned.first().map(|a| token_starts(a, ids.len())).unwrap_or_default();
        ids.push(prompt.end_of_text);
        Ok(self.vocabulary.words(&ids, &starts, from, prompt.spaced))
    }
}

/// What starts the decoding of every chunk of a recording in one language, and how its text ends.
struct Prompt {
    tokens: [String; 3],
    /// The tokens' ids, which the alignment starts from.
    ids: Vec<usize>,
    end_of_text: usize,
    spaced: bool,
}

impl Prompt {
    fn new(vocabulary: &Vocabulary, language: &str) -> Result<Prompt, String> {
        // Decoded with timestamps, the mode Whisper was mostly trained in: without them it is
        // apt to stop after a chunk's first sentence. The timestamps themselves are dropped; the
        // alignment times the words.
        let tokens = ["<|startoftranscript|>".to_string(), format!("<|{language}|>"), "<|transcribe|>".to_string()];
        let ids = tokens
            .iter()
            .map(|t| vocabulary.special(t).ok_or_else(|| format!("the model does not know {t}")))
            .collect::<Result<_, _>>()?;
        let end_of_text = vocabulary.special("<|endoftext|>").unwrap_or(usize::MAX);
        Ok(Prompt { tokens, ids, end_of_text, spaced: !unspaced(language) })
    }

    /// The text tokens of a chunk's decoding. A chunk the model thinks holds no speech, and whose
    /// words it is unsure of, says nothing: Whisper writes plausible sentences over music and
    /// noise (its own rule, as faster-whisper applies it).
    fn text_of(&self, result: &WhisperGenerationResult) -> Vec<usize> {
        let unsure = result.scores.first().is_some_and(|&s| s < -1.0);
        if result.no_speech_prob > 0.6 && unsure {
            return Vec::new();
        }
        let ids = result.sequences_ids.first().map(Vec::as_slice).unwrap_or_default();
        // Text tokens only: every special token (timestamps too) comes after the end.
        ids.iter().copied().filter(|&id| id < self.end_of_text).collect()
    }
}

/// How each chunk is decoded: a beam of five, with the scores and the no-speech probability
/// that tell speech from noise (see [`Prompt::text_of`]).
fn decoding() -> WhisperOptions {
    WhisperOptions { beam_size: 5, return_scores: true, return_no_speech_prob: true, ..WhisperOptions::default() }
}

/// Where each of `count` tokens starts (and, last, where the text ends): the first frame the
/// warping path gives it; a token the path skips starts where the one before it did.
fn token_starts(aligned: &WhisperAlignmentResult, count: usize) -> Vec<u64> {
    let mut starts = vec![None; count + 1];
    for step in &aligned.alignments {
        if let Some(slot) = usize::try_from(step.token_x).ok().and_then(|t| starts.get_mut(t)) {
            slot.get_or_insert(step.frame_x.max(0) as u64);
        }
    }
    let mut last = 0;
    starts
        .iter()
        .map(|s| {
            last = s.unwrap_or(last).max(last);
            last
        })
        .collect()
}

/// Each chunk through `step`, one after the other, within `budget`: a chunk is started only
/// when the longest one so far would still end before the deadline, as its steps cannot stop
/// part way and a chunk ending past it would be thrown away.
fn one_by_one<T>(
    chunks: &[(u64, u64)],
    budget: &Budget,
    mut step: impl FnMut((u64, u64)) -> Result<Vec<T>, String>,
) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    let mut longest = Duration::ZERO;
    for &chunk in chunks {
        budget.check_room(longest)?;
        let started = Instant::now();
        out.extend(step(chunk)?);
        longest = longest.max(started.elapsed());
    }
    Ok(out)
}

/// Puts each word that runs through a pause on the side of it where most of the word is: the
/// alignment gives the silence before a word to the word (its attention has nowhere else to go),
/// but the word is said where the sound is.
fn onsets(words: &mut [Word], speech: &[(u64, u64)]) {
    for word in words {
        for (quiet, loud) in speech.windows(2).map(|w| (w[0].1, w[1].0)) {
            if word.end <= loud || word.start >= loud {
                continue;
            }
            let (before, after) = (quiet.saturating_sub(word.start), word.end - loud);
            if after >= before {
                word.start = loud;
            } else {
                word.end = quiet.max(word.start);
            }
        }
    }
}

fn failed(e: impl std::fmt::Display) -> String {
    format!("recognition failed: {e}")
}

/// The recording cut into chunks the model can hear whole: runs of speech stretches of at most
/// 30 s each, cut in the pauses between stretches, with a little silence kept around them. A
/// stretch longer than 30 s is cut where it must be.
fn chunks(speech: &[(u64, u64)], duration_ms: u64) -> Vec<(u64, u64)> {
    let window = (mel::CHUNK / RATE * 1000) as u64;
    let mut out: Vec<(u64, u64)> = Vec::new();
    for &(start, end) in speech {
        let mut start = start.saturating_sub(MARGIN_MS).max(out.last().map_or(0, |c| c.1));
        let end = (end + MARGIN_MS).min(duration_ms);
        if let Some(last) = out.last_mut().filter(|c| end - c.0 <= window) {
            last.1 = end;
            continue;
        }
        while end - start > window {
            out.push((start, start + window));
            start += window;
        }
        if end > start {
            out.push((start, end));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_are_cut_in_pauses_and_hold_at_most_thirty_seconds() {
        // Three stretches that fit together, then one that starts a new chunk.
        let speech = [(1_000, 9_000), (9_500, 20_000), (20_400, 29_000), (29_600, 40_000)];
        assert_eq!(chunks(&speech, 41_000), [(800, 29_200), (29_400, 40_200)]);
        // A stretch of 70 s without a pause is cut every 30 s.
        assert_eq!(chunks(&[(0, 70_000)], 70_000), [(0, 30_000), (30_000, 60_000), (60_000, 70_000)]);
        assert!(chunks(&[], 5_000).is_empty());
    }

    #[test]
    fn chunks_are_heard_one_by_one_and_none_is_started_that_would_end_past_the_deadline() {
        let chunks = [(0, 30_000), (30_000, 60_000), (60_000, 70_000)];
        let roomy = Budget::new(Duration::from_secs(3_600));
        assert_eq!(one_by_one(&chunks, &roomy, |c| Ok(vec![c.0])), Ok(vec![0, 30_000, 60_000]));
        // Each chunk takes 120 ms of a 200-ms budget: the second would end past the deadline.
        let tight = Budget::new(Duration::from_millis(200));
        let mut heard = 0;
        let got = one_by_one(&chunks, &tight, |c| {
            heard += 1;
            std::thread::sleep(Duration::from_millis(120));
            Ok(vec![c.0])
        });
        assert!(got.is_err() && tight.spent(), "{got:?}");
        assert_eq!(heard, 1, "no chunk started that could not end in time");
    }

    #[test]
    fn a_word_that_runs_through_a_pause_keeps_the_side_where_most_of_it_is() {
        let word = |start, end| Word { text: "w".into(), start, end };
        let mut words = [word(100, 500), word(640, 1_200), word(550, 1_100), word(300, 1_050), word(1_250, 1_300)];
        onsets(&mut words, &[(80, 600), (1_000, 2_000)]);
        let times: Vec<(u64, u64)> = words.iter().map(|w| (w.start, w.end)).collect();
        assert_eq!(times, [(100, 500), (1_000, 1_200), (1_000, 1_100), (300, 600), (1_250, 1_300)]);
    }
}
