//! Operations probes: liveness, readiness (the database answers) and Prometheus metrics.

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
}

/// Liveness: the process serves HTTP.
#[utoipa::path(get, path = "/healthz", tag = "operations",
    responses((status = 200, description = "Alive", body = Health)))]
async fn healthz() -> Json<Health> {
    Json(Health { status: "ok", database: None })
}

/// Readiness: ready only while the database answers.
#[utoipa::path(get, path = "/readyz", tag = "operations",
    responses((status = 200, description = "Ready", body = Health),
              (status = 503, description = "The database does not answer", body = Health)))]
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let database = Some(state.db.backend().name());
    if state.db.ping().await {
        (StatusCode::OK, Json(Health { status: "ok", database }))
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(Health { status: "unavailable", database }))
    }
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
