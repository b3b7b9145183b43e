//! The plugin admin API: operators manage every slot, brand admins their brand's slots only.
//! Every call is a thin wrapper over a [`Registry`] operation.

use axum::{
    Json,
    body::Bytes,
    extract::{DefaultBodyLimit, FromRequestParts, Path, Query, State},
    http::{StatusCode, request::Parts},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{AnyOfBuilder, Object, ObjectBuilder, Schema, Type};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::content_json;
use super::registry::{AuditEntry, GLOBAL, MAX_COMPONENT_BYTES, SlotView, VersionView};
use super::{Actor, GenerateError, Limits, PluginError, RegistryError, Request};
use crate::auth::{Caller, Role};
use crate::error::Error;
use crate::http::AppState;
use crate::http::error::{ApiJson, ErrorBody};
use crate::rules::{BRAND_KEY, Range, Text};

impl From<RegistryError> for Error {
    fn from(e: RegistryError) -> Self {
        match e {
            RegistryError::Denied(why) => Error::Forbidden { code: "forbidden_scope", message: why },
            RegistryError::Rejected(why) => Error::bad_request("plugin_rejected", why),
            RegistryError::NotFound(why) => Error::NotFound { message: why },
            RegistryError::BadRequest(why) => Error::bad_request("invalid_request", why),
            RegistryError::Capped(why) => Error::Conflict { code: "plugin_slot_limit", message: format!("{why}.") },
            RegistryError::Db(e) => e.into(),
        }
    }
}

impl From<PluginError> for Error {
    fn from(e: PluginError) -> Self {
        let message = e.to_string();
        let code = match &e {
            PluginError::Refused(
                GenerateError::InvalidInput(_)
                | GenerateError::UnsupportedTask(_)
                | GenerateError::UnsupportedLanguage(_),
            ) => {
                return Error::bad_request("generator_refused", message);
            }
            PluginError::Busy => return Error::Busy { message: "All generator sandboxes are busy; retry shortly." },
            PluginError::NoPlugin(_) => {
                return Error::Unavailable { message: "No generator is active for this service." };
            }
            PluginError::Timeout => "generator_timeout",
            PluginError::OutOfFuel => "generator_out_of_fuel",
            PluginError::OutOfMemory => "generator_out_of_memory",
            PluginError::Trap(_) => "generator_crashed",
            PluginError::InvalidOutput(_) | PluginError::Invalid(_) => "generator_invalid_output",
            PluginError::Refused(_) => "generator_failed",
        };
        Error::BadGateway { code, message }
    }
}

/// A generator slot's name. (The registry checks new slots against the same words; this is
/// the rule every slot route states and checks.)
pub static SLOT: Text = Text::new(1, 64, Some("^[a-z0-9-]*$"), " of a-z, 0-9 and -");
/// How many audit entries one call may read.
pub const AUDIT_ENTRIES: Range = Range { min: 1, max: 1000 };

/// The slot a route names (`{slot}`).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
pub struct SlotPath {
    #[param(schema_with = slot_schema)]
    pub slot: String,
}

fn slot_schema() -> Object {
    SLOT.schema("Generator slot, e.g. `meme`")
}

/// Which scope a call acts on: `brand` when given, else the caller's brand, else global.
#[derive(Debug, Default, Deserialize, ToSchema, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScopeQuery {
    #[param(schema_with = scope_schema)]
    pub brand: Option<String>,
    /// Activate the uploaded version at once (upload only).
    #[serde(default)]
    pub activate: bool,
}

/// A brand key, or empty for the global slot.
fn scope_schema() -> Schema {
    AnyOfBuilder::new()
        .description(Some(
            "Brand key of a brand slot, or empty for the global slot; when absent, a brand admin's brand, else global.",
        ))
        .item(ObjectBuilder::new().schema_type(Type::String).max_length(Some(0)))
        .item(BRAND_KEY.schema("A brand's key"))
        .into()
}

fn scope_of(caller: &Caller, brand: Option<String>) -> String {
    brand.or_else(|| caller.brand.clone().filter(|_| caller.role == Role::BrandAdmin)).unwrap_or_else(|| GLOBAL.into())
}

/// The slot a request acts on (path and `?brand=`), and who acts.
pub struct Target {
    caller: Caller,
    actor: Actor,
    slot: String,
    scope: String,
    activate: bool,
}

impl FromRequestParts<AppState> for Target {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let caller = Caller::from_request_parts(parts, state).await?;
        let Path(SlotPath { slot }) = Path::<SlotPath>::from_request_parts(parts, state)
            .await
            .map_err(|e| Error::bad_request("invalid_path", e.body_text()))?;
        if !SLOT.check(&slot) {
            return Err(Error::bad_request("invalid_slot", format!("Slot names are {}.", SLOT.explain())));
        }
        let Query(query) = Query::<ScopeQuery>::from_request_parts(parts, state)
            .await
            .map_err(|e| Error::bad_request("invalid_query", e.body_text()))?;
        if let Some(brand) = query.brand.as_deref().filter(|b| !b.is_empty() && !BRAND_KEY.check(b)) {
            return Err(Error::bad_request(
                "invalid_query",
                format!(
                    "`brand` must be empty or {}; got {:?}.",
                    BRAND_KEY.explain(),
                    brand.chars().take(40).collect::<String>()
                ),
            ));
        }
        Ok(Target {
            scope: scope_of(&caller, query.brand),
            actor: Actor::of(&caller),
            caller,
            slot,
            activate: query.activate,
        })
    }
}

fn slot_response(slot: SlotView) -> Json<SlotResponse> {
    Json(SlotResponse { success: true, slot })
}

/// A slot after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct SlotResponse {
    pub success: bool,
    pub slot: SlotView,
}

/// Body of the plugin list.
#[derive(Debug, Serialize, ToSchema)]
pub struct SlotsResponse {
    pub success: bool,
    pub slots: Vec<SlotView>,
}

/// An uploaded (validated) version.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadResponse {
    pub success: bool,
    pub version: VersionView,
    /// The slot, when the upload was activated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<SlotView>,
}

/// Lists the slots the caller may manage, with their versions.
#[utoipa::path(get, path = "/api/admin/plugins", tag = "plugins",
    responses((status = 200, body = SlotsResponse), (status = 403, body = ErrorBody)))]
async fn list(State(state): State<AppState>, caller: Caller) -> Result<Json<SlotsResponse>, Error> {
    let slots = state.plugins.list(&Actor::of(&caller)).await?;
    Ok(Json(SlotsResponse { success: true, slots }))
}

/// Uploads a component (`application/wasm`). It is compiled, its world checked, its manifest
/// read and a smoke call made with its own sample input before it is stored. A brand holds at
/// most `brand_plugin_slots` slots and keeps `brand_plugin_versions` versions per slot: older
/// ones are evicted (never the active one or the one rollback returns to).
#[utoipa::path(post, path = "/api/admin/plugins/{slot}/versions", tag = "plugins",
    params(SlotPath, ScopeQuery),
    request_body(content = Vec<u8>, content_type = "application/wasm"),
    responses((status = 201, body = UploadResponse), (status = 400, description = "Rejected by validation", body = ErrorBody),
              (status = 403, body = ErrorBody),
              (status = 409, description = "The brand holds its cap of slots (`plugin_slot_limit`); nothing stored", body = ErrorBody),
              (status = 429, description = "Over the `upload` rate group", body = ErrorBody)))]
async fn upload(
    State(state): State<AppState>,
    t: Target,
    body: Bytes,
) -> Result<(StatusCode, Json<UploadResponse>), Error> {
    let version = state.plugins.upload(&t.actor, &t.slot, &t.scope, &body).await?;
    let slot = match t.activate {
        true => Some(state.plugins.activate(&t.actor, &t.slot, &t.scope, version.id).await?),
        false => None,
    };
    Ok((StatusCode::CREATED, Json(UploadResponse { success: true, version, slot })))
}

/// Body of activate.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivateRequest {
    pub version_id: i64,
}

/// Makes a stored version the active one of the slot (atomic: calls in flight finish on the
/// old version).
#[utoipa::path(post, path = "/api/admin/plugins/{slot}/activate", tag = "plugins",
    params(SlotPath, ScopeQuery), request_body = ActivateRequest,
    responses((status = 200, body = SlotResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn activate(
    State(state): State<AppState>,
    t: Target,
    ApiJson(body): ApiJson<ActivateRequest>,
) -> Result<Json<SlotResponse>, Error> {
    Ok(slot_response(state.plugins.activate(&t.actor, &t.slot, &t.scope, body.version_id).await?))
}

/// Activates the slot's previous version.
#[utoipa::path(post, path = "/api/admin/plugins/{slot}/rollback", tag = "plugins",
    params(SlotPath, ScopeQuery),
    responses((status = 200, body = SlotResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn rollback(State(state): State<AppState>, t: Target) -> Result<Json<SlotResponse>, Error> {
    Ok(slot_response(state.plugins.rollback(&t.actor, &t.slot, &t.scope).await?))
}

/// Stops serving the slot; a brand slot falls back to the global generator.
#[utoipa::path(post, path = "/api/admin/plugins/{slot}/disable", tag = "plugins",
    params(SlotPath, ScopeQuery),
    responses((status = 200, body = SlotResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn disable(State(state): State<AppState>, t: Target) -> Result<Json<SlotResponse>, Error> {
    Ok(slot_response(state.plugins.disable(&t.actor, &t.slot, &t.scope).await?))
}

/// Body of the limits route.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LimitsRequest {
    /// The slot's limits; `null` restores the scope's defaults.
    pub limits: Option<Limits>,
}

/// Sets a slot's sandbox limits (operators only).
#[utoipa::path(post, path = "/api/admin/plugins/{slot}/limits", tag = "plugins",
    params(SlotPath, ScopeQuery), request_body = LimitsRequest,
    responses((status = 200, body = SlotResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn limits(
    State(state): State<AppState>,
    t: Target,
    ApiJson(body): ApiJson<LimitsRequest>,
) -> Result<Json<SlotResponse>, Error> {
    Ok(slot_response(state.plugins.set_limits(&t.actor, &t.slot, &t.scope, body.limits).await?))
}

/// A trial request to a slot's active generator.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TryRequest {
    pub task: String,
    pub kind: Option<String>,
    pub input: String,
    #[serde(default = "english")]
    pub language: String,
    #[serde(default)]
    pub seed: u64,
}

fn english() -> String {
    "en".into()
}

/// What served a trial call, and what it made.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TryResponse {
    pub success: bool,
    pub version_id: i64,
    /// The scope that served: the brand's slot, or `""` when the global one did.
    pub served_scope: String,
    pub generator: String,
    #[schema(value_type = Object)]
    pub content: serde_json::Value,
}

/// Runs the version active in this slot for exactly the scope — how operators and brand admins
/// try a version after activating it. A brand's call runs the brand's own version only (404
/// when it has none: the global generators are the paid operations' and the operators').
#[utoipa::path(post, path = "/api/admin/plugins/{slot}/generate", tag = "plugins",
    params(SlotPath, ScopeQuery), request_body = TryRequest,
    responses((status = 200, body = TryResponse), (status = 403, body = ErrorBody),
              (status = 404, description = "No version is active in this slot for this scope", body = ErrorBody),
              (status = 502, description = "The generator failed", body = ErrorBody)))]
async fn try_generate(
    State(state): State<AppState>,
    t: Target,
    ApiJson(body): ApiJson<TryRequest>,
) -> Result<Json<TryResponse>, Error> {
    let Target { caller, slot, scope, .. } = t;
    // The global scope runs the operator's generators on the operator's model: operators only.
    if scope.is_empty() {
        caller.require_operator("Trying the global generators is for operators; name your brand.")?;
    } else {
        caller.require_brand(&scope)?;
    }
    // The host reads the input as it does for every operation (a link is fetched, cached).
    let reading = super::reading::to_wit(&crate::reading::read(&state.guard, &body.input).await);
    let request = Request {
        task: body.task,
        kind: body.kind,
        input: body.input,
        reading,
        language: body.language,
        seed: body.seed,
        brand: None,
        options: Vec::new(),
    };
    // Only the scope's own version runs: a brand without one would otherwise try the operator's
    // global generators (and model) for free, where the paid operations charge. The slot is the
    // caller's own path segment: no generator for it is a 404, not the 503 an operation gives.
    let loaded = state.plugins.active_in(&slot, &scope).ok_or_else(|| Error::NotFound {
        message: match scope.is_empty() {
            true => format!("No generator serves the slot {slot}."),
            false => format!("The brand {scope} has no active generator in the slot {slot}; upload and activate one."),
        },
    })?;
    let (content, served) = state.plugins.run(loaded, &request).await?;
    Ok(Json(TryResponse {
        success: true,
        version_id: served.version_id,
        served_scope: served.scope.clone(),
        generator: served.label.clone(),
        content: content_json(&content),
    }))
}

/// Query of the audit trail.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    #[param(schema_with = audit_limit_schema)]
    pub limit: Option<i64>,
}

fn audit_limit_schema() -> Object {
    AUDIT_ENTRIES.schema("How many entries, newest first (default 100)")
}

/// Body of the audit trail.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditResponse {
    pub success: bool,
    pub entries: Vec<AuditEntry>,
}

/// The audit trail of plugin changes, refusals included (operators only).
#[utoipa::path(get, path = "/api/admin/audit", tag = "plugins", params(AuditQuery),
    responses((status = 200, body = AuditResponse), (status = 403, body = ErrorBody)))]
async fn audit(
    State(state): State<AppState>,
    caller: Caller,
    Query(query): Query<AuditQuery>,
) -> Result<Json<AuditResponse>, Error> {
    caller.require_operator("The audit trail is for operators.")?;
    let limit = query.limit.unwrap_or(100);
    if !AUDIT_ENTRIES.check(limit) {
        return Err(Error::bad_request("invalid_limit", format!("`limit` must be {}.", AUDIT_ENTRIES.explain())));
    }
    let entries = state.plugins.audit(limit).await?;
    Ok(Json(AuditResponse { success: true, entries }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(upload))
        .layer(DefaultBodyLimit::max(MAX_COMPONENT_BYTES))
        .routes(routes!(activate))
        .routes(routes!(rollback))
        .routes(routes!(disable))
        .routes(routes!(limits))
        .routes(routes!(try_generate))
        .routes(routes!(audit))
}
