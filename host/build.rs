//! Builds the built-in generators in `plugins/` (wasm32-wasip2) and embeds them in the host,
//! so `asset-host serve` needs no plugin folder.

fn main() {
    let manifest = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("builtins.rs");
    wasmbuild::embed_workspace(&manifest.join("../plugins"), &out);
    wasmbuild::link_ctranslate2();
}
