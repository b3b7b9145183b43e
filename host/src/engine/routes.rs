//! Engine page routes: the page, its voice track and the picture of each beat (all public).

use axum::{
    extract::{Path, State},
    http::{HeaderValue, header},
    response::{Html, IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Error;
use crate::http::error::ErrorBody;
use crate::http::{AppState, BaseUrl};
use crate::links::numbered_png;

fn missing() -> Error {
    Error::NotFound { message: "No such page.".into() }
}

/// An engine page: beat-timed captions and pictures with the voice track.
#[utoipa::path(get, path = "/m/{id}", tag = "audio", params(("id" = String, Path)),
    responses((status = 200, content_type = "text/html"), (status = 404, body = ErrorBody)))]
async fn page(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    Path(id): Path<String>,
) -> Result<Response, Error> {
    let page = super::get(&state, &id).await?.ok_or_else(missing)?;
    let look = crate::brands::look::page_look(&state, page.brand.as_deref(), ("", None)).await?;
    // A pitch from a registered brand shows its logo beside its name.
    let sender = page.extra["fromBrand"].as_str().or(page.brand.as_deref());
    let logo = match sender {
        Some(key) => crate::brands::look::logo_url(&state, key, &base).await?,
        None => None,
    };
    // A pitch page carries a token of its own each time it is served, so no copy of it may be
    // kept and handed to others.
    let token = (page.kind == "pitch").then(|| state.page_tokens.issue(&page.id, crate::store::now_ms()));
    let videos = crate::store::renders::of_page(&state.db, &page.id).await?;
    let html = super::page::render(&page, &base, (look.as_ref(), logo.as_deref()), token.as_deref(), &videos);
    let cache = if token.is_some() { "private, no-store" } else { "public, max-age=300" };
    Ok(([(header::CACHE_CONTROL, HeaderValue::from_static(cache))], Html(html)).into_response())
}

/// The page's voice track (`voice`), a beat's picture (`N.png`, N from 1), the video's opening
/// card (`0.png`), its link card (`preview.png`, 1200×630), a pitch's meme (`meme-N.png`) or the captions, a cue per word
/// (`captions.vtt`, WebVTT; `captions.srt`, SubRip). Never changes.
#[utoipa::path(get, path = "/m/{id}/{part}", tag = "audio",
    params(("id" = String, Path), ("part" = String, Path, description = "`voice`, `N.png`, `0.png`, `preview.png`, `meme-N.png`, `captions.vtt` or `captions.srt`")),
    responses((status = 200, description = "The part: its voice (WAV), a PNG, or the captions",
                content(("audio/wav"), ("image/png"), ("text/vtt"), ("application/x-subrip"))),
              (status = 404, body = ErrorBody)))]
async fn part(State(state): State<AppState>, Path((id, part)): Path<(String, String)>) -> Result<Response, Error> {
    let immutable = (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    if let Some(format) = part.strip_prefix("captions.") {
        let page = super::get(&state, &id).await?.ok_or_else(missing)?;
        let (kind, body) = super::captions_file(&page, format).ok_or_else(missing)?;
        return Ok(([(header::CONTENT_TYPE, HeaderValue::from_static(kind)), immutable], body).into_response());
    }
    if part == "voice" {
        let page = super::get(&state, &id).await?.ok_or_else(missing)?;
        let audio = super::voice(&state, &page).await?;
        let kind = HeaderValue::from_str(&page.audio_type).unwrap_or(HeaderValue::from_static("audio/wav"));
        return Ok(([(header::CONTENT_TYPE, kind), immutable], audio).into_response());
    }
    if part == "preview.png" {
        let png = super::link_card(&state, &id).await?.ok_or_else(missing)?;
        return Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("image/png")), immutable], png).into_response());
    }
    let png = match part.strip_prefix("meme-").map(numbered_png) {
        Some(n) => super::meme(&state, &id, n.ok_or_else(missing)?).await?,
        None => {
            let position = if part == "0.png" { Some(0) } else { numbered_png(&part) };
            super::frame(&state, &id, position.ok_or_else(missing)?).await?
        }
    };
    let png = png.ok_or_else(missing)?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("image/png")), immutable], png).into_response())
}

pub fn router() -> OpenApiRouter<AppState> {
    // Routes added before the layer are the media (see `readable_anywhere`).
    OpenApiRouter::new()
        .routes(routes!(part))
        .layer(axum::middleware::map_response(crate::http::readable_anywhere))
        .routes(routes!(page))
}
