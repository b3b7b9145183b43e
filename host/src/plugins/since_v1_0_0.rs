//! `asset:generator@1.0.0`: its bindings and the host functions as that world declares them.
//! A released world is frozen, and so is this module: a later world gets a module of its own
//! (`since_v1_1_0`), becomes `latest`, and this one converts between its types and the
//! latest's (here they are the same types, since 1.0.0 is the latest).

use super::sandbox::CallState;

wasmtime::component::bindgen!({
    path: "../wit/1.0.0",
    world: "generator",
    imports: { default: async | trappable },
    exports: { default: async },
});

use asset::generator::host::{self, CompletionRequest, HostError, LogLevel, PageSummary};
use asset::generator::types;

/// The world's name, as components built against it import it.
pub const WORLD: &str = "asset:generator@1.0.0";

/// Adds this world's host functions to `linker`.
pub fn add_to_linker(linker: &mut wasmtime::component::Linker<CallState>) -> wasmtime::Result<()> {
    Generator::add_to_linker::<CallState, wasmtime::component::HasSelf<CallState>>(linker, |state| state)
}

impl types::Host for CallState {}

impl host::Host for CallState {
    async fn complete(&mut self, request: CompletionRequest) -> wasmtime::Result<Result<String, HostError>> {
        Ok(self.complete(request).await)
    }

    async fn fetch_summary(&mut self, url: String) -> wasmtime::Result<Result<PageSummary, HostError>> {
        Ok(self.fetch_summary(url).await)
    }

    async fn log(&mut self, level: LogLevel, message: String) -> wasmtime::Result<()> {
        self.log(level, &message);
        Ok(())
    }
}
