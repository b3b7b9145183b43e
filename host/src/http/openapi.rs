//! The OpenAPI 3.1 description, generated from the handlers' annotations and completed from
//! the route policy table: the `x-api-key` security scheme on keyed routes, each route's rate
//! group (`x-rate-group`), and the shared error responses.

use std::sync::Arc;

use axum::{Extension, Json};
use serde_json::{Value, json};
use utoipa::openapi::{
    Content, OpenApi as Doc, Ref, RefOr, Required,
    extensions::ExtensionsBuilder,
    path::{Operation, ParameterBuilder, ParameterIn, PathItem},
    response::{Response, ResponseBuilder},
    schema::{ArrayItems, KnownFormat, Schema, SchemaFormat},
    security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme},
};
use utoipa::{Number, OpenApi};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::AppState;
use super::error::ErrorBody;
use super::policy::{self, Access};
use crate::idempotency;
use crate::rules::Text;

/// The version of the agent API description (paths carry no version).
pub use crate::catalog::API_VERSION;
const SECURITY_SCHEME: &str = "api_key";

/// What the idempotency middleware accepts as a key (`idempotency::valid_key`, which the tests
/// below hold to this rule).
static IDEMPOTENCY_KEY: Text = Text::new(1, 255, Some("^[!-~]*$"), " of visible ASCII");

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Agent asset service",
        version = "1.0.0",
        description = "Media assets for software agents: pitch pages, memes, beat-timed audio pages, vertical MP4 renders and invites. Every error answers with the `ErrorBody` schema."
    ),
    components(schemas(ErrorBody)),
    tags(
        (name = "catalog", description = "Public service menu and meme kinds"),
        (name = "billing", description = "Credits, packs, per-call x402 payments and Stripe's events"),
        (name = "assets", description = "Pay-per-asset in SOL: the live price"),
        (name = "account", description = "The caller's key"),
        (name = "operations", description = "Probes and metrics"),
        (name = "feeds", description = "Public feeds: recent memes and today's leaderboard"),
        (name = "memes", description = "Memes in a brand's voice"),
        (name = "brands", description = "Registered brands and their meme mode"),
        (name = "plugins", description = "Generator plugins: upload, activate, roll back (operators and brand admins)"),
    )
)]
struct ApiDoc;

/// The served document, rendered once at start-up.
#[derive(Clone)]
pub struct Document(pub Arc<Value>);

/// The JSON Schemas of route `method` `path` in `doc`, self-contained: its request body's
/// (an empty object schema when it takes none) and its success answer's, if documented (any of
/// them, when the route answers differently now and later).
/// Shared by x402's discovery extension and the MCP tools, so both describe a call exactly as
/// the route does.
pub fn schemas_of(doc: &Document, method: &str, path: &str) -> (Value, Option<Value>) {
    let operation = &doc.0["paths"][path][method.to_ascii_lowercase()];
    let components = &doc.0["components"]["schemas"];
    let body = &operation["requestBody"]["content"]["application/json"]["schema"];
    let input = if body.is_null() { json!({"type": "object", "properties": {}}) } else { inline(body, components, 0) };
    let mut answers: Vec<Value> = Vec::new();
    for code in ["200", "201", "202"] {
        let schema = &operation["responses"][code]["content"]["application/json"]["schema"];
        if !schema.is_null() && !answers.contains(schema) {
            answers.push(schema.clone());
        }
    }
    // A route that answers a page now or a job to poll (200 or 202) answers either shape.
    let output = match answers.len() {
        0 => None,
        1 => Some(inline(&answers[0], components, 0)),
        _ => Some(json!({"anyOf": answers.iter().map(|a| inline(a, components, 0)).collect::<Vec<_>>()})),
    };
    (input, output)
}

/// The schema of query parameter `name` of the operation `method path` in `doc`, if it has one.
pub fn query_parameter(doc: &Document, method: &str, path: &str, name: &str) -> Option<Value> {
    query_parameters(doc, method, path).find(|(named, _)| named == name).map(|(_, schema)| schema)
}

/// The query parameters of the operation `method path` in `doc` as one object schema (each
/// parameter a property), when it has any: the input of a tool over a GET route.
pub fn query_object(doc: &Document, method: &str, path: &str) -> Option<Value> {
    let properties: serde_json::Map<String, Value> = query_parameters(doc, method, path).collect();
    let schema = json!({"type": "object", "properties": properties});
    (!properties.is_empty()).then(|| inline(&schema, &doc.0["components"]["schemas"], 0))
}

/// Each query parameter of the operation `method path` in `doc`: its name and its schema, with
/// its description.
fn query_parameters<'a>(doc: &'a Document, method: &str, path: &str) -> impl Iterator<Item = (String, Value)> + 'a {
    let parameters = doc.0["paths"][path][method.to_ascii_lowercase()]["parameters"].as_array();
    parameters.into_iter().flatten().filter(|p| p["in"] == "query").filter_map(|found| {
        let mut schema = found["schema"].clone();
        if let (Some(fields), Some(description)) = (schema.as_object_mut(), found["description"].as_str()) {
            fields.entry("description").or_insert_with(|| json!(description));
        }
        Some((found["name"].as_str()?.to_string(), schema))
    })
}

/// `schema` with its `$ref`s to `components` replaced by what they name (a few levels deep),
/// without `pattern`s: the schema travels in x402's `PAYMENT-REQUIRED` and the client's payment
/// header, which proxies cap at 4–8 KiB, and into a model's context as a tool's schema; a
/// language pattern alone is kilobytes. Each field's description states its rule in words;
/// the server checks it either way.
fn inline(schema: &Value, components: &Value, depth: usize) -> Value {
    match schema {
        Value::Object(fields) => {
            if let Some(name) = fields.get("$ref").and_then(Value::as_str).and_then(|r| r.rsplit('/').next()) {
                return if depth < 6 { inline(&components[name], components, depth + 1) } else { json!({}) };
            }
            fields
                .iter()
                .filter(|(k, _)| k.as_str() != "pattern")
                .map(|(k, v)| (k.clone(), inline(v, components, depth)))
                .collect()
        }
        Value::Array(items) => items.iter().map(|v| inline(v, components, depth)).collect(),
        other => other.clone(),
    }
}

/// The OpenAPI description of every route of this service.
#[utoipa::path(get, path = "/api/agent/openapi.json", tag = "catalog",
    responses((status = 200, description = "OpenAPI 3.1 document", content_type = "application/json")))]
async fn openapi_json(Extension(doc): Extension<Document>) -> Json<Value> {
    Json(doc.0.as_ref().clone())
}

/// The document's skeleton, before the routers add their paths.
pub fn skeleton() -> Doc {
    ApiDoc::openapi()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(openapi_json))
}

fn error_response(description: &str) -> RefOr<Response> {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
        .build()
        .into()
}

/// Completes the generated document from the route policy table.
pub fn finish(mut doc: Doc) -> Doc {
    let components = doc.components.get_or_insert_with(Default::default);
    components.security_schemes.insert(
        SECURITY_SCHEME.into(),
        SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
            "x-api-key",
            "Agent API key; create one with `asset-host keys create`.",
        ))),
    );
    for (path, item) in doc.paths.paths.iter_mut() {
        for (method, operation) in operations(item) {
            apply_policy(method, path, operation);
            // A path parameter is always required (the generator leaves it unset for
            // parameters whose schema a rule writes).
            for parameter in operation.parameters.iter_mut().flatten() {
                if parameter.parameter_in == ParameterIn::Path {
                    parameter.required = Required::True;
                }
            }
        }
    }
    unique_operation_ids(&mut doc);
    for schema in doc.components.iter_mut().flat_map(|c| c.schemas.values_mut()) {
        unsigned_maxima(schema);
    }
    doc
}

/// utoipa writes an unsigned integer as the signed format of its width with `minimum: 0`; the
/// server takes it up to the unsigned maximum, which the document then states (a client reading
/// `int64` alone would stop at 2^63 - 1).
fn unsigned_maxima(schema: &mut RefOr<Schema>) {
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            let zero = [Number::Int(0), Number::UInt(0), Number::Float(0.0)];
            let unsigned = object.minimum.as_ref().is_some_and(|m| zero.contains(m));
            if unsigned && object.maximum.is_none() {
                object.maximum = match object.format {
                    Some(SchemaFormat::KnownFormat(KnownFormat::Int64)) => Some(Number::UInt(u64::MAX as usize)),
                    Some(SchemaFormat::KnownFormat(KnownFormat::Int32)) => Some(Number::UInt(u32::MAX as usize)),
                    _ => None,
                };
            }
            object.properties.values_mut().for_each(unsigned_maxima);
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                unsigned_maxima(items);
            }
        }
        Schema::AllOf(all) => all.items.iter_mut().for_each(unsigned_maxima),
        Schema::OneOf(one) => one.items.iter_mut().for_each(unsigned_maxima),
        Schema::AnyOf(any) => any.items.iter_mut().for_each(unsigned_maxima),
        _ => {}
    }
}

/// The operations of a path, with their methods.
fn operations(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    [
        ("GET", &mut item.get),
        ("POST", &mut item.post),
        ("PUT", &mut item.put),
        ("DELETE", &mut item.delete),
        ("PATCH", &mut item.patch),
    ]
    .into_iter()
    .filter_map(|(method, operation)| operation.as_mut().map(|o| (method, o)))
}

/// Operation ids come from handler names, which repeat across features (`status`, `page`,
/// `list`); OpenAPI needs them unique, so a repeated one becomes its method and path
/// (`get_api_agent_mp4_jobId`).
fn unique_operation_ids(doc: &mut Doc) {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for item in doc.paths.paths.values_mut() {
        for (_, operation) in operations(item) {
            if let Some(id) = &operation.operation_id {
                *seen.entry(id.clone()).or_default() += 1;
            }
        }
    }
    for (path, item) in doc.paths.paths.iter_mut() {
        let slug: String = path.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let slug = slug.trim_matches('_').replace("__", "_");
        for (method, operation) in operations(item) {
            if operation.operation_id.as_ref().is_some_and(|id| seen[id] > 1) {
                operation.operation_id = Some(format!("{}_{slug}", method.to_ascii_lowercase()));
            }
        }
    }
}

fn apply_policy(method: &str, path: &str, operation: &mut Operation) {
    let policy = policy::find(method, path);
    let group = policy.and_then(|p| p.group()).map(|g| g.name());
    let mut extensions = ExtensionsBuilder::new().add("x-rate-group", json!(group));
    // A catalog service's route says which service it is and what it costs, from the one
    // declaration the menu, the policy and the MCP tool read too.
    if let Some(service) = policy.and_then(|p| p.operation).and_then(crate::catalog::service) {
        extensions = extensions.add(
            "x-service",
            json!({
                "id": service.id,
                "name": service.name,
                "credits": service.credits,
                "async": service.asynchronous,
                "statusRoute": service.status_route,
                "solPerAsset": service.sol_per_asset,
            }),
        );
        // A job-style service with a credit price that SOL may pay instead, per job.
        if service.sol_per_asset && service.asynchronous && service.credits.is_some() {
            payable_in_sol(operation);
        }
    }
    operation.extensions.get_or_insert_with(Default::default).merge(extensions.build());
    let keyed = policy.is_none_or(|p| p.access != Access::Public);
    if keyed {
        let mut security = vec![SecurityRequirement::new(SECURITY_SCHEME, Vec::<String>::new())];
        // A route paid per call over x402 needs no key: the empty requirement says so (without
        // one it answers 402 with what to pay, when x402 is on).
        if policy.is_some_and(|p| p.keyless_x402()) {
            security.push(SecurityRequirement::default());
        }
        operation.security = Some(security);
        operation
            .responses
            .responses
            .entry("401".into())
            .or_insert_with(|| error_response("Missing or invalid API key"));
    }
    // The USD price of a route that can be paid per call over x402 (when the operator enables
    // it): without a key, or with too few credits, the route answers 402 with the requirements.
    let cents = policy
        .filter(|p| p.keyless_x402())
        .and_then(|p| p.operation)
        .and_then(crate::catalog::service)
        .and_then(|s| s.usd_cents);
    if let Some(cents) = cents {
        paid_per_call(operation, cents);
    }
    if group.is_some() {
        operation
            .responses
            .responses
            .entry("429".into())
            .or_insert_with(|| error_response("Rate limited; see `Retry-After` and `RateLimit`"));
    }
    if keyed && method == "POST" {
        idempotent(operation);
    }
    operation.responses.responses.entry("default".into()).or_insert_with(|| error_response("Any other error"));
}

/// The x402 price of a route paid per call at `cents`, its 402, and the 202 of a settlement
/// still unconfirmed.
fn paid_per_call(operation: &mut Operation, cents: u32) {
    let amount = u64::from(cents) * crate::catalog::USDC_ATOMIC_PER_CENT;
    let price = json!({
        "price": format!("${}", crate::catalog::usd(cents.into())),
        "amount": amount.to_string(),
        "asset": "USDC",
        "scheme": "exact",
        "headers": ["PAYMENT-SIGNATURE", "X-PAYMENT"],
    });
    operation
        .extensions
        .get_or_insert_with(Default::default)
        .merge(ExtensionsBuilder::new().add("x-x402", price).build());
    let responses = &mut operation.responses.responses;
    responses.entry("402".into()).or_insert_with(|| {
        error_response("Payment required: no key or too few credits; the body (v1) and `PAYMENT-REQUIRED` (v2) say what to pay over x402")
    });
    // Paid over x402 and done, while the facilitator has not confirmed the settlement: the
    // same body with `settlement` (state `pending`, payment, statusUrl, message) added.
    if let Some(RefOr::T(done)) = responses.get("200").cloned() {
        responses.entry("202".into()).or_insert_with(|| {
            let mut pending = done;
            pending.description = "Done and kept, paid over x402 while its settlement is unconfirmed: the 200 \
                                   body plus `settlement` {state: pending, payment, statusUrl, message}; do not \
                                   pay again, read statusUrl"
                .into();
            RefOr::T(pending)
        });
    }
}

/// The `X-Pay-With` header of a job-style route that SOL can pay per job.
fn payable_in_sol(operation: &mut Operation) {
    let schema = utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(["sol", "credits", "x402"]))
        .description(Some(
            "`sol`: pay this job with a SOL deposit (the 202 is `awaiting_payment` with the exact lamports to send \
             and a checkUrl); `credits` or `x402` (the default) pay as the key's credits or the x402 payment do. \
             A rail this deployment does not take (`sol` without a treasury) is refused for good: 400 \
             `payment_rail_unavailable`, `details.available` listing the rails it takes",
        ));
    operation.parameters.get_or_insert_with(Vec::new).push(
        ParameterBuilder::new()
            .name("X-Pay-With")
            .parameter_in(ParameterIn::Header)
            .required(Required::False)
            .schema(Some(schema))
            .build(),
    );
}

/// The `Idempotency-Key` header of a keyed POST and the answers it adds.
fn idempotent(operation: &mut Operation) {
    operation.parameters.get_or_insert_with(Vec::new).push(
        ParameterBuilder::new()
            .name(idempotency::HEADER)
            .parameter_in(ParameterIn::Header)
            .required(Required::False)
            .schema(Some(
                IDEMPOTENCY_KEY
                    .schema("Executes and charges the request at most once; repeats get the stored response"),
            ))
            .build(),
    );
    let responses = &mut operation.responses.responses;
    responses.entry("409".into()).or_insert_with(|| {
        error_response("The same Idempotency-Key is still running, or its answer was lost with the server that ran it")
    });
    responses.entry("422".into()).or_insert_with(|| error_response("Idempotency-Key reused with a different body"));
    responses.entry("400".into()).or_insert_with(|| error_response("Malformed or invalid request"));
}

#[cfg(test)]
mod tests {
    use super::{IDEMPOTENCY_KEY, idempotency};

    #[test]
    fn the_documented_idempotency_key_is_what_the_middleware_accepts() {
        let long = "k".repeat(255);
        let longer = "k".repeat(256);
        for key in ["a", "order-42:retry/1", "~!", long.as_str(), "", " a", "a b", "é", "a\n", longer.as_str()] {
            assert_eq!(IDEMPOTENCY_KEY.check(key), idempotency::valid_key(key), "{key:?}");
        }
    }
}
