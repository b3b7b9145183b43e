//! The multilingual neural voice: Kokoro-82M (v1.0, int8 ONNX, Apache-2.0), run in this process
//! through the ONNX Runtime the English voice loads, for Spanish, French, Italian, Portuguese,
//! Hindi, Chinese and Japanese. Each language is spelled as the model was trained on it: in IPA
//! with stress marks by espeak-ng (in its child process), Chinese from the generators' pinyin
//! (`mandarin`), Japanese from the dictionary's readings (`japanese`); Kokoro's vocabulary turns
//! each symbol into a token; a voicepack (one style vector per sentence length) gives the voice;
//! the model says how many frames each token lasts, which times the words as the English voice's
//! durations do (`piper::speak`).
//!
//! The set-up leaves the model, its vocabulary and the voicepacks in `voices/kokoro`
//! (`scripts/lib.sh`'s `ensure_kokoro`). The voice is checked at start ([`Kokoro::find`]) and
//! loaded on first use; without its files, or when it cannot load, those languages are spoken
//! by espeak-ng as before, and the page's status says so.

pub mod japanese;
pub mod mandarin;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use ort::value::Tensor;

use super::piper::align::Framing;
use super::piper::{Net, OnFirstUse, Sound, Speaker};
use crate::cpu::CpuPool;

/// The files in the voice's folder, as the set-up leaves them.
pub const FOLDER: &str = "kokoro";
const MODEL: &str = "kokoro-v1.0.int8.onnx";
const VOCAB: &str = "vocab.json";
const PACKS: &str = "voices";
/// Kokoro's sample rate.
const RATE: u32 = 24_000;
/// The most tokens a sentence may have: a voicepack has a style per length up to this.
const MAX_TOKENS: usize = 510;
/// A voicepack's style vector.
const STYLE: usize = 256;

/// How a language is spelled for the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling {
    /// In IPA by this espeak-ng voice.
    Espeak(&'static str),
    /// From the pinyin the generators write ([`mandarin`]).
    Pinyin,
    /// From the Japanese dictionary's readings ([`japanese`]).
    Kana,
}

/// The languages it speaks here: code, how it is spelled, and its voicepacks, the documented
/// default first: chosen by ear, and for zh and ja as the one Whisper base heard best on two
/// scripts each. zf_xiaoni is not offered: Whisper misheard two thirds of what it said.
pub const LANGUAGES: [(&str, Spelling, &[&str]); 7] = [
    ("es", Spelling::Espeak("es"), &["ef_dora", "em_alex", "em_santa"]),
    ("fr", Spelling::Espeak("fr"), &["ff_siwis"]),
    ("it", Spelling::Espeak("it"), &["if_sara", "im_nicola"]),
    ("pt", Spelling::Espeak("pt-br"), &["pf_dora", "pm_alex", "pm_santa"]),
    ("hi", Spelling::Espeak("hi"), &["hf_alpha", "hf_beta", "hm_omega", "hm_psi"]),
    (
        "zh",
        Spelling::Pinyin,
        &["zm_yunxi", "zf_xiaobei", "zf_xiaoxiao", "zf_xiaoyi", "zm_yunjian", "zm_yunxia", "zm_yunyang"],
    ),
    ("ja", Spelling::Kana, &["jf_alpha", "jf_gongitsune", "jf_nezumi", "jf_tebukuro", "jm_kumo"]),
];

/// The voicepacks of `language` (the default first), if Kokoro speaks it here.
pub fn voicepacks(language: &str) -> Option<&'static [&'static str]> {
    entry(language).map(|(_, _, packs)| *packs)
}

/// The loaded model: its net, its vocabulary and every voicepack of [`LANGUAGES`].
pub struct Model {
    net: Net,
    map: HashMap<char, Vec<i64>>,
    framing: Framing,
    packs: HashMap<&'static str, Vec<f32>>,
    pool: CpuPool,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kokoro({} voicepacks)", self.packs.len())
    }
}

#[derive(serde::Deserialize)]
struct Vocabulary {
    vocab: HashMap<String, i64>,
}

impl Model {
    fn load(found: &Found, pool: CpuPool) -> Result<Model, String> {
        let read = |path: &Path| std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()));
        let vocabulary: Vocabulary =
            serde_json::from_slice(&read(&found.vocab)?).map_err(|e| format!("{}: {e}", found.vocab.display()))?;
        let map = vocabulary
            .vocab
            .into_iter()
            .filter_map(|(k, id)| Some((k.chars().next().filter(|_| k.chars().count() == 1)?, vec![id])))
            .collect();
        let mut packs = HashMap::new();
        for &name in LANGUAGES.iter().flat_map(|(_, _, packs)| packs.iter()) {
            let bytes = read(&found.packs.join(format!("{name}.bin")))?;
            if bytes.len() != MAX_TOKENS * STYLE * 4 {
                return Err(format!("the voicepack {name} is not {MAX_TOKENS}×{STYLE} floats"));
            }
            packs.insert(name, bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect());
        }
        // Kokoro reads a sentence between two pad tokens (0), with nothing between its phonemes.
        let framing = Framing { start: vec![0], end: vec![0], after: Vec::new() };
        Ok(Model { net: Net::load(&read(&found.model)?, "Clip", &found.runtime)?, map, framing, packs, pool })
    }
}

/// Kokoro speaking with one voicepack.
pub struct Speaking {
    model: Arc<Model>,
    pack: &'static str,
}

impl Speaking {
    /// The model speaking with voicepack `pack` (one of [`LANGUAGES`]'), if it has it.
    pub fn new(model: Arc<Model>, pack: &'static str) -> Option<Speaking> {
        model.packs.contains_key(pack).then_some(Speaking { model, pack })
    }

    pub fn sample_rate(&self) -> u32 {
        RATE
    }
}

impl Speaker for Speaking {
    fn map(&self) -> &HashMap<char, Vec<i64>> {
        &self.model.map
    }

    fn framing(&self) -> &Framing {
        &self.model.framing
    }

    fn rate(&self) -> u32 {
        RATE
    }

    fn pool(&self) -> &CpuPool {
        &self.model.pool
    }

    fn run(&self, ids: &[i64]) -> Result<Sound, String> {
        // A sentence past the model's length keeps its start, and its closing pad.
        let mut ids = ids.to_vec();
        if ids.len() > MAX_TOKENS + 2 {
            ids.truncate(MAX_TOKENS + 1);
            ids.push(0);
        }
        let tokens = ids.len().saturating_sub(2).clamp(1, MAX_TOKENS);
        let pack = &self.model.packs[self.pack];
        let style = pack[(tokens - 1) * STYLE..tokens * STYLE].to_vec();
        let failed = |e: ort::Error| format!("the neural voice failed: {e}");
        let inputs = vec![
            ("tokens", Tensor::from_array(([1usize, ids.len()], ids.clone())).map_err(failed)?.into_dyn()),
            ("style", Tensor::from_array(([1usize, STYLE], style)).map_err(failed)?.into_dyn()),
            ("speed", Tensor::from_array(([1usize], vec![1.0f32])).map_err(failed)?.into_dyn()),
        ];
        let sound = self.model.net.run(inputs, "audio")?;
        if sound.frames.len() != ids.len() {
            return Err("the neural voice timed other phonemes than it read".into());
        }
        Ok(sound)
    }
}

/// Where the voice's files are, found at start.
#[derive(Clone)]
struct Found {
    model: PathBuf,
    vocab: PathBuf,
    packs: PathBuf,
    runtime: PathBuf,
}

/// The voice as the service holds it: found at start, loaded on first use.
pub struct Kokoro {
    found: Found,
    pool: CpuPool,
    loaded: OnFirstUse<Model>,
}

impl std::fmt::Debug for Kokoro {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kokoro({})", self.found.model.display())
    }
}

impl Kokoro {
    /// The voice in `voices` (the voices folder: the model in its `kokoro` folder, ONNX Runtime
    /// beside the English voice), when its files are there; said in the log either way.
    pub fn find(voices: &Path, pool: &CpuPool) -> Option<Kokoro> {
        let dir = voices.join(FOLDER);
        let file = |path: PathBuf| {
            path.exists().then_some(path.clone()).ok_or_else(|| format!("{} is missing", path.display()))
        };
        let found = (|| {
            let packs = file(dir.join(PACKS))?;
            for (_, _, names) in LANGUAGES {
                names.iter().try_for_each(|n| file(packs.join(format!("{n}.bin"))).map(drop))?;
            }
            Ok::<_, String>(Found {
                model: file(dir.join(MODEL))?,
                vocab: file(dir.join(VOCAB))?,
                packs,
                runtime: file(voices.join(super::piper::RUNTIME))?,
            })
        })();
        match found {
            Ok(found) => {
                tracing::info!(dir = %dir.display(), "Kokoro voice ready for es, fr, it, pt, hi, zh, ja; it starts on first use");
                Some(Kokoro { found, pool: pool.clone(), loaded: OnFirstUse::new() })
            }
            Err(why) => {
                tracing::info!(%why, "no Kokoro voice: es, fr, it, pt, hi, zh and ja are spoken by espeak-ng");
                None
            }
        }
    }

    /// The loaded model, loading it the first time (off the async threads); `None`, said once in
    /// the log, when it cannot load.
    pub async fn get(&self) -> Option<Arc<Model>> {
        let (found, pool) = (self.found.clone(), self.pool.clone());
        self.loaded.get(MODEL, move || Model::load(&found, pool)).await
    }
}

/// A text spelled word by word into clauses, as the Chinese and Japanese front ends write it.
#[derive(Default)]
struct Writer {
    spelled: crate::media::espeak::Spelled,
    clause: Vec<String>,
}

impl Writer {
    /// A word that starts at `char_start`; one without sounds is left out.
    fn word(&mut self, char_start: usize, ipa: String) {
        if !ipa.is_empty() {
            self.spelled.words.push(crate::media::espeak::Word { char_start, ipa: ipa.clone() });
            self.clause.push(ipa);
        }
    }

    /// The clause so far ends with the punctuation `mark`.
    fn end(&mut self, mark: char) {
        if !self.clause.is_empty() {
            let ipa = std::mem::take(&mut self.clause).join(" ");
            self.spelled.clauses.push(crate::media::espeak::Clause { ipa, end: Some(mark) });
        }
    }

    /// The text spelled, its last clause ended without punctuation.
    fn done(mut self) -> crate::media::espeak::Spelled {
        if !self.clause.is_empty() {
            let ipa = self.clause.join(" ");
            self.spelled.clauses.push(crate::media::espeak::Clause { ipa, end: None });
        }
        self.spelled
    }
}

/// How `language` is spelled for Kokoro.
pub fn spelling(language: &str) -> Option<Spelling> {
    entry(language).map(|(_, spelling, _)| *spelling)
}

/// `language`'s row of [`LANGUAGES`], if Kokoro speaks it here.
fn entry(language: &str) -> Option<&'static (&'static str, Spelling, &'static [&'static str])> {
    LANGUAGES.iter().find(|(code, _, _)| *code == language)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The voice the set-up fetched (scripts/test.sh); its absence fails the test, never skips it.
    fn voice() -> Kokoro {
        let dir = super::super::piper::fetched_voices();
        Kokoro::find(&dir, &CpuPool::new("test", 2))
            .unwrap_or_else(|| panic!("no Kokoro voice in {}: run scripts/test.sh", dir.display()))
    }

    #[tokio::test]
    async fn each_language_is_spoken_with_every_word_timed_in_order() {
        let model = voice().get().await.expect("the voice loads");
        let none = HashMap::new();
        for (language, spelling, packs) in LANGUAGES {
            let speaking = Arc::new(Speaking::new(model.clone(), packs[0]).unwrap());
            // One, two, three. Four, five.
            let spelled = match spelling {
                Spelling::Espeak(espeak) => {
                    crate::media::espeak::spell_here(espeak, &["Uno dos tres. Cuatro cinco.".to_string()]).unwrap()
                }
                Spelling::Pinyin => vec![mandarin::spell("yi1 er4 san1. si4 wu3.", &none)],
                Spelling::Kana => {
                    let said = ["イチ", "ニ", "サン.", "ヨン", "ゴ."];
                    let phrases: Vec<_> = (0..5)
                        .map(|k| crate::media::kana::Phrase { char_start: k * 2, said: said[k].to_string() })
                        .collect();
                    vec![japanese::spell(&phrases, &none)]
                }
            };
            let spoken = super::super::piper::speak(&speaking, &spelled).await.unwrap();
            let (samples, anchors) = &spoken[0];
            let ms = samples.len() as u64 * 1000 / u64::from(RATE);
            assert_eq!(anchors.len(), 5, "{language}: {anchors:?}");
            assert!(anchors.windows(2).all(|w| w[0].1 < w[1].1) && anchors[4].1 < ms, "{language}: {anchors:?}");
            let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert!((3_000..32_767).contains(&peak), "{language}: heard, never clipped: {peak}");
        }
    }
}
