//! The built-in meme generator: six kinds, each a visibly different format, in 23 languages
//! from its own phrase tables (deterministic per seed). The host passes its lines through the
//! brand-voice generator, which gives them the brand's tone, hashtag and token.

mod phrases;

use guest::{Capability, Content, GenerateError, Guest, Manifest, Request, block, block_with, host, pick, subject};

struct Meme;

const KINDS: [&str; 6] = ["image", "carousel", "confession", "hottake", "reply", "hybrid"];

/// A line from the operator's model, if one is configured and its answer is usable: one line,
/// 1–200 characters, no links. Anything else falls back to the phrase tables.
fn model_line(request: &Request, format: &str, topic: &str) -> Option<String> {
    let voice =
        request.brand.as_ref().map(|b| format!(" Write in the voice of {}: {}", b.name, b.voice)).unwrap_or_default();
    let asked = host::CompletionRequest {
        system: format!(
            "You write one {format} for a meme, in the language with ISO 639-1 code '{}', in its own script. \
             Reply with the line only: no quotes, no hashtags, no links.{voice}",
            request.language
        ),
        prompt: topic.to_string(),
        max_tokens: 60,
    };
    let answer = host::complete(&asked).ok()?;
    let line = answer.trim().trim_matches('"').trim();
    let usable = (1..=200).contains(&line.chars().count())
        && !line.contains('\n')
        && !line.contains("http")
        && !line.chars().any(char::is_control);
    usable.then(|| line.to_string())
}

/// `open topic close`, trimmed where a part is empty.
fn around(open: &str, topic: &str, close: &str) -> String {
    [open, topic, close].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(" ")
}

impl Guest for Meme {
    fn describe() -> Manifest {
        Manifest {
            name: "meme".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Memes, slideshows and hot takes in 23 languages, in a brand's voice.".into(),
            tasks: vec!["meme".into()],
            kinds: KINDS.iter().map(|k| k.to_string()).collect(),
            languages: phrases::TABLES.iter().map(|(code, _)| code.to_string()).collect(),
            // With the operator's model configured, lines are written by it (validated, with the
            // phrase tables as the fallback); without one, the tables write everything.
            capabilities: vec![Capability::Completion],
            sample_input: guest::sample("meme", Some("hottake"), "Agents that pay for their own tools"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "meme" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        let kind = request.kind.clone().unwrap_or_else(|| "image".into());
        if !KINDS.contains(&kind.as_str()) {
            return Err(GenerateError::UnsupportedTask(format!("meme kind {kind}")));
        }
        let p = phrases::for_language(&request.language)
            .ok_or_else(|| GenerateError::UnsupportedLanguage(request.language.clone()))?;
        let input = guest::checked_input(&request, 2000)?;
        let topic = subject(&input, 80);
        let seed = request.seed;
        // A topic in another script than the language's is never run into a template sentence:
        // it stands as a quotation, after a label at most, and sentences that would close
        // around it are left out.
        let foreign = guest::foreign(&topic, &request.language);
        let quote = guest::quoted(&topic, &request.language);
        let in_line =
            |open: &str, close: &str| if foreign { around(open, &quote, "") } else { around(open, &topic, close) };
        let take = || {
            model_line(&request, "bold hot take", &topic)
                .unwrap_or_else(|| in_line(pick(&p.take_open, seed, 5), pick(&p.take_close, seed, 6)))
        };
        let bottom = || if foreign { quote.clone() } else { around(pick(&p.bottoms, seed, 2), &topic, "") };
        let blocks = match kind.as_str() {
            "image" => vec![block("top", pick(&p.tops, seed, 1)), block("bottom", bottom())],
            "carousel" => {
                let first = if foreign { &quote } else { &topic };
                let mut cards = vec![block_with("card", format!("{first} — {}", p.thread), &[("index", "1")])];
                for (i, line) in p.cards.iter().enumerate() {
                    cards.push(block_with("card", *line, &[("index", &(i + 2).to_string())]));
                }
                cards
            }
            "confession" => vec![block(
                "confession",
                model_line(&request, "first-person confession", &topic)
                    .unwrap_or_else(|| in_line(p.confess.0, p.confess.1)),
            )],
            "hottake" => vec![block("take", take())],
            "reply" => vec![
                block("post", topic.clone()),
                block(
                    "reply",
                    model_line(&request, "witty reply", &topic)
                        .unwrap_or_else(|| pick(&p.replies, seed, 7).to_string()),
                ),
            ],
            _ => vec![
                block("top", pick(&p.tops, seed, 8)),
                block("bottom", if foreign { quote.clone() } else { topic.clone() }),
                block("take", take()),
            ],
        };
        Ok(Content { title: topic, blocks, tags: vec!["meme".into(), kind, request.language] })
    }
}

guest::export_generator!(Meme);
