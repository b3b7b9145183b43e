//! The suite's fixtures around the service's MCP server: what a fixture name asks for is
//! answered here (as JSON shaped like the scenario texts, read into rmcp's types), everything
//! else by the service's own handler.

use std::time::Duration;

use crate::tasks::{self, Tasks};
use asset_host::auth::request_state::RequestStates;
use asset_host::mcp::Server;
use asset_host::mcp::sessions::Sessions;
use rmcp::model::*;
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{Value, json};

/// A 1×1 red PNG and a silent 8-sample WAV.
const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
const WAV: &str = "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA";
/// The key the fixtures' request states are sealed for (the state is theirs, not a caller's).
const STATE_KEY: i64 = 0;

#[derive(Clone)]
pub struct Fixtures {
    product: Server,
    tasks: Tasks,
}

impl Fixtures {
    pub fn new(product: Server) -> Fixtures {
        Fixtures { product, tasks: Tasks::default() }
    }

    fn states(&self) -> &RequestStates {
        &self.product.services().request_states
    }

    /// The product's 2025-11-25 sessions (answers to the fixtures' questions come through them).
    pub fn sessions(&self) -> &asset_host::mcp::sessions::Sessions {
        self.product.sessions()
    }
}

fn read<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, McpError> {
    serde_json::from_value(value).map_err(|e| McpError::internal_error(format!("fixture: {e}"), None))
}

fn text(text: &str) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// The fixture tools, as `tools/list` shows them.
fn tools() -> Vec<Tool> {
    let none = json!({"type": "object", "properties": {}});
    let one = |name: &str| json!({"type": "object", "properties": {name: {"type": "string"}}, "required": [name]});
    let mut listed = vec![
        ("test_simple_text", none.clone()),
        ("test_image_content", none.clone()),
        ("test_audio_content", none.clone()),
        ("test_embedded_resource", none.clone()),
        ("test_multiple_content_types", none.clone()),
        ("test_tool_with_logging", none.clone()),
        ("test_error_handling", none.clone()),
        ("test_tool_with_progress", none.clone()),
        ("test_sampling", one("prompt")),
        ("test_elicitation", one("message")),
        ("test_elicitation_sep1034_defaults", none.clone()),
        ("test_elicitation_sep1330_enums", none.clone()),
        ("test_missing_capability", none.clone()),
        ("test_logging_tool", none.clone()),
        ("greet", one("name")),
        ("slow_compute", json!({"type": "object", "properties": {"seconds": {"type": "number"}}})),
        ("json_schema_2020_12_tool", draft_2020_12()),
    ];
    listed.extend(tasks::TASK_TOOLS.iter().filter(|t| **t != "slow_compute").map(|t| (*t, none.clone())));
    listed.extend(ROUNDS.iter().map(|r| (r.name, none.clone())));
    listed
        .into_iter()
        .map(|(name, schema)| {
            let about = format!("Conformance fixture {name}.");
            Tool::new(name, about, std::sync::Arc::new(schema.as_object().cloned().unwrap_or_default()))
        })
        .collect()
}

/// An input schema with the keywords of JSON Schema 2020-12 a listing must keep as they are
/// (`$schema`, `$defs` with an `$anchor`, `additionalProperties`, `allOf`/`anyOf`,
/// `if`/`then`/`else`).
fn draft_2020_12() -> Value {
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {"address": {"$anchor": "addressDef", "type": "object",
            "properties": {"street": {"type": "string"}, "city": {"type": "string"}}}},
        "properties": {"name": {"type": "string"}, "address": {"$ref": "#/$defs/address"},
            "contactMethod": {"type": "string", "enum": ["phone", "email"]},
            "phone": {"type": "string"}, "email": {"type": "string"}},
        "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
        "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
        "then": {"required": ["phone"]},
        "else": {"required": ["email"]},
        "additionalProperties": false
    })
}

/// A fixture call that needs nothing from the client.
fn plain(name: &str) -> Option<CallToolResult> {
    let resource = |uri: &str, mime: &str, text: &str| json!({"type": "resource", "resource": {"uri": uri, "mimeType": mime, "text": text}});
    let content = match name {
        "test_simple_text" => return Some(text("This is a simple text response for testing.")),
        "test_missing_capability" => return Some(text("The client declared sampling.")),
        "json_schema_2020_12_tool" => return Some(text("Contact details received.")),
        // Logs only at a level the request asks for (`_meta` logLevel); the suite asks for none.
        "test_logging_tool" => return Some(text("Logged nothing: no level was asked for.")),
        "test_error_handling" => {
            return Some(CallToolResult::error(vec![ContentBlock::text(
                "This tool intentionally returns an error for testing",
            )]));
        }
        "test_image_content" => json!([{"type": "image", "data": PNG, "mimeType": "image/png"}]),
        "test_audio_content" => json!([{"type": "audio", "data": WAV, "mimeType": "audio/wav"}]),
        "test_embedded_resource" => {
            json!([resource("test://embedded-resource", "text/plain", "This is an embedded resource content.")])
        }
        "test_multiple_content_types" => json!([
            {"type": "text", "text": "Multiple content types test:"},
            {"type": "image", "data": PNG, "mimeType": "image/png"},
            resource("test://mixed-content-resource", "application/json", "{\"test\":\"data\",\"value\":123}"),
        ]),
        _ => return None,
    };
    read(json!({"resultType": "complete", "content": content})).ok()
}

/// The fixtures that talk to the client while they run (2025-11-25, over the call's stream).
async fn talking(
    name: &str,
    arguments: &JsonObject,
    (context, sessions): (&RequestContext<RoleServer>, &Sessions),
) -> Result<Option<CallToolResult>, McpError> {
    let peer = &context.peer;
    let failed = |e: rmcp::service::ServiceError| McpError::internal_error(e.to_string(), None);
    match name {
        "test_tool_with_logging" => {
            for (k, message) in
                ["Tool execution started", "Tool processing data", "Tool execution completed"].iter().enumerate()
            {
                if k > 0 {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                let param = read(json!({"level": "info", "logger": "conformance", "data": message}))?;
                #[allow(deprecated)]
                peer.notify_logging_message(param).await.map_err(failed)?;
            }
            Ok(Some(text("Tool with logging executed successfully")))
        }
        "test_tool_with_progress" => {
            for (k, progress) in [0, 50, 100].into_iter().enumerate() {
                if k > 0 {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                if let Some(token) = context.meta.get_progress_token() {
                    let param = read(json!({"progressToken": token, "progress": progress, "total": 100}))?;
                    peer.notify_progress(param).await.map_err(failed)?;
                }
            }
            Ok(Some(text("Tool with progress executed successfully")))
        }
        "test_sampling" => {
            let prompt = arguments.get("prompt").and_then(Value::as_str).unwrap_or_default();
            let params = read(
                json!({"messages": [{"role": "user", "content": {"type": "text", "text": prompt}}], "maxTokens": 100}),
            )?;
            #[allow(deprecated)]
            let answer = sessions.awaiting(context, peer.create_message(params)).await.map_err(failed)?;
            let said = serde_json::to_value(&answer).unwrap_or_default()["content"].clone();
            let said = said["text"].as_str().map(str::to_string).unwrap_or_else(|| said.to_string());
            Ok(Some(text(&format!("LLM response: {said}"))))
        }
        "test_elicitation" | "test_elicitation_sep1034_defaults" | "test_elicitation_sep1330_enums" => {
            let asked = peer.create_elicitation(read(elicitation(name, arguments))?);
            let answer = sessions.awaiting(context, asked).await.map_err(failed)?;
            let answer = serde_json::to_value(&answer).unwrap_or_default();
            let said =
                format!("action={}, content={}", answer["action"].as_str().unwrap_or_default(), answer["content"]);
            let lead = if name == "test_elicitation" { "User response: " } else { "Elicitation completed: " };
            Ok(Some(text(&format!("{lead}{said}"))))
        }
        _ => Ok(None),
    }
}

/// The form each elicitation fixture asks for.
fn elicitation(name: &str, arguments: &JsonObject) -> Value {
    let (message, properties, required) = match name {
        "test_elicitation" => (
            arguments.get("message").and_then(Value::as_str).unwrap_or("Please provide your information").to_string(),
            json!({"username": {"type": "string", "description": "User's response"},
                   "email": {"type": "string", "description": "User's email address"}}),
            json!(["username", "email"]),
        ),
        "test_elicitation_sep1034_defaults" => (
            "Please review and update the form fields with defaults".to_string(),
            json!({"name": {"type": "string", "default": "John Doe"},
                   "age": {"type": "integer", "default": 30},
                   "score": {"type": "number", "default": 95.5},
                   "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
                   "verified": {"type": "boolean", "default": true}}),
            json!([]),
        ),
        _ => (
            "Please select options from the enum fields".to_string(),
            json!({"untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
                   "titledSingle": {"type": "string", "oneOf": [{"const": "value1", "title": "First Option"},
                       {"const": "value2", "title": "Second Option"}, {"const": "value3", "title": "Third Option"}]},
                   "legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"],
                       "enumNames": ["Option One", "Option Two", "Option Three"]},
                   "untitledMulti": {"type": "array", "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
                   "titledMulti": {"type": "array", "items": {"anyOf": [{"const": "value1", "title": "First Choice"},
                       {"const": "value2", "title": "Second Choice"}, {"const": "value3", "title": "Third Choice"}]}}}),
            json!([]),
        ),
    };
    json!({"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": properties, "required": required}})
}

/// A fixture answered over rounds of input requests (2026-07-28): the requests of each round,
/// keyed as the scenario names them.
struct Rounds {
    name: &'static str,
    rounds: &'static [&'static [&'static str]],
}

const ROUNDS: &[Rounds] = &[
    Rounds { name: "test_input_required_result_elicitation", rounds: &[&["user_name"]] },
    Rounds { name: "test_input_required_result_sampling", rounds: &[&["capital_question"]] },
    Rounds { name: "test_input_required_result_list_roots", rounds: &[&["client_roots"]] },
    Rounds { name: "test_input_required_result_request_state", rounds: &[&["confirm"]] },
    Rounds {
        name: "test_input_required_result_multiple_inputs",
        rounds: &[&["user_name", "greeting", "client_roots"]],
    },
    Rounds { name: "test_input_required_result_multi_round", rounds: &[&["step1"], &["step2"]] },
    Rounds { name: "test_input_required_result_tampered_state", rounds: &[&["confirm"]] },
    Rounds {
        name: "test_input_required_result_capabilities",
        rounds: &[&["user_name", "capital_question", "client_roots"]],
    },
    Rounds { name: "test_streaming_elicitation", rounds: &[&["user_name"]] },
];

/// The tool that asks first, then becomes a task.
const TASK_ROUNDS: Rounds = Rounds { name: "test_tool_with_task", rounds: &[&["user_name"]] };

/// The prompt answered over one round (the scenario's non-tool request).
const PROMPT_ROUNDS: Rounds = Rounds { name: "test_input_required_result_prompt", rounds: &[&["user_context"]] };

/// One input request by its key.
fn input_request(key: &str) -> Value {
    let ask = |message: &str, field: &str, kind: &str| {
        json!({"method": "elicitation/create", "params": {"mode": "form", "message": message, "requestedSchema":
            {"type": "object", "properties": {field: {"type": kind}}, "required": [field]}}})
    };
    let sample = |prompt: &str, tokens: u32| json!({"method": "sampling/createMessage", "params": {"messages": [{"role": "user", "content": {"type": "text", "text": prompt}}], "maxTokens": tokens}});
    match key {
        "user_name" => ask("What is your name?", "name", "string"),
        "confirm" => ask("Please confirm", "ok", "boolean"),
        "step1" => ask("Step 1: What is your name?", "name", "string"),
        "step2" => ask("Step 2: What is your favorite color?", "color", "string"),
        "user_context" => ask("What context should the prompt use?", "context", "string"),
        "capital_question" => sample("What is the capital of France?", 100),
        "greeting" => sample("Generate a greeting", 50),
        _ => json!({"method": "roots/list", "params": {}}),
    }
}

/// Where a multi-round fixture stands: the round answered next, sealed in the request state.
#[derive(serde::Serialize, serde::Deserialize)]
struct Standing {
    name: String,
    round: usize,
}

impl Fixtures {
    /// The next step of `fixture`: another round of input requests, or `Ok(None)` when every
    /// round is answered (the caller then completes). -32602 for a state that does not open.
    fn step(
        &self,
        fixture: &Rounds,
        responses: Option<&InputResponses>,
        state: Option<&str>,
        capabilities: Option<&ClientCapabilities>,
    ) -> Result<Option<InputRequiredResult>, McpError> {
        let round = match state {
            Some(state) => {
                let opened =
                    self.states().open(STATE_KEY, state).and_then(|p| serde_json::from_slice::<Standing>(&p).ok());
                let standing = opened
                    .filter(|s| s.name == fixture.name)
                    .ok_or_else(|| McpError::invalid_params("requestState failed its integrity check", None))?;
                standing.round
            }
            None if responses.is_some() => 0,
            None => return self.ask(fixture, 0, capabilities).map(Some),
        };
        let wanted = asked(fixture, round, capabilities);
        let answered = wanted.iter().all(|key| responses.is_some_and(|r| r.contains_key(*key)));
        match (answered, round + 1 < fixture.rounds.len()) {
            (false, _) => self.ask(fixture, round, capabilities).map(Some),
            (true, true) => self.ask(fixture, round + 1, capabilities).map(Some),
            (true, false) => Ok(None),
        }
    }

    fn ask(
        &self,
        fixture: &Rounds,
        round: usize,
        capabilities: Option<&ClientCapabilities>,
    ) -> Result<InputRequiredResult, McpError> {
        let requests: serde_json::Map<String, Value> =
            asked(fixture, round, capabilities).into_iter().map(|key| (key.to_string(), input_request(key))).collect();
        let standing = serde_json::to_vec(&Standing { name: fixture.name.into(), round }).unwrap_or_default();
        let state = self.states().seal(STATE_KEY, &standing);
        read(json!({"resultType": "input_required", "inputRequests": requests, "requestState": state}))
    }
}

/// The keys of `round` the client can answer (the capabilities fixture leaves out the others).
fn asked(fixture: &Rounds, round: usize, capabilities: Option<&ClientCapabilities>) -> Vec<&'static str> {
    let keys = fixture.rounds.get(round).copied().unwrap_or_default();
    if fixture.name != "test_input_required_result_capabilities" {
        return keys.to_vec();
    }
    let can = |key: &str| match input_request(key)["method"].as_str() {
        Some("elicitation/create") => capabilities.is_some_and(|c| c.elicitation.is_some()),
        Some("sampling/createMessage") => capabilities.is_some_and(|c| c.sampling.is_some()),
        _ => capabilities.is_some_and(|c| c.roots.is_some()),
    };
    keys.iter().copied().filter(|key| can(key)).collect()
}

/// What a fixture says once every round is answered.
fn finished(name: &str, responses: Option<&InputResponses>) -> CallToolResult {
    let answer = |key: &str| responses.and_then(|r| r.get(key)).cloned().unwrap_or(Value::Null);
    match name {
        "test_input_required_result_elicitation" => {
            text(&format!("Hello, {}!", answer("user_name")["content"]["name"].as_str().unwrap_or("there")))
        }
        "test_input_required_result_sampling" => text(&format!(
            "Sampling said: {}",
            answer("capital_question")["content"]["text"].as_str().unwrap_or_default()
        )),
        "test_input_required_result_list_roots" => text(&format!("Roots: {}", answer("client_roots")["roots"])),
        "test_input_required_result_request_state" => text("state-ok: confirmed"),
        _ => text(&format!("Completed {name}")),
    }
}

impl Fixtures {
    /// The tasks extension's fixtures: a task for a client that declares the extension; for
    /// one that does not, `greet` and `slow_compute` answer at once and the rest refuse.
    async fn task_tool(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let arguments = request.arguments.clone().unwrap_or_default();
        if request.name == "greet" {
            let name = arguments.get("name").and_then(Value::as_str).unwrap_or("there");
            return Ok(text(&format!("Hello, {name}!")).into());
        }
        let mut name = None;
        if request.name == TASK_ROUNDS.name {
            let capabilities = context.client_capabilities();
            let (responses, state) = (request.input_responses.as_ref(), request.request_state.as_deref());
            if let Some(again) = self.step(&TASK_ROUNDS, responses, state, capabilities.as_ref())? {
                return Ok(again.into());
            }
            name = responses
                .and_then(|r| r.get("user_name"))
                .and_then(|a| a["content"]["name"].as_str())
                .map(String::from);
        }
        if context.client_capabilities().is_some_and(|c| c.supports_tasks()) {
            return Ok(self.tasks.start(&request.name, &arguments, name).into());
        }
        if request.name == "slow_compute" {
            let seconds = arguments.get("seconds").and_then(Value::as_f64).unwrap_or(0.0).clamp(0.0, 30.0);
            tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
            return Ok(text(&format!("Computed after {seconds} s")).into());
        }
        Err(tasks::tasks_required())
    }
}

impl ServerHandler for Fixtures {
    fn get_info(&self) -> ServerConfig {
        let mut info = self.product.get_info();
        if let Some(resources) = info.capabilities.resources.as_mut() {
            resources.subscribe = Some(true);
        }
        info
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let mut listed = self.product.list_tools(request, context).await?;
        listed.tools.extend(tools());
        Ok(listed)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        tools().into_iter().find(|t| t.name == name).or_else(|| self.product.get_tool(name))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        if request.name == "test_missing_capability"
            && context.client_capabilities().is_none_or(|c| c.sampling.is_none())
        {
            let data = json!({"requiredCapabilities": {"sampling": {}}});
            return Err(McpError::new(ErrorCode(-32021), "This tool needs the sampling capability", Some(data)));
        }
        if let Some(done) = plain(&request.name) {
            return Ok(done.into());
        }
        let arguments = request.arguments.clone().unwrap_or_default();
        if let Some(done) = talking(&request.name, &arguments, (&context, self.sessions())).await? {
            return Ok(done.into());
        }
        if tasks::TASK_TOOLS.contains(&request.name.as_ref()) || request.name == "greet" {
            return self.task_tool(&request, &context).await;
        }
        let Some(fixture) = ROUNDS.iter().find(|r| r.name == request.name) else {
            return self.product.call_tool(request, context).await;
        };
        asset_host::mcp::asking::check_responses(&request)?;
        let capabilities = context.client_capabilities();
        let (responses, state) = (request.input_responses.as_ref(), request.request_state.as_deref());
        match self.step(fixture, responses, state, capabilities.as_ref())? {
            Some(again) => Ok(again.into()),
            None => Ok(finished(fixture.name, responses).into()),
        }
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let first = request.as_ref().and_then(|r| r.cursor.as_ref()).is_none();
        let mut listed = self.product.list_resources(request, context).await?;
        if first {
            let fixtures: Vec<Resource> = read(json!([
                {"uri": "test://static-text", "name": "static-text", "description": "A static text resource", "mimeType": "text/plain"},
                {"uri": "test://static-binary", "name": "static-binary", "description": "A static PNG", "mimeType": "image/png"},
                {"uri": "test://watched-resource", "name": "watched-resource", "description": "A resource to subscribe to", "mimeType": "text/plain"},
            ]))?;
            listed.resources.splice(0..0, fixtures);
        }
        Ok(listed)
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        let mut listed = self.product.list_resource_templates(request, context).await?;
        listed.resource_templates.push(read(json!({"uriTemplate": "test://template/{id}/data", "name": "template",
            "description": "Data by id", "mimeType": "application/json"}))?);
        Ok(listed)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let uri = request.uri.as_str();
        let content = match uri {
            "test://static-text" | "test://watched-resource" => {
                json!({"uri": uri, "mimeType": "text/plain", "text": "This is the content of the static text resource."})
            }
            "test://static-binary" => json!({"uri": uri, "mimeType": "image/png", "blob": PNG}),
            _ => match uri.strip_prefix("test://template/").and_then(|rest| rest.strip_suffix("/data")) {
                Some(id) => json!({"uri": uri, "mimeType": "application/json",
                    "text": json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")}).to_string()}),
                None => return self.product.read_resource(request, context).await,
            },
        };
        let read: ReadResourceResult = read(json!({"resultType": "complete", "contents": [content]}))?;
        Ok(read.with_ttl_ms(0).with_cache_scope(CacheScope::Private).into())
    }

    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        Some(requested.clone())
    }

    async fn subscribe(
        &self,
        _request: SubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        Ok(())
    }

    async fn unsubscribe(
        &self,
        _request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        Ok(())
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        let mut listed = self.product.list_prompts(request, context).await?;
        let arg = |name: &str| json!({"name": name, "description": format!("The {name} argument"), "required": true});
        listed.prompts.extend(read::<Vec<Prompt>>(json!([
            {"name": "test_simple_prompt", "description": "A simple prompt"},
            {"name": "test_prompt_with_arguments", "description": "A prompt with arguments", "arguments": [arg("arg1"), arg("arg2")]},
            {"name": "test_prompt_with_embedded_resource", "description": "A prompt with a resource", "arguments": [arg("resourceUri")]},
            {"name": "test_prompt_with_image", "description": "A prompt with an image"},
            {"name": PROMPT_ROUNDS.name, "description": "A prompt that asks first"},
        ]))?);
        Ok(listed)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        let argument = |name: &str| {
            request.arguments.as_ref().and_then(|a| a.get(name)).and_then(Value::as_str).unwrap_or_default().to_string()
        };
        let user = |content: Value| json!({"role": "user", "content": content});
        let messages = match request.name.as_str() {
            "test_simple_prompt" => {
                json!([user(json!({"type": "text", "text": "This is a simple prompt for testing."}))])
            }
            "test_prompt_with_arguments" => json!([user(json!({"type": "text",
                "text": format!("Prompt with arguments: arg1='{}', arg2='{}'", argument("arg1"), argument("arg2"))}))]),
            "test_prompt_with_embedded_resource" => json!([
                user(json!({"type": "resource", "resource": {"uri": argument("resourceUri"), "mimeType": "text/plain",
                    "text": "Embedded resource content for testing."}})),
                user(json!({"type": "text", "text": "Please process the embedded resource above."})),
            ]),
            "test_prompt_with_image" => json!([
                user(json!({"type": "image", "data": PNG, "mimeType": "image/png"})),
                user(json!({"type": "text", "text": "Please analyze the image above."})),
            ]),
            name if name == PROMPT_ROUNDS.name => {
                let capabilities = context.client_capabilities();
                let step = self.step(
                    &PROMPT_ROUNDS,
                    request.input_responses.as_ref(),
                    request.request_state.as_deref(),
                    capabilities.as_ref(),
                )?;
                if let Some(again) = step {
                    return Ok(again.into());
                }
                json!([user(json!({"type": "text", "text": "Use the context you were given."}))])
            }
            _ => return self.product.get_prompt(request, context).await,
        };
        Ok(read::<GetPromptResult>(json!({"resultType": "complete", "messages": messages}))?.into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        match &request.r#ref {
            Reference::Prompt(p) if p.name == "test_prompt_with_arguments" => {
                let typed = request.argument.value.to_lowercase();
                let values: Vec<String> = ["paris", "park", "party"]
                    .into_iter()
                    .filter(|v| v.starts_with(&typed))
                    .map(String::from)
                    .collect();
                read(
                    json!({"resultType": "complete", "completion": {"values": values, "total": values.len(), "hasMore": false}}),
                )
            }
            _ => self.product.complete(request, context).await,
        }
    }

    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.product.set_level(request, context).await
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, McpError> {
        match self.tasks.get(&request.task_id) {
            Some(task) => Ok(GetTaskResult::new(task)),
            None => self.product.get_task(request, context).await,
        }
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        let responses = &request.input_responses;
        self.tasks.update(&request.task_id, responses).ok_or_else(|| McpError::invalid_params("unknown task", None))
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        match self.tasks.cancel(&request.task_id) {
            Some(()) => Ok(()),
            None => self.product.cancel_task(request, context).await,
        }
    }
}
