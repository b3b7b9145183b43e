//! Text drawn from untrusted input: the topic (first sentence, one line, links made words),
//! the brand's hashtag and token as platforms accept them, topic hashtags, filling a template
//! so a limit holds, and the final cut every block passes through.

use guest::{cut, quoted};

/// The longest topic kept at all; each template cuts it further to its own room.
pub const TOPIC_MAX: usize = 120;
/// A hashtag longer than this is no tag anyone types: the brand's is left out, a topic word's
/// is not made one.
const TAG_MAX: usize = 40;
/// A ticker longer than this is not one.
const TOKEN_MAX: usize = 12;

/// Bidirectional overrides and isolates and the byte-order mark: invisible, and able to turn
/// the text around them on screen, so they never pass from the input into a post.
fn invisible(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// `text` on one line: control characters, line and paragraph separators and runs of
/// whitespace become single spaces; invisible direction marks go.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter(|c| !invisible(*c))
        .map(|c| if c.is_control() || c.is_whitespace() { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Punctuation that ends a sentence, so no full stop is added after it.
pub fn ends_sentence(text: &str) -> bool {
    text.ends_with(['.', '!', '?', '…', '。', '！', '？', '।', '॥', '؟', '۔'])
}

/// The input's sentences, each cleaned to one line, empty ones left out. A line break always
/// ends one; `.`, `!` and `?` only before a space or the end (so "v2.0" and "Node.js" stay
/// whole); the full stops of Chinese, Japanese, Hindi, Bengali, Arabic and Urdu always.
pub fn sentences(input: &str) -> Vec<String> {
    let chars: Vec<char> = input.chars().collect();
    let mut out = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let next_is_gap = chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        let boundary = match c {
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => {
                let done = clean(&current);
                if !done.is_empty() {
                    out.push(done);
                }
                current.clear();
                continue;
            }
            '.' | '!' | '?' => next_is_gap,
            '。' | '！' | '？' | '।' | '؟' | '۔' => true,
            _ => false,
        };
        current.push(c);
        if boundary {
            let done = clean(&current);
            if !done.is_empty() {
                out.push(done);
            }
            current.clear();
        }
    }
    let done = clean(&current);
    if !done.is_empty() {
        out.push(done);
    }
    out
}

/// Top-level domains a bare "name.tld" is taken as a link for: platforms turn these into links.
const TLDS: [&str; 24] = [
    "com", "net", "org", "io", "ai", "co", "app", "dev", "xyz", "me", "info", "biz", "tv", "gg", "ly", "so", "sh",
    "uk", "de", "fr", "es", "ru", "jp", "cn",
];

/// Whether `word` (trailing punctuation aside) is a bare domain such as "example.com/launch".
fn bare_domain(word: &str) -> bool {
    let host = word.split('/').next().unwrap_or("").trim_end_matches(['.', ',', ';', ':', '!', '?', ')']);
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && TLDS.contains(&labels[labels.len() - 1].to_ascii_lowercase().as_str())
}

/// Where a link starts inside `word`, if it holds one.
fn link_start(word: &str) -> Option<usize> {
    let lower = word.to_ascii_lowercase();
    let found = ["http://", "https://", "www."].iter().filter_map(|m| lower.find(m)).min();
    found
        .or_else(|| {
            lower.find("://").map(|i| lower[..i].rfind(|c: char| !c.is_ascii_alphanumeric()).map_or(0, |j| j + 1))
        })
        .or_else(|| bare_domain(word).then_some(0))
}

/// A link's readable part: its last path segment with dashes made spaces ("new-video-api" →
/// "new video api"), else the site's name ("example"). Never a scheme, "www." or a dot name.
fn readable(link: &str) -> String {
    let lower = link.to_ascii_lowercase();
    let rest = lower.split_once("://").map_or(lower.as_str(), |(_, r)| r);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    let rest = rest.split(['?', '#']).next().unwrap_or("");
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let words = |s: &str| -> String {
        s.split(['-', '_', '+', '.'])
            .filter(|w| !w.is_empty() && w.chars().all(char::is_alphanumeric) && !w.contains("http"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let segment = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    // The extension of a page ("launch.html") says nothing about it.
    let segment = segment.rsplit_once('.').map_or(segment, |(stem, _)| stem);
    let from_path = words(segment);
    if from_path.chars().any(char::is_alphabetic) && !segment.contains('%') {
        return from_path;
    }
    let labels: Vec<&str> = host.split(['.', ':', '@']).collect();
    let generic = ["com", "co", "org", "net", "ac", "gov", "edu", "www", "blog", "app"];
    labels
        .iter()
        .rev()
        .skip(1)
        .find(|l| !generic.contains(l) && l.chars().any(|c| c.is_ascii_alphabetic()))
        .map(|l| words(l))
        .unwrap_or_default()
}

/// `text` with every link made its readable words, so no post carries a link the user did not
/// mean to publish and no platform turns a topic into one. A text without links is unchanged.
pub fn unlink(text: &str) -> String {
    if !text.split_whitespace().any(|w| link_start(w).is_some()) {
        return text.to_string();
    }
    let mut words = Vec::new();
    for word in text.split_whitespace() {
        match link_start(word) {
            Some(at) => {
                let before = word[..at].trim_end_matches(['(', '[', '<', '"', '\'', '“', '«']);
                if !before.is_empty() {
                    words.push(before.to_string());
                }
                let readable = readable(&word[at..]);
                if !readable.is_empty() {
                    words.push(readable);
                }
            }
            None => words.push(word.to_string()),
        }
    }
    words.join(" ")
}

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

/// `text` at most `max` characters: the last guard every block passes, whatever was built.
pub fn fit(text: &str, max: usize) -> String {
    cut(text.trim(), max)
}

/// Number of characters, as every limit counts them (Unicode scalar values).
pub fn len(text: &str) -> usize {
    text.chars().count()
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
