//! Generator plugins: WebAssembly components of the `asset:generator` world, run in a sandbox
//! (`sandbox`), stored and hot-swapped per slot (`registry`), managed over the admin API
//! (`routes`), with the built-in generators embedded in the binary (`BUILTINS`).

pub mod registry;
pub mod routes;
pub mod sandbox;

/// The world every stored version is recorded against (`plugin_versions.world`).
pub const WORLD: &str = "asset:generator@1.0.0";

/// Bindings of `asset:generator@1.0.0`. A later world version gets a module of its own beside
/// this one, and the registry records which world each stored version implements.
pub mod bindings {
    wasmtime::component::bindgen!({
        path: "../wit/1.0.0",
        world: "generator",
        imports: { default: async | trappable },
        exports: { default: async },
    });
}

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/builtins.rs"));
}

pub use bindings::asset::generator::types::{Block, Brand, Capability, Content, GenerateError, Manifest, Request};
pub use registry::{Actor, Registry, RegistryError};
pub use sandbox::{HostServices, Limits, PluginError, Sandbox};

/// The built-in generators as `(slot, component bytes)`: every crate of `plugins/` except the
/// shared guest crate and the template.
pub fn builtins() -> Vec<(&'static str, &'static [u8])> {
    embedded::COMPONENTS.iter().copied().filter(|(name, _)| !matches!(*name, "guest" | "template")).collect()
}

/// The template generator of `plugins/template`, a working example for brand admins.
pub fn template() -> Option<&'static [u8]> {
    embedded::COMPONENTS.iter().find(|(name, _)| *name == "template").map(|(_, bytes)| *bytes)
}

/// Polls the database so this replica serves activations made on others within seconds.
pub async fn follow_activations(registry: std::sync::Arc<Registry>) {
    let mut tick = tokio::time::interval(std::time::Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tick.tick().await;
        if let Err(e) = registry.refresh().await {
            tracing::warn!(error = ?e, "plugin refresh failed");
        }
    }
}
