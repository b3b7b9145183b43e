//! Brand routes: the agents' brand list, and brand administration (operators create and edit;
//! a brand's admin switches its meme mode and sets its look and logo).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::{Json, extract::Path, http::StatusCode};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::BrandChanges;
use super::look::{self, BrandLook, LookSettings};
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

/// The brand's look: palette, typeface, and whether it has a logo (its brand admin, or an
/// operator).
#[utoipa::path(get, path = "/api/admin/brands/{key}/look", tag = "brands", params(BrandPath),
    responses((status = 200, body = BrandLook), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_look(Call(ctx): Call, Path(key): Path<String>) -> Result<Json<BrandLook>, Error> {
    Ok(Json(look::get(&ctx, &key).await?))
}

/// Sets the brand's palette (`null` derives it from the name) and typeface.
#[utoipa::path(put, path = "/api/admin/brands/{key}/look", tag = "brands", request_body = LookSettings,
    params(BrandPath),
    responses((status = 200, body = BrandLook), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
async fn set_look(
    Call(ctx): Call,
    Path(key): Path<String>,
    ApiJson(body): ApiJson<LookSettings>,
) -> Result<Json<BrandLook>, Error> {
    Ok(Json(look::set(&ctx, &key, body).await?))
}

/// Sets the brand's logo: the body is a PNG (`image/png`) or an SVG (`image/svg+xml`) of at most
/// 256 KiB. A PNG is re-encoded; an SVG with scripts, event handlers or external references is
/// refused (400 `invalid_logo`).
#[utoipa::path(put, path = "/api/admin/brands/{key}/logo", tag = "brands", params(BrandPath),
    request_body(content = Vec<u8>, content_type = "image/png"),
    responses((status = 200, body = BrandLook), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody)))]
async fn set_logo(
    Call(ctx): Call,
    Path(key): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<BrandLook>, Error> {
    let media_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default();
    Ok(Json(look::set_logo(&ctx, &key, media_type, &body).await?))
}

/// The brand's logo (public: pages show it), as set: PNG or SVG. An SVG was checked when it was
/// set, and is served so that nothing in it could run even if opened on its own.
#[utoipa::path(get, path = "/api/brands/{key}/logo", tag = "brands", params(BrandPath),
    responses((status = 200, content_type = "image/png"), (status = 404, body = ErrorBody)))]
async fn logo(State(state): State<AppState>, Path(key): Path<String>) -> Result<Response, Error> {
    let missing = || Error::NotFound { message: "This brand has no logo.".into() };
    let (bytes, media_type) = look::logo(&state, &key).await?.ok_or_else(missing)?;
    let kind = HeaderValue::from_str(&media_type).map_err(Error::internal)?;
    let headers = [
        (header::CONTENT_TYPE, kind),
        (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=300")),
        (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'")),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
    ];
    Ok((headers, bytes).into_response())
}

/// Removes the brand's logo.
#[utoipa::path(delete, path = "/api/admin/brands/{key}/logo", tag = "brands", params(BrandPath),
    responses((status = 200, body = BrandLook), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn remove_logo(Call(ctx): Call, Path(key): Path<String>) -> Result<Json<BrandLook>, Error> {
    Ok(Json(look::remove_logo(&ctx, &key).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create))
        .routes(routes!(update))
        .routes(routes!(meme_mode))
        .routes(routes!(get_look, set_look))
        .routes(routes!(set_logo, remove_logo))
        .routes(routes!(logo))
}
