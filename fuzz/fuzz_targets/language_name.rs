//! libFuzzer entry for `asset_fuzz::language_name` (the properties live in the harness crate).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| asset_fuzz::language_name(data));
