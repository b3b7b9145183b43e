//! Lists the SQL migrations so the binary carries them (no migrations folder needed at run
//! time), and gives the binaries the recogniser's runtime as their run path. The built-in
//! generators are embedded by the `builtins` crate.

use std::path::Path;

fn main() {
    let manifest = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    wasmbuild::link_ctranslate2();
    let migrations =
        ["sqlite", "postgres"].map(|dialect| list_migrations(&manifest.join("../migrations").join(dialect)));
    std::fs::write(out.join("migrations.rs"), migrations.join("\n")).expect("writing migrations.rs");
}

/// `pub static <DIALECT>: &[(version, description, sql)]` of the folder's `<version>_<name>.sql`
/// files, named as sqlx names them (the description is the name with `_` read as a space), so
/// the store builds the same migrations `sqlx::migrate!` would, without compiling sqlx's
/// drivers a second time into a proc macro.
fn list_migrations(dir: &Path) -> String {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> =
        std::fs::read_dir(dir).expect("the migrations folder").map(|e| e.expect("an entry").path()).collect();
    files.sort();
    let entries: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?;
            let (version, rest) = name.split_once('_')?;
            let description = rest.strip_suffix(".sql")?.replace('_', " ");
            let version: i64 = version.parse().unwrap_or_else(|_| panic!("{name}: the version is not a number"));
            Some(format!("    ({version}, {description:?}, include_str!({:?})),", path.display().to_string()))
        })
        .collect();
    let dialect = dir.file_name().and_then(|n| n.to_str()).expect("a dialect folder").to_uppercase();
    format!("pub static {dialect}: &[(i64, &str, &str)] = &[\n{}\n];\n", entries.join("\n"))
}
