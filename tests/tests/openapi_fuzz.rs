//! The API against its own description: schemathesis (PyPI) generates requests from
//! `/api/agent/openapi.json` — every operation, examples, coverage, fuzzing and stateful links —
//! and sends them to the real binary, with every rail set up against loopback stand-ins (x402
//! facilitator, Solana RPC, Stripe, a speech endpoint), a funded key and a registered brand.
//! Every check must hold: no 5xx, no response outside its documented schema, status or content
//! type, no schema-valid request refused except where `tests/schemathesis/schemathesis.toml`
//! says why. It runs again, with fewer examples, over the plain server (nothing set up but
//! credits): what is not set up must be a permanent refusal, never a 5xx. The example count is
//! bounded here; `docs/security.md` gives the longer run.

use std::process::Command;

use asset_tests::solana::Rpc;
use asset_tests::x402::Facilitator;
use asset_tests::{Env, Storage, fakes};

/// Examples per operation and phase in the suite (`ASSET_FUZZ_EXAMPLES` raises it).
const EXAMPLES: &str = "5";

/// Stripe's Checkout Sessions: each a new id, as Stripe makes them.
fn stripe() -> String {
    let made = std::sync::atomic::AtomicUsize::new(0);
    let root = fakes::loopback_api(move |text, _| {
        if !text.starts_with("POST /v1/checkout/sessions") {
            return (404, "application/json", b"{}".to_vec());
        }
        let n = made.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let session = format!(
            r#"{{"id":"cs_test_{n}","object":"checkout.session","url":"https://checkout.stripe.com/c/pay/cs_test_{n}"}}"#
        );
        (200, "application/json", session.into_bytes())
    });
    root.trim_end_matches("/v1").to_string()
}

/// A server on `env` with `vars`, a registered brand and a funded key, run through
/// schemathesis with `examples` per operation and phase; every check must hold.
fn fuzzed(env: &Env, vars: &[(&str, &str)], examples: &str) {
    let Ok(st) = std::env::var("ASSET_TEST_SCHEMATHESIS") else {
        panic!("ASSET_TEST_SCHEMATHESIS names the schemathesis command (bash scripts/test.sh installs it)");
    };
    assert!(
        env.run(&["brands", "create", "acme", "--name", "Acme", "--hashtag", "#ACME", "--token", "$ACME"])
            .status
            .success()
    );
    let key = env.create_key(1_000_000, "agent");
    let limits =
        ("ASSET_RATE_LIMITS", "create=60000,status=60000,check=60000,account=60000,public=60000,pricing=60000");
    let server = env.serve_with(&[vars, &[limits]].concat());
    let config = format!("{}/schemathesis/schemathesis.toml", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(&st)
        .args(["--config-file", &config, "run", &server.url("/api/agent/openapi.json")])
        .args(["-H", &format!("x-api-key: {key}"), "--max-examples", examples, "--seed", "20261125"])
        .args(["--workers", "1", "--no-color"])
        .env("SCHEMATHESIS_HOOKS", "fresh_keys")
        .env("PYTHONPATH", format!("{}/schemathesis", env!("CARGO_MANIFEST_DIR")))
        .current_dir(env.data_dir.path())
        .output()
        .expect("schemathesis runs");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "schemathesis found failures:\n{report}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(report.contains("generated") && !report.contains("failures"), "{report}");
    println!(
        "{}",
        report.lines().filter(|l| l.contains("generated") || l.contains("passed")).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn generated_requests_keep_to_the_apis_own_description() {
    let env = Env::new(Storage::Sqlite);
    let (rpc, facilitator) = (Rpc::start(50), Facilitator::start());
    let (stripe, speaker) = (stripe(), fakes::fake_speaker());
    let mut vars: Vec<(&str, String)> = rpc.vars();
    vars.extend(facilitator.vars());
    vars.extend([
        ("ASSET_STRIPE_API_URL", stripe),
        ("ASSET_STRIPE_SECRET_KEY", "sk_test_fuzz".into()),
        ("ASSET_STRIPE_WEBHOOK_SECRET", "whsec_test_fuzz".into()),
        ("ASSET_SPEECH_URL", speaker),
    ]);
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let examples = std::env::var("ASSET_FUZZ_EXAMPLES").unwrap_or_else(|_| EXAMPLES.into());
    fuzzed(&env, &vars, &examples);
}

/// The plain server `scripts/serve.sh` starts — no treasury, no x402, no Stripe, no speech
/// endpoint — keeps to its description too: what it has not set up is refused for good (a 4xx
/// naming what is taken, or a 404), never a 5xx telling clients to retry.
#[test]
fn the_plain_server_keeps_to_its_description_too() {
    fuzzed(&Env::new(Storage::Sqlite), &[], "2");
}
