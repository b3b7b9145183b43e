//! The plugin registry: every uploaded version (bytes, sha256, manifest, uploader), the active
//! version of each slot, validation before activation, the atomic swap, rollback, the audit
//! trail, and the poll that lets every replica pick up an activation within seconds.
//!
//! A slot is a generator name in a scope: `""` for the global slot, or a brand key. A request
//! for a brand is served by the brand's slot when it has an active version, else the global one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};

mod audit;
mod views;

pub use views::{AuditEntry, ManifestView, SlotView, VersionView};
use views::{capability_from, version_view};

use super::sandbox::{Limits, PluginError, Prepared, Sandbox, Structure, sha256_hex};
use super::{Capability, Content, Manifest, Request, World};
use crate::auth::{Caller, Role};
use crate::cpu::{CpuError, CpuPool};
use crate::store::Db;
use crate::store::plugins::{self as stored, NewVersion};

/// The global scope.
pub const GLOBAL: &str = "";
/// Largest accepted component upload.
pub const MAX_COMPONENT_BYTES: usize = 16 * 1024 * 1024;
/// Largest component a brand admin may upload: brand generators are small, and each upload
/// costs a compile.
pub const MAX_BRAND_COMPONENT_BYTES: usize = 4 * 1024 * 1024;
/// Longest a compile may take: a 16 MiB component compiles in seconds; one that takes minutes
/// is refused (the compile cannot be interrupted, but its caller stops waiting).
const COMPILE_BUDGET: std::time::Duration = std::time::Duration::from_secs(120);

/// What one brand's generators may hold (`brand_plugin_slots`, `brand_plugin_versions`). The
/// global scope is the operator's and is not capped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BrandCaps {
    /// Slots with stored versions: each active one keeps a compiled component in memory.
    pub slots: u32,
    /// Versions kept per slot; older ones are evicted, never the active or previous one.
    pub versions: u32,
}

impl BrandCaps {
    /// Four slots (a brand is served from `meme`, `brand-voice`, `content` and `slideshow`),
    /// three versions each (the active one, the one rollback returns to, one more).
    pub const DEFAULT: BrandCaps = BrandCaps {
        slots: crate::config::defaults::BRAND_PLUGIN_SLOTS,
        versions: crate::config::defaults::BRAND_PLUGIN_VERSIONS,
    };

    /// `brand_plugin_slots` and `brand_plugin_versions` of the settings.
    pub fn from_settings(settings: &crate::config::Settings) -> BrandCaps {
        BrandCaps { slots: settings.brand_plugin_slots, versions: settings.brand_plugin_versions }
    }
}

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
    /// The scope holds as many slots as it may.
    Capped(String),
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

/// Whether a component passed validation (and may be cached compiled).
#[derive(Clone, Copy)]
enum Validated {
    Yes,
    No,
}

/// The registry of one process.
pub struct Registry {
    db: Db,
    sandbox: Arc<Sandbox>,
    /// Where components compile: one at a time, as one compile already uses every core
    /// (wasmtime compiles functions in parallel).
    compiles: CpuPool,
    /// The compiled components this process holds: only each slot's active version, so memory
    /// is bounded by the slots (and brands' slots by `caps`), never by how many were uploaded.
    active: RwLock<HashMap<(String, String), Arc<Loaded>>>,
    /// The slot generations this process has loaded.
    seen: Mutex<HashMap<(String, String), i64>>,
    caps: BrandCaps,
}

impl Registry {
    pub fn new(db: Db, sandbox: Arc<Sandbox>) -> Registry {
        Registry {
            db,
            sandbox,
            compiles: CpuPool::new("compile", 1),
            active: RwLock::new(HashMap::new()),
            seen: Mutex::new(HashMap::new()),
            caps: BrandCaps::DEFAULT,
        }
    }

    /// The registry with the operator's caps on brands' generators.
    pub fn with_brand_caps(self, caps: BrandCaps) -> Registry {
        Registry { caps, ..self }
    }

    /// How many compiled components this process holds (one per active slot).
    pub fn loaded(&self) -> usize {
        self.active.read().map_or(0, |map| map.len())
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
        Ok(stored::grants(&self.db, slot, scope).await?)
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
        // One transaction: the grants never change without the generation that makes every
        // replica reload the slot.
        let mut tx = self.db.pool().begin().await?;
        if allow {
            stored::grant_in(&mut tx, slot, scope, capability, &actor.name).await?;
        } else {
            stored::revoke_in(&mut tx, slot, scope, capability).await?;
        }
        stored::bump_generation_in(&mut tx, slot, scope).await?;
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
            let replace = match stored::occupant(&self.db, slot, GLOBAL).await? {
                None => true,
                Some(current) => {
                    !current.disabled
                        && current.active_version_id != Some(version.id)
                        && current.uploaded_by.as_deref().is_none_or(|by| by == system.name)
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
        let cap = if actor.role == Role::Operator { MAX_COMPONENT_BYTES } else { MAX_BRAND_COMPONENT_BYTES };
        if bytes.len() > cap {
            let why = format!("the component is larger than {} MiB", cap >> 20);
            return Err(self.reject(actor, "upload", slot, scope, &why).await);
        }
        let sha256 = sha256_hex(bytes);
        // The same bytes were validated when they were first stored (this is also every
        // start-up's path for the built-ins, which then costs a lookup, not a smoke call).
        if let Some(id) = stored::version_id_by_sha256(&self.db, slot, scope, &sha256).await? {
            return self.version(id).await;
        }
        // Refused before the compile when the brand has no room; checked again where it is stored.
        if let Some(why) = self.no_room(scope, stored::slot_room(&self.db, scope, slot).await?) {
            return Err(self.capped(actor, slot, scope, why).await);
        }
        let limits = Self::default_limits(scope);
        let (manifest, world) = match self.validate(bytes, scope, limits, slot, &actor.name).await {
            Ok(m) => m,
            Err(why) => return Err(self.reject(actor, "upload", slot, scope, &why).await),
        };
        let manifest_json = serde_json::to_string(&manifest).map_err(|e| RegistryError::BadRequest(e.to_string()))?;
        let new = NewVersion {
            slot,
            scope,
            name: &manifest.name,
            version: &manifest.version,
            sha256: &sha256,
            world: world.name(),
            wasm: bytes,
            manifest: &manifest_json,
            uploaded_by: &actor.name,
        };
        let id = match self.store(actor, &new).await? {
            Some((id, evicted)) => {
                let what = format!("{} {} sha256 {sha256}", manifest.name, manifest.version);
                self.record(actor, "upload", slot, scope, Some(id), "ok", &what).await?;
                self.evicted(actor, slot, scope, &evicted).await?;
                id
            }
            // A concurrent upload of the same bytes stored it first.
            None => {
                stored::version_id_by_sha256(&self.db, slot, scope, &sha256).await?.ok_or(sqlx::Error::RowNotFound)?
            }
        };
        self.version(id).await
    }

    /// Stores a validated version in one transaction with the brand's checks: its slot within
    /// the slot cap (under the brand's row lock, so concurrent uploads never pass it) and the
    /// slot's oldest versions beyond the version cap evicted. The new id and the evicted ids, or
    /// `None` when the same bytes were stored meanwhile.
    async fn store(&self, actor: &Actor, new: &NewVersion<'_>) -> Result<Option<(i64, Vec<i64>)>, RegistryError> {
        let mut tx = self.db.pool().begin().await?;
        if new.scope != GLOBAL {
            crate::store::brands::lock_in(&mut tx, new.scope).await?;
            let room = stored::slot_room_in(&mut tx, new.scope, new.slot).await?;
            if let Some(why) = self.no_room(new.scope, room) {
                // Rolled back before the refusal is audited: the audit writes outside it.
                tx.rollback().await?;
                return Err(self.capped(actor, new.slot, new.scope, why).await);
            }
        }
        let Some(id) = stored::insert_version_in(&mut tx, new).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        let evicted = match new.scope {
            GLOBAL => Vec::new(),
            _ => stored::evict_in(&mut tx, new.slot, new.scope, self.caps.versions, id).await?,
        };
        tx.commit().await?;
        Ok(Some((id, evicted)))
    }

    /// Why an upload into `room`'s slot may not be stored: a new slot of a brand that holds its
    /// cap of slots. `None` when it may.
    fn no_room(&self, scope: &str, room: stored::SlotRoom) -> Option<String> {
        if scope == GLOBAL || room.holds || room.slots < i64::from(self.caps.slots) {
            return None;
        }
        Some(format!(
            "This brand holds {} generator slots, the most it may ({}); upload into one of them instead",
            room.slots, self.caps.slots
        ))
    }

    /// The refusal of an upload over the slot cap, audited.
    async fn capped(&self, actor: &Actor, slot: &str, scope: &str, why: String) -> RegistryError {
        if let Err(e) = self.record(actor, "upload", slot, scope, None, "rejected", &why).await {
            return e;
        }
        RegistryError::Capped(why)
    }

    /// Audits the versions an upload evicted and drops their compiled artifacts from the cache
    /// (a failed sweep is logged: the hourly sweep retries it).
    async fn evicted(&self, actor: &Actor, slot: &str, scope: &str, evicted: &[i64]) -> Result<(), RegistryError> {
        if evicted.is_empty() {
            return Ok(());
        }
        let why = format!("over {} versions of the slot", self.caps.versions);
        for id in evicted {
            self.record(actor, "evict", slot, scope, Some(*id), "ok", &why).await?;
        }
        if let Err(e) = self.sweep_cache().await {
            tracing::warn!(error = ?e, "dropping evicted versions' compiled artifacts failed");
        }
        Ok(())
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
        // Not validated yet: compiled without the cache, so a refusal leaves no artifact.
        let prepared = self.prepare(bytes.to_vec(), Validated::No).await.map_err(|e| e.to_string())?;
        // Operators' generators are held to the engine's own per-component caps (more does not
        // compile); brands' to tighter ones.
        if scope != GLOBAL {
            prepared.structure().within(Structure::BRAND)?;
        }
        let label = format!("{slot}@validation");
        let manifest = self.sandbox.describe(&prepared, limits, &label).await.map_err(|e| format!("describe: {e}"))?;
        let view = ManifestView::from(&manifest);
        check_manifest(&manifest)?;
        let granted = self.granted(slot, scope, uploaded_by, &view).await.map_err(|e| format!("{e:?}"))?;
        let content = self
            .sandbox
            .generate(&prepared, limits, &granted, &label, &sampled(&manifest.sample_input))
            .await
            .map_err(|e| format!("smoke call with the sample input: {e}"))?;
        if content.title.is_empty() && content.blocks.iter().all(|b| b.text.is_empty()) {
            return Err("smoke call returned empty content".into());
        }
        // Validated: its compilation is kept, so serving it compiles nothing again.
        let world = prepared.world();
        let (sandbox, bytes) = (self.sandbox.clone(), bytes.to_vec());
        let _ = tokio::task::spawn_blocking(move || sandbox.remember(&bytes, &prepared)).await;
        Ok((view, world))
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
        stored::activate(&self.db, slot, scope, version_id).await?;
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
        if !stored::disable(&self.db, slot, scope).await? {
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
        if !stored::set_limits(&self.db, slot, scope, &json).await? {
            return Err(RegistryError::NotFound(format!("no slot {slot}")));
        }
        self.record(actor, "limits", slot, scope, None, "ok", &json).await?;
        self.refresh().await?;
        self.slot(slot, scope).await
    }

    /// Reloads every slot whose generation changed since this process last looked.
    pub async fn refresh(&self) -> Result<usize, RegistryError> {
        let mut reloaded = 0;
        for row in stored::slots(&self.db).await? {
            let key = (row.slot, row.scope);
            if self.seen.lock().is_ok_and(|seen| seen.get(&key) == Some(&row.generation)) {
                continue;
            }
            let loaded = match row.active_version_id.filter(|_| !row.disabled) {
                Some(version_id) => match self.load(version_id, &key.1, &row.limits).await {
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
                seen.insert(key, row.generation);
            }
            reloaded += 1;
        }
        Ok(reloaded)
    }

    /// Compiles a component on the compile pool: compiling takes up to seconds of CPU, which
    /// would stall every request sharing an async thread, and uploads must not queue compiles
    /// without bound. Only validated components use (and fill) the compile cache.
    async fn prepare(&self, wasm: Vec<u8>, validated: Validated) -> Result<Prepared, PluginError> {
        let sandbox = self.sandbox.clone();
        let compiled = self.compiles.run(COMPILE_BUDGET, move |_| {
            Ok(match validated {
                Validated::Yes => sandbox.prepare(&wasm),
                Validated::No => sandbox.prepare_unvalidated(&wasm),
            })
        });
        compiled.await.map_err(|e| match e {
            CpuError::OverBudget { .. } => PluginError::Invalid(format!("compiling it took over {COMPILE_BUDGET:?}")),
            CpuError::Failed(why) => PluginError::Trap(format!("compile: {why}")),
        })?
    }

    /// Evicts compiled artifacts no slot serves or could roll back to. Returns how many.
    pub async fn sweep_cache(&self) -> Result<usize, RegistryError> {
        let keep: std::collections::HashSet<String> = stored::live_sha256s(&self.db).await?.into_iter().collect();
        let sandbox = self.sandbox.clone();
        tokio::task::spawn_blocking(move || sandbox.evict(&keep))
            .await
            .map_err(|e| RegistryError::Rejected(format!("cache sweep task: {e}")))?
            .map_err(|e| RegistryError::Rejected(format!("cache sweep: {e}")))
    }

    async fn load(&self, version_id: i64, scope: &str, limits_json: &str) -> Result<Loaded, RegistryError> {
        let stored::Component { version, wasm } = stored::component(&self.db, version_id).await?;
        let version = version_view(version)?;
        let prepared = self.prepare(wasm, Validated::Yes).await.map_err(|e| RegistryError::Rejected(e.to_string()))?;
        let limits = Self::limits_of(&version.slot, scope, limits_json)?;
        Ok(Loaded {
            version_id,
            label: format!("{}@{}", version.manifest.name, version.manifest.version),
            capabilities: self.granted(&version.slot, scope, &version.uploaded_by, &version.manifest).await?,
            slot: version.slot,
            scope: scope.to_string(),
            manifest: version.manifest,
            limits,
            prepared,
        })
    }

    /// A slot's limits from their stored JSON: `""` is the scope's defaults; anything else that
    /// does not parse is an error, never a default.
    fn limits_of(slot: &str, scope: &str, json: &str) -> Result<Limits, RegistryError> {
        if json.is_empty() {
            Ok(Self::default_limits(scope))
        } else {
            serde_json::from_str(json).map_err(|e| RegistryError::Rejected(format!("stored limits of {slot}: {e}")))
        }
    }

    /// The version serving `slot` for `brand`: the brand's own when active, else the global one.
    /// The active generator of `slot` for a call in `language`: 503 when none is active, 400
    /// `language_not_available` when it does not write the language. Checked before any charge.
    pub fn writer(
        &self,
        slot: &str,
        brand: Option<&str>,
        language: &crate::languages::Language,
    ) -> Result<Arc<Loaded>, crate::error::Error> {
        let generator = self.resolve(slot, brand).ok_or(crate::error::Error::Unavailable {
            message: "A generator this call needs is not active; retrying later is safe.",
        })?;
        let languages = &generator.manifest.languages;
        if !languages.iter().any(|l| l == language.code) {
            return Err(crate::error::Error::bad_request(
                "language_not_available",
                format!(
                    "The active {slot} generator does not write {} yet; it writes: {}.",
                    language.name,
                    languages.join(", ")
                ),
            ));
        }
        Ok(generator)
    }

    /// The generator serving `slot` for `brand`: the brand's own active version, else the
    /// global one.
    pub fn resolve(&self, slot: &str, brand: Option<&str>) -> Option<Arc<Loaded>> {
        brand.and_then(|b| self.active_in(slot, b)).or_else(|| self.active_in(slot, GLOBAL))
    }

    /// The version active in `slot` for exactly `scope` (a brand's key, or [`GLOBAL`]), with no
    /// falling back to another scope's.
    pub fn active_in(&self, slot: &str, scope: &str) -> Option<Arc<Loaded>> {
        self.active.read().ok()?.get(&(slot.to_string(), scope.to_string())).cloned()
    }

    /// Runs the slot's active generator for `brand`.
    pub async fn generate(
        &self,
        slot: &str,
        brand: Option<&str>,
        request: &Request,
    ) -> Result<(Content, Arc<Loaded>), PluginError> {
        let loaded = self.resolve(slot, brand).ok_or_else(|| PluginError::NoPlugin(slot.to_string()))?;
        self.run(loaded, request).await
    }

    /// Runs `loaded` on `request`.
    pub async fn run(&self, loaded: Arc<Loaded>, request: &Request) -> Result<(Content, Arc<Loaded>), PluginError> {
        let request = super::reading::with_category(request);
        let content = self
            .sandbox
            .generate(&loaded.prepared, loaded.limits, &loaded.capabilities, &loaded.label, &request)
            .await?;
        Ok((content, loaded))
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

/// A manifest's sample request with the host's reading of its input, as every request has.
fn sampled(sample: &super::Request) -> super::Request {
    super::Request { reading: super::reading::to_wit(&crate::reading::of_text(&sample.input)), ..sample.clone() }
}
