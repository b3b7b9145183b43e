//! Assembles the service: the shared state, the router with its middleware stack, and the
//! server loop with graceful shutdown and background housekeeping.

use std::{future::Future, net::SocketAddr, sync::Arc, time::Duration};

use axum::{Extension, Router, extract::DefaultBodyLimit, middleware};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa_axum::router::OpenApiRouter;

use crate::config::Settings;
use crate::error::{self, ApiError};
use crate::limits::Limiter;
use crate::observe::{self, Metrics};
use crate::plugins::{self, Registry, Sandbox};
use crate::store::{Backend, Db};
use crate::{account, audioscript, billing, brands, catalog, engine, feeds, gate, idempotency, memes, openapi, ops};

/// Everything a request handler may need; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub limiter: Arc<Limiter>,
    pub metrics: Arc<Metrics>,
    pub settings: Arc<Settings>,
    pub plugins: Arc<Registry>,
}

impl AppState {
    /// State over `db`, with rate-limit counters where the settings and backend call for them:
    /// Redis when configured, the shared database on PostgreSQL, memory on SQLite.
    pub async fn new(db: Db, settings: Settings) -> Result<AppState, String> {
        let limiter = match (&settings.redis_url, db.backend()) {
            (Some(url), _) => {
                Limiter::redis(url, &settings.redis_prefix).await.map_err(|e| format!("cannot reach Redis: {e}"))?
            }
            (None, Backend::Postgres) => Limiter::Database(db.clone()),
            (None, Backend::Sqlite) => Limiter::memory(),
        };
        let sandbox = Sandbox::new(Some(settings.data_dir.join("plugin-cache")), settings.host_services()?)?;
        let registry = Registry::new(db.clone(), Arc::new(sandbox));
        registry
            .install_builtins(&plugins::builtins())
            .await
            .map_err(|e| format!("installing built-in generators: {e:?}"))?;
        registry.refresh().await.map_err(|e| format!("loading generators: {e:?}"))?;
        Ok(AppState {
            db,
            limiter: Arc::new(limiter),
            metrics: Arc::new(Metrics::new()),
            settings: Arc::new(settings),
            plugins: Arc::new(registry),
        })
    }
}

/// Every route with its OpenAPI description, before middleware.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::skeleton())
        .merge(catalog::router())
        .merge(billing::packs::router())
        .merge(account::router())
        .merge(ops::router())
        .merge(openapi::router())
        .merge(plugins::routes::router())
        .merge(brands::routes::router())
        .merge(memes::routes::router())
        .merge(audioscript::routes::router())
        .merge(engine::routes::router())
        .merge(crate::mp4::routes::router())
        .merge(feeds::router())
}

/// The service's router.
pub fn app(state: AppState) -> Router {
    app_with(state, OpenApiRouter::new())
}

/// The service's router with `extra` routes behind the same middleware (tests mount probes
/// of the shared machinery this way).
pub fn app_with(state: AppState, extra: OpenApiRouter<AppState>) -> Router {
    let (router, doc) = routes().merge(extra).split_for_parts();
    let doc = openapi::Document(Arc::new(serde_json::to_value(openapi::finish(doc)).unwrap_or_default()));
    // `Router::layer` wraps each route after routing, so every layer sees `MatchedPath`.
    // The last layer added runs first.
    router
        .fallback(|| async { ApiError::from_status(axum::http::StatusCode::NOT_FOUND) })
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .layer(middleware::from_fn_with_state(state.clone(), idempotency::idempotent))
        .layer(middleware::from_fn_with_state(state.clone(), gate::gate))
        .layer(DefaultBodyLimit::max(state.settings.max_body_bytes))
        .layer(CatchPanicLayer::new())
        .layer(middleware::from_fn(error::normalize_errors))
        .layer(middleware::from_fn_with_state(state.clone(), observe::observe))
        .layer(Extension(doc))
        .with_state(state)
}

/// Serves `app(state)` on `listener` until `shutdown` completes, then drains requests in flight.
pub async fn run<F>(listener: TcpListener, state: AppState, shutdown: F) -> std::io::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let housekeeping = tokio::spawn(housekeeping(state.clone()));
    // Scanning the system fonts takes up to seconds on a cold cache: do it now, not in a request.
    tokio::task::spawn_blocking(|| {
        let missing = crate::render::fonts::get().missing();
        if !missing.is_empty() {
            tracing::warn!(
                ?missing,
                "fonts missing: text in these scripts cannot be drawn (install fonts-noto-core and fonts-noto-cjk)"
            );
        }
    });
    let follower = tokio::spawn(plugins::follow_activations(state.plugins.clone()));
    let service = app(state).into_make_service_with_connect_info::<SocketAddr>();
    let served = axum::serve(listener, service).with_graceful_shutdown(shutdown).await;
    housekeeping.abort();
    follower.abort();
    served
}

/// The work of every job kind, for the workers of `serve` and `asset-host worker`.
pub fn job_handlers(state: &AppState) -> std::collections::HashMap<&'static str, crate::jobs::worker::Handler> {
    [(audioscript::KIND, audioscript::handler(state.clone())), (crate::mp4::KIND, crate::mp4::handler(state.clone()))]
        .into()
}

/// Periodically forgets expired idempotency records and idle rate-limit buckets.
async fn housekeeping(state: AppState) {
    let mut tick = tokio::time::interval(Duration::from_secs(300));
    loop {
        tick.tick().await;
        if let Err(e) = idempotency::purge(&state.db).await {
            tracing::warn!(error = %e, "idempotency purge failed");
        }
        if let Err(e) = state.limiter.purge().await {
            tracing::warn!(error = %e, "rate-limit purge failed");
        }
        match crate::mp4::expire(&state.db).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(renders = n, "deleted expired MP4 files"),
            Err(e) => tracing::warn!(error = %e, "deleting expired MP4 files failed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_served_route_has_a_policy_entry() {
        let (_, doc) = routes().split_for_parts();
        let mut served = 0;
        for (path, item) in &doc.paths.paths {
            for (method, op) in [("GET", &item.get), ("POST", &item.post), ("PUT", &item.put), ("DELETE", &item.delete)]
            {
                if op.is_some() {
                    served += 1;
                    assert!(
                        crate::policy::find(method, path).is_some(),
                        "{method} {path} is missing from policy::ROUTES"
                    );
                }
            }
        }
        assert!(served >= 9);
    }

    #[test]
    fn services_marked_available_are_served_and_the_others_are_not() {
        let (_, doc) = routes().split_for_parts();
        for service in crate::catalog::SERVICES {
            let served = doc.paths.paths.get(service.route).is_some_and(|item| item.post.is_some());
            let available = service.availability == crate::catalog::Availability::Available;
            // The product pack is served only to refuse it as coming soon.
            if service.id != "product-pack" {
                assert_eq!(served, available, "{} at {}", service.id, service.route);
            }
        }
    }
}
