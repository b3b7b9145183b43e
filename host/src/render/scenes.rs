//! Drawn reactions: twelve original faces, each an SVG group drawn here (no stock or
//! third-party meme images), picked by the tone of the line they react to. Memes put one
//! between their lines; the reaction beat layout puts one beside its words.

use std::fmt::Write;

use crate::illustrate::Illustration;

/// A reaction's tone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Joy,
    Laugh,
    Shock,
    Think,
    Cool,
    Sad,
    Angry,
    Love,
    Facepalm,
    Party,
    Skeptic,
    MindBlown,
}

pub const TONES: [Tone; 12] = [
    Tone::Joy,
    Tone::Laugh,
    Tone::Shock,
    Tone::Think,
    Tone::Cool,
    Tone::Sad,
    Tone::Angry,
    Tone::Love,
    Tone::Facepalm,
    Tone::Party,
    Tone::Skeptic,
    Tone::MindBlown,
];

/// Words that give a line its tone (lower case; English and a few of the other languages'
/// commonest words), tried in this order.
const CUES: [(Tone, &[&str]); 11] = [
    (Tone::MindBlown, &["mind", "blown", "insane", "unbelievable", "incre", "wow", "increíble", "incroyable"]),
    (Tone::Facepalm, &["again", "forgot", "oops", "mistake", "bug", "broke", "fail", "otra vez", "encore"]),
    (Tone::Laugh, &["lol", "lmao", "haha", "jaja", "joke", "funny", "😂"]),
    (Tone::Love, &["love", "amor", "amour", "liebe", "❤", "favorite", "favourite", "heart"]),
    (Tone::Party, &["launch", "ship", "won", "win", "celebrat", "finally", "done", "🎉", "fiesta"]),
    (Tone::Angry, &["hate", "angry", "worst", "stop", "never again", "odio", "rage"]),
    (Tone::Sad, &["sad", "miss", "lost", "cry", "sorry", "triste", "😢"]),
    (Tone::Cool, &["easy", "smooth", "cool", "pro", "boss", "flex", "fácil", "simple"]),
    (Tone::Skeptic, &["really", "sure", "supposedly", "apparently", "claim", "allegedly", "trust me"]),
    (Tone::Shock, &["what", "suddenly", "never", "cannot", "can't", "qué", "quoi", "!!"]),
    (Tone::Think, &["why", "how", "maybe", "think", "wonder", "idea", "if ", "por qué", "pourquoi"]),
];

/// The tone a generator named for a line (`joy`, `cool`, `party`, ... as the tones are
/// spelled in lower case), if it is one.
pub fn mood(name: &str) -> Option<Tone> {
    TONES.iter().copied().find(|t| format!("{t:?}").eq_ignore_ascii_case(name))
}

/// The tone of `line`: from its words, else its punctuation, else a calm one picked by `seed`.
pub fn tone(line: &str, seed: u64) -> Tone {
    let lower = line.to_lowercase();
    if let Some((tone, _)) = CUES.iter().find(|(_, cues)| cues.iter().any(|c| lower.contains(c))) {
        return *tone;
    }
    let trimmed = lower.trim_end();
    if trimmed.ends_with(['?', '？', '؟']) {
        return if seed.is_multiple_of(2) { Tone::Think } else { Tone::Skeptic };
    }
    if trimmed.ends_with(['!', '！']) {
        return if seed.is_multiple_of(2) { Tone::Shock } else { Tone::Joy };
    }
    // Without a cue the line is not taken for bad news: a face that is glad, sure or thinking.
    CALM[(seed % CALM.len() as u64) as usize]
}

/// The tones a line without cues may get.
const CALM: [Tone; 5] = [Tone::Joy, Tone::Cool, Tone::Think, Tone::Love, Tone::Party];

/// The reaction for `tone`, centred on (`x`, `y`), `scale` 1 being 460 px across; `face` is the
/// face's fill.
pub fn reaction(tone: Tone, x: f32, y: f32, scale: f32, face: &str) -> String {
    let mut g = format!(
        r#"<g transform="translate({x} {y}) scale({scale})"><circle r="230" fill="{face}" stroke="{INK}" stroke-width="12"/>"#
    );
    features(&mut g, tone);
    g.push_str("</g>\n");
    g
}

/// A row across `area` (x, y, width, height), or a column down it when it is taller than wide:
/// the illustrations of what the picture is about, and among them (second, after the first) the
/// reaction `mood` (a tone, its face's fill), each in a square as large as the area allows,
/// centred.
pub fn beside(area: [f32; 4], things: &[Illustration], mood: Option<(Tone, &str)>) -> String {
    let [x, y, width, height] = area;
    let count = things.len() + usize::from(mood.is_some());
    if count == 0 {
        return String::new();
    }
    // In a row across a wide area, in a column down a tall one (beside a wide picture's words);
    // a gap of a fifth of a square between squares.
    let across = width >= height;
    let (long, short) = if across { (width, height) } else { (height, width) };
    let span = count as f32 * 1.2 - 0.2;
    let side = short.min(long / span);
    let first = (long - side * span) / 2.0;
    let corner = |slot: usize| {
        let along = first + slot as f32 * side * 1.2;
        match across {
            true => (x + along, y + (height - side) / 2.0),
            false => (x + (width - side) / 2.0, y + along),
        }
    };
    let face_at = things.len().min(1);
    let mut row = String::new();
    let mut things = things.iter().enumerate();
    for slot in 0..count {
        let (left, top) = corner(slot);
        match mood.filter(|_| slot == face_at) {
            // The face's hat and flames reach past its circle: a little smaller than the square.
            Some((tone, face)) => {
                row.push_str(&reaction(tone, left + side / 2.0, top + side / 2.0, side / 560.0, face))
            }
            None => {
                if let Some((n, thing)) = things.next() {
                    row.push_str(&thing.svg((left, top), side, n));
                }
            }
        }
    }
    row
}

/// The ink of every face's features.
const INK: &str = "#111111";

/// Two round eyes `rx` by `ry`.
fn eyes(g: &mut String, rx: f32, ry: f32) {
    let _ = write!(
        g,
        r#"<ellipse cx="-80" cy="-50" rx="{rx}" ry="{ry}" fill="{INK}"/><ellipse cx="80" cy="-50" rx="{rx}" ry="{ry}" fill="{INK}"/>"#
    );
}

/// An inked line along path `d`.
fn stroke(g: &mut String, d: &str, width: u32) {
    let _ = write!(
        g,
        r#"<path d="{d}" fill="none" stroke="{INK}" stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>"#
    );
}

/// The face's features for `tone`, drawn on a 460 px face centred on the origin. One arm per
/// tone: the art is a table, read (and changed) one face at a time.
fn features(g: &mut String, tone: Tone) {
    match tone {
        Tone::Joy => {
            eyes(g, 30.0, 44.0);
            stroke(g, "M -120 60 Q 0 170 120 60", 16);
        }
        Tone::Laugh => {
            stroke(g, "M -120 -40 L -70 -70 L -120 -95 M 120 -40 L 70 -70 L 120 -95", 16);
            g.push_str(r##"<path d="M -130 40 Q 0 200 130 40 Z" fill="#111111"/><path d="M -80 110 Q 0 160 80 110 Q 0 140 -80 110 Z" fill="#e8505b"/>"##);
            g.push_str(r##"<path d="M -175 -10 q -20 40 0 60 q 20 -20 0 -60" fill="#5ec8f2"/><path d="M 175 -10 q -20 40 0 60 q 20 -20 0 -60" fill="#5ec8f2"/>"##);
        }
        Tone::Shock => {
            g.push_str(r##"<circle cx="-80" cy="-55" r="44" fill="#ffffff" stroke="#111111" stroke-width="10"/><circle cx="80" cy="-55" r="44" fill="#ffffff" stroke="#111111" stroke-width="10"/>"##);
            g.push_str(r##"<circle cx="-80" cy="-55" r="14" fill="#111111"/><circle cx="80" cy="-55" r="14" fill="#111111"/><ellipse cx="0" cy="110" rx="50" ry="70" fill="#111111"/>"##);
        }
        Tone::Think => {
            eyes(g, 26.0, 40.0);
            stroke(g, "M -130 -120 Q -80 -150 -30 -120", 12);
            stroke(g, "M -60 110 L 80 90", 14);
            g.push_str(r##"<path d="M 40 160 q 60 -40 110 0 q 20 40 -30 70 l -90 0 z" fill="#f4c28b" stroke="#111111" stroke-width="10"/>"##);
        }
        Tone::Cool => {
            g.push_str(r##"<path d="M -190 -90 L 190 -90 L 175 -60 Q 130 10 40 -40 L -40 -40 Q -130 10 -175 -60 Z" fill="#111111"/>"##);
            g.push_str(r##"<path d="M -150 -75 L -90 -75" stroke="#ffffff" stroke-width="8" stroke-opacity="0.6"/>"##);
            stroke(g, "M -70 100 Q 40 150 120 70", 16);
        }
        Tone::Sad => {
            eyes(g, 28.0, 40.0);
            stroke(g, "M -130 -115 L -40 -135 M 130 -115 L 40 -135", 12);
            stroke(g, "M -100 140 Q 0 60 100 140", 16);
            g.push_str(r##"<path d="M -80 0 q -22 50 0 75 q 22 -25 0 -75" fill="#5ec8f2"/>"##);
        }
        Tone::Angry => {
            eyes(g, 28.0, 30.0);
            stroke(g, "M -140 -130 L -40 -90 M 140 -130 L 40 -90", 18);
            stroke(g, "M -100 130 Q 0 70 100 130", 16);
            g.push_str(r##"<circle r="230" fill="#e8505b" fill-opacity="0.35"/>"##);
        }
        Tone::Love => {
            let heart = "c -30 -40 -90 -10 -60 40 l 60 50 l 60 -50 c 30 -50 -30 -80 -60 -40 z";
            let _ = write!(
                g,
                r##"<path d="M -80 -80 {heart}" fill="#e8505b"/><path d="M 80 -80 {heart}" fill="#e8505b"/>"##
            );
            stroke(g, "M -110 70 Q 0 170 110 70", 16);
        }
        Tone::Facepalm => {
            stroke(g, "M -120 -50 L -40 -50 M 40 -50 L 120 -50", 14);
            stroke(g, "M -70 120 L 70 120", 14);
            g.push_str(r##"<path d="M -170 -160 q 90 -40 170 10 q 40 60 -10 110 l -40 60 q -60 30 -110 -20 q -40 -80 -10 -160 z" fill="#f4c28b" stroke="#111111" stroke-width="10"/>"##);
        }
        Tone::Party => {
            eyes(g, 28.0, 42.0);
            g.push_str(r##"<path d="M -120 50 Q 0 190 120 50 Z" fill="#111111"/>"##);
            g.push_str(r##"<path d="M -40 -220 L 40 -220 L 0 -370 Z" fill="#5ec8f2" stroke="#111111" stroke-width="10"/><circle cy="-380" r="20" fill="#ffd400"/>"##);
            for (cx, cy, c) in
                [(-200, -200, "#e8505b"), (210, -150, "#4ff0b0"), (-230, 120, "#ffd400"), (220, 170, "#5ec8f2")]
            {
                let _ = write!(
                    g,
                    r##"<rect x="{cx}" y="{cy}" width="26" height="26" fill="{c}" transform="rotate(25 {cx} {cy})"/>"##
                );
            }
        }
        Tone::Skeptic => {
            let _ = write!(
                g,
                r##"<ellipse cx="-80" cy="-40" rx="28" ry="22" fill="{INK}"/><ellipse cx="80" cy="-50" rx="28" ry="42" fill="{INK}"/>"##
            );
            stroke(g, "M -130 -90 L -40 -85 M 40 -140 Q 90 -170 140 -130", 12);
            stroke(g, "M -80 110 L 90 90", 14);
        }
        Tone::MindBlown => {
            g.push_str(r##"<circle cx="-80" cy="-10" r="36" fill="#ffffff" stroke="#111111" stroke-width="10"/><circle cx="80" cy="-10" r="36" fill="#ffffff" stroke="#111111" stroke-width="10"/>"##);
            g.push_str(r##"<ellipse cx="0" cy="130" rx="40" ry="50" fill="#111111"/>"##);
            g.push_str(r##"<path d="M -200 -110 Q -180 -320 -60 -250 Q 0 -380 70 -260 Q 190 -330 200 -110 Z" fill="#ff9f1c" stroke="#111111" stroke-width="10"/>"##);
            g.push_str(r##"<path d="M -120 -140 Q -100 -240 -30 -200 Q 10 -280 60 -200 Q 130 -240 120 -140 Z" fill="#ffd400"/>"##);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generator_names_the_mood_a_line_gets_whatever_its_words() {
        assert_eq!(mood("joy"), Some(Tone::Joy));
        assert_eq!(mood("mindblown"), Some(Tone::MindBlown));
        assert_eq!(mood("Party"), Some(Tone::Party));
        assert_eq!(mood(""), None);
        assert_eq!(mood("rage"), None);
        // Words alone would make this happy line a face-palm ("again"); the generator's mood,
        // when it gives one, is what the picture shows.
        assert_eq!(tone("Never again chasing invoices", 1), Tone::Facepalm);
    }

    #[test]
    fn a_line_gets_the_tone_its_words_or_punctuation_give() {
        assert_eq!(tone("We finally shipped the launch", 0), Tone::Party);
        assert_eq!(tone("I forgot the keys again", 0), Tone::Facepalm);
        assert_eq!(tone("Is this the future?", 0), Tone::Think);
        assert_eq!(tone("Is this the future?", 1), Tone::Skeptic);
        assert_eq!(tone("Ten seconds flat!", 0), Tone::Shock);
        let picked: std::collections::HashSet<String> =
            (0..12).map(|seed| format!("{:?}", tone("plain", seed))).collect();
        assert_eq!(picked.len(), CALM.len(), "a line without cues gets any calm face");
        assert!(!["Angry", "Sad", "Facepalm", "Skeptic"].iter().any(|t| picked.contains(*t)), "{picked:?}");
    }

    #[test]
    fn every_reaction_is_its_own_drawing_and_valid_svg() {
        let drawings: std::collections::HashSet<String> =
            TONES.iter().map(|&t| reaction(t, 540.0, 960.0, 1.0, "#ffd400")).collect();
        assert_eq!(drawings.len(), 12);
        for drawing in drawings {
            let svg = format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920">{drawing}</svg>"#);
            crate::render::parse(&svg).unwrap();
        }
    }
}
