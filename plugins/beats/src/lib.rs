//! The built-in beats generator: splits a verbatim script into beats (one caption each), keeping
//! every word in order, in all 23 languages: at sentence ends (including `。！？`, `؟` and the
//! danda), and a sentence too long for one picture at the clause end nearest its middle (words
//! in most scripts, characters in Chinese, Japanese and Thai). Beats said too quickly to read are
//! joined by the host once it knows how long the voice takes (`media::rhythm`).
//!
//! Each beat also carries a `speech` attribute: the text as the embedded voice can read it. For
//! Chinese that is pinyin with tone numbers ("ni3 hao3"), which espeak-ng's `cmn-latn-pinyin`
//! voice reads well while it reads characters badly; captions keep the characters.

use guest::{Content, GenerateError, Guest, Manifest, Request, block_with};

struct Beats;

/// A sentence longer than this many words is cut at a clause end (a comma, a semicolon, a dash)
/// near its middle: a picture holds about twenty words, and a beat should read as one thought.
const MAX_WORDS_PER_BEAT: usize = 16;
/// The same in scripts without spaces between words, in characters.
const MAX_CHARS_PER_BEAT: usize = 36;

const LANGUAGES: [&str; 23] = [
    "en", "es", "pt", "fr", "de", "it", "nl", "pl", "tr", "ru", "uk", "ar", "fa", "hi", "bn", "id", "ms", "vi", "th",
    "zh", "ja", "ko", "sw",
];

fn sentence_end(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '。' | '！' | '？' | '؟' | '।' | '॥')
}

fn clause_end(c: char) -> bool {
    matches!(c, ',' | ';' | ':' | '、' | '，' | '；' | '：' | '،' | '؛' | '—' | '–')
}

/// Closing quotes and brackets, looked through to find what ends a piece.
fn closing(c: char) -> bool {
    matches!(c, '"' | '\'' | '»' | '”' | '’' | ')' | '）' | '」' | '』')
}

/// The last character of `piece` that is not a closing quote or bracket.
fn last_mark(piece: &str) -> Option<char> {
    piece.trim_end().trim_end_matches(closing).chars().last()
}

/// `pieces` (words, or characters) grouped into sentences, each cut in halves at the clause end
/// (or, in Thai, the space) nearest its middle while it has more than `max` pieces (at the middle
/// where there is neither).
fn beats_of(pieces: &[String], max: usize, glue: &str) -> Vec<String> {
    let mut beats = Vec::new();
    let mut from = 0;
    for (i, piece) in pieces.iter().enumerate() {
        // A sentence ends after its mark, and after the quotes and brackets that close on it.
        let ends = last_mark(piece).is_some_and(sentence_end)
            && !pieces.get(i + 1).is_some_and(|next| next.chars().all(|c| closing(c) || sentence_end(c)));
        if ends || i + 1 == pieces.len() {
            halve(&pieces[from..=i], max, &mut beats);
            from = i + 1;
        }
    }
    beats.into_iter().map(|beat| beat.join(glue).trim().to_string()).filter(|b| !b.is_empty()).collect()
}

fn halve<'a>(sentence: &'a [String], max: usize, out: &mut Vec<&'a [String]>) {
    if sentence.len() <= max {
        out.push(sentence);
        return;
    }
    let middle = sentence.len() / 2;
    let inner = 1..sentence.len() - 1;
    let cut = inner
        .clone()
        .filter(|&i| last_mark(&sentence[i]).is_none_or(clause_end))
        .min_by_key(|&i| i.abs_diff(middle))
        .unwrap_or(middle);
    halve(&sentence[..=cut], max, out);
    halve(&sentence[cut + 1..], max, out);
}

/// Beats of a script whose words are separated by spaces.
fn by_words(script: &str) -> Vec<String> {
    let words: Vec<String> = script.split_whitespace().map(str::to_string).collect();
    beats_of(&words, MAX_WORDS_PER_BEAT, " ")
}

/// Beats of a script written without spaces between words: characters grouped the same way,
/// Thai marks kept on their letter (a piece is a letter with its marks).
fn by_characters(script: &str) -> Vec<String> {
    let text = script.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut pieces: Vec<String> = Vec::new();
    for c in text.chars() {
        let mark = matches!(u32::from(c), 0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E);
        match pieces.last_mut() {
            Some(last) if mark || closing(c) || sentence_end(c) || clause_end(c) => last.push(c),
            _ => pieces.push(c.to_string()),
        }
    }
    beats_of(&pieces, MAX_CHARS_PER_BEAT, "")
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
