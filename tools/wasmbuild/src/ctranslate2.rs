//! The run path to CTranslate2's shared library, so every binary that links the recogniser
//! starts without `LD_LIBRARY_PATH`: the folder on LIBRARY_PATH (.cargo/config.toml) holding it.

/// Records the folder of `libctranslate2.so` found on LIBRARY_PATH as the run path of this
/// package's binaries and tests.
pub fn link_ctranslate2() {
    println!("cargo:rerun-if-env-changed=LIBRARY_PATH");
    let paths = std::env::var_os("LIBRARY_PATH").unwrap_or_default();
    match std::env::split_paths(&paths).find(|dir| dir.join("libctranslate2.so").exists()) {
        Some(dir) => println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display()),
        None => println!(
            "cargo:warning=CTranslate2 is on no LIBRARY_PATH folder: `bash scripts/test.sh` or `bash scripts/serve.sh` installs it"
        ),
    }
}
