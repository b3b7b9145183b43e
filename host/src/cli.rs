//! The command line: `serve`, `migrate` and `keys` (create, list, grant).
//!
//! Every command reads the same settings: defaults, the `--config` file, then environment
//! variables and flags. `keys create` prints the new key alone on stdout, once.

use std::sync::{Arc, OnceLock};
use std::{path::PathBuf, process::ExitCode, time::Duration};

use clap::{Parser, Subcommand};
use tokio::sync::watch;
use tracing_subscriber::EnvFilter;

use crate::redact::Redacting;

use crate::auth::{self, Role};
use crate::billing::credits;
use crate::brands;
use crate::config::{Flags, LogFormat, Settings};
use crate::counted::counted;
use crate::ctx::Services;
use crate::plugins::registry::SlotView;
use crate::plugins::{Actor, Registry, RegistryError};
use crate::store::Db;

#[derive(Parser, Debug)]
#[command(name = "asset-host", version, about = "The agent asset service")]
struct Cli {
    /// TOML settings file.
    #[arg(long, global = true, env = "ASSET_CONFIG")]
    config: Option<PathBuf>,
    #[command(flatten)]
    settings: Flags,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the HTTP API (applies pending migrations first).
    Serve,
    /// Run job workers only (no HTTP), for scale-out; stops on SIGTERM, handing jobs back.
    Worker,
    /// Apply pending migrations and exit.
    Migrate,
    /// Manage API keys.
    #[command(subcommand)]
    Keys(KeysCommand),
    /// Manage brands.
    #[command(subcommand)]
    Brands(BrandsCommand),
    /// Manage generator plugins (as an operator; running servers pick changes up within seconds).
    #[command(subcommand)]
    Plugins(PluginsCommand),
    /// The service's Telegram bot.
    #[command(subcommand)]
    Bot(BotCommand),
    /// The dashboard for people.
    #[command(subcommand)]
    Dashboard(DashboardCommand),
    /// The embedded voice's child process (the service starts it; not for people).
    #[command(hide = true)]
    Speak,
}

#[derive(Subcommand, Debug)]
enum BotCommand {
    /// Points Telegram at `{public url}/api/bot/telegram` with the webhook secret (needs
    /// `--public-url`, the bot token and the webhook secret).
    SetWebhook,
}

#[derive(Subcommand, Debug)]
enum DashboardCommand {
    /// Prints a one-time sign-in link (valid 10 minutes) for an account: its number, or a key's
    /// prefix (`ak_…`; the key gets an account of its own if it has none).
    Link { account: String },
}

#[derive(Subcommand, Debug)]
enum BrandsCommand {
    /// Register a brand.
    Create {
        key: String,
        #[arg(long)]
        name: String,
        /// `#TAG`
        #[arg(long)]
        hashtag: String,
        /// `$TICKER`
        #[arg(long)]
        token: String,
        #[arg(long, default_value = "")]
        voice: String,
        /// The brand's messaging bot username.
        #[arg(long)]
        bot: Option<String>,
    },
    /// List brands.
    List,
    /// Switch a brand's meme mode.
    MemeMode {
        key: String,
        #[arg(value_parser = ["on", "off"])]
        mode: String,
    },
}

#[derive(Subcommand, Debug)]
enum PluginsCommand {
    /// List slots, their active versions and stored versions.
    List,
    /// Validate and store a component (.wasm) for a slot.
    Upload {
        slot: String,
        file: PathBuf,
        /// A brand's slot instead of the global one.
        #[arg(long)]
        brand: Option<String>,
        /// Activate it at once.
        #[arg(long)]
        activate: bool,
    },
    /// Make a stored version the active one.
    Activate {
        slot: String,
        version_id: i64,
        #[arg(long)]
        brand: Option<String>,
    },
    /// Activate the slot's previous version.
    Rollback {
        slot: String,
        #[arg(long)]
        brand: Option<String>,
    },
    /// Stop serving a slot.
    Disable {
        slot: String,
        #[arg(long)]
        brand: Option<String>,
    },
    /// Let a slot's generators use a capability their manifest asks for (`completion`,
    /// `fetch-summary`). Nothing but the built-ins gets one without a grant.
    Grant {
        slot: String,
        capability: String,
        #[arg(long)]
        brand: Option<String>,
    },
    /// Take a granted capability back.
    Revoke {
        slot: String,
        capability: String,
        #[arg(long)]
        brand: Option<String>,
    },
    /// Show the audit trail, newest first.
    Audit {
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
}

#[derive(Subcommand, Debug)]
enum KeysCommand {
    /// Create a key and print it once.
    Create {
        /// Opening credits.
        #[arg(long, default_value_t = 0)]
        credits: u32,
        #[arg(long, default_value = "agent", value_parser = ["agent", "operator", "brand-admin"])]
        role: String,
        #[arg(long, default_value = "")]
        label: String,
        /// The brand a brand-admin key manages (created if missing).
        #[arg(long)]
        brand: Option<String>,
    },
    /// List keys (prefix, role, credits, label; never the key).
    List,
    /// Add credits to the key with this prefix.
    Grant {
        /// The key's prefix as `keys list` shows it.
        key_prefix: String,
        credits: u32,
    },
    /// Revoke the key with this prefix: from now on it authenticates nothing, on every replica.
    Revoke {
        /// The key's prefix as `keys list` shows it.
        key_prefix: String,
    },
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if matches!(cli.command, Command::Speak) {
        // Reads text on stdin and answers on stdout: no settings, logs or database.
        return match crate::media::espeak::child_main() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("asset-host speak: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let settings = match Settings::from_sources(cli.config.as_deref(), cli.settings) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("asset-host: {e}");
            return ExitCode::from(2);
        }
    };
    init_logging(settings.log_format, Redacting::new(&settings.secrets()));
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("asset-host: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(execute(cli.command, settings)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("asset-host: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Logs to standard error, with the values of secret settings hidden in every line.
fn init_logging(format: LogFormat, writer: Redacting) {
    let filter = EnvFilter::try_from_env("ASSET_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    match format {
        LogFormat::Json => builder.json().with_current_span(true).with_span_list(false).init(),
        LogFormat::Text => builder.init(),
    }
}

async fn open_db(settings: &Settings) -> Result<Db, String> {
    if settings.database_url.is_none() {
        std::fs::create_dir_all(&settings.data_dir)
            .map_err(|e| format!("cannot create data folder {}: {e}", settings.data_dir.display()))?;
    }
    let db = Db::connect(&settings.database_url(), settings.max_connections)
        .await
        .map_err(|e| format!("cannot open the database: {e}"))?;
    db.migrate().await.map_err(|e| format!("migrations failed: {e}"))?;
    Ok(db)
}

async fn execute(command: Command, settings: Settings) -> Result<(), String> {
    // Every command keeps time as the service does (a link made by `dashboard link` expires by
    // the same clock that checks it).
    crate::store::set_clock_offset(settings.clock_offset_ms);
    let db = open_db(&settings).await?;
    // Said first, so a key made here and refused by a server is traced to a different store.
    eprintln!("asset-host: {}", settings.store_description());
    match command {
        Command::Serve => serve(db, settings).await,
        Command::Worker => worker(db, settings).await,
        Command::Migrate => {
            eprintln!("migrations applied ({})", db.backend().name());
            Ok(())
        }
        Command::Keys(keys) => run_keys(&db, keys).await.map_err(|e| e.to_string()),
        Command::Plugins(command) => run_plugins(db, &settings, command).await,
        Command::Brands(command) => run_brands(&db, command).await,
        Command::Bot(BotCommand::SetWebhook) => set_webhook(&settings).await,
        Command::Dashboard(DashboardCommand::Link { account }) => dashboard_link(&db, &settings, &account).await,
        Command::Speak => Err("speak runs before the database opens".into()),
    }
}

async fn set_webhook(settings: &Settings) -> Result<(), String> {
    let bot = crate::telegram::ServiceBot::from_settings(settings)?
        .ok_or("set ASSET_TELEGRAM_BOT_TOKEN and ASSET_TELEGRAM_WEBHOOK_SECRET first")?;
    let public = settings.public_url.as_deref().ok_or("set ASSET_PUBLIC_URL (where Telegram reaches this service)")?;
    let url = format!("{}/api/bot/telegram", public.trim_end_matches('/'));
    bot.set_webhook(&url).await.map_err(|e| e.to_string())?;
    eprintln!("Telegram now delivers the bot's updates to {url}");
    Ok(())
}

async fn dashboard_link(db: &Db, settings: &Settings, account: &str) -> Result<(), String> {
    let found = match account.parse::<i64>() {
        Ok(id) => crate::store::accounts::get(db, id).await,
        Err(_) => crate::store::accounts::for_key(db, account).await,
    }
    .map_err(|e| e.to_string())?
    .ok_or_else(|| format!("no account or key {account}"))?;
    let base = match &settings.public_url {
        Some(url) => url.clone(),
        None => served_address(settings).unwrap_or_else(|| format!("http://{}", settings.listen)),
    };
    let link =
        crate::account::login::link(db, found.id, base.trim_end_matches('/')).await.map_err(|e| format!("{e:?}"))?;
    println!("{link}");
    eprintln!(
        "account {} ({}); the link works once, for {} minutes",
        found.id,
        found.name,
        crate::account::login::LINK_MINUTES
    );
    Ok(())
}

/// The file in the data folder where a server leaves the address it serves on, so commands
/// that print links (`dashboard link`) point at it rather than at the default port.
const SERVED_AT: &str = "served-at";

/// The address the last server of this data folder said it serves on.
fn served_address(settings: &Settings) -> Option<String> {
    let text = std::fs::read_to_string(settings.data_dir.join(SERVED_AT)).ok()?;
    let url = text.trim();
    url.starts_with("http://").then(|| url.to_string())
}

async fn run_brands(db: &Db, command: BrandsCommand) -> Result<(), String> {
    let show = |b: &brands::Brand| {
        let mode = if b.meme_mode { "memes on" } else { "memes off" };
        println!("{:<20} {:<24} {:<14} {:<12} {mode}", b.key, b.profile.name, b.profile.hashtag, b.profile.token);
    };
    match command {
        BrandsCommand::Create { key, name, hashtag, token, voice, bot } => {
            let profile = brands::BrandProfile { name, voice, hashtag, token };
            show(&brands::create(db, &key, profile, bot).await.map_err(|e| format!("{e:?}"))?);
        }
        BrandsCommand::List => {
            for brand in brands::list(db).await.map_err(|e| e.to_string())? {
                show(&brand);
            }
        }
        BrandsCommand::MemeMode { key, mode } => {
            show(&brands::set_meme_mode(db, &key, mode == "on").await.map_err(|e| format!("{e:?}"))?);
        }
    }
    Ok(())
}

async fn run_plugins(db: Db, settings: &Settings, command: PluginsCommand) -> Result<(), String> {
    let sandbox = settings.sandbox(settings.fetch_guard()?)?;
    let registry = Registry::new(db, std::sync::Arc::new(sandbox)).with_brand_caps(settings.brand_caps());
    let actor = Actor { name: "cli".into(), role: Role::Operator, brand: None };
    let scope = |brand: Option<String>| brand.unwrap_or_default();
    let shown = |result: Result<SlotView, RegistryError>| -> Result<(), String> {
        let slot = result.map_err(|e| format!("{e:?}"))?;
        println!(
            "{} [{}] active {:?} previous {:?}{}",
            slot.slot,
            if slot.scope.is_empty() { "global" } else { &slot.scope },
            slot.active_version_id,
            slot.previous_version_id,
            if slot.disabled { " (disabled)" } else { "" }
        );
        Ok(())
    };
    match command {
        PluginsCommand::List => {
            for slot in registry.list(&actor).await.map_err(|e| format!("{e:?}"))? {
                let versions = slot.versions.clone();
                shown(Ok(slot))?;
                for v in versions {
                    println!(
                        "    #{:<4} {} {} sha256 {} by {}",
                        v.id,
                        v.manifest.name,
                        v.manifest.version,
                        &v.sha256[..12],
                        v.uploaded_by
                    );
                }
            }
        }
        PluginsCommand::Upload { slot, file, brand, activate } => {
            let bytes = std::fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let scope = scope(brand);
            let version = registry.upload(&actor, &slot, &scope, &bytes).await.map_err(|e| format!("{e:?}"))?;
            println!("stored version #{} ({} {})", version.id, version.manifest.name, version.manifest.version);
            if activate {
                shown(registry.activate(&actor, &slot, &scope, version.id).await)?;
            }
        }
        PluginsCommand::Activate { slot, version_id, brand } => {
            shown(registry.activate(&actor, &slot, &scope(brand), version_id).await)?
        }
        PluginsCommand::Rollback { slot, brand } => shown(registry.rollback(&actor, &slot, &scope(brand)).await)?,
        PluginsCommand::Disable { slot, brand } => shown(registry.disable(&actor, &slot, &scope(brand)).await)?,
        PluginsCommand::Grant { slot, capability, brand } => {
            grant(&registry, &actor, slot, brand, &capability, true).await?
        }
        PluginsCommand::Revoke { slot, capability, brand } => {
            grant(&registry, &actor, slot, brand, &capability, false).await?
        }
        PluginsCommand::Audit { limit } => {
            for e in registry.audit(limit).await.map_err(|e| format!("{e:?}"))? {
                println!(
                    "{} {:<8} {:<12} {:<9} {:<12} [{}] #{:?} {} {}",
                    e.at_ms, e.outcome, e.actor, e.action, e.slot, e.scope, e.version_id, e.role, e.detail
                );
            }
        }
    }
    Ok(())
}

/// Grants (`allow`) or revokes a capability for a slot and prints the slot's grants.
async fn grant(
    registry: &Registry,
    actor: &Actor,
    slot: String,
    brand: Option<String>,
    capability: &str,
    allow: bool,
) -> Result<(), String> {
    let scope = brand.unwrap_or_default();
    let grants = registry.grant(actor, &slot, &scope, capability, allow).await.map_err(|e| format!("{e:?}"))?;
    let place = if scope.is_empty() { "global" } else { scope.as_str() };
    println!("{slot} [{place}] granted: {}", if grants.is_empty() { "nothing".into() } else { grants.join(", ") });
    Ok(())
}

async fn run_keys(db: &Db, command: KeysCommand) -> Result<(), Box<dyn std::error::Error>> {
    match command {
        KeysCommand::Create { credits, role, label, brand } => {
            let role = Role::parse(&role).ok_or("role must be agent, operator or brand-admin")?;
            if (role == Role::BrandAdmin) != brand.is_some() {
                return Err("--brand goes with --role brand-admin, and it needs one".into());
            }
            if let Some(brand) = &brand {
                brands::ensure(db, brand).await.map_err(|e| format!("brand {brand}: {e:?}"))?;
            }
            let key = auth::create_key(db, role, &label, i64::from(credits), brand.as_deref()).await?;
            eprintln!(
                "created {} key {} with {}; it is shown only this once:",
                role.as_str(),
                key.prefix,
                counted(credits, "credit")
            );
            println!("{}", key.secret);
        }
        KeysCommand::List => {
            println!("{:<12} {:<12} {:>10}  {:<16} LABEL", "PREFIX", "ROLE", "CREDITS", "BRAND");
            for key in auth::list_keys(db).await? {
                let brand = key.brand.as_deref().unwrap_or("-");
                println!(
                    "{:<12} {:<12} {:>10}  {:<16} {}",
                    key.prefix,
                    key.role.as_str(),
                    key.credits,
                    brand,
                    key.label
                );
            }
        }
        KeysCommand::Grant { key_prefix, credits } => {
            let key_id = auth::find_by_prefix(db, &key_prefix).await?.ok_or("no key has that prefix")?;
            if credits == 0 {
                return Err("grant at least 1 credit".into());
            }
            let balance = credits::grant(db, key_id, i64::from(credits), "operator grant").await?;
            println!("{key_prefix}: {}", counted(balance, "credit"));
        }
        KeysCommand::Revoke { key_prefix } => {
            if !auth::revoke_key(db, &key_prefix).await? {
                return Err("no key with that prefix is active".into());
            }
            println!("{key_prefix}: revoked");
        }
    }
    Ok(())
}

async fn serve(db: Db, mut settings: Settings) -> Result<(), String> {
    // Named by the configured port, not the bound one: a port picked at start is no name.
    if settings.instance.is_none() && settings.listen.port() != 0 {
        settings.instance = Some(format!("{}:{}", crate::jobs::worker::hostname(), settings.listen.port()));
    }
    let listener = tokio::net::TcpListener::bind(settings.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", settings.listen))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    // Links fall back to the address actually bound (port 0 picks one).
    settings.listen = address;
    if settings.public_url.is_none() {
        tracing::warn!(
            %address,
            "no public_url (ASSET_PUBLIC_URL) set: links in responses and pages point at the listen address \
             or a host in public_hosts; production needs public_url"
        );
    }
    let grace = Duration::from_secs(settings.shutdown_grace_secs);
    let data_dir = settings.data_dir.clone();
    let state = crate::http::AppState::new(db.clone(), settings).await?;
    release_own_holds(&state.services).await;
    tracing::info!(%address, database = db.backend().name(), limiter = state.limiter.kind(), "serving");
    // Tests and supervisors read the bound address from this line.
    println!("listening on http://{address}");
    if let Err(e) = std::fs::write(data_dir.join(SERVED_AT), format!("http://{address}\n")) {
        tracing::warn!(error = %e, "cannot note the address served on in the data folder");
    }

    // The grace counts from the stop signal; requests in flight, then detached work, share it.
    let deadline = Arc::new(OnceLock::new());
    let (stop_tx, stop_rx) = watch::channel(false);
    let signalled = deadline.clone();
    let changes = db.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutdown requested; draining requests in flight");
        let _ = signalled.set(tokio::time::Instant::now() + grace);
        let _ = stop_tx.send(true);
        // Reads waiting on a job answer now instead of holding the drain up.
        changes.changes().stop();
    });
    tokio::spawn(crate::store::changes::listen(db.clone()));
    let services = state.services.clone();
    let tasks = crate::background::for_process(crate::app::background_tasks(), services.settings.workers > 0);
    let background = crate::background::spawn(tasks, &services, stop_rx.clone());
    let workers = spawn_workers(&services, stop_rx.clone());
    let mut drain_rx = stop_rx.clone();
    let mut stop_rx = stop_rx;
    let stopped = async move {
        let _ = stop_rx.wait_for(|stop| *stop).await;
    };
    let grace_ends = || deadline.get().copied().unwrap_or_else(|| tokio::time::Instant::now() + grace);
    tokio::select! {
        served = crate::run(listener, state, stopped) => served.map_err(|e| e.to_string())?,
        _ = async {
            let _ = drain_rx.wait_for(|stop| *stop).await;
            tokio::time::sleep_until(grace_ends()).await;
        } => tracing::warn!(grace_secs = grace.as_secs(), "drain grace elapsed; exiting with requests in flight"),
    }
    // Paid work whose caller hung up still runs detached: let it store its result or release
    // its payment before the pool closes.
    let left = grace_ends().saturating_duration_since(tokio::time::Instant::now()).max(Duration::from_secs(1));
    if !services.detached.drain(left).await {
        tracing::warn!(
            tasks = services.detached.running(),
            "detached work still running at exit; the payment reaper will release its payments"
        );
    }
    if let Some(workers) = workers {
        let _ = workers.await;
    }
    background.join_all().await;
    db.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Gives back at once what an earlier run of this instance held when it died: on SQLite every
/// call's hold (one process serves it), else the holds that carry this instance's name.
async fn release_own_holds(services: &Services) {
    let holder = match services.db.backend() {
        crate::store::Backend::Sqlite => None,
        crate::store::Backend::Postgres if services.settings.instance.is_some() => Some(services.detached.holder()),
        crate::store::Backend::Postgres => return,
    };
    match crate::billing::release_own_holds(&services.db, holder).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(released = n, "payments held by this instance's earlier run released"),
        Err(e) => {
            tracing::warn!(error = %e, "releasing this instance's earlier holds failed; they lapse by their hold")
        }
    }
}

/// The job workers of this process, unless `workers` is 0.
fn spawn_workers(services: &Services, stop: watch::Receiver<bool>) -> Option<tokio::task::JoinHandle<()>> {
    let concurrency = services.settings.workers;
    (concurrency > 0).then(|| {
        let lease = Duration::from_secs(services.settings.job_lease_secs);
        let x402 = services.x402.clone();
        let settings = crate::jobs::worker::Settings { concurrency, lease, x402, ..Default::default() };
        tokio::spawn(crate::jobs::worker::run(services.db.clone(), crate::app::job_handlers(services), settings, stop))
    })
}

/// `asset-host worker`: job workers and the background tasks, no HTTP.
async fn worker(db: Db, mut settings: Settings) -> Result<(), String> {
    settings.workers = settings.workers.max(1);
    let services = Services::new(db.clone(), settings).await?;
    let (stop_tx, stop_rx) = watch::channel(false);
    let background = crate::background::spawn(crate::app::background_tasks(), &services, stop_rx.clone());
    let workers = spawn_workers(&services, stop_rx).ok_or("no workers")?;
    tokio::spawn(crate::store::changes::listen(db.clone()));
    println!("worker started");
    shutdown_signal().await;
    tracing::info!("shutdown requested; handing unfinished jobs back");
    let _ = stop_tx.send(true);
    db.changes().stop();
    let _ = workers.await;
    background.join_all().await;
    db.close().await;
    Ok(())
}

async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => return interrupt.await.unwrap_or(()),
        };
        tokio::select! {
            _ = interrupt => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    interrupt.await.unwrap_or(());
}
