//! The slides of one request: a title slide (the topic), for a slideshow three to five point
//! slides (the input's own later sentences first, then the model's checked lines, then the
//! phrase tables), and a closer; every slide one line within its limit whatever the input.

use guest::{Block, block_with, pick};

use crate::model::{Call, Model};
use crate::phrases::{self, Phrases};
use guest::text::{clean, ends_sentence, fit, len, sentences, unlink};

/// The kinds, as the manifest's.
pub const KINDS: [&str; 2] = ["slideshow", "single-meme"];
/// The title slide's limit (the topic).
pub const TITLE: usize = 80;
/// Every other slide's limit.
pub const SLIDE: usize = 120;
/// A slideshow's point slides.
pub const POINTS_MIN: usize = 3;
pub const POINTS_MAX: usize = 5;
/// A brand name longer than this is cut where a closer names it.
const BRAND_NAME: usize = 40;

/// What one request writes: its title and slides.
#[derive(Debug)]
pub struct Written {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// Whether a sentence has anything to show: a letter or a digit (not only punctuation).
fn has_words(text: &str) -> bool {
    text.chars().any(char::is_alphanumeric)
}

/// The slides for `kind` in `language` about `input`, deterministic per `seed`; `brand` is the
/// brand's name and voice, if any. `None` when the kind or language is not one this writes.
pub fn write(
    kind: &str,
    language: &str,
    input: &str,
    reading: &copywriter::Reading,
    seed: u64,
    brand: Option<(&str, &str)>,
    call: Option<Call<'_>>,
) -> Option<Written> {
    if !KINDS.contains(&kind) {
        return None;
    }
    let p = phrases::for_language(language)?;
    let name = brand.map(|(n, _)| fit(&clean(n), BRAND_NAME)).filter(|n| !n.is_empty());
    let voice = brand.map(|(_, v)| v).unwrap_or("");

    // The first sentence with words is the topic (links made words); the ones after it are
    // the input's own points.
    let all = sentences(input);
    let first = all.iter().position(|s| has_words(&unlink(s)));
    // They stand on slides only when the input is in the slides' language; else the title is
    // the subject's name, or the language's own words for it, and the points are the tables'.
    let sentence = first.map(|i| unlink(&all[i])).map(|t| t.trim_end_matches(['.', '。', '।']).trim().to_string());
    let own_language = reading.speaks(language)
        || (reading.language.is_empty() && sentence.as_deref().is_some_and(|t| !guest::foreign(t, language)));
    let named = copywriter::lang(language).map(|l| copywriter::fill::title(l, reading)).filter(|t| !t.is_empty());
    // Never the input's words where they carry a verdict (an input may run its subject down)
    // or a link (shown whole only where a piece allows one, never on a slide).
    let fair = |t: &String| {
        let lower = t.to_lowercase();
        !lower.contains("://")
            && !lower.contains("www.")
            && copywriter::lang(language).is_none_or(|l| copywriter::checks::negative_in(l, t).is_none())
    };
    let own = |t: Option<String>| t.filter(|t| own_language && fair(t));
    let topic = [own(sentence), own(Some(reading.phrase.clone())), named]
        .into_iter()
        .flatten()
        .find(|t| !t.is_empty() && len(t) <= TITLE)
        .unwrap_or_else(|| p.fallback.to_string());

    let mut blocks = vec![block_with("slide", topic.clone(), &[("layout", "title")])];
    if kind == "slideshow" {
        let own: Vec<String> = first
            .filter(|_| own_language)
            .map(|i| {
                let usable = |s: &&String| has_words(s) && len(s) <= SLIDE && fair(s);
                all[i + 1..].iter().filter(usable).take(POINTS_MAX).cloned().collect()
            })
            .unwrap_or_default();
        let mut model = Model::new(call, language, name.as_deref().map(|n| (n, voice)), input);
        // The subject's own story (its pain, its coming in, its gain, its figures) before any
        // line that could stand under every topic, when the reading knows what it is about.
        let known = !reading.name.is_empty()
            || copywriter::fill::category(reading).is_some()
            || !matches!(reading.domain.as_str(), "" | "general");
        let story = copywriter::lang(language)
            .filter(|_| known)
            .map(|l| copywriter::meme::story(l, reading, seed))
            .unwrap_or_default();
        for point in points(p, language, &topic, seed, (own, story), &mut model) {
            blocks.push(block_with("slide", point, &[("layout", "point")]));
        }
    }
    blocks.push(block_with("slide", closer(p, seed, name.as_deref()), &[("layout", "closer")]));
    Some(Written { title: topic, blocks })
}

/// Three to five points: the input's own (all of them when it has three or more), then the
/// model's, then the subject's story, then the tables' (a topic point first when the topic is
/// in the language's script and can stand before a colon, then generic points from a seeded
/// start), none repeated.
fn points(
    p: &Phrases,
    language: &str,
    topic: &str,
    seed: u64,
    (own, story): (Vec<String>, Vec<String>),
    model: &mut Model,
) -> Vec<String> {
    const N: [&str; 3] = ["0", "1", "2"];
    let target = match own.len() {
        0 if story.is_empty() => POINTS_MIN + pick(&N, seed, 1).parse::<usize>().unwrap_or(0),
        0 => story.len().clamp(POINTS_MIN, POINTS_MAX),
        n => n.clamp(POINTS_MIN, POINTS_MAX),
    };
    let mut out = own;
    let missing = target.saturating_sub(out.len());
    for line in model.points(missing, SLIDE) {
        if !out.contains(&line) {
            out.push(line);
        }
    }
    let mut table = story;
    if !guest::foreign(topic, language) && !ends_sentence(topic) {
        let template = pick(&p.topic_points, seed, 2);
        let rest = template.replacen("{t}", "", 1);
        let room = SLIDE.saturating_sub(len(&rest));
        table.push(format!("{}{rest}", fit(topic, room)));
    }
    let start = pick(&N, seed, 3).parse::<usize>().unwrap_or(0) * 2;
    table.extend((0..p.points.len()).map(|k| p.points[(start + k) % p.points.len()].to_string()));
    for line in table {
        if out.len() >= target {
            break;
        }
        if !out.contains(&line) {
            out.push(line);
        }
    }
    out.into_iter().map(|line| fit(&line, SLIDE)).collect()
}

/// The last slide: a call to follow (naming the brand, when there is one), save or act.
fn closer(p: &Phrases, seed: u64, name: Option<&str>) -> String {
    let options: Vec<&str> = p.closers.iter().copied().filter(|c| name.is_some() || !c.contains("{b}")).collect();
    fit(&pick(&options, seed, 4).replace("{b}", name.unwrap_or("")), SLIDE)
}
