//! What the registry shows of itself: slots with their versions, manifests and the audit trail,
//! as the admin routes and the command line answer them.

use serde::Serialize;
use utoipa::ToSchema;

use super::{Actor, Registry, RegistryError};
use crate::auth::Role;
use crate::plugins::sandbox::Limits;
use crate::plugins::{Capability, Manifest};
pub use crate::store::plugins::AuditRow as AuditEntry;
use crate::store::plugins::{self as stored, SlotRow, VersionRow};

/// A manifest as stored and shown.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ManifestView {
    pub name: String,
    pub version: String,
    pub description: String,
    pub tasks: Vec<String>,
    pub kinds: Vec<String>,
    pub languages: Vec<String>,
    /// `completion`, `fetch-summary`.
    pub capabilities: Vec<String>,
}

impl From<&Manifest> for ManifestView {
    fn from(m: &Manifest) -> Self {
        ManifestView {
            name: m.name.clone(),
            version: m.version.clone(),
            description: m.description.clone(),
            tasks: m.tasks.clone(),
            kinds: m.kinds.clone(),
            languages: m.languages.clone(),
            capabilities: m.capabilities.iter().map(|c| capability_name(*c).to_string()).collect(),
        }
    }
}

pub(super) fn capability_name(c: Capability) -> &'static str {
    match c {
        Capability::Completion => "completion",
        Capability::FetchSummary => "fetch-summary",
    }
}

pub(super) fn capability_from(name: &str) -> Option<Capability> {
    match name {
        "completion" => Some(Capability::Completion),
        "fetch-summary" => Some(Capability::FetchSummary),
        _ => None,
    }
}

/// A stored version.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionView {
    pub id: i64,
    pub slot: String,
    /// `""` for global, else the brand key.
    pub scope: String,
    pub sha256: String,
    /// The world the component implements, read from the component at upload, e.g.
    /// `asset:generator@1.0.0`.
    pub world: String,
    pub manifest: ManifestView,
    pub uploaded_by: String,
    pub created_at_ms: i64,
}

/// A slot and its state.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotView {
    pub slot: String,
    pub scope: String,
    pub active_version_id: Option<i64>,
    pub previous_version_id: Option<i64>,
    pub disabled: bool,
    pub limits: Limits,
    pub generation: i64,
    pub versions: Vec<VersionView>,
}

impl Registry {
    /// Slots visible to `actor` (all for operators, their brand's for brand admins).
    pub async fn list(&self, actor: &Actor) -> Result<Vec<SlotView>, RegistryError> {
        let mut slots = Vec::new();
        for row in stored::slots(&self.db).await? {
            if actor.may_act_on(&row.scope) || (actor.role == Role::BrandAdmin && row.scope.is_empty()) {
                slots.push(self.slot_view(row).await?);
            }
        }
        Ok(slots)
    }

    /// One slot with its versions.
    pub async fn slot(&self, slot: &str, scope: &str) -> Result<SlotView, RegistryError> {
        let row = stored::slot(&self.db, slot, scope)
            .await?
            .ok_or_else(|| RegistryError::NotFound(format!("no slot {slot}")))?;
        self.slot_view(row).await
    }

    async fn slot_view(&self, row: SlotRow) -> Result<SlotView, RegistryError> {
        let versions = stored::versions(&self.db, &row.slot, &row.scope)
            .await?
            .into_iter()
            .map(version_view)
            .collect::<Result<_, _>>()?;
        Ok(SlotView {
            limits: Self::limits_of(&row.slot, &row.scope, &row.limits)?,
            slot: row.slot,
            scope: row.scope,
            active_version_id: row.active_version_id,
            previous_version_id: row.previous_version_id,
            disabled: row.disabled,
            generation: row.generation,
            versions,
        })
    }

    pub(super) async fn version(&self, id: i64) -> Result<VersionView, RegistryError> {
        let row =
            stored::version(&self.db, id).await?.ok_or_else(|| RegistryError::NotFound(format!("no version {id}")))?;
        version_view(row)
    }

    /// The newest audit entries, newest first.
    pub async fn audit(&self, limit: i64) -> Result<Vec<AuditEntry>, RegistryError> {
        Ok(stored::audit(&self.db, limit).await?)
    }
}

/// A stored version as shown. A stored manifest that does not parse is an error, never a
/// default.
pub(super) fn version_view(row: VersionRow) -> Result<VersionView, RegistryError> {
    Ok(VersionView {
        manifest: serde_json::from_str(&row.manifest)
            .map_err(|e| RegistryError::Rejected(format!("stored manifest: {e}")))?,
        id: row.id,
        slot: row.slot,
        scope: row.scope,
        sha256: row.sha256,
        world: row.world,
        uploaded_by: row.uploaded_by,
        created_at_ms: row.created_at,
    })
}
