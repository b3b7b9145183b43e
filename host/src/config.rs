//! Settings: built-in defaults, then an optional TOML file, then the environment and flags
//! (the command line in `cli` reads both, flags winning). `serve` needs none of them.

use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
};

use serde::Deserialize;

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// One JSON object per line (the default: made for log collectors).
    #[default]
    Json,
    /// Human-readable lines.
    Text,
}

/// Every setting of the service. The file uses these names (`snake_case`).
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Address to serve HTTP on.
    pub listen: SocketAddr,
    /// Folder for the SQLite database and local blobs.
    pub data_dir: PathBuf,
    /// `sqlite:…` or `postgres://…`; defaults to `asset.db` in the data folder.
    pub database_url: Option<String>,
    /// When set, rate-limit counters live in this Redis instead of the database.
    pub redis_url: Option<String>,
    /// Namespace of this deployment's keys in Redis.
    pub redis_prefix: String,
    /// Database pool size per process.
    pub max_connections: u32,
    /// Largest accepted request body.
    pub max_body_bytes: usize,
    /// Take the client address for per-address limits from the last `X-Forwarded-For` hop.
    /// Only enable behind a proxy that sets it.
    pub trust_forwarded_for: bool,
    /// How long a SIGTERM waits for requests in flight before exiting anyway.
    pub shutdown_grace_secs: u64,
    pub log_format: LogFormat,
    /// The public address of the service, for links in responses and pages (e.g.
    /// `https://assets.example.com`); when unset, the request's own `Host`.
    pub public_url: Option<String>,
    /// OpenAI-compatible API root for text completion (e.g. `http://127.0.0.1:11434/v1`).
    pub model_url: Option<String>,
    /// Model name sent to it.
    pub model_name: String,
    /// Bearer token for it, if it needs one.
    pub model_api_key: Option<String>,
    /// Private networks (CIDR) the fetcher may reach anyway, e.g. an intranet. Empty: none.
    pub fetch_allowed_networks: Vec<String>,
    /// A PEM file of certificate authorities the fetcher trusts besides the public ones.
    pub fetch_root_ca: Option<PathBuf>,
    /// OpenAI-compatible API root for text to speech (`…/audio/speech`); without one, espeak-ng.
    pub speech_url: Option<String>,
    pub speech_model: String,
    pub speech_voice: String,
    pub speech_api_key: Option<String>,
    /// OpenAI-compatible API root for speech to text (`…/audio/transcriptions`, verbose_json
    /// with word timestamps); without one, recordings get beats from pauses and no captions.
    pub transcribe_url: Option<String>,
    pub transcribe_model: String,
    pub transcribe_api_key: Option<String>,
    /// Jobs (audioscript, MP4) this process runs at once; 0 runs none (a web-only replica).
    pub workers: usize,
    /// Audioscript and MP4 jobs waiting or running at which new ones answer 429 renderer_busy.
    pub render_queue_limit: i64,
    /// Seconds a job's claim lasts without a heartbeat: how soon a dead worker's job moves on.
    pub job_lease_secs: u64,
    /// How long a rendered MP4 stays hosted before its file is deleted (about 24 hours).
    pub mp4_hosted_secs: u64,
    /// How long a paid call's work may hold its payment: if its process dies mid-work, the
    /// payment is released (refunded) once this passes.
    pub payment_hold_secs: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("data"),
            database_url: None,
            redis_url: None,
            redis_prefix: "asset".into(),
            max_connections: 16,
            max_body_bytes: 64 * 1024,
            trust_forwarded_for: false,
            shutdown_grace_secs: 30,
            log_format: LogFormat::Json,
            public_url: None,
            model_url: None,
            model_name: "gpt-4o-mini".into(),
            model_api_key: None,
            fetch_allowed_networks: Vec::new(),
            fetch_root_ca: None,
            speech_url: None,
            speech_model: "tts-1".into(),
            speech_voice: "alloy".into(),
            speech_api_key: None,
            transcribe_url: None,
            transcribe_model: "whisper-1".into(),
            transcribe_api_key: None,
            workers: 1,
            render_queue_limit: 16,
            job_lease_secs: 15,
            mp4_hosted_secs: 24 * 3600,
            payment_hold_secs: 120,
        }
    }
}

/// Written by hand so connection URLs (which may carry passwords) never reach a log.
impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let redacted = |url: &Option<String>| url.as_ref().map(|_| "<set>");
        f.debug_struct("Settings")
            .field("listen", &self.listen)
            .field("data_dir", &self.data_dir)
            .field("database_url", &redacted(&self.database_url))
            .field("redis_url", &redacted(&self.redis_url))
            .field("redis_prefix", &self.redis_prefix)
            .field("max_connections", &self.max_connections)
            .field("max_body_bytes", &self.max_body_bytes)
            .field("trust_forwarded_for", &self.trust_forwarded_for)
            .field("shutdown_grace_secs", &self.shutdown_grace_secs)
            .field("log_format", &self.log_format)
            .field("public_url", &self.public_url)
            .field("model_url", &self.model_url)
            .field("model_name", &self.model_name)
            .field("model_api_key", &redacted(&self.model_api_key))
            .field("fetch_allowed_networks", &self.fetch_allowed_networks)
            .field("fetch_root_ca", &self.fetch_root_ca)
            .field("speech_url", &self.speech_url)
            .field("speech_model", &self.speech_model)
            .field("speech_voice", &self.speech_voice)
            .field("speech_api_key", &redacted(&self.speech_api_key))
            .field("transcribe_url", &self.transcribe_url)
            .field("transcribe_model", &self.transcribe_model)
            .field("transcribe_api_key", &redacted(&self.transcribe_api_key))
            .field("workers", &self.workers)
            .field("render_queue_limit", &self.render_queue_limit)
            .field("job_lease_secs", &self.job_lease_secs)
            .field("mp4_hosted_secs", &self.mp4_hosted_secs)
            .field("payment_hold_secs", &self.payment_hold_secs)
            .finish()
    }
}

impl Settings {
    /// Defaults overlaid with the TOML file at `path`, if one is given.
    pub fn load(path: Option<&Path>) -> Result<Settings, String> {
        let Some(path) = path else { return Ok(Settings::default()) };
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        toml::from_str(&text).map_err(|e| format!("invalid settings in {}: {e}", path.display()))
    }

    /// The services plugins may call: the model (when configured) and the guarded fetcher.
    pub fn host_services(&self) -> Result<crate::plugins::HostServices, String> {
        let model = match &self.model_url {
            Some(url) => Some(crate::model::ModelClient::new(url, &self.model_name, self.model_api_key.clone())?),
            None => None,
        };
        Ok(crate::plugins::HostServices { model, guard: self.fetch_guard()? })
    }

    /// The speech endpoint, when one is configured.
    pub fn speech_endpoint(&self) -> Result<Option<crate::media::speech::Endpoint>, String> {
        self.speech_url
            .as_deref()
            .map(|url| {
                crate::media::speech::Endpoint::new(
                    url,
                    &self.speech_model,
                    &self.speech_voice,
                    self.speech_api_key.clone(),
                )
            })
            .transpose()
    }

    /// The guarded fetcher every user-given URL goes through, with the operator's exceptions.
    pub fn fetch_guard(&self) -> Result<crate::net::Guard, String> {
        let allowed = self.fetch_allowed_networks.iter().map(|n| n.parse()).collect::<Result<Vec<_>, _>>()?;
        let guard = crate::net::Guard::new(allowed);
        match &self.fetch_root_ca {
            Some(path) => {
                guard.trusting(&std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?)
            }
            None => Ok(guard),
        }
    }

    /// The database to use: the configured URL or the SQLite file in the data folder.
    pub fn database_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| crate::store::Db::sqlite_url(&self.data_dir))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_overrides_defaults_and_rejects_unknown_keys() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("asset.toml");
        std::fs::write(&file, "listen = \"0.0.0.0:9000\"\nmax_body_bytes = 1024\n").unwrap();
        let settings = Settings::load(Some(&file)).unwrap();
        assert_eq!(settings.listen.port(), 9000);
        assert_eq!(settings.max_body_bytes, 1024);
        assert_eq!(settings.shutdown_grace_secs, 30);
        std::fs::write(&file, "listne = \"0.0.0.0:9000\"\n").unwrap();
        assert!(Settings::load(Some(&file)).unwrap_err().contains("listne"));
    }
}
