//! The plugin registry: every uploaded version (bytes, sha256, manifest, uploader), the active
//! version of each slot, validation before activation, the atomic swap, rollback, the audit
//! trail, and the poll that lets every replica pick up an activation within seconds.
//!
//! A slot is a generator name in a scope: `""` for the global slot, or a brand key. A request
//! for a brand is served by the brand's slot when it has an active version, else the global one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use super::sandbox::{Limits, PluginError, Prepared, Sandbox, sha256_hex};
use super::{Capability, Content, Manifest, Request, World};
use crate::auth::{Caller, Role};
use crate::store::{Db, now_ms};

/// The global scope.
pub const GLOBAL: &str = "";
/// Largest accepted component upload.
pub const MAX_COMPONENT_BYTES: usize = 16 * 1024 * 1024;

/// An active version, ready to call. Calls hold an `Arc` of it, so a swap never disturbs them.
pub struct Loaded {
    pub version_id: i64,
    pub slot: String,
    pub scope: String,
    pub manifest: ManifestView,
    pub limits: Limits,
    pub capabilities: Vec<Capability>,
    pub label: String,
    prepared: Prepared,
}

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

fn capability_name(c: Capability) -> &'static str {
    match c {
        Capability::Completion => "completion",
        Capability::FetchSummary => "fetch-summary",
    }
}

fn capability_from(name: &str) -> Option<Capability> {
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

/// One line of the audit trail.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub at_ms: i64,
    pub actor: String,
    pub role: String,
    pub action: String,
    pub slot: String,
    pub scope: String,
    pub version_id: Option<i64>,
    /// `ok`, `denied` or `rejected`.
    pub outcome: String,
    pub detail: String,
}

/// Why a registry operation did not happen.
#[derive(Debug)]
pub enum RegistryError {
    /// The caller may not act on this scope.
    Denied(String),
    /// The component failed validation.
    Rejected(String),
    /// No such version or slot.
    NotFound(String),
    /// The request itself is malformed.
    BadRequest(String),
    Db(sqlx::Error),
}

impl From<sqlx::Error> for RegistryError {
    fn from(e: sqlx::Error) -> Self {
        RegistryError::Db(e)
    }
}

/// Who is acting, for permission checks and the audit trail.
#[derive(Clone, Debug)]
pub struct Actor {
    pub name: String,
    pub role: Role,
    pub brand: Option<String>,
}

impl Actor {
    pub fn system() -> Actor {
        Actor { name: "builtin".into(), role: Role::Operator, brand: None }
    }

    pub fn of(caller: &Caller) -> Actor {
        Actor { name: caller.prefix.clone(), role: caller.role, brand: caller.brand.clone() }
    }

    /// Operators act on every scope; a brand admin only on its brand's.
    fn may_act_on(&self, scope: &str) -> bool {
        match self.role {
            Role::Operator => true,
            Role::BrandAdmin => !scope.is_empty() && self.brand.as_deref() == Some(scope),
            Role::Agent => false,
        }
    }
}

/// The registry of one process.
pub struct Registry {
    db: Db,
    sandbox: Arc<Sandbox>,
    active: RwLock<HashMap<(String, String), Arc<Loaded>>>,
    /// The slot generations this process has loaded.
    seen: Mutex<HashMap<(String, String), i64>>,
}

impl Registry {
    pub fn new(db: Db, sandbox: Arc<Sandbox>) -> Registry {
        Registry { db, sandbox, active: RwLock::new(HashMap::new()), seen: Mutex::new(HashMap::new()) }
    }

    pub fn sandbox(&self) -> &Sandbox {
        &self.sandbox
    }

    fn default_limits(scope: &str) -> Limits {
        if scope.is_empty() { Limits::GLOBAL } else { Limits::BRAND }
    }

    /// What a version may use: what its manifest asks for, where the operator granted it to the
    /// slot. The built-in generators are granted what they ask: the operator runs the binary
    /// they come in.
    async fn granted(
        &self,
        slot: &str,
        scope: &str,
        uploaded_by: &str,
        manifest: &ManifestView,
    ) -> Result<Vec<Capability>, RegistryError> {
        let builtin = scope.is_empty() && uploaded_by == Actor::system().name;
        let grants = self.grants(slot, scope).await?;
        Ok(manifest
            .capabilities
            .iter()
            .filter(|c| builtin || grants.contains(c))
            .filter_map(|c| capability_from(c))
            .collect())
    }

    /// The capabilities the operator granted `slot` in `scope`, by name.
    pub async fn grants(&self, slot: &str, scope: &str) -> Result<Vec<String>, RegistryError> {
        Ok(sqlx::query_scalar(
            "SELECT capability FROM plugin_grants WHERE slot = $1 AND scope = $2 ORDER BY capability",
        )
        .bind(slot)
        .bind(scope)
        .fetch_all(self.db.pool())
        .await?)
    }

    /// Grants (`allow`) or revokes `capability` for `slot` in `scope`; operators only. The
    /// slot's generation moves, so every replica reloads it with the new grants. Returns the
    /// slot's grants after the change.
    pub async fn grant(
        &self,
        actor: &Actor,
        slot: &str,
        scope: &str,
        capability: &str,
        allow: bool,
    ) -> Result<Vec<String>, RegistryError> {
        let action = if allow { "grant" } else { "revoke" };
        if actor.role != Role::Operator {
            return Err(self.deny(actor, action, slot, scope, "only operators grant capabilities").await);
        }
        if capability_from(capability).is_none() {
            return Err(RegistryError::BadRequest(format!(
                "unknown capability {capability:?}: the capabilities are completion and fetch-summary"
            )));
        }
        let mut tx = self.db.pool().begin().await?;
        let change = if allow {
            sqlx::query(
                "INSERT INTO plugin_grants (slot, scope, capability, granted_by, granted_at) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (slot, scope, capability) DO NOTHING",
            )
            .bind(slot)
            .bind(scope)
            .bind(capability)
            .bind(&actor.name)
            .bind(now_ms())
        } else {
            sqlx::query("DELETE FROM plugin_grants WHERE slot = $1 AND scope = $2 AND capability = $3")
                .bind(slot)
                .bind(scope)
                .bind(capability)
        };
        change.execute(&mut *tx).await?;
        sqlx::query(
            "UPDATE plugin_slots SET generation = generation + 1, updated_at = $3 WHERE slot = $1 AND scope = $2",
        )
        .bind(slot)
        .bind(scope)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        self.record(actor, action, slot, scope, None, "ok", capability).await?;
        self.refresh().await?;
        self.grants(slot, scope).await
    }

    /// Stores the built-in generators and activates each where its slot has nothing yet or
    /// still runs an older built-in; an operator's own version, or a disabled slot, is kept.
    pub async fn install_builtins(&self, builtins: &[(&str, &[u8])]) -> Result<(), RegistryError> {
        let system = Actor::system();
        for (slot, bytes) in builtins {
            let version = self.upload(&system, slot, GLOBAL, bytes).await?;
            let current = sqlx::query(
                "SELECT s.active_version_id, s.disabled, v.uploaded_by FROM plugin_slots s \
                 LEFT JOIN plugin_versions v ON v.id = s.active_version_id WHERE s.slot = $1 AND s.scope = ''",
            )
            .bind(*slot)
            .fetch_optional(self.db.pool())
            .await?;
            let replace = match current {
                None => true,
                Some(row) => {
                    let active: Option<i64> = row.try_get(0)?;
                    let disabled: i64 = row.try_get(1)?;
                    let by: Option<String> = row.try_get(2)?;
                    disabled == 0 && active != Some(version.id) && by.as_deref().is_none_or(|by| by == "builtin")
                }
            };
            if replace {
                self.activate(&system, slot, GLOBAL, version.id).await?;
            }
        }
        Ok(())
    }

    /// Validates and stores a component for `slot` in `scope`. Uploading the same bytes again
    /// returns the stored version.
    pub async fn upload(
        &self,
        actor: &Actor,
        slot: &str,
        scope: &str,
        bytes: &[u8],
    ) -> Result<VersionView, RegistryError> {
        self.authorize(actor, "upload", slot, scope, None).await?;
        check_slot_name(slot)?;
        if bytes.len() > MAX_COMPONENT_BYTES {
            return Err(self.reject(actor, "upload", slot, scope, "the component is larger than 16 MiB").await);
        }
        let sha256 = sha256_hex(bytes);
        // The same bytes were validated when they were first stored (this is also every
        // start-up's path for the built-ins, which then costs a lookup, not a smoke call).
        let stored = sqlx::query("SELECT id FROM plugin_versions WHERE slot = $1 AND scope = $2 AND sha256 = $3")
            .bind(slot)
            .bind(scope)
            .bind(&sha256)
            .fetch_optional(self.db.pool())
            .await?;
        if let Some(row) = stored {
            return self.version(row.try_get(0)?).await;
        }
        let limits = Self::default_limits(scope);
        let (manifest, world) = match self.validate(bytes, scope, limits, slot, &actor.name).await {
            Ok(m) => m,
            Err(why) => return Err(self.reject(actor, "upload", slot, scope, &why).await),
        };
        let manifest_json = serde_json::to_string(&manifest).map_err(|e| RegistryError::BadRequest(e.to_string()))?;
        let inserted = sqlx::query(
            "INSERT INTO plugin_versions (slot, scope, name, version, sha256, world, wasm, manifest, uploaded_by, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (slot, scope, sha256) DO NOTHING RETURNING id",
        )
        .bind(slot)
        .bind(scope)
        .bind(&manifest.name)
        .bind(&manifest.version)
        .bind(&sha256)
        .bind(world.name())
        .bind(bytes)
        .bind(&manifest_json)
        .bind(&actor.name)
        .bind(now_ms())
        .fetch_optional(self.db.pool())
        .await?;
        let id: i64 = match inserted {
            Some(row) => {
                let id = row.try_get(0)?;
                self.record(
                    actor,
                    "upload",
                    slot,
                    scope,
                    Some(id),
                    "ok",
                    &format!("{} {} sha256 {sha256}", manifest.name, manifest.version),
                )
                .await?;
                id
            }
            None => sqlx::query("SELECT id FROM plugin_versions WHERE slot = $1 AND scope = $2 AND sha256 = $3")
                .bind(slot)
                .bind(scope)
                .bind(&sha256)
                .fetch_one(self.db.pool())
                .await?
                .try_get(0)?,
        };
        self.version(id).await
    }

    /// Compiles, checks the world, reads and checks the manifest, and runs the smoke call.
    async fn validate(
        &self,
        bytes: &[u8],
        scope: &str,
        limits: Limits,
        slot: &str,
        uploaded_by: &str,
    ) -> Result<(ManifestView, World), String> {
        let prepared = self.sandbox.prepare(bytes).map_err(|e| e.to_string())?;
        let label = format!("{slot}@validation");
        let manifest = self.sandbox.describe(&prepared, limits, &label).await.map_err(|e| format!("describe: {e}"))?;
        let view = ManifestView::from(&manifest);
        check_manifest(&manifest)?;
        let granted = self.granted(slot, scope, uploaded_by, &view).await.map_err(|e| format!("{e:?}"))?;
        let content = self
            .sandbox
            .generate(&prepared, limits, &granted, &label, &manifest.sample_input)
            .await
            .map_err(|e| format!("smoke call with the sample input: {e}"))?;
        if content.title.is_empty() && content.blocks.iter().all(|b| b.text.is_empty()) {
            return Err("smoke call returned empty content".into());
        }
        Ok((view, prepared.world()))
    }

    /// Makes `version_id` the active version of the slot: new calls take it at once, calls in
    /// flight finish on the version they started with.
    pub async fn activate(
        &self,
        actor: &Actor,
        slot: &str,
        scope: &str,
        version_id: i64,
    ) -> Result<SlotView, RegistryError> {
        self.switch(actor, "activate", slot, scope, version_id).await
    }

    /// The swap behind `activate` and `rollback`, recorded under `action`.
    async fn switch(
        &self,
        actor: &Actor,
        action: &str,
        slot: &str,
        scope: &str,
        version_id: i64,
    ) -> Result<SlotView, RegistryError> {
        self.authorize(actor, action, slot, scope, Some(version_id)).await?;
        let version = self.version(version_id).await?;
        if version.slot != slot || version.scope != scope {
            return Err(RegistryError::NotFound(format!("version {version_id} does not belong to this slot")));
        }
        let now = now_ms();
        sqlx::query(
            "INSERT INTO plugin_slots (slot, scope, active_version_id, previous_version_id, disabled, generation, updated_at) \
             VALUES ($1, $2, $3, NULL, 0, 1, $4) \
             ON CONFLICT (slot, scope) DO UPDATE SET \
               previous_version_id = CASE WHEN plugin_slots.active_version_id = excluded.active_version_id \
                 THEN plugin_slots.previous_version_id ELSE plugin_slots.active_version_id END, \
               active_version_id = excluded.active_version_id, disabled = 0, \
               generation = plugin_slots.generation + 1, updated_at = excluded.updated_at",
        )
        .bind(slot)
        .bind(scope)
        .bind(version_id)
        .bind(now)
        .execute(self.db.pool())
        .await?;
        self.record(actor, action, slot, scope, Some(version_id), "ok", &version.manifest.version).await?;
        self.refresh().await?;
        self.slot(slot, scope).await
    }

    /// Activates the slot's previous version.
    pub async fn rollback(&self, actor: &Actor, slot: &str, scope: &str) -> Result<SlotView, RegistryError> {
        self.authorize(actor, "rollback", slot, scope, None).await?;
        let current = self.slot(slot, scope).await?;
        let previous = current
            .previous_version_id
            .ok_or_else(|| RegistryError::NotFound("this slot has no previous version".into()))?;
        self.switch(actor, "rollback", slot, scope, previous).await
    }

    /// Stops serving the slot (a brand slot then falls back to the global one).
    pub async fn disable(&self, actor: &Actor, slot: &str, scope: &str) -> Result<SlotView, RegistryError> {
        self.authorize(actor, "disable", slot, scope, None).await?;
        let done = sqlx::query(
            "UPDATE plugin_slots SET disabled = 1, generation = generation + 1, updated_at = $3 WHERE slot = $1 AND scope = $2",
        )
        .bind(slot)
        .bind(scope)
        .bind(now_ms())
        .execute(self.db.pool())
        .await?;
        if done.rows_affected() == 0 {
            return Err(RegistryError::NotFound(format!("no slot {slot}")));
        }
        self.record(actor, "disable", slot, scope, None, "ok", "").await?;
        self.refresh().await?;
        self.slot(slot, scope).await
    }

    /// Sets the slot's limits (`None` restores the scope's defaults).
    pub async fn set_limits(
        &self,
        actor: &Actor,
        slot: &str,
        scope: &str,
        limits: Option<Limits>,
    ) -> Result<SlotView, RegistryError> {
        self.authorize(actor, "limits", slot, scope, None).await?;
        if actor.role != Role::Operator {
            return Err(self.deny(actor, "limits", slot, scope, "only operators change limits").await);
        }
        let json = limits.map(|l| serde_json::to_string(&l).unwrap_or_default()).unwrap_or_default();
        let done = sqlx::query(
            "UPDATE plugin_slots SET limits = $3, generation = generation + 1, updated_at = $4 WHERE slot = $1 AND scope = $2",
        )
        .bind(slot)
        .bind(scope)
        .bind(&json)
        .bind(now_ms())
        .execute(self.db.pool())
        .await?;
        if done.rows_affected() == 0 {
            return Err(RegistryError::NotFound(format!("no slot {slot}")));
        }
        self.record(actor, "limits", slot, scope, None, "ok", &json).await?;
        self.refresh().await?;
        self.slot(slot, scope).await
    }

    /// Reloads every slot whose generation changed since this process last looked.
    pub async fn refresh(&self) -> Result<usize, RegistryError> {
        let rows = sqlx::query("SELECT slot, scope, active_version_id, disabled, limits, generation FROM plugin_slots")
            .fetch_all(self.db.pool())
            .await?;
        let mut reloaded = 0;
        for row in rows {
            let key: (String, String) = (row.try_get("slot")?, row.try_get("scope")?);
            let generation: i64 = row.try_get("generation")?;
            if self.seen.lock().is_ok_and(|seen| seen.get(&key) == Some(&generation)) {
                continue;
            }
            let active: Option<i64> = row.try_get("active_version_id")?;
            let disabled: i64 = row.try_get("disabled")?;
            let limits_json: String = row.try_get("limits")?;
            let loaded = match active.filter(|_| disabled == 0) {
                Some(version_id) => match self.load(version_id, &key.1, &limits_json).await {
                    Ok(loaded) => Some(Arc::new(loaded)),
                    // One unloadable slot must not hold the others back; it keeps its old
                    // version and is retried on the next refresh.
                    Err(e) => {
                        tracing::error!(slot = %key.0, scope = %key.1, version_id, error = ?e, "cannot load plugin version");
                        continue;
                    }
                },
                None => None,
            };
            if let Ok(mut map) = self.active.write() {
                match loaded {
                    Some(l) => map.insert(key.clone(), l),
                    None => map.remove(&key),
                };
            }
            if let Ok(mut seen) = self.seen.lock() {
                seen.insert(key, generation);
            }
            reloaded += 1;
        }
        Ok(reloaded)
    }

    async fn load(&self, version_id: i64, scope: &str, limits_json: &str) -> Result<Loaded, RegistryError> {
        let row = sqlx::query("SELECT slot, wasm, manifest, uploaded_by FROM plugin_versions WHERE id = $1")
            .bind(version_id)
            .fetch_one(self.db.pool())
            .await?;
        let slot: String = row.try_get("slot")?;
        let bytes: Vec<u8> = row.try_get("wasm")?;
        let manifest: ManifestView = serde_json::from_str(&row.try_get::<String, _>("manifest")?)
            .map_err(|e| RegistryError::Rejected(format!("stored manifest: {e}")))?;
        let prepared = self.sandbox.prepare(&bytes).map_err(|e| RegistryError::Rejected(e.to_string()))?;
        let limits = if limits_json.is_empty() {
            Self::default_limits(scope)
        } else {
            serde_json::from_str(limits_json)
                .map_err(|e| RegistryError::Rejected(format!("stored limits of {slot}: {e}")))?
        };
        let uploaded_by: String = row.try_get("uploaded_by")?;
        Ok(Loaded {
            version_id,
            label: format!("{}@{}", manifest.name, manifest.version),
            capabilities: self.granted(&slot, scope, &uploaded_by, &manifest).await?,
            slot,
            scope: scope.to_string(),
            manifest,
            limits,
            prepared,
        })
    }

    /// The version serving `slot` for `brand`: the brand's own when active, else the global one.
    pub fn resolve(&self, slot: &str, brand: Option<&str>) -> Option<Arc<Loaded>> {
        let map = self.active.read().ok()?;
        brand
            .and_then(|b| map.get(&(slot.to_string(), b.to_string())))
            .or_else(|| map.get(&(slot.to_string(), GLOBAL.to_string())))
            .cloned()
    }

    /// Runs the slot's active generator for `brand`.
    pub async fn generate(
        &self,
        slot: &str,
        brand: Option<&str>,
        request: &Request,
    ) -> Result<(Content, Arc<Loaded>), PluginError> {
        let loaded = self.resolve(slot, brand).ok_or_else(|| PluginError::NoPlugin(slot.to_string()))?;
        let content = self
            .sandbox
            .generate(&loaded.prepared, loaded.limits, &loaded.capabilities, &loaded.label, request)
            .await?;
        Ok((content, loaded))
    }

    /// Slots visible to `actor` (all for operators, their brand's for brand admins).
    pub async fn list(&self, actor: &Actor) -> Result<Vec<SlotView>, RegistryError> {
        let rows =
            sqlx::query("SELECT slot, scope FROM plugin_slots ORDER BY scope, slot").fetch_all(self.db.pool()).await?;
        let mut slots = Vec::new();
        for row in rows {
            let (slot, scope): (String, String) = (row.try_get(0)?, row.try_get(1)?);
            if actor.may_act_on(&scope) || (actor.role == Role::BrandAdmin && scope.is_empty()) {
                slots.push(self.slot(&slot, &scope).await?);
            }
        }
        Ok(slots)
    }

    /// One slot with its versions.
    pub async fn slot(&self, slot: &str, scope: &str) -> Result<SlotView, RegistryError> {
        let row = sqlx::query(
            "SELECT active_version_id, previous_version_id, disabled, limits, generation FROM plugin_slots WHERE slot = $1 AND scope = $2",
        )
        .bind(slot)
        .bind(scope)
        .fetch_optional(self.db.pool())
        .await?
        .ok_or_else(|| RegistryError::NotFound(format!("no slot {slot}")))?;
        let ids = sqlx::query("SELECT id FROM plugin_versions WHERE slot = $1 AND scope = $2 ORDER BY id")
            .bind(slot)
            .bind(scope)
            .fetch_all(self.db.pool())
            .await?;
        let mut versions = Vec::new();
        for id in ids {
            versions.push(self.version(id.try_get(0)?).await?);
        }
        let limits: String = row.try_get("limits")?;
        Ok(SlotView {
            slot: slot.to_string(),
            scope: scope.to_string(),
            active_version_id: row.try_get("active_version_id")?,
            previous_version_id: row.try_get("previous_version_id")?,
            disabled: row.try_get::<i64, _>("disabled")? != 0,
            limits: serde_json::from_str(&limits).unwrap_or_else(|_| Self::default_limits(scope)),
            generation: row.try_get("generation")?,
            versions,
        })
    }

    async fn version(&self, id: i64) -> Result<VersionView, RegistryError> {
        let row = sqlx::query(
            "SELECT id, slot, scope, sha256, world, manifest, uploaded_by, created_at FROM plugin_versions WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(self.db.pool())
        .await?
        .ok_or_else(|| RegistryError::NotFound(format!("no version {id}")))?;
        Ok(VersionView {
            id: row.try_get("id")?,
            slot: row.try_get("slot")?,
            scope: row.try_get("scope")?,
            sha256: row.try_get("sha256")?,
            world: row.try_get("world")?,
            manifest: serde_json::from_str(&row.try_get::<String, _>("manifest")?)
                .map_err(|e| RegistryError::Rejected(format!("stored manifest: {e}")))?,
            uploaded_by: row.try_get("uploaded_by")?,
            created_at_ms: row.try_get("created_at")?,
        })
    }

    /// The newest audit entries, newest first.
    pub async fn audit(&self, limit: i64) -> Result<Vec<AuditEntry>, RegistryError> {
        let rows = sqlx::query(
            "SELECT id, at, actor, role, action, slot, scope, version_id, outcome, detail FROM plugin_audit ORDER BY id DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(self.db.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(AuditEntry {
                    id: r.try_get("id")?,
                    at_ms: r.try_get("at")?,
                    actor: r.try_get("actor")?,
                    role: r.try_get("role")?,
                    action: r.try_get("action")?,
                    slot: r.try_get("slot")?,
                    scope: r.try_get("scope")?,
                    version_id: r.try_get("version_id")?,
                    outcome: r.try_get("outcome")?,
                    detail: r.try_get("detail")?,
                })
            })
            .collect()
    }

    async fn authorize(
        &self,
        actor: &Actor,
        action: &str,
        slot: &str,
        scope: &str,
        version: Option<i64>,
    ) -> Result<(), RegistryError> {
        if actor.may_act_on(scope) {
            return Ok(());
        }
        let _ = version;
        let why = if scope.is_empty() { "global slots are for operators" } else { "this brand is not yours" };
        Err(self.deny(actor, action, slot, scope, why).await)
    }

    async fn deny(&self, actor: &Actor, action: &str, slot: &str, scope: &str, why: &str) -> RegistryError {
        if let Err(e) = self.record(actor, action, slot, scope, None, "denied", why).await {
            return e;
        }
        RegistryError::Denied(why.to_string())
    }

    async fn reject(&self, actor: &Actor, action: &str, slot: &str, scope: &str, why: &str) -> RegistryError {
        if let Err(e) = self.record(actor, action, slot, scope, None, "rejected", why).await {
            return e;
        }
        RegistryError::Rejected(why.to_string())
    }

    #[allow(clippy::too_many_arguments)]
    async fn record(
        &self,
        actor: &Actor,
        action: &str,
        slot: &str,
        scope: &str,
        version_id: Option<i64>,
        outcome: &str,
        detail: &str,
    ) -> Result<(), RegistryError> {
        sqlx::query(
            "INSERT INTO plugin_audit (at, actor, role, action, slot, scope, version_id, outcome, detail) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(now_ms())
        .bind(&actor.name)
        .bind(actor.role.as_str())
        .bind(action)
        .bind(slot)
        .bind(scope)
        .bind(version_id)
        .bind(outcome)
        .bind(detail)
        .execute(self.db.pool())
        .await?;
        Ok(())
    }
}

fn check_slot_name(slot: &str) -> Result<(), RegistryError> {
    let ok = (1..=64).contains(&slot.len())
        && slot.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok { Ok(()) } else { Err(RegistryError::BadRequest("slot names are 1-64 of a-z, 0-9 and -".into())) }
}

fn check_manifest(m: &Manifest) -> Result<(), String> {
    let name_ok = (1..=64).contains(&m.name.len())
        && m.name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !name_ok {
        return Err("manifest name must be 1-64 of a-z, 0-9 and -".into());
    }
    if m.version.is_empty() || m.version.len() > 32 {
        return Err("manifest version must be 1-32 characters".into());
    }
    if m.tasks.is_empty() || m.languages.is_empty() {
        return Err("manifest must list at least one task and one language".into());
    }
    if !m.tasks.contains(&m.sample_input.task) {
        return Err("the sample input's task is not one of the manifest's tasks".into());
    }
    if m.description.len() > 500 || m.tasks.len() + m.kinds.len() + m.languages.len() > 200 {
        return Err("manifest is too large".into());
    }
    Ok(())
}
