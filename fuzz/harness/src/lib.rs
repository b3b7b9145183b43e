//! Fuzz harnesses for the host's parsers of untrusted input, one `pub fn <target>(data: &[u8])`
//! per cargo-fuzz target (`fuzz/fuzz_targets/<target>.rs` is a one-line call into it).
//!
//! The properties live here rather than in the fuzz targets so that `tests/corpus.rs` replays
//! every corpus file through exactly the same checks on stable, as an ordinary test. Each
//! function does more than "does not panic" wherever a property can be stated: round trips,
//! agreement between two spellings of one thing, bounds the code promises. A property that
//! fails panics, which libFuzzer reports as a crash.

mod audio;
mod brand;
mod generator;
mod language;
mod sol;
mod ssrf;
mod stripe;
mod telegram;
mod x402;

pub use audio::audio_sniff;
pub use brand::brand_profile;
pub use generator::generator_output;
pub use language::language_name;
pub use sol::sol_transaction;
pub use ssrf::ssrf_guard;
pub use stripe::stripe_event;
pub use telegram::telegram_update;
pub use x402::x402_header;

/// A harness: takes one input, panics when a property fails.
pub type Harness = fn(&[u8]);

/// Every target by name, for the corpus replay.
pub const TARGETS: &[(&str, Harness)] = &[
    ("x402_header", x402_header),
    ("ssrf_guard", ssrf_guard),
    ("generator_output", generator_output),
    ("brand_profile", brand_profile),
    ("language_name", language_name),
    ("telegram_update", telegram_update),
    ("stripe_event", stripe_event),
    ("sol_transaction", sol_transaction),
    ("audio_sniff", audio_sniff),
];

/// Whether `part` lies inside `whole` (a borrowed piece of it, not an equal copy elsewhere):
/// compares addresses only, which needs no unsafe code.
pub(crate) fn within(whole: &str, part: &str) -> bool {
    let (start, end) = (whole.as_ptr() as usize, whole.as_ptr() as usize + whole.len());
    let at = part.as_ptr() as usize;
    at >= start && at + part.len() <= end
}
