//! Text drawn from untrusted input for generators: characters that change how text reads
//! removed (`clean`), sentences split in every script, links made words (`unlink`), the final
//! cut (`fit`), lengths as limits count them, and a model's answer checked line by line
//! (`usable`).

use crate::cut;

/// Bidirectional overrides and isolates and the byte-order mark: invisible, and able to turn
/// the text around them on screen, so they never pass from the input into what a generator writes.
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

/// `text` at most `max` characters: the last guard every block passes, whatever was built.
pub fn fit(text: &str, max: usize) -> String {
    cut(text.trim(), max)
}

/// Number of characters, as every limit counts them (Unicode scalar values).
pub fn len(text: &str) -> usize {
    text.chars().count()
}

/// A list marker a model puts before lines despite being asked not to ("1.", "2/5", "-", "•").
fn unmarked(line: &str) -> &str {
    let line = line.trim_start_matches(['-', '•', '*', '–', '—']).trim_start();
    let digits = line.find(|c: char| !c.is_ascii_digit()).unwrap_or(line.len());
    if digits == 0 || digits > 2 {
        return line;
    }
    let rest = &line[digits..];
    if let Some(after) = rest.strip_prefix('/') {
        let more = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        if more > 0 && after[more..].starts_with(' ') {
            return after[more..].trim_start();
        }
        return line;
    }
    match rest.strip_prefix(['.', ')', ':']) {
        Some(after) if after.starts_with(' ') => after.trim_start(),
        _ => line,
    }
}

/// A model's line if it can stand in generated text: 1–`limit` characters once its quotes and
/// list marker are gone, no control characters, no link ("http", "://", "www."), no hashtag
/// (generators place the brand's), a letter somewhere, and written in `language`'s script.
pub fn usable(line: &str, language: &str, limit: usize) -> Option<String> {
    let line = unmarked(line.trim()).trim_matches(['"', '“', '”', '«', '»', '„', '「', '」']).trim();
    let lower = line.to_lowercase();
    let ok = (1..=limit).contains(&len(line))
        && !line.chars().any(char::is_control)
        && !lower.contains("http")
        && !lower.contains("://")
        && !lower.contains("www.")
        && !line.contains('#')
        && line.chars().any(char::is_alphabetic)
        && !crate::foreign(line, language);
    ok.then(|| line.to_string())
}
