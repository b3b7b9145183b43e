//! Input requests instead of dead ends (2026-07-28's `input_required` results, SEP-2322): where
//! a tool would refuse what a person can supply — a brand key no brand has, an input left empty
//! — a client that declares elicitation is asked for it and the call goes on with the answer;
//! and a call that would spend more credits than its key's owner allows unasked
//! (`confirm_above`, set in the dashboard) asks its person first.
//! The question travels in the result's `requestState`, sealed for the calling key
//! (`auth::request_state`) with the tool, a digest of its arguments, the field asked and an
//! expiry; what comes back is checked, never trusted: a state that does not open, or that
//! belongs to another call, is refused with -32602 before anything runs. A refusal costs
//! nothing, so asking and calling again charges once, for the call that succeeds.

use rmcp::ErrorData as McpError;
use rmcp::model::{CallToolRequestParams, CallToolResult, InputRequest, InputRequests, InputRequiredResult};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};

use crate::auth::request_state::RequestStates;
use crate::ctx::Services;

/// How long a question may wait for its answer.
const ANSWER_WITHIN_MS: i64 = 15 * 60 * 1000;
/// Questions asked in one call at most (a client that keeps answering wrong gets the refusal).
const MOST_ROUNDS: u8 = 3;

/// Whether a call in `round` may still be asked something (not after a decline).
pub fn may_ask_again(round: u8) -> bool {
    round < MOST_ROUNDS
}
/// The key of the one input request in a result.
const REQUEST_KEY: &str = "answer";

/// What a sealed state says.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct Asked {
    tool: String,
    /// SHA-256 of the call's arguments as first sent (a retry repeats them).
    arguments: String,
    field: String,
    round: u8,
    expires_at: i64,
    /// The person already agreed to what the call spends (a question asked after that).
    #[serde(default)]
    confirmed: bool,
}

/// A question for a refusal a person can answer.
struct Question {
    field: &'static str,
    message: String,
    schema: Value,
}

/// The field a spending confirmation asks for (never one of a tool's arguments).
const CONFIRM: &str = "confirm";

/// A call answering a question.
pub struct Resumed {
    /// The arguments it runs with.
    pub arguments: Map<String, Value>,
    /// The round it is in: past the last when the person declined, so the refusal is not
    /// asked again.
    pub round: u8,
    /// Whether the person agreed to what it spends.
    pub confirmed: bool,
}

/// The call as it runs: as sent, or with the answer to the question its state carries.
/// `Ok(None)` when the call carries no state; -32602 for a state that does not check out.
pub fn resumed(
    states: &RequestStates,
    key_id: i64,
    request: &CallToolRequestParams,
) -> Result<Option<Resumed>, McpError> {
    let Some(state) = &request.request_state else { return Ok(None) };
    let refused = || McpError::invalid_params("requestState failed its integrity check; call the tool again", None);
    let asked: Asked = states.open(key_id, state).and_then(|p| serde_json::from_slice(&p).ok()).ok_or_else(refused)?;
    let mut arguments = request.arguments.clone().unwrap_or_default();
    let fits = asked.tool == request.name && asked.arguments == digest(&arguments);
    if !fits || asked.expires_at < crate::store::now_ms() {
        return Err(refused());
    }
    let answer =
        request.input_responses.as_ref().and_then(|r| r.get(REQUEST_KEY)).and_then(|a| accepted(a, &asked.field));
    let confirmed = asked.confirmed || (asked.field == CONFIRM && answer == Some(Value::Bool(true)));
    match answer {
        Some(value) if asked.field != CONFIRM => {
            arguments.insert(asked.field.clone(), value);
        }
        Some(_) if asked.field == CONFIRM && confirmed => {}
        // Declined, dismissed or not answered: the call gets its refusal, and is not asked again.
        _ => return Ok(Some(Resumed { arguments, round: MOST_ROUNDS, confirmed: asked.confirmed })),
    }
    Ok(Some(Resumed { arguments, round: asked.round, confirmed }))
}

/// The field's answer, when the person accepted and gave a string (a yes or no to confirm).
fn accepted(response: &Value, field: &str) -> Option<Value> {
    let answer = (response["action"] == "accept").then(|| response["content"][field].clone())?;
    (answer.is_string() || (field == CONFIRM && answer.is_boolean())).then_some(answer)
}

/// The question a refused call (`done`) could be answered by, as an `input_required` result;
/// `None` when the refusal is not one a person can answer or the call has asked enough.
pub async fn question_for(
    services: &Services,
    key_id: i64,
    request: &CallToolRequestParams,
    done: &CallToolResult,
    (round, confirmed): (u8, bool),
) -> Option<InputRequiredResult> {
    if done.is_error != Some(true) || round >= MOST_ROUNDS {
        return None;
    }
    let code = done.structured_content.as_ref()?.get("code")?.as_str()?;
    let question = question(services, code, done).await?;
    asked(services, key_id, request, question, (round, confirmed))
}

/// The confirmation a call spending `credits` asks for, above its key's `above`.
pub fn confirmation(
    services: &Services,
    key_id: i64,
    request: &CallToolRequestParams,
    (credits, above): (u32, i64),
) -> Option<InputRequiredResult> {
    let spend = crate::counted::counted(credits, "credit");
    let question = Question {
        field: CONFIRM,
        message: format!(
            "{} costs {spend}, more than the {above} this key spends without asking. Go ahead?",
            request.name
        ),
        schema: json!({"type": "boolean", "title": format!("Spend {spend}"), "default": false}),
    };
    asked(services, key_id, request, question, (0, false))
}

/// `question` as an `input_required` result, its state sealed for this call.
fn asked(
    services: &Services,
    key_id: i64,
    request: &CallToolRequestParams,
    question: Question,
    (round, confirmed): (u8, bool),
) -> Option<InputRequiredResult> {
    let asked = Asked {
        tool: request.name.to_string(),
        arguments: digest(&request.arguments.clone().unwrap_or_default()),
        field: question.field.to_string(),
        round: round + 1,
        expires_at: crate::store::now_ms() + ANSWER_WITHIN_MS,
        confirmed,
    };
    let state = services.request_states.seal(key_id, &serde_json::to_vec(&asked).ok()?);
    let elicitation = json!({"method": "elicitation/create", "params": {
        "mode": "form", "message": question.message,
        "requestedSchema": {"type": "object", "properties": {question.field: question.schema}, "required": [question.field]},
    }});
    let request: InputRequest = serde_json::from_value(elicitation).ok()?;
    Some(InputRequiredResult::new(Some(InputRequests::from([(REQUEST_KEY.to_string(), request)])), Some(state)))
}

/// What to ask for refusal `code`.
async fn question(services: &Services, code: &str, done: &CallToolResult) -> Option<Question> {
    match code {
        "unknown_brand" => {
            let brands = crate::brands::list(&services.db).await.ok()?;
            let keys: Vec<&str> = brands.iter().map(|b| b.key.as_str()).collect();
            let names: Vec<&str> = brands.iter().map(|b| b.profile.name.as_str()).collect();
            (!keys.is_empty()).then(|| Question {
                field: "brand",
                message: "No registered brand has the key sent. Which brand should this be in?".into(),
                schema: json!({"type": "string", "title": "Brand", "enum": keys, "enumNames": names}),
            })
        }
        "missing_input" => Some(Question {
            field: "input",
            message: done.structured_content.as_ref()?.get("message")?.as_str()?.to_string(),
            schema: json!({"type": "string", "title": "What it is about", "minLength": 1,
                "description": "A website, an x.com or linkedin.com link, or a sentence."}),
        }),
        _ => None,
    }
}

fn digest(arguments: &Map<String, Value>) -> String {
    hex::encode(Sha256::digest(Value::Object(arguments.clone()).to_string().as_bytes()))
}
