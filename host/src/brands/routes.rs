//! Brand routes: the agents' brand list, and brand administration (operators create and edit;
//! a brand's admin switches its meme mode).

use axum::{Json, extract::Path, http::StatusCode};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::BrandChanges;
use super::types::{BrandList, BrandPath, BrandResponse, CreateBrand, MemeMode};
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, Call};

/// Registered brands, and the shape of an ad-hoc `brandProfile`.
#[utoipa::path(get, path = "/api/agent/brands", tag = "brands",
    responses((status = 200, body = BrandList), (status = 401, body = ErrorBody)))]
async fn list(Call(ctx): Call) -> Result<Json<BrandList>, Error> {
    Ok(Json(super::agents_list(&ctx).await?))
}

/// Registers a brand (operators).
#[utoipa::path(post, path = "/api/admin/brands", tag = "brands", request_body = CreateBrand,
    responses((status = 201, body = BrandResponse), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn create(
    Call(ctx): Call,
    ApiJson(body): ApiJson<CreateBrand>,
) -> Result<(StatusCode, Json<BrandResponse>), Error> {
    Ok((StatusCode::CREATED, Json(super::register(&ctx, body).await?)))
}

/// Edits a brand (operators); absent fields stay, `botUsername: null` removes the bot.
#[utoipa::path(patch, path = "/api/admin/brands/{key}", tag = "brands", request_body = BrandChanges,
    params(BrandPath),
    responses((status = 200, body = BrandResponse), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn update(
    Call(ctx): Call,
    Path(key): Path<String>,
    ApiJson(changes): ApiJson<BrandChanges>,
) -> Result<Json<BrandResponse>, Error> {
    Ok(Json(super::edit(&ctx, &key, changes).await?))
}

/// Switches a brand's meme mode (its brand admin, or an operator).
#[utoipa::path(post, path = "/api/admin/brands/{key}/meme-mode", tag = "brands", request_body = MemeMode,
    params(BrandPath),
    responses((status = 200, body = BrandResponse), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn meme_mode(
    Call(ctx): Call,
    Path(key): Path<String>,
    ApiJson(body): ApiJson<MemeMode>,
) -> Result<Json<BrandResponse>, Error> {
    Ok(Json(super::switch_meme_mode(&ctx, &key, body).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create))
        .routes(routes!(update))
        .routes(routes!(meme_mode))
}
