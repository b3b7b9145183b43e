//! Meme routes: the priced create route, its deprecated alias, and the public meme page.

use axum::{
    Json,
    extract::{Path, State},
    http::{HeaderValue, header},
    response::{Html, IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{MemeRequest, MemeResult};
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, BaseUrl, Call};
use crate::links::numbered_png;

/// Makes a meme in a registered or ad-hoc brand's voice: 1 credit, 2 for `hybrid`.
#[utoipa::path(post, path = "/api/agent/brands/memes", tag = "memes", request_body = MemeRequest,
    responses((status = 200, body = MemeResult), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 403, description = "The brand switched memes off", body = ErrorBody),
              (status = 502, description = "Generation failed; nothing was charged", body = ErrorBody)))]
async fn create(Call(ctx): Call, ApiJson(request): ApiJson<MemeRequest>) -> Result<Json<MemeResult>, Error> {
    Ok(Json(super::create(&ctx, request).await?))
}

/// Deprecated alias of `POST /api/agent/brands/memes`; answers the same, with `Deprecation`
/// and a `Link` to the successor.
#[utoipa::path(post, path = "/api/agent/legacy/memes", tag = "memes", request_body = MemeRequest,
    responses((status = 200, body = MemeResult), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody)))]
#[deprecated]
async fn create_legacy(Call(ctx): Call, ApiJson(request): ApiJson<MemeRequest>) -> Response {
    let mut response = super::create(&ctx, request).await.map(Json).into_response();
    let h = response.headers_mut();
    h.insert("deprecation", HeaderValue::from_static("true"));
    h.insert(header::LINK, HeaderValue::from_static("</api/agent/brands/memes>; rel=\"successor-version\""));
    response
}

/// A meme's public page (HTML with Open Graph tags).
#[utoipa::path(get, path = "/memes/{id}", tag = "memes", params(("id" = String, Path)),
    responses((status = 200, content_type = "text/html"), (status = 404, body = ErrorBody)))]
async fn page(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    Path(id): Path<String>,
) -> Result<Html<String>, Error> {
    let meme = super::get(&state, &id).await?.ok_or_else(|| Error::NotFound { message: "No such meme.".into() })?;
    let brand = (meme.brand_name.as_str(), super::palette_of(&meme));
    let look = crate::brands::look::page_look(&state, meme.brand_key.as_deref(), (brand.0, brand.1.as_ref())).await?;
    Ok(Html(super::page::render(&meme, &base, look.as_ref())))
}

/// A meme's picture as PNG: `1.png` is the card or a carousel's cover, then each slide;
/// `preview.png` is its link card (1200×630).
/// Pictures never change, so they may be cached for as long as clients like.
#[utoipa::path(get, path = "/memes/{id}/{picture}", tag = "memes",
    params(("id" = String, Path), ("picture" = String, Path, description = "`N.png`, N from 1, or `preview.png`")),
    responses((status = 200, content_type = "image/png"), (status = 404, body = ErrorBody)))]
async fn picture(
    State(state): State<AppState>,
    Path((id, picture)): Path<(String, String)>,
) -> Result<Response, Error> {
    let missing = || Error::NotFound { message: "No such picture.".into() };
    let png = match picture.as_str() {
        "preview.png" => super::link_card(&state, &id).await?,
        _ => super::image(&state, &id, numbered_png(&picture).ok_or_else(missing)?).await?,
    };
    let png = png.ok_or_else(missing)?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable")),
        ],
        png,
    )
        .into_response())
}

#[allow(deprecated)]
pub fn router() -> OpenApiRouter<AppState> {
    // Routes added before the layer are the media (see `readable_anywhere`).
    OpenApiRouter::new()
        .routes(routes!(picture))
        .layer(axum::middleware::map_response(crate::http::readable_anywhere))
        .routes(routes!(create))
        .routes(routes!(create_legacy))
        .routes(routes!(page))
}
