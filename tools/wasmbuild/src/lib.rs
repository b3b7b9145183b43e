//! Used by build scripts (the host's built-in generators, the tests' hostile plugins): builds a
//! separate wasm32-wasip2 cargo workspace in release mode and writes a Rust file that embeds
//! every component it produced as `(crate name, bytes)`; and links the recogniser's runtime.

mod ctranslate2;
pub use ctranslate2::link_ctranslate2;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// For a build script: builds the cargo workspace at `workspace` (relative to the calling
/// package's manifest) and writes `file` in its OUT_DIR (see `embed_workspace`).
pub fn embed(workspace: &str, file: &str) {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    embed_workspace(&manifest.join(workspace), &out.join(file));
}

/// Builds the cargo workspace at `workspace` for wasm32-wasip2 and writes `out_file`, which
/// defines `pub const COMPONENTS: &[(&str, &[u8])]`, one entry per built `.wasm`, sorted.
fn embed_workspace(workspace: &Path, out_file: &Path) {
    println!("cargo:rerun-if-changed={}", workspace.display());
    if let Some(wit) = workspace.parent().map(|root| root.join("wit")).filter(|w| w.exists()) {
        println!("cargo:rerun-if-changed={}", wit.display());
    }
    let target_dir = shared_target_dir(out_file);
    // Under rustup, the guests are built by the toolchain the repository pins (it has the
    // wasm32-wasip2 target), whichever one runs the outer build: `cargo +nightly fuzz` builds the
    // host with a nightly that has no wasm target. So the rustup proxy is called with the
    // override removed, and the pinned toolchain answers for the guest workspace's folder.
    let under_rustup = std::env::var_os("RUSTUP_TOOLCHAIN").is_some();
    let cargo = if under_rustup { "cargo".into() } else { std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()) };
    let mut command = Command::new(cargo);
    if under_rustup {
        command.env_remove("RUSTUP_TOOLCHAIN").env_remove("RUSTUP_TOOLCHAIN_SOURCE");
    }
    command
        .args(["build", "--release", "--locked", "--target", "wasm32-wasip2", "--target-dir"])
        .arg(&target_dir)
        .current_dir(workspace);
    // The outer build's settings describe the host target; the guest build must not inherit them.
    for (name, _) in std::env::vars_os() {
        let name = name.to_string_lossy().into_owned();
        let keep = matches!(name.as_str(), "CARGO_HOME" | "CARGO_MAKEFLAGS" | "CARGO_NET_OFFLINE");
        let host_only = name.starts_with("CARGO_")
            || name.starts_with("RUSTC")
            || name.starts_with("RUSTFLAGS")
            || matches!(
                name.as_str(),
                "RUSTDOCFLAGS" | "TARGET" | "HOST" | "OUT_DIR" | "PROFILE" | "OPT_LEVEL" | "DEBUG" | "NUM_JOBS"
            );
        if host_only && !keep {
            command.env_remove(&name);
        }
    }
    let status = command.status().unwrap_or_else(|e| panic!("cannot run cargo for {}: {e}", workspace.display()));
    assert!(
        status.success(),
        "building {} for wasm32-wasip2 failed; is the target installed? (`rustup target add wasm32-wasip2`)",
        workspace.display()
    );
    let release = target_dir.join("wasm32-wasip2").join("release");
    let members = workspace_members(workspace);
    let mut source = String::from("pub const COMPONENTS: &[(&str, &[u8])] = &[\n");
    for member in members {
        let artifact = release.join(format!("{}.wasm", member.replace('-', "_")));
        if artifact.exists() {
            let _ = writeln!(source, "    ({member:?}, include_bytes!({:?})),", artifact.display().to_string());
        }
    }
    source.push_str("];\n");
    std::fs::write(out_file, source).unwrap_or_else(|e| panic!("cannot write {}: {e}", out_file.display()));
}

/// One wasm target folder beside the host's (`<target>/wasm-guests`), shared by every profile so
/// the guests are built once, not once per debug/release/test build.
fn shared_target_dir(out_file: &Path) -> PathBuf {
    // OUT_DIR is <target>/<profile>/build/<crate>-<hash>/out.
    let out_dir = out_file.parent().expect("out file has a folder");
    out_dir.ancestors().nth(4).map_or_else(|| out_dir.join("wasm-guests"), |target| target.join("wasm-guests"))
}

/// The `members` of a workspace manifest, read with a deliberately small parser: one
/// `members = [ "a", "b" ]` array, possibly over several lines.
fn workspace_members(workspace: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(workspace.join("Cargo.toml")).expect("workspace Cargo.toml");
    let start = manifest.find("members").expect("a members list");
    let list = &manifest[start..];
    let open = list.find('[').expect("members [");
    let close = list.find(']').expect("members ]");
    let mut members: Vec<String> = list[open + 1..close]
        .split(',')
        .map(|m| m.trim().trim_matches('"').to_string())
        .filter(|m| !m.is_empty())
        .collect();
    members.sort();
    members
}
