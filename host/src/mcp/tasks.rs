//! MCP tasks (the `io.modelcontextprotocol/tasks` extension, SEP-2663): a client that declares
//! the extension on a call of a tool whose work is a job (or, for page generation, may be one)
//! is answered a task instead of the result. A task that follows a job is read through the job's
//! status tool, so `tasks/get` answers what that tool answers; `tasks/cancel` does what
//! `POST …/{jobId}/cancel` does. Tasks are rows, so any replica answers for any task.

use std::time::Duration;

use rmcp::ErrorData as McpError;
use rmcp::model::{CallToolResult, DetailedTask, JsonObject, Task, TaskPayload, TaskStatus};
use serde_json::{Map, Value, json};

use super::stages::{job_of, progress_of};
use super::tools::{self, Spec};
use super::{Answer, MetaMap, Server, result};
use crate::catalog;
use crate::dates::iso8601;
use crate::error::Error;
use crate::store::tasks::{Follows, TaskRow};

/// How long a task is kept after it is made (its `ttlMs`): a day, as long as its files are hosted.
pub const TTL_MS: u64 = 24 * 3600 * 1000;
/// How often to poll a task: the status rate group allows 60 reads a minute, for every job.
pub const POLL_INTERVAL_MS: u64 = 2_000;

/// Whether a call of `spec` is answered as a task to a client that declared the extension: its
/// service is a job, or (page generation) may answer one.
pub fn may_be_task(spec: &Spec) -> bool {
    !tools::finishers(spec).is_empty()
}

impl Server {
    /// The task a successful call of `spec` becomes: following the job its answer names (the job
    /// id is the task's, so a replayed call answers the same task), or holding `done` when the
    /// work finished within the call. Recorded before it is answered, as the extension requires.
    pub(super) async fn open_task(
        &self,
        spec: &Spec,
        key_id: i64,
        answer: &Value,
        done: &CallToolResult,
        request_id: &str,
    ) -> Result<Task, Error> {
        let row = match job_of(answer)["jobId"].as_str() {
            Some(job_id) => TaskRow {
                id: job_id.to_string(),
                tool: spec.name.to_string(),
                follows: Follows::Job {
                    service: self.service_of_job(spec, key_id, job_id).await?,
                    job_id: job_id.into(),
                },
                created_at: crate::store::now_ms(),
            },
            None => TaskRow {
                id: format!("task_{request_id}"),
                tool: spec.name.to_string(),
                follows: Follows::Result(serde_json::to_string(done).map_err(Error::internal)?),
                created_at: crate::store::now_ms(),
            },
        };
        let row = crate::store::tasks::open(&self.state.db, key_id, &row).await?;
        let (status, message) = match &row.follows {
            Follows::Job { service, .. } => state_of(answer, &self.payee(service)),
            Follows::Result(_) => (TaskStatus::Completed, None),
        };
        Ok(seed(&row, status, message, None))
    }

    /// Where a job of catalog service `service` waiting for its deposit is paid.
    fn payee(&self, service: &str) -> Payee<'_> {
        Payee {
            wallet: self.state.sol_chain.as_deref().map(|chain| chain.treasury()),
            network: &self.state.settings.sol_network,
            check: tools::check_of(service).map(|tool| tool.name),
        }
    }

    /// The catalog service whose status tool reads job `job_id`: the tool's own where it has
    /// one, else the job's kind (page generation queues an audioscript).
    pub(super) async fn service_of_job(&self, spec: &Spec, key_id: i64, job_id: &str) -> Result<String, Error> {
        if let Some(id) = spec.service().filter(|id| tools::of_service(id).1.is_some()) {
            return Ok(id.to_string());
        }
        let job = crate::store::jobs::get(&self.state.db, job_id, key_id).await?;
        job.map(|j| j.kind).ok_or_else(|| Error::internal(format!("{} answered job {job_id}, not found", spec.name)))
    }

    /// `tasks/get`: the task as it stands, read through its job's status tool.
    pub(super) async fn task_state(
        &self,
        parts: axum::http::request::Parts,
        id: &str,
    ) -> Result<DetailedTask, McpError> {
        let row = self.task_of(&parts, id).await?;
        let (service, job_id) = match &row.follows {
            Follows::Job { service, job_id } => (service, job_id),
            Follows::Result(stored) => {
                let result: JsonObject = serde_json::from_str(stored).unwrap_or_default();
                let task = seed(&row, TaskStatus::Completed, None, None);
                return Ok(DetailedTask::new(task, TaskPayload::Completed { result }));
            }
        };
        let status_tool = tools::of_service(service).1.ok_or_else(|| unknown(id))?;
        let request_id = crate::http::observe::mint_request_id();
        let answer = self.read_job(status_tool, parts, job_id, Duration::ZERO, &request_id).await;
        let view = match &answer.outcome {
            Ok(view) => view.clone(),
            Err((e, _)) => return Err(rpc_error(e, id)),
        };
        let (status, message) = state_of(&view, &self.payee(service));
        let task = seed(&row, status, message, Some(&view));
        let payload = match status {
            TaskStatus::Completed => {
                let done = result(status_tool, answer, request_id);
                TaskPayload::Completed { result: object_of(&done) }
            }
            TaskStatus::Cancelled => TaskPayload::Cancelled,
            _ => TaskPayload::Working,
        };
        Ok(DetailedTask::new(task, payload))
    }

    /// `tasks/cancel`: a task following a job that has a cancel route cancels it as that route
    /// does (its payment released); the acknowledgement says nothing more, as the extension
    /// has it: a job that finished, or one a deposit paid (found by this cancel too), runs on,
    /// and `tasks/get` tells. A job whose deposit cannot be looked for now (the node unreadable)
    /// is not cancelled: an error carrying the 503 body and its `retryAfter`, to try again.
    pub(super) async fn cancel_task_of(&self, parts: axum::http::request::Parts, id: &str) -> Result<(), McpError> {
        let row = self.task_of(&parts, id).await?;
        let Follows::Job { service, job_id } = &row.follows else { return Ok(()) };
        let Some(status) = catalog::service(service).and_then(|s| s.status_route) else { return Ok(()) };
        if crate::http::policy::find("POST", &format!("{status}/cancel")).is_none() {
            // An asset job's quote stands until it lapses; a deposit is never given back.
            return Ok(());
        }
        let ctx = crate::http::context(&self.state, &parts, crate::http::observe::mint_request_id())
            .await
            .map_err(|e| rpc_error(&e, id))?;
        let no_view = |_: &Value, _: &str| Map::new();
        match crate::jobs::cancel(&ctx, job_id, service, no_view).await {
            Ok(_) | Err(Error::Conflict { .. }) => Ok(()),
            Err(e) => Err(rpc_error(&e, id)),
        }
    }

    /// The caller's task `id`; another key's, or a forgotten one, is unknown (-32602).
    async fn task_of(&self, parts: &axum::http::request::Parts, id: &str) -> Result<TaskRow, McpError> {
        let caller = parts.extensions.get::<crate::auth::Caller>().ok_or_else(|| unknown(id))?;
        let row = crate::store::tasks::get(&self.state.db, id, caller.key_id)
            .await
            .map_err(|e| rpc_error(&Error::from(e), id))?;
        row.ok_or_else(|| unknown(id))
    }

    /// Reads job `job_id` through `status_tool`, counted in its rate group as a call of it is;
    /// an unfinished job is answered when it changes or `wait` (whole seconds) is over.
    pub(super) async fn read_job(
        &self,
        status_tool: &'static Spec,
        mut parts: axum::http::request::Parts,
        job_id: &str,
        wait: Duration,
        request_id: &str,
    ) -> Answer {
        let meta = MetaMap::new();
        let arguments = json!({"jobId": job_id, "wait": wait.as_secs()});
        match self.prepare(status_tool, &mut parts, &meta).await {
            Ok(()) => self.run(status_tool, &parts, arguments, &meta, request_id).await,
            Err(e) => Answer { outcome: Err((e, None)), meta: None },
        }
    }
}

/// A task's fields: made when its row was, last changed when its job was (or when made).
fn seed(row: &TaskRow, status: TaskStatus, message: Option<String>, view: Option<&Value>) -> Task {
    let created = iso8601(row.created_at);
    let updated = view.and_then(last_updated).unwrap_or_else(|| created.clone());
    let mut task =
        Task::new(&row.id, status, created, updated).with_ttl_ms(TTL_MS).with_poll_interval_ms(POLL_INTERVAL_MS);
    task.status_message = message;
    task
}

/// When a job last changed, from its status: a job's `updatedAt`, an asset job's latest step.
fn last_updated(view: &Value) -> Option<String> {
    let job = job_of(view);
    if let Some(ms) = job["updatedAt"].as_i64() {
        return Some(iso8601(ms));
    }
    ["deliveredAt", "paidAt", "createdAt"].iter().find_map(|k| job[*k].as_str().map(str::to_string))
}

/// Where a job waiting for its SOL deposit is paid (an asset job's status names only its quote)
/// and the tool that claims the deposit.
pub(super) struct Payee<'a> {
    pub wallet: Option<String>,
    pub network: &'a str,
    pub check: Option<&'static str>,
}

/// Where a job is, as the extension says it, from what its status tool answers: finished jobs
/// are `completed` (a failed one too: its failure is the tool's answer, not a protocol error),
/// a cancelled one `cancelled`, the rest `working`, with what it waits for.
fn state_of(view: &Value, payee: &Payee<'_>) -> (TaskStatus, Option<String>) {
    let job = job_of(view);
    match job["status"].as_str().unwrap_or_default() {
        "succeeded" | "DELIVERED" => (TaskStatus::Completed, Some("Done.".into())),
        "failed" if job["error"]["code"] == "cancelled" => {
            (TaskStatus::Cancelled, Some("Cancelled; its payment was released.".into()))
        }
        "failed" | "RENDER_FAILED" | "EXPIRED" => {
            let why = job["error"]["message"].as_str().unwrap_or("it did not finish");
            (TaskStatus::Completed, Some(format!("Failed: {why}")))
        }
        "awaiting_payment" | "AWAITING_PAYMENT" => (TaskStatus::Working, Some(deposit_note(view, payee))),
        _ => (TaskStatus::Working, Some(progress_of(view).1)),
    }
}

/// What a task waiting for its deposit says, so an agent that got only the task can pay: the
/// exact amount, where, until when, and how to have it claimed.
fn deposit_note(view: &Value, payee: &Payee<'_>) -> String {
    let (payment, quote) = (&view["payment"], &job_of(view)["quote"]);
    let field = |name: &str| payment.get(name).or_else(|| quote.get(name)).cloned().unwrap_or(Value::Null);
    let wallet = payment["wallet"].as_str().map(str::to_string).or_else(|| payee.wallet.clone());
    let (Some(lamports), Some(wallet)) = (field("amountLamports").as_u64(), wallet) else {
        return "Waiting for its SOL deposit.".into();
    };
    let network = payment["network"].as_str().unwrap_or(payee.network);
    let expires = field("expiresAt");
    let until = expires.as_str().map(|at| format!(" before {at}")).unwrap_or_default();
    let then = payee.check.map(|tool| format!(", then call {tool}")).unwrap_or_default();
    let sol = crate::billing::sol::sol_text(lamports);
    format!(
        "Waiting for its SOL deposit: send exactly {lamports} lamports ({sol} SOL) to {wallet} on {network} by a \
         plain transfer{until}{then}."
    )
}

/// A tool result as the JSON object a completed task holds.
fn object_of(result: &CallToolResult) -> JsonObject {
    match serde_json::to_value(result) {
        Ok(Value::Object(object)) => object,
        _ => JsonObject::new(),
    }
}

/// The extension's answer to a task id it does not know.
fn unknown(id: &str) -> McpError {
    McpError::invalid_params(format!("no task {id:?} for this key (tasks are kept a day)"), None)
}

/// A refusal while reading or cancelling a task, as a JSON-RPC error with the HTTP error body:
/// a job gone is an unknown task, a client's mistake (a rate limit) an invalid request.
fn rpc_error(error: &Error, id: &str) -> McpError {
    let status = crate::http::error::status(error.kind());
    if status == axum::http::StatusCode::NOT_FOUND {
        return unknown(id);
    }
    let mut body = serde_json::to_value(crate::http::error::body_of(error, None)).unwrap_or(Value::Null);
    body["status"] = json!(status.as_u16());
    let message = body["message"].as_str().unwrap_or("refused").to_string();
    if status.is_client_error() {
        McpError::invalid_request(message, Some(body))
    } else {
        McpError::internal_error(message, Some(body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_map_to_task_states_and_only_job_tools_become_tasks() {
        let payee = Payee { wallet: Some("Treasury1".into()), network: "devnet", check: Some("check_asset_job") };
        let state = |view: Value| state_of(&view, &payee).0;
        assert_eq!(state(json!({"status": "queued"})), TaskStatus::Working);
        assert_eq!(state(json!({"status": "awaiting_payment"})), TaskStatus::Working);
        assert_eq!(state(json!({"status": "running"})), TaskStatus::Working);
        assert_eq!(state(json!({"status": "succeeded"})), TaskStatus::Completed);
        assert_eq!(state(json!({"status": "failed", "error": {"code": "render_failed"}})), TaskStatus::Completed);
        assert_eq!(state(json!({"status": "failed", "error": {"code": "cancelled"}})), TaskStatus::Cancelled);
        assert_eq!(state(json!({"status": "PAID"})), TaskStatus::Working);
        assert_eq!(state(json!({"status": "DELIVERED"})), TaskStatus::Completed);
        assert_eq!(state(json!({"job": {"status": "DELIVERED"}})), TaskStatus::Completed, "an asset job's status");
        // A waiting job's task tells an agent that has only the task how to pay.
        let asset = json!({"job": {"status": "AWAITING_PAYMENT",
            "quote": {"amountLamports": 1_700_001, "amountSol": 0.001700001, "expiresAt": "2026-11-29T10:00:00.000Z"}}});
        assert_eq!(
            state_of(&asset, &payee).1.as_deref(),
            Some(
                "Waiting for its SOL deposit: send exactly 1700001 lamports (0.001700001 SOL) to Treasury1 on devnet \
                 by a plain transfer before 2026-11-29T10:00:00.000Z, then call check_asset_job."
            )
        );
        let job = json!({"status": "awaiting_payment", "payment": {"wallet": "W", "network": "mainnet-beta",
            "amountLamports": 5, "amountSol": 0.000000005, "expiresAt": "2026-11-29T10:00:00.000Z"}});
        assert!(
            state_of(&job, &payee).1.unwrap().contains("exactly 5 lamports (0.000000005 SOL) to W on mainnet-beta")
        );
        let tasked: Vec<&str> = tools::TOOLS.iter().filter(|t| may_be_task(t)).map(|t| t.name).collect();
        assert_eq!(tasked, ["create_audioscript", "request_mp4", "generate_page", "create_asset_job"]);
        assert_eq!(last_updated(&json!({"updatedAt": 0})).as_deref(), Some("1970-01-01T00:00:00.000Z"));
    }
}
