//! The copy of the built-in generators, written per language by that language's rules, and the
//! few rules that put a reading of the input into it: which words name the subject in a given
//! language, where a sentence starts, which line carries which mood. Plain Rust (no bindings),
//! so the copy corpus test builds it natively.
//!
//! A table never quotes the input: it names the subject through `{name}` (a proper name, which
//! may stay in its own script, or a noun phrase of the table's own language), and speaks about
//! the status quo the subject changes through its domain's `{chore}`, `{pain}` and `{gain}`,
//! written in the same language as the template around them.

pub mod categories;
pub mod checks;
pub mod fill;
pub mod lang;
pub mod meme;
pub mod pitch;
pub mod reading;
pub mod script;

pub use reading::{Kind, Reading};

/// The domains a reading can fall in, in the order of every table's `domains`.
pub const DOMAINS: [&str; 14] = [
    "ai",
    "software",
    "finance",
    "crypto",
    "marketing",
    "sales",
    "food",
    "fitness",
    "health",
    "education",
    "travel",
    "style",
    "creator",
    "general",
];

/// One language's copy.
pub struct Lang {
    /// ISO 639-1 code.
    pub code: &'static str,
    /// What `{name}` becomes when the subject has no name this language can show: a noun
    /// phrase in lower case where the script has case (capitalised where a sentence starts).
    pub unnamed: Unnamed,
    /// One entry per [`DOMAINS`] id, in that order.
    pub domains: [Domain; DOMAINS.len()],
    pub meme: Meme,
    /// The meme templates for a person or their post, in place of [`Meme`]'s.
    pub person: Person,
    pub carousel: Carousel,
    pub pitch: Pitch,
    /// Words of a negative verdict in this language ("overrated", "scam"): never in a sentence
    /// that names the subject, whoever wrote it (a table or a model). Lower case where the
    /// script has case; matched as substrings of the lower-cased sentence.
    pub negatives: &'static [&'static str],
}

/// The fallback names of a subject, by what it is.
pub struct Unnamed {
    pub product: &'static str,
    pub company: &'static str,
    pub person: &'static str,
    pub idea: &'static str,
}

/// What a domain's status quo looks like, in a language.
pub struct Domain {
    /// The old way the subject ends, as a phrase that fits every `{chore}` slot of this
    /// language's templates (in English, a gerund phrase: "chasing invoices").
    pub chores: [&'static str; 2],
    /// A relatable moment of that old way, as a sentence of its own.
    pub pains: [&'static str; 2],
    /// The better state after, as a sentence of its own.
    pub gains: [&'static str; 2],
}

/// Templates of the meme kinds (`hybrid` reuses an image pair and a hot take).
pub struct Meme {
    /// Top and bottom lines of the picture: the pain above, the subject's answer below.
    pub image: [(&'static str, &'static str); 4],
    /// Contrarian about the status quo, never about the subject.
    pub hottake: [&'static str; 4],
    /// A relatable pain the subject ends, in the first person.
    pub confession: [&'static str; 4],
    /// An objection and the reply in the subject's favour.
    pub reply: [(&'static str, &'static str); 4],
}

/// Meme templates for a person (or a person's post): their work, their posts, following them;
/// never the lines of a product ("<name> users").
pub struct Person {
    pub image: [(&'static str, &'static str); 2],
    pub hottake: [&'static str; 2],
    pub confession: [&'static str; 2],
    pub reply: [(&'static str, &'static str); 2],
    /// The carousel's slide that brings them in after the pain.
    pub turns: [&'static str; 2],
}

/// The framing slides of a carousel, around what the input itself says.
pub struct Carousel {
    /// The first slide.
    pub covers: [&'static str; 2],
    /// The slide that brings the subject in after the pain.
    pub turns: [&'static str; 2],
    /// A slide for a figure from the input (`{number}`: digits, a percentage).
    pub numbers: [&'static str; 2],
    /// The last slide: a reason to save or share.
    pub closers: [&'static str; 2],
}

/// The lines of a pitch: a message to one person that moves from them to what the sender
/// offers, as a benefit to them, and ends on one thing to do. Slots: `{first}` (how the
/// language greets them: the first name, or the whole name where that is the custom),
/// `{name}` (a site's or company's name), `{company}` (where they work), `{topic}` (what they
/// post about, in this language), `{role}` (their role, in this language), `{offer}` (the name of what the sender offers).
pub struct Pitch {
    /// The title of the page, naming them: "For {first}".
    pub title: &'static str,
    /// The first line, greeting a person.
    pub hello: [&'static str; 3],
    /// The first line, greeting the people behind a site or company (`{name}`).
    pub hello_team: [&'static str; 2],
    /// The first line and the title when no name is known.
    pub hello_anyone: &'static str,
    pub title_anyone: &'static str,
    /// How the sender came across them: their site, X, LinkedIn, or what someone said.
    pub seen_site: [&'static str; 2],
    pub seen_x: [&'static str; 2],
    pub seen_linkedin: [&'static str; 2],
    pub seen_sentence: [&'static str; 2],
    /// A line about their work at `{company}`.
    pub company: [&'static str; 2],
    /// A line about what their role (`{role}`, a phrase in this language, e.g. "head of
    /// growth") means for their days.
    pub role: [&'static str; 2],
    /// A line about what they post about (`{topic}`).
    pub topic: [&'static str; 2],
    /// A line about what they do, when nothing more is known.
    pub work: [&'static str; 2],
    /// The turn to the offer after the pain: "That's what {offer} is for."
    pub offer: [&'static str; 3],
    /// Without a named offer: the turn to a conversation.
    pub idea: [&'static str; 2],
    /// The ask, one line, no pressure.
    pub ask: [&'static str; 3],
    /// Labels of the call-to-action button.
    pub cta: [&'static str; 3],
}

/// The table of `code`, if the generators write that language.
pub fn lang(code: &str) -> Option<&'static Lang> {
    lang::ALL.iter().copied().find(|l| l.code == code)
}

/// The codes of every language with a table.
pub fn codes() -> impl Iterator<Item = &'static str> {
    lang::ALL.iter().map(|l| l.code)
}

/// A deterministic choice from `options` for `seed` and a salt, so the slots of one request
/// do not all pick the same index (SplitMix64: nearby seeds diverge).
pub fn pick<T: Copy>(options: &[T], seed: u64, salt: u64) -> T {
    let mut z = seed.wrapping_add(salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    options[(z % options.len() as u64) as usize]
}
