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

/// `request` with the category of its reading as the option `category` (its id, `-` for none):
/// recognising it looks through every category's every name, which the host does natively
/// once, where each generator would do it again in its sandbox for every request.
pub fn with_category(request: &super::Request) -> super::Request {
    let mut request = request.clone();
    if request.options.iter().any(|(k, _)| k == "category") {
        return request;
    }
    let r = &request.reading;
    let kind = match r.kind {
        SubjectKind::Person => Kind::Person,
        SubjectKind::Post => Kind::Post,
        _ => Kind::Product,
    };
    let reading = Reading {
        kind,
        what: r.what.clone(),
        phrase: r.phrase.clone(),
        claims: r.claims.clone(),
        language: r.language.clone(),
        ..Reading::default()
    };
    let id = copywriter::fill::category(&reading).map_or("-", |c| c.id);
    request.options.push(("category".into(), id.into()));
    request
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

#[cfg(test)]
mod tests {
    use super::*;

    fn request(input: &str) -> super::super::Request {
        super::super::Request {
            task: "meme".into(),
            kind: None,
            input: input.into(),
            language: "en".into(),
            seed: 1,
            brand: None,
            options: Vec::new(),
            reading: of(input),
        }
    }

    #[test]
    fn a_request_tells_its_generator_the_category_the_host_recognised() {
        let option =
            |r: &super::super::Request| r.options.iter().find(|(k, _)| k == "category").map(|(_, v)| v.clone());
        assert_eq!(option(&with_category(&request("A parking app for city drivers"))).as_deref(), Some("parking-app"));
        assert_eq!(option(&with_category(&request("Maria Lopez, head of growth at Fintechly"))).as_deref(), Some("-"));
        let mut told = request("A parking app");
        told.options.push(("category".into(), "dental-clinic".into()));
        assert_eq!(with_category(&told).options.iter().filter(|(k, _)| k == "category").count(), 1);
    }
}
