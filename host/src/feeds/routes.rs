//! Feed routes: JSON for agents, or a page for a browser (`Accept: text/html`) on the same
//! routes; operators curate the hall of fame and the contests.

use axum::{
    Json,
    extract::{Path, Query, State},
    http::{HeaderMap, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use serde::Serialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Contest, FeatureRequest, Featured, Leaderboard, OpenContest, RecentPage, RecentQuery};
use crate::brands::types::BrandPath;
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, BaseUrl, Call};

/// Whether the client asked for a page (a browser) rather than JSON (an agent).
fn wants_html(headers: &HeaderMap) -> bool {
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or("");
    accept.contains("text/html") && !accept.starts_with("application/json")
}

/// JSON for agents, or the page for a browser.
fn either<T: Serialize>(headers: &HeaderMap, data: T, html: impl FnOnce(&T) -> String) -> Response {
    if wants_html(headers) { Html(html(&data)).into_response() } else { Json(data).into_response() }
}

/// The latest memes, newest first (JSON; a page when the client accepts `text/html`).
#[utoipa::path(get, path = "/api/legacy/recent", tag = "feeds", params(RecentQuery),
    responses((status = 200, body = RecentPage), (status = 400, body = ErrorBody)))]
async fn all_recent(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    headers: HeaderMap,
    Query(q): Query<RecentQuery>,
) -> Result<Response, Error> {
    Ok(either(&headers, super::recent(&state, &base, None, q).await?, super::page::recent))
}

/// Today's leaderboard of creators (JSON; a page when the client accepts `text/html`).
#[utoipa::path(get, path = "/api/legacy/leaderboard", tag = "feeds", responses((status = 200, body = Leaderboard)))]
async fn all_leaderboard(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, Error> {
    Ok(either(&headers, super::leaderboard(&state, None).await?, super::page::leaderboard))
}

/// A brand's latest memes, newest first.
#[utoipa::path(get, path = "/api/brands/{key}/recent", tag = "feeds", params(BrandPath, RecentQuery),
    responses((status = 200, body = RecentPage), (status = 404, body = ErrorBody)))]
async fn brand_recent(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    headers: HeaderMap,
    Path(key): Path<String>,
    Query(q): Query<RecentQuery>,
) -> Result<Response, Error> {
    super::known_brand(&state, &key).await?;
    Ok(either(&headers, super::recent(&state, &base, Some(&key), q).await?, super::page::recent))
}

/// A brand's leaderboard today.
#[utoipa::path(get, path = "/api/brands/{key}/leaderboard", tag = "feeds", params(BrandPath),
    responses((status = 200, body = Leaderboard), (status = 404, body = ErrorBody)))]
async fn brand_leaderboard(State(state): State<AppState>, Path(key): Path<String>) -> Result<Json<Leaderboard>, Error> {
    super::known_brand(&state, &key).await?;
    Ok(Json(super::leaderboard(&state, Some(&key)).await?))
}

/// The hall of fame: memes operators featured, newest first.
#[utoipa::path(get, path = "/api/legacy/featured", tag = "feeds", responses((status = 200, body = Featured)))]
async fn all_featured(State(state): State<AppState>, BaseUrl(base): BaseUrl) -> Result<Json<Featured>, Error> {
    Ok(Json(super::featured(&state, &base, None).await?))
}

/// A brand's featured memes.
#[utoipa::path(get, path = "/api/brands/{key}/featured", tag = "feeds", params(BrandPath),
    responses((status = 200, body = Featured), (status = 404, body = ErrorBody)))]
async fn brand_featured(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    Path(key): Path<String>,
) -> Result<Json<Featured>, Error> {
    super::known_brand(&state, &key).await?;
    Ok(Json(super::featured(&state, &base, Some(&key)).await?))
}

/// Features a meme in the hall of fame (operators; featuring again updates the note).
#[utoipa::path(post, path = "/api/admin/featured", tag = "feeds", request_body = FeatureRequest,
    responses((status = 200, body = Featured), (status = 404, body = ErrorBody)))]
async fn feature(Call(ctx): Call, ApiJson(body): ApiJson<FeatureRequest>) -> Result<Json<Featured>, Error> {
    Ok(Json(super::feature(&ctx, body).await?))
}

/// The open contest and its reward schedule.
#[utoipa::path(get, path = "/api/legacy/contest", tag = "feeds", responses((status = 200, body = OpenContest)))]
async fn contest(State(state): State<AppState>) -> Result<Json<OpenContest>, Error> {
    Ok(Json(super::open_contest(&state).await?))
}

/// Schedules a contest (operators).
#[utoipa::path(post, path = "/api/admin/contests", tag = "feeds", request_body = Contest,
    responses((status = 201, body = OpenContest), (status = 400, body = ErrorBody)))]
async fn create_contest(
    Call(ctx): Call,
    ApiJson(body): ApiJson<Contest>,
) -> Result<(StatusCode, Json<OpenContest>), Error> {
    Ok((StatusCode::CREATED, Json(super::create_contest(&ctx, body).await?)))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(all_recent))
        .routes(routes!(all_leaderboard))
        .routes(routes!(brand_recent))
        .routes(routes!(brand_leaderboard))
        .routes(routes!(all_featured))
        .routes(routes!(brand_featured))
        .routes(routes!(feature))
        .routes(routes!(contest))
        .routes(routes!(create_contest))
}
