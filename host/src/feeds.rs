//! Public feeds of what agents made: the latest memes (newest first, cursor-paginated) and
//! today's leaderboard, for everyone and per brand. No key needed; limited per client address.
//!
//! The leaderboard ranks creators by memes made today (UTC), ties broken by who reached the
//! count first. Creators appear under a stable pseudonym derived from their key's public
//! prefix, never the prefix or label itself.

use axum::{
    Json,
    extract::{Path, Query, State},
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::app::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::memes::routes::base_url;
use crate::store::now_ms;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// One meme in a feed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedItem {
    pub id: String,
    pub url: String,
    pub kind: String,
    pub language: String,
    pub title: String,
    /// The registered brand's key, or null.
    pub brand: Option<String>,
    pub brand_name: String,
    /// Unix milliseconds.
    pub created_at: i64,
}

/// A page of the recent feed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentPage {
    pub success: bool,
    pub items: Vec<FeedItem>,
    /// Pass as `cursor` for the next (older) page; null on the last page.
    pub next_cursor: Option<String>,
}

/// Paging of the recent feed.
#[derive(Debug, Deserialize, IntoParams)]
pub struct RecentQuery {
    /// From a previous page's `nextCursor`.
    pub cursor: Option<String>,
    /// Items per page, 1–50 (default 20).
    pub limit: Option<i64>,
}

/// A cursor is `<created_at>.<id>` of the last item shown.
fn parse_cursor(cursor: Option<&str>) -> Result<(i64, String), ApiError> {
    let Some(cursor) = cursor else { return Ok((i64::MAX, String::new())) };
    let bad = || ApiError::bad_request("invalid_cursor", "`cursor` must come from a previous page's `nextCursor`.");
    let (at, id) = cursor.split_once('.').ok_or_else(bad)?;
    let at = at.parse::<i64>().map_err(|_| bad())?;
    if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(bad());
    }
    Ok((at, id.to_string()))
}

async fn recent(state: &AppState, base: &str, brand: Option<&str>, query: RecentQuery) -> Result<RecentPage, ApiError> {
    let limit = query.limit.unwrap_or(20).clamp(1, 50);
    let (before_at, before_id) = parse_cursor(query.cursor.as_deref())?;
    // Newest first; the cursor is the (created_at, id) of the last item already shown. The
    // brand filter is `$4 IS NULL OR brand_key = $4`, one query for both feeds.
    let rows = sqlx::query(
        "SELECT id, kind, language, title, brand_key, brand_name, created_at FROM memes \
         WHERE (created_at < $1 OR (created_at = $1 AND id < $2)) AND ($4 = '' OR brand_key = $4) \
         ORDER BY created_at DESC, id DESC LIMIT $3",
    )
    .bind(before_at)
    .bind(&before_id)
    .bind(limit + 1)
    .bind(brand.unwrap_or(""))
    .fetch_all(state.db.pool())
    .await?;
    let mut items = rows
        .iter()
        .map(|r| {
            let id: String = r.try_get("id")?;
            Ok(FeedItem {
                url: format!("{base}/memes/{id}"),
                id,
                kind: r.try_get("kind")?,
                language: r.try_get("language")?,
                title: r.try_get("title")?,
                brand: r.try_get("brand_key")?,
                brand_name: r.try_get("brand_name")?,
                created_at: r.try_get("created_at")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let next_cursor = if items.len() as i64 > limit {
        items.truncate(limit as usize);
        items.last().map(|last| format!("{}.{}", last.created_at, last.id))
    } else {
        None
    };
    Ok(RecentPage { success: true, items, next_cursor })
}

/// A creator on the leaderboard.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Leader {
    pub rank: i64,
    /// Stable pseudonym of the creating key.
    pub creator: String,
    pub memes: i64,
}

/// Today's leaderboard.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Leaderboard {
    pub success: bool,
    /// The UTC day, as Unix milliseconds of its start.
    pub day_start: i64,
    pub leaders: Vec<Leader>,
}

fn pseudonym(prefix: &str) -> String {
    format!("agent-{}", &hex::encode(Sha256::digest(prefix.as_bytes()))[..8])
}

async fn leaderboard(state: &AppState, brand: Option<&str>) -> Result<Leaderboard, ApiError> {
    let day_start = now_ms() / DAY_MS * DAY_MS;
    let rows = sqlx::query(
        "SELECT k.prefix AS prefix, COUNT(*) AS made, MAX(m.created_at) AS last_at FROM memes m \
         JOIN api_keys k ON k.id = m.api_key_id \
         WHERE m.created_at >= $1 AND ($2 = '' OR m.brand_key = $2) \
         GROUP BY k.prefix ORDER BY made DESC, last_at ASC LIMIT 20",
    )
    .bind(day_start)
    .bind(brand.unwrap_or(""))
    .fetch_all(state.db.pool())
    .await?;
    let leaders = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            Ok(Leader {
                rank: i as i64 + 1,
                creator: pseudonym(&r.try_get::<String, _>("prefix")?),
                memes: r.try_get("made")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Leaderboard { success: true, day_start, leaders })
}

async fn known_brand(state: &AppState, key: &str) -> Result<(), ApiError> {
    crate::brands::get(&state.db, key).await?.map(|_| ()).ok_or(ApiError::NotFound { message: "No such brand.".into() })
}

/// The latest memes, newest first.
#[utoipa::path(get, path = "/api/legacy/recent", tag = "feeds", params(RecentQuery),
    responses((status = 200, body = RecentPage), (status = 400, body = ErrorBody)))]
async fn all_recent(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    Query(q): Query<RecentQuery>,
) -> Result<Json<RecentPage>, ApiError> {
    Ok(Json(recent(&state, &base_url(&state, &headers), None, q).await?))
}

/// Today's leaderboard of creators.
#[utoipa::path(get, path = "/api/legacy/leaderboard", tag = "feeds", responses((status = 200, body = Leaderboard)))]
async fn all_leaderboard(State(state): State<AppState>) -> Result<Json<Leaderboard>, ApiError> {
    Ok(Json(leaderboard(&state, None).await?))
}

/// A brand's latest memes, newest first.
#[utoipa::path(get, path = "/api/brands/{key}/recent", tag = "feeds", params(("key" = String, Path), RecentQuery),
    responses((status = 200, body = RecentPage), (status = 404, body = ErrorBody)))]
async fn brand_recent(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    Path(key): Path<String>,
    Query(q): Query<RecentQuery>,
) -> Result<Json<RecentPage>, ApiError> {
    known_brand(&state, &key).await?;
    Ok(Json(recent(&state, &base_url(&state, &headers), Some(&key), q).await?))
}

/// A brand's leaderboard today.
#[utoipa::path(get, path = "/api/brands/{key}/leaderboard", tag = "feeds", params(("key" = String, Path)),
    responses((status = 200, body = Leaderboard), (status = 404, body = ErrorBody)))]
async fn brand_leaderboard(
    State(state): State<AppState>,
    Path(key): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    known_brand(&state, &key).await?;
    Ok(Json(leaderboard(&state, Some(&key)).await?))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(all_recent))
        .routes(routes!(all_leaderboard))
        .routes(routes!(brand_recent))
        .routes(routes!(brand_leaderboard))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_refused() {
        assert_eq!(parse_cursor(Some("1700000000000.abcDEF23")).unwrap(), (1_700_000_000_000, "abcDEF23".to_string()));
        assert_eq!(parse_cursor(None).unwrap().0, i64::MAX);
        for bad in ["", "x.y", "12", "12.", "12.a'b", "12.a b"] {
            assert!(parse_cursor(Some(bad)).is_err(), "{bad}");
        }
        assert_ne!(pseudonym("ak_aaaaaaaa"), pseudonym("ak_aaaaaaab"));
        assert!(!pseudonym("ak_aaaaaaaa").contains("ak_"));
    }
}
