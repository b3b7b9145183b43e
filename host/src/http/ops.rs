//! Operations probes: liveness, readiness (the database and the blob store answer) and
//! Prometheus metrics.

use axum::{Json, extract::State, http::StatusCode, response::Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::AppState;
use super::observe::metrics_response;

/// Body of the health probes.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` when a dependency does not answer.
    pub status: &'static str,
    /// The database backend in use, on `/readyz`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database: Option<&'static str>,
    /// The blob store in use (`local`, `s3`), on `/readyz`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blobs: Option<&'static str>,
    /// What does not answer, when not ready.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failing: Option<&'static str>,
}

/// Liveness: the process serves HTTP.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "Alive", body = Health)))]
async fn healthz() -> Json<Health> {
    Json(Health { status: "ok", database: None, blobs: None, failing: None })
}

/// Readiness: ready only while the database and the blob store answer.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses((status = 200, description = "Ready", body = Health),
              (status = 503, description = "The database or the blob store does not answer", body = Health)))]
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let (database, blobs) = (Some(state.db.backend().name()), Some(state.blobs.name()));
    // A read of a key nobody writes: it costs one request and proves the store answers.
    let failing = if !state.db.ping().await {
        Some("database")
    } else if state.blobs.size("readyz/probe").await.is_err() {
        Some("blobs")
    } else {
        None
    };
    let status = if failing.is_some() { StatusCode::SERVICE_UNAVAILABLE } else { StatusCode::OK };
    let word = if failing.is_some() { "unavailable" } else { "ok" };
    (status, Json(Health { status: word, database, blobs, failing }))
}

/// Prometheus metrics in the OpenMetrics text format.
#[utoipa::path(get, path = "/metrics", tag = "operations",
    responses((status = 200, description = "Metrics", content_type = "application/openmetrics-text")))]
async fn metrics(State(state): State<AppState>) -> Response {
    metrics_response(&state.metrics)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(readyz)).routes(routes!(metrics))
}
