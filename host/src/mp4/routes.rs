//! MP4 routes: submit (202, 3 credits), the free status poll, and the temporary hosted page
//! with its video file (410 once expired).

use axum::{
    Json,
    body::Body,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Response},
};
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Mp4Request;
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, BaseUrl, Call, Wait, WaitQuery};
use crate::jobs::{self, Accepted};

/// Queues a vertical 1080×1920 MP4 of an engine page: 3 credits, refunded if the render fails.
#[utoipa::path(post, path = "/api/agent/mp4", tag = "audio", request_body = Mp4Request,
    responses((status = 202, body = Accepted), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 429, description = "Rate limited, or the renderer is busy (nothing charged)", body = ErrorBody)))]
async fn submit(Call(ctx): Call, ApiJson(request): ApiJson<Mp4Request>) -> Result<(StatusCode, Json<Accepted>), Error> {
    Ok((StatusCode::ACCEPTED, Json(super::submit(&ctx, request).await?)))
}

/// Where an MP4 job is; once `succeeded`, `mp4Url`, `videoPageUrl`, `posterUrl` and `loopUrl`
/// (hosted about 24 hours), and the captions as `captionsVttUrl` and `captionsSrtUrl`.
#[utoipa::path(get, path = "/api/agent/mp4/{jobId}", tag = "audio", params(("jobId" = String, Path), WaitQuery),
    responses((status = 200, description = "The job's status"), (status = 404, body = ErrorBody)))]
async fn status(Call(ctx): Call, Path(job_id): Path<String>, Wait(wait): Wait) -> Result<Json<Value>, Error> {
    Ok(Json(jobs::status(&ctx, &job_id, super::KIND, super::result_view, wait).await?))
}

/// Cancels a job that has not finished: it fails with `cancelled` and its payment is released
/// (credits back, an x402 payment never settled, a SOL quote closed); answers the job's status.
/// A job waiting for its SOL deposit has it looked for on chain first: one that landed pays the
/// job, which runs (409 `paid_in_sol`); while the node cannot be read it is not cancelled (503
/// `sol_deposits_unknown`, `Retry-After`). A finished job is answered as it is. Free.
#[utoipa::path(post, path = "/api/agent/mp4/{jobId}/cancel", tag = "audio", params(("jobId" = String, Path)),
    responses((status = 200, description = "The job's status"), (status = 404, body = ErrorBody),
              (status = 409, description = "Paid by a SOL deposit (`paid_in_sol`, also when the cancel found its deposit), or its x402 payment is being settled (`payment_settling`)", body = ErrorBody),
              (status = 503, description = "Waiting for its SOL deposit, and whether it landed cannot be told: the Solana RPC node cannot be read (`sol_deposits_unknown`); nothing changed, the job still waits; ask again after `Retry-After`", body = ErrorBody,
               headers(("Retry-After" = u64, description = "Seconds to wait before cancelling again")))))]
async fn cancel(Call(ctx): Call, Path(job_id): Path<String>) -> Result<Json<Value>, Error> {
    Ok(Json(jobs::cancel(&ctx, &job_id, super::KIND, super::result_view).await?))
}

/// For a job paid in SOL (`X-Pay-With: sol`): looks for its deposit on chain and claims it, or
/// runs a paid job that failed for good again; answers the job's status. Free.
#[utoipa::path(post, path = "/api/agent/mp4/{jobId}/check", tag = "audio", params(("jobId" = String, Path)),
    responses((status = 200, description = "The job's status"), (status = 404, body = ErrorBody),
              (status = 409, description = "Not paid in SOL, or its quote lapsed unpaid (`quote_expired`)", body = ErrorBody),
              (status = 502, body = ErrorBody), (status = 503, body = ErrorBody)))]
async fn check(Call(ctx): Call, Path(job_id): Path<String>) -> Result<Json<Value>, Error> {
    Ok(Json(jobs::deposits::check(&ctx, &job_id, super::KIND, super::result_view).await?))
}

fn missing() -> Error {
    Error::NotFound { message: "No such video.".into() }
}

/// The temporary page of a render: the video, playable inline on a phone. 410 once expired.
#[utoipa::path(get, path = "/v/{id}", tag = "audio", params(("id" = String, Path)),
    responses((status = 200, content_type = "text/html"), (status = 404, body = ErrorBody), (status = 410, body = ErrorBody)))]
async fn page(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    Path(id): Path<String>,
) -> Result<Html<String>, Error> {
    let hosted = super::hosted(&state, &id).await?.ok_or_else(missing)?;
    let render = hosted.render;
    // Made of an engine page, or of a meme (an asset's preview).
    let page_id = &render.page_id;
    let (title, poster, card, captions) = match crate::engine::get(&state, page_id).await? {
        Some(page) => {
            let captions = page.captioned.then(|| super::page::Captions {
                language: page.language.clone(),
                vtt: format!("{base}/m/{page_id}/captions.vtt"),
                srt: format!("{base}/m/{page_id}/captions.srt"),
            });
            (page.title, format!("{base}/m/{page_id}/1.png"), format!("{base}/m/{page_id}/preview.png"), captions)
        }
        None => {
            let title = crate::memes::get(&state, page_id).await?.map(|m| m.title).unwrap_or_default();
            let card = format!("{base}/memes/{page_id}/preview.png");
            (title, crate::memes::image_url(&base, page_id, 1), card, None)
        }
    };
    // Its own poster, once renders had one.
    let [own_poster, _] = crate::store::renders::stills(&hosted.blob);
    let poster = match state.blobs.size(&own_poster).await? {
        Some(_) => format!("{base}/v/{id}/poster.png"),
        None => poster,
    };
    let (size, expires_at) = (render.aspect.size(), render.expires_at);
    let video = super::page::Video { id: &id, title: &title, poster, size, card, expires_at, captions };
    Ok(Html(super::page::render(&base, &video)))
}

#[utoipa::path(get, path = "/v/{id}/poster.png", tag = "audio", params(("id" = String, Path)),
    responses((status = 200, content_type = "image/png", description = "The video's first picture, its size"),
              (status = 404, body = ErrorBody), (status = 410, body = ErrorBody)))]
async fn poster(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, Error> {
    still(&state, &id, 0, "image/png").await
}

#[utoipa::path(get, path = "/v/{id}/loop.gif", tag = "audio", params(("id" = String, Path)),
    responses((status = 200, content_type = "image/gif", description = "A looping preview: its first pictures, a second each, at most 6 s and 2 MB"),
              (status = 404, body = ErrorBody), (status = 410, body = ErrorBody)))]
async fn looping(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, Error> {
    still(&state, &id, 1, "image/gif").await
}

/// One of a hosted render's stills ([`crate::store::renders::stills`]), gone with its video.
async fn still(state: &AppState, id: &str, which: usize, kind: &'static str) -> Result<Response, Error> {
    let hosted = super::hosted(state, id).await?.ok_or_else(missing)?;
    let key = &crate::store::renders::stills(&hosted.blob)[which];
    let bytes = state.blobs.get(key).await?.ok_or_else(missing)?;
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
        (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
    ];
    Ok((headers, bytes).into_response())
}

/// The MP4 file of a render, whole or one byte range (players seek with `Range`). 410 once
/// expired.
#[utoipa::path(get, path = "/v/{id}/video.mp4", tag = "audio", params(("id" = String, Path)),
    responses((status = 200, content_type = "video/mp4"), (status = 206, content_type = "video/mp4"),
              (status = 404, body = ErrorBody), (status = 410, body = ErrorBody)))]
async fn video(State(state): State<AppState>, headers: HeaderMap, Path(id): Path<String>) -> Result<Response, Error> {
    let hosted = super::hosted(&state, &id).await?.ok_or_else(missing)?;
    // The size recorded with the render: the blob is never rewritten.
    let len = hosted.render.size_bytes as u64;
    let header_value = |v: String| HeaderValue::from_str(&v).map_err(|e| Error::Internal(e.to_string()));
    let common = [
        (header::CONTENT_TYPE, HeaderValue::from_static("video/mp4")),
        (header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
        (header::ACCEPT_RANGES, HeaderValue::from_static("bytes")),
    ];
    let wanted = headers.get(header::RANGE).and_then(|v| v.to_str().ok()).map(|r| byte_range(r, len));
    let (status, start, end) = match wanted {
        None if len == 0 => return Ok((common, Body::empty()).into_response()),
        None => (StatusCode::OK, 0, len - 1),
        Some(Some((start, end))) => (StatusCode::PARTIAL_CONTENT, start, end),
        Some(None) => {
            let all = header_value(format!("bytes */{len}"))?;
            return Ok((StatusCode::RANGE_NOT_SATISFIABLE, [(header::CONTENT_RANGE, all)]).into_response());
        }
    };
    // Only the bytes asked for are read, a chunk at a time, as the client takes them.
    let body = Body::from_stream(super::read(&state, &hosted, start, end).await?);
    let length = (header::CONTENT_LENGTH, header_value((end - start + 1).to_string())?);
    let mut response = (status, common, [length], body).into_response();
    if status == StatusCode::PARTIAL_CONTENT {
        response.headers_mut().insert(header::CONTENT_RANGE, header_value(format!("bytes {start}-{end}/{len}"))?);
    }
    Ok(response)
}

/// The inclusive byte range a single-range `Range` header asks of a `len`-byte file: `a-b`,
/// `a-` or the suffix `-n`. `None` when it cannot be satisfied (or asks for several ranges).
fn byte_range(header: &str, len: u64) -> Option<(u64, u64)> {
    let spec = header.trim().strip_prefix("bytes=")?;
    if spec.contains(',') || len == 0 {
        return None;
    }
    let (from, to) = spec.split_once('-')?;
    let (from, to) = (from.trim(), to.trim());
    let (start, end) = if from.is_empty() {
        let suffix: u64 = to.parse().ok().filter(|n| *n > 0)?;
        (len.saturating_sub(suffix), len - 1)
    } else {
        let start: u64 = from.parse().ok()?;
        let end = if to.is_empty() { len - 1 } else { to.parse::<u64>().ok()?.min(len - 1) };
        (start, end)
    };
    (start <= end && start < len).then_some((start, end))
}

pub fn router() -> OpenApiRouter<AppState> {
    // Routes added before the layer are the media (see `readable_anywhere`).
    OpenApiRouter::new()
        .routes(routes!(video))
        .routes(routes!(poster))
        .routes(routes!(looping))
        .layer(axum::middleware::map_response(crate::http::readable_anywhere))
        .routes(routes!(submit))
        .routes(routes!(status))
        .routes(routes!(check))
        .routes(routes!(cancel))
        .routes(routes!(page))
}

#[cfg(test)]
mod tests {
    #[test]
    fn single_byte_ranges_are_understood_and_others_refused() {
        use super::byte_range;
        assert_eq!(byte_range("bytes=0-99", 1000), Some((0, 99)));
        assert_eq!(byte_range("bytes=900-", 1000), Some((900, 999)));
        assert_eq!(byte_range("bytes=-100", 1000), Some((900, 999)));
        assert_eq!(byte_range("bytes=990-2000", 1000), Some((990, 999)));
        assert_eq!(byte_range("bytes=1000-", 1000), None);
        assert_eq!(byte_range("bytes=5-1", 1000), None);
        assert_eq!(byte_range("bytes=0-1,5-6", 1000), None);
        assert_eq!(byte_range("items=0-1", 1000), None);
        assert_eq!(byte_range("bytes=-0", 1000), None);
    }
}
