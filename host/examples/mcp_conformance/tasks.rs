//! The tasks extension's fixtures (SEP-2663): `greet` (never a task), `slow_compute`,
//! `failing_job` (a task or nothing), `protocol_error_job`, `confirm_delete` and `multi_input`
//! (tasks that wait for the client's answers) and `test_tool_with_task` (asks first, then
//! becomes a task). Their tasks live in this process's memory, beside the service's own, which
//! follow jobs.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::ErrorData as McpError;
use rmcp::model::{
    CallToolResult, ContentBlock, CreateTaskResult, DetailedTask, ErrorCode, InputRequests, InputResponses, JsonObject,
    Task, TaskPayload, TaskStatus,
};
use serde_json::{Value, json};

/// How long a fixture task stays readable, and how often to poll it.
const TTL_MS: u64 = 10 * 60 * 1000;
const POLL_MS: u64 = 200;
/// The tools that become tasks (`failing_job` only ever as one).
pub const TASK_TOOLS: [&str; 6] =
    ["slow_compute", "failing_job", "protocol_error_job", "confirm_delete", "multi_input", "test_tool_with_task"];

/// One fixture task: its state and, while it runs, the work to stop on cancel.
struct Entry {
    task: Task,
    payload: TaskPayload,
    work: Option<tokio::task::AbortHandle>,
    /// What a waiting task completes with once every request is answered.
    then: Option<String>,
}

#[derive(Clone, Default)]
pub struct Tasks {
    entries: Arc<Mutex<HashMap<String, Entry>>>,
}

fn now() -> String {
    asset_host::dates::iso8601(asset_host::store::now_ms())
}

fn result_object(result: &CallToolResult) -> JsonObject {
    let mut value = serde_json::to_value(result).unwrap_or_default();
    if let Some(fields) = value.as_object_mut() {
        fields.insert("resultType".into(), json!("complete"));
    }
    value.as_object().cloned().unwrap_or_default()
}

pub fn text(text: &str) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// The elicitation each waiting fixture asks, by key.
fn asks(tool: &str) -> InputRequests {
    let ask = |message: &str| {
        serde_json::from_value(json!({"method": "elicitation/create", "params": {"mode": "form", "message": message,
            "requestedSchema": {"type": "object", "properties": {"confirm": {"type": "boolean"}}, "required": ["confirm"]}}}))
            .expect("a fixed elicitation")
    };
    match tool {
        "multi_input" => InputRequests::from([
            ("first".to_string(), ask("First question?")),
            ("second".to_string(), ask("Second question?")),
        ]),
        _ => InputRequests::from([("confirm".to_string(), ask("Delete the item?"))]),
    }
}

impl Tasks {
    /// Creates the task `tool` runs as (readable before this returns) and starts it.
    pub fn start(&self, tool: &str, arguments: &JsonObject, name: Option<String>) -> CreateTaskResult {
        let id = format!("task_{}", uuid_like());
        let stamp = now();
        let task = Task::new(&id, TaskStatus::Working, stamp.clone(), stamp)
            .with_ttl_ms(TTL_MS)
            .with_poll_interval_ms(POLL_MS);
        let waiting = matches!(tool, "confirm_delete" | "multi_input");
        let payload =
            if waiting { TaskPayload::InputRequired { input_requests: asks(tool) } } else { TaskPayload::Working };
        let then = waiting.then(|| format!("{tool} done"));
        let entry = Entry { task: task.clone(), payload, work: None, then };
        self.entries.lock().expect("tasks").insert(id.clone(), entry);
        if !waiting {
            let work = tokio::spawn(run(self.clone(), id.clone(), tool.to_string(), arguments.clone(), name));
            if let Some(entry) = self.entries.lock().expect("tasks").get_mut(&id) {
                entry.work = Some(work.abort_handle());
            }
        }
        let mut shown = task;
        shown.status = if waiting { TaskStatus::InputRequired } else { TaskStatus::Working };
        CreateTaskResult::new(shown)
    }

    fn settle(&self, id: &str, payload: TaskPayload) {
        if let Some(entry) = self.entries.lock().expect("tasks").get_mut(id)
            && matches!(entry.payload.status(), TaskStatus::Working | TaskStatus::InputRequired)
        {
            entry.payload = payload;
            entry.task.last_updated_at = now();
            entry.work = None;
        }
    }

    /// The task `id` as `tasks/get` shows it, if it is one of these.
    pub fn get(&self, id: &str) -> Option<DetailedTask> {
        let entries = self.entries.lock().expect("tasks");
        entries.get(id).map(|e| DetailedTask::new(e.task.clone(), e.payload.clone()))
    }

    /// Takes the answers `responses` for task `id`: the ones it waits for leave its requests,
    /// and it completes once none is left. `None` when it is not one of these.
    pub fn update(&self, id: &str, responses: &InputResponses) -> Option<()> {
        let mut entries = self.entries.lock().expect("tasks");
        let entry = entries.get_mut(id)?;
        if let TaskPayload::InputRequired { input_requests } = &mut entry.payload {
            input_requests.retain(|key, _| !responses.contains_key(key));
            entry.task.last_updated_at = now();
            if input_requests.is_empty() {
                let said = entry.then.clone().unwrap_or_default();
                entry.payload = TaskPayload::Completed { result: result_object(&text(&said)) };
            }
        }
        Some(())
    }

    /// Cancels task `id` unless it is over (then nothing changes). `None` when it is not one of these.
    pub fn cancel(&self, id: &str) -> Option<()> {
        let mut entries = self.entries.lock().expect("tasks");
        let entry = entries.get_mut(id)?;
        if matches!(entry.payload.status(), TaskStatus::Working | TaskStatus::InputRequired) {
            if let Some(work) = entry.work.take() {
                work.abort();
            }
            entry.payload = TaskPayload::Cancelled;
            entry.task.last_updated_at = now();
        }
        Some(())
    }
}

/// A fixture's work, run as a task.
async fn run(tasks: Tasks, id: String, tool: String, arguments: JsonObject, name: Option<String>) {
    let payload = match tool.as_str() {
        "slow_compute" => {
            let seconds = arguments.get("seconds").and_then(Value::as_f64).unwrap_or(1.0).clamp(0.0, 60.0);
            tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
            TaskPayload::Completed { result: result_object(&text(&format!("Computed after {seconds} s"))) }
        }
        "failing_job" => {
            tokio::time::sleep(Duration::from_millis(1000)).await;
            TaskPayload::Completed {
                result: result_object(&CallToolResult::error(vec![ContentBlock::text("The job failed")])),
            }
        }
        "protocol_error_job" => {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let error = json!({"code": ErrorCode::INTERNAL_ERROR.0, "message": "The job broke down"});
            TaskPayload::Failed { error: error.as_object().cloned().unwrap_or_default() }
        }
        _ => {
            let who = name.unwrap_or_else(|| "there".into());
            TaskPayload::Completed { result: result_object(&text(&format!("Task finished for {who}"))) }
        }
    };
    tasks.settle(&id, payload);
}

/// The -32021 a task-required tool answers a client without the tasks extension.
pub fn tasks_required() -> McpError {
    let data = json!({"requiredCapabilities": {"extensions": {"io.modelcontextprotocol/tasks": {}}}});
    McpError::new(ErrorCode(-32021), "This tool runs only as a task: declare the tasks extension", Some(data))
}

/// A task id no one can guess.
fn uuid_like() -> String {
    let mut bytes = [0u8; 12];
    rand::fill(&mut bytes);
    hex::encode(bytes)
}
