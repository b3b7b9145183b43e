//! Text drawn from untrusted input for posts: the topic (first sentence, one line, links made
//! words), the brand's hashtag and token as platforms accept them, topic hashtags, filling a
//! template so a limit holds. The cleaning, sentences, links and final cut are `guest::text`.

use guest::cut;
pub use guest::text::{clean, ends_sentence, fit, len, sentences, unlink};

/// The longest topic kept at all; each template cuts it further to its own room.
pub const TOPIC_MAX: usize = 120;
/// A hashtag longer than this is no tag anyone types: the brand's is left out, a topic word's
/// is not made one.
const TAG_MAX: usize = 40;
/// A ticker longer than this is not one.
const TOKEN_MAX: usize = 12;

/// The topic a request writes about: the ways to name it that a post in the request's
/// language may show, longest first — the input's first sentence and its noun phrase when the
/// input is in that language, the subject's proper name (in any script), the language's own
/// words for it — each whole, never cut mid-word or quoted in another language.
#[derive(Debug, Clone)]
pub struct Topic {
    /// The longest way to name it; what the title and hashtags come from.
    pub text: String,
    /// Every way to name it, longest first, the language's own words last.
    names: Vec<String>,
}

impl Topic {
    /// The topic of `input` as `reading` (the host's) gives it in `language`; `fallback` (the
    /// language's "our latest update") when nothing else can stand there.
    pub fn new(input: &str, reading: &copywriter::Reading, language: &str, fallback: &str) -> Topic {
        let first = sentences(input)
            .into_iter()
            .map(|s| unlink(&s))
            .find(|s| s.chars().any(char::is_alphanumeric))
            .unwrap_or_default();
        // A topic stands in headlines: its closing full stop is the template's to add.
        let first = first.trim_end_matches(['.', '。', '।']).trim().to_string();
        let own = reading.speaks(language) || (reading.language.is_empty() && !guest::foreign(&first, language));
        let mut names: Vec<String> = Vec::new();
        // The input's own words, unless they carry a verdict (an input may run its subject
        // down; a post never repeats that).
        let lang = copywriter::lang(language);
        let fair = |t: &String| lang.is_none_or(|l| copywriter::checks::negative_in(l, t).is_none());
        if own {
            names.extend([first, reading.phrase.clone()].into_iter().filter(|t| len(t) <= TOPIC_MAX && fair(t)));
        }
        names.push(reading.name.clone());
        if let Some(lang) = lang.filter(|_| !own) {
            names.push(copywriter::fill::title(lang, reading));
        }
        names.push(fallback.to_string());
        names.retain(|n| !n.trim().is_empty());
        names.dedup();
        Topic { text: names[0].clone(), names }
    }

    /// The longest way to name the topic in at most `room` characters; the shortest, cut, when
    /// none fits (a room smaller than the language's own words for it).
    pub fn shown(&self, room: usize) -> String {
        self.names
            .iter()
            .find(|n| len(n) <= room)
            .cloned()
            .unwrap_or_else(|| cut(self.names.last().unwrap(), room.max(1)))
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
