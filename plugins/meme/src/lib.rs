//! The built-in meme generator: six kinds, each a visibly different format, in 23 languages.
//! It writes from the host's reading of the input (world 1.1.0), through the copy tables of
//! `copywriter`: the subject named where the language needs no inflection, the status quo it
//! changes in the language's own words, a carousel from what the input says. With the
//! operator's model configured, each line is asked of it first and kept only when it passes
//! the same checks (language, length, no links, nothing against the subject). The host passes
//! the lines through the brand-voice generator, which gives them the brand's tone.

use copywriter::checks::{cut_or_partial_link, foreign_run, verdict_on};
use copywriter::meme::{KINDS, Line};
use copywriter::{Lang, Reading};
use guest::{Capability, Content, GenerateError, Guest, Manifest, Request, block_with};

struct Meme;

/// The longest line a model may give for a meme.
const MODEL_LINE_CHARS: usize = 200;

/// What a line is, for the model's prompt.
fn format_of(role: &str) -> Option<&'static str> {
    Some(match role {
        "take" => "A bold hot take, contrarian about the old way of doing things and in favour of the subject.",
        "confession" => "A first-person confession of a relatable pain that the subject ends.",
        "reply" => "A witty reply that answers the post in the subject's favour.",
        _ => return None,
    })
}

/// What the model is told about the subject: the reading's facts, one per line.
fn brief(reading: &Reading) -> String {
    let facts = [
        ("Subject", if reading.name.is_empty() { &reading.phrase } else { &reading.name }),
        ("What it is", &reading.what),
        ("For", &reading.audience),
        ("Promise", &reading.promise),
    ];
    facts.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join("\n")
}

/// Whether a model's `text` may stand as a line of this meme: one line of 1–200 characters,
/// no link or ellipsis, in the language's script (the subject's name excepted), nothing
/// against the subject.
fn usable(text: &str, lang: &Lang, reading: &Reading) -> bool {
    (1..=MODEL_LINE_CHARS).contains(&text.chars().count())
        && !text.chars().any(char::is_control)
        && cut_or_partial_link(text, &[]).is_none()
        && foreign_run(text, lang.code, &[&reading.name], 4).is_none()
        && verdict_on(lang, text, &reading.name).is_none()
}

/// `lines` with those the operator's model writes better (takes, confessions, replies) asked
/// of it in one call with the things a picture could show, each kept only when [`usable`]; the
/// table's line stands otherwise. Answers the things the model would draw ([`guest::DRAW`]),
/// as it said them.
fn with_model(request: &Request, lang: &Lang, reading: &Reading, lines: &mut [Line]) -> Option<String> {
    let asked: Vec<(usize, &str)> =
        lines.iter().enumerate().filter_map(|(i, l)| Some((i, format_of(l.role)?))).collect();
    let voice =
        request.brand.as_ref().map(|b| format!(" Write in the voice of {}: {}", b.name, b.voice)).unwrap_or_default();
    let system = format!(
        "You write lines for a meme, in the language with ISO 639-1 code '{}', in its own script; only the \
         subject's name may stay as written. Never say anything negative about the subject. No quotes, hashtags \
         or links.{voice}",
        lang.code
    );
    let post = lines.iter().find(|l| l.role == "post").map(|l| format!("\nThe post: {}", l.text)).unwrap_or_default();
    let mut purposes: Vec<&str> = asked.iter().map(|(_, p)| *p).collect();
    purposes.push(guest::DRAW);
    let mut written = guest::model_lines(&system, &format!("{}{post}", brief(reading)), &purposes, 240)?;
    let draw = written.pop().flatten();
    for ((i, _), text) in asked.iter().zip(written) {
        let text = text.map(|t| t.trim().trim_matches('"').trim().to_string());
        if let Some(text) = text.filter(|t| usable(t, lang, reading)) {
            lines[*i].text = text;
        }
    }
    draw
}

impl Guest for Meme {
    fn describe() -> Manifest {
        Manifest {
            name: "meme".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Memes, slideshows and hot takes in 23 languages, in a brand's voice.".into(),
            tasks: vec!["meme".into()],
            kinds: KINDS.iter().map(|k| k.to_string()).collect(),
            languages: copywriter::codes().map(str::to_string).collect(),
            // With the operator's model configured, lines are written by it (checked, with the
            // tables as the fallback); without one, the tables write everything.
            capabilities: vec![Capability::Completion],
            sample_input: guest::sample("meme", Some("hottake"), "Agents that pay for their own tools"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "meme" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        let kind = request.kind.clone().unwrap_or_else(|| "image".into());
        let lang = copywriter::lang(&request.language)
            .ok_or_else(|| GenerateError::UnsupportedLanguage(request.language.clone()))?;
        guest::checked_input(&request, 2000)?;
        let reading = guest::reading(&request);
        let mut lines = copywriter::meme::write(lang, &reading, &kind, request.seed)
            .ok_or_else(|| GenerateError::UnsupportedTask(format!("meme kind {kind}")))?;
        let draw = with_model(&request, lang, &reading, &mut lines);
        let blocks = lines
            .into_iter()
            .enumerate()
            .map(|(i, line)| {
                let index = (i + 1).to_string();
                let mut attributes = vec![("index", index.as_str())];
                attributes.extend(line.mood.map(|m| ("mood", m)));
                attributes.extend(draw.as_deref().filter(|_| i == 0).map(|d| ("draw", d)));
                block_with(line.role, line.text, &attributes)
            })
            .collect();
        let title = copywriter::fill::title(lang, &reading);
        Ok(Content { title, blocks, tags: vec!["meme".into(), kind, request.language] })
    }
}

guest::export_generator!(Meme);
