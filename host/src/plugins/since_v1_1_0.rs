//! `asset:generator@1.1.0`, the latest world: its bindings and the host functions as it
//! declares them. 1.1.0 adds the host's reading of the input to every request. Frozen once
//! released, like every world: a later one gets a module of its own.

use super::host::CallState;

wasmtime::component::bindgen!({
    path: "../wit/1.1.0",
    world: "generator",
    imports: { default: async | trappable },
    exports: { default: async },
});

use asset::generator::host::{self, CompletionRequest, HostError, LogLevel, PageSummary};
use asset::generator::types;

/// The world's name, as components built against it import it.
pub const WORLD: &str = "asset:generator@1.1.0";

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
