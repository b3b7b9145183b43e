//! The shape of `host/src`, checked: front ends → features → platform, arrows one way.
//!
//! - Only the front ends (`http/`, `mcp/`, `bot/`, `dashboard/`, `app.rs`) and the routes of a folder (`*/routes.rs`) may use
//!   axum, tower or utoipa-axum; everything else is protocol-neutral.
//! - The platform never names a feature or a front end; a feature never names a front end
//!   (outside its own `routes.rs`) nor another feature's routes.
//! - `app.rs` is the only module that names every feature.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const FEATURES: &[&str] = &[
    "account",
    "assets",
    "audioscript",
    "brands",
    "content",
    "engine",
    "feeds",
    "generate",
    "market",
    "memes",
    "mp4",
    "pitch",
    "purchases",
];
const FRONT_ENDS: &[&str] = &["http", "mcp", "bot", "dashboard", "app", "cli", "main", "lib"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file belongs to (`memes/page.rs` → `memes`, `app.rs` → `app`).
fn module_of(relative: &Path) -> String {
    let first = relative.components().next().unwrap().as_os_str().to_string_lossy().to_string();
    first.trim_end_matches(".rs").to_string()
}

/// Code without comments, so prose that mentions a module is not a dependency.
fn code_of(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// Every `crate::a::b` path the code names, including grouped `use crate::{a, b::c}` imports.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let item = item.trim();
                if !item.is_empty() {
                    paths.insert(item.split_whitespace().next().unwrap().to_string());
                }
            }
        } else {
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
            paths.insert(rest[..end].trim_end_matches(':').to_string());
        }
    }
    paths
}

#[test]
fn layers_point_one_way_and_only_front_ends_speak_http() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 30, "found the sources");
    let mut faults = Vec::new();
    let mut naming_every_feature = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap();
        let name = relative.display().to_string();
        let module = module_of(relative);
        let is_routes = relative.file_name().is_some_and(|f| f == "routes.rs");
        let is_front = FRONT_ENDS.contains(&module.as_str());
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        if !is_front && !is_routes {
            for http in ["axum", "tower", "utoipa_axum", "rmcp"] {
                let used = code.match_indices(http).any(|(i, _)| {
                    let before = code[..i].chars().last().unwrap_or(' ');
                    let after = code[i + http.len()..].chars().next().unwrap_or(' ');
                    !(before.is_alphanumeric() || before == '_') && (after == ':' || after == ';' || after == '_')
                });
                if used {
                    faults.push(format!("{name} uses {http}: only front ends and routes.rs may"));
                }
            }
        }
        let paths = crate_paths(&code);
        let named: BTreeSet<&str> = paths.iter().map(|p| p.split("::").next().unwrap()).collect();
        if FEATURES.iter().all(|f| named.contains(f)) {
            naming_every_feature.push(name.clone());
        }
        for path in &paths {
            let target = path.split("::").next().unwrap();
            let target_is_feature = FEATURES.contains(&target);
            let target_is_front = FRONT_ENDS.contains(&target);
            let is_feature = FEATURES.contains(&module.as_str());
            if is_front || target == module {
                continue;
            }
            if target_is_front && !is_routes {
                faults.push(format!("{name} names front end `crate::{path}`"));
            }
            if !is_feature && target_is_feature && !is_routes {
                faults.push(format!("{name} (platform) names feature `crate::{path}`"));
            }
            if target_is_feature && path.split("::").any(|p| p == "routes") {
                faults.push(format!("{name} names another feature's routes `crate::{path}`"));
            }
        }
    }
    assert!(faults.is_empty(), "layering faults:\n{}", faults.join("\n"));
    assert_eq!(naming_every_feature, vec!["app.rs".to_string()], "only app.rs names every feature");
}

#[test]
fn the_checker_sees_grouped_and_plain_paths() {
    let paths = crate_paths("use crate::{memes, http::AppState};\nlet x = crate::jobs::submit(); // crate::mp4");
    let code_paths = crate_paths(&code_of("let x = crate::jobs::submit(); // crate::mp4"));
    assert!(paths.contains("memes") && paths.contains("http::AppState") && paths.contains("jobs::submit"));
    assert!(!code_paths.contains("mp4"), "comments are not dependencies");
}
