//! The host's one reading of an input, made before any generator runs and handed to every one
//! (world 1.1.0's `reading`): what the subject is and its name, what it does and for whom, a
//! person's role, company and topics, a linked page's title and description (fetched through
//! the SSRF guard, at most once per ten minutes per URL), the input's own sentences and
//! figures, its domain and language. Nothing here is cut mid-word: a part that does not fit is
//! left out.

mod cache;
pub mod domain;
pub mod language;
pub mod link;
pub mod sentence;

use crate::net::{Guard, page};
use link::Source;

/// The reading's types are the generators' own (`copywriter`, plain Rust): one definition on
/// both sides of the world's `reading` record.
pub use copywriter::{Kind, Reading};

/// Sentences a reading keeps, and the longest one kept whole.
const MAX_CLAIMS: usize = 8;
const CLAIM_CHARS: usize = 240;
/// The longest noun phrase a reading gives for its subject.
const PHRASE_CHARS: usize = 60;

/// Reads `input` without fetching anything: a link gives what its address says.
pub fn of_text(input: &str) -> Reading {
    match link::classify(input) {
        Source::Sentence => of_sentence(input),
        Source::Profile { site, kind, handle } => of_profile(site, kind, &handle),
        Source::Website(url) => of_site(&url, None),
    }
}

/// Reads `input`, fetching a website it links to through `guard` (cached); a site that cannot
/// be read gives a reading of its address.
pub async fn read(guard: &Guard, input: &str) -> Reading {
    match link::classify(input) {
        Source::Website(url) => {
            let summary = cache::summary(guard, &url).await;
            of_site(&url, summary.as_ref())
        }
        _ => of_text(input),
    }
}

fn of_sentence(input: &str) -> Reading {
    let text = one_line(input);
    let claims = claims(input);
    let first = claims.first().cloned().unwrap_or_else(|| text.clone());
    let language = language::guess(&text);
    let mut parts = sentence::parts(&first);
    // German capitalises every noun: there capitals name nothing unless they are inner ones
    // ("SolPay") or the words stand apart before a comma ("Anna Berg, Bäckerin in Köln").
    let apart = first.get(parts.name.len()..).is_some_and(|rest| rest.starts_with(','));
    let inner = parts.name.split_whitespace().any(|w| w.chars().skip(1).any(char::is_uppercase));
    if language == "de" && !apart && !inner {
        parts = sentence::Parts { name: String::new(), ..parts };
    }
    let kind = match (parts.person, parts.company, parts.name.is_empty()) {
        (true, _, _) => Kind::Person,
        (_, true, _) => Kind::Company,
        (_, _, false) => Kind::Product,
        _ => Kind::Idea,
    };
    let first_name = if kind == Kind::Person {
        parts.name.split_whitespace().next().unwrap_or("").to_string()
    } else {
        String::new()
    };
    Reading {
        kind,
        phrase: if parts.name.is_empty() { noun_phrase(&first) } else { parts.name.clone() },
        name: parts.name,
        first_name,
        what: parts.what,
        audience: parts.audience,
        promise: parts.promise,
        role: parts.role,
        company: parts.employer,
        place: parts.place,
        topics: parts.topics,
        numbers: numbers(&text),
        domain: domain::of(&text).into(),
        language: language.into(),
        claims,
        ..Reading::default()
    }
}

fn of_profile(site: &str, kind: &str, handle: &str) -> Reading {
    let name = match site {
        "x" => format!("@{}", link::percent_decode(handle)),
        _ => link::slug_name(handle),
    };
    let kind = match kind {
        "post" => Kind::Post,
        "company" | "school" => Kind::Company,
        _ => Kind::Person,
    };
    let first_name = if kind == Kind::Person && site != "x" {
        name.split_whitespace().next().unwrap_or("").into()
    } else {
        String::new()
    };
    let site = if site == "x" { "X" } else { "LinkedIn" };
    Reading {
        kind,
        phrase: name.clone(),
        name,
        first_name,
        site: site.into(),
        domain: "general".into(),
        ..Reading::default()
    }
}

fn of_site(url: &url::Url, summary: Option<&page::Summary>) -> Reading {
    let host = url.host_str().unwrap_or_default().trim_start_matches("www.").to_string();
    let Some(summary) = summary else {
        let name = site_name(&host);
        let domain = domain::of(&name).into();
        return Reading {
            kind: Kind::Page,
            phrase: name.clone(),
            name,
            url: url.to_string(),
            site: host,
            domain,
            ..Reading::default()
        };
    };
    let name = [summary.site_name.trim(), &link::title_name(&summary.title)]
        .into_iter()
        .find(|n| !n.is_empty())
        .map_or_else(|| host.clone(), str::to_string);
    let said = [summary.description.as_str(), &summary.headings]
        .iter()
        .filter(|p| !p.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(". ");
    let about = format!("{}. {said}", summary.title);
    let parts = sentence::parts(&format!("{name} is {}", summary.description));
    Reading {
        kind: Kind::Page,
        phrase: name.clone(),
        name,
        what: parts.what,
        audience: parts.audience,
        promise: parts.promise,
        claims: claims(&said),
        numbers: numbers(&about),
        domain: domain::of(&about).into(),
        language: language::guess(&about).into(),
        url: url.to_string(),
        site: host,
        page_read: true,
        ..Reading::default()
    }
}

/// A site's name from its host, for a site that cannot be read: the label before the public
/// suffix, its dashes made spaces, each word capitalised (`www.acme-bakery.co.uk` → `Acme
/// Bakery`); an address (an IP) stays as it is.
fn site_name(host: &str) -> String {
    let labels: Vec<&str> = host.split('.').collect();
    if labels.len() < 2 || host.parse::<std::net::IpAddr>().is_ok() || host.starts_with('[') {
        return host.to_string();
    }
    let second_level = ["co", "com", "org", "net", "gov", "ac", "edu"];
    let at = if labels.len() >= 3 && second_level.contains(&labels[labels.len() - 2]) {
        labels.len() - 3
    } else {
        labels.len() - 2
    };
    labels[at]
        .split(['-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map(|c| c.to_uppercase().chain(chars).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text` on one line, without characters that turn text around on screen.
fn one_line(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}'))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The input's sentences, whole, in order, those with a link left out: split after full stops
/// of every script (a `.` only before a space, so "v2.0" stays one word) and at line breaks; a sentence too long to
/// keep whole is split at its clauses, and a clause still too long is left out.
pub fn claims(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in input.lines() {
        let mut current = String::new();
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            current.push(c);
            let ends = match c {
                '.' | '!' | '?' => chars.peek().is_none_or(|n| n.is_whitespace()),
                '。' | '！' | '？' | '।' | '؟' => true,
                _ => false,
            };
            if ends {
                keep(&mut out, &current);
                current.clear();
            }
        }
        keep(&mut out, &current);
    }
    out.truncate(MAX_CLAIMS);
    out
}

fn keep(out: &mut Vec<String>, sentence: &str) {
    let sentence = one_line(sentence);
    // A sentence with a link in it is no claim to repeat: a link is shown whole, where a
    // piece allows one, from `url`, never inside copy.
    let linked = ["://", "www."].iter().any(|l| sentence.to_lowercase().contains(l));
    if linked || sentence.chars().filter(|c| c.is_alphabetic()).count() < 2 {
        return;
    }
    if sentence.chars().count() <= CLAIM_CHARS {
        out.push(sentence);
        return;
    }
    for clause in sentence.split_inclusive([',', ';', '，', '、']) {
        let clause = clause.trim().trim_end_matches([',', ';', '，', '、']).to_string();
        if (2..=CLAIM_CHARS).contains(&clause.chars().count()) {
            out.push(clause);
        }
    }
}

/// The subject of an unnamed sentence as a noun phrase: the sentence itself when short, else
/// its words up to the first clause boundary once the phrase has three words, never past
/// [`PHRASE_CHARS`] and never mid-word.
pub fn noun_phrase(sentence: &str) -> String {
    let sentence = sentence.trim().trim_end_matches(['.', '!', '?', '。', '！', '？']);
    if sentence.chars().count() <= PHRASE_CHARS {
        return sentence.to_string();
    }
    const BOUNDARIES: [&str; 12] =
        ["with", "without", "by", "over", "using", "via", "because", "so", "when", "while", "and", "but"];
    let mut phrase = String::new();
    for word in sentence.split_whitespace() {
        let bare = word.trim_end_matches([',', ';', ':']);
        let words = phrase.split_whitespace().count();
        if phrase.chars().count() + 1 + bare.chars().count() > PHRASE_CHARS
            || (words >= 3 && BOUNDARIES.contains(&bare.to_lowercase().as_str()))
        {
            break;
        }
        if !phrase.is_empty() {
            phrase.push(' ');
        }
        phrase.push_str(bare);
        if bare.len() != word.len() && words >= 2 {
            break;
        }
    }
    phrase
}

/// Figures the text states: a word with a digit, kept with a sign or unit glued to it ("40%",
/// "3x", "$20", "2,000"), years and bare one-digit counts left out.
fn numbers(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        let word = word.trim_matches(|c: char| matches!(c, ',' | '.' | ';' | ':' | '!' | '?' | '(' | ')' | '"'));
        let digits = word.chars().filter(char::is_ascii_digit).count();
        let marked = word.ends_with(['%', 'x', '×', 'k', 'K', 'M']) || word.starts_with(['$', '€', '£', '+']);
        let year = digits == 4 && word.len() == 4 && (word.starts_with("19") || word.starts_with("20"));
        let figure = word.chars().all(|c| c.is_ascii_digit() || ",.%x×kKM$€£+".contains(c));
        if digits > 0 && figure && !year && (marked || digits >= 2) && !out.iter().any(|n| n == word) {
            out.push(word.to_string());
        }
    }
    out.truncate(4);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_is_read_into_its_parts() {
        let r = of_text(
            "Acme Notes is a note-taking app for busy teams that saves 40% of meeting time. It syncs in 2 seconds.",
        );
        assert_eq!(
            (r.kind, r.name.as_str(), r.language.as_str(), r.domain.as_str()),
            (Kind::Product, "Acme Notes", "en", "software")
        );
        assert_eq!(r.claims.len(), 2);
        assert_eq!(r.numbers, vec!["40%".to_string()]);
        let person = of_text("Maria Lopez, head of growth at Fintechly in Berlin, posts about B2B onboarding.");
        assert_eq!(
            (person.kind, person.first_name.as_str(), person.company.as_str()),
            (Kind::Person, "Maria", "Fintechly")
        );
    }

    #[test]
    fn long_inputs_become_a_noun_phrase_never_cut_mid_word() {
        let long = "Agents that pay for their own tools with USDC over HTTP without asking a human for approval every single time";
        let r = of_text(long);
        assert_eq!((r.kind, r.phrase.as_str()), (Kind::Idea, "Agents that pay for their own tools"));
        let run_on = "word ".repeat(40);
        let phrase = noun_phrase(&run_on);
        assert!(phrase.chars().count() <= PHRASE_CHARS && phrase.split(' ').all(|w| w == "word"), "{phrase}");
    }

    #[test]
    fn links_give_a_name_whole() {
        let x = of_text("https://x.com/jack/status/20");
        assert_eq!((x.kind, x.name.as_str(), x.site.as_str()), (Kind::Post, "@jack", "X"));
        let site = of_text("https://www.acme-bakery.pt/about");
        assert_eq!((site.kind, site.name.as_str(), site.site.as_str()), (Kind::Page, "Acme Bakery", "acme-bakery.pt"));
        assert_eq!((site.url.as_str(), site.domain.as_str()), ("https://www.acme-bakery.pt/about", "food"));
        assert_eq!(site_name("shop.example.co.uk"), "Example");
        assert_eq!(site_name("127.0.0.1"), "127.0.0.1");
        let read = of_site(
            &url::Url::parse("https://acme.dev").unwrap(),
            Some(&page::Summary {
                title: "Acme — Robots for warehouses".into(),
                site_name: String::new(),
                description: "Acme builds robots that pick orders 3x faster.".into(),
                headings: String::new(),
                text: String::new(),
            }),
        );
        assert_eq!((read.name.as_str(), read.page_read, read.numbers.clone()), ("Acme", true, vec!["3x".to_string()]));
    }
}
