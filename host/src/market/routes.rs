//! Marketplace routes: list a page for sale (`POST /api/agent/request`), browse and read
//! listings, buy, delist (keyed), and a listing's public preview picture (`/l/<id>/preview.png`).

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Bought, BrowseQuery, Delisted, ListingOne, ListingRequest, Listings, Requested};
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, Call};

/// Makes a page as `POST /api/agent/generate` does, at the kind's price, and lists it for sale
/// at `price` credits under `title`. A pitch or slideshow answers the page and the listing
/// (200); an audioscript answers its job (202) and is listed once the page is made. Other keys
/// see only its preview until they buy it.
#[utoipa::path(post, path = "/api/agent/request", tag = "marketplace", request_body = ListingRequest,
    responses((status = 200, description = "Made and listed", body = Requested),
              (status = 202, description = "Listed once its job makes the page", body = Requested),
              (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 429, description = "Rate limited, or the renderer is busy (nothing charged)", body = ErrorBody),
              (status = 502, description = "The generator failed (refunded, not listed)", body = ErrorBody)))]
async fn request(Call(ctx): Call, ApiJson(body): ApiJson<ListingRequest>) -> Result<Response, Error> {
    let (requested, queued) = super::request(&ctx, body).await?;
    let status = if queued { StatusCode::ACCEPTED } else { StatusCode::OK };
    Ok((status, Json(requested)).into_response())
}

/// Browses the marketplace: listed pages with their previews (the first beat and its picture),
/// newest first or by popularity, filtered by kind, language and brand, in cursor pages that
/// never repeat or skip a listing.
#[utoipa::path(get, path = "/api/agent/listings", tag = "marketplace", params(BrowseQuery),
    responses((status = 200, body = Listings), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn browse(Call(ctx): Call, Query(query): Query<BrowseQuery>) -> Result<Json<Listings>, Error> {
    Ok(Json(super::browse(&ctx, query).await?))
}

/// One listing and its preview.
#[utoipa::path(get, path = "/api/agent/listings/{id}", tag = "marketplace", params(("id" = String, Path)),
    responses((status = 200, body = ListingOne), (status = 404, body = ErrorBody)))]
async fn one(Call(ctx): Call, Path(id): Path<String>) -> Result<Json<ListingOne>, Error> {
    Ok(Json(super::get(&ctx, &id).await?))
}

/// Buys a listing: its price moves from the caller's credits to the seller's (less the
/// platform's 20% fee), once; the answer carries the whole page (`page.url` renders to MP4).
/// Buying again answers the same purchase and charges nothing.
#[utoipa::path(post, path = "/api/agent/listings/{id}/buy", tag = "marketplace", params(("id" = String, Path)),
    responses((status = 200, body = Bought), (status = 402, body = ErrorBody),
              (status = 403, description = "The caller's own listing", body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, description = "Delisted", body = ErrorBody)))]
async fn buy(Call(ctx): Call, Path(id): Path<String>) -> Result<Json<Bought>, Error> {
    Ok(Json(super::buy(&ctx, &id).await?))
}

/// Takes the caller's listing off the marketplace (buyers keep their pages).
#[utoipa::path(delete, path = "/api/agent/listings/{id}", tag = "marketplace", params(("id" = String, Path)),
    responses((status = 200, body = Delisted), (status = 403, description = "Not the caller's listing", body = ErrorBody),
              (status = 404, body = ErrorBody)))]
async fn delist(Call(ctx): Call, Path(id): Path<String>) -> Result<Json<Delisted>, Error> {
    Ok(Json(super::delist(&ctx, &id).await?))
}

/// A listing's preview picture: its first beat's (PNG, public).
#[utoipa::path(get, path = "/l/{id}/preview.png", tag = "marketplace", params(("id" = String, Path)),
    responses((status = 200, content_type = "image/png"), (status = 404, body = ErrorBody)))]
async fn preview(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, Error> {
    let png = super::preview(&state, &id).await?;
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
        (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
    ];
    Ok((headers, png).into_response())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(request))
        .routes(routes!(browse))
        .routes(routes!(one, delist))
        .routes(routes!(buy))
        .routes(routes!(preview))
}
