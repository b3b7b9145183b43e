//! The built-in brand-voice generator: puts another generator's lines in a brand's voice. The
//! tone comes from the words of the brand's `voice` (hype, calm, casual, playful), applied
//! through punctuation and case so it works in all 23 languages without rewriting the text, and
//! the brand's hashtag and token become the sign-off.
//!
//! Contract (task `voice`): `input` is one line per row; the answer has exactly one `line` block
//! per input row, in order, then a `signoff` block when the brand has a hashtag or token.

use guest::{Content, GenerateError, Guest, Manifest, Request, block};

struct BrandVoice;

/// The languages the tone rules are written for (all the service's languages).
const LANGUAGES: [&str; 23] = [
    "en", "es", "pt", "fr", "de", "it", "nl", "pl", "tr", "ru", "uk", "ar", "fa", "hi", "bn", "id", "ms", "vi", "th",
    "zh", "ja", "ko", "sw",
];

/// How a brand sounds, read from the words of its voice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tone {
    /// Exclamations: "hype", "bold", "loud", "energetic", "excited", "bullish", "degen".
    Hype,
    /// No exclamations, statements end with a full stop: "calm", "dry", "deadpan", "serious",
    /// "professional", "formal", "minimal", "understated".
    Calm,
    /// Lower case where the script has case: "casual", "chill", "lowercase", "relaxed", "lazy".
    Casual,
    /// A wink at the end: "playful", "witty", "cheeky", "irreverent", "fun", "sarcastic".
    Playful,
    /// The lines as written.
    Plain,
}

const WORDS: [(Tone, &[&str]); 4] = [
    (Tone::Hype, &["hype", "bold", "loud", "energetic", "excited", "bullish", "degen"]),
    (Tone::Calm, &["calm", "dry", "deadpan", "serious", "professional", "formal", "minimal", "understated"]),
    (Tone::Casual, &["casual", "chill", "lowercase", "relaxed", "lazy"]),
    (Tone::Playful, &["playful", "witty", "cheeky", "irreverent", "fun", "sarcastic"]),
];

/// The first tone whose word appears in the voice.
fn tone_of(voice: &str) -> Tone {
    let voice = voice.to_lowercase();
    WORDS.iter().find(|(_, words)| words.iter().any(|w| voice.contains(w))).map_or(Tone::Plain, |(tone, _)| *tone)
}

/// Whether the language writes full-width punctuation.
fn full_width(language: &str) -> bool {
    matches!(language, "zh" | "ja")
}

/// Ends `line` with `mark`, replacing the sentence-final punctuation already there.
fn end_with(line: &str, mark: &str) -> String {
    let stem = line.trim_end().trim_end_matches(['.', '!', '。', '！', '…', '؟', '?', '？']);
    let question = line.trim_end().ends_with(['?', '？', '؟']);
    if question || stem.is_empty() || stem.ends_with([':', '：']) {
        return line.trim_end().to_string();
    }
    format!("{stem}{mark}")
}

/// `line` in `tone`, in `language`.
fn shape(line: &str, tone: Tone, language: &str) -> String {
    let wide = full_width(language);
    match tone {
        Tone::Hype => {
            let shouted = end_with(line, if wide { "！" } else { "!" });
            // Spanish opens an exclamation too.
            if language == "es" && shouted.ends_with('!') && !shouted.starts_with('¡') {
                format!("¡{shouted}")
            } else {
                shouted
            }
        }
        Tone::Calm => {
            end_with(&line.replace('¡', "").replace(['!', '！'], "."), if wide { "。" } else { "." }).replace("..", ".")
        }
        // Hashtags, tickers and handles keep their case: they are names.
        Tone::Casual => line
            .split(' ')
            .map(|w| if w.starts_with(['#', '$', '@']) { w.to_string() } else { w.to_lowercase() })
            .collect::<Vec<_>>()
            .join(" "),
        Tone::Playful | Tone::Plain => line.to_string(),
    }
}

impl Guest for BrandVoice {
    fn describe() -> Manifest {
        Manifest {
            name: "brand-voice".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Puts lines in a brand's voice, with its hashtag and token.".into(),
            tasks: vec!["voice".into()],
            kinds: Vec::new(),
            languages: LANGUAGES.iter().map(|l| l.to_string()).collect(),
            capabilities: Vec::new(),
            sample_input: guest::sample("voice", None, "We shipped the new release\nIt is fast"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "voice" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        guest::check_language(&request, &LANGUAGES)?;
        let input = guest::checked_input(&request, 8000)?;
        let rows: Vec<&str> = input.split('\n').collect();
        let Some(brand) = request.brand else {
            return Ok(Content {
                title: rows[0].to_string(),
                blocks: rows.iter().map(|r| block("line", *r)).collect(),
                tags: vec!["voice".into()],
            });
        };
        let tone = tone_of(&brand.voice);
        let mut blocks: Vec<_> = rows.iter().map(|row| block("line", shape(row, tone, &request.language))).collect();
        if tone == Tone::Playful
            && let Some(last) = blocks.last_mut()
        {
            last.text = format!("{} ;)", last.text.trim_end());
        }
        let tags = [brand.hashtag.as_str(), brand.token.as_str()];
        let sign_off = tags.iter().filter(|t| !t.is_empty()).copied().collect::<Vec<_>>().join(" ");
        if !sign_off.is_empty() {
            blocks.push(block("signoff", sign_off));
        }
        Ok(Content { title: brand.name, blocks, tags: vec!["voice".into(), brand.key] })
    }
}

guest::export_generator!(BrandVoice);
