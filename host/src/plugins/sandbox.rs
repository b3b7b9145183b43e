//! The sandbox every generator runs in: one wasmtime `Engine` (pooling allocator, fuel, epoch
//! interruption), one linker with a WASI that grants nothing but clocks, random and captured
//! stdio, and a fresh `Store` per call with the slot's limits.
//!
//! A trap, a timeout, exhausted fuel or memory, or output over the cap comes back as a
//! [`PluginError`]; nothing a guest does can take the host down.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use wasmtime::component::{Component, Linker, ResourceTable};
use wasmtime::{Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig, Store, Trap, UpdateDeadline};
use wasmtime_wasi::WasiCtx;
use wasmtime_wasi::p2::pipe::MemoryOutputPipe;

use super::host::MemoryCap;
pub use super::host::{CallState, HostServices};
use super::latest::asset::generator::types::{self as wit, Capability};
use super::world::{Instance, Pre, World};

/// How often the epoch advances; timeouts are counted in these ticks.
const EPOCH_TICK: Duration = Duration::from_millis(5);
/// Calls that may run at once across all plugins (pool slots) unless the operator sets another
/// number: each reserves the address space of its memories (4 GiB and a guard apiece, virtual
/// only), so a process under a tight address-space limit (or valgrind) runs with fewer.
pub const DEFAULT_SLOTS: u32 = crate::config::defaults::PLUGIN_SLOTS;
/// What one component may instantiate, whatever its scope: the pool holds a slot's worth of
/// each per slot, so no call (of any accepted component) can take
/// another call's share and make it answer busy.
const CORE_INSTANCES_PER_COMPONENT: u32 = 16;
const MEMORIES_PER_COMPONENT: u32 = 4;
const TABLES_PER_COMPONENT: u32 = 16;

/// What one call of a plugin may use. Global slots get [`Limits::GLOBAL`], brand slots the
/// tighter [`Limits::BRAND`]; a slot may override either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// Linear memory, in MiB: all of the component's memories together.
    pub memory_mib: u32,
    /// Instruction budget (wasmtime fuel units, about one per instruction).
    pub fuel: u64,
    /// Wall-clock budget of one call, in milliseconds.
    pub timeout_ms: u64,
    /// Largest accepted content (sum of all strings), in KiB.
    pub output_kib: u32,
    /// Captured stdout + stderr + `log` per call, in KiB.
    pub log_kib: u32,
    /// `host.complete` calls per `generate` call.
    pub completions: u32,
    /// `host.fetch-summary` calls per `generate` call.
    pub fetches: u32,
}

impl Limits {
    pub const GLOBAL: Limits = Limits {
        memory_mib: 64,
        fuel: 2_000_000_000,
        timeout_ms: 2_000,
        output_kib: 256,
        log_kib: 16,
        completions: 4,
        fetches: 2,
    };
    pub const BRAND: Limits = Limits {
        memory_mib: 32,
        fuel: 500_000_000,
        timeout_ms: 1_000,
        output_kib: 64,
        log_kib: 4,
        completions: 2,
        fetches: 1,
    };
}

/// Why a plugin call produced no content.
#[derive(Debug, Clone)]
pub enum PluginError {
    /// The bytes are not a component, or not one of this world.
    Invalid(String),
    /// The wall-clock budget ran out.
    Timeout,
    /// The instruction budget ran out.
    OutOfFuel,
    /// The plugin tried to grow memory past its cap.
    OutOfMemory,
    /// The guest trapped (a panic, a stack overflow, an illegal operation).
    Trap(String),
    /// The guest returned something unusable (too large, empty, malformed).
    InvalidOutput(String),
    /// The guest refused the request with one of the world's errors.
    Refused(wit::GenerateError),
    /// Every sandbox slot is in use.
    Busy,
    /// No active plugin serves this slot.
    NoPlugin(String),
}

impl std::fmt::Display for PluginError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PluginError::Invalid(why) => write!(f, "not a valid generator component: {why}"),
            PluginError::Timeout => write!(f, "the generator ran out of time"),
            PluginError::OutOfFuel => write!(f, "the generator ran out of its instruction budget"),
            PluginError::OutOfMemory => write!(f, "the generator exceeded its memory limit"),
            PluginError::Trap(why) => write!(f, "the generator crashed: {why}"),
            PluginError::InvalidOutput(why) => write!(f, "the generator returned invalid output: {why}"),
            PluginError::Refused(e) => match e {
                wit::GenerateError::InvalidInput(m) => write!(f, "invalid input: {m}"),
                wit::GenerateError::UnsupportedTask(m) => write!(f, "unsupported task: {m}"),
                wit::GenerateError::UnsupportedLanguage(m) => write!(f, "unsupported language: {m}"),
                wit::GenerateError::HostFailure(m) => write!(f, "host service failed: {m}"),
                wit::GenerateError::Internal(m) => write!(f, "generator error: {m}"),
            },
            PluginError::Busy => write!(f, "all generator sandboxes are busy"),
            PluginError::NoPlugin(slot) => write!(f, "no active generator for {slot}"),
        }
    }
}

/// A component ready to call: pre-instantiated against the sandbox's linker, with the world
/// it was found to implement.
pub struct Prepared {
    world: World,
    pre: Pre,
    /// Memories and tables its instantiation creates.
    structure: Structure,
    /// The compiled code, for the cache once the component is validated.
    component: Component,
    /// Whether `component` was read from the compile cache.
    cached: bool,
}

impl Prepared {
    pub fn world(&self) -> World {
        self.world
    }

    pub fn structure(&self) -> Structure {
        self.structure
    }
}

/// How many memories and tables a component creates when instantiated, for the per-scope caps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Structure {
    pub memories: u32,
    pub tables: u32,
}

impl Structure {
    /// At most this for brands' generators: a generator built the usual way has one memory and
    /// a few tables.
    pub const BRAND: Structure = Structure { memories: 2, tables: 8 };

    /// `Err` with the reason when `self` is more than `cap` allows.
    pub fn within(self, cap: Structure) -> Result<(), String> {
        if self.memories > cap.memories || self.tables > cap.tables {
            return Err(format!(
                "the component creates {} memories and {} tables; at most {} and {} are allowed here",
                self.memories, self.tables, cap.memories, cap.tables
            ));
        }
        Ok(())
    }
}

/// The engine settings the sandbox's limits do not depend on: the pooling allocator sized for
/// `slots` calls at once of the largest component it accepts, copy-on-write memory images,
/// and batched memory resets.
pub fn engine_config(slots: u32) -> Config {
    let mut pool = PoolingAllocationConfig::default();
    pool.total_component_instances(slots)
        .max_core_instances_per_component(CORE_INSTANCES_PER_COMPONENT)
        .max_memories_per_component(MEMORIES_PER_COMPONENT)
        .max_tables_per_component(TABLES_PER_COMPONENT)
        .total_core_instances(slots * CORE_INSTANCES_PER_COMPONENT)
        .total_memories(slots * MEMORIES_PER_COMPONENT)
        .total_tables(slots * TABLES_PER_COMPONENT)
        .total_stacks(slots)
        .max_memory_size(Limits::GLOBAL.memory_mib as usize * 1024 * 1024)
        // Resets are `madvise` calls whose TLB shootdowns stall calls running on the other
        // cores; batching them lifted 4-caller throughput from ~14k to ~24k calls/s here.
        .decommit_batch_size(32);
    let mut config = Config::new();
    config.memory_init_cow(true).allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    config
}

/// The engine, the linker and the compile cache.
pub struct Sandbox {
    services: Arc<HostServices>,
    engine: Engine,
    linker: Linker<CallState>,
    cache_dir: Option<PathBuf>,
    engine_key: String,
}

impl Sandbox {
    /// Builds the engine and starts its epoch clock. `cache_dir` keeps compiled components.
    pub fn new(cache_dir: Option<PathBuf>, services: HostServices) -> Result<Sandbox, String> {
        Sandbox::with_slots(cache_dir, services, DEFAULT_SLOTS)
    }

    /// The sandbox the settings describe: its compile cache in the data folder,
    /// `plugin_slots` calls at once, and the services plugins may call: the model (when
    /// configured) and the guarded fetcher (`guard`, shared with the rest of the process so its
    /// client is built once).
    pub fn from_settings(settings: &crate::config::Settings, guard: crate::net::Guard) -> Result<Sandbox, String> {
        let model = match &settings.model_url {
            Some(url) => Some(crate::model::ModelClient::new(
                url,
                &settings.model_name,
                settings.model_api_key.clone(),
                Duration::from_secs(settings.model_timeout_secs.max(1)),
            )?),
            None => None,
        };
        let cache = Some(settings.plugin_cache_dir.clone().unwrap_or_else(|| settings.data_dir.join("plugin-cache")));
        Sandbox::with_slots(cache, HostServices { model, guard }, settings.plugin_slots)
    }

    /// A sandbox running at most `slots` (at least 1) plugin calls at once.
    pub fn with_slots(cache_dir: Option<PathBuf>, services: HostServices, slots: u32) -> Result<Sandbox, String> {
        let mut config = engine_config(slots.max(1));
        config.epoch_interruption(true).consume_fuel(true).max_wasm_stack(512 * 1024);
        let engine = Engine::new(&config).map_err(|e| format!("wasmtime engine: {e}"))?;
        let mut linker = Linker::new(&engine);
        wasmtime_wasi::p2::add_to_linker_async(&mut linker).map_err(|e| format!("linking WASI: {e}"))?;
        // Every served world's host functions, side by side: their interface names carry their
        // versions, so they never clash.
        super::since_v1_0_0::add_to_linker(&mut linker).map_err(|e| format!("linking host imports: {e}"))?;
        super::since_v1_1_0::add_to_linker(&mut linker).map_err(|e| format!("linking host imports: {e}"))?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        engine.precompile_compatibility_hash().hash(&mut hasher);
        let engine_key = format!("{:016x}", hasher.finish());
        let weak = engine.weak();
        std::thread::Builder::new()
            .name("wasm-epoch".into())
            .spawn(move || {
                while let Some(engine) = weak.upgrade() {
                    engine.increment_epoch();
                    drop(engine);
                    std::thread::sleep(EPOCH_TICK);
                }
            })
            .map_err(|e| format!("epoch thread: {e}"))?;
        if let Some(dir) = &cache_dir {
            std::fs::create_dir_all(dir).map_err(|e| format!("plugin cache {}: {e}", dir.display()))?;
        }
        Ok(Sandbox { services: Arc::new(services), engine, linker, cache_dir, engine_key })
    }

    /// Compiles `bytes` (or loads them from the on-disk cache, keyed by content hash and engine)
    /// and reads which served world the component implements. Blocking (compiling is CPU work
    /// and the cache is files): async callers run it on a blocking thread.
    pub fn prepare(&self, bytes: &[u8]) -> Result<Prepared, PluginError> {
        let prepared = self.prepare_unvalidated(bytes)?;
        self.remember(bytes, &prepared);
        Ok(prepared)
    }

    /// Like [`Sandbox::prepare`], but writes nothing to the compile cache: for bytes not
    /// validated yet (an upload), so a refused component leaves no artifact behind. It still
    /// reads the cache: an artifact there is the compilation of these very bytes, which passed
    /// validation before (the first start of a server sharing a cache compiles nothing).
    pub fn prepare_unvalidated(&self, bytes: &[u8]) -> Result<Prepared, PluginError> {
        if let Some(component) = self.cached(bytes) {
            return self.link(component, true);
        }
        let component = Component::new(&self.engine, bytes).map_err(|e| PluginError::Invalid(format!("{e:#}")))?;
        self.link(component, false)
    }

    /// Keeps the compiled `prepared` of `bytes`, now validated, in the compile cache, unless it
    /// came from there. Blocking. A cache that cannot be written costs only a compile later.
    pub fn remember(&self, bytes: &[u8], prepared: &Prepared) {
        let Some(path) = self.cache_path(bytes).filter(|_| !prepared.cached) else { return };
        let Ok(artifact) = prepared.component.serialize() else { return };
        // The file starts with the artifact's SHA-256, checked before the artifact is trusted;
        // it is written under a name no other writer uses, then renamed (replacing a damaged
        // one), so readers never see half a file.
        static WRITES: AtomicU64 = AtomicU64::new(0);
        let unique = format!("partial-{}-{}", std::process::id(), WRITES.fetch_add(1, Ordering::Relaxed));
        let partial = path.with_extension(unique);
        let mut file = Sha256::digest(&artifact).to_vec();
        file.extend_from_slice(&artifact);
        if std::fs::write(&partial, file).is_ok() && std::fs::rename(&partial, &path).is_err() {
            let _ = std::fs::remove_file(&partial);
        }
    }

    fn link(&self, component: Component, cached: bool) -> Result<Prepared, PluginError> {
        let pre = self.linker.instantiate_pre(&component).map_err(|e| PluginError::Invalid(format!("{e:#}")))?;
        let (world, pre) = World::of(&component, &pre).map_err(PluginError::Invalid)?;
        let required = component
            .resources_required()
            .ok_or_else(|| PluginError::Invalid("the component instantiates modules it imports".into()))?;
        // Past the engine's per-component caps the component would not have compiled.
        let structure = Structure { memories: required.num_memories, tables: required.num_tables };
        Ok(Prepared { world, pre, structure, component, cached })
    }

    /// Where the artifact of `bytes` for this engine is cached, if there is a cache.
    fn cache_path(&self, bytes: &[u8]) -> Option<PathBuf> {
        let dir = self.cache_dir.as_ref()?;
        Some(dir.join(format!("{}-{}.cwasm", hex::encode(Sha256::digest(bytes)), self.engine_key)))
    }

    fn cached(&self, bytes: &[u8]) -> Option<Component> {
        let file = std::fs::read(self.cache_path(bytes)?).ok()?;
        deserialize_cached(&self.engine, &file)
    }

    /// Removes compiled artifacts of components not in `keep` (by SHA-256) or of another
    /// engine, and temporary files a crash left (older than an hour). Blocking. Returns how
    /// many files went.
    pub fn evict(&self, keep: &std::collections::HashSet<String>) -> std::io::Result<usize> {
        let Some(dir) = &self.cache_dir else { return Ok(0) };
        let mut removed = 0;
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let stale = match name.strip_suffix(".cwasm").and_then(|stem| stem.split_once('-')) {
                Some((sha, engine)) => !keep.contains(sha) || engine != self.engine_key,
                None => {
                    name.contains(".partial-")
                        && entry.metadata()?.modified()?.elapsed().is_ok_and(|age| age > Duration::from_secs(3600))
                }
            };
            if stale {
                std::fs::remove_file(entry.path())?;
                removed += 1;
            }
        }
        Ok(removed)
    }

    /// Calls `describe`.
    pub async fn describe(
        &self,
        prepared: &Prepared,
        limits: Limits,
        label: &str,
    ) -> Result<wit::Manifest, PluginError> {
        self.run(prepared, limits, &[], label, async |generator, store| generator.describe(store).await).await
    }

    /// Calls `generate` with `request` under `limits`, granting `capabilities`.
    pub async fn generate(
        &self,
        prepared: &Prepared,
        limits: Limits,
        capabilities: &[Capability],
        label: &str,
        request: &wit::Request,
    ) -> Result<wit::Content, PluginError> {
        let result = self
            .run(prepared, limits, capabilities, label, async |generator, store| {
                generator.generate(store, request).await
            })
            .await?;
        let content = result.map_err(PluginError::Refused)?;
        check_output(&content, limits)?;
        Ok(content)
    }

    async fn run<R>(
        &self,
        prepared: &Prepared,
        limits: Limits,
        capabilities: &[Capability],
        label: &str,
        call: impl AsyncFnOnce(&Instance, &mut Store<CallState>) -> wasmtime::Result<R>,
    ) -> Result<R, PluginError> {
        let log_cap = limits.log_kib as usize * 1024;
        let (stdout, stderr) = (MemoryOutputPipe::new(log_cap), MemoryOutputPipe::new(log_cap));
        let mut wasi = WasiCtx::builder();
        wasi.stdout(stdout.clone())
            .stderr(stderr.clone())
            .allow_tcp(false)
            .allow_udp(false)
            .allow_ip_name_lookup(false);
        let deadline = Instant::now() + Duration::from_millis(limits.timeout_ms);
        let state = CallState {
            services: self.services.clone(),
            deadline,
            wasi: wasi.build(),
            table: ResourceTable::new(),
            limiter: MemoryCap::new(limits.memory_mib as usize * 1024 * 1024),
            granted: capabilities.to_vec(),
            completions_left: limits.completions,
            fetches_left: limits.fetches,
            log_left: log_cap,
            label: label.to_string(),
        };
        let mut store = Store::new(&self.engine, state);
        store.limiter(|state| &mut state.limiter);
        store.set_fuel(limits.fuel).map_err(|e| PluginError::Trap(e.to_string()))?;
        // Yield to the executor every tick (other requests keep being served) and stop the
        // guest once its wall-clock budget is spent.
        store.set_epoch_deadline(1);
        store.epoch_deadline_callback(move |_| {
            if Instant::now() >= deadline { Ok(UpdateDeadline::Interrupt) } else { Ok(UpdateDeadline::Yield(1)) }
        });
        let outcome = match prepared.pre.instantiate(&mut store).await {
            Ok(generator) => call(&generator, &mut store).await,
            Err(e) => Err(e),
        };
        flush_stdio(label, &stdout, &stderr);
        let memory_exceeded = store.data().limiter.exceeded;
        outcome.map_err(|e| classify(e, memory_exceeded))
    }
}

/// Loads an artifact this process (or an earlier one) wrote into the cache, if its checksum
/// holds.
#[allow(unsafe_code)]
fn deserialize_cached(engine: &Engine, file: &[u8]) -> Option<Component> {
    let (sum, artifact) = file.split_at_checked(32)?;
    if Sha256::digest(artifact).as_slice() != sum {
        return None;
    }
    // SAFETY: `Component::deserialize` trusts its input as native code. The cache folder is the
    // operator's (in the service's data folder unless `plugin_cache_dir` names another) and
    // only ever receives `Component::serialize` output of an engine with the same
    // compatibility hash (part of the file name), of components that were validated first, and
    // the checksum above rules out a torn or altered file; wasmtime still checks the
    // artifact's header and engine settings and refuses a mismatch.
    unsafe { Component::deserialize(engine, artifact) }.ok()
}

fn classify(error: wasmtime::Error, memory_exceeded: bool) -> PluginError {
    if memory_exceeded {
        return PluginError::OutOfMemory;
    }
    match error.downcast_ref::<Trap>() {
        Some(Trap::OutOfFuel) => PluginError::OutOfFuel,
        Some(Trap::Interrupt) => PluginError::Timeout,
        Some(Trap::AllocationTooLarge) => PluginError::OutOfMemory,
        Some(trap) => PluginError::Trap(trap.to_string()),
        None if error.downcast_ref::<wasmtime::PoolConcurrencyLimitError>().is_some() => PluginError::Busy,
        None => PluginError::Trap(format!("{error:#}")),
    }
}

/// Content must fit the output cap and say something.
/// The shape any generator's content must keep, beyond the byte cap: every block becomes
/// layout, pictures or frames, so the count of blocks (overall and per role that is drawn one
/// picture each) and the length of each text are bounded. Documented in `plugins/README.md`.
pub mod shape {
    /// Blocks in one content.
    pub const BLOCKS: usize = 64;
    /// Blocks of a role drawn as one picture each: carousel cards, slides, beats.
    pub const PER_ROLE: &[(&str, usize)] = &[("card", 12), ("slide", 12), ("beat", 60)];
    /// Characters of one block's text, of the title, and of one attribute value.
    pub const TEXT_CHARS: usize = 2_000;
    /// Attributes of one block, and tags of one content.
    pub const ATTRIBUTES: usize = 16;
    pub const TAGS: usize = 16;
}

fn check_shape(content: &wit::Content) -> Result<(), String> {
    for (role, cap) in shape::PER_ROLE {
        let count = content.blocks.iter().filter(|b| b.role == *role).count();
        if count > *cap {
            return Err(format!("{count} `{role}` blocks exceed the cap of {cap}"));
        }
    }
    if content.blocks.len() > shape::BLOCKS {
        return Err(format!("{} blocks exceed the cap of {}", content.blocks.len(), shape::BLOCKS));
    }
    if content.tags.len() > shape::TAGS {
        return Err(format!("{} tags exceed the cap of {}", content.tags.len(), shape::TAGS));
    }
    let long = |text: &str| text.chars().count() > shape::TEXT_CHARS;
    if long(&content.title) || content.tags.iter().any(|t| long(t)) {
        return Err(format!("a title or tag is over {} characters", shape::TEXT_CHARS));
    }
    for block in &content.blocks {
        if long(&block.text) || block.attributes.iter().any(|(_, v)| long(v)) {
            return Err(format!("a `{}` block is over {} characters", block.role, shape::TEXT_CHARS));
        }
        if block.attributes.len() > shape::ATTRIBUTES {
            return Err(format!("a `{}` block has over {} attributes", block.role, shape::ATTRIBUTES));
        }
    }
    Ok(())
}

/// What the host checks of a generator's content before using it: the byte cap of `limits`,
/// at least one block, and the [`shape`]. Public for the fuzz harness.
pub fn check_output(content: &wit::Content, limits: Limits) -> Result<(), PluginError> {
    let size = content.title.len()
        + content.tags.iter().map(String::len).sum::<usize>()
        + content
            .blocks
            .iter()
            .map(|b| b.role.len() + b.text.len() + b.attributes.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>())
            .sum::<usize>();
    if size > limits.output_kib as usize * 1024 {
        return Err(PluginError::InvalidOutput(format!("{size} bytes exceed the {} KiB cap", limits.output_kib)));
    }
    if content.blocks.is_empty() {
        return Err(PluginError::InvalidOutput("no blocks".into()));
    }
    check_shape(content).map_err(PluginError::InvalidOutput)
}

fn flush_stdio(label: &str, stdout: &MemoryOutputPipe, stderr: &MemoryOutputPipe) {
    for (stream, pipe) in [("stdout", stdout), ("stderr", stderr)] {
        let bytes = pipe.contents();
        if !bytes.is_empty() {
            let text = String::from_utf8_lossy(&bytes);
            tracing::info!(plugin = label, stream, output = %text.trim_end(), "plugin output");
        }
    }
}

/// The sha256 of component bytes, as stored and shown.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}
