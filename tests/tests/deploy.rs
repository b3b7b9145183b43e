//! The deploy files (`deploy/`) checked offline: the Kubernetes manifests against the API
//! schemas, the compose file parsed and its references resolved (`deploy/check.py`).

#[test]
fn the_manifests_and_the_compose_file_are_valid() {
    let python = std::env::var("ASSET_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let out = std::process::Command::new(python)
        .args([&format!("{root}/tests/deploy/check.py"), &format!("{root}/deploy")])
        .output()
        .expect("check.py runs (ASSET_TEST_PYTHON with kubernetes-validate)");
    let line = String::from_utf8_lossy(&out.stdout);
    let report: serde_json::Value =
        serde_json::from_str(line.trim()).unwrap_or_else(|_| panic!("{line} {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(report["ok"], true, "{report}");
}
