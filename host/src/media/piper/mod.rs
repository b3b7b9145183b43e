//! The embedded neural voice: a Piper voice (VITS, exported to ONNX) run in this process through
//! ONNX Runtime, whose shared library is loaded at run time from the file the setup fetched
//! (nothing is downloaded at build time), on the render pool. espeak-ng spells the text in
//! phonemes (in its child process, like its own voice); the model speaks them and says how many
//! frames each phoneme lasts, which times the words without a second listening pass.
//!
//! The service checks the voice at start ([`Neural::find`]: its files are there, ONNX Runtime
//! loads, the model's graph has its duration node; it says what is wrong otherwise) and makes its
//! inference session on first use (about a second of CPU), so processes that never speak English
//! never pay for that.

pub mod align;
pub(crate) mod graph;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ort::session::Session;
use ort::value::Tensor;

use crate::cpu::CpuPool;
use crate::media::espeak::Spelled;

/// The voice's files in its folder, as the setup leaves them.
pub const MODEL: &str = "en_US-joe-medium.onnx";
pub const RUNTIME: &str = "libonnxruntime.so.1.32.0";
/// Silence between the sentences of one text: the pause a speaker takes at a full stop.
const SENTENCE_GAP_MS: u64 = 160;
/// The most a sentence may take to speak (its budget on the pool).
const PER_SENTENCE: Duration = Duration::from_secs(30);
/// Longest sentence the model is given, in ids (a longer one is cut).
const MAX_IDS: usize = 2_000;

/// An ONNX speech model with its durations as an output ([`graph::with_durations`]), and its
/// inference sessions, kept for reuse: one per sentence spoken at once, one thread each.
pub(crate) struct Net {
    environment: &'static ort::environment::Environment,
    model: Vec<u8>,
    /// The durations' output.
    pub durations: String,
    sessions: Mutex<Vec<Session>>,
}

impl Net {
    /// The model in `bytes`, its durations those of its one node of type `op`, run by the ONNX
    /// Runtime at `runtime`; one session is made now, so a model that cannot run is known at once.
    pub fn load(bytes: &[u8], op: &str, runtime_at: &Path) -> Result<Net, String> {
        let (model, durations) = graph::with_durations(bytes, op)?;
        let net = Net { environment: runtime(runtime_at)?, model, durations, sessions: Mutex::new(Vec::new()) };
        let session = net.session()?;
        net.sessions.lock().map_err(|_| "voice sessions poisoned")?.push(session);
        Ok(net)
    }

    fn session(&self) -> Result<Session, String> {
        if let Some(session) = self.sessions.lock().map_err(|_| "voice sessions poisoned")?.pop() {
            return Ok(session);
        }
        Session::builder(self.environment)
            .and_then(|b| b.with_intra_threads(1).map_err(Into::into))
            .and_then(|mut b| b.commit_from_memory(&self.model))
            .map_err(|e| format!("the neural voice cannot start: {e}"))
    }

    /// Runs the model on `inputs`: the samples of output `audio`, and the durations.
    pub fn run(&self, inputs: Vec<(&'static str, ort::value::DynValue)>, audio: &str) -> Result<Sound, String> {
        let mut session = self.session()?;
        let failed = |e: ort::Error| format!("the neural voice failed: {e}");
        let sound = {
            let outputs = session.run(inputs).map_err(failed)?;
            let (_, samples) = outputs[audio].try_extract_tensor::<f32>().map_err(failed)?;
            let (_, frames) = outputs[self.durations.as_str()].try_extract_tensor::<f32>().map_err(failed)?;
            Sound { samples: samples.to_vec(), frames: frames.to_vec() }
        };
        self.sessions.lock().map_err(|_| "voice sessions poisoned")?.push(session);
        Ok(sound)
    }
}

/// What a voice made of phonemes ids does: its table, how it frames a sentence, its rate, and
/// speaking one sentence (on the pool it names).
pub(crate) trait Speaker: Send + Sync + 'static {
    fn map(&self) -> &HashMap<char, Vec<i64>>;
    fn framing(&self) -> &align::Framing;
    fn rate(&self) -> u32;
    fn pool(&self) -> &CpuPool;
    /// Speaks one sentence's ids: its samples and each id's frames (as many as there are ids).
    fn run(&self, ids: &[i64]) -> Result<Sound, String>;
}

/// A loaded voice.
pub struct Piper {
    net: Net,
    map: HashMap<char, Vec<i64>>,
    framing: align::Framing,
    rate: u32,
    scales: [f32; 3],
    pool: CpuPool,
}

impl std::fmt::Debug for Piper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Piper({} Hz)", self.rate)
    }
}

#[derive(Clone, serde::Deserialize)]
struct Config {
    audio: AudioConfig,
    espeak: EspeakConfig,
    inference: InferenceConfig,
    language: LanguageConfig,
    phoneme_id_map: HashMap<String, Vec<i64>>,
}

#[derive(Clone, serde::Deserialize)]
struct AudioConfig {
    sample_rate: u32,
}

#[derive(Clone, serde::Deserialize)]
struct EspeakConfig {
    voice: String,
}

#[derive(Clone, serde::Deserialize)]
struct InferenceConfig {
    noise_scale: f32,
    length_scale: f32,
    noise_w: f32,
}

#[derive(Clone, serde::Deserialize)]
struct LanguageConfig {
    family: String,
}

/// One sentence spoken: its samples and how many frames each of its ids lasted.
pub(crate) struct Sound {
    pub samples: Vec<f32>,
    pub frames: Vec<f32>,
}

impl Piper {
    /// Loads the voice whose files [`Neural::find`] found. Fails with a sentence saying what is wrong.
    fn load(found: &Found, pool: CpuPool) -> Result<Piper, String> {
        let config = &found.config;
        let map = config
            .phoneme_id_map
            .iter()
            .filter_map(|(k, v)| Some((k.chars().next().filter(|_| k.chars().count() == 1)?, v.clone())))
            .collect();
        let model = std::fs::read(&found.model).map_err(|e| format!("{}: {e}", found.model.display()))?;
        let inference = &config.inference;
        Ok(Piper {
            net: Net::load(&model, "Ceil", &found.runtime)?,
            framing: align::Framing::piper(&map),
            map,
            rate: config.audio.sample_rate,
            scales: [inference.noise_scale, inference.length_scale, inference.noise_w],
            pool,
        })
    }

    pub fn sample_rate(&self) -> u32 {
        self.rate
    }

    /// Speaks each text from its spelling (see [`speak`]).
    pub async fn speak(self: &Arc<Self>, spelled: &[Spelled]) -> Result<Vec<(Vec<i16>, Vec<(usize, u64)>)>, String> {
        speak(self, spelled).await
    }
}

impl Speaker for Piper {
    fn map(&self) -> &HashMap<char, Vec<i64>> {
        &self.map
    }

    fn framing(&self) -> &align::Framing {
        &self.framing
    }

    fn rate(&self) -> u32 {
        self.rate
    }

    fn pool(&self) -> &CpuPool {
        &self.pool
    }

    fn run(&self, ids: &[i64]) -> Result<Sound, String> {
        let ids = &ids[..ids.len().min(MAX_IDS)];
        let failed = |e: ort::Error| format!("the neural voice failed: {e}");
        let inputs = vec![
            ("input", Tensor::from_array(([1usize, ids.len()], ids.to_vec())).map_err(failed)?.into_dyn()),
            ("input_lengths", Tensor::from_array(([1usize], vec![ids.len() as i64])).map_err(failed)?.into_dyn()),
            ("scales", Tensor::from_array(([3usize], self.scales.to_vec())).map_err(failed)?.into_dyn()),
        ];
        let sound = self.net.run(inputs, "output")?;
        if sound.frames.len() != ids.len() {
            return Err("the neural voice timed other phonemes than it read".into());
        }
        Ok(sound)
    }
}

/// Speaks each text from its spelling with `voice`: 16-bit samples at its rate and where its
/// words start (character index, ms). Every sentence of every text runs at once on the pool, as
/// far as it has room.
pub(crate) async fn speak<S: Speaker>(
    voice: &Arc<S>,
    spelled: &[Spelled],
) -> Result<Vec<(Vec<i16>, Vec<(usize, u64)>)>, String> {
    let texts: Vec<Vec<align::Sentence>> =
        spelled.iter().map(|s| align::sentences(s, voice.map(), voice.framing())).collect();
    let runs = texts.iter().flatten().map(|sentence| {
        let (voice, ids) = (voice.clone(), sentence.ids.clone());
        let pool = voice.pool().clone();
        async move { pool.run(PER_SENTENCE, move |_| voice.run(&ids)).await.map_err(|e| e.to_string()) }
    });
    let mut sounds = futures::future::try_join_all(runs).await?.into_iter();
    let rate = voice.rate();
    let gap = (SENTENCE_GAP_MS * u64::from(rate) / 1000) as usize;
    let mut out = Vec::with_capacity(spelled.len());
    for (sentences, spelled) in texts.iter().zip(spelled) {
        let mut samples: Vec<i16> = Vec::new();
        let mut anchors = Vec::new();
        for (k, sentence) in sentences.iter().enumerate() {
            let sound = sounds.next().ok_or("a sentence went unspoken")?;
            if k > 0 {
                samples.resize(samples.len() + gap, 0);
            }
            let start = samples.len() as u64;
            // Frames to samples: the model's hop, from what it made (256 for Piper, 600 for Kokoro).
            let total: f32 = sound.frames.iter().sum();
            let hop = if total > 0.0 { sound.samples.len() as f64 / f64::from(total) } else { 0.0 };
            for &(word, id) in &sentence.words {
                let before: f32 = sound.frames[..id.min(sound.frames.len())].iter().sum();
                let sample = start + (f64::from(before) * hop) as u64;
                anchors.push((spelled.words[word].char_start, sample * 1000 / u64::from(rate)));
            }
            samples.extend(unclipped(&sound.samples));
        }
        out.push((samples, anchors));
    }
    Ok(out)
}

/// A sentence's samples as 16-bit ones: scaled down as a whole when the model went past full
/// scale (a raw Kokoro sentence may peak at 1.12), never clipped; the loudness pass brings the
/// track to its level afterwards.
fn unclipped(samples: &[f32]) -> impl Iterator<Item = i16> + '_ {
    let peak = samples.iter().fold(0f32, |m, s| m.max(s.abs()));
    let gain = if peak > 0.999 { 0.999 / peak } else { 1.0 };
    samples.iter().map(move |&s| ((s * gain).clamp(-1.0, 1.0) * 32_767.0) as i16)
}

/// ONNX Runtime, loaded once per process from the library at `path` (the first path asked for).
fn runtime(path: &Path) -> Result<&'static ort::environment::Environment, String> {
    static RUNTIME: std::sync::OnceLock<Result<ort::environment::Environment, String>> = std::sync::OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            ort::init_from(path)
                .map_err(|e| format!("ONNX Runtime at {}: {e}", path.display()))?
                .build()
                .map_err(|e| format!("ONNX Runtime: {e}"))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The voice's files, found at start.
#[derive(Clone)]
struct Found {
    model: PathBuf,
    runtime: PathBuf,
    config: Config,
}

/// The neural voice as the service holds it: found at start, loaded on first use.
pub struct Neural {
    found: Found,
    pool: CpuPool,
    loaded: OnFirstUse<Piper>,
}

impl std::fmt::Debug for Neural {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Neural({})", self.found.model.display())
    }
}

impl Neural {
    /// The voice in `dir`, when its files are there (said in the log either way: the service
    /// speaks with espeak-ng without it). Sentences will run on `pool`.
    pub fn find(dir: &Path, pool: &CpuPool) -> Option<Neural> {
        match Neural::files(dir) {
            Ok(found) => {
                tracing::info!(voice = MODEL, dir = %dir.display(), "neural voice ready; its session starts on first use");
                Some(Neural { found, pool: pool.clone(), loaded: OnFirstUse::new() })
            }
            Err(why) => {
                tracing::warn!(%why, "the neural voice cannot be loaded; speaking with espeak-ng");
                None
            }
        }
    }

    fn files(dir: &Path) -> Result<Found, String> {
        let path = |name: &str| -> Result<PathBuf, String> {
            let path = dir.join(name);
            path.is_file().then_some(path).ok_or_else(|| format!("{} is missing", dir.join(name).display()))
        };
        let (model, library, config) = (path(MODEL)?, path(RUNTIME)?, path(&format!("{MODEL}.json"))?);
        let config = serde_json::from_slice(&std::fs::read(&config).map_err(|e| format!("{}: {e}", config.display()))?)
            .map_err(|e| format!("{}: {e}", config.display()))?;
        // What can be checked without the second a session takes: the runtime and the graph.
        runtime(&library)?;
        graph::with_durations(&std::fs::read(&model).map_err(|e| format!("{}: {e}", model.display()))?, "Ceil")
            .map_err(|e| format!("{}: {e}", model.display()))?;
        Ok(Found { model, runtime: library, config })
    }

    /// The language it speaks (`en`).
    pub fn language(&self) -> &str {
        &self.found.config.language.family
    }

    /// The espeak-ng voice that spells for it.
    pub fn espeak_voice(&self) -> &str {
        &self.found.config.espeak.voice
    }

    /// The loaded voice, loading it the first time (off the async threads); `None`, said once in
    /// the log, when it cannot load.
    pub async fn get(&self) -> Option<Arc<Piper>> {
        let (found, pool) = (self.found.clone(), self.pool.clone());
        self.loaded.get(MODEL, move || Piper::load(&found, pool)).await
    }
}

/// A voice loaded on its first use, once, off the async threads; `None` from then on, said once
/// in the log, when it cannot load (its language is spoken by espeak-ng).
pub(crate) struct OnFirstUse<T>(tokio::sync::OnceCell<Option<Arc<T>>>);

impl<T: Send + Sync + 'static> OnFirstUse<T> {
    pub fn new() -> OnFirstUse<T> {
        OnFirstUse(tokio::sync::OnceCell::new())
    }

    /// The voice `name`, loaded by `load` the first time.
    pub async fn get(
        &self,
        name: &'static str,
        load: impl FnOnce() -> Result<T, String> + Send + 'static,
    ) -> Option<Arc<T>> {
        self.0
            .get_or_init(|| async move {
                let loaded = tokio::task::spawn_blocking(load).await.map_err(|e| e.to_string()).and_then(|l| l);
                loaded
                    .inspect(|_| tracing::info!(voice = name, "neural voice loaded"))
                    .inspect_err(|why| tracing::error!(voice = name, %why, "a neural voice cannot be loaded; speaking with espeak-ng"))
                    .ok()
                    .map(Arc::new)
            })
            .await
            .clone()
    }
}

/// The voices folder the set-up fills (scripts/test.sh), for the voices' own tests.
#[cfg(test)]
pub(crate) fn fetched_voices() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(&std::env::var_os("HOME").expect("HOME")).join(".cache"));
    cache.join("asset-service").join("voices")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The voice the setup fetched (scripts/test.sh); its absence fails the test, never skips it.
    fn voice() -> Neural {
        let dir = fetched_voices();
        Neural::find(&dir, &CpuPool::new("test", 2))
            .unwrap_or_else(|| panic!("no neural voice in {}: run scripts/test.sh", dir.display()))
    }

    #[tokio::test]
    async fn sentences_are_spoken_with_each_word_timed_where_its_sound_starts() {
        let voice = voice();
        assert_eq!((voice.language(), voice.espeak_voice()), ("en", "en-us"));
        let piper = voice.get().await.expect("the voice loads");
        let texts = vec!["Ship the page. Then render it in 2026.".to_string(), "Done.".to_string()];
        let spelled = crate::media::espeak::spell_here("en-us", &texts).unwrap();
        let spoken = piper.speak(&spelled).await.unwrap();
        let (samples, anchors) = &spoken[0];
        let ms = samples.len() as u64 * 1000 / u64::from(piper.sample_rate());
        let starts: Vec<usize> = anchors.iter().map(|&(c, _)| c).collect();
        assert_eq!(starts, [0, 5, 9, 15, 20, 27, 30, 33], "every word, the year too: {anchors:?}");
        assert!(anchors.windows(2).all(|w| w[0].1 < w[1].1) && anchors[7].1 < ms, "{anchors:?} in {ms} ms");
        // The pause between the two sentences: "Then" starts just after it, not inside it.
        let level = |from: u64, to: u64| {
            let at = |t: u64| ((t * u64::from(piper.sample_rate()) / 1000) as usize).min(samples.len());
            samples[at(from)..at(to)].iter().map(|s| s.unsigned_abs()).max().unwrap_or(0)
        };
        let then = anchors[3].1;
        assert!(level(then - 150, then) < 600, "silence before 'Then' at {then} ms: {anchors:?}");
        assert!(level(then, then + 150) > 2_000, "'Then' is said from {then} ms");
        assert!(spoken[1].0.len() > 4_000 && spoken[1].1.len() == 1);
    }

    #[tokio::test]
    async fn its_peaky_speech_is_brought_to_platform_loudness_under_the_ceiling() {
        use crate::media::{loudness, wav::Pcm};
        let piper = voice().get().await.expect("the voice loads");
        let texts = vec!["Start a free trial today, and get your Fridays back! Nothing to install.".to_string()];
        let spelled = crate::media::espeak::spell_here("en-us", &texts).unwrap();
        let (samples, _) = piper.speak(&spelled).await.unwrap().remove(0);
        let data = samples.iter().flat_map(|s| s.to_le_bytes()).collect();
        let mut pcm = Pcm { sample_rate: piper.sample_rate(), channels: 1, data };
        let before = loudness::measure(&pcm).unwrap().unwrap();
        loudness::normalize(&mut pcm).unwrap();
        let after = loudness::measure(&pcm).unwrap().unwrap();
        assert!((after.lufs - loudness::TARGET_LUFS).abs() <= 0.5, "{before:?} → {after:?}");
        assert!(after.peak_dbtp <= -1.4, "{before:?} → {after:?}");
    }
}
