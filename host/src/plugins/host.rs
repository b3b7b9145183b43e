//! What a plugin's call holds and what the host does for it: the call's state (WASI granting
//! nothing, its memory cap, its quotas and its captured log) and the host functions every WIT
//! world links to it (a completion from the operator's model, a page summary through the SSRF
//! guard, a log line), each within the call's deadline and quota.

use std::sync::Arc;
use std::time::Instant;

use wasmtime::component::ResourceTable;
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

use super::latest::asset::generator::host::{CompletionRequest, HostError, LogLevel, PageSummary};
use super::latest::asset::generator::types::Capability;
use crate::model::ModelClient;
use crate::net::{FetchError, Guard, page};

/// What the host offers plugins beyond WASI: the operator's model and the guarded fetcher.
pub struct HostServices {
    pub model: Option<ModelClient>,
    pub guard: Guard,
}

impl Default for HostServices {
    fn default() -> Self {
        // No model, no exceptions: what tests and benchmarks run with. Building a client with
        // the default TLS setup does not fail.
        HostServices { model: None, guard: Guard::new(Vec::new(), None).expect("the default TLS setup builds") }
    }
}

/// Longest prompt (system + user) a plugin may send, in bytes.
const MAX_PROMPT_BYTES: usize = 32 * 1024;
/// Longest completion handed back to a plugin, in bytes.
const MAX_ANSWER_BYTES: usize = 16 * 1024;

/// The host's per-call state: WASI (which grants nothing), quotas and captured output.
pub struct CallState {
    pub(super) services: Arc<HostServices>,
    /// Host calls may not outlive the plugin's wall-clock budget.
    pub(super) deadline: Instant,
    pub(super) wasi: WasiCtx,
    pub(super) table: ResourceTable,
    pub(super) limiter: MemoryCap,
    pub(super) granted: Vec<Capability>,
    pub(super) completions_left: u32,
    pub(super) fetches_left: u32,
    pub(super) log_left: usize,
    pub(super) label: String,
}

impl WasiView for CallState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView { ctx: &mut self.wasi, table: &mut self.table }
    }
}

/// A cap on all of a call's memories together (a component with many memories gets no more
/// than one with one), which remembers it refused, so the resulting trap is reported as memory.
pub(super) struct MemoryCap {
    max_bytes: usize,
    /// Bytes of every memory of the call so far (creating a memory counts as growing from 0).
    used: usize,
    pub(super) exceeded: bool,
}

impl MemoryCap {
    pub(super) fn new(max_bytes: usize) -> MemoryCap {
        MemoryCap { max_bytes, used: 0, exceeded: false }
    }
}

impl wasmtime::ResourceLimiter for MemoryCap {
    fn memory_growing(&mut self, current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        let after = (self.used + desired).saturating_sub(current);
        if after > self.max_bytes {
            self.exceeded = true;
            return Ok(false);
        }
        self.used = after;
        Ok(true)
    }

    fn table_growing(&mut self, _current: usize, desired: usize, _maximum: Option<usize>) -> wasmtime::Result<bool> {
        Ok(desired <= 100_000)
    }
}

/// One use of `capability` from a call's quota `left`, if the call was granted it.
fn spend(granted: &[Capability], capability: Capability, left: &mut u32) -> Result<(), HostError> {
    if !granted.contains(&capability) {
        return Err(HostError::Denied(capability));
    }
    if *left == 0 {
        return Err(HostError::QuotaExceeded(capability));
    }
    *left -= 1;
    Ok(())
}

/// The host functions, in the latest world's types; each world's module exposes them to its
/// guests (converting where its types differ).
impl CallState {
    pub(super) async fn complete(&mut self, request: CompletionRequest) -> Result<String, HostError> {
        spend(&self.granted, Capability::Completion, &mut self.completions_left)?;
        if request.system.len() + request.prompt.len() > MAX_PROMPT_BYTES {
            return Err(HostError::Rejected(format!("prompts are limited to {MAX_PROMPT_BYTES} bytes")));
        }
        let Some(model) = &self.services.model else {
            return Err(HostError::Unavailable("no model is configured".into()));
        };
        let schema = match request.json_schema.as_deref().map(serde_json::from_str::<serde_json::Value>) {
            Some(Ok(schema)) if schema.is_object() => Some(schema),
            Some(_) => return Err(HostError::Rejected("json-schema is not a JSON Schema object".into())),
            None => None,
        };
        let asked = model.complete(&request.system, &request.prompt, request.max_tokens, schema.as_ref());
        match tokio::time::timeout_at(self.deadline.into(), asked).await {
            Ok(Ok(answer)) => Ok(truncate(&answer, MAX_ANSWER_BYTES).to_string()),
            Ok(Err(why)) => Err(HostError::Unavailable(why)),
            Err(_) => Err(HostError::Unavailable("the model did not answer within the plugin's time budget".into())),
        }
    }

    pub(super) async fn fetch_summary(&mut self, url: String) -> Result<PageSummary, HostError> {
        spend(&self.granted, Capability::FetchSummary, &mut self.fetches_left)?;
        let fetched = tokio::time::timeout_at(self.deadline.into(), self.services.guard.get(&url))
            .await
            .map_err(|_| HostError::Unavailable("the page did not load within the plugin's time budget".into()))?;
        let (final_url, content_type, body) = fetched.map_err(|e| match e {
            FetchError::BadUrl(_) | FetchError::Blocked(_) => HostError::Rejected(e.to_string()),
            e => HostError::Unavailable(e.to_string()),
        })?;
        if !content_type.as_deref().is_some_and(|ct| ct.starts_with("text/html") || ct.starts_with("text/plain")) {
            return Err(HostError::Rejected("not a web page".into()));
        }
        let summary = page::summarize(&String::from_utf8_lossy(&body));
        Ok(PageSummary {
            url: final_url.to_string(),
            title: summary.title,
            description: summary.description,
            text: summary.text,
        })
    }

    pub(super) fn log(&mut self, level: LogLevel, message: &str) {
        let allowed = message.len().min(self.log_left);
        if allowed == 0 {
            return;
        }
        self.log_left -= allowed;
        let text = truncate(message, allowed);
        let plugin = self.label.as_str();
        match level {
            LogLevel::Debug => tracing::debug!(plugin, "{text}"),
            LogLevel::Info => tracing::info!(plugin, "{text}"),
            LogLevel::Warn => tracing::warn!(plugin, "{text}"),
            LogLevel::Error => tracing::error!(plugin, "{text}"),
        }
    }
}

fn truncate(text: &str, max: usize) -> &str {
    let mut end = max.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
