//! Outbound HTTP on behalf of users and plugins: the SSRF guard and page summaries.

pub mod guard;
pub mod page;

pub use guard::{FetchError, Guard, Network};

/// A reqwest error as a log may show it: what failed and its causes, without the URL it was
/// sent to (an operator's endpoint may carry a token in its path or query, and reqwest's own
/// text names the URL).
pub fn unlocated(e: reqwest::Error) -> String {
    let e = e.without_url();
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(&e);
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = std::error::Error::source(inner);
    }
    text
}
