//! Generator plugins: WebAssembly components of an `asset:generator` world, run in a sandbox
//! (`sandbox`), stored and hot-swapped per slot (`registry`), managed over the admin API
//! (`routes`), with the built-in generators embedded in the binary (the `builtins` crate).
//! Replicas follow activations made elsewhere through the `plugin-follower` background task. Each
//! world version has its bindings in a `since_v*` module; `world` reads which one a component
//! implements and dispatches calls to it.

pub mod host;
pub mod reading;
pub mod registry;
pub mod routes;
pub mod sandbox;
pub mod since_v1_0_0;
pub mod since_v1_1_0;
pub mod world;

/// The newest world: the types the host works in. Older worlds' modules convert to them.
pub use since_v1_1_0 as latest;

pub use latest::asset::generator::types::{
    Block, Brand, Capability, Content, GenerateError, Manifest, Reading as WitReading, Request, SubjectKind,
};
pub use registry::{Actor, Registry, RegistryError};
pub use sandbox::{HostServices, Limits, PluginError, Sandbox};
pub use world::World;

/// The built-in generators as `(slot, component bytes)`: every crate of `plugins/` except the
/// shared guest crate and the template.
pub fn builtins() -> Vec<(&'static str, &'static [u8])> {
    builtins::COMPONENTS.iter().copied().filter(|(name, _)| !matches!(*name, "guest" | "template")).collect()
}

/// The template generator of `plugins/template`, a working example for brand admins.
pub fn template() -> Option<&'static [u8]> {
    builtins::COMPONENTS.iter().find(|(name, _)| *name == "template").map(|(_, bytes)| *bytes)
}

/// Content as JSON for responses.
pub fn content_json(content: &Content) -> serde_json::Value {
    serde_json::json!({
        "title": content.title,
        "tags": content.tags,
        "blocks": content.blocks.iter().map(|b| serde_json::json!({
            "role": b.role,
            "text": b.text,
            "attributes": b.attributes.iter().map(|(k, v)| (k.clone(), serde_json::Value::from(v.clone()))).collect::<serde_json::Map<_, _>>(),
        })).collect::<Vec<_>>(),
    })
}

/// A generator seed derived from a public id, so the same asset can be regenerated identically.
/// The things a generator's model said a picture of the content could show: the `draw`
/// attribute of its first block that has one (see the guests' `DRAW`), unchecked.
pub fn said_to_draw(content: &Content) -> Option<&str> {
    content.blocks.iter().flat_map(|b| &b.attributes).find(|(key, _)| key == "draw").map(|(_, value)| value.as_str())
}

pub fn seed_of(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
