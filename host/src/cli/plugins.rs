//! `asset-host plugins`: the operator's generator slots, versions, grants and limits.

use std::path::PathBuf;

use clap::Subcommand;

use crate::auth::Role;
use crate::config::Settings;
use crate::plugins::registry::SlotView;
use crate::plugins::{Actor, Registry, RegistryError};
use crate::store::Db;

#[derive(Subcommand, Debug)]
pub(super) enum PluginsCommand {
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

/// Runs a `plugins` command.
pub(super) async fn run(db: Db, settings: &Settings, command: PluginsCommand) -> Result<(), String> {
    let registry = crate::compose::registry(db, settings, crate::net::Guard::from_settings(settings)?)?;
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
                    e.at, e.outcome, e.actor, e.action, e.slot, e.scope, e.version_id, e.role, e.detail
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
