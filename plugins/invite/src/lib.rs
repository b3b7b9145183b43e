//! The built-in invite generator: the ready-to-send message that goes with a free-bot invite, in
//! 23 languages. It names the person, says how many free generations of a bot with their brand
//! and in their own voice they get and how long the link stays valid, and ends with the claim
//! link on its own line, so no sentence's punctuation ever touches it.
//!
//! Written from the phrase tables only (deterministic per seed): the link must stand in the
//! message verbatim and exactly once, which a model's free text could not promise.

mod phrases;

use guest::{Content, GenerateError, Guest, Manifest, Request, block, one_line, pick};
use phrases::{Counted, Phrases};

struct Invite;

/// The whole message, link included, stays within this many characters.
const MAX_MESSAGE: usize = 600;
/// A name longer than this is cut; a message that is still too long cuts it to the shorter one.
const MAX_NAME: usize = 80;
const SHORT_NAME: usize = 40;
/// A claim link longer than this cannot leave room for the message around it.
const MAX_URL: usize = 300;
/// What the sample request (which has no options) is written with.
const SAMPLE_URL: &str = "https://example.com/claim";
const SAMPLE_FREE: u64 = 200;
const SAMPLE_DAYS: u64 = 7;

/// The value of option `key`, trimmed, unless it is absent or empty.
fn option<'a>(request: &'a Request, key: &str) -> Option<&'a str> {
    request.options.iter().find(|(k, _)| k == key).map(|(_, v)| v.trim()).filter(|v| !v.is_empty())
}

/// A whole positive number option (`free`, `days`), or `fallback` when it is absent.
fn count(request: &Request, key: &str, fallback: u64) -> Result<u64, GenerateError> {
    let Some(value) = option(request, key) else {
        return Ok(fallback);
    };
    value.parse::<u64>().ok().filter(|n| (1..=1_000_000).contains(n)).ok_or_else(|| {
        GenerateError::InvalidInput(format!("the option {key} must be a whole number from 1 to 1000000"))
    })
}

/// The claim link: one http(s) token without spaces, so it stands alone on its line.
fn claim_url(request: &Request) -> Result<String, GenerateError> {
    let url = option(request, "url").unwrap_or(SAMPLE_URL);
    let usable = (url.starts_with("https://") || url.starts_with("http://"))
        && url.chars().count() <= MAX_URL
        && !url.chars().any(|c| c.is_whitespace() || c.is_control());
    if usable {
        Ok(url.to_string())
    } else {
        Err(GenerateError::InvalidInput(format!(
            "the option url must be one http(s) link of at most {MAX_URL} characters"
        )))
    }
}

/// The plural form of `n` in `language` (CLDR's categories for cardinal whole numbers).
fn plural(forms: &Counted, n: u64, language: &str) -> &'static str {
    let (n10, n100) = (n % 10, n % 100);
    let few = (2..=4).contains(&n10) && !(12..=14).contains(&n100);
    match language {
        "ru" | "uk" if n10 == 1 && n100 != 11 => forms.one,
        "ru" | "uk" | "pl" if few => forms.few,
        "ru" | "uk" => forms.many,
        "pl" if n == 1 => forms.one,
        "pl" => forms.many,
        "ar" if n == 1 => forms.one,
        "ar" if n == 2 => forms.two,
        "ar" if (3..=10).contains(&n100) => forms.few,
        "ar" if (11..=99).contains(&n100) => forms.many,
        "ar" => forms.other,
        // French and Hindi count zero and one alike; the counts here start at one.
        _ if n == 1 => forms.one,
        _ => forms.other,
    }
}

/// The sentence for `n` in `language`, the number in place of its `#`.
fn counted(forms: &Counted, n: u64, language: &str) -> String {
    plural(forms, n, language).replace('#', &n.to_string())
}

/// Whether sentences in `language` are written without a space between them.
fn unspaced(language: &str) -> bool {
    matches!(language, "zh" | "ja")
}

/// What every message of one request says, whatever name it is written with.
#[derive(Clone, Copy)]
struct Facts<'a> {
    url: &'a str,
    free: u64,
    days: u64,
    language: &'a str,
    seed: u64,
}

/// The message: a line greeting the person by name (a proper name, in whatever script it is
/// written; a plain greeting when none is known), the sentences, a blank line and the link
/// alone on the last line. `extra` adds the optional sentence.
fn message(p: &Phrases, name: Option<&str>, facts: &Facts, extra: bool) -> String {
    let Facts { url, free, days, language, seed } = *facts;
    let greeting = match name {
        Some(name) => {
            let (before, after) = pick_pair(&p.greet, seed, 1);
            format!("{before}{name}{after}")
        }
        None => p.hello.to_string(),
    };
    let mut sentences: Vec<String> = Vec::new();
    sentences.push(pick(&p.made, seed, 2).to_string());
    sentences.push(counted(&p.free, free, language));
    sentences.push(counted(&p.days, days, language));
    if extra {
        sentences.push(pick(&p.extra, seed, 3).to_string());
    }
    let body = sentences.join(if unspaced(language) { "" } else { " " });
    format!("{greeting}\n{body}\n\n{url}")
}

/// `text` without the link in it (a name pasted with the link would repeat it), trimmed.
fn without(text: &str, url: &str) -> String {
    if text.contains(url) {
        text.replace(url, " ").split_whitespace().collect::<Vec<_>>().join(" ")
    } else {
        one_line(text)
    }
}

/// A deterministic choice among pairs, like [`pick`] among lines: `pick` chooses the index.
fn pick_pair<'a>(pairs: &'a [(&'static str, &'static str)], seed: u64, salt: u64) -> &'a (&'static str, &'static str) {
    const INDICES: [&str; 4] = ["0", "1", "2", "3"];
    let chosen = pick(&INDICES[..pairs.len().min(INDICES.len())], seed, salt).parse::<usize>().unwrap_or(0);
    &pairs[chosen]
}

impl Guest for Invite {
    fn describe() -> Manifest {
        Manifest {
            name: "invite".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Ready-to-send invite messages for a free branded bot, with the claim link, in 23 languages."
                .into(),
            tasks: vec!["invite".into()],
            kinds: Vec::new(),
            languages: phrases::TABLES.iter().map(|(code, _)| code.to_string()).collect(),
            capabilities: Vec::new(),
            sample_input: guest::sample("invite", None, "A bakery in Porto that posts daily"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "invite" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        let language = request.language.as_str();
        let p = phrases::for_language(language)
            .ok_or_else(|| GenerateError::UnsupportedLanguage(request.language.clone()))?;
        guest::checked_input(&request, 1500)?;
        let url = claim_url(&request)?;
        let free = count(&request, "free", SAMPLE_FREE)?;
        let days = count(&request, "days", SAMPLE_DAYS)?;
        let facts = Facts { url: &url, free, days, language, seed: request.seed };
        // How to address them: by the first name the reading found, else the whole name (a
        // site's name for a URL), else the sender's `name` option; never the input's sentence,
        // never the link itself, never a name cut short.
        let reading = guest::reading(&request);
        let name = [reading.first_name.as_str(), &reading.name, option(&request, "name").unwrap_or_default()]
            .into_iter()
            .map(|n| without(n, &url))
            .find(|n| !n.is_empty() && n.chars().count() <= MAX_NAME && !n.contains("://"));

        // The longest message that fits: the optional sentence goes first, then the greeting
        // goes without the name.
        let candidates = [(name.as_deref(), true), (name.as_deref(), false), (None, false)];
        let text = candidates
            .iter()
            .map(|&(name, extra)| message(p, name, &facts, extra))
            .find(|m| m.chars().count() <= MAX_MESSAGE && m.matches(url.as_str()).count() == 1)
            .ok_or_else(|| GenerateError::InvalidInput("the link leaves no room for the message".into()))?;

        let title = match name.as_deref().filter(|n| n.chars().count() <= SHORT_NAME) {
            Some(name) => format!("{}{name}{}", p.title.0, p.title.1),
            None => p.hello.to_string(),
        };
        Ok(Content {
            title,
            blocks: vec![block("message", text), block("cta", pick(&p.cta, facts.seed, 4))],
            tags: vec!["invite".into(), request.language.clone()],
        })
    }
}

guest::export_generator!(Invite);
