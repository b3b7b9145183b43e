//! The built-in beats generator: splits a verbatim script into beats (one caption each),
//! keeping every word in order, for beat-timed pages.

use guest::{Content, GenerateError, Guest, Manifest, Request, block_with};

struct Beats;

/// A beat ends at a sentence end or after this many words.
const MAX_WORDS_PER_BEAT: usize = 8;

impl Guest for Beats {
    fn describe() -> Manifest {
        Manifest {
            name: "beats".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Splits a script into captioned beats, verbatim.".into(),
            tasks: vec!["beats".into()],
            kinds: Vec::new(),
            languages: vec!["en".into()],
            capabilities: Vec::new(),
            sample_input: guest::sample("beats", None, "Ship the page. Then render the video. Then tell everyone."),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "beats" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        guest::check_language(&request, &["en"])?;
        let script = guest::checked_input(&request, 2000)?;
        let mut blocks = Vec::new();
        let mut current: Vec<&str> = Vec::new();
        for word in script.split_whitespace() {
            current.push(word);
            let sentence_end = word.ends_with(['.', '!', '?']);
            if sentence_end || current.len() == MAX_WORDS_PER_BEAT {
                let index = blocks.len().to_string();
                blocks.push(block_with("beat", current.join(" "), &[("index", &index)]));
                current.clear();
            }
        }
        if !current.is_empty() {
            let index = blocks.len().to_string();
            blocks.push(block_with("beat", current.join(" "), &[("index", &index)]));
        }
        let title = guest::subject(&script, 60);
        Ok(Content { title, blocks, tags: vec!["beats".into()] })
    }
}

guest::export_generator!(Beats);
