//! The scaled-out shape of `deploy/` as processes on this machine: one PostgreSQL database,
//! SeaweedFS for the blobs, Redis for the shared limits, web replicas (`serve --workers 0`)
//! behind nginx running the shipped `deploy/nginx.conf` (its upstreams pointed at the replicas'
//! loopback ports), and render workers (`asset-host worker`). Everything is stopped and removed
//! when the cluster is dropped.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::seaweed::Seaweed;
use crate::{Env, PgDatabase, Server, Storage, free_port};

/// What to start.
pub struct Shape {
    pub web: usize,
    pub workers: usize,
    /// Settings for every process of the cluster (and its commands), on top of the cluster's own.
    pub vars: Vec<(String, String)>,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape { web: 2, workers: 1, vars: Vec::new() }
    }
}

/// A running cluster. The fields drop in order: the balancer and the processes first, then the
/// stores they use.
pub struct Cluster {
    nginx: Nginx,
    /// The web replicas, each reachable directly too; `None` once stopped.
    pub web: Vec<Option<Server>>,
    pub workers: Vec<Child>,
    /// The commands' environment (`keys create`, `plugins rollback`, …) on the cluster's stores.
    pub env: Env,
    pub seaweed: Seaweed,
    _pg: PgDatabase,
    /// The load balancer's root, `http://127.0.0.1:<port>`: the service's public URL.
    pub base: String,
}

impl Cluster {
    pub fn start(shape: Shape) -> Cluster {
        let pg = PgDatabase::create();
        let seaweed = Seaweed::start();
        let port = free_port();
        let base = format!("http://127.0.0.1:{port}");
        let mut env = Env::new(Storage::Postgres(pg.url.clone()));
        let redis = std::env::var("ASSET_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
        let namespace = format!("asset-cluster-{}-{}", std::process::id(), port);
        let own = [
            ("ASSET_REDIS_URL", redis),
            ("ASSET_REDIS_PREFIX", namespace),
            ("ASSET_PUBLIC_URL", base.clone()),
            ("ASSET_TRUSTED_PROXIES", "127.0.0.1/32".into()),
            ("ASSET_LOG", "warn".into()),
        ];
        let blobs = seaweed.vars("cluster");
        let all = own.into_iter().chain(blobs).map(|(k, v)| (k.to_string(), v));
        env.extra.extend(all.chain(shape.vars));
        let migrated = env.run(&["migrate"]);
        assert!(migrated.status.success(), "migrate: {}", String::from_utf8_lossy(&migrated.stderr));

        let web: Vec<Option<Server>> = (0..shape.web).map(|_| Some(env.serve_args(&["--workers", "0"], &[]))).collect();
        let workers = (0..shape.workers).map(|_| env.spawn(&["worker"])).collect();
        let upstreams: Vec<String> =
            web.iter().flatten().map(|s| s.base.trim_start_matches("http://").to_string()).collect();
        let nginx = Nginx::start(port, &upstreams);
        wait_for(&format!("{base}/readyz"), Duration::from_secs(30));
        Cluster { nginx, web, workers, env, seaweed, _pg: pg, base }
    }

    /// A URL through the load balancer.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Replica `i`, while it runs.
    pub fn replica(&self, i: usize) -> &Server {
        self.web[i].as_ref().expect("the replica runs")
    }

    /// `url` (one of the load balancer's) as replica `i` serves it, bypassing the balancer.
    pub fn on_replica(&self, i: usize, url: &str) -> String {
        let path = url.strip_prefix(&self.base).unwrap_or_else(|| panic!("{url} is not the cluster's"));
        self.replica(i).url(path)
    }

    /// Kills replica `i` at once (SIGKILL: no draining, as a crashed machine would).
    pub fn kill_replica(&mut self, i: usize) {
        drop(self.web[i].take());
    }

    /// nginx's error log so far (for a failing test's message).
    pub fn balancer_log(&self) -> String {
        std::fs::read_to_string(self.nginx.dir.path().join("error.log")).unwrap_or_default()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("nginx's error log:\n{}", self.balancer_log());
        }
        for worker in &mut self.workers {
            let _ = worker.kill();
            let _ = worker.wait();
        }
    }
}

/// Polls `url` until it answers 200.
fn wait_for(url: &str, within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        let out = Command::new("curl").args(["-s", "-o", "/dev/null", "-w", "%{http_code}", url]).output();
        if out.is_ok_and(|o| o.stdout == b"200") {
            return;
        }
        assert!(Instant::now() < deadline, "{url} did not answer 200 within {within:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// nginx from the system, in the foreground, with the deploy configuration.
struct Nginx {
    child: Child,
    dir: tempfile::TempDir,
}

impl Nginx {
    fn start(port: u16, upstreams: &[String]) -> Nginx {
        let dir = tempfile::tempdir().expect("temp dir");
        let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/nginx.conf");
        let shipped = std::fs::read_to_string(&shipped).expect("deploy/nginx.conf");
        let config = local_config(&shipped, port, upstreams, dir.path());
        std::fs::write(dir.path().join("nginx.conf"), config).expect("nginx.conf");
        // Its workers are its children: in a group of their own, they are stopped with it.
        let child = crate::process::own_group(&mut Command::new(nginx()))
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(dir.path().join("nginx.conf"))
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx starts (apt-get install nginx)");
        Nginx { child, dir }
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM is nginx's fast shutdown: the master stops its workers before it exits.
        crate::process::stop_group(&mut self.child, Duration::from_secs(5));
    }
}

fn nginx() -> &'static str {
    if Path::new("/usr/sbin/nginx").exists() { "/usr/sbin/nginx" } else { "nginx" }
}

/// The shipped configuration with its compose host names replaced by loopback ports, and its
/// files (pid, logs, buffers) kept in `dir`.
fn local_config(shipped: &str, port: u16, upstreams: &[String], dir: &Path) -> String {
    let dir = dir.display();
    let mut out = format!(
        "pid {dir}/nginx.pid;\nerror_log {dir}/error.log warn;\n\
         # The test runs as whoever runs it; worker processes keep that user.\nuser {};\n",
        whoami()
    );
    for line in shipped.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        if let Some(rest) = trimmed.strip_prefix("server web") {
            // `server web1:8080 max_fails=…;`: the first upstream line stands for all of them.
            if rest.starts_with('1') {
                let options = rest.split_once(' ').map_or(";", |(_, o)| o);
                for upstream in upstreams {
                    out.push_str(&format!("{indent}server {upstream} {options}\n"));
                }
            }
        } else if trimmed.starts_with("listen ") {
            out.push_str(&format!("{indent}listen 127.0.0.1:{port};\n"));
        } else if trimmed.starts_with("http {") {
            out.push_str(line);
            out.push('\n');
            for temp in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"] {
                out.push_str(&format!("{indent}    {temp}_temp_path {dir}/{temp};\n"));
            }
            out.push_str(&format!("{indent}    access_log off;\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn whoami() -> String {
    let out = Command::new("id").arg("-un").output().expect("id runs");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}
