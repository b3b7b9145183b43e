//! `asset:generator@1.0.0`: its bindings, the host functions as that world declares them, and
//! the conversions between its types and the latest world's. Frozen: components built against
//! it are served unchanged; a request's reading (1.1.0) is simply not passed to them.

use super::host::CallState;
use super::latest::asset::generator::{host as new_host, types as new};

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
        let CompletionRequest { system, prompt, max_tokens } = request;
        let asked = new_host::CompletionRequest { system, prompt, max_tokens, json_schema: None };
        Ok(self.complete(asked).await.map_err(HostError::from))
    }

    async fn fetch_summary(&mut self, url: String) -> wasmtime::Result<Result<PageSummary, HostError>> {
        let summary = self.fetch_summary(url).await.map_err(HostError::from)?;
        let new_host::PageSummary { url, title, description, text } = summary;
        Ok(Ok(PageSummary { url, title, description, text }))
    }

    async fn log(&mut self, level: LogLevel, message: String) -> wasmtime::Result<()> {
        let level = match level {
            LogLevel::Debug => new_host::LogLevel::Debug,
            LogLevel::Info => new_host::LogLevel::Info,
            LogLevel::Warn => new_host::LogLevel::Warn,
            LogLevel::Error => new_host::LogLevel::Error,
        };
        self.log(level, &message);
        Ok(())
    }
}

impl From<new_host::HostError> for HostError {
    fn from(e: new_host::HostError) -> Self {
        match e {
            new_host::HostError::Denied(c) => HostError::Denied(c.into()),
            new_host::HostError::QuotaExceeded(c) => HostError::QuotaExceeded(c.into()),
            new_host::HostError::Unavailable(m) => HostError::Unavailable(m),
            new_host::HostError::Rejected(m) => HostError::Rejected(m),
        }
    }
}

impl From<new::Capability> for types::Capability {
    fn from(c: new::Capability) -> Self {
        match c {
            new::Capability::Completion => types::Capability::Completion,
            new::Capability::FetchSummary => types::Capability::FetchSummary,
        }
    }
}

impl From<types::Capability> for new::Capability {
    fn from(c: types::Capability) -> Self {
        match c {
            types::Capability::Completion => new::Capability::Completion,
            types::Capability::FetchSummary => new::Capability::FetchSummary,
        }
    }
}

impl From<&new::Request> for types::Request {
    fn from(r: &new::Request) -> Self {
        types::Request {
            task: r.task.clone(),
            kind: r.kind.clone(),
            input: r.input.clone(),
            language: r.language.clone(),
            seed: r.seed,
            brand: r.brand.clone().map(|b| types::Brand {
                key: b.key,
                name: b.name,
                voice: b.voice,
                hashtag: b.hashtag,
                token: b.token,
            }),
            options: r.options.clone(),
        }
    }
}

/// A 1.0.0 request in the latest types: the reading is left for the host to make.
impl From<types::Request> for new::Request {
    fn from(r: types::Request) -> Self {
        new::Request {
            task: r.task,
            kind: r.kind,
            input: r.input,
            language: r.language,
            seed: r.seed,
            brand: r.brand.map(|b| new::Brand {
                key: b.key,
                name: b.name,
                voice: b.voice,
                hashtag: b.hashtag,
                token: b.token,
            }),
            options: r.options,
            reading: super::reading::empty(),
        }
    }
}

impl From<types::Manifest> for new::Manifest {
    fn from(m: types::Manifest) -> Self {
        new::Manifest {
            name: m.name,
            version: m.version,
            description: m.description,
            tasks: m.tasks,
            kinds: m.kinds,
            languages: m.languages,
            capabilities: m.capabilities.into_iter().map(Into::into).collect(),
            sample_input: m.sample_input.into(),
        }
    }
}

impl From<types::Content> for new::Content {
    fn from(c: types::Content) -> Self {
        new::Content {
            title: c.title,
            blocks: c
                .blocks
                .into_iter()
                .map(|b| new::Block { role: b.role, text: b.text, attributes: b.attributes })
                .collect(),
            tags: c.tags,
        }
    }
}

impl From<types::GenerateError> for new::GenerateError {
    fn from(e: types::GenerateError) -> Self {
        match e {
            types::GenerateError::InvalidInput(m) => new::GenerateError::InvalidInput(m),
            types::GenerateError::UnsupportedTask(m) => new::GenerateError::UnsupportedTask(m),
            types::GenerateError::UnsupportedLanguage(m) => new::GenerateError::UnsupportedLanguage(m),
            types::GenerateError::HostFailure(m) => new::GenerateError::HostFailure(m),
            types::GenerateError::Internal(m) => new::GenerateError::Internal(m),
        }
    }
}
