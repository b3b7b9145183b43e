//! The built-in beats generator: splits a verbatim script into beats (one caption each), keeping
//! every word in order, in all 23 languages: at sentence ends (including `。！？`, `؟` and the
//! danda), and within long sentences after a few words — or, in scripts written without spaces
//! (Chinese, Japanese, Thai), after a number of characters at a comma or space where one comes.
//!
//! Each beat also carries a `speech` attribute: the text as the embedded voice can read it. For
//! Chinese that is pinyin with tone numbers ("ni3 hao3"), which espeak-ng's `cmn-latn-pinyin`
//! voice reads well while it reads characters badly; captions keep the characters.

use guest::{Content, GenerateError, Guest, Manifest, Request, block_with};

struct Beats;

/// A beat ends at a sentence end or after this many words.
const MAX_WORDS_PER_BEAT: usize = 8;
/// In scripts without spaces between words, a beat ends after this many characters.
const MAX_CHARS_PER_BEAT: usize = 18;

const LANGUAGES: [&str; 23] = [
    "en", "es", "pt", "fr", "de", "it", "nl", "pl", "tr", "ru", "uk", "ar", "fa", "hi", "bn", "id", "ms", "vi", "th",
    "zh", "ja", "ko", "sw",
];

fn sentence_end(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '。' | '！' | '？' | '؟' | '।' | '॥')
}

/// Beats of a script whose words are separated by spaces.
fn by_words(script: &str) -> Vec<String> {
    let mut beats = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for word in script.split_whitespace() {
        current.push(word);
        let ends = word.trim_end_matches(['"', '\'', '»', '”', ')']).ends_with(sentence_end);
        if ends || current.len() == MAX_WORDS_PER_BEAT {
            beats.push(current.join(" "));
            current.clear();
        }
    }
    if !current.is_empty() {
        beats.push(current.join(" "));
    }
    beats
}

/// Beats of a script written without spaces between words: at sentence ends, else at a comma or
/// space once the beat is long, else at the length limit (Thai marks stay with their letter,
/// punctuation with the words before it: a beat is never a lone full stop).
fn by_characters(script: &str) -> Vec<String> {
    let mut beats = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = script.split_whitespace().collect::<Vec<_>>().join(" ").chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        current.push(c);
        let next_is_mark = chars.get(i + 1).is_some_and(|&n| {
            matches!(u32::from(n), 0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E)
                || sentence_end(n)
                || matches!(n, '、' | '，' | ',' | '」' | '』' | '）' | ')' | '"' | '”')
        });
        let long = current.chars().count() >= MAX_CHARS_PER_BEAT;
        let soft = matches!(c, '、' | '，' | ',' | ' ') && current.chars().count() >= MAX_CHARS_PER_BEAT / 2;
        if !next_is_mark && (sentence_end(c) || soft || long) {
            let beat = current.trim().to_string();
            if !beat.is_empty() {
                beats.push(beat);
            }
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        beats.push(current.trim().to_string());
    }
    beats
}

/// What the voice should read for `beat` in `language`.
fn speech_of(beat: &str, language: &str) -> String {
    match language {
        "zh" => guest::pinyin_of(beat),
        _ => beat.to_string(),
    }
}

impl Guest for Beats {
    fn describe() -> Manifest {
        Manifest {
            name: "beats".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Splits a script into captioned beats, verbatim, in 23 languages.".into(),
            tasks: vec!["beats".into()],
            kinds: Vec::new(),
            languages: LANGUAGES.iter().map(|l| l.to_string()).collect(),
            capabilities: Vec::new(),
            sample_input: guest::sample("beats", None, "Ship the page. Then render the video. Then tell everyone."),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "beats" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        guest::check_language(&request, &LANGUAGES)?;
        let script = guest::checked_input(&request, 2000)?;
        let beats = match request.language.as_str() {
            "zh" | "ja" | "th" => by_characters(&script),
            _ => by_words(&script),
        };
        let blocks = beats
            .into_iter()
            .enumerate()
            .map(|(i, text)| {
                let speech = speech_of(&text, &request.language);
                block_with("beat", text, &[("index", &i.to_string()), ("speech", &speech)])
            })
            .collect();
        let title = guest::subject(&script, 60);
        Ok(Content { title, blocks, tags: vec!["beats".into()] })
    }
}

guest::export_generator!(Beats);
