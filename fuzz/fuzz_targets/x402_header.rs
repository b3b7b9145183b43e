//! libFuzzer entry for `asset_fuzz::x402_header` (the properties live in the harness crate).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| asset_fuzz::x402_header(data));
