//! What a one-word input links to: a website, or a profile or post on X or LinkedIn (read from
//! the path, since those sites need a login), and the names a link gives (a slug, a title).

use url::Url;

use crate::error::Error;
use crate::net::guard;

/// What a link points to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Website(Url),
    /// A social profile: the site (`x`, `linkedin`), what the profile is (`person`, `company`,
    /// `school`, `post`) and its handle or slug.
    Profile {
        site: &'static str,
        kind: &'static str,
        handle: String,
    },
    Sentence,
}

/// Segments of x.com paths that are pages of the site, not handles.
const X_PAGES: [&str; 9] = ["i", "home", "search", "explore", "intent", "share", "hashtag", "settings", "messages"];

/// Reads `input` as a link when it is one word that parses as an http(s) URL (or a bare
/// domain), else as a sentence.
pub fn classify(input: &str) -> Source {
    let input = input.trim();
    if input.chars().any(char::is_whitespace) {
        return Source::Sentence;
    }
    let url = match Url::parse(input) {
        Ok(url) if matches!(url.scheme(), "http" | "https") => url,
        Ok(_) => return Source::Sentence,
        Err(_) if bare_domain(input) => match Url::parse(&format!("https://{input}")) {
            Ok(url) if url.host_str().is_some_and(|h| h.contains('.')) => url,
            _ => return Source::Sentence,
        },
        Err(_) => return Source::Sentence,
    };
    let Some(host) = url.host_str().map(str::to_ascii_lowercase) else { return Source::Sentence };
    let host = host.trim_start_matches("www.").trim_start_matches("mobile.").trim_start_matches("m.");
    let segments: Vec<String> =
        url.path_segments().map(|s| s.filter(|p| !p.is_empty()).map(str::to_string).collect()).unwrap_or_default();
    let handle_ok =
        |h: &str| !h.is_empty() && h.len() <= 100 && h.chars().all(|c| c.is_alphanumeric() || "-_.%".contains(c));
    match host {
        "x.com" | "twitter.com" => match segments.first() {
            Some(handle) if handle_ok(handle) && !X_PAGES.contains(&handle.to_ascii_lowercase().as_str()) => {
                let kind = if segments.get(1).is_some_and(|s| s == "status") { "post" } else { "person" };
                Source::Profile { site: "x", kind, handle: handle.clone() }
            }
            _ => Source::Website(url),
        },
        "linkedin.com" => match (segments.first().map(String::as_str), segments.get(1)) {
            (Some(section), Some(slug)) if handle_ok(slug) => {
                let kind = match section {
                    "in" | "pub" => "person",
                    "company" | "showcase" => "company",
                    "school" => "school",
                    _ => return Source::Website(url),
                };
                Source::Profile { site: "linkedin", kind, handle: slug.clone() }
            }
            _ => Source::Website(url),
        },
        _ => Source::Website(url),
    }
}

/// Refuses a website `input` that URL parsers would read differently (a backslash, credentials,
/// a percent-escaped host: the SSRF guard's rules), before anything is fetched or paid for; the
/// site fetched is the parsed URL's serialisation either way.
pub fn check_link(input: &str) -> Result<(), Error> {
    let input = input.trim();
    if !matches!(classify(input), Source::Website(_)) {
        return Ok(());
    }
    // A bare domain is read as `https://` + it, as `classify` reads it.
    let link = if Url::parse(input).is_ok() { input.to_string() } else { format!("https://{input}") };
    guard::parse_url(&link).map(drop).map_err(|e| {
        Error::bad_request("invalid_url", format!("`input` is a link this service cannot read safely: {e}."))
    })
}

/// Whether `input` starts like a domain name: labels with dots, the last of letters
/// (`acme.dev/about`, not `1.5`).
fn bare_domain(input: &str) -> bool {
    let host = input.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    let tld = host.rsplit('.').next().unwrap_or_default();
    host.contains('.') && tld.len() >= 2 && tld.chars().all(|c| c.is_alphabetic())
}

/// A LinkedIn slug as a name: words from its dashes, a trailing id dropped, each capitalised
/// (`jane-doe-4a1b2c` → `Jane Doe`).
pub fn slug_name(slug: &str) -> String {
    let decoded = percent_decode(slug);
    let mut words: Vec<&str> = decoded.split(['-', '_']).filter(|w| !w.is_empty()).collect();
    if words.len() > 1 && words.last().is_some_and(|w| w.chars().any(|c| c.is_ascii_digit())) {
        words.pop();
    }
    words
        .iter()
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map(|c| c.to_uppercase().chain(chars).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn percent_decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={text}").as_bytes()).next().map(|(_, v)| v.into_owned()).unwrap_or_default()
}

/// A page title as a name: its first part before a separator (`Acme — Robots for …` → `Acme`).
pub fn title_name(title: &str) -> String {
    let first = title.split([' ', '|', '—', '–', '·', ':']).next().map(str::trim).unwrap_or_default();
    let by_separator = title.split(" | ").next().unwrap_or(title).split(" - ").next().unwrap_or(title);
    let by_separator =
        by_separator.split(" — ").next().unwrap_or(by_separator).split(" – ").next().unwrap_or(by_separator);
    let name = if by_separator.chars().count() <= 60 { by_separator.trim() } else { first };
    name.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_read_from_their_path_and_anything_else_is_a_sentence() {
        let profile = |input: &str| match classify(input) {
            Source::Profile { site, kind, handle } => (site, kind, handle),
            other => panic!("{input}: {other:?}"),
        };
        assert_eq!(profile("https://x.com/jack"), ("x", "person", "jack".into()));
        assert_eq!(profile("twitter.com/jack/status/20"), ("x", "post", "jack".into()));
        assert_eq!(
            profile("https://www.linkedin.com/in/jane-doe-4a1b2c/"),
            ("linkedin", "person", "jane-doe-4a1b2c".into())
        );
        assert_eq!(
            profile("https://linkedin.com/company/acme-robotics"),
            ("linkedin", "company", "acme-robotics".into())
        );
        assert!(matches!(classify("https://x.com/i/flow/login"), Source::Website(_)));
        assert!(matches!(classify("acme.dev"), Source::Website(u) if u.as_str() == "https://acme.dev/"));
        for clear in ["https://acme.dev/about", "acme.dev/about", "https://x.com/jack", "a sentence about me"] {
            assert!(check_link(clear).is_ok(), "{clear}");
        }
        for ambiguous in ["https://acme.dev\\@127.0.0.1/", "https://me@acme.dev/", "http:///acme.dev"] {
            assert_eq!(check_link(ambiguous).map_err(|e| e.code()), Err("invalid_url"), "{ambiguous}");
        }
        assert!(matches!(classify("http://127.0.0.1:8080/about"), Source::Website(_)));
        for sentence in
            ["A founder in Lisbon who builds developer tools", "hello", "ftp://x.com/a", "javascript:alert(1)", "1.5"]
        {
            assert_eq!(classify(sentence), Source::Sentence, "{sentence}");
        }
        assert_eq!(slug_name("jane-doe-4a1b2c"), "Jane Doe");
        assert_eq!(slug_name("acme-robotics"), "Acme Robotics");
        assert_eq!(title_name("Acme — Robots for warehouses"), "Acme");
        assert_eq!(title_name("Acme Robotics | Home"), "Acme Robotics");
    }
}
