//! The command line: `serve`, `worker`, `migrate`, and the operator's commands per group
//! (`keys`, `brands`, `plugins`, `bot`, `dashboard`), one file each.
//!
//! Every command reads the same settings: defaults, the `--config` file, then environment
//! variables and flags. `keys create` prints the new key alone on stdout, once.

mod bot;
mod brands;
mod dashboard;
mod keys;
mod plugins;
mod serve;

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use crate::config::{Flags, LogFormat, Settings};
use crate::redact::Redacting;
use crate::store::Db;
use bot::BotCommand;
use brands::BrandsCommand;
use dashboard::DashboardCommand;
use keys::KeysCommand;
use plugins::PluginsCommand;

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

async fn execute(command: Command, settings: Settings) -> Result<(), String> {
    // Every command keeps time as the service does (a link made by `dashboard link` expires by
    // the same clock that checks it).
    crate::store::set_clock_offset(settings.clock_offset_ms);
    let db = Db::open(&settings).await?;
    // Said first, so a key made here and refused by a server is traced to a different store.
    eprintln!("asset-host: {}", settings.store_description());
    match command {
        Command::Serve => serve::serve(db, settings).await,
        Command::Worker => serve::worker(db, settings).await,
        Command::Migrate => {
            eprintln!("migrations applied ({})", db.backend().name());
            Ok(())
        }
        Command::Keys(command) => keys::run(&db, command).await.map_err(|e| e.to_string()),
        Command::Plugins(command) => plugins::run(db, &settings, command).await,
        Command::Brands(command) => brands::run(&db, command).await,
        Command::Bot(BotCommand::SetWebhook) => bot::set_webhook(&settings).await,
        Command::Dashboard(DashboardCommand::Link { account }) => dashboard::link(&db, &settings, &account).await,
        Command::Speak => Err("speak runs before the database opens".into()),
    }
}
