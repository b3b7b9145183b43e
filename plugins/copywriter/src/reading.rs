//! What the host read from the input: the host makes it (and hands it to generators as the
//! world's `reading` record), the guest converts that record back into this.

/// What the subject is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    Product,
    Company,
    Person,
    /// A web page or site read from a URL.
    Page,
    /// A post on a social network.
    Post,
    /// An idea, a sentence with no named subject.
    #[default]
    Idea,
}

/// A reading of the input. Every string is whole (never cut mid-word) and may be empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    pub kind: Kind,
    /// The proper name of the subject: a product, a company, a person, a site, a handle.
    pub name: String,
    /// A person's first name, where the input gives one.
    pub first_name: String,
    /// The subject as a short noun phrase in the input's language.
    pub phrase: String,
    /// What it is, who it is for, what it promises (in the input's language).
    pub what: String,
    pub audience: String,
    pub promise: String,
    /// For a person: role, company, place and what they post about.
    pub role: String,
    pub company: String,
    pub place: String,
    pub topics: Vec<String>,
    /// The input's own sentences (claims, steps), whole, in order.
    pub claims: Vec<String>,
    /// Figures the input states ("40%", "3x", "2026").
    pub numbers: Vec<String>,
    /// One of [`crate::DOMAINS`].
    pub domain: String,
    /// ISO 639-1 code of the input's language, as far as it could be told ("" if not).
    pub language: String,
    /// The URL the input was, whole, the site's name, and whether its page could be read.
    pub url: String,
    pub site: String,
    pub page_read: bool,
    /// The id of the category the host recognised ([`crate::categories::of`]), `-` for none,
    /// empty when not told (then it is recognised where it is needed).
    pub category: String,
}

impl Reading {
    /// Whether text from the input can stand in copy written in `language`.
    pub fn speaks(&self, language: &str) -> bool {
        self.language == language
    }
}
