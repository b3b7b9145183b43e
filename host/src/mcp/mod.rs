//! The MCP front end: `POST /api/mcp`, Streamable HTTP through `rmcp`: clients of revision
//! 2026-07-28 call statelessly, clients of 2025-11-25 initialize first and get a session
//! (`sessions`: kept in the database, so any replica answers any request either way). It sits
//! behind the same gate as every route (the key, also as `Authorization: Bearer`, checked
//! before any MCP processing); each tool is a thin caller of the operation its HTTP route calls
//! (`tools`), counted against that route's rate group, with idempotency
//! (`_meta.idempotencyKey`), x402 (`_meta["x402/payment"]`) and SOL per job
//! (`_meta.payWith: "sol"`) as over HTTP. Errors are tool results with `isError: true` and the
//! HTTP error body as their structured content.

pub mod apps;
pub mod asking;
pub mod card;
pub mod progress;
pub mod prompts;
pub mod resources;
pub mod sessions;
pub mod stages;
pub mod tasks;
pub mod tools;

use std::sync::Arc;

use axum::http::request::Parts;
#[allow(deprecated)]
use rmcp::model::SetLevelRequestParams;
use rmcp::model::SubscriptionFilter;
use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, CallToolResult, CancelTaskParams, CompleteRequestParams,
    CompleteResult, ContentBlock, CreateTaskResult, GetPromptRequestParams, GetPromptResponse, GetTaskParams,
    GetTaskResult, Implementation, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult,
    ListToolsResult, MetaObject, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse,
    ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{Value, json};

use crate::auth::{Caller, Role};
use crate::error::Error;
use crate::http::openapi::Document;
use crate::http::{AppState, error as http_error, gate, policy, x402 as http_x402};
use crate::idempotency::{self, Begun, Stored};
use tools::Spec;

/// Where the endpoint is mounted.
pub const PATH: &str = "/api/mcp";
/// The `_meta` key of a tool call's idempotency key.
pub const IDEMPOTENCY_META: &str = "idempotencyKey";
/// The `_meta` keys of x402's MCP transport.
pub const PAYMENT_META: &str = "x402/payment";
/// The `_meta` key that picks a rail a call does not carry, as `X-Pay-With` does over HTTP
/// (`"sol"`: a deposit per job).
pub const PAY_WITH_META: &str = "payWith";
pub const PAYMENT_RESPONSE_META: &str = "x402/payment-response";

const INSTRUCTIONS: &str = "Media assets for agents: personalized pitch pages, memes in 23 languages and in a \
brand's voice, captioned audio pages, vertical MP4 renders, bot invites, and MP4 assets paid per asset in SOL. \
Priced tools spend the key's prepaid credits (or a USDC payment over x402 when the service offers it). Jobs \
(audioscript, MP4) answer at once with a jobId: poll their status tool, which is free. Call list_services for \
prices and limits.";

/// The service answering MCP: 2026-07-28 stateless with JSON answers, 2025-11-25 on sessions
/// (`sessions`); hosts and origins of this service only.
pub fn service(state: AppState, doc: Document) -> StreamableHttpService<Server, LocalSessionManager> {
    let config = config(&state);
    let server = Server::new(state, doc);
    let manager = server.sessions().manager();
    StreamableHttpService::new(move || Ok(server.clone()), manager, config)
}

/// What every MCP endpoint of this service keeps to: JSON answers where no stream is needed,
/// sessions for 2025-11-25 kept in the database, the `Host`s and `Origin`s of this service
/// only, its body limit.
pub fn config(state: &AppState) -> StreamableHttpServerConfig {
    let mut config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(true)
        .with_json_response(true)
        .with_allowed_hosts(allowed_hosts(state))
        .with_allowed_origins(allowed_origins(state))
        .with_max_request_body_bytes(state.settings.max_body_bytes);
    config.session_store = Some(sessions::store(&state.db));
    config
}

/// The `Host` names MCP requests may carry (DNS rebinding protection): loopback names, the
/// public URL's host and the operator's public hosts.
fn allowed_hosts(state: &AppState) -> Vec<String> {
    let settings = &state.settings;
    let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "::1"].map(String::from).to_vec();
    hosts.push(settings.listen.ip().to_string());
    hosts.extend(settings.public_url.as_deref().and_then(|u| url::Url::parse(u).ok()?.host_str().map(str::to_string)));
    hosts.extend(settings.public_hosts.iter().cloned());
    hosts
}

/// The browser origins that may call: this service's own (its public URL, or loopback on any
/// port). Requests without `Origin` (agents, not browsers) are not affected. Every entry names
/// its port (`:*` for any), as origins are matched by scheme, host and port.
fn allowed_origins(state: &AppState) -> Vec<String> {
    let mut origins: Vec<String> =
        ["http://localhost:*", "http://127.0.0.1:*", "https://localhost:*", "https://127.0.0.1:*"]
            .map(String::from)
            .to_vec();
    if let Some(url) = state.settings.public_url.as_deref().and_then(|u| url::Url::parse(u).ok())
        && let (Some(host), Some(port)) = (url.host_str(), url.port_or_known_default())
    {
        origins.push(format!("{}://{host}:{port}", url.scheme()));
    }
    origins
}

/// The MCP server: cloned per request and per session; it holds the shared state and this
/// process's sessions.
#[derive(Clone)]
pub struct Server {
    state: AppState,
    doc: Document,
    sessions: sessions::Sessions,
}

impl Server {
    /// The server of `state`, its tools' schemas from the API's description `doc`.
    pub fn new(state: AppState, doc: Document) -> Server {
        let sessions = sessions::Sessions::new(&state.db);
        Server { state, doc, sessions }
    }

    /// Its 2025-11-25 sessions.
    pub fn sessions(&self) -> &sessions::Sessions {
        &self.sessions
    }

    /// The services behind it.
    pub fn services(&self) -> &crate::ctx::Services {
        &self.state.services
    }
}

impl ServerHandler for Server {
    // Logging is declared for 2025-11-25 clients (deprecated by SEP-2577 in 2026-07-28).
    #[allow(deprecated)]
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_tasks()
            .enable_resources()
            .enable_resources_list_changed()
            .enable_prompts()
            .enable_completions()
            .enable_logging()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("asset-service", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        // The same list, in the same order, for every caller: cacheable by anyone for a while.
        let mut listed =
            ListToolsResult::with_all_items(tools::TOOLS.iter().map(|s| tools::describe(s, &self.doc)).collect())
                .with_ttl_ms(TOOLS_TTL_MS);
        listed.cache_scope = Some(CacheScope::Public);
        Ok(listed)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        tools::find(name).map(|spec| tools::describe(spec, &self.doc))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let Some(spec) = tools::find(&request.name) else {
            return Err(McpError::invalid_params(format!("no tool named {:?}; see tools/list", request.name), None));
        };
        asking::check_responses(&request)?;
        let mut parts = parts_of(&context)?;
        let asker = Asker::of(&parts, &context)?;
        // A call answering a sealed question runs with the answer (its state checked first).
        let resumed = match asker {
            Asker::Sealed(key) => asking::resumed(&self.state.request_states, key, &request)?,
            _ => None,
        };
        let arguments = request.arguments.clone().unwrap_or_default();
        let mut run = resumed.unwrap_or(asking::Resumed { arguments, round: 0, confirmed: false });
        loop {
            let mut attempt = request.clone();
            attempt.arguments = Some(run.arguments.clone());
            let question =
                match self.attempt(spec, &parts, &context, attempt, (&asker, run.round, run.confirmed)).await? {
                    Attempt::Answered(response) => return Ok(response),
                    Attempt::Asks(question) => question,
                };
            match asker {
                Asker::Sealed(key) => {
                    let sealed =
                        asking::sealed(&self.state.request_states, key, &request, question, (run.round, run.confirmed));
                    let sealed =
                        sealed.ok_or_else(|| McpError::internal_error("the question could not be sealed", None))?;
                    return Ok(sealed.into());
                }
                // A 2025-11-25 session: asked now, the call goes on with the answer, one request
                // counted once against its rate group.
                Asker::Session | Asker::Never => {
                    run = self.sessions.awaiting(&context, asking::ask(&context.peer, question, run)).await;
                    parts.extensions.insert(Counted);
                }
            }
        }
    }

    /// A 2025-11-25 session hears of changes to its key's resources on its stream while it
    /// lives (2026-07-28 clients ask with `subscriptions/listen`).
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let Some(key) = context.extensions.get::<Parts>().and_then(|parts| key_of(parts).ok()) else { return };
        tokio::spawn(resources::tell_session(self.state.services.clone(), key, context.peer));
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let cursor = request.as_ref().and_then(|r| r.cursor.as_deref());
        resources::list(&self.state.services, key_of(&parts_of(&context)?)?, cursor).await
    }

    /// 2026-07-28's subscriptions: changes to the key's list of resources only (the tools and
    /// prompts change only with a new version).
    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        let mut accepted = SubscriptionFilter::new();
        accepted.resources_list_changed = requested.resources_list_changed;
        Some(accepted)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), McpError> {
        let parts = parts_of(context.request_context())?;
        if context.accepted().resources_list_changed != Some(true) {
            context.cancelled().await;
            return Ok(());
        }
        resources::watch(&self.state.services, key_of(&parts)?, &context).await
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(resources::templates())
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let parts = parts_of(&context)?;
        let base_url = crate::http::base_url(&self.state.settings, &parts.headers);
        if request.uri == apps::VIEWER {
            return Ok(apps::read(&base_url).into());
        }
        let read = resources::read(&self.state.services, key_of(&parts)?, &request.uri, &base_url, modern(&parts));
        Ok(read.await?.into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        let mut listed = ListPromptsResult::with_all_items(prompts::list()).with_ttl_ms(TOOLS_TTL_MS);
        listed.cache_scope = Some(CacheScope::Public);
        Ok(listed)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        Ok(prompts::get(&request.name, &request.arguments.unwrap_or_default())?.into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        prompts::complete(&self.state.services, &request.r#ref, &request.argument).await
    }

    /// Accepted: the service sends no log messages at any level, so none is ever sent unasked.
    /// (2025-11-25's logging; 2026-07-28 removed it, SEP-2577, and rmcp refuses it there.)
    #[allow(deprecated)]
    async fn set_level(
        &self,
        _request: SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        Ok(())
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, McpError> {
        Ok(GetTaskResult::new(self.task_state(parts_of(&context)?, &request.task_id).await?))
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.cancel_task_of(parts_of(&context)?, &request.task_id).await
    }
}

/// How long a client may keep `tools/list`'s answer: it changes only with a new version.
pub(crate) const TOOLS_TTL_MS: u64 = 10 * 60 * 1000;

/// The HTTP request an MCP request came in (the gate has put its caller there).
fn parts_of(context: &RequestContext<RoleServer>) -> Result<Parts, McpError> {
    context
        .extensions
        .get::<Parts>()
        .cloned()
        .ok_or_else(|| McpError::internal_error("the HTTP request is not available", None))
}

/// How a call may ask its person for what a refusal lacks: not at all (the client declares no
/// elicitation), by an `input_required` result sealed for key `.0` (2026-07-28), or by a request
/// on its session while the call waits (2025-11-25).
enum Asker {
    Never,
    Sealed(i64),
    Session,
}

impl Asker {
    fn of(parts: &Parts, context: &RequestContext<RoleServer>) -> Result<Asker, McpError> {
        if context.client_capabilities().is_none_or(|c| c.elicitation.is_none()) {
            return Ok(Asker::Never);
        }
        Ok(if modern(parts) { Asker::Sealed(key_of(parts)?) } else { Asker::Session })
    }

    fn may_ask(&self) -> bool {
        !matches!(self, Asker::Never)
    }
}

/// Marks a request already counted against its rate group (a call that asked and goes on).
#[derive(Clone, Copy)]
struct Counted;

/// One attempt at a call: its answer, or a question for its person.
enum Attempt {
    Answered(CallToolResponse),
    Asks(asking::Question),
}

/// Whether the request speaks revision 2026-07-28 or later.
fn modern(parts: &Parts) -> bool {
    parts.headers.get("mcp-protocol-version").is_some_and(|v| v.as_bytes() >= &b"2026-07-28"[..])
}

/// The calling key (the gate put it on the request before any MCP processing).
fn key_of(parts: &Parts) -> Result<i64, McpError> {
    let caller = parts.extensions.get::<Caller>().ok_or_else(|| McpError::invalid_request("no API key", None))?;
    Ok(caller.key_id)
}

/// How a call ended, before it becomes a tool result.
struct Answer {
    outcome: Result<Value, (Error, Option<Value>)>,
    meta: Option<Value>,
}

impl Server {
    /// One attempt at call `request` (in `round`, `confirmed` or not): its answer, or the
    /// question it asks first (a spending confirmation) or after a refusal a person can answer,
    /// when `asker` may ask.
    async fn attempt(
        &self,
        spec: &'static Spec,
        parts: &Parts,
        context: &RequestContext<RoleServer>,
        request: CallToolRequestParams,
        (asker, round, confirmed): (&Asker, u8, bool),
    ) -> Result<Attempt, McpError> {
        // The client declares the tasks extension per request; only then may a task answer.
        let as_task = context.client_capabilities().is_some_and(|c| c.supports_tasks()) && tasks::may_be_task(spec);
        // rmcp hands a request's `_meta` to the context, not the params.
        let mut meta = context.meta.0.0.clone();
        if let Some(own) = &request.meta {
            meta.extend(own.0.0.clone());
        }
        if let Some(unconfirmed) = self.unconfirmed(spec, (parts, &meta), asker.may_ask(), (round, confirmed)).await? {
            return Ok(unconfirmed);
        }
        let listener = progress::Listener::of(context).filter(|_| !as_task && tasks::may_be_task(spec));
        let response = self.call(spec, parts.clone(), request, meta, as_task).await;
        if let CallToolResponse::Complete(done) = &response
            && asker.may_ask()
            && let Some(question) = asking::question_for(&self.state.services, done, round).await
        {
            return Ok(Attempt::Asks(question));
        }
        Ok(Attempt::Answered(match (listener, response) {
            (Some(listener), CallToolResponse::Complete(done)) => self.follow(spec, parts, done, listener).await.into(),
            (_, response) => response,
        }))
    }

    /// Calls `spec`'s operation for the request's caller: its rate group, the idempotency key
    /// and the x402 payment in `_meta`, then the tool result, or (`as_task`) the task a
    /// successful call becomes; a refusal is answered at once either way.
    async fn call(
        &self,
        spec: &'static Spec,
        mut parts: Parts,
        request: CallToolRequestParams,
        meta: MetaMap,
        as_task: bool,
    ) -> CallToolResponse {
        let request_id = crate::http::observe::mint_request_id();
        let arguments = Value::Object(request.arguments.clone().unwrap_or_default());
        let answer = match self.prepare(spec, &mut parts, &meta).await {
            Ok(()) => self.run(spec, &parts, arguments, &meta, &request_id).await,
            Err(e) => Answer { outcome: Err((e, None)), meta: None },
        };
        let value = answer.outcome.as_ref().ok().filter(|_| as_task).cloned();
        let receipt = answer.meta.clone();
        let done = result(spec, answer, request_id.clone());
        let (Some(value), Some(caller)) = (value, parts.extensions.get::<Caller>()) else { return done.into() };
        match self.open_task(spec, caller.key_id, &value, &done, &request_id).await {
            Ok(task) => {
                let created = CreateTaskResult::new(task);
                match receipt {
                    Some(Value::Object(meta)) => CallToolResponse::Task(created.with_meta(MetaObject(meta))),
                    _ => CallToolResponse::Task(created),
                }
            }
            Err(e) => {
                // The work is done and paid for: its result is the answer the client gets.
                tracing::warn!(tool = spec.name, error = %e, "a task could not be recorded; answered the result");
                done.into()
            }
        }
    }

    /// A call that would spend more credits than its key spends unasked and is not confirmed:
    /// the question, to a client that can be asked and has not declined, else the refusal.
    /// Calls paid another way (x402, SOL) spend no credits and are not held.
    async fn unconfirmed(
        &self,
        spec: &'static Spec,
        (parts, meta): (&Parts, &MetaMap),
        can_ask: bool,
        (round, confirmed): (u8, bool),
    ) -> Result<Option<Attempt>, McpError> {
        let price = spec.service().and_then(crate::catalog::service).and_then(|s| s.credits);
        let Some(credits) =
            price.filter(|_| !confirmed && !meta.contains_key(PAYMENT_META) && !meta.contains_key(PAY_WITH_META))
        else {
            return Ok(None);
        };
        let above = crate::store::accounts::confirm_above(&self.state.db, key_of(parts)?)
            .await
            .map_err(|_| McpError::internal_error("the key's settings could not be read", None))?;
        let Some(above) = above.filter(|above| i64::from(credits) > *above) else { return Ok(None) };
        if can_ask && asking::may_ask_again(round) {
            return Ok(Some(Attempt::Asks(asking::confirmation(spec.name, (credits, above)))));
        }
        let message = format!(
            "This call costs {}; this key's owner asks to confirm spending more than {above} credits, and this client \
             cannot be asked (a client that declares elicitation can). Pay per call over x402, or ask the owner to \
             raise the limit in the dashboard.",
            crate::counted::counted(credits, "credit")
        );
        let refused = Error::Forbidden { code: "confirmation_required", message };
        let answer = Answer { outcome: Err((refused, None)), meta: None };
        Ok(Some(Attempt::Answered(result(spec, answer, crate::http::observe::mint_request_id()).into())))
    }

    /// What the gate does per route, done per tool: the rate group of the tool's route, and the
    /// payment the call carries, attached as the x402 layer attaches it.
    async fn prepare(&self, spec: &'static Spec, parts: &mut Parts, meta: &MetaMap) -> Result<(), Error> {
        let caller = parts.extensions.get::<Caller>().cloned().ok_or(gate::MISSING_KEY)?;
        let route = policy::find(spec.method(), spec.path());
        let counted = parts.extensions.get::<Counted>().is_some();
        if let Some(group) = route.and_then(|r| r.group()).filter(|_| caller.role != Role::Operator && !counted) {
            gate::admit(&self.state, group, &gate::key_subject(&caller)).await?;
        }
        if let Some(rail) = meta.get(PAY_WITH_META) {
            let value = rail.as_str().and_then(|r| axum::http::HeaderValue::from_str(r).ok());
            let value =
                value.ok_or_else(|| Error::bad_request("invalid_pay_with", "`_meta.payWith` must be a string."))?;
            parts.headers.insert(crate::http::PAY_WITH, value);
        }
        if let (Some(payload), Some(rail)) = (meta.get(PAYMENT_META), self.state.x402.clone()) {
            if !route.is_some_and(|r| r.takes_x402()) {
                return Err(Error::bad_request("x402_not_accepted", "This tool is not paid per call over x402."));
            }
            let payment = http_x402::payment_of(rail, payload.clone(), self.resource(spec, parts))?;
            parts.extensions.insert(Arc::new(payment));
        }
        Ok(())
    }

    /// The x402 resource a tool's payment is for: its HTTP route on this service.
    fn resource(&self, spec: &Spec, parts: &Parts) -> String {
        format!("{}{}", crate::http::base_url(&self.state.settings, &parts.headers), spec.path())
    }

    /// Runs the operation, once per idempotency key when the call names one.
    async fn run(
        &self,
        spec: &'static Spec,
        parts: &Parts,
        arguments: Value,
        meta: &MetaMap,
        request_id: &str,
    ) -> Answer {
        let ctx = match crate::http::context(&self.state, parts, request_id.to_string()).await {
            Ok(ctx) => ctx,
            Err(e) => return Answer { outcome: Err((e, None)), meta: None },
        };
        let payment = meta.get(PAYMENT_META);
        let payment_id = payment.and_then(crate::billing::x402::wire::payment_identifier);
        let idem_key = meta.get(IDEMPOTENCY_META).map(|k| k.as_str().unwrap_or_default().to_string());
        if spec.method() != "POST" || (payment_id.is_none() && idem_key.is_none()) {
            return self.execute(spec, ctx, arguments, parts).await;
        }
        let operation = policy::find(spec.method(), spec.path()).and_then(|r| r.operation).unwrap_or(spec.path());
        let db = self.state.db.clone();
        let by = idempotency::By { request: request_id, holder: self.state.detached.holder() };
        // A payment identifier names the record when there is one (its payload is part of what
        // a replay must match), else the idempotency key.
        let begun = match (payment_id, payment) {
            (Some(id), Some(payment)) => {
                let hash = idempotency::fingerprint(operation, format!("{arguments}\n{payment}").as_bytes());
                idempotency::begin_paid(&db, ctx.caller.key_id, &id, &hash, by).await
            }
            _ => {
                let hash = idempotency::fingerprint(operation, arguments.to_string().as_bytes());
                idempotency::begin(&db, ctx.caller.key_id, &idem_key.unwrap_or_default(), &hash, by).await
            }
        };
        let ticket = match begun {
            Ok(Begun::Fresh(ticket)) => ticket,
            Ok(Begun::Replay(stored)) => {
                let value = serde_json::from_slice(&stored.body).unwrap_or(Value::Null);
                let mut replayed = json!({"idempotentReplayed": true});
                for (name, receipt) in stored.headers {
                    replayed[name] = serde_json::from_str(&receipt).unwrap_or(Value::Null);
                }
                return Answer { outcome: Ok(value), meta: Some(replayed) };
            }
            Err(e) => return Answer { outcome: Err((e, None)), meta: None },
        };
        // Detached, like the HTTP middleware: a client that goes away cannot leave the key
        // `running`, and the lease is renewed while the operation runs.
        let (server, parts, held) = (self.clone(), parts.clone(), ticket.clone());
        let work = async move {
            let renewing = tokio::spawn(idempotency::keep_renewed(db.clone(), held.clone()));
            let answer = server.execute(spec, ctx, arguments, &parts).await;
            renewing.abort();
            let receipt = answer.meta.as_ref().and_then(|m| m.get(PAYMENT_RESPONSE_META)).map(Value::to_string);
            let stored = answer.outcome.as_ref().ok().map(|value| Stored {
                status: 200,
                content_type: Some("application/json".into()),
                body: value.to_string().into_bytes(),
                headers: receipt.map(|r| (PAYMENT_RESPONSE_META.to_string(), r)).into_iter().collect(),
            });
            idempotency::finish(&db, &held, stored.as_ref()).await;
            answer
        };
        match self.state.detached.spawn(work).await {
            Ok(answer) => answer,
            Err(e) => {
                idempotency::finish(&self.state.db, &ticket, None).await;
                Answer { outcome: Err((Error::internal(format!("tool task: {e}")), None)), meta: None }
            }
        }
    }

    /// The operation itself; a payment it was made with leaves its receipt in `_meta`, a 402
    /// leaves what to pay.
    async fn execute(&self, spec: &'static Spec, ctx: crate::ctx::Ctx, arguments: Value, parts: &Parts) -> Answer {
        let payment = parts.extensions.get::<Arc<crate::billing::Payment>>().cloned();
        let outcome = (spec.call)(&ctx, arguments).await;
        let receipt = payment.as_ref().and_then(|p| p.receipt.get().cloned());
        let meta = receipt.map(|r| json!({ PAYMENT_RESPONSE_META: r }));
        match outcome {
            Ok(mut value) => {
                // Done and kept, its settlement unanswered: the answer says so and where to look.
                if let (Some(id), Some(fields)) =
                    (payment.as_ref().and_then(|p| p.pending.get()), value.as_object_mut())
                {
                    fields.insert("settlement".into(), http_x402::settlement(id, &ctx.base_url));
                }
                Answer { outcome: Ok(value), meta }
            }
            Err(e) => {
                let required = match (http_error::due(&e), self.state.x402.as_deref()) {
                    (Some(due), Some(rail)) => {
                        let (message, _) = e.message_and_details();
                        let resource = self.resource(spec, parts);
                        http_x402::payment_required(
                            rail,
                            &due,
                            &message,
                            &resource,
                            spec.method(),
                            spec.path(),
                            Some(&self.doc),
                        )
                    }
                    _ => None,
                };
                Answer { outcome: Err((e, required)), meta }
            }
        }
    }
}

type MetaMap = serde_json::Map<String, Value>;

/// The tool result: the operation's answer as structured content and as text; an error as
/// `isError: true` with the HTTP error body (and x402's payment requirements on a 402).
fn result(spec: &Spec, answer: Answer, request_id: String) -> CallToolResult {
    let mut result = match answer.outcome {
        Ok(value) => {
            let text = serde_json::to_string_pretty(&value).unwrap_or_default();
            let mut done = CallToolResult::success(vec![ContentBlock::text(text)]);
            done.structured_content = Some(value);
            done
        }
        Err((error, required)) => {
            tracing::info!(tool = spec.name, code = error.code(), "tool call refused");
            let body = http_error::body_of(&error, Some(request_id));
            let text = format!("{} ({}): {}", error.code(), http_error::status(error.kind()).as_u16(), body.message);
            let mut structured = serde_json::to_value(&body).unwrap_or(Value::Null);
            structured["status"] = json!(http_error::status(error.kind()).as_u16());
            if let (Some(Value::Object(required)), Some(fields)) = (required, structured.as_object_mut()) {
                fields.extend(required);
            }
            let mut failed = CallToolResult::error(vec![ContentBlock::text(text)]);
            failed.structured_content = Some(structured);
            failed
        }
    };
    if let Some(Value::Object(meta)) = answer.meta {
        result.meta = Some(MetaObject(meta));
    }
    result
}
