//! The built-in pitch generator: for one person, a hook that names them, message-style beats
//! that move from how the sender came across them to what the sender offers, two memes about
//! their situation and a call to action, in 23 languages.
//!
//! With the operator's model configured, the hook and the beats are written by it (each answer
//! validated, the phrase tables as the fallback); without one the tables write everything,
//! deterministically per seed. Each beat carries the text the embedded voice reads (`speech`):
//! for Chinese that is pinyin with tone numbers, which the voice reads well and characters badly.

mod phrases;

use guest::{
    Capability, Content, GenerateError, Guest, Manifest, Request, block, block_with, cut, host, one_line, pick, subject,
};
use phrases::Phrases;

struct Pitch;

/// A beat is one message line on one frame: longer lines do not fit it.
const MAX_LINE: usize = 120;
/// A name longer than this is cut, so a hook that names it stays one line.
const MAX_NAME: usize = 80;
/// A site host longer than this is left out of the beat that would mention it.
const MAX_SITE: usize = 60;

/// The value of option `key`, trimmed, unless it is absent or empty.
fn option<'a>(request: &'a Request, key: &str) -> Option<&'a str> {
    request.options.iter().find(|(k, _)| k == key).map(|(_, v)| v.trim()).filter(|v| !v.is_empty())
}

/// Where the sender came across the person, from the `source` option.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Website,
    X,
    Linkedin,
    Sentence,
}

impl Source {
    fn from_option(value: Option<&str>) -> Source {
        match value.map(str::to_ascii_lowercase).as_deref() {
            Some("website") => Source::Website,
            Some("x") => Source::X,
            Some("linkedin") => Source::Linkedin,
            // A sentence the agent wrote, and any source this build does not know yet.
            _ => Source::Sentence,
        }
    }

    /// For the model's prompt.
    fn describe(self, site: Option<&str>) -> String {
        match (self, site) {
            (Source::Website, Some(site)) => format!("their website, {site}"),
            (Source::Website, None) => "their website".into(),
            (Source::X, _) => "their profile on X".into(),
            (Source::Linkedin, _) => "their LinkedIn profile".into(),
            (Source::Sentence, _) => "a short description of them".into(),
        }
    }
}

/// The site's host name as a beat may mention it: no scheme, no path, no spaces, short.
fn site_host(raw: Option<&str>) -> Option<String> {
    let raw = raw?;
    let host = raw.split_once("://").map_or(raw, |(_, rest)| rest);
    let host = host.split(['/', '?', '#']).next().unwrap_or("").trim_end_matches('.');
    let usable = !host.is_empty()
        && host.chars().count() <= MAX_SITE
        && !host.chars().any(|c| c.is_whitespace() || c.is_control());
    usable.then(|| host.to_string())
}

/// A text the templates insert (the name, the offer) and how it stands in the language: as
/// written when it is in the language's script; else as a quotation, which no template
/// sentence runs into (only a label may come before it, and nothing after it).
struct Insert {
    text: String,
    foreign: bool,
    quoted: String,
}

impl Insert {
    fn new(text: String, language: &str) -> Insert {
        let foreign = guest::foreign(&text, language);
        let quoted = guest::quoted(&text, language);
        Insert { text, foreign, quoted }
    }

    /// What a line must contain to name it: the quotation when it is foreign.
    fn shown(&self) -> &str {
        if self.foreign { &self.quoted } else { &self.text }
    }

    /// The text in a sentence `(before, after)`, or after `label` when it is foreign.
    fn in_template(&self, (before, after): (&str, &str), label: &str) -> String {
        if self.foreign { format!("{label}{}", self.quoted) } else { format!("{before}{}{after}", self.text) }
    }
}

/// `label` followed by `text` (quoted when foreign), the text cut so the line keeps to a
/// beat's length.
fn labelled(label: &str, text: &str, language: &str) -> String {
    let foreign = guest::foreign(text, language);
    let marks = if foreign { 2 } else { 0 };
    let room = MAX_LINE.saturating_sub(label.chars().count() + marks);
    let text = cut(text, room);
    if foreign { format!("{label}{}", guest::quoted(&text, language)) } else { format!("{label}{text}") }
}

/// What the voice reads for a beat in `language`.
fn speech_of(line: &str, language: &str) -> String {
    match language {
        "zh" => guest::pinyin_of(line),
        _ => line.to_string(),
    }
}

/// The beats' slots, in the order a message runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// How the sender came across them.
    Seen,
    /// What they do.
    Work,
    /// An everyday struggle of theirs: the bridge to help.
    Pain,
    /// What the sender offers (only with an offer).
    Offer,
    /// Why the offer helps (only with an offer).
    Helps,
    /// An idea to talk about (only without an offer).
    Idea,
    /// A light, no-pressure closing line.
    Close,
}

impl Slot {
    /// What the model is asked to write for the slot.
    fn task(self) -> &'static str {
        match self {
            Slot::Seen => "Say in a few words how you came across them (see 'Found through').",
            Slot::Work => "Say in a few words what they do, drawn from the description, as a sincere compliment.",
            Slot::Pain => "Name one everyday struggle someone in their position has, in a few words.",
            Slot::Offer => "State plainly what the sender offers.",
            Slot::Helps => "Say in a few words how the sender's offer helps them.",
            Slot::Idea => "Say that the sender has an idea that could help them, without naming any product.",
            Slot::Close => "Write a light, no-pressure closing line that is not a question.",
        }
    }
}

/// Beats the model is asked for first, while its quota lasts: the lines that gain most from
/// reading the description come before those the tables write just as well.
const MODEL_ORDER: [Slot; 7] = [Slot::Work, Slot::Pain, Slot::Helps, Slot::Idea, Slot::Seen, Slot::Close, Slot::Offer];

/// The operator's model, asked one line at a time. After its first failure (not granted, out
/// of quota, unavailable) it is not asked again: every later line comes from the tables.
struct Model<'a> {
    language: &'a str,
    /// Who the message is for, as the prompt names them.
    to: String,
    /// What the input says about them, how they were found and what the sender offers.
    about: String,
    working: bool,
}

impl Model<'_> {
    /// A line for `task`, or `None` when the model gave none or an unusable one. `must` is the
    /// text the line has to contain verbatim (the name, the offer).
    fn line(&mut self, task: &str, must: Option<&str>) -> Option<String> {
        if !self.working {
            return None;
        }
        let containing =
            must.map(|m| format!(" The line must contain {m} exactly as written here.")).unwrap_or_default();
        let asked = host::CompletionRequest {
            system: format!(
                "You write one line of a short, friendly cold message to {}, in the language with ISO 639-1 \
                 code '{}', in that language's own script. {task}{containing} Reply with the line only: at most \
                 100 characters, no quotes around it, no hashtags, no emoji, no links.",
                self.to, self.language
            ),
            prompt: self.about.clone(),
            max_tokens: 100,
        };
        match host::complete(&asked) {
            Ok(answer) => usable(&answer, self.language, must),
            Err(_) => {
                self.working = false;
                None
            }
        }
    }
}

/// The model's answer if it is one line of 1–120 characters, without links or control
/// characters, containing `must`, and with words of its own (apart from `must`) in the
/// language's own script.
fn usable(answer: &str, language: &str, must: Option<&str>) -> Option<String> {
    let line = answer.trim().trim_matches('"').trim();
    let length = line.chars().count();
    if length == 0 || length > MAX_LINE || line.chars().any(char::is_control) || line.to_lowercase().contains("http") {
        return None;
    }
    let rest = match must {
        Some(m) if !line.contains(m) => return None,
        Some(m) => line.replacen(m, "", 1),
        None => line.to_string(),
    };
    (rest.chars().any(char::is_alphabetic) && !guest::foreign(&rest, language)).then(|| line.to_string())
}

/// The table line for a beat slot.
fn table_line(slot: Slot, p: &Phrases, ctx: &Context) -> String {
    let seed = ctx.seed;
    match slot {
        Slot::Seen => {
            let found = match ctx.source {
                Source::Website => {
                    // The host stands after a label, where nothing runs on after it.
                    let with_site = ctx.site.as_deref().map(|site| format!("{}{site}", pick(&p.site, seed, 11)));
                    return with_site
                        .filter(|line| line.chars().count() <= MAX_LINE)
                        .unwrap_or_else(|| pick(&p.website, seed, 11).to_string());
                }
                Source::X => &p.x,
                Source::Linkedin => &p.linkedin,
                Source::Sentence => &p.sentence,
            };
            pick(found, seed, 11).to_string()
        }
        Slot::Work => pick(&p.work, seed, 12).to_string(),
        Slot::Pain => pick(&p.pain, seed, 13).to_string(),
        Slot::Offer => labelled(pick(&p.offer, seed, 14), ctx.offer.as_deref().unwrap_or_default(), ctx.language),
        Slot::Helps => pick(&p.helps, seed, 15).to_string(),
        Slot::Idea => pick(&p.idea, seed, 16).to_string(),
        Slot::Close => pick(&p.close, seed, 17).to_string(),
    }
}

/// What the table lines depend on besides the phrases.
struct Context<'a> {
    language: &'a str,
    seed: u64,
    source: Source,
    site: Option<String>,
    offer: Option<String>,
}

impl Guest for Pitch {
    fn describe() -> Manifest {
        Manifest {
            name: "pitch".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Personalized pitches in 23 languages: a hook that names the person, message-style beats \
                          (voiced), memes about their situation and a call to action."
                .into(),
            tasks: vec!["pitch".into()],
            kinds: Vec::new(),
            languages: phrases::TABLES.iter().map(|(code, _)| code.to_string()).collect(),
            // With the operator's model configured, the hook and beats are written by it
            // (validated, with the phrase tables as the fallback); without one, the tables.
            capabilities: vec![Capability::Completion],
            sample_input: guest::sample("pitch", None, "A founder who builds developer tools in Lisbon"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "pitch" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        let language = request.language.as_str();
        let p = phrases::for_language(language)
            .ok_or_else(|| GenerateError::UnsupportedLanguage(request.language.clone()))?;
        let input = guest::checked_input(&request, 1500)?;
        let seed = request.seed;
        let name = match option(&request, "name") {
            Some(name) => cut(&one_line(name), MAX_NAME),
            None => one_line(&subject(&input, 60)),
        };
        let name = Insert::new(name, language);
        let source = Source::from_option(option(&request, "source"));
        let site = if source == Source::Website { site_host(option(&request, "site")) } else { None };
        let offer = option(&request, "offer").map(|o| one_line(&subject(o, 120))).filter(|o| !o.is_empty());
        let ctx = Context { language, seed, source, site, offer };

        let mut model = Model {
            language,
            to: name.shown().to_string(),
            about: format!(
                "Who they are: {input}\nFound through: {}\nWhat the sender offers: {}",
                source.describe(ctx.site.as_deref()),
                ctx.offer.as_deref().unwrap_or("(not said)")
            ),
            working: true,
        };

        let hook = model
            .line("Write the opening line: greet them by name and say this message is for them.", Some(name.shown()))
            .unwrap_or_else(|| name.in_template(*pick_pair(&p.hooks, seed, 1), pick(&p.hook_labels, seed, 2)));

        // Without an offer: five beats ending on an idea; with one: six, one of them stating it.
        let slots: &[Slot] = if ctx.offer.is_some() {
            &[Slot::Seen, Slot::Work, Slot::Pain, Slot::Offer, Slot::Helps, Slot::Close]
        } else {
            &[Slot::Seen, Slot::Work, Slot::Pain, Slot::Idea, Slot::Close]
        };
        let mut lines: Vec<Option<String>> = vec![None; slots.len()];
        let offer_shown = ctx.offer.as_deref().map(|o| Insert::new(o.to_string(), language).shown().to_string());
        for slot in MODEL_ORDER {
            if let Some(i) = slots.iter().position(|s| *s == slot) {
                let must = if slot == Slot::Offer { offer_shown.as_deref() } else { None };
                lines[i] = model.line(slot.task(), must);
            }
        }

        let mut blocks = vec![block("hook", hook)];
        for (slot, line) in slots.iter().zip(lines) {
            let line = line.unwrap_or_else(|| table_line(*slot, p, &ctx));
            let speech = speech_of(&line, language);
            blocks.push(block_with("beat", line, &[("speech", &speech)]));
        }
        for (memes, salt) in [(&p.meme_a, 21), (&p.meme_b, 22)] {
            let (top, bottom) = pick_pair(memes, seed, salt);
            blocks.push(block_with("meme", *bottom, &[("top", top)]));
        }
        blocks.push(block("cta", pick(&p.cta, seed, 23)));

        let title = name.in_template(p.title, p.to);
        Ok(Content { title, blocks, tags: vec!["pitch".into(), request.language.clone()] })
    }
}

/// A deterministic choice among pairs, like [`pick`] among lines: `pick` chooses the index.
fn pick_pair<'a>(pairs: &'a [(&'static str, &'static str)], seed: u64, salt: u64) -> &'a (&'static str, &'static str) {
    const INDICES: [&str; 4] = ["0", "1", "2", "3"];
    let chosen = pick(&INDICES[..pairs.len().min(INDICES.len())], seed, salt).parse::<usize>().unwrap_or(0);
    &pairs[chosen]
}

guest::export_generator!(Pitch);
