//! Text drawn from untrusted input for posts: the topic (first sentence, one line, links made
//! words), the brand's hashtag and token as platforms accept them, topic hashtags, filling a
//! template so a limit holds. The cleaning, sentences, links and final cut are `guest::text`.

pub use guest::text::{clean, ends_sentence, fit, len, sentences, unlink};
use guest::{cut, quoted};

/// The longest topic kept at all; each template cuts it further to its own room.
pub const TOPIC_MAX: usize = 120;
/// A hashtag longer than this is no tag anyone types: the brand's is left out, a topic word's
/// is not made one.
const TAG_MAX: usize = 40;
/// A ticker longer than this is not one.
const TOKEN_MAX: usize = 12;

/// The topic a request writes about, and how it stands in the request's language: run into a
/// template when written in the language's script, else as a quotation after a label.
#[derive(Debug, Clone)]
pub struct Topic {
    /// One line, no links, at most [`TOPIC_MAX`] characters, never empty.
    pub text: String,
    /// Written in another script than the language's ([`guest::foreign`]).
    pub foreign: bool,
    language: String,
}

impl Topic {
    /// The first sentence of `input` that still has a letter or digit once links are made
    /// words; else `fallback` (the language's "our latest update").
    pub fn new(input: &str, language: &str, fallback: &str) -> Topic {
        let first = sentences(input)
            .into_iter()
            .map(|s| unlink(&s))
            .find(|s| s.chars().any(char::is_alphanumeric))
            .unwrap_or_default();
        // A topic stands in headlines: its closing full stop is the template's to add.
        let first = first.trim_end_matches(['.', '。', '।']).trim();
        let text = if first.is_empty() { fallback.to_string() } else { cut(first, TOPIC_MAX) };
        Topic { foreign: guest::foreign(&text, language), text, language: language.to_string() }
    }

    /// The topic in at most `room` characters: cut, and quoted when foreign (the marks count).
    pub fn shown(&self, room: usize) -> String {
        if self.foreign {
            quoted(&cut(&self.text, room.saturating_sub(2).max(1)), &self.language)
        } else {
            cut(&self.text, room.max(1))
        }
    }
}

/// `template` with the brand's name for `{b}` and the topic for `{t}`, the topic cut so the
/// whole stays within `max`; `stop` is added after the topic unless it already ends a
/// sentence (pass "" for headlines). Templates put `{t}` last, after a label, so a foreign
/// topic stands as a quotation with nothing run on after it. `None` when the topic would get
/// fewer than `min_room` characters: the caller then drops an optional part and tries again.
pub fn fill(
    template: &str,
    topic: &Topic,
    brand: Option<&str>,
    stop: &str,
    max: usize,
    min_room: usize,
) -> Option<String> {
    let branded = template.replace("{b}", brand.unwrap_or(""));
    let before = branded.strip_suffix("{t}").unwrap_or(&branded).replace("{t}", "");
    let room = max.checked_sub(len(&before) + len(stop))?;
    if room < min_room {
        return None;
    }
    let shown = topic.shown(room);
    let end = if ends_sentence(&shown) { "" } else { stop };
    Some(format!("{before}{shown}{end}"))
}

/// Like [`fill`], but always gives a text within `max` (the topic as short as it must be).
pub fn fill_fit(template: &str, topic: &Topic, brand: Option<&str>, stop: &str, max: usize) -> String {
    let text = fill(template, topic, brand, stop, max, 1)
        .unwrap_or_else(|| template.replace("{b}", brand.unwrap_or("")).replace("{t}", ""));
    fit(&text, max)
}

/// `template` with the brand's name for `{b}` (a template without a topic).
pub fn branded(template: &str, brand: Option<&str>) -> String {
    template.replace("{b}", brand.unwrap_or(""))
}

/// Characters a hashtag may hold: letters, digits, `_`, the combining marks and joiners that
/// Indic, Thai, Arabic and Persian words are spelled with. Anything else ends a tag on screen.
fn tag_char(c: char) -> bool {
    if c.is_alphanumeric() || c == '_' {
        return true;
    }
    let u = u32::from(c);
    matches!(u, 0x0300..=0x036F | 0x064B..=0x065F | 0x0670 | 0x200C | 0x200D)
        || (matches!(u, 0x0900..=0x0DFF) && !matches!(u, 0x0964 | 0x0965 | 0x0970))
        || (matches!(u, 0x0E00..=0x0E7F) && !matches!(u, 0x0E3F | 0x0E4F | 0x0E5A | 0x0E5B))
}

/// Whether `tag` is one hashtag as platforms read it: `#`, then 1–40 tag characters.
pub fn is_hashtag(tag: &str) -> bool {
    tag.strip_prefix('#').is_some_and(|body| !body.is_empty() && len(body) <= TAG_MAX && body.chars().all(tag_char))
}

/// The brand's hashtag as platforms accept it ("SHIP" → "#SHIP"), or `None` when nothing is
/// left of it or it is longer than any tag anyone types (left out rather than cut: a cut tag
/// is a different tag).
pub fn brand_hashtag(raw: &str) -> Option<String> {
    let body: String = raw.trim().trim_start_matches('#').chars().filter(|c| tag_char(*c)).collect();
    (!body.is_empty() && len(&body) <= TAG_MAX).then(|| format!("#{body}"))
}

/// The brand's ticker ("SHIP" → "$SHIP"), or `None` when it is empty or not a ticker.
pub fn brand_token(raw: &str) -> Option<String> {
    let body = raw.trim().trim_start_matches('$');
    let usable = !body.is_empty() && len(body) <= TOKEN_MAX && body.chars().all(|c| c.is_alphanumeric() || c == '_');
    usable.then(|| format!("${body}"))
}

/// `word` as a hashtag body: its tag characters, the first letter made upper case (so joined
/// words stay readable: "#VerticalVideo"); empty when it has none.
fn tag_word(word: &str) -> String {
    let mut chars = word.chars().filter(|c| tag_char(*c));
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whether `word` is written in a script that puts no spaces between words (Chinese,
/// Japanese, Thai): such a "word" is a whole phrase.
fn unspaced(word: &str) -> bool {
    word.chars().any(|c| matches!(u32::from(c), 0x0E00..=0x0E7F | 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF))
}

/// Up to `count` hashtags from the topic's words: the longest first (short words are mostly
/// the little ones of a sentence), each at least five characters; a phrase of a script without
/// spaces stands as one tag when it is short enough to be one (at most 12 characters).
pub fn topic_hashtags(topic: &str, count: usize) -> Vec<String> {
    let mut words: Vec<String> = topic
        .split_whitespace()
        .map(tag_word)
        .filter(|w| {
            let n = len(w);
            !w.chars().all(|c| c.is_ascii_digit())
                && if unspaced(w) { (2..=12).contains(&n) } else { (5..=TAG_MAX).contains(&n) }
        })
        .collect();
    // Longest first; the sort is stable, so equal lengths keep the topic's order.
    words.sort_by_key(|w| std::cmp::Reverse(len(w)));
    words.dedup();
    words.into_iter().take(count).map(|w| format!("#{w}")).collect()
}

/// Up to `count` distinct hashtags (compared without case), in the order given.
pub fn hashtags<'a>(candidates: impl IntoIterator<Item = &'a str>, count: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for tag in candidates {
        if out.len() == count {
            break;
        }
        if is_hashtag(tag) && !out.iter().any(|t| t.to_lowercase() == tag.to_lowercase()) {
            out.push(tag.to_string());
        }
    }
    out
}
