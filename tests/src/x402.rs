//! Paying parties for the tests: the loopback x402 facilitator (`x402/facilitator.py`, which
//! verifies EIP-712 signatures for real), the paying client built on the Python `x402` package
//! (`x402/pay.py`), and Stripe's own signature helper (`x402/stripe_sign.py`).

use std::process::{Child, ChildStdin, Command};
use std::sync::OnceLock;

use serde_json::Value;

/// The payer's key in every test (a well-known development key; it holds nothing anywhere).
pub const PAYER_KEY: &str = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/// Its address.
pub const PAYER: &str = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
/// Where the service is paid in the tests.
pub const PAY_TO: &str = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
/// The bearer key the facilitator stand-in asks for.
pub const FACILITATOR_KEY: &str = "facilitator-test-key";

fn python() -> String {
    std::env::var("ASSET_TEST_PYTHON").unwrap_or_else(|_| "python3".into())
}

fn script(name: &str) -> String {
    format!("{}/x402/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A running facilitator stand-in; killed when dropped.
pub struct Facilitator {
    child: Child,
    pub url: String,
}

impl Facilitator {
    pub fn start() -> Facilitator {
        let (child, port) = crate::process::python_stand_in(
            "x402/facilitator.py",
            &["--port", "0", "--key", FACILITATOR_KEY],
            "the facilitator stand-in (the x402 package)",
        );
        Facilitator { url: format!("http://127.0.0.1:{port}"), child }
    }

    /// The settings that point `serve` at this facilitator on base-sepolia.
    pub fn vars(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ASSET_X402_PAY_TO", PAY_TO.into()),
            ("ASSET_X402_NETWORK", "base-sepolia".into()),
            ("ASSET_X402_FACILITATOR_URL", self.url.clone()),
            ("ASSET_X402_FACILITATOR_KEY", FACILITATOR_KEY.into()),
            // Keyless calls are limited per client address; the tests spread theirs over
            // several through `X-Forwarded-For`.
            ("ASSET_TRUSTED_PROXIES", "127.0.0.1/32".into()),
        ]
    }

    /// Sets how `/verify` and `/settle` behave: `ok`, `invalid`/`fail`, `error500`, `hang`.
    pub async fn control(&self, modes: Value) {
        let response = reqwest::Client::new()
            .post(format!("{}/_control", self.url))
            .bearer_auth(FACILITATOR_KEY)
            .json(&modes)
            .send()
            .await
            .expect("the facilitator answers");
        assert!(response.status().is_success(), "control {modes}: {}", response.status());
    }

    async fn get(&self, path: &str) -> Value {
        let response =
            reqwest::Client::new().get(format!("{}{path}", self.url)).bearer_auth(FACILITATOR_KEY).send().await;
        response.expect("the facilitator answers").json().await.expect("JSON")
    }

    /// Every settlement made: `{payer, nonce, amount, network, transaction}`.
    pub async fn settlements(&self) -> Vec<Value> {
        self.get("/_settlements").await.as_array().cloned().unwrap_or_default()
    }

    /// How often each endpoint was called: `{verify, settle, supported}`.
    pub async fn calls(&self) -> Value {
        self.get("/_calls").await
    }
}

impl Drop for Facilitator {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How the paying client should pay.
#[derive(Clone, Copy, Default)]
pub struct Pay<'a> {
    /// 1 (`X-PAYMENT`) or 2 (`PAYMENT-SIGNATURE`).
    pub version: u8,
    pub api_key: Option<&'a str>,
    /// `amount`, `payto`, `expired`, `signature` or `network`.
    pub tamper: Option<&'a str>,
    /// Only sign: answer the payment header without sending it.
    pub only_sign: bool,
    /// An id for the payload's `payment-identifier` extension (v2).
    pub payment_id: Option<&'a str>,
    /// The client address the call claims through a trusting proxy (`X-Forwarded-For`), so
    /// tests making many keyless calls count against several addresses' limits.
    pub forwarded_for: Option<&'a str>,
}

/// Calls `url` with `body` through the paying client: on a 402 it pays and retries. Answers
/// `{status, headers, body, paymentResponse, payment, paymentHeader}`.
pub async fn pay(url: &str, method: &str, body: Option<&Value>, how: Pay<'_>) -> Value {
    let mut args = vec![
        script("pay.py"),
        "--url".into(),
        url.into(),
        "--method".into(),
        method.into(),
        "--private-key".into(),
        PAYER_KEY.into(),
        "--version".into(),
        how.version.to_string(),
    ];
    if let Some(body) = body {
        args.extend(["--body".into(), body.to_string()]);
    }
    if let Some(key) = how.api_key {
        args.extend(["--api-key".into(), key.into()]);
    }
    if let Some(tamper) = how.tamper {
        args.extend(["--tamper".into(), tamper.into()]);
    }
    if how.only_sign {
        args.push("--only-sign".into());
    }
    if let Some(id) = how.payment_id {
        args.extend(["--payment-id".into(), id.into()]);
    }
    if let Some(address) = how.forwarded_for {
        args.extend(["--header".into(), format!("X-Forwarded-For: {address}")]);
    }
    let answer = payer().run(&args[1..]).await;
    let (line, stderr) = (answer["stdout"].as_str().unwrap_or_default(), &answer["stderr"]);
    serde_json::from_str(line.trim()).unwrap_or_else(|e| panic!("pay.py printed {line:?} ({e}); stderr: {stderr}"))
}

/// The paying client as one process per test binary (`pay.py --serve`): it imports the x402
/// and Ethereum packages once (1.3 s of CPU a payment otherwise) and forks for each payment.
struct Payer {
    port: u16,
    /// Held open while the test binary lives: the server ends when it closes.
    _stdin: ChildStdin,
}

fn payer() -> &'static Payer {
    static PAYER: OnceLock<Payer> = OnceLock::new();
    PAYER.get_or_init(|| {
        let (mut child, port) =
            crate::process::python_stand_in("x402/pay.py", &["--serve"], "the paying client (the x402 package)");
        Payer { port, _stdin: child.stdin.take().expect("stdin") }
    })
}

impl Payer {
    /// `pay.py`'s answer to `args`: `{code, stdout, stderr}`.
    async fn run(&self, args: &[String]) -> Value {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let mut stream =
            tokio::net::TcpStream::connect(("127.0.0.1", self.port)).await.expect("the paying client answers");
        let request = serde_json::to_string(args).expect("arguments as JSON") + "\n";
        stream.write_all(request.as_bytes()).await.expect("the arguments sent");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.expect("the answer read");
        serde_json::from_slice(&answer).unwrap_or_else(|e| panic!("pay.py --serve answered {answer:?}: {e}"))
    }
}

/// The `Stripe-Signature` header for `payload` at Unix time `t`, made by the `stripe` package.
pub fn stripe_signature(secret: &str, payload: &[u8], t: i64) -> String {
    let file = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(file.path(), payload).expect("write the payload");
    let path = file.path().to_string_lossy().to_string();
    let out = Command::new(python())
        .args([
            script("stripe_sign.py").as_str(),
            "--secret",
            secret,
            "--payload-file",
            &path,
            "--timestamp",
            &t.to_string(),
        ])
        .output()
        .expect("stripe_sign.py runs");
    assert!(out.status.success(), "stripe_sign.py: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}
