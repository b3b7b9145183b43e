//! The embedded speech recogniser: pocketsphinx with its US English model (Debian's
//! `pocketsphinx` and `pocketsphinx-en-us`), run as a process on 16 kHz mono WAV, giving words
//! with their times and confidence. It serves English only.
//!
//! Its free recognition is unreliable (on a synthetic voice it heard "the cigar don't do that"
//! for "agents pay for their own tools", at confidences of 0.02–0.5), so only words it is sure
//! of count, and a recording gets captions only when such words cover most of its speech;
//! otherwise the page says captions are unavailable rather than showing a wrong transcript.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use super::transcribe::Word;

/// Languages the recogniser has a model for.
pub const LANGUAGES: [&str; 1] = ["en"];
/// Posterior probability from which a word counts.
pub const CONFIDENT: f64 = 0.6;

/// A recognised word and how sure the recogniser is of it (0–1).
#[derive(Debug, Clone, PartialEq)]
pub struct Heard {
    pub word: Word,
    pub confidence: f64,
}

/// Every word pocketsphinx hears in the 16 kHz mono WAV file at `wav`.
pub async fn hear(wav: &Path) -> Result<Vec<Heard>, String> {
    let child = tokio::process::Command::new("pocketsphinx_continuous")
        .arg("-infile")
        .arg(wav)
        .args(["-time", "yes", "-logfn", "/dev/null"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| {
            format!("pocketsphinx cannot start ({e}); install Debian's pocketsphinx and pocketsphinx-en-us")
        })?;
    let output = tokio::time::timeout(Duration::from_secs(300), child.wait_with_output())
        .await
        .map_err(|_| "pocketsphinx took too long".to_string())?
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err("pocketsphinx failed".into());
    }
    Ok(parse(&String::from_utf8_lossy(&output.stdout)))
}

/// Parses `word start end confidence` lines (times in seconds), skipping sentence markers,
/// silences and fillers, and the `(2)` that marks an alternative pronunciation.
pub fn parse(output: &str) -> Vec<Heard> {
    output
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [token, start, end, confidence] = fields[..] else { return None };
            let (start, end, confidence): (f64, f64, f64) =
                (start.parse().ok()?, end.parse().ok()?, confidence.parse().ok()?);
            let word = token.split('(').next().unwrap_or(token);
            let filler = word.starts_with(['<', '[', '+']) || word.is_empty();
            (!filler && start.is_finite() && end >= start).then(|| Heard {
                word: Word { text: word.to_string(), start: (start * 1000.0) as u64, end: (end * 1000.0) as u64 },
                confidence: confidence.clamp(0.0, 1.0),
            })
        })
        .collect()
}

/// The confident words, if they cover at least half of `speech_ms` of speech; else `None`:
/// no captions rather than wrong ones.
pub fn captions(heard: &[Heard], speech_ms: u64) -> Option<Vec<Word>> {
    let sure: Vec<Word> = heard.iter().filter(|h| h.confidence >= CONFIDENT).map(|h| h.word.clone()).collect();
    let covered: u64 = sure.iter().map(|w| w.end - w.start).sum();
    (speech_ms > 0 && covered * 2 >= speech_ms).then_some(sure)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_lines_become_words_without_markers_or_fillers() {
        let out = "agents pay\n<s> 0.000 0.140 0.999300\nthe(2) 0.150 0.360 0.331865\n[NOISE] 0.4 0.5 0.9\n<sil> 1.670 1.970 0.999900\ntools 2.0 2.5 0.8\n</s> 3.680 3.860 1.000000\n";
        let heard = parse(out);
        assert_eq!(heard.len(), 2);
        assert_eq!(heard[0].word, Word { text: "the".into(), start: 150, end: 360 });
        assert_eq!(heard[1].word.text, "tools");
        assert_eq!(captions(&heard, 1200), None, "under half the speech covered by sure words");
        assert_eq!(captions(&heard, 1000).map(|w| w.len()), Some(1), "the unsure word is left out");
    }
}
