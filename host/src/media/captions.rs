//! Captions that travel with a video: a cue per spoken word (a phrase in Japanese, a word in
//! Chinese and Thai, as the page lights them), written as WebVTT and SRT files and carried in
//! the MP4 as a subtitle track. Cue text is the caption's own, escaped for each format.

use std::fmt::Write;

/// One cue: a word and when it is said (ms into the video).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cue {
    pub start: u64,
    pub end: u64,
    pub text: String,
}

/// Cues of timed words given as (text, start, end), in order: blank words dropped, whitespace
/// collapsed, and each cue kept inside its own time and never before the one it follows.
pub fn cues<'a>(words: impl IntoIterator<Item = (&'a str, u64, u64)>) -> Vec<Cue> {
    let mut out: Vec<Cue> = Vec::new();
    for (text, start, end) in words {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let start = start.max(out.last().map_or(0, |c| c.end));
        if text.is_empty() || end <= start {
            continue;
        }
        out.push(Cue { start, end, text });
    }
    out
}

/// `ms` as `hh:mm:ss` followed by `separator` and milliseconds.
fn clock(ms: u64, separator: char) -> String {
    format!("{:02}:{:02}:{:02}{separator}{:03}", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
}

/// The cues as a WebVTT file (text escaped, so a caption can never start a tag or a timing).
pub fn vtt(cues: &[Cue]) -> String {
    let mut out = String::from("WEBVTT\n");
    for (n, cue) in cues.iter().enumerate() {
        let text = cue.text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
        let _ = write!(out, "\n{}\n{} --> {}\n{text}\n", n + 1, clock(cue.start, '.'), clock(cue.end, '.'));
    }
    out
}

/// The cues as a SubRip (SRT) file.
pub fn srt(cues: &[Cue]) -> String {
    let mut out = String::new();
    for (n, cue) in cues.iter().enumerate() {
        let _ = write!(out, "{}\n{} --> {}\n{}\n\n", n + 1, clock(cue.start, ','), clock(cue.end, ','), cue.text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cues_keep_the_words_in_order_without_overlap_or_blanks() {
        let got =
            cues([("Ship ", 800, 1_100), (" ", 1_100, 1_200), ("it  now.", 1_050, 1_600), ("late", 1_700, 1_650)]);
        assert_eq!(
            got,
            vec![
                Cue { start: 800, end: 1_100, text: "Ship".into() },
                Cue { start: 1_100, end: 1_600, text: "it now.".into() }
            ]
        );
    }

    #[test]
    fn both_formats_time_every_cue_and_webvtt_escapes_markup() {
        let cues = vec![
            Cue { start: 0, end: 450, text: "a<b> & c".into() },
            Cue { start: 3_723_004, end: 3_723_500, text: "日本語".into() },
        ];
        assert_eq!(
            vtt(&cues),
            "WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.450\na&lt;b&gt; &amp; c\n\n2\n01:02:03.004 --> 01:02:03.500\n日本語\n"
        );
        assert_eq!(
            srt(&cues),
            "1\n00:00:00,000 --> 00:00:00,450\na<b> & c\n\n2\n01:02:03,004 --> 01:02:03,500\n日本語\n\n"
        );
        assert_eq!(vtt(&[]), "WEBVTT\n");
    }
}
