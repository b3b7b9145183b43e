//! Input requests instead of dead ends: where a tool would refuse what a person can supply —
//! a brand key no brand has, an input left empty — a client that declares elicitation is asked
//! for it and the call goes on with the answer; and a call that would spend more credits than
//! its key's owner allows unasked (`confirm_above`, set in the dashboard) asks its person
//! first. A 2026-07-28 client is asked by an `input_required` result (SEP-2322) and calls
//! again: the question travels in the result's `requestState`, sealed for the calling key
//! (`auth::request_state`) with the tool, a digest of its arguments, the field asked and an
//! expiry; what comes back is checked, never trusted: a state that does not open, or that
//! belongs to another call, is refused with -32602 before anything runs. A 2025-11-25 client
//! is asked by an `elicitation/create` request on its session while the call waits (`ask`).
//! A refusal costs nothing, so asking and calling again charges once, for the call that
//! succeeds.

use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ElicitRequestParams, InputRequest, InputRequests, InputRequiredResult,
};
use rmcp::{ErrorData as McpError, Peer, RoleServer};
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
pub struct Question {
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

/// -32602 for a call whose `inputResponses` holds anything but results (objects): a protocol
/// error, answered as one rather than read as a declined question.
pub fn check_responses(request: &CallToolRequestParams) -> Result<(), McpError> {
    let responses = request.input_responses.iter().flatten();
    match responses.into_iter().find(|(_, response)| !response.is_object()) {
        Some((key, _)) => Err(McpError::invalid_params(
            format!("inputResponses.{key} must be the client's result for that request (an object)"),
            None,
        )),
        None => Ok(()),
    }
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
    let arguments = request.arguments.clone().unwrap_or_default();
    let fits = asked.tool == request.name && asked.arguments == digest(&arguments);
    if !fits || asked.expires_at < crate::store::now_ms() {
        return Err(refused());
    }
    let answer =
        request.input_responses.as_ref().and_then(|r| r.get(REQUEST_KEY)).and_then(|a| accepted(a, &asked.field));
    Ok(Some(answered(arguments, &asked.field, answer, (asked.round, asked.confirmed))))
}

/// The call as it goes on after `answer` to the question for `field` (`None`: declined,
/// dismissed or not answered, and the call gets its refusal and is not asked again).
fn answered(
    mut arguments: Map<String, Value>,
    field: &str,
    answer: Option<Value>,
    (round, confirmed): (u8, bool),
) -> Resumed {
    match answer {
        Some(Value::Bool(true)) if field == CONFIRM => Resumed { arguments, round, confirmed: true },
        Some(value) if field != CONFIRM => {
            arguments.insert(field.to_string(), value);
            Resumed { arguments, round, confirmed }
        }
        _ => Resumed { arguments, round: MOST_ROUNDS, confirmed },
    }
}

/// Asks a 2025-11-25 client `question` on its session, the call (`run`) waiting for the answer;
/// answers the call as it goes on.
pub async fn ask(peer: &Peer<RoleServer>, question: Question, run: Resumed) -> Resumed {
    let params: Option<ElicitRequestParams> = serde_json::from_value(form(&question)).ok();
    let within = Some(Duration::from_millis(ANSWER_WITHIN_MS.unsigned_abs()));
    let answer = match params {
        Some(params) => peer.create_elicitation_with_timeout(params, within).await.ok(),
        None => None,
    };
    let answer = answer.and_then(|a| serde_json::to_value(a).ok()).and_then(|a| accepted(&a, question.field));
    answered(run.arguments, question.field, answer, (run.round + 1, run.confirmed))
}

/// The field's answer, when the person accepted and gave a string (a yes or no to confirm).
fn accepted(response: &Value, field: &str) -> Option<Value> {
    let answer = (response["action"] == "accept").then(|| response["content"][field].clone())?;
    (answer.is_string() || (field == CONFIRM && answer.is_boolean())).then_some(answer)
}

/// The question a refused call (`done`, in `round`) could be answered by; `None` when the
/// refusal is not one a person can answer or the call has asked enough.
pub async fn question_for(services: &Services, done: &CallToolResult, round: u8) -> Option<Question> {
    if done.is_error != Some(true) || round >= MOST_ROUNDS {
        return None;
    }
    let code = done.structured_content.as_ref()?.get("code")?.as_str()?;
    question(services, code, done).await
}

/// The confirmation tool `tool`, spending `credits`, asks for above its key's `above`.
pub fn confirmation(tool: &str, (credits, above): (u32, i64)) -> Question {
    let spend = crate::counted::counted(credits, "credit");
    Question {
        field: CONFIRM,
        message: format!("{tool} costs {spend}, more than the {above} this key spends without asking. Go ahead?"),
        schema: json!({"type": "boolean", "title": format!("Spend {spend}"), "default": false}),
    }
}

/// `question` as an `input_required` result for a 2026-07-28 client, its state sealed for the
/// call as the client sent it (`request`, in `round`).
pub fn sealed(
    states: &RequestStates,
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
    let state = states.seal(key_id, &serde_json::to_vec(&asked).ok()?);
    let elicitation = json!({"method": "elicitation/create", "params": form(&question)});
    let request: InputRequest = serde_json::from_value(elicitation).ok()?;
    Some(InputRequiredResult::new(Some(InputRequests::from([(REQUEST_KEY.to_string(), request)])), Some(state)))
}

/// The form elicitation of `question`: one field, required.
fn form(question: &Question) -> Value {
    json!({"mode": "form", "message": question.message, "requestedSchema":
        {"type": "object", "properties": {question.field: question.schema}, "required": [question.field]}})
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_goes_into_the_call_a_yes_confirms_and_anything_else_ends_the_asking() {
        let sent: Map<String, Value> = json!({"input": "Launch day", "brand": "acmee"}).as_object().cloned().unwrap();
        let brand = answered(
            sent.clone(),
            "brand",
            accepted(&json!({"action": "accept", "content": {"brand": "acme"}}), "brand"),
            (1, false),
        );
        assert_eq!((brand.arguments["brand"].clone(), brand.round, brand.confirmed), (json!("acme"), 1, false));
        let yes = answered(
            sent.clone(),
            CONFIRM,
            accepted(&json!({"action": "accept", "content": {"confirm": true}}), CONFIRM),
            (1, false),
        );
        assert_eq!((yes.arguments, yes.round, yes.confirmed), (sent.clone(), 1, true));
        for response in [
            json!({"action": "decline"}),
            json!({"action": "cancel"}),
            json!({"action": "accept", "content": {"brand": 7}}),
            json!({"action": "accept", "content": {"confirm": false}}),
        ] {
            let field = if response.to_string().contains("confirm") { CONFIRM } else { "brand" };
            let ended = answered(sent.clone(), field, accepted(&response, field), (1, false));
            assert_eq!(
                (ended.arguments, ended.round, ended.confirmed),
                (sent.clone(), MOST_ROUNDS, false),
                "{response}"
            );
        }
    }

    #[test]
    fn responses_that_are_not_results_are_a_protocol_error() {
        let call = |responses: Value| -> CallToolRequestParams {
            serde_json::from_value(json!({"name": "create_meme", "arguments": {}, "inputResponses": responses}))
                .unwrap()
        };
        assert!(check_responses(&call(json!({"answer": {"action": "decline"}}))).is_ok());
        assert!(check_responses(&call(json!({}))).is_ok());
        for bad in [json!({"answer": 12345}), json!({"answer": "yes"}), json!({"answer": null})] {
            let refused = check_responses(&call(bad.clone())).unwrap_err();
            assert_eq!(refused.code, rmcp::model::ErrorCode::INVALID_PARAMS, "{bad}");
        }
    }
}
