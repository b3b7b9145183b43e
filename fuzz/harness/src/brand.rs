//! Brand profiles (`brands::BrandProfile::validated`) and brand keys (`brands::check_key`), as
//! sent in requests (an ad-hoc `brandProfile`, a brand's key in a route).
//!
//! Properties: validation is idempotent (a profile that validated, sent again as JSON the way
//! the service answers it, validates to itself), so what the service stores and shows is
//! always something it would accept; an accepted key is 2 to 32 of `a-z0-9-`; and the profile
//! `brands::ensure` derives from an accepted key validates (else making a brand-admin key for
//! that brand fails on fields its caller never sent).

use asset_host::brands::{self, BrandProfile};

pub fn brand_profile(data: &[u8]) {
    if let Ok(profile) = serde_json::from_slice::<BrandProfile>(data) {
        profile_round_trip(profile);
    }
    let text = String::from_utf8_lossy(data);
    // Profiles built from the raw text too, so the fuzzer reaches the field rules without
    // having to keep the JSON well-formed: four fields split at `|`.
    let mut fields = text.splitn(4, '|').map(str::to_string);
    let profile = BrandProfile {
        name: fields.next().unwrap_or_default(),
        voice: fields.next().unwrap_or_default(),
        hashtag: fields.next().unwrap_or_default(),
        token: fields.next().unwrap_or_default(),
        palette: None,
    };
    profile_round_trip(profile);
    key(text.trim_end_matches('\n'));
}

fn profile_round_trip(profile: BrandProfile) {
    let Ok(valid) = profile.validated() else { return };
    assert_eq!(valid.clone().validated().as_ref().ok(), Some(&valid), "validation is idempotent");
    let json = serde_json::to_string(&valid).expect("a profile serializes");
    let back: BrandProfile = serde_json::from_str(&json).expect("a profile parses back");
    assert_eq!(back.validated().ok(), Some(valid));
}

fn key(text: &str) {
    if brands::check_key("key", text).is_err() {
        return;
    }
    assert!((2..=32).contains(&text.len()), "{text:?}");
    assert!(text.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'), "{text:?}");
    let derived = brands::derived_profile(text);
    if let Err(e) = derived.clone().validated() {
        panic!("the profile derived from key {text:?} is refused: `{}` ({derived:?})", e.field);
    }
}
