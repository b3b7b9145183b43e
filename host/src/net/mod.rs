//! Outbound HTTP on behalf of users and plugins: the SSRF guard and page summaries.

pub mod guard;
pub mod page;

pub use guard::{FetchError, Guard, Network};
