//! Builds the generators in `plugins/` for wasm32-wasip2 and lists them for `src/lib.rs`.

fn main() {
    let manifest = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    wasmbuild::embed_workspace(&manifest.join("../../plugins"), &out.join("builtins.rs"));
}
