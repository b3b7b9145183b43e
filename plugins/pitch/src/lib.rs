//! The built-in pitch generator: a message to one person, from the host's reading of who they
//! are (world 1.1.0) and of what the sender offers. It greets them by name, says how the sender
//! came across them and what is known of them, turns the offer into the pain it ends and the
//! gain it brings them, and asks for one thing; two memes about that pain; a call-to-action
//! label. Every line comes from `copywriter`'s tables in the language asked.
//!
//! With the operator's model configured, the beats are asked of it first, in one call for a
//! JSON list (told the reading and each beat's purpose), and each is kept only when it passes
//! the same checks as a meme's line;
//! the table's line stands otherwise. Each beat carries the text the embedded voice reads
//! (`speech`): for Chinese, pinyin with tone numbers.

use copywriter::checks::{cut_or_partial_link, foreign_run, verdict_on};
use copywriter::pitch::{Beat, Offer, Seen, Written};
use copywriter::{Lang, Reading};
use guest::{Capability, Content, GenerateError, Guest, Manifest, Request, block, block_with};

struct Pitch;

/// A beat is one message line on one frame: longer lines do not fit it.
const MAX_LINE: usize = 120;

/// The value of option `key`, trimmed, unless it is absent or empty.
fn option<'a>(request: &'a Request, key: &str) -> Option<&'a str> {
    request.options.iter().find(|(k, _)| k == key).map(|(_, v)| v.trim()).filter(|v| !v.is_empty())
}

/// Where the sender came across the person, from the `source` option.
fn seen(request: &Request) -> Seen {
    match option(request, "source").map(str::to_ascii_lowercase).as_deref() {
        Some("website") => Seen::Site,
        Some("x") => Seen::X,
        Some("linkedin") => Seen::Linkedin,
        // A sentence the agent wrote, and any source this build does not know yet.
        _ => Seen::Sentence,
    }
}

/// What a beat is for, for the model's prompt.
fn purpose(beat: Beat) -> &'static str {
    match beat {
        Beat::Seen => "Say in a few words how you came across them.",
        Beat::Known => "Say something specific and sincere about their work, from what is known of them.",
        Beat::Pain => "Name one everyday struggle that the sender's offer ends for someone like them.",
        Beat::Offer => "Bring in the sender's offer by name as the answer to that struggle.",
        Beat::Substance => "Say plainly what the sender's offer is and does, in a few words.",
        Beat::Gain => "Say what they gain from it, as a benefit to them.",
        Beat::Ask => "Ask for one small, no-pressure next step; not a question about a call.",
    }
}

/// What the model is told about the person and the offer.
fn brief(person: &Reading, offer: Option<&str>) -> String {
    let facts = [
        ("Name", person.name.as_str()),
        ("Role", &person.role),
        ("Company", &person.company),
        ("Place", &person.place),
        ("What it is", &person.what),
        ("Posts about", &person.topics.join(", ")),
        ("The sender offers", offer.unwrap_or("")),
    ];
    facts.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join("\n")
}

/// Whether a model's `line` may stand as a beat: one line of 1–120 characters, no link or
/// ellipsis, in the language's script but for `names`, nothing against any of them.
fn usable(line: &str, lang: &Lang, names: &[&str]) -> bool {
    (1..=MAX_LINE).contains(&line.chars().count())
        && !line.chars().any(char::is_control)
        && cut_or_partial_link(line, &[]).is_none()
        && foreign_run(line, lang.code, names, 2).is_none()
        && names.iter().all(|n| verdict_on(lang, line, n).is_none())
}

/// `beats` with the operator's model's lines where it gave usable ones, asked in one call with
/// the things the page's pictures could show; answers those as the model said them.
fn with_model(lang: &Lang, brief: &str, names: &[&str], beats: &mut [(Beat, String)]) -> Option<String> {
    let system = format!(
        "You write the lines of a short, warm message to one person, in the language with ISO 639-1 code '{}', \
         in that language's own script; names stay as written. Never say anything negative about them or the \
         offer. Each line at most 100 characters, no quotes, hashtags, emoji or links.",
        lang.code
    );
    let mut purposes: Vec<&str> = beats.iter().map(|(beat, _)| purpose(*beat)).collect();
    purposes.push(guest::DRAW);
    let mut lines = guest::model_lines(&system, brief, &purposes, 600)?;
    let draw = lines.pop().flatten();
    for ((_, beat), line) in beats.iter_mut().zip(lines) {
        if let Some(line) =
            line.map(|l| l.trim().trim_matches('"').trim().to_string()).filter(|l| usable(l, lang, names))
        {
            *beat = line;
        }
    }
    draw
}

/// What the voice reads for a line in `language`.
fn speech_of(line: &str, language: &str) -> String {
    match language {
        "zh" => guest::pinyin_of(line),
        _ => line.to_string(),
    }
}

impl Guest for Pitch {
    fn describe() -> Manifest {
        Manifest {
            name: "pitch".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Personalized pitches in 23 languages: a greeting by name, message-style beats (voiced) \
                          that turn the offer into a benefit, memes about the pain it ends and one call to action."
                .into(),
            tasks: vec!["pitch".into()],
            kinds: Vec::new(),
            languages: copywriter::codes().map(str::to_string).collect(),
            // With the operator's model configured, the beats are written by it (checked, with
            // the tables as the fallback); without one, the tables.
            capabilities: vec![Capability::Completion],
            sample_input: guest::sample("pitch", None, "Maria Lopez, a founder who builds developer tools in Lisbon"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "pitch" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        let lang = copywriter::lang(&request.language)
            .ok_or_else(|| GenerateError::UnsupportedLanguage(request.language.clone()))?;
        guest::checked_input(&request, 1500)?;
        let person = guest::reading(&request);
        let text = |key: &str| option(&request, key).unwrap_or_default().to_string();
        let offer = option(&request, "offer").map(|_| Offer {
            name: text("offer-name"),
            domain: option(&request, "offer-domain").unwrap_or("general").to_string(),
            what: text("offer-what"),
            said: text("offer-said"),
            language: text("offer-language"),
        });
        let mut written: Written =
            copywriter::pitch::write(lang, &person, offer.as_ref(), seen(&request), request.seed);
        let offer_name = offer.as_ref().map(|o| o.name.clone()).unwrap_or_default();
        let names: Vec<&str> =
            [person.name.as_str(), &person.company, &offer_name].into_iter().filter(|n| !n.is_empty()).collect();
        let draw = with_model(lang, &brief(&person, option(&request, "offer")), &names, &mut written.beats);
        let mut blocks = vec![match &draw {
            Some(draw) => block_with("hook", written.hook, &[("draw", draw)]),
            None => block("hook", written.hook),
        }];
        for (_, beat) in written.beats {
            let speech = speech_of(&beat, lang.code);
            blocks.push(block_with("beat", beat, &[("speech", &speech)]));
        }
        for (top, bottom) in written.memes {
            blocks.push(block_with("meme", bottom, &[("top", &top)]));
        }
        let cta = option(&request, "cta-label").map_or(written.cta, str::to_string);
        blocks.push(block("cta", cta));
        Ok(Content { title: written.title, blocks, tags: vec!["pitch".into(), request.language.clone()] })
    }
}

guest::export_generator!(Pitch);
