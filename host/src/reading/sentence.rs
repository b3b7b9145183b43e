//! What a sentence says about its subject: its name (the capitalised words it opens with, or
//! a Latin-script name inside another script), what it is, who it is for and what it promises;
//! for a person, role, company, place and what they post about. Patterns of English, the
//! language most inputs come in; other inputs still give their name, sentences and figures.

/// What a sentence gave.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Parts {
    pub name: String,
    pub person: bool,
    pub company: bool,
    pub what: String,
    pub audience: String,
    pub promise: String,
    pub role: String,
    pub employer: String,
    pub place: String,
    pub topics: Vec<String>,
}

/// Words that open a sentence capitalised without naming anything.
const NOT_NAMES: [&str; 24] = [
    "The",
    "A",
    "An",
    "Our",
    "We",
    "My",
    "I",
    "This",
    "These",
    "That",
    "It",
    "Your",
    "You",
    "Meet",
    "New",
    "Introducing",
    "Hi",
    "Hello",
    "Why",
    "How",
    "What",
    "When",
    "Best",
    "Just",
];

/// Words that make a subject a person.
const ROLES: &[&str] = &[
    "founder",
    "co-founder",
    "ceo",
    "cto",
    "cmo",
    "coo",
    "head of",
    "manager",
    "engineer",
    "designer",
    "developer",
    "marketer",
    "writer",
    "creator",
    "director",
    "lead",
    "vp",
    "owner",
    "chef",
    "coach",
    "teacher",
    "consultant",
    "freelancer",
    "photographer",
    "artist",
    "investor",
    "journalist",
    "recruiter",
    "producer",
    "author",
    "student",
    "podcaster",
    "baker",
    "dentist",
    "lawyer",
    "nurse",
    "doctor",
    "architect",
    "therapist",
    "plumber",
    "realtor",
    "blogger",
    "youtuber",
    "streamer",
    "influencer",
    "ceo,",
    "chemist",
    "professor",
    "researcher",
    "analyst",
];

/// Nouns in -er/-or that name things, not people, so "a planner" is no person.
const THINGS: [&str; 24] = [
    "builder",
    "planner",
    "tracker",
    "manager",
    "player",
    "scheduler",
    "server",
    "browser",
    "editor",
    "counter",
    "timer",
    "printer",
    "router",
    "scanner",
    "reader",
    "container",
    "controller",
    "generator",
    "monitor",
    "calculator",
    "organizer",
    "filter",
    "converter",
    "recorder",
];

/// Words that make a subject a company rather than a product.
const COMPANIES: [&str; 18] = [
    "agency",
    "studio",
    "company",
    "bakery",
    "café",
    "cafe",
    "shop",
    "store",
    "firm",
    "startup",
    "restaurant",
    "brand",
    "clinic",
    "school",
    "gym",
    "hotel",
    "salon",
    "team",
];

/// Reads `text` (the input on one line).
pub fn parts(text: &str) -> Parts {
    let mut parts = Parts { name: name(text), ..Parts::default() };
    let lower = text.to_lowercase();
    let after_name = if parts.name.is_empty() { text } else { text.split_once(&parts.name).map_or(text, |(_, r)| r) };
    let rest = after_name.trim_start_matches([',', ' ', ':', '—', '-', '–']);
    let rest_lower = rest.to_lowercase();
    let appositive = !parts.name.is_empty() && after_name.trim_start().starts_with([',', '،', '，', '、']);
    parts.person = ROLES.iter().any(|r| has_word(&rest_lower, r))
        || ["posts about", "writes about", "talks about", "tweets about"].iter().any(|p| lower.contains(p))
        || (appositive && (!latin_script(text) || agent_noun(&rest_lower)))
        || (full_name(&parts.name) && PEOPLE_DO.iter().any(|verb| rest_lower.starts_with(verb)));
    parts.topics = topics(text);
    if parts.person {
        parts.role = clause(
            rest,
            &["is a ", "is an ", "is the ", "a ", "an ", "the ", ""],
            &[" at ", " in ", ",", ".", " who "],
        );
        if !ROLES.iter().any(|r| has_word(&parts.role.to_lowercase(), r)) {
            parts.role.clear();
        }
        parts.employer = proper(&clause(rest, &[" at ", " of "], &[" in ", ",", ".", " who ", " and ", " where "]));
        parts.place =
            proper(&clause(rest, &[" in ", " from ", " based in "], &[",", ".", " who ", " and ", " where "]));
        return parts;
    }
    parts.what = clause(
        rest,
        &["is a ", "is an ", "is the ", "— a ", "- a ", ": a ", "a ", "an "],
        &[" for ", " that ", " which ", " to ", ",", ".", " who ", " helping "],
    );
    parts.audience = clause(rest, &[" for "], &[" that ", " which ", " to ", ",", ".", " who ", " so "]);
    parts.promise =
        clause(rest, &[" helps you ", " helps ", " lets you ", " so you can ", " that ", " which "], &[".", "!", ";"]);
    parts.company = COMPANIES.iter().any(|c| has_word(&parts.what.to_lowercase(), c));
    parts
}

/// What a person does with a business, opening what follows a full name ("Dana Ortiz runs a
/// bakery"): a company says "runs on", "helps", never "owns" or "co-founded".
const PEOPLE_DO: &[&str] = &[
    "runs a ",
    "runs the ",
    "runs her ",
    "runs his ",
    "runs their ",
    "owns ",
    "co-owns ",
    "founded ",
    "co-founded ",
    "manages ",
    "leads ",
    "heads ",
    "started ",
    "opened ",
];

/// Whether `name` reads as a first and a last name: two or three capitalised words, no
/// inner capitals or digits ("Dana Ortiz", not "Acme Notes 2" or "SolPay").
fn full_name(name: &str) -> bool {
    let words: Vec<&str> = name.split_whitespace().collect();
    (2..=3).contains(&words.len())
        && words.iter().all(|w| {
            let mut letters = w.chars();
            letters.next().is_some_and(char::is_uppercase) && letters.all(|c| c.is_lowercase() || c == '-' || c == '\'')
        })
}

/// Whether the letters of `text` are all Latin.
fn latin_script(text: &str) -> bool {
    text.chars().filter(|c| c.is_alphabetic()).all(|c| (c as u32) < 0x0250 || (0x1E00..=0x1EFF).contains(&(c as u32)))
}

/// Whether the noun phrase `text` opens with ("a baker in Porto") is headed by a word for a
/// person by its ending (-er, -or, -ist, -ian), not one of the things so named.
fn agent_noun(text: &str) -> bool {
    let phrase = text.trim_start_matches("a ").trim_start_matches("an ").trim_start_matches("the ");
    let head = phrase
        .split([' ', ',', '.'])
        .take_while(|w| !["in", "at", "from", "who", "for", "of"].contains(w))
        .last()
        .unwrap_or("");
    ["er", "or", "ist", "ian"].iter().any(|s| head.ends_with(s)) && !THINGS.contains(&head)
}

/// The proper name `text` opens with: its first capitalised words (up to four, joined by
/// "&", "and", "of" or a digit), or, in another script, the first run of Latin-script words
/// with a capital or an inner capital ("Acme Notesは…" → "Acme Notes").
pub fn name(text: &str) -> String {
    if !latin_script(text) {
        return appositive_name(text).unwrap_or_else(|| latin_run(text));
    }
    let mut words: Vec<&str> = Vec::new();
    for raw in text.split_whitespace() {
        let word = raw.trim_end_matches([',', '.', ':', ';', '!', '?', '—']);
        let capitalised = word.chars().next().is_some_and(char::is_uppercase)
            || (word.chars().skip(1).any(char::is_uppercase) && word.chars().next().is_some_and(char::is_alphabetic));
        let joiner = !words.is_empty() && ["&", "and", "of", "+"].contains(&word);
        let numeric = !words.is_empty() && word.chars().all(|c| c.is_ascii_digit());
        if words.is_empty() && NOT_NAMES.contains(&word) {
            return String::new();
        }
        if !(capitalised || joiner || numeric) || words.len() == 4 {
            break;
        }
        words.push(word);
        if word.len() != raw.len() {
            break;
        }
    }
    while words.last().is_some_and(|w| ["&", "and", "of", "+"].contains(w)) {
        words.pop();
    }
    // A one-word "name" that is the sentence's ordinary first word is no name: a name is
    // followed by a verb of being or doing, a comma or a dash, or is more than one word.
    let joined = words.join(" ");
    let next = text[joined.len().min(text.len())..].trim_start();
    let inner_capital = words.first().is_some_and(|w| w.chars().skip(1).any(char::is_uppercase));
    let named = words.len() > 1
        || inner_capital
        || next.is_empty()
        || next.starts_with([',', ':', '—', '-', '–', '('])
        || ["is ", "helps ", "lets ", "makes ", "turns ", "gives ", "was ", "has ", "builds ", "runs "]
            .iter()
            .any(|v| next.starts_with(v));
    if named && !joined.is_empty() && !words[0].chars().all(|c| c.is_ascii_digit()) { joined } else { String::new() }
}

/// In a script without capitals: the one to three words before a first comma ("مريم، خبازة…").
fn appositive_name(text: &str) -> Option<String> {
    let (head, _) = text.split_once([',', '،', '，', '、'])?;
    let head = head.trim();
    let words = head.split_whitespace().count();
    // Letters and their marks only: no digits, links or punctuation in a name.
    let plain = head.chars().all(|c| !c.is_numeric() && !c.is_control() && !"/:@.#!?;()[]{}<>\"".contains(c));
    ((1..=3).contains(&words) && plain).then(|| head.to_string())
}

/// The first run of Latin-script words with a capital in a text of another script.
fn latin_run(text: &str) -> String {
    let mut run = String::new();
    for c in text.chars() {
        let latin = c.is_ascii_alphanumeric() || matches!(c, '&' | '.' | '-') || (c == ' ' && !run.is_empty());
        if latin {
            run.push(c);
        } else if run.trim().chars().any(char::is_uppercase) {
            break;
        } else {
            run.clear();
        }
    }
    let run = run.trim().trim_end_matches(['.', '-']).to_string();
    if run.chars().any(char::is_uppercase) { run } else { String::new() }
}

/// What follows the first of `openers` in `text`, up to the first of `stops`, trimmed; empty
/// when no opener is found or the result is longer than a phrase. An empty opener matches the
/// start.
fn clause(text: &str, openers: &[&str], stops: &[&str]) -> String {
    let lower = text.to_lowercase();
    let start = openers.iter().find_map(|o| if o.is_empty() { Some(0) } else { lower.find(o).map(|i| i + o.len()) });
    let Some(start) = start else { return String::new() };
    let tail = &text[start..];
    let tail_lower = &lower[start..];
    let end = stops.iter().filter_map(|s| tail_lower.find(s)).min().unwrap_or(tail.len());
    let found = tail[..end].trim().trim_end_matches(['.', ',', ';', '!']).trim();
    if found.chars().count() > 80 || found.is_empty() { String::new() } else { found.to_string() }
}

/// `text` if it reads as a proper name (starts with a capital), else empty.
fn proper(text: &str) -> String {
    if text.chars().next().is_some_and(char::is_uppercase) { text.to_string() } else { String::new() }
}

/// What a person posts, writes or talks about: the list after those words.
fn topics(text: &str) -> Vec<String> {
    let found = clause(
        text,
        &["posts about ", "writes about ", "talks about ", "tweets about ", "shares ", "obsessed with "],
        &[".", ";", "!", " who ", " and is "],
    );
    found
        .split([','])
        .flat_map(|p| p.split(" and "))
        .map(|t| t.trim().trim_start_matches("and ").trim().to_string())
        .filter(|t| !t.is_empty() && t.chars().count() <= 40)
        .take(3)
        .collect()
}

/// Whether `word` occurs in `text` as a whole word (or words).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let after = text[i + word.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric());
        before && after
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_give_their_name_what_they_are_who_for_and_what_they_promise() {
        let p = parts("Acme Notes is a note-taking app for busy teams that saves two hours a week.");
        assert_eq!(p.name, "Acme Notes");
        assert_eq!(p.what, "note-taking app");
        assert_eq!(p.audience, "busy teams");
        assert_eq!(p.promise, "saves two hours a week");
        assert!(!p.person && !p.company);
        let bakery = parts("Pão Quente, a sourdough bakery in Lisbon");
        assert_eq!((bakery.name.as_str(), bakery.company), ("Pão Quente", true));
    }

    #[test]
    fn people_give_name_role_company_place_and_topics() {
        let p = parts("Maria Lopez, head of growth at Fintechly in Berlin, posts about B2B onboarding and pricing.");
        assert!(p.person);
        assert_eq!(p.name, "Maria Lopez");
        assert_eq!(p.role, "head of growth");
        assert_eq!(p.employer, "Fintechly");
        assert_eq!(p.place, "Berlin");
        assert_eq!(p.topics, vec!["B2B onboarding".to_string(), "pricing".to_string()]);
    }

    #[test]
    fn ordinary_openings_and_ideas_are_not_names() {
        for idea in ["Agents that pay for their own tools", "The best coffee in town", "Nobody reads terms of service"]
        {
            assert_eq!(name(idea), "", "{idea}");
        }
        assert_eq!(name("Acme"), "Acme");
        assert_eq!(name("OpenAI ships a new model"), "OpenAI");
        assert_eq!(name("Notion helps teams write"), "Notion");
        assert_eq!(name("Acme Notesは忙しいチームのためのアプリです"), "Acme Notes");
        assert_eq!(name("مريم، خبازة في عمّان تنشر كل صباح"), "مريم");
        assert!(parts("مريم، خبازة في عمّان تنشر كل صباح").person);
        assert!(parts("Maria, a baker in Porto who posts every morning").person);
        assert!(!parts("Pão Quente, a sourdough bakery in Lisbon").person);
        assert!(!parts("Plannr, a planner for busy teams").person);
    }

    #[test]
    fn a_full_name_that_runs_or_owns_a_business_is_a_person_and_a_company_is_not() {
        let dana = parts("Dana Ortiz runs a bakery in Austin");
        assert!(dana.person, "{dana:?}");
        assert_eq!((dana.name.as_str(), dana.place.as_str()), ("Dana Ortiz", "Austin"));
        assert!(parts("Sam Lee owns a climbing gym in Denver").person);
        assert!(parts("Ana María Díaz co-founded a coffee roastery").person);
        for company in ["Acme Notes runs on every laptop", "Acme runs a bakery app", "Acme Notes helps teams write"] {
            assert!(!parts(company).person, "{company}");
        }
    }
}
