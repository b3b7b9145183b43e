//! Gives the fuzz binaries the run path to CTranslate2's shared library, which the host links.

fn main() {
    wasmbuild::link_ctranslate2();
}
