//! Which world a component implements, read from the component itself, and the calls
//! dispatched to that world's bindings. Every world version the host serves is one variant
//! here; results come back in the latest world's types.

use wasmtime::Store;
use wasmtime::component::{Component, InstancePre};

use super::host::CallState;
use super::latest::asset::generator::types::{Content, GenerateError, Manifest, Request};
use super::{since_v1_0_0, since_v1_1_0};

/// A world version the host serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum World {
    V1_0_0,
    V1_1_0,
}

/// The package every world version belongs to.
const PACKAGE: &str = "asset:generator";

impl World {
    /// Every world served, newest first.
    pub const ALL: [World; 2] = [World::V1_1_0, World::V1_0_0];

    /// The world's name with its version, e.g. `asset:generator@1.0.0`.
    pub fn name(self) -> &'static str {
        match self {
            World::V1_0_0 => since_v1_0_0::WORLD,
            World::V1_1_0 => since_v1_1_0::WORLD,
        }
    }

    fn version(self) -> &'static str {
        self.name().rsplit_once('@').map_or("", |(_, v)| v)
    }

    /// The world `component` implements: the version of every `asset:generator` interface it
    /// imports must be the world's, and its exports must type-check against the world's
    /// (`pre` is the component linked against every world's imports). A component that
    /// imports nothing of ours is told apart by its exports alone.
    pub(super) fn of(component: &Component, pre: &InstancePre<CallState>) -> Result<(World, Pre), String> {
        let engine = pre.engine();
        let imported: Vec<String> = component
            .component_type()
            .imports(engine)
            .filter_map(|(name, _)| name.strip_prefix(PACKAGE).map(str::to_string))
            .collect();
        let mut refusals = Vec::new();
        for world in World::ALL {
            if let Some(other) =
                imported.iter().find(|name| name.rsplit_once('@').map(|(_, v)| v) != Some(world.version()))
            {
                refusals.push(format!("{}: imports {PACKAGE}{other}", world.name()));
                continue;
            }
            let checked = match world {
                World::V1_0_0 => since_v1_0_0::GeneratorPre::new(pre.clone()).map(Pre::V1_0_0),
                World::V1_1_0 => since_v1_1_0::GeneratorPre::new(pre.clone()).map(Pre::V1_1_0),
            };
            match checked {
                Ok(pre) => return Ok((world, pre)),
                Err(e) => refusals.push(format!("{}: {e:#}", world.name())),
            }
        }
        Err(format!("the component implements none of the served worlds ({})", refusals.join("; ")))
    }
}

/// A component linked and type-checked against its world.
#[derive(Clone)]
pub(super) enum Pre {
    V1_0_0(since_v1_0_0::GeneratorPre<CallState>),
    V1_1_0(since_v1_1_0::GeneratorPre<CallState>),
}

/// An instance of a component, called through its world's bindings.
pub(super) enum Instance {
    V1_0_0(since_v1_0_0::Generator),
    V1_1_0(since_v1_1_0::Generator),
}

impl Pre {
    pub(super) async fn instantiate(&self, store: &mut Store<CallState>) -> wasmtime::Result<Instance> {
        Ok(match self {
            Pre::V1_0_0(pre) => Instance::V1_0_0(pre.instantiate_async(store).await?),
            Pre::V1_1_0(pre) => Instance::V1_1_0(pre.instantiate_async(store).await?),
        })
    }
}

impl Instance {
    pub(super) async fn describe(&self, store: &mut Store<CallState>) -> wasmtime::Result<Manifest> {
        match self {
            Instance::V1_0_0(generator) => generator.call_describe(store).await.map(Into::into),
            Instance::V1_1_0(generator) => generator.call_describe(store).await,
        }
    }

    pub(super) async fn generate(
        &self,
        store: &mut Store<CallState>,
        request: &Request,
    ) -> wasmtime::Result<Result<Content, GenerateError>> {
        match self {
            Instance::V1_0_0(generator) => {
                let made = generator.call_generate(store, &request.into()).await?;
                Ok(made.map(Into::into).map_err(Into::into))
            }
            Instance::V1_1_0(generator) => generator.call_generate(store, request).await,
        }
    }
}
