//! A pitch from a reading of the person and of the sender's offer: a greeting by name, how the
//! sender came across them, what is known of them (their company, what they post about), the
//! pain the offer ends and its gain as a benefit to them, what the offer is, one ask, one call to
//! action. The offer is read as the subject is: its category (a rota planner, invoicing software)
//! gives the pain and gain its own customers know and its name in every language. Every line from
//! the language's table, but the offer's own sentence where it is written in the pitch's
//! language; a name is the only thing that may stay in its own script.

use crate::categories::Category;
use crate::fill::{self, Slots, capitalised};
use crate::{Kind, Lang, Reading, pick};

/// What the sender offers, as the host read it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Offer {
    /// The offer's proper name, if it has one.
    pub name: String,
    /// Its domain (one of [`crate::DOMAINS`]).
    pub domain: String,
    /// What it is, as the offer says it ("software that builds weekly rotas"), whole.
    pub what: String,
    /// The offer's first sentence, whole.
    pub said: String,
    /// The ISO 639-1 code of the offer's words ("" when unknown).
    pub language: String,
}

impl Offer {
    /// The offer of a reading of its words.
    pub fn of(reading: &Reading) -> Offer {
        Offer {
            name: reading.name.clone(),
            domain: reading.domain.clone(),
            what: reading.what.clone(),
            said: reading.claims.first().cloned().unwrap_or_default(),
            language: reading.language.clone(),
        }
    }

    /// The offer as a reading of a product, so its category is recognised as a subject's is.
    pub fn reading(&self) -> Reading {
        Reading {
            kind: Kind::Product,
            name: self.name.clone(),
            what: self.what.clone(),
            claims: vec![self.said.clone()].into_iter().filter(|s| !s.is_empty()).collect(),
            domain: self.domain.clone(),
            language: self.language.clone(),
            ..Reading::default()
        }
    }
}

/// The longest sentence of the offer's own that a beat says.
const SAID_CHARS: usize = 100;

/// Where the sender came across the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    Site,
    X,
    Linkedin,
    Sentence,
}

/// What a beat of the pitch does, in the order a message runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beat {
    /// How the sender came across them.
    Seen,
    /// Something known of them: their company, role, topics, or their work.
    Known,
    /// The everyday pain the offer ends.
    Pain,
    /// The offer by name or kind (or, without either, the turn to a conversation).
    Offer,
    /// What the offer is: its own sentence, or its name and kind.
    Substance,
    /// What they gain.
    Gain,
    /// One small, no-pressure ask.
    Ask,
}

/// A written pitch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub title: String,
    pub hook: String,
    /// Each beat's line, and what it does.
    pub beats: Vec<(Beat, String)>,
    /// Two memes (top, bottom) about the pain the offer ends.
    pub memes: Vec<(String, String)>,
    /// The call to action's label.
    pub cta: String,
}

/// How the pitch greets them, and the slots every line may use.
fn greeting<'a>(lang: &'a Lang, person: &Reading, seed: u64) -> (Slots<'a>, Option<&'static str>) {
    let p = &lang.pitch;
    let slots = Slots::new(lang, person, seed);
    let first = if person.first_name.is_empty() { person.name.clone() } else { person.first_name.clone() };
    let is_person = matches!(person.kind, Kind::Person | Kind::Post) || !person.first_name.is_empty();
    let hello = if first.is_empty() {
        None
    } else if is_person {
        Some(pick(&p.hello, seed, 1))
    } else {
        Some(pick(&p.hello_team, seed, 1))
    };
    (slots.with("first", first).with("company", person.company.clone()), hello)
}

/// The pitch for `person` in `lang`, about `offer` when the sender named one.
pub fn write(lang: &Lang, person: &Reading, offer: Option<&Offer>, seen: Seen, seed: u64) -> Written {
    let p = &lang.pitch;
    let (slots, hello) = greeting(lang, person, seed);
    let topic = person.topics.first().filter(|_| person.speaks(lang.code)).cloned().unwrap_or_default();
    let slots = slots
        .with("topic", topic.clone())
        .with("role", person.role.clone())
        .with("offer", offer.map(|o| o.name.clone()).unwrap_or_default());
    // The pain and the gain are the offer's (what it ends for them: its category's, else its
    // domain's), else the person's own domain's.
    let offer_reading =
        offer.map_or_else(|| Reading { domain: person.domain.clone(), ..Reading::default() }, Offer::reading);
    let kind = offer.and(fill::category(&offer_reading));
    let about_offer = Slots::new(lang, &offer_reading, seed);
    let seen_line = match seen {
        Seen::Site => pick(&p.seen_site, seed, 2),
        Seen::X => pick(&p.seen_x, seed, 2),
        Seen::Linkedin => pick(&p.seen_linkedin, seed, 2),
        Seen::Sentence => pick(&p.seen_sentence, seed, 2),
    };
    // What is known of them, at most two lines: their company (a name, in any language), their
    // role and topics (phrases, only in the language they were written in); else their work.
    let role = Some(person.role.clone()).filter(|r| !r.is_empty() && person.speaks(lang.code)).unwrap_or_default();
    let mut known: Vec<&str> = [(&person.company, &p.company), (&role, &p.role), (&topic, &p.topic)]
        .into_iter()
        .filter(|(said, _)| !said.is_empty())
        .map(|(_, lines)| pick(lines, seed, 3))
        .take(2)
        .collect();
    if known.is_empty() {
        known.push(pick(&p.work, seed, 3));
    }
    let named_offer = offer.is_some_and(|o| !o.name.is_empty());
    let turn = match (named_offer, kind) {
        (true, _) => slots.fill(pick(&p.offer, seed, 5), 5),
        // An unnamed offer of a known kind is "this rota planner": the one template where it
        // needs no agreement (a role, a turn), before a postposition where there is one.
        (false, Some(_)) => about_offer.fill(&p.offer[2].replace("{offer}", "{name:obl}"), 5),
        (false, None) => slots.fill(pick(&p.idea, seed, 5), 5),
    };
    let mut beats = vec![(Beat::Seen, slots.fill(seen_line, 2))];
    beats.extend(known.iter().map(|line| (Beat::Known, slots.fill(line, 3))));
    beats.extend([(Beat::Pain, about_offer.fill("{pain}", 4)), (Beat::Offer, turn)]);
    beats.extend(offer.and_then(|o| substance(lang, o, kind)).map(|line| (Beat::Substance, line)));
    beats.extend([(Beat::Gain, about_offer.fill("{gain}", 6)), (Beat::Ask, slots.fill(pick(&p.ask, seed, 7), 7))]);
    beats.iter_mut().for_each(|(_, b)| *b = capitalised(b));
    let hook = hello.map_or_else(|| slots.fill(p.hello_anyone, 1), |h| slots.fill(h, 1));
    let title = if hello.is_some() { slots.fill(p.title, 0) } else { p.title_anyone.to_string() };
    let memes = memes(lang, offer, &offer_reading, seed);
    Written { title, hook, beats, memes, cta: pick(&p.cta, seed, 8).to_string() }
}

/// What the offer is, in a beat: its own sentence where it is written in the pitch's language
/// (short, without a link); else, for a named offer of a known kind, its name and that kind's
/// noun in the pitch's language ("RotaChef：シフト作成ツール。").
fn substance(lang: &Lang, offer: &Offer, kind: Option<&Category>) -> Option<String> {
    let said = offer.said.trim();
    // A sentence, not a word or the name alone ("Bot", "RotaChef").
    let sentence = match lang.code {
        "ja" | "zh" | "th" => said.chars().filter(|c| c.is_alphanumeric()).count() >= 8,
        _ => said.split_whitespace().count() >= 3,
    };
    let own = offer.language == lang.code
        && sentence
        && said != offer.name
        && (1..=SAID_CHARS).contains(&said.chars().count())
        && crate::checks::cut_or_partial_link(said, &[]).is_none()
        && !said.contains("://")
        && !said.ends_with(['?', '？', '؟']);
    if own {
        return Some(with_stop(lang.code, &capitalised(said)));
    }
    let noun = kind.filter(|_| !offer.name.is_empty())?.bare(lang.code)?;
    let colon = if matches!(lang.code, "ja" | "zh") { "：" } else { ": " };
    Some(with_stop(lang.code, &format!("{}{colon}{noun}", offer.name)))
}

/// `line` ending on the full stop of language `code`, unless it ends on punctuation already.
fn with_stop(code: &str, line: &str) -> String {
    if line.ends_with(['.', '!', '?', '。', '！', '？', '؟', '।']) {
        return line.to_string();
    }
    let stop = match code {
        "ja" | "zh" => "。",
        "hi" | "bn" => "।",
        "th" => "",
        _ => ".",
    };
    format!("{line}{stop}")
}

/// Two different meme pictures about the offer's domain: the pain above, the offer's answer
/// below.
fn memes(lang: &Lang, offer: Option<&Offer>, offer_reading: &Reading, seed: u64) -> Vec<(String, String)> {
    let reading = Reading {
        name: offer.map(|o| o.name.clone()).unwrap_or_default(),
        kind: Kind::Product,
        ..offer_reading.clone()
    };
    let slots = Slots::new(lang, &reading, seed);
    let pairs = &lang.meme.image;
    let first = pick(&[0, 1, 2, 3], seed, 21);
    [first, (first + 1) % pairs.len()]
        .iter()
        .map(|&i| {
            let (top, bottom) = pairs[i];
            (slots.fill(top, 21 + i as u64), slots.fill(bottom, 21 + i as u64))
        })
        .collect()
}
