//! The meme kinds from a reading: which template each line takes, the carousel's slides from
//! what the input says, and the mood of the line a reaction picture sits under.

use crate::fill::{Slots, capitalised, is_person};
use crate::{Lang, Reading, pick};

/// The kinds a meme can be.
pub const KINDS: [&str; 6] = ["image", "carousel", "confession", "hottake", "reply", "hybrid"];

/// Slides of a carousel, the cover and closer included.
const MAX_SLIDES: usize = 8;
/// The longest sentence of the input a slide carries whole; a longer one is left out.
const SLIDE_CHARS: usize = 160;

/// One line of a meme: its role (the host draws by role), its text, and for the line a
/// reaction picture answers, the mood that picture should show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub role: &'static str,
    pub text: String,
    pub mood: Option<&'static str>,
}

fn line(role: &'static str, text: String) -> Line {
    Line { role, text, mood: None }
}

/// The templates one subject takes: a person's (their work, their posts), else a product's.
struct Templates {
    image: &'static [(&'static str, &'static str)],
    hottake: &'static [&'static str],
    confession: &'static [&'static str],
    reply: &'static [(&'static str, &'static str)],
    covers: &'static [&'static str],
    turns: &'static [&'static str],
}

fn templates(lang: &'static Lang, reading: &Reading) -> Templates {
    let (m, c, p) = (&lang.meme, &lang.carousel, &lang.person);
    if is_person(reading) {
        // The second cover ("{name}, in one minute") is the one that fits a person.
        Templates {
            image: &p.image,
            hottake: &p.hottake,
            confession: &p.confession,
            reply: &p.reply,
            covers: &c.covers[1..],
            turns: &p.turns,
        }
    } else {
        Templates {
            image: &m.image,
            hottake: &m.hottake,
            confession: &m.confession,
            reply: &m.reply,
            covers: &c.covers,
            turns: &c.turns,
        }
    }
}

/// The lines of a meme of `kind`, or `None` for a kind there is none of.
pub fn write(lang: &'static Lang, reading: &Reading, kind: &str, seed: u64) -> Option<Vec<Line>> {
    let slots = Slots::new(lang, reading, seed);
    let m = templates(lang, reading);
    let image = |salt: u64| {
        let (top, bottom) = pick(m.image, seed, salt);
        vec![
            line("top", slots.fill(top, salt)),
            Line {
                mood: Some(pick(&["joy", "cool", "party"], seed, salt)),
                ..line("bottom", slots.fill(bottom, salt))
            },
        ]
    };
    let take = |salt: u64| line("take", slots.fill(pick(m.hottake, seed, salt), salt));
    Some(match kind {
        "image" => image(1),
        "hottake" => vec![take(5)],
        "confession" => vec![line("confession", slots.fill(pick(m.confession, seed, 3), 3))],
        "reply" => {
            let (post, reply) = pick(m.reply, seed, 7);
            vec![line("post", slots.fill(post, 7)), line("reply", slots.fill(reply, 7))]
        }
        "hybrid" => {
            let mut lines = image(8);
            lines.push(take(9));
            lines
        }
        "carousel" => carousel(lang, reading, &m, &slots, seed),
        _ => return None,
    })
}

/// Cover, then what the input says when it says it in this language (its sentences, whole),
/// else its [`story`]; then the closer.
fn carousel(lang: &'static Lang, reading: &Reading, m: &Templates, slots: &Slots<'_>, seed: u64) -> Vec<Line> {
    let c = &lang.carousel;
    let mut slides = vec![slots.fill(pick(m.covers, seed, 11), 11)];
    let own: Vec<String> = if reading.speaks(lang.code) {
        // The input's sentences carry its claims; one with a verdict word in it (the input
        // may be hostile, or speak of the pain in strong words) is left to the tables.
        reading
            .claims
            .iter()
            .filter(|s| s.chars().count() <= SLIDE_CHARS && crate::checks::negative_in(lang, s).is_none())
            .map(|s| capitalised(s))
            .collect()
    } else {
        Vec::new()
    };
    if own.len() >= 2 {
        slides.extend(own.into_iter().take(MAX_SLIDES - 2));
    } else {
        let mut story = told(lang, reading, m, slots, seed);
        // The input's one sentence stands after the subject comes in, before the gain.
        let at = story.len().min(2);
        story.splice(at..at, own);
        slides.extend(story.into_iter().take(MAX_SLIDES - 2));
    }
    slides.push(slots.fill(pick(&c.closers, seed, 16), 16));
    slides.into_iter().map(|s| line("card", s)).collect()
}

/// The subject's story in `lang` as its own customers know it: the pain, the subject coming in,
/// the gain, then a slide for each figure the input gives (at most three). Every line from the
/// language's tables: slides of any piece that has no sentences of its own in the language.
pub fn story(lang: &'static Lang, reading: &Reading, seed: u64) -> Vec<String> {
    told(lang, reading, &templates(lang, reading), &Slots::new(lang, reading, seed), seed)
}

fn told(lang: &Lang, reading: &Reading, m: &Templates, slots: &Slots<'_>, seed: u64) -> Vec<String> {
    let numbers = &lang.carousel.numbers;
    let mut lines = vec![slots.fill("{pain}", 12), slots.fill(pick(m.turns, seed, 13), 13), slots.fill("{gain}", 14)];
    for (n, figure) in reading.numbers.iter().take(3).enumerate() {
        let template = numbers[(pick(&[0, 1], seed, 15) + n) % numbers.len()];
        lines.push(slots.clone().numbered(figure).fill(template, 15 + n as u64));
    }
    lines
}
