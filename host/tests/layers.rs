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
const FRONT_ENDS: &[&str] = &["http", "mcp", "bot", "dashboard", "app", "cli", "compose", "main", "lib"];

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

/// A file's module path: `billing/x402/mod.rs` → `billing::x402`, `store/keys.rs` →
/// `store::keys`, `lib.rs` → ``.
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> =
        relative.with_extension("").components().map(|c| c.as_os_str().to_string_lossy().to_string()).collect();
    if parts.last().is_some_and(|last| ["mod", "lib", "main"].contains(&last.as_str())) {
        parts.pop();
    }
    parts
}

/// Every `super::a::b` path the code names, as written after `super::`.
fn super_paths(code: &str) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    for (i, _) in code.match_indices("super::") {
        let rest = &code[i + "super::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            paths.extend(group[..end].split(',').map(|item| item.trim().to_string()).filter(|item| !item.is_empty()));
        } else {
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
            paths.insert(rest[..end].trim_end_matches(':').to_string());
        }
    }
    paths
}

/// The files of `host/src` and, for each, the files its `crate::` and `super::` paths name
/// (each path taken to the longest module it starts with), tests left out.
fn import_graph() -> (Vec<String>, Vec<BTreeSet<usize>>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let modules: Vec<Vec<String>> = files.iter().map(|f| module_path(f.strip_prefix(&root).unwrap())).collect();
    let resolve = |segments: Vec<String>| -> Option<usize> {
        (1..=segments.len()).rev().find_map(|n| modules.iter().position(|m| m[..] == segments[..n]))
    };
    let mut edges = vec![BTreeSet::new(); files.len()];
    for (i, file) in files.iter().enumerate() {
        let text = std::fs::read_to_string(file).unwrap();
        let code = code_of(text.split("#[cfg(test)]").next().unwrap_or_default());
        let split = |path: &str| path.split("::").map(str::to_string).filter(|s| !s.is_empty()).collect::<Vec<_>>();
        let parent = &modules[i][..modules[i].len().saturating_sub(1)];
        let named = crate_paths(&code)
            .into_iter()
            .map(|p| split(&p))
            .chain(super_paths(&code).into_iter().map(|p| [parent.to_vec(), split(&p)].concat()));
        edges[i].extend(named.filter_map(resolve).filter(|&target| target != i));
    }
    let names = files.iter().map(|f| f.strip_prefix(&root).unwrap().display().to_string()).collect();
    (names, edges)
}

/// The groups of files that reach each other (Tarjan's strongly connected components), larger
/// than one file.
fn circles(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        edges: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    fn visit(walk: &mut Walk<'_>, v: usize) {
        walk.index[v] = Some(walk.next);
        walk.low[v] = walk.next;
        walk.next += 1;
        walk.stack.push(v);
        walk.on_stack[v] = true;
        for &w in walk.edges[v].iter() {
            match walk.index[w] {
                None => {
                    visit(walk, w);
                    walk.low[v] = walk.low[v].min(walk.low[w]);
                }
                Some(index) if walk.on_stack[w] => walk.low[v] = walk.low[v].min(index),
                Some(_) => {}
            }
        }
        if Some(walk.low[v]) == walk.index[v] {
            let mut group = Vec::new();
            while let Some(w) = walk.stack.pop() {
                walk.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                walk.found.push(group);
            }
        }
    }
    let n = edges.len();
    let mut walk = Walk {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on_stack: vec![false; n],
        next: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if walk.index[v].is_none() {
            visit(&mut walk, v);
        }
    }
    walk.found
}

/// No import circle anywhere in `host/src`: every file can be read knowing only the files below
/// it, and the modules form a stack (a ranking in which every path points down exists exactly
/// when there is no circle).
#[test]
fn no_file_reaches_back_to_itself_through_its_imports() {
    let (names, edges) = import_graph();
    assert!(names.len() > 100, "found the sources");
    let shown: Vec<String> = circles(&edges)
        .iter()
        .map(|group| {
            let within = group
                .iter()
                .map(|&f| {
                    let to: Vec<&str> =
                        edges[f].iter().filter(|t| group.contains(t)).map(|&t| names[t].as_str()).collect();
                    format!("  {} -> {}", names[f], to.join(", "))
                })
                .collect::<Vec<_>>();
            within.join("\n")
        })
        .collect();
    assert!(shown.is_empty(), "import circles:\n{}", shown.join("\n\n"));
}

#[test]
fn the_circle_finder_finds_a_circle_and_only_it() {
    let edges = [BTreeSet::from([1]), BTreeSet::from([2]), BTreeSet::from([0, 3]), BTreeSet::new()];
    let found = circles(&edges);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].iter().copied().collect::<BTreeSet<_>>(), BTreeSet::from([0, 1, 2]));
}

/// The platform, bottom first: a module names only modules of the tiers below its own, so each
/// tier can be read knowing only the tiers under it. A new module takes the lowest tier above
/// everything it names.
const PLATFORM: &[&[&str]] = &[
    // Plain data and rules every layer shares.
    &[
        "config",
        "counted",
        "dates",
        "money",
        "limits",
        "links",
        "markup",
        "chrome",
        "redact",
        "model",
        "aspect",
        "caption_style",
    ],
    &["error", "rules", "net", "seal"],
    &["caller", "languages", "cpu", "blobs", "callbacks", "reading"],
    // What pictures show of their subject (reads the reading's domain and words).
    &["illustrate"],
    // Drawing, media and the menu.
    &["render", "media", "catalog"],
    // What is kept, and the pages drawn for people.
    &["store", "pages"],
    &["auth", "detached", "idempotency", "limiter", "telegram"],
    // Money and the sandbox.
    &["billing", "plugins"],
    // The services a call runs with, and what runs on them.
    &["ctx"],
    &["jobs", "events", "background"],
    &["pipeline"],
];

/// Every platform module sits in one tier, and every `crate::` path it names points to a lower
/// tier: the platform is a stack, so no change can tie it into a knot unnoticed.
#[test]
fn the_platform_is_a_ranked_stack() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let tier = |module: &str| PLATFORM.iter().position(|tier| tier.contains(&module));
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut faults = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap();
        let module = module_of(relative);
        if FEATURES.contains(&module.as_str()) || FRONT_ENDS.contains(&module.as_str()) {
            continue;
        }
        if relative.file_name().is_some_and(|f| f == "routes.rs") {
            continue;
        }
        let Some(own) = tier(&module) else {
            faults.push(format!("{} is in no tier of PLATFORM", relative.display()));
            continue;
        };
        let text = std::fs::read_to_string(file).unwrap();
        let code = code_of(text.split("#[cfg(test)]").next().unwrap_or_default());
        for path in crate_paths(&code) {
            let target = path.split("::").next().unwrap_or_default();
            if target != module && tier(target).is_none_or(|t| t >= own) {
                faults.push(format!("{} (tier {own}) names `crate::{path}`, not below it", relative.display()));
            }
        }
    }
    assert!(faults.is_empty(), "the platform's stack is broken:\n{}", faults.join("\n"));
}

/// `render/` draws and nothing else: its files name only each other, the CPU pool and markup
/// helpers, the language table, the illustrations it draws and the caption styles it draws
/// words in, never the services, the store, jobs or plugins (the
/// pipeline that orchestrates voice, plugins and pictures sits above it, `pipeline`).
#[test]
fn render_is_a_leaf() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root.join("render"), &mut files);
    assert!(files.len() > 10, "found render's sources");
    let allowed = ["render", "cpu", "markup", "languages", "illustrate", "caption_style"];
    let mut faults = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let code = code_of(text.split("#[cfg(test)]").next().unwrap_or_default());
        for path in crate_paths(&code) {
            if !allowed.contains(&path.split("::").next().unwrap_or_default()) {
                faults.push(format!("{} names `crate::{path}`", file.strip_prefix(&root).unwrap().display()));
            }
        }
    }
    assert!(faults.is_empty(), "render reaches up:\n{}", faults.join("\n"));
}

/// The OpenAPI document keeps one schema per name and silently drops the others, so two
/// documented types of one name would document one route with the other's fields.
#[test]
fn no_two_documented_types_share_a_name() {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut seen = std::collections::BTreeMap::<String, String>::new();
    let mut clashes = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.strip_prefix("pub struct ").or_else(|| line.strip_prefix("pub enum ")) else {
                continue;
            };
            let attributes: Vec<&str> =
                lines[..i].iter().rev().take_while(|l| l.starts_with("#[") || l.starts_with("///")).copied().collect();
            if !attributes.iter().any(|a| a.starts_with("#[derive(") && a.contains("ToSchema")) {
                continue;
            }
            let renamed = attributes.iter().find_map(|a| a.strip_prefix("#[schema(as = ")?.split(')').next());
            let name =
                renamed.unwrap_or_else(|| rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap());
            let at = format!("{}:{}", file.display(), i + 1);
            if let Some(first) = seen.insert(name.to_string(), at.clone()) {
                clashes.push(format!("{name}: {first} and {at}"));
            }
        }
    }
    assert!(seen.len() > 50, "found the documented types");
    assert!(clashes.is_empty(), "schema names documented twice:\n{}", clashes.join("\n"));
}
