//! Test kit: throwaway PostgreSQL databases, the real `asset-host` binary started on an
//! ephemeral port, and its command line. Used by the end-to-end tests beside it and by the
//! host's own storage suite.

pub mod browser;
pub mod cluster;
pub mod fakes;
pub mod files;
pub mod listen;
pub mod mcp;
pub mod page;
pub mod process;
pub mod proxy;
pub mod seaweed;
pub mod solana;
pub mod telegram;
pub mod webdriver;
pub mod webhooks;
pub mod x402;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/fixtures.rs"));
}

/// A fixture component of `tests/plugins` by crate name: `hostile`, `trivial`, `wrong-world`.
pub fn component(name: &str) -> &'static [u8] {
    embedded::COMPONENTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
        .unwrap_or_else(|| panic!("no fixture component {name}"))
}

/// Fixture component `name` made distinct by a custom section carrying `n`: another version
/// (another SHA-256) of the same generator, for tests that upload many.
pub fn component_variant(name: &str, n: u32) -> Vec<u8> {
    let (section, payload) = ("variant", n.to_string());
    let mut bytes = component(name).to_vec();
    // A custom section (id 0): its size, then the name's length and bytes, then the payload;
    // every length here is below 128, so one LEB128 byte each.
    let size = 1 + section.len() + payload.len();
    bytes.extend([0, size as u8, section.len() as u8]);
    bytes.extend(section.bytes().chain(payload.bytes()));
    bytes
}

/// Where the tests find PostgreSQL: `ASSET_TEST_PG`, or the local server's `test` database.
pub fn pg_admin_url() -> String {
    std::env::var("ASSET_TEST_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

fn psql(sql: &str) {
    let out = Command::new("psql")
        .args([pg_admin_url().as_str(), "-v", "ON_ERROR_STOP=1", "-q", "-c", sql])
        .output()
        .expect("psql must be installed for the PostgreSQL tests");
    assert!(out.status.success(), "psql {sql}: {}", String::from_utf8_lossy(&out.stderr));
}

/// A PostgreSQL database of its own for one test, dropped when this goes out of scope.
pub struct PgDatabase {
    name: String,
    pub url: String,
}

impl PgDatabase {
    pub fn create() -> PgDatabase {
        let name = format!("asset_t_{}_{}", std::process::id(), unique());
        psql(&format!("CREATE DATABASE {name}"));
        let admin = pg_admin_url();
        let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
        PgDatabase { url: format!("{base}/{name}"), name }
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        let _ = Command::new("psql")
            .args([pg_admin_url().as_str(), "-q", "-c", &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)])
            .output();
    }
}

/// The database of one test on either backend: a SQLite file in a folder of its own, or a
/// PostgreSQL database of its own; both go when this is dropped.
pub struct TestDatabase {
    pub url: String,
    /// The SQLite file's folder, there on either backend (tests keep their data folder in it).
    pub dir: tempfile::TempDir,
    _pg: Option<PgDatabase>,
}

impl TestDatabase {
    pub fn new(postgres: bool) -> TestDatabase {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let pg = postgres.then(PgDatabase::create);
        let url = match &pg {
            Some(pg) => pg.url.clone(),
            None => format!("sqlite://{}?mode=rwc", dir.path().join("asset.db").display()),
        };
        TestDatabase { url, dir, _pg: pg }
    }
}

/// Runs each named test twice, in `mod sqlite` and `mod postgres`. Plain: each is an
/// `async fn(postgres: bool)`. With a runner: `threads = N, |postgres, test| { … }` binds
/// `postgres` and `test` (the named function) for the block, which sets the test up and calls it.
#[macro_export]
macro_rules! on_both_backends {
    (threads = $threads:literal, |$postgres:ident, $test:ident| $run:block: $($name:ident),* $(,)?) => {
        $crate::on_both_backends!(@in sqlite = false, $threads, |$postgres, $test| $run: $($name),*);
        $crate::on_both_backends!(@in postgres = true, $threads, |$postgres, $test| $run: $($name),*);
    };
    (@in $backend:ident = $is_postgres:literal, $threads:literal, |$postgres:ident, $test:ident| $run:block: $($name:ident),*) => {
        mod $backend {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = $threads)]
            #[allow(unused_braces)]
            async fn $name() {
                let $postgres = $is_postgres;
                let $test = super::$name;
                $run
            })*
        }
    };
    ($($name:ident),* $(,)?) => {
        $crate::on_both_backends!(threads = 2, |postgres, test| { test(postgres).await }: $($name),*);
    };
}

/// A loopback port nothing listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().subsec_nanos();
    u64::from(nanos) * 1000 + NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The `asset-host` binary, built once per test process so it is never stale.
pub fn binary() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Ok(path) = std::env::var("ASSET_HOST_BIN") {
            return PathBuf::from(path);
        }
        let profile_dir = profile_dir();
        let release = profile_dir.ends_with("release");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root");
        let mut build = Command::new(cargo);
        build.args(["build", "--quiet", "-p", "asset-host", "--bin", "asset-host"]).current_dir(workspace);
        if release {
            build.arg("--release");
        }
        assert!(build.status().expect("cargo runs").success(), "building asset-host failed");
        profile_dir.join("asset-host")
    })
}

/// The compiled generators every test shares (in the build folder, beside the binaries), as
/// servers of one deployment may: only the first start compiles the built-ins, the others
/// spend their time on their own work (a fresh server otherwise compiles them twice).
pub fn plugin_cache() -> PathBuf {
    profile_dir().join("test-plugin-cache")
}

/// The build profile's folder of this test: a test sits in <target>/debug/deps, a benchmark in
/// <target>/release/examples, one level below it.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent().and_then(Path::parent).expect("the profile's folder").to_path_buf()
}

/// Which database a server or command uses.
#[derive(Clone, Debug)]
pub enum Storage {
    /// SQLite in the data folder (the default of `serve`).
    Sqlite,
    Postgres(String),
}

/// A data folder plus database choice: the environment every command of one test shares.
pub struct Env {
    pub data_dir: tempfile::TempDir,
    pub storage: Storage,
    pub extra: Vec<(String, String)>,
}

impl Env {
    pub fn new(storage: Storage) -> Env {
        Env { data_dir: tempfile::tempdir().expect("temp dir"), storage, extra: Vec::new() }
    }

    /// This environment with English spoken by the neural voice. Without it the service speaks
    /// English with espeak-ng, as it does every other language: the neural voice costs about a
    /// second of CPU a page, which tests of payments, markets and bots need not spend.
    pub fn neural(mut self) -> Env {
        self.extra.push(("ASSET_NEURAL_VOICE".into(), "true".into()));
        self
    }

    /// This environment with its server allowed to fetch from the loopback file server `files`
    /// and trusting its certificate (as an operator would a private CA).
    pub fn fetching_from(mut self, files: &files::Files) -> Env {
        let ca = self.data_dir.path().join("ca.pem");
        std::fs::write(&ca, &files.ca_pem).unwrap();
        self.extra.push(("ASSET_FETCH_ALLOW".into(), "127.0.0.1/32".into()));
        self.extra.push(("ASSET_FETCH_ROOT_CA".into(), ca.display().to_string()));
        self
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(binary());
        cmd.args(args)
            .env("ASSET_DATA_DIR", self.data_dir.path())
            .env("ASSET_PLUGIN_CACHE_DIR", plugin_cache())
            .env("ASSET_LOG_FORMAT", "json")
            .env_remove("DATABASE_URL")
            .env_remove("ASSET_REDIS_URL")
            .env_remove("ASSET_REDIS_PREFIX")
            .env_remove("ASSET_CONFIG")
            .env("ASSET_NEURAL_VOICE", "false");
        if let Storage::Postgres(url) = &self.storage {
            cmd.env("DATABASE_URL", url);
        }
        for (k, v) in &self.extra {
            cmd.env(k, v);
        }
        cmd
    }

    /// Runs a command to completion.
    pub fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("asset-host runs")
    }

    /// `keys create`: returns the printed key.
    pub fn create_key(&self, credits: u32, role: &str) -> String {
        let credits = credits.to_string();
        let out = self.run(&["keys", "create", "--credits", &credits, "--role", role, "--label", "test"]);
        assert!(out.status.success(), "keys create: {}", String::from_utf8_lossy(&out.stderr));
        let key = String::from_utf8(out.stdout).expect("utf-8").trim().to_string();
        assert!(key.starts_with("ak_"), "unexpected key output {key:?}");
        key
    }

    /// The database the service of this environment uses, for tests that check its rows.
    pub async fn database(&self) -> sqlx::AnyPool {
        sqlx::any::install_default_drivers();
        let url = match &self.storage {
            Storage::Sqlite => format!("sqlite://{}", self.data_dir.path().join("asset.db").display()),
            Storage::Postgres(url) => url.clone(),
        };
        sqlx::AnyPool::connect(&url).await.expect("the service's database opens")
    }

    /// Starts a long-running command (e.g. `worker`); the caller stops it.
    pub fn spawn(&self, args: &[&str]) -> Child {
        self.command(args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("asset-host starts")
    }

    /// Starts `serve` on an ephemeral port and waits until it listens.
    pub fn serve(&self) -> Server {
        self.serve_with(&[])
    }

    /// `serve` with extra environment variables for this process only.
    pub fn serve_with(&self, vars: &[(&str, &str)]) -> Server {
        self.serve_args(&[], vars)
    }

    /// `serve` with extra arguments (e.g. `--workers 0`) and environment variables.
    pub fn serve_args(&self, args: &[&str], vars: &[(&str, &str)]) -> Server {
        let mut child = self
            .command(&[&["serve", "--listen", "127.0.0.1:0"], args].concat())
            .envs(vars.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("asset-host serve starts");
        // Both pipes are read to their end by threads of their own: a server whose output
        // nobody reads would block on its next write once the pipe's buffer is full.
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("read the listening line");
        std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
        let mut stderr = child.stderr.take().expect("stderr");
        let logs = std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = std::io::Read::read_to_end(&mut stderr, &mut text);
            String::from_utf8_lossy(&text).into_owned()
        });
        let base = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("serve did not start: {line:?}"))
            .to_string();
        Server { child, base, logs: Some(logs) }
    }
}

/// Asserts that every key's credit ledger sums to its balance.
pub async fn assert_ledgers_hold(db: &sqlx::AnyPool) {
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT k.prefix, k.credits, \
           (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM credit_ledger WHERE api_key_id = k.id) \
         FROM api_keys k",
    )
    .fetch_all(db)
    .await
    .expect("the keys and their ledgers");
    for (prefix, balance, ledger) in rows {
        assert_eq!(ledger, balance, "the ledger of {prefix} sums to its balance");
    }
}

/// A running `asset-host serve`; killed when dropped.
pub struct Server {
    pub child: Child,
    pub base: String,
    logs: Option<std::thread::JoinHandle<String>>,
}

impl Server {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// `POST path` with a JSON body and, when given, the key: the answer's JSON.
    pub async fn post_json(&self, path: &str, key: Option<&str>, body: &serde_json::Value) -> serde_json::Value {
        let mut request = reqwest::Client::new().post(self.url(path)).json(body);
        if let Some(key) = key {
            request = request.header("x-api-key", key);
        }
        request.send().await.expect("the server answers").json().await.expect("a JSON answer")
    }

    /// `GET path` with, when given, the key: the answer's JSON.
    pub async fn get_json(&self, path: &str, key: Option<&str>) -> serde_json::Value {
        let mut request = reqwest::Client::new().get(self.url(path));
        if let Some(key) = key {
            request = request.header("x-api-key", key);
        }
        request.send().await.expect("the server answers").json().await.expect("a JSON answer")
    }

    /// Sends SIGTERM and waits for the exit, up to `timeout`.
    pub fn terminate(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = std::time::Instant::now() + timeout;
        while std::time::Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// Uploads a generator component to `slot` as `key` (`query` like `?brand=x&activate=true`);
    /// the status and JSON body of the answer.
    pub async fn upload_plugin(
        &self,
        key: &str,
        slot: &str,
        query: &str,
        bytes: &[u8],
    ) -> (reqwest::StatusCode, serde_json::Value) {
        let response = reqwest::Client::new()
            .post(self.url(&format!("/api/admin/plugins/{slot}/versions{query}")))
            .header("x-api-key", key)
            .header("content-type", "application/wasm")
            .body(bytes.to_vec())
            .send()
            .await
            .expect("the upload is answered");
        let status = response.status();
        (status, response.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// Everything the server wrote to stderr (its logs); call after it exited.
    pub fn logs(&mut self) -> String {
        self.logs.take().and_then(|reader| reader.join().ok()).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Both storages for a test that runs against each: SQLite, then a fresh PostgreSQL database.
pub fn each_storage(test: impl Fn(Storage)) {
    test(Storage::Sqlite);
    let pg = PgDatabase::create();
    test(Storage::Postgres(pg.url.clone()));
}
