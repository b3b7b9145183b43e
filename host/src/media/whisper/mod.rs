//! The embedded speech recogniser: Whisper base (multilingual, in CTranslate2's format, as the
//! setup fetches it from PyPI) run in this process through CTranslate2 (`ct2rs`), on the render
//! pool. A recording is cut at its pauses into chunks of at most 30 s (the model's window), all
//! transcribed at once in the recording's language; each chunk's tokens are then aligned to its
//! sound by CTranslate2 (dynamic time warping over the model's alignment heads), which times
//! every word without a second model.
//!
//! The service checks the files at start ([`Recogniser::find`]) and loads the model on first use
//! (under a second), so processes that never caption a recording never pay for it.

mod mel;
mod tokens;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use ct2rs::sys::{ComputeType, Config, Device, StorageView, Whisper, WhisperOptions};

use crate::cpu::CpuPool;
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
    /// The recogniser in the settings' voices folder, when it is there.
    pub fn from_settings(settings: &crate::config::Settings, pool: &CpuPool) -> Option<Recogniser> {
        settings.voice_folder().and_then(|dir| Recogniser::find(&dir, pool))
    }

    /// The recogniser in `voices/whisper-base`, when its files are there; otherwise says why in
    /// the log (recordings then get captions only from a transcription endpoint).
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
    /// ms; `speech` is where the recording's speech is (its stretches between pauses).
    pub async fn hear(
        &self,
        audio: &Pcm,
        language: &str,
        speech: &[(u64, u64)],
        budget: Duration,
    ) -> Result<Vec<Word>, String> {
        let loaded = self.get().await?;
        if audio.sample_rate as usize != RATE || audio.channels != 1 {
            return Err(format!("the recogniser hears 16 kHz mono, not {} Hz × {}", audio.sample_rate, audio.channels));
        }
        let samples: Vec<f32> =
            audio.data.chunks_exact(2).map(|s| f32::from(i16::from_le_bytes([s[0], s[1]])) / 32_768.0).collect();
        let chunks = chunks(speech, audio.duration_ms());
        let language = language.to_string();
        let mut words = self
            .pool
            .run(budget, move |_| loaded.transcribe(&samples, &chunks, &language))
            .await
            .map_err(|e| e.to_string())?;
        onsets(&mut words, speech);
        Ok(words)
    }
}

impl Loaded {
    fn load(dir: &Path) -> Result<Loaded, String> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
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

    /// Every chunk (start and end in ms) transcribed and its words timed.
    fn transcribe(&self, samples: &[f32], chunks: &[(u64, u64)], language: &str) -> Result<Vec<Word>, String> {
        if chunks.is_empty() {
            return Ok(Vec::new());
        }
        let language_token = format!("<|{language}|>");
        // Decoded with timestamps, the mode Whisper was mostly trained in: without them it is
        // apt to stop after a chunk's first sentence. The timestamps themselves are dropped; the
        // alignment times the words.
        let prompt = ["<|startoftranscript|>", language_token.as_str(), "<|transcribe|>"];
        let start_sequence: Vec<usize> = prompt
            .iter()
            .map(|t| self.vocabulary.special(t).ok_or_else(|| format!("the model does not know {t}")))
            .collect::<Result<_, _>>()?;
        let end_of_text = self.vocabulary.special("<|endoftext|>").unwrap_or(usize::MAX);
        let slice = |&(from, to): &(u64, u64)| {
            let at = |ms: u64| ((ms as usize) * RATE / 1000).min(samples.len());
            &samples[at(from)..at(to)]
        };
        let mut features: Vec<f32> = chunks.iter().flat_map(|c| self.front.features(slice(c))).collect();
        let view =
            StorageView::new(&[chunks.len(), mel::BANDS, mel::FRAMES], &mut features, Device::CPU).map_err(failed)?;
        let encoded = self.model.encode(&view, false).map_err(failed)?;
        let options = WhisperOptions {
            beam_size: 5,
            return_scores: true,
            return_no_speech_prob: true,
            ..WhisperOptions::default()
        };
        let results = self.model.generate(&encoded, &vec![prompt.to_vec(); chunks.len()], &options).map_err(failed)?;
        // A chunk the model thinks holds no speech, and whose words it is unsure of, says nothing:
        // Whisper writes plausible sentences over music and noise (its own rule, as faster-whisper
        // applies it).
        let texts: Vec<Vec<usize>> = results
            .iter()
            .map(|r| {
                let unsure = r.scores.first().is_some_and(|&s| s < -1.0);
                if r.no_speech_prob > 0.6 && unsure {
                    Vec::new()
                } else {
                    let ids = r.sequences_ids.first().map(Vec::as_slice).unwrap_or_default();
                    // Text tokens only: every special token (timestamps too) comes after the end.
                    ids.iter().copied().filter(|&id| id < end_of_text).collect()
                }
            })
            .collect();
        if texts.iter().all(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let frames: Vec<usize> = chunks.iter().map(|c| slice(c).len() / (RATE / 100)).collect();
        let alignments = self.model.align(&encoded, &start_sequence, &texts, &frames, MEDIAN_FILTER).map_err(failed)?;
        let spaced = !unspaced(language);
        let mut words = Vec::new();
        for ((ids, aligned), &(from, _)) in texts.iter().zip(&alignments).zip(chunks) {
            // Where each token starts: the first frame the warping path gives it.
            let mut starts = vec![None; ids.len() + 1];
            for step in &aligned.alignments {
                if let Some(slot) = usize::try_from(step.token_x).ok().and_then(|t| starts.get_mut(t)) {
                    slot.get_or_insert(step.frame_x.max(0) as u64);
                }
            }
            // A token the path skips starts where the one before it did.
            let mut last = 0;
            let starts: Vec<u64> = starts
                .iter()
                .map(|s| {
                    last = s.unwrap_or(last).max(last);
                    last
                })
                .collect();
            let mut ids = ids.clone();
            ids.push(end_of_text);
            words.extend(self.vocabulary.words(&ids, &starts, from, spaced));
        }
        Ok(words)
    }
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
    fn a_word_that_runs_through_a_pause_keeps_the_side_where_most_of_it_is() {
        let word = |start, end| Word { text: "w".into(), start, end };
        let mut words = [word(100, 500), word(640, 1_200), word(550, 1_100), word(300, 1_050), word(1_250, 1_300)];
        onsets(&mut words, &[(80, 600), (1_000, 2_000)]);
        let times: Vec<(u64, u64)> = words.iter().map(|w| (w.start, w.end)).collect();
        assert_eq!(times, [(100, 500), (1_000, 1_200), (1_000, 1_100), (300, 600), (1_250, 1_300)]);
    }
}
