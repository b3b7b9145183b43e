//! `asset-host keys`: API keys and their credits.

use clap::Subcommand;

use crate::auth::{self, Role};
use crate::billing::credits;
use crate::brands;
use crate::counted::counted;
use crate::store::Db;

#[derive(Subcommand, Debug)]
pub(super) enum KeysCommand {
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

/// Runs a `keys` command.
pub(super) async fn run(db: &Db, command: KeysCommand) -> Result<(), Box<dyn std::error::Error>> {
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
