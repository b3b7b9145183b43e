//! Builds the fixture and hostile components in `tests/plugins` and embeds them in the kit.

fn main() {
    let manifest = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("fixtures.rs");
    wasmbuild::embed_workspace(&manifest.join("plugins"), &out);
    wasmbuild::link_ctranslate2();
}
