//! `asset-host dashboard`: sign-in links to the dashboard for people.

use clap::Subcommand;

use crate::config::Settings;
use crate::store::Db;

#[derive(Subcommand, Debug)]
pub(super) enum DashboardCommand {
    /// Prints a one-time sign-in link (valid 10 minutes) for an account: its number, or a key's
    /// prefix (`ak_…`; the key gets an account of its own if it has none).
    Link { account: String },
}

/// Prints a one-time sign-in link for `account` (an account id or an API key).
pub(super) async fn link(db: &Db, settings: &Settings, account: &str) -> Result<(), String> {
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
pub(super) const SERVED_AT: &str = "served-at";

/// The address the last server of this data folder said it serves on.
fn served_address(settings: &Settings) -> Option<String> {
    let text = std::fs::read_to_string(settings.data_dir.join(SERVED_AT)).ok()?;
    let url = text.trim();
    url.starts_with("http://").then(|| url.to_string())
}
