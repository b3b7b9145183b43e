//! Builds the generators in `plugins/` for wasm32-wasip2 and lists them for `src/lib.rs`.

fn main() {
    wasmbuild::embed("../../plugins", "builtins.rs");
}
