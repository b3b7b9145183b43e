//! The meme kinds from a reading: which template each line takes, the carousel's slides from
//! what the input says, and the mood of the line a reaction picture sits under.

use crate::fill::{Slots, capitalised};
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

/// The lines of a meme of `kind`, or `None` for a kind there is none of.
pub fn write(lang: &Lang, reading: &Reading, kind: &str, seed: u64) -> Option<Vec<Line>> {
    let slots = Slots::new(lang, reading, seed);
    let m = &lang.meme;
    let image = |salt: u64| {
        let (top, bottom) = pick(&m.image, seed, salt);
        vec![
            line("top", slots.fill(top, salt)),
            Line {
                mood: Some(pick(&["joy", "cool", "party"], seed, salt)),
                ..line("bottom", slots.fill(bottom, salt))
            },
        ]
    };
    let take = |salt: u64| line("take", slots.fill(pick(&m.hottake, seed, salt), salt));
    Some(match kind {
        "image" => image(1),
        "hottake" => vec![take(5)],
        "confession" => vec![line("confession", slots.fill(pick(&m.confession, seed, 3), 3))],
        "reply" => {
            let (post, reply) = pick(&m.reply, seed, 7);
            vec![line("post", slots.fill(post, 7)), line("reply", slots.fill(reply, 7))]
        }
        "hybrid" => {
            let mut lines = image(8);
            lines.push(take(9));
            lines
        }
        "carousel" => carousel(lang, reading, &slots, seed),
        _ => return None,
    })
}

/// Cover, then what the input says when it says it in this language (its sentences, whole),
/// else the domain's pain, the subject, the gain and a figure from the input; then the closer.
fn carousel(lang: &Lang, reading: &Reading, slots: &Slots<'_>, seed: u64) -> Vec<Line> {
    let c = &lang.carousel;
    let mut slides = vec![slots.fill(pick(&c.covers, seed, 11), 11)];
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
        slides.push(slots.fill("{pain}", 12));
        slides.push(slots.fill(pick(&c.turns, seed, 13), 13));
        slides.extend(own);
        slides.push(slots.fill("{gain}", 14));
        if slots.number.is_some() {
            slides.push(slots.fill(pick(&c.numbers, seed, 15), 15));
        }
    }
    slides.push(slots.fill(pick(&c.closers, seed, 16), 16));
    slides.into_iter().map(|s| line("card", s)).collect()
}
