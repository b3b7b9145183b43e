//! x402 over HTTP, both protocol versions on the same routes: a payment arrives in
//! `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1) and is handed to the operation as its payer; a
//! 402 the operation answers gets what to pay — the v1 body fields (`x402Version`, `error`,
//! `accepts`) beside our error body and the v2 `PAYMENT-REQUIRED` header, each with the bazaar
//! discovery extension — and a settled payment's receipt leaves in `PAYMENT-RESPONSE` or
//! `X-PAYMENT-RESPONSE`, in the version it came in.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use axum::{
    body::{Body, to_bytes},
    extract::{MatchedPath, Request, State},
    http::{HeaderValue, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use serde_json::{Map, Value, json};

use super::AppState;
pub use super::error::Due;
use super::openapi::{Document, schemas_of};
use super::policy;
use crate::billing::x402::wire::{self, Offer};
use crate::billing::{Payment, X402};
use crate::error::Error;

pub const PAYMENT_SIGNATURE: &str = "payment-signature";
pub const X_PAYMENT: &str = "x-payment";
pub const PAYMENT_REQUIRED: &str = "payment-required";
pub const PAYMENT_RESPONSE: &str = "payment-response";
pub const X_PAYMENT_RESPONSE: &str = "x-payment-response";

/// The resource URL of a priced call that came without a payment.
#[derive(Clone, Debug)]
pub struct Resource(pub String);

pub async fn x402(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let Some(rail) = state.x402.clone() else { return next.run(request).await };
    let matched = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned());
    let route = policy::lookup(request.method(), matched.as_deref());
    if !route.takes_x402() {
        return next.run(request).await;
    }
    let base = super::base_url(&state.settings, request.headers());
    let resource = format!("{base}{}", request.uri().path());
    let payment = match presented(&request) {
        Ok(Some(presented)) => {
            let payment = Arc::new(Payment {
                rail: rail.clone(),
                presented,
                resource: resource.clone(),
                receipt: OnceLock::new(),
                pending: OnceLock::new(),
                verified: OnceLock::new(),
            });
            request.extensions_mut().insert(payment.clone());
            Some(payment)
        }
        Ok(None) => None,
        Err(why) => return Error::bad_request("invalid_payment", why).into_response(),
    };
    request.extensions_mut().insert(Resource(resource.clone()));
    let (method, doc) = (request.method().to_string(), request.extensions().get::<Document>().cloned());
    // A payment without a key is verified before anything is done for it: its payer is
    // recorded, and its input fetched, only for a payment the facilitator accepts.
    let refused = match (&payment, request.extensions().get::<crate::auth::Caller>(), route.operation) {
        (Some(payment), None, Some(operation)) => rail.verify_presented(payment, operation).await.err(),
        _ => None,
    };
    let mut response = match refused {
        Some(refused) => refused.into_response(),
        None => next.run(request).await,
    };
    if let Some(payment) = &payment
        && let Some(receipt) = payment.receipt.get()
    {
        let name = if payment.presented.version == 1 { X_PAYMENT_RESPONSE } else { PAYMENT_RESPONSE };
        if let Ok(value) = HeaderValue::from_str(&wire::to_base64(receipt)) {
            response.headers_mut().insert(name, value);
        }
    }
    if let Some(id) = payment.as_ref().and_then(|p| p.pending.get())
        && response.status().is_success()
    {
        response = settlement_pending(response, &settlement(id, &base)).await;
    }
    match response.extensions().get::<Due>().cloned() {
        Some(due) if response.status() == StatusCode::PAYMENT_REQUIRED => {
            let discovery = Discovery { method: &method, route: &route, doc: doc.as_ref() };
            offer(&rail, response, &due, &resource, &discovery).await
        }
        _ => response,
    }
}

/// What an answer says of a payment whose settlement went unanswered: the work is done and
/// kept, the money may have moved, and where to read what became of it. Never pay again for it.
pub fn settlement(payment: &str, base: &str) -> Value {
    json!({
        "state": "pending",
        "payment": payment,
        "statusUrl": format!("{base}/api/agent/payments/{payment}"),
        "message": "The work is done and kept. The payment facilitator did not confirm the settlement in time, \
                    so the payment may have moved: do not pay again for this call. statusUrl tells whether it \
                    settled; if it did not, the payment fails there and nothing was charged.",
    })
}

/// A successful answer whose payment is pending: 202, its body with `settlement` added.
async fn settlement_pending(response: Response, settlement: &Value) -> Response {
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, usize::MAX).await else { return Response::from_parts(parts, Body::empty()) };
    let mut body: Value = serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({}));
    if let Some(fields) = body.as_object_mut() {
        fields.insert("settlement".into(), settlement.clone());
    }
    parts.status = StatusCode::ACCEPTED;
    let body = serde_json::to_vec(&body).unwrap_or_default();
    parts.headers.insert(header::CONTENT_LENGTH, body.len().into());
    Response::from_parts(parts, Body::from(body))
}

/// The payment a request carries, if any (v2's header first).
fn presented(request: &Request) -> Result<Option<wire::Presented>, String> {
    for (name, version) in [(PAYMENT_SIGNATURE, 2), (X_PAYMENT, 1)] {
        if let Some(value) = request.headers().get(name) {
            let text = value.to_str().map_err(|_| format!("the {name} header is not ASCII"))?;
            return wire::decode(text, version).map(Some);
        }
    }
    Ok(None)
}

/// What the bazaar extension describes a route with.
struct Discovery<'a> {
    method: &'a str,
    route: &'a policy::RoutePolicy,
    doc: Option<&'a Document>,
}

/// Adds the requirements for `due` to a 402: v1 in the body, v2 in `PAYMENT-REQUIRED`.
async fn offer(rail: &X402, response: Response, due: &Due, resource: &str, discovery: &Discovery<'_>) -> Response {
    let Some(offer) = X402::offer(due.price, resource) else { return response };
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, 64 * 1024).await else { return Response::from_parts(parts, Body::empty()) };
    let mut body: Map<String, Value> = serde_json::from_slice(&bytes).unwrap_or_default();
    let error = due
        .reason
        .clone()
        .unwrap_or_else(|| body.get("message").and_then(Value::as_str).unwrap_or("Payment required.").to_string());
    let bazaar = described(discovery, &offer);
    let mut v1 = rail.terms().requirements(1, &offer);
    v1["outputSchema"] = json!({"input": bazaar["info"]["input"], "output": bazaar["info"]["output"]});
    body.insert("x402Version".into(), json!(1));
    body.insert("error".into(), json!(error));
    body.insert("accepts".into(), json!([v1]));
    let required = required(rail, &offer, &error, bazaar);
    if let Ok(value) = HeaderValue::from_str(&wire::to_base64(&required)) {
        parts.headers.insert(PAYMENT_REQUIRED, value);
    }
    parts.headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("PAYMENT-REQUIRED, PAYMENT-RESPONSE, X-PAYMENT-RESPONSE"),
    );
    let body = serde_json::to_vec(&body).unwrap_or_default();
    parts.headers.insert(header::CONTENT_LENGTH, body.len().into());
    Response::from_parts(parts, Body::from(body))
}

/// What to pay, in x402 v2's `PaymentRequired` shape: the `PAYMENT-REQUIRED` header over HTTP,
/// the `structuredContent` of an MCP tool's error.
fn required(rail: &X402, offer: &Offer, error: &str, bazaar: Value) -> Value {
    json!({
        "x402Version": 2,
        "error": error,
        "resource": {"url": offer.resource, "description": offer.description, "mimeType": offer.mime_type},
        "accepts": [rail.terms().requirements(2, offer)],
        "extensions": {"bazaar": bazaar, "payment-identifier": payment_identifier()},
    })
}

/// The `payment-identifier` extension as a 402 declares it: optional; a payment that carries an
/// id is answered once, and sent again, answered the same without a second settlement.
fn payment_identifier() -> Value {
    json!({
        "info": {"required": false},
        "schema": {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
                "required": {"type": "boolean"},
                "id": {"type": "string", "minLength": 16, "maxLength": 128, "pattern": "^[A-Za-z0-9_-]+$"},
            },
            "required": ["required"],
        },
    })
}

/// What to pay for `due` at `resource` (the route `method` `path`), for a front end other than
/// HTTP headers: the v2 `PaymentRequired` object; `None` when the price has no USD amount.
pub fn payment_required(
    rail: &X402,
    due: &Due,
    error: &str,
    resource: &str,
    method: &str,
    path: &str,
    doc: Option<&Document>,
) -> Option<Value> {
    let offer = X402::offer(due.price, resource)?;
    let route = policy::find(method, path)?;
    let discovery = Discovery { method, route: &route, doc };
    let error = due.reason.as_deref().unwrap_or(error);
    Some(required(rail, &offer, error, described(&discovery, &offer)))
}

/// The payment an MCP tool call carries in `_meta["x402/payment"]` (x402 v2's payload), ready
/// for the payer of the call it pays for.
pub fn payment_of(rail: Arc<X402>, payload: Value, resource: String) -> Result<Payment, Error> {
    let presented = wire::parse(payload, 2).map_err(|why| Error::bad_request("invalid_payment", why))?;
    Ok(Payment {
        rail,
        presented,
        resource,
        receipt: OnceLock::new(),
        pending: OnceLock::new(),
        verified: OnceLock::new(),
    })
}

/// [`bazaar`] for the route, made once per process: it depends only on the route (its
/// schemas, example and description), and every unpaid call to it is answered with it.
fn described(discovery: &Discovery<'_>, offer: &Offer) -> Value {
    static MADE: OnceLock<Mutex<HashMap<String, Value>>> = OnceLock::new();
    let key = format!("{} {}", discovery.method, discovery.route.path);
    let made = MADE.get_or_init(Mutex::default);
    if let Some(found) = made.lock().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return found.clone();
    }
    let value = bazaar(discovery, offer);
    made.lock().unwrap_or_else(PoisonError::into_inner).insert(key, value.clone());
    value
}

/// The bazaar discovery extension of a route: how to call it (method, a JSON body example and
/// the body's schema from the OpenAPI document) and what it answers (the success schema).
fn bazaar(discovery: &Discovery<'_>, offer: &Offer) -> Value {
    let (body_schema, output_schema) = match discovery.doc {
        Some(doc) => schemas_of(doc, discovery.method, discovery.route.path),
        None => (json!({"type": "object"}), None),
    };
    let output_schema = output_schema.unwrap_or_else(|| json!({"type": "object"}));
    let example = discovery
        .route
        .operation
        .and_then(crate::catalog::service)
        .and_then(|s| serde_json::from_str::<Value>(s.example).ok())
        .unwrap_or_else(|| json!({}));
    json!({
        "info": {
            "input": {"type": "http", "method": discovery.method, "bodyType": "json", "body": example},
            "output": {"type": "json", "description": offer.description, "schema": output_schema},
        },
        "schema": {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
                "input": {
                    "type": "object",
                    "properties": {
                        "type": {"type": "string", "const": "http"},
                        "method": {"type": "string", "enum": [discovery.method]},
                        "bodyType": {"type": "string", "enum": ["json"]},
                        "body": body_schema,
                    },
                    "required": ["type", "method", "bodyType", "body"],
                    "additionalProperties": false,
                },
                "output": {
                    "type": "object",
                    "properties": {"type": {"type": "string"}, "schema": {"type": "object"}},
                    "required": ["type"],
                },
            },
            "required": ["input"],
        },
    })
}
