//! What a pitch's input says about the person, gathered by the host (never by the generator):
//! a website is fetched through the SSRF guard and summarised; an x.com, twitter.com or
//! linkedin.com link gives the handle and profile kind from its path (those sites need a login
//! to read); anything else is a sentence, used as is.

use serde::Serialize;
use utoipa::ToSchema;

use crate::ctx::Services;
pub use crate::reading::link::{Source, check_link, classify};
use crate::reading::{self, Kind, Reading};

/// What was learned about the person, as the response reports it.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct About {
    /// `website`, `x`, `linkedin` or `sentence`.
    pub source: &'static str,
    /// How the pitch addresses them.
    pub name: String,
    /// The website's host, for a website.
    pub site: Option<String>,
    /// For a website: whether it could be read (a site that cannot be fetched is not an
    /// error; the pitch is written from its address).
    pub read: bool,
    /// What the generator is told about them.
    #[serde(skip)]
    pub description: String,
    /// The host's reading of the input, which the generators get.
    #[serde(skip)]
    pub reading: Reading,
}

/// Gathers what `input` says about the person: the host's one reading of it (a website is
/// fetched through the SSRF guard, at most once per ten minutes), and the summary the response
/// reports.
pub async fn gather(services: &Services, input: &str) -> About {
    let reading = reading::read(&services.guard, input).await;
    let source = match classify(input) {
        Source::Sentence => "sentence",
        Source::Profile { site, .. } => site,
        Source::Website(_) => "website",
    };
    let description = match source {
        "sentence" => input.trim().to_string(),
        "website" if !reading.page_read => reading.url.clone(),
        "website" => [reading.name.as_str(), &reading.what]
            .into_iter()
            .chain(reading.claims.iter().map(String::as_str))
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(". "),
        _ => {
            let what = match (source, reading.kind) {
                ("x", Kind::Post) => "a post on X by",
                ("x", _) => "the X account",
                (_, Kind::Company) => "the LinkedIn page of",
                _ => "the LinkedIn profile of",
            };
            format!("{what} {}", reading.name)
        }
    };
    let site = (source == "website").then(|| reading.site.clone());
    About { source, name: reading.name.clone(), site, read: reading.page_read, description, reading }
}
