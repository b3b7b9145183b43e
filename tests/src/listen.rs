//! An independent ear and meters for what the service says: Whisper base (through
//! `tests/listen/whisper.py`) transcribes a file, word error rate compares it with the script,
//! and ffmpeg's `ebur128` and `silencedetect` filters measure loudness, peaks and pauses.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// What Whisper heard: its text and each word with its start and end (seconds).
#[derive(Debug, Clone)]
pub struct Heard {
    pub text: String,
    pub words: Vec<(String, f64, f64)>,
}

/// Transcribes `file` (WAV or MP4) in `language` (`en`, `es`, …). Needs the test setup's
/// Python (ASSET_TEST_PYTHON with faster-whisper) and model (ASSET_TEST_WHISPER).
pub fn transcribe(file: &Path, language: &str) -> Heard {
    let python = std::env::var("ASSET_TEST_PYTHON").expect("ASSET_TEST_PYTHON: run scripts/test.sh");
    let model = std::env::var("ASSET_TEST_WHISPER").expect("ASSET_TEST_WHISPER: run scripts/test.sh");
    let script = format!("{}/listen/whisper.py", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(python).args([script.as_str(), &model]).arg(file).arg(language).output().unwrap();
    assert!(out.status.success(), "whisper: {}", String::from_utf8_lossy(&out.stderr));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let words = answer["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["word"].as_str().unwrap().to_string(), w["start"].as_f64().unwrap(), w["end"].as_f64().unwrap()))
        .collect();
    Heard { text: answer["text"].as_str().unwrap().to_string(), words }
}

/// Lowercase words without punctuation (apostrophes and hyphens split nothing: "don't",
/// "one-off" are one word each as written and as heard).
pub fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| c.is_whitespace() || (c.is_ascii_punctuation() && c != '\'' && c != '-'))
        .map(|w| w.trim_matches(|c: char| c == '\'' || c == '-').replace(['\'', '-'], ""))
        .filter(|w| !w.is_empty())
        .collect()
}

/// Word error rate of `heard` against `reference`: edits (substitutions, insertions,
/// deletions) over the reference's words.
pub fn word_error_rate(reference: &str, heard: &str) -> f64 {
    let reference = words(reference);
    edits(&reference, &words(heard)) as f64 / reference.len().max(1) as f64
}

/// The fewest substitutions, insertions and deletions that turn `from` into `to`.
fn edits<T: PartialEq>(from: &[T], to: &[T]) -> usize {
    let mut row: Vec<usize> = (0..=to.len()).collect();
    for i in 1..=from.len() {
        let mut diagonal = row[0];
        row[0] = i;
        for j in 1..=to.len() {
            let here = (row[j] + 1).min(row[j - 1] + 1).min(diagonal + usize::from(from[i - 1] != to[j - 1]));
            diagonal = row[j];
            row[j] = here;
        }
    }
    row[to.len()]
}

/// Character error rate of `heard` against `reference`, letters only (no spaces, punctuation or
/// case): the measure for scripts written without spaces between words.
pub fn character_error_rate(reference: &str, heard: &str) -> f64 {
    let letters = |t: &str| -> Vec<char> { t.to_lowercase().chars().filter(|c| c.is_alphanumeric()).collect() };
    let reference = letters(reference);
    edits(&reference, &letters(heard)) as f64 / reference.len().max(1) as f64
}

/// What ffmpeg's meters read off a file's audio.
#[derive(Debug, Clone)]
pub struct Levels {
    /// Integrated loudness (LUFS) and true peak (dBTP), EBU R128.
    pub lufs: f64,
    pub peak_dbtp: f64,
    /// Stretches quieter than −45 dB for 0.15 s or more: (start, end) in seconds.
    pub silences: Vec<(f64, f64)>,
    pub seconds: f64,
}

/// Measures `file`'s audio with ffmpeg's `ebur128` (true peak) and `silencedetect`.
pub fn levels(file: &Path) -> Levels {
    let out = Command::new("ffmpeg")
        .args(["-hide_banner", "-nostats", "-i"])
        .arg(file)
        .args(["-af", "ebur128=peak=true,silencedetect=noise=-45dB:d=0.15", "-f", "null", "-"])
        .output()
        .unwrap();
    assert!(out.status.success(), "ffmpeg: {}", String::from_utf8_lossy(&out.stderr));
    let log = String::from_utf8_lossy(&out.stderr);
    let after = |key: &str| -> Vec<f64> {
        log.lines()
            .filter_map(|l| l.split(key).nth(1))
            .filter_map(|rest| rest.split_whitespace().next()?.trim_end_matches('|').parse().ok())
            .collect()
    };
    // The summary's lines come last: "I: -14.0 LUFS" and "Peak: -1.6 dBFS" under "True peak:".
    let lufs = *after("I:").last().expect("an integrated loudness");
    let peak_dbtp = *after("Peak:").last().expect("a true peak");
    let (starts, ends) = (after("silence_start: "), after("silence_end: "));
    let seconds = duration(file);
    let silences = starts.iter().enumerate().map(|(i, &s)| (s, ends.get(i).copied().unwrap_or(seconds))).collect();
    Levels { lufs, peak_dbtp, silences, seconds }
}

/// A file's length in seconds, as ffprobe reads its container.
pub fn duration(file: &Path) -> f64 {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1"])
        .arg(file)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().parse().expect("ffprobe reads a duration")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_error_rate_counts_edits_over_the_script() {
        assert_eq!(word_error_rate("Ship the page, then render it.", "ship the page then render it"), 0.0);
        assert_eq!(word_error_rate("Don't ship it.", "dont ship"), 1.0 / 3.0);
        assert_eq!(word_error_rate("a b c d", "a x c d e"), 0.5);
    }
}
