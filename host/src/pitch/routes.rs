//! Pitch routes: `POST /api/agent/before` (paid, synchronous) and its status with what people
//! did on the page (`GET /api/agent/before/{id}`), the page script's reports
//! (`POST /m/{id}/activity`, public), `POST /api/agent/invite-bot` (paid), and an invite's claim
//! page `/i/<code>` (public: the page, and the claim as a form post or JSON).

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::activity::{self, Action, Claim, Report, Reported, Sender};
use super::invite::{self, ClaimForm, Claimed, InviteRequest, InviteResult};
use super::{PitchRequest, PitchResult, PitchStatus, claim_page};
use crate::error::Error;
use crate::http::error::{ApiJson, ErrorBody};
use crate::http::{AppState, BaseUrl, Call};

/// Makes a personalized pitch page for one person: a hook naming them, message-style beats
/// voiced and shown as chat bubbles, memes and a call to action, on a page to share (an engine
/// page: `POST /api/agent/mp4` renders it). 1 credit, refunded if making it fails.
#[utoipa::path(post, path = "/api/agent/before", tag = "pitch", request_body = PitchRequest,
    responses((status = 200, body = PitchResult), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 429, body = ErrorBody), (status = 502, description = "The generator failed (refunded)", body = ErrorBody)))]
async fn before(Call(ctx): Call, ApiJson(request): ApiJson<PitchRequest>) -> Result<Json<PitchResult>, Error> {
    Ok(Json(super::create(&ctx, request).await?))
}

/// A pitch page this key made and what people did on it: views, plays, shares and
/// call-to-action clicks (counts, first and last times), and, for a pitch made with a
/// `callbackUrl`, every attempt to send its events. Free.
#[utoipa::path(get, path = "/api/agent/before/{id}", tag = "pitch",
    params(("id" = String, Path, description = "The pitch page's id, as its creation answered")),
    responses((status = 200, body = PitchStatus), (status = 401, body = ErrorBody),
              (status = 404, description = "No pitch page of this key has that id", body = ErrorBody)))]
async fn status(Call(ctx): Call, Path(id): Path<String>) -> Result<Json<PitchStatus>, Error> {
    Ok(Json(activity::status(&ctx, &id).await?))
}

/// A pitch page's script reporting what the person on it did (`view`, `play`, `share`, `cta`).
/// Counted only with the token the page was served with (valid for six hours, each action once
/// per token) and from a browser on the page itself: a report without a valid token, a reused
/// one, a crawler's, a link-preview fetcher's or another site's is answered `counted: false`. The body may come as `text/plain`, as
/// `navigator.sendBeacon` sends it.
#[utoipa::path(post, path = "/m/{id}/activity", tag = "pitch", params(("id" = String, Path)), request_body = Report,
    responses((status = 200, body = Reported), (status = 400, body = ErrorBody),
              (status = 404, description = "No such pitch page", body = ErrorBody)))]
async fn report(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Reported>, Error> {
    let report: Report = serde_json::from_slice(&body)
        .map_err(|_| Error::bad_request("invalid_report", "The body must be JSON: {\"action\": \"view\"}."))?;
    let action = Action::parse(&report.action)?;
    let header = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let sender = Sender {
        user_agent: header(header::USER_AGENT),
        origin: header(header::ORIGIN),
        fetch_site: header(header::HeaderName::from_static("sec-fetch-site")),
    };
    let claim = Claim { action, token: report.token.as_deref(), person: activity::from_a_person(sender, &base) };
    let counted = activity::record(&state, &base, &id, claim).await?;
    Ok(Json(Reported { success: true, counted }))
}

/// Invites someone to a free branded bot: their pitch page and a one-time claim link. 1 credit.
/// At most 3 new invites per UTC day and 10 unclaimed per key (429 says which, with
/// `Retry-After`; nothing charged).
#[utoipa::path(post, path = "/api/agent/invite-bot", tag = "pitch", request_body = InviteRequest,
    responses((status = 200, body = InviteResult), (status = 400, body = ErrorBody), (status = 402, body = ErrorBody),
              (status = 429, description = "Rate limited, or an invite cap reached (nothing charged)", body = ErrorBody),
              (status = 502, description = "A generator failed (refunded)", body = ErrorBody)))]
async fn invite_bot(Call(ctx): Call, ApiJson(request): ApiJson<InviteRequest>) -> Result<Json<InviteResult>, Error> {
    Ok(Json(invite::create(&ctx, request).await?))
}

/// An invite's claim page: the pitch made for them and the form that claims the bot.
#[utoipa::path(get, path = "/i/{code}", tag = "pitch", params(("code" = String, Path)),
    responses((status = 200, content_type = "text/html"), (status = 404, content_type = "text/html"),
              (status = 409, content_type = "text/html"), (status = 410, content_type = "text/html")))]
async fn claim_form(State(state): State<AppState>, BaseUrl(base): BaseUrl, Path(code): Path<String>) -> Response {
    match invite::get(&state, &code).await {
        Ok(found) if found.claimed_at.is_some() => {
            (StatusCode::CONFLICT, Html(claim_page::closed("This invite has already been claimed."))).into_response()
        }
        Ok(found) if found.expires_at <= crate::store::now_ms() => {
            (StatusCode::GONE, Html(claim_page::closed("This invite has expired."))).into_response()
        }
        Ok(found) => {
            // Who sent the invite, as its pitch page names them.
            let page = crate::engine::get(&state, &found.page_id).await.ok().flatten();
            let from = page.and_then(|p| p.extra["from"].as_str().map(str::to_string));
            Html(claim_page::open(&found, from.as_deref(), &base)).into_response()
        }
        Err(e) => html_error(&e),
    }
}

/// Claims the bot, once: a form post answers a page, JSON (`Content-Type: application/json`)
/// answers JSON. 404 unknown code, 409 already claimed, 410 expired, 400 a bad brand field,
/// 403 `own_invite` when the claim presents the key that made the invite (or another key of
/// its account): an invite is for someone else.
#[utoipa::path(post, path = "/i/{code}", tag = "pitch", params(("code" = String, Path)), request_body = ClaimForm,
    responses((status = 200, description = "Claimed: JSON, or a page for a form post", content((Claimed = "application/json"), (String = "text/html"))),
              (status = 400, description = "A bad brand field", content((ErrorBody = "application/json"), (String = "text/html"))),
              (status = 403, description = "The invite's own maker (`own_invite`)", content((ErrorBody = "application/json"), (String = "text/html"))),
              (status = 404, description = "No such invite", content((ErrorBody = "application/json"), (String = "text/html"))),
              (status = 409, description = "Claimed before", content((ErrorBody = "application/json"), (String = "text/html"))),
              (status = 410, description = "Expired", content((ErrorBody = "application/json"), (String = "text/html")))))]
async fn claim(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    Path(code): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let form: Result<ClaimForm, String> = if json {
        serde_json::from_slice(&body).map_err(|e| e.to_string())
    } else {
        let fields: serde_json::Map<String, serde_json::Value> =
            url::form_urlencoded::parse(&body).map(|(k, v)| (k.into_owned(), v.into_owned().into())).collect();
        serde_json::from_value(fields.into()).map_err(|e| e.to_string())
    };
    let claimant = crate::http::gate::presented_caller(&state, &headers).await;
    let outcome = match (form, claimant) {
        (_, Err(e)) => Err(e),
        (Ok(form), Ok(claimant)) => invite::claim(&state, &code, form, &base, claimant.map(|c| c.key_id)).await,
        (Err(why), _) => {
            Err(Error::bad_request("invalid_claim", format!("The claim needs name, hashtag and token: {why}.")))
        }
    };
    match (outcome, json) {
        (Ok(claimed), true) => Json(claimed).into_response(),
        (Ok(claimed), false) => {
            let language = invite::get(&state, &code).await.map(|i| i.language).unwrap_or_else(|_| "en".into());
            Html(claim_page::claimed(&claimed, &language)).into_response()
        }
        (Err(e), true) => e.into_response(),
        (Err(e), false) => html_error(&e),
    }
}

/// An error as a page for people, with its status.
fn html_error(error: &Error) -> Response {
    let status = crate::http::error::status(error.kind());
    (status, Html(claim_page::closed(&error.message_and_details().0))).into_response()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(before))
        .routes(routes!(status))
        .routes(routes!(report))
        .routes(routes!(invite_bot))
        .routes(routes!(claim_form, claim))
}
