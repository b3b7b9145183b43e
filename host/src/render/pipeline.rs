//! The script → beats → voice → pictures pipeline: what turns a script (or a recording) into a
//! voice track split into captioned beats, each with its picture. Audioscript jobs run it, and
//! so will the pitch page; engine pages and MP4 renders are made from what it returns.

use serde::{Deserialize, Serialize};

use crate::cpu::CpuError;
use crate::ctx::Services;
use crate::jobs::worker::JobError;
use crate::languages::Language;
use crate::media::{Scratch, audio, recognize, speech, transcribe, wav};
use crate::plugins::{PluginError, Request};
use crate::render::cards::{self, OwnedSheet};

/// One beat: its caption and where it sits in the voice track.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Beat {
    pub text: String,
    /// Milliseconds into the voice track.
    pub start: u64,
    pub end: u64,
}

/// A voice track and its beats.
pub struct Voiced {
    pub audio: wav::Pcm,
    pub beats: Vec<Beat>,
    /// Whether the beats carry the words said (false when only pauses gave them).
    pub captioned: bool,
}

/// Silence that separates two beats of a recording.
const PAUSE_MS: u64 = 300;

/// A generator's failure as a job's: what the generator refuses or answers wrongly will not
/// change on a retry; a trap or a timeout may.
pub fn plugin_failure(e: PluginError) -> JobError {
    match e {
        PluginError::Refused(_) | PluginError::InvalidOutput(_) => JobError::Fatal(e.to_string()),
        other => JobError::Retry(other.to_string()),
    }
}

/// Pooled work's failure as a job's: work over its budget would be again; anything else is ours
/// and may pass.
pub fn cpu_failure(e: CpuError) -> JobError {
    match e {
        CpuError::OverBudget { .. } => JobError::Fatal(e.to_string()),
        CpuError::Failed(why) => JobError::Retry(why),
    }
}

fn ask(task: &str, kind: Option<&str>, text: &str, language: &Language, seed: u64) -> Request {
    Request {
        task: task.into(),
        kind: kind.map(str::to_string),
        input: text.into(),
        language: language.code.into(),
        seed,
        brand: None,
        options: Vec::new(),
    }
}

/// Beats from the beats generator, each spoken by the voice for `language`.
pub async fn voice_script(
    services: &Services,
    language: &'static Language,
    script: &str,
    seed: u64,
) -> Result<Voiced, JobError> {
    let voice = speech::voice_for(services.speech.as_deref(), language, script)
        .map_err(|e| JobError::Fatal(format!("{e:?}")))?;
    let (content, _) = services
        .plugins
        .generate("beats", None, &ask("beats", None, script, language, seed))
        .await
        .map_err(plugin_failure)?;
    let beats: Vec<_> = content.blocks.iter().filter(|b| b.role == "beat").collect();
    if beats.is_empty() {
        return Err(JobError::Fatal("the script has no beats".into()));
    }
    let texts: Vec<String> = beats.iter().map(|b| b.text.clone()).collect();
    // What the voice reads: the generator's speech text for the beat (pinyin for Chinese),
    // else the caption itself.
    let said: Vec<String> = beats
        .iter()
        .map(|b| b.attributes.iter().find(|(k, _)| k == "speech").map_or_else(|| b.text.clone(), |(_, v)| v.clone()))
        .collect();
    if matches!(voice, speech::Voice::Embedded(_)) && language.code == "zh" && said.iter().any(|s| has_han(s)) {
        return Err(JobError::Fatal("the beats generator gave the voice no pinyin to read".into()));
    }
    let spoken = speech::speak(&voice, &said).await.map_err(JobError::Retry)?;
    let beats = texts.into_iter().zip(&spoken.beats).map(|(text, &(start, end))| Beat { text, start, end }).collect();
    Ok(Voiced { audio: spoken.audio, beats, captioned: true })
}

fn has_han(text: &str) -> bool {
    text.chars().any(|c| matches!(u32::from(c), 0x3400..=0x4DBF | 0x4E00..=0x9FFF))
}

/// Beats from the pauses of a recording (a WAV file); captions from the transcription
/// endpoint when one is configured, else from the embedded recognizer for the languages it
/// knows, otherwise none (the page says so). `name` names the scratch folder.
pub async fn voice_recording(
    services: &Services,
    name: &str,
    language: &'static Language,
    recording: Vec<u8>,
) -> Result<Voiced, JobError> {
    let audio = wav::parse(&recording).map_err(|e| JobError::Fatal(format!("the recording: {e}")))?;
    let stretches = audio::speech_stretches(&audio, PAUSE_MS);
    if stretches.is_empty() {
        return Err(JobError::Fatal("no speech was found in the recording".into()));
    }
    let words = match &services.transcriber {
        Some(transcriber) => Some(transcriber.words(recording, language.code).await.map_err(JobError::Retry)?),
        None if recognize::LANGUAGES.contains(&language.code) => {
            let scratch = Scratch::new(&services.settings.data_dir, name)
                .await
                .map_err(|e| JobError::Retry(format!("scratch folder: {e}")))?;
            let path = scratch.path().join("audio.wav");
            tokio::fs::write(&path, &recording).await.map_err(|e| JobError::Retry(format!("scratch file: {e}")))?;
            let heard = recognize::hear(&path).await.map_err(JobError::Retry)?;
            let speech_ms = stretches.iter().map(|(a, b)| b - a).sum();
            recognize::captions(&heard, speech_ms)
        }
        None => None,
    };
    // Each beat runs from the start of its stretch to the start of the next, so the caption stays
    // up through the pause.
    let beats = stretches
        .iter()
        .enumerate()
        .map(|(i, &(start, end))| {
            let until = stretches.get(i + 1).map_or(audio.duration_ms(), |next| next.0);
            let text = words.as_ref().map(|w| transcribe::said_between(w, start, until)).unwrap_or_default();
            Beat {
                text: if words.is_some() && text.is_empty() { "…".into() } else { text },
                start,
                end: end.max(start),
            }
        })
        .collect();
    Ok(Voiced { audio, beats, captioned: words.is_some() })
}

/// A picture (PNG) for each beat: for captioned beats the meme generator's top line over the
/// caption; without captions, `title` and the beat's number.
pub async fn pictures(
    services: &Services,
    voiced: &Voiced,
    title: &str,
    language: &'static Language,
    seed: u64,
) -> Result<Vec<Vec<u8>>, JobError> {
    let count = voiced.beats.len();
    let mut sheets = Vec::with_capacity(count);
    for (i, beat) in voiced.beats.iter().enumerate() {
        let (top, bottom) = if voiced.captioned {
            let (meme, _) = services
                .plugins
                .generate("meme", None, &ask("meme", Some("image"), &beat.text, language, seed))
                .await
                .map_err(plugin_failure)?;
            let top = meme.blocks.iter().find(|b| b.role == "top").map(|b| b.text.clone()).unwrap_or_default();
            (top, beat.text.clone())
        } else {
            (title.to_string(), format!("{} / {count}", i + 1))
        };
        sheets.push(OwnedSheet {
            kind: "image".into(),
            language: language.code,
            rtl: language.direction == "rtl",
            blocks: vec![("top".into(), top), ("bottom".into(), bottom)],
            seed,
        });
    }
    Ok(cards::draw(&services.renders, services.settings.picture_budget(), sheets)
        .await
        .map_err(cpu_failure)?
        .into_iter()
        .map(|mut drawn| drawn.swap_remove(0).png)
        .collect())
}
