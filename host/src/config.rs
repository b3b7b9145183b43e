//! Settings: built-in defaults, then an optional TOML file, then the environment and flags
//! (the command line in `cli` reads both, flags winning). `serve` needs none of them.
//!
//! Plain data: each client builds itself from these (`Guard::from_settings`,
//! `Sandbox::from_settings`, …), and `compose` puts the running service together.

use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
};

use serde::Deserialize;

/// Defaults that the parts they size also name.
pub mod defaults {
    /// Plugin calls at once in one process.
    pub const PLUGIN_SLOTS: u32 = 64;
    /// Generator slots per brand: a brand is served from `meme`, `brand-voice`, `content` and
    /// `slideshow`.
    pub const BRAND_PLUGIN_SLOTS: u32 = 4;
    /// Versions kept per brand slot: the active one, the one rollback returns to, one more.
    pub const BRAND_PLUGIN_VERSIONS: u32 = 3;
}

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

/// Declares every setting once: its doc, type, default, command-line flag (and the flag's
/// type) and environment variable. From that come the `Settings` struct (also the TOML file's
/// schema), its defaults, a `Debug` that never shows secrets, and the `Flags` that `cli` parses.
macro_rules! settings {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident: $ty:ty = $default:expr,
            flag $long:literal: $flag:ty, env $env:literal $(, [$($arg:tt)*])? $(, $secret:ident)?;
    )*) => {
        /// Every setting of the service. The file uses these names (`snake_case`).
        #[derive(Clone, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct Settings {
            $($(#[doc = $doc])* pub $name: $ty,)*
        }

        impl Default for Settings {
            fn default() -> Self {
                Settings { $($name: $default,)* }
            }
        }

        /// Written so that secrets (connection URLs may carry passwords) never reach a log.
        impl std::fmt::Debug for Settings {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct("Settings")
                    $(.field(stringify!($name), shown!(self.$name $(, $secret)?)))*
                    .finish()
            }
        }

        /// A flag and an environment variable per setting; those given override the file.
        #[derive(clap::Args, Debug, Default)]
        pub struct Flags {
            $(
                $(#[doc = $doc])*
                #[arg(long = $long, global = true, env = $env, hide_env_values = true $(, $($arg)*)?)]
                pub $name: $flag,
            )*
        }

        impl Settings {
            /// The values of the settings marked secret that are set, for the log's redaction.
            pub fn secrets(&self) -> Vec<&str> {
                [$(secret!(self.$name $(, $secret)?)),*].into_iter().flatten().collect()
            }

            /// Applies the flags and environment variables that were given.
            pub fn overlay(&mut self, flags: Flags) {
                $(Overlay::overlay(&mut self.$name, flags.$name);)*
            }
        }
    };
}

/// A setting's value for `Debug`: secrets only say whether they are set.
macro_rules! shown {
    ($value:expr, secret) => {
        &$value.as_ref().map(|_| "<set>")
    };
    ($value:expr) => {
        &$value
    };
}

/// A setting's value if it is a secret that is set.
macro_rules! secret {
    ($value:expr, secret) => {
        $value.as_deref()
    };
    ($value:expr) => {
        None::<&str>
    };
}

/// How a given flag replaces a setting.
trait Overlay<F> {
    fn overlay(&mut self, flag: F);
}

impl<T> Overlay<Option<T>> for T {
    fn overlay(&mut self, flag: Option<T>) {
        if let Some(value) = flag {
            *self = value;
        }
    }
}

impl<T> Overlay<Option<T>> for Option<T> {
    fn overlay(&mut self, flag: Option<T>) {
        if flag.is_some() {
            *self = flag;
        }
    }
}

impl Overlay<Vec<String>> for Vec<String> {
    fn overlay(&mut self, flag: Vec<String>) {
        if !flag.is_empty() {
            *self = flag;
        }
    }
}

settings! {
    /// Address to serve HTTP on (port 0 picks a free one).
    listen: SocketAddr = SocketAddr::from(([127, 0, 0, 1], 8080)),
        flag "listen": Option<SocketAddr>, env "ASSET_LISTEN";
    /// Folder for the SQLite database and local blobs; by default the user's data folder, so
    /// the server and the CLI find the same one wherever they are started.
    data_dir: PathBuf = default_data_dir(),
        flag "data-dir": Option<PathBuf>, env "ASSET_DATA_DIR";
    /// `sqlite:…` or `postgres://…`; defaults to `asset.db` in the data folder.
    database_url: Option<String> = None,
        flag "database-url": Option<String>, env "DATABASE_URL", secret;
    /// When set, rate-limit counters live in this Redis instead of the database.
    redis_url: Option<String> = None,
        flag "redis-url": Option<String>, env "ASSET_REDIS_URL", secret;
    /// Namespace of this deployment's keys in Redis.
    redis_prefix: String = "asset".into(),
        flag "redis-prefix": Option<String>, env "ASSET_REDIS_PREFIX";
    /// Database pool size per process.
    max_connections: u32 = 16,
        flag "max-connections": Option<u32>, env "ASSET_MAX_CONNECTIONS";
    /// Largest accepted request body, in bytes.
    max_body_bytes: usize = 64 * 1024,
        flag "max-body-bytes": Option<usize>, env "ASSET_MAX_BODY_BYTES";
    /// The proxies (comma-separated CIDRs) whose `X-Forwarded-For` is believed: a request from
    /// one of them is limited by the address the header names (the last hop that is not itself
    /// a trusted proxy); from anywhere else the header is ignored. Empty: the socket peer.
    trusted_proxies: Vec<String> = Vec::new(),
        flag "trusted-proxies": Vec<String>, env "ASSET_TRUSTED_PROXIES", [value_delimiter = ','];
    /// How long a SIGTERM waits for requests in flight before exiting anyway, in seconds.
    shutdown_grace_secs: u64 = 30,
        flag "shutdown-grace-secs": Option<u64>, env "ASSET_SHUTDOWN_GRACE_SECS";
    /// Log line format.
    log_format: LogFormat = LogFormat::Json,
        flag "log-format": Option<LogFormat>, env "ASSET_LOG_FORMAT";
    /// The public address of the service, for links in responses and pages (e.g.
    /// `https://assets.example.com`); when unset, the request's own `Host`.
    public_url: Option<String> = None,
        flag "public-url": Option<String>, env "ASSET_PUBLIC_URL";
    /// Without `public_url`: the `Host` names (with port, if not 80) whose requests get links to
    /// themselves; any other `Host` gets links to the listen address, so a forged header cannot
    /// put its host into pages and shared previews.
    public_hosts: Vec<String> = Vec::new(),
        flag "public-hosts": Vec<String>, env "ASSET_PUBLIC_HOSTS", [value_delimiter = ','];
    /// OpenAI-compatible API root for plugins' text completion (e.g. `http://127.0.0.1:11434/v1`).
    model_url: Option<String> = None,
        flag "model-url": Option<String>, env "ASSET_MODEL_URL", secret;
    /// Model name sent to it.
    model_name: String = "gpt-4o-mini".into(),
        flag "model": Option<String>, env "ASSET_MODEL";
    /// Bearer token for it, if it needs one.
    model_api_key: Option<String> = None,
        flag "model-api-key": Option<String>, env "ASSET_MODEL_API_KEY", secret;
    /// Seconds to wait for the model before a generator falls back to its own text.
    model_timeout_secs: u64 = 30,
        flag "model-timeout-secs": Option<u64>, env "ASSET_MODEL_TIMEOUT_SECS";
    /// Private networks (comma-separated CIDRs) the fetcher may reach anyway, e.g. an intranet.
    /// Empty: none.
    fetch_allowed_networks: Vec<String> = Vec::new(),
        flag "fetch-allow": Vec<String>, env "ASSET_FETCH_ALLOW", [value_delimiter = ','];
    /// An HTTP proxy every guarded fetch goes through (`http://host:port`); each URL is still
    /// checked before the proxy is asked for it. Proxy variables in the environment are
    /// ignored: only this names one.
    fetch_proxy: Option<String> = None,
        flag "fetch-proxy": Option<String>, env "ASSET_FETCH_PROXY", secret;
    /// A PEM file of certificate authorities the fetcher trusts besides the public ones.
    fetch_root_ca: Option<PathBuf> = None,
        flag "fetch-root-ca": Option<PathBuf>, env "ASSET_FETCH_ROOT_CA";
    /// The folder of the embedded neural voice (its ONNX model, the model's `.json` and ONNX
    /// Runtime's library, as the README's commands fetch them) and of the Japanese dictionary
    /// (`ipadic/`). Unset: the setup's folder in the
    /// user's cache, when it is there; `off`: none (espeak-ng speaks every language).
    voice_dir: Option<PathBuf> = None,
        flag "voice-dir": Option<PathBuf>, env "ASSET_VOICE_DIR";
    /// The folder of the pictures' illustrations (CLDR's emoji annotations and Fluent Emoji
    /// Flat, as the README's commands fetch them). Unset: the setup's folder in the user's
    /// cache, when it is there; `off`: none (pictures show their reaction alone).
    illustration_dir: Option<PathBuf> = None,
        flag "illustration-dir": Option<PathBuf>, env "ASSET_ILLUSTRATION_DIR";
    /// Whether English is spoken by the neural voice (about 0.05–0.1 s of CPU per second of
    /// speech) rather than by espeak-ng (hundreds of times faster, and robotic).
    neural_voice: bool = true,
        flag "neural-voice": Option<bool>, env "ASSET_NEURAL_VOICE";
    /// OpenAI-compatible API root for text to speech (`…/audio/speech`); without one, the
    /// embedded voices.
    speech_url: Option<String> = None,
        flag "speech-url": Option<String>, env "ASSET_SPEECH_URL", secret;
    /// Seconds to wait for the speech endpoint to voice one beat before the work fails
    /// (refunded; a job retries).
    speech_timeout_secs: u64 = 60,
        flag "speech-timeout-secs": Option<u64>, env "ASSET_SPEECH_TIMEOUT_SECS";
    /// Speech model name.
    speech_model: String = "tts-1".into(),
        flag "speech-model": Option<String>, env "ASSET_SPEECH_MODEL";
    /// Speech voice name.
    speech_voice: String = "alloy".into(),
        flag "speech-voice": Option<String>, env "ASSET_SPEECH_VOICE";
    /// Bearer token for the speech endpoint.
    speech_api_key: Option<String> = None,
        flag "speech-api-key": Option<String>, env "ASSET_SPEECH_API_KEY", secret;
    /// OpenAI-compatible API root for speech to text (`…/audio/transcriptions`, verbose_json
    /// with word timestamps); without one, recordings get beats from pauses and no captions.
    transcribe_url: Option<String> = None,
        flag "transcribe-url": Option<String>, env "ASSET_TRANSCRIBE_URL", secret;
    /// Transcription model name.
    transcribe_model: String = "whisper-1".into(),
        flag "transcribe-model": Option<String>, env "ASSET_TRANSCRIBE_MODEL";
    /// Bearer token for the transcription endpoint.
    transcribe_api_key: Option<String> = None,
        flag "transcribe-api-key": Option<String>, env "ASSET_TRANSCRIBE_API_KEY", secret;
    /// Jobs (audioscript, MP4) this process runs at once; 0 runs none (a web-only replica).
    workers: usize = 1,
        flag "workers": Option<usize>, env "ASSET_WORKERS";
    /// Calls per minute per rate group, overriding the defaults: `check=100,create=30` (groups
    /// `pricing`, `create`, `status`, `check`, `account`, `upload`, `public`).
    rate_limits: Vec<String> = Vec::new(),
        flag "rate-limits": Vec<String>, env "ASSET_RATE_LIMITS", [value_delimiter = ','];
    /// Audioscript and MP4 jobs waiting or running at which new ones answer 429 renderer_busy.
    render_queue_limit: i64 = 16,
        flag "render-queue-limit": Option<i64>, env "ASSET_RENDER_QUEUE_LIMIT";
    /// Plugin calls that may run at once in this process (at least 1); each reserves address
    /// space for its memories (virtual, not resident), so lower it under a tight `ulimit -v`.
    plugin_slots: u32 = defaults::PLUGIN_SLOTS,
        flag "plugin-slots": Option<u32>, env "ASSET_PLUGIN_SLOTS";
    /// Folder of compiled generators (native code keyed by the component's SHA-256 and the
    /// engine's settings); `plugin-cache` in the data folder by default. Servers of one
    /// deployment may share one, so only the first compiles; each start evicts what its own
    /// registry no longer serves. Only the service may write there: its files run as code.
    plugin_cache_dir: Option<PathBuf> = None,
        flag "plugin-cache-dir": Option<PathBuf>, env "ASSET_PLUGIN_CACHE_DIR";
    /// Generator slots one brand may hold (uploads for the brand into a new slot past this are
    /// refused 409 `plugin_slot_limit`): each active slot keeps a compiled component in every
    /// process's memory, so this bounds what one brand costs.
    brand_plugin_slots: u32 = defaults::BRAND_PLUGIN_SLOTS,
        flag "brand-plugin-slots": Option<u32>, env "ASSET_BRAND_PLUGIN_SLOTS";
    /// Versions kept per brand slot: an upload past this evicts the slot's oldest versions and
    /// their compiled artifacts. The active version, the one rollback returns to and the upload
    /// itself are never evicted, so a slot may keep up to 3 when this is lower.
    brand_plugin_versions: u32 = defaults::BRAND_PLUGIN_VERSIONS,
        flag "brand-plugin-versions": Option<u32>, env "ASSET_BRAND_PLUGIN_VERSIONS";
    /// Pictures, videos and audio decoded at once (each on its own thread); 0: one per core.
    render_threads: usize = 0,
        flag "render-threads": Option<usize>, env "ASSET_RENDER_THREADS";
    /// Time each picture may take to draw, in milliseconds: a backstop, far above the ~40 ms a
    /// card takes in a release build (ten times that in a debug one, more on a loaded
    /// machine); a call that draws several has the sum. Past it the call fails, uncharged or
    /// refunded.
    picture_budget_ms: u64 = 10_000,
        flag "picture-budget-ms": Option<u64>, env "ASSET_PICTURE_BUDGET_MS";
    /// Time an MP4 encode, an audio decode or a recording's transcription by the embedded
    /// recogniser may take, in milliseconds.
    media_budget_ms: u64 = 300_000,
        flag "media-budget-ms": Option<u64>, env "ASSET_MEDIA_BUDGET_MS";
    /// Seconds a job's claim lasts without a heartbeat: how soon a dead worker's job moves on.
    job_lease_secs: u64 = 15,
        flag "job-lease-secs": Option<u64>, env "ASSET_JOB_LEASE_SECS";
    /// How long a rendered MP4 stays hosted before its file is deleted, in seconds (24 hours).
    mp4_hosted_secs: u64 = 24 * 3600,
        flag "mp4-hosted-secs": Option<u64>, env "ASSET_MP4_HOSTED_SECS";
    /// Days an invite's claim link stays valid.
    invite_days: u32 = 7,
        flag "invite-days": Option<u32>, env "ASSET_INVITE_DAYS";
    /// `page.cta_clicked` events one pitch page may send in an hour: past it, clicks are still
    /// counted but send nothing, so no page can flood its sender's endpoint.
    page_cta_events_per_hour: u32 = 20,
        flag "page-cta-events-per-hour": Option<u32>, env "ASSET_PAGE_CTA_EVENTS_PER_HOUR";
    /// Days a finished webhook event (delivered, or expired after three days of failures) and
    /// its delivery log are kept: a replay can send it again within them.
    webhook_retention_days: u32 = 30,
        flag "webhook-retention-days": Option<u32>, env "ASSET_WEBHOOK_RETENTION_DAYS";
    /// For tests only: shifts the service's clock by this many milliseconds (0 in production),
    /// so day boundaries and expiries can be crossed without waiting.
    clock_offset_ms: i64 = 0,
        flag "clock-offset-ms": Option<i64>, env "ASSET_CLOCK_OFFSET_MS";
    /// How long a paid call's work may hold its payment, in seconds: if its process dies
    /// mid-work, the payment is released (refunded) once this passes.
    payment_hold_secs: u64 = 120,
        flag "payment-hold-secs": Option<u64>, env "ASSET_PAYMENT_HOLD_SECS";
    /// This process instance's stable name among replicas, carried by the payment holds of
    /// the calls it runs: started again under the same name, it releases at once the holds its
    /// earlier run left. Default: the host name and the listen port (no name for port 0).
    instance: Option<String> = None,
        flag "instance": Option<String>, env "ASSET_INSTANCE";
    /// The address USDC payments over x402 go to (0x…, 20 bytes); x402 is off without one.
    x402_pay_to: Option<String> = None,
        flag "x402-pay-to": Option<String>, env "ASSET_X402_PAY_TO";
    /// The network x402 payments are taken on: `base`, or `base-sepolia` for testing. The USDC
    /// contract and its EIP-712 domain follow from it.
    x402_network: String = "base".into(),
        flag "x402-network": Option<String>, env "ASSET_X402_NETWORK";
    /// The x402 facilitator that verifies and settles payments.
    x402_facilitator_url: String = "https://x402.org/facilitator".into(),
        flag "x402-facilitator-url": Option<String>, env "ASSET_X402_FACILITATOR_URL";
    /// Bearer key for the facilitator, if it wants one.
    x402_facilitator_key: Option<String> = None,
        flag "x402-facilitator-key": Option<String>, env "ASSET_X402_FACILITATOR_KEY", secret;
    /// Seconds to wait for the facilitator before answering 503 (nothing charged).
    x402_timeout_secs: u64 = 30,
        flag "x402-timeout-secs": Option<u64>, env "ASSET_X402_TIMEOUT_SECS";
    /// The Stripe API root card payments for credit packs go through.
    stripe_api_url: String = "https://api.stripe.com".into(),
        flag "stripe-api-url": Option<String>, env "ASSET_STRIPE_API_URL";
    /// Stripe secret key (`sk_…`); packs cannot be bought by card without one.
    stripe_secret_key: Option<String> = None,
        flag "stripe-secret-key": Option<String>, env "ASSET_STRIPE_SECRET_KEY", secret;
    /// The signing secret (`whsec_…`) of the Stripe webhook endpoint
    /// `/api/billing/stripe/webhook`; events are refused without one.
    stripe_webhook_secret: Option<String> = None,
        flag "stripe-webhook-secret": Option<String>, env "ASSET_STRIPE_WEBHOOK_SECRET", secret;
    /// The service's Telegram bot token (from BotFather); the bot (`/apikey`, `/login`, …) is
    /// off without it and the webhook secret.
    telegram_bot_token: Option<String> = None,
        flag "telegram-bot-token": Option<String>, env "ASSET_TELEGRAM_BOT_TOKEN", secret;
    /// The secret Telegram sends with every update (`X-Telegram-Bot-Api-Secret-Token`): 1–256
    /// of A-Z, a-z, 0-9, `_` and `-`.
    telegram_webhook_secret: Option<String> = None,
        flag "telegram-webhook-secret": Option<String>, env "ASSET_TELEGRAM_WEBHOOK_SECRET", secret;
    /// The Bot API's root.
    telegram_api_url: String = "https://api.telegram.org".into(),
        flag "telegram-api-url": Option<String>, env "ASSET_TELEGRAM_API_URL";
    /// 32 bytes as 64 hex digits: the key that seals secrets at rest (brands' bot tokens).
    /// Brand bots cannot be connected without it; every replica needs the same one.
    secrets_key: Option<String> = None,
        flag "secrets-key": Option<String>, env "ASSET_SECRETS_KEY", secret;
    /// Where blobs live: `s3://bucket/prefix` for an S3-compatible store; none: the `blobs`
    /// folder in the data folder.
    blob_url: Option<String> = None,
        flag "blob-url": Option<String>, env "ASSET_BLOB_URL";
    /// The S3-compatible store's endpoint (e.g. `http://127.0.0.1:8333`); none: AWS.
    s3_endpoint: Option<String> = None,
        flag "s3-endpoint": Option<String>, env "ASSET_S3_ENDPOINT";
    /// The S3 region.
    s3_region: Option<String> = None,
        flag "s3-region": Option<String>, env "ASSET_S3_REGION";
    /// The S3 access key id.
    s3_access_key_id: Option<String> = None,
        flag "s3-access-key-id": Option<String>, env "ASSET_S3_ACCESS_KEY_ID";
    /// The S3 secret access key.
    s3_secret_access_key: Option<String> = None,
        flag "s3-secret-access-key": Option<String>, env "ASSET_S3_SECRET_ACCESS_KEY", secret;
    /// Virtual-hosted-style S3 addressing (`bucket.host`); path style otherwise, as
    /// self-hosted stores expect.
    s3_virtual_hosted: bool = false,
        flag "s3-virtual-hosted": Option<bool>, env "ASSET_S3_VIRTUAL_HOSTED";
    /// The treasury (base58 address) SOL payments for assets go to; the asset routes answer
    /// 503 `sol_not_configured` without one.
    sol_treasury: Option<String> = None,
        flag "sol-treasury": Option<String>, env "ASSET_SOL_TREASURY";
    /// Solana JSON-RPC endpoint the treasury's deposits are read from (none: mainnet-beta's
    /// public endpoint). Kept out of logs: providers put API keys in it.
    sol_rpc_url: Option<String> = None,
        flag "sol-rpc-url": Option<String>, env "ASSET_SOL_RPC_URL", secret;
    /// The network name reported with quotes.
    sol_network: String = "mainnet-beta".into(),
        flag "sol-network": Option<String>, env "ASSET_SOL_NETWORK";
    /// A CoinGecko-style `simple/price` source of the SOL/USD rate.
    sol_usd_url: String = "https://api.coingecko.com/api/v3/simple/price".into(),
        flag "sol-usd-url": Option<String>, env "ASSET_SOL_USD_URL";
    /// The second SOL/USD source (Jupiter's price API), asked when the first fails.
    sol_usd_second_url: String = "https://lite-api.jup.ag/price/v3".into(),
        flag "sol-usd-second-url": Option<String>, env "ASSET_SOL_USD_SECOND_URL";
    /// Open SOL quotes (asset jobs awaiting payment whose quote has not lapsed) one key may have;
    /// one more is refused with 429 `too_many_open_quotes`. Each holds one of 99 999 amounts.
    sol_open_quotes_per_key: u32 = 20,
        flag "sol-open-quotes-per-key": Option<u32>, env "ASSET_SOL_OPEN_QUOTES_PER_KEY";
    /// How long one check spends bringing the treasury's deposit index up to date (reading
    /// the signatures that landed since the last); a check that runs out answers 503 and the
    /// next goes on from what this one stored.
    sol_index_budget_ms: u64 = 20_000,
        flag "sol-index-budget-ms": Option<u64>, env "ASSET_SOL_INDEX_BUDGET_MS";
    /// A fixed SOL/USD rate (e.g. `150`) quoted when no source answers; marked in the body.
    sol_usd_fallback: Option<String> = None,
        flag "sol-usd-fallback": Option<String>, env "ASSET_SOL_USD_FALLBACK";
}

impl Settings {
    /// Defaults overlaid with the TOML file at `path`, if one is given.
    pub fn load(path: Option<&Path>) -> Result<Settings, String> {
        let Some(path) = path else { return Ok(Settings::default()) };
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        toml::from_str(&text).map_err(|e| format!("invalid settings in {}: {e}", path.display()))
    }

    /// The defaults, then the file, then the flags and environment; durations that must not be
    /// zero are at least a second.
    pub fn from_sources(file: Option<&Path>, flags: Flags) -> Result<Settings, String> {
        let mut settings = Settings::load(file)?;
        settings.overlay(flags);
        settings.payment_hold_secs = settings.payment_hold_secs.max(1);
        settings.job_lease_secs = settings.job_lease_secs.max(1);
        settings.picture_budget_ms = settings.picture_budget_ms.max(1);
        settings.media_budget_ms = settings.media_budget_ms.max(1);
        Ok(settings)
    }

    /// How long drawing one picture may take.
    pub fn picture_budget(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.picture_budget_ms)
    }

    /// How long an MP4 encode or an audio decode may take.
    pub fn media_budget(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.media_budget_ms)
    }

    /// `voice_dir`, or the setup's folder when it exists; none when set to `off` or empty.
    pub fn voice_folder(&self) -> Option<PathBuf> {
        setup_folder(self.voice_dir.as_deref(), "voices")
    }

    /// `illustration_dir`, or the setup's folder when it exists; none when set to `off` or empty.
    pub fn illustration_folder(&self) -> Option<PathBuf> {
        setup_folder(self.illustration_dir.as_deref(), "illustrations")
    }

    /// Where this process keeps its state, for people: the data folder and the database
    /// (a SQLite file, or a server's host and database name; never its credentials).
    pub fn store_description(&self) -> String {
        let folder = std::path::absolute(&self.data_dir).unwrap_or_else(|_| self.data_dir.clone());
        let database = match &self.database_url {
            None => format!("SQLite {}", folder.join("asset.db").display()),
            Some(url) => match url::Url::parse(url) {
                Ok(url) if url.scheme() == "sqlite" => format!("SQLite {}", url.path()),
                Ok(url) => format!(
                    "PostgreSQL {}:{}{}",
                    url.host_str().unwrap_or("localhost"),
                    url.port().unwrap_or(5432),
                    url.path()
                ),
                Err(_) => "a database URL that does not parse".into(),
            },
        };
        format!("data folder {}, database {database}", folder.display())
    }
}

/// The folder a setting names (none when it says `off` or nothing), else the setup's folder
/// `name` in the user's cache when it exists.
fn setup_folder(setting: Option<&Path>, name: &str) -> Option<PathBuf> {
    match setting {
        Some(dir) if dir.as_os_str().is_empty() || dir.as_os_str() == "off" => None,
        Some(dir) => Some(dir.to_path_buf()),
        None => {
            let cache = std::env::var_os("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cache")))?;
            Some(cache.join("asset-service").join(name)).filter(|dir| dir.is_dir())
        }
    }
}

/// `$XDG_DATA_HOME/asset-service`, else `~/.local/share/asset-service`; `./data` only for a
/// process with no home.
fn default_data_dir() -> PathBuf {
    let home = |var: &str| std::env::var_os(var).filter(|v| !v.is_empty()).map(PathBuf::from);
    home("XDG_DATA_HOME")
        .or_else(|| home("HOME").map(|h| h.join(".local/share")))
        .map_or_else(|| PathBuf::from("data"), |base| base.join("asset-service"))
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

    #[test]
    fn flags_override_the_file_and_secrets_never_show() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("asset.toml");
        std::fs::write(&file, "redis_prefix = \"from-file\"\nworkers = 3\njob_lease_secs = 0\n").unwrap();
        let flags = Flags {
            workers: Some(5),
            database_url: Some("postgres://user:hunter2@db/asset".into()),
            fetch_allowed_networks: vec!["10.0.0.0/8".into()],
            ..Flags::default()
        };
        let settings = Settings::from_sources(Some(&file), flags).unwrap();
        assert_eq!((settings.workers, settings.redis_prefix.as_str()), (5, "from-file"), "a flag wins, the file stays");
        assert_eq!(settings.fetch_allowed_networks, ["10.0.0.0/8"]);
        assert_eq!(settings.job_lease_secs, 1, "a lease is at least a second");
        let shown = format!("{settings:?}");
        assert!(!shown.contains("hunter2") && shown.contains("database_url: Some(\"<set>\")"), "{shown}");
        assert!(shown.contains("redis_prefix: \"from-file\""), "{shown}");
    }
}
