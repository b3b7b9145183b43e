//! The host's reading of an input in the world's types, for the requests generators get.

use super::{SubjectKind, WitReading};
use crate::reading::{Kind, Reading};

/// `reading` as world 1.1.0 carries it.
pub fn to_wit(reading: &Reading) -> WitReading {
    let r = reading.clone();
    WitReading {
        kind: match r.kind {
            Kind::Product => SubjectKind::Product,
            Kind::Company => SubjectKind::Company,
            Kind::Person => SubjectKind::Person,
            Kind::Page => SubjectKind::Page,
            Kind::Post => SubjectKind::Post,
            Kind::Idea => SubjectKind::Idea,
        },
        name: r.name,
        first_name: r.first_name,
        phrase: r.phrase,
        what: r.what,
        audience: r.audience,
        promise: r.promise,
        role: r.role,
        company: r.company,
        place: r.place,
        topics: r.topics,
        claims: r.claims,
        numbers: r.numbers,
        domain: r.domain,
        language: r.language,
        url: r.url,
        site: r.site,
        page_read: r.page_read,
    }
}

/// The host's reading of `input` without fetching anything, in the world's types.
pub fn of(input: &str) -> WitReading {
    to_wit(&crate::reading::of_text(input))
}

/// The reading of a request made before readings existed (a 1.0.0 manifest's sample): the
/// host fills it in before calling.
pub fn empty() -> WitReading {
    to_wit(&Reading::default())
}
