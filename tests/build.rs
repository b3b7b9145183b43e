//! Builds the fixture and hostile components in `tests/plugins` and embeds them in the kit.

fn main() {
    wasmbuild::embed("plugins", "fixtures.rs");
    wasmbuild::link_ctranslate2();
}
