//! Input requests instead of dead ends (2026-07-28's `input_required` results, SEP-2322): where
//! a tool would refuse what a person can supply — a brand key no brand has, an input left empty
//! — a client that declares elicitation is asked for it and the call goes on with the answer.
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
}

/// A question for a refusal a person can answer.
struct Question {
    field: &'static str,
    message: String,
    schema: Value,
}

/// A call answering a question: the arguments it runs with and the round it is in (past the
/// last when the person declined, so the refusal is not asked again).
pub type Resumed = (Map<String, Value>, u8);

/// The arguments a call runs with: as sent, or with the answer to the question its state
/// carries. `Ok(None)` when the call carries no state; -32602 for a state that does not check
/// out.
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
    let answer = request.input_responses.as_ref().and_then(|r| r.get(REQUEST_KEY));
    match answer.and_then(|a| accepted(a, &asked.field)) {
        Some(value) => {
            arguments.insert(asked.field.clone(), value);
            Ok(Some((arguments, asked.round)))
        }
        // Declined, dismissed or not answered: the call gets its refusal, and is not asked again.
        None => Ok(Some((arguments, MOST_ROUNDS))),
    }
}

/// The field's answer, when the person accepted and gave a string.
fn accepted(response: &Value, field: &str) -> Option<Value> {
    (response["action"] == "accept").then(|| response["content"][field].clone()).filter(Value::is_string)
}

/// The question a refused call (`done`) could be answered by, as an `input_required` result;
/// `None` when the refusal is not one a person can answer or the call has asked enough.
pub async fn question_for(
    services: &Services,
    key_id: i64,
    request: &CallToolRequestParams,
    done: &CallToolResult,
    round: u8,
) -> Option<InputRequiredResult> {
    if done.is_error != Some(true) || round >= MOST_ROUNDS {
        return None;
    }
    let code = done.structured_content.as_ref()?.get("code")?.as_str()?;
    let question = question(services, code, done).await?;
    let asked = Asked {
        tool: request.name.to_string(),
        arguments: digest(&request.arguments.clone().unwrap_or_default()),
        field: question.field.to_string(),
        round: round + 1,
        expires_at: crate::store::now_ms() + ANSWER_WITHIN_MS,
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
