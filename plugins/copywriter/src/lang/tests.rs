//! The tables' own rules: every language written (no stand-in), every slot known, every line
//! in the language's script, no verdict against the subject, as many templates as English.

use super::ALL;
use crate::checks::{foreign_run, verdict_on};
use crate::fill::Slots;
use crate::{DOMAINS, Domain, Lang, Reading};

const SLOTS: [&str; 11] = [
    "{name}",
    "{name:obl}",
    "{chore}",
    "{pain}",
    "{gain}",
    "{number}",
    "{first}",
    "{company}",
    "{topic}",
    "{offer}",
    "{role}",
];
/// A made-up proper name, in Latin script as most names sent are.
const NAME: &str = "Zorblax";

/// The tables under test: those named in `COPY_LANGS` (a comma-separated list, for a writer
/// checking the languages they wrote), else all.
fn langs() -> Vec<&'static Lang> {
    let only = std::env::var("COPY_LANGS").unwrap_or_default();
    ALL.iter().copied().filter(|l| only.is_empty() || only.split(',').any(|c| c.trim() == l.code)).collect()
}

fn templates(lang: &Lang) -> Vec<&'static str> {
    let m = &lang.meme;
    let c = &lang.carousel;
    let mut all: Vec<&str> = Vec::new();
    all.extend(m.image.iter().flat_map(|(a, b)| [*a, *b]));
    all.extend(m.hottake);
    all.extend(m.confession);
    all.extend(m.reply.iter().flat_map(|(a, b)| [*a, *b]));
    all.extend(c.covers.iter().chain(&c.turns).chain(&c.numbers).chain(&c.closers));
    let person = &lang.person;
    all.extend(person.image.iter().chain(&person.reply).flat_map(|(a, b)| [*a, *b]));
    all.extend(person.hottake.iter().chain(&person.confession).chain(&person.turns));
    let p = &lang.pitch;
    all.extend([p.title, p.hello_anyone, p.title_anyone]);
    all.extend(p.hello.iter().chain(&p.offer).chain(&p.ask).chain(&p.cta));
    all.extend(p.hello_team.iter().chain(&p.seen_site).chain(&p.seen_x).chain(&p.seen_linkedin));
    all.extend(p.seen_sentence.iter().chain(&p.company).chain(&p.role).chain(&p.topic).chain(&p.work).chain(&p.idea));
    all
}

fn domain_lines(d: &Domain) -> impl Iterator<Item = &'static str> + '_ {
    d.chores.iter().chain(&d.pains).chain(&d.gains).copied()
}

#[test]
fn every_language_is_written_in_its_own_words() {
    let en = &super::en::LANG;
    assert_eq!(ALL.len(), 23);
    for lang in langs().into_iter().filter(|l| l.code != "en") {
        assert_ne!(lang.meme.hottake, en.meme.hottake, "{}: still the English stand-in", lang.code);
        assert_ne!(lang.domains[0].pains, en.domains[0].pains, "{}: domains still English", lang.code);
        assert_ne!(lang.pitch.hello, en.pitch.hello, "{}: pitch still English", lang.code);
        assert_ne!(lang.pitch.role, en.pitch.role, "{}: role lines still English", lang.code);
        assert_ne!(lang.unnamed.product, en.unnamed.product, "{}", lang.code);
        assert!(!lang.negatives.is_empty() && lang.negatives != en.negatives, "{}: negatives", lang.code);
    }
}

#[test]
fn every_slot_is_known_and_every_line_is_filled() {
    for lang in langs() {
        for t in templates(lang).into_iter().chain(lang.domains.iter().flat_map(domain_lines)) {
            assert!(!t.trim().is_empty(), "{}: an empty line", lang.code);
            let mut rest = t;
            while let Some(open) = rest.find('{') {
                let close = rest[open..].find('}').map(|c| open + c).unwrap_or_else(|| panic!("{}: {t:?}", lang.code));
                assert!(SLOTS.contains(&&rest[open..=close]), "{}: unknown slot in {t:?}", lang.code);
                rest = &rest[close + 1..];
            }
        }
        for d in &lang.domains {
            assert!(domain_lines(d).all(|l| !l.contains('{')), "{}: a domain line with a slot", lang.code);
        }
        // `{name` also finds `{name:obl}`, the same subject before a postposition.
        let names = |pair: &(&str, &str)| pair.0.contains("{name") || pair.1.contains("{name");
        assert!(lang.meme.image.iter().all(names), "{}: an image pair that does not name the subject", lang.code);
        assert!(lang.meme.reply.iter().all(names), "{}: a reply pair that does not name the subject", lang.code);
        assert!(lang.meme.confession.iter().all(|t| t.contains("{name")), "{}: confession", lang.code);
        assert!(lang.carousel.turns.iter().all(|t| t.contains("{name")), "{}: turns", lang.code);
        let person = &lang.person;
        assert!(person.image.iter().chain(&person.reply).all(names), "{}: a person's pair without them", lang.code);
        let mut singles = person.hottake.iter().chain(&person.confession).chain(&person.turns);
        assert!(singles.all(|t| t.contains("{name}")), "{}: a person's line without them", lang.code);
        assert!(lang.carousel.numbers.iter().all(|t| t.contains("{number}")), "{}: numbers", lang.code);
        let p = &lang.pitch;
        assert!(p.title.contains("{first}") && p.hello.iter().all(|t| t.contains("{first}")), "{}: hello", lang.code);
        assert!(p.hello_team.iter().all(|t| t.contains("{name}")), "{}: hello_team", lang.code);
        assert!(p.company.iter().all(|t| t.contains("{company}")), "{}: company", lang.code);
        assert!(p.topic.iter().all(|t| t.contains("{topic}")), "{}: topic", lang.code);
        assert!(p.role.iter().all(|t| t.contains("{role}")), "{}: role", lang.code);
        assert!(p.offer.iter().all(|t| t.contains("{offer}")), "{}: offer", lang.code);
    }
}

#[test]
fn filled_lines_are_in_the_language_and_never_against_the_subject() {
    for lang in langs() {
        for (d, domain) in DOMAINS.iter().enumerate() {
            let reading = Reading {
                name: NAME.into(),
                domain: domain.to_string(),
                numbers: vec!["40%".into()],
                ..Reading::default()
            };
            for seed in 0..6 {
                let slots = Slots::new(lang, &reading, seed)
                    .with("first", NAME)
                    .with("company", NAME)
                    .with("topic", NAME)
                    .with("role", NAME)
                    .with("offer", NAME);
                assert!(std::ptr::eq(slots.domain, &lang.domains[d]));
                for (i, t) in templates(lang).into_iter().enumerate() {
                    let line = slots.fill(t, i as u64);
                    assert!(!line.contains('{'), "{}: {line:?}", lang.code);
                    assert_eq!(verdict_on(lang, &line, NAME), None, "{}: {line:?}", lang.code);
                    assert_eq!(foreign_run(&line, lang.code, &[NAME], 2), None, "{}: {line:?}", lang.code);
                }
            }
        }
    }
}

#[test]
fn unnamed_subjects_read_in_the_language() {
    for lang in langs() {
        let u = &lang.unnamed;
        for noun in [u.product, u.company, u.person, u.idea] {
            assert_eq!(foreign_run(noun, lang.code, &[], 1), None, "{}: {noun:?}", lang.code);
        }
    }
}
