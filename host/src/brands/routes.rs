//! Brand routes: the agents' brand list, and brand administration (operators create and edit;
//! a brand's admin switches its meme mode).

use axum::{
    Json,
    extract::{Path, State},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Brand, BrandChanges, BrandProfile};
use crate::app::AppState;
use crate::auth::{Caller, Role};
use crate::error::{ApiError, ApiJson, ErrorBody};

/// A brand as agents see it. Absent bots are empty strings, as every field is a string.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandEntry {
    pub key: String,
    pub name: String,
    /// Ticker, e.g. `$ACME`.
    pub token: String,
    /// Hashtag, e.g. `#ACME`.
    pub hashtag: String,
    pub bot_username: String,
    pub telegram_url: String,
    /// False when the brand switched memes off (meme requests for it answer 403).
    pub meme_mode: bool,
}

impl From<Brand> for BrandEntry {
    fn from(b: Brand) -> Self {
        BrandEntry {
            telegram_url: b.telegram_url().unwrap_or_default(),
            key: b.key,
            name: b.profile.name,
            token: b.profile.token,
            hashtag: b.profile.hashtag,
            bot_username: b.bot_username.unwrap_or_default(),
            meme_mode: b.meme_mode,
        }
    }
}

/// How to describe an ad-hoc brand instead of naming a registered one.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomBrand {
    /// The request field: `brandProfile`.
    pub field: &'static str,
    /// Its fields and their formats.
    #[schema(value_type = Object)]
    pub shape: serde_json::Value,
}

/// Body of `GET /api/agent/brands`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BrandList {
    pub success: bool,
    pub brands: Vec<BrandEntry>,
    pub custom: CustomBrand,
}

/// Registered brands, and the shape of an ad-hoc `brandProfile`.
#[utoipa::path(get, path = "/api/agent/brands", tag = "brands",
    responses((status = 200, body = BrandList), (status = 401, body = ErrorBody)))]
async fn list(State(state): State<AppState>, _caller: Caller) -> Result<Json<BrandList>, ApiError> {
    let brands = super::list(&state.db).await?.into_iter().map(BrandEntry::from).collect();
    let shape = serde_json::json!({ "name": "string", "voice": "string", "hashtag": "#TAG", "token": "$TICKER" });
    Ok(Json(BrandList { success: true, brands, custom: CustomBrand { field: "brandProfile", shape } }))
}

/// Body of brand creation.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBrand {
    /// 2–32 of a-z, 0-9 and -.
    pub key: String,
    #[serde(flatten)]
    pub profile: BrandProfile,
    pub bot_username: Option<String>,
}

/// A brand after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct BrandResponse {
    pub success: bool,
    pub brand: BrandEntry,
}

/// Registers a brand (operators).
#[utoipa::path(post, path = "/api/admin/brands", tag = "brands", request_body = CreateBrand,
    responses((status = 201, body = BrandResponse), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<CreateBrand>,
) -> Result<(StatusCode, Json<BrandResponse>), ApiError> {
    caller.require_operator("Only operators manage brands.")?;
    let brand = super::create(&state.db, &body.key, body.profile, body.bot_username).await?;
    Ok((StatusCode::CREATED, Json(BrandResponse { success: true, brand: brand.into() })))
}

/// Edits a brand (operators); absent fields stay, `botUsername: null` removes the bot.
#[utoipa::path(patch, path = "/api/admin/brands/{key}", tag = "brands", request_body = BrandChanges,
    params(("key" = String, Path)),
    responses((status = 200, body = BrandResponse), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update(
    State(state): State<AppState>,
    caller: Caller,
    Path(key): Path<String>,
    ApiJson(changes): ApiJson<BrandChanges>,
) -> Result<Json<BrandResponse>, ApiError> {
    caller.require_operator("Only operators manage brands.")?;
    let brand = super::update(&state.db, &key, changes).await?;
    Ok(Json(BrandResponse { success: true, brand: brand.into() }))
}

/// Body of the meme-mode switch.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MemeMode {
    pub enabled: bool,
}

/// Switches a brand's meme mode (its brand admin, or an operator).
#[utoipa::path(post, path = "/api/admin/brands/{key}/meme-mode", tag = "brands", request_body = MemeMode,
    params(("key" = String, Path)),
    responses((status = 200, body = BrandResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn meme_mode(
    State(state): State<AppState>,
    caller: Caller,
    Path(key): Path<String>,
    ApiJson(body): ApiJson<MemeMode>,
) -> Result<Json<BrandResponse>, ApiError> {
    let allowed = caller.role == Role::Operator
        || (caller.role == Role::BrandAdmin && caller.brand.as_deref() == Some(key.as_str()));
    if !allowed {
        return Err(ApiError::Forbidden { code: "forbidden_scope", message: "This brand is not yours.".into() });
    }
    let brand = super::set_meme_mode(&state.db, &key, body.enabled).await?;
    Ok(Json(BrandResponse { success: true, brand: brand.into() }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create))
        .routes(routes!(update))
        .routes(routes!(meme_mode))
}
