//! Assembles the service: the one module that names every feature. It merges the features'
//! routers behind the HTTP middleware stack, lists the job kinds the workers run and the
//! periodic tasks `serve` and `asset-host worker` keep going, and serves HTTP with graceful
//! shutdown.

use std::{collections::HashMap, future::Future, net::SocketAddr, sync::Arc, time::Duration};

use axum::{Extension, Router, extract::DefaultBodyLimit, middleware};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa_axum::router::OpenApiRouter;

use crate::background::Task;
use crate::ctx::Services;
use crate::error::Error;
use crate::http::openapi::Document;
use crate::http::{self, AppState, error, gate, idempotency, observe, openapi, x402};
use crate::jobs::worker::Handler;
use crate::{
    account, assets, audioscript, billing, bot, brands, catalog, content, dashboard, engine, feeds, generate, jobs,
    market, memes, mp4, pitch, plugins, purchases,
};

/// Every route with its OpenAPI description, before middleware.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::skeleton())
        .merge(catalog::routes::router())
        .merge(account::routes::router())
        .merge(http::ops::router())
        .merge(openapi::router())
        .merge(plugins::routes::router())
        .merge(brands::routes::router())
        .merge(memes::routes::router())
        .merge(audioscript::routes::router())
        .merge(pitch::routes::router())
        .merge(purchases::routes::router())
        .merge(assets::routes::router())
        .merge(engine::routes::router())
        .merge(mp4::routes::router())
        .merge(feeds::routes::router())
        .merge(content::routes::router())
        .merge(generate::routes::router())
        .merge(market::routes::router())
        .merge(bot::routes::router())
        .merge(http::estimate::router())
}

/// The service's router.
pub fn app(state: AppState) -> Router {
    app_with(state, OpenApiRouter::new())
}

/// The service's router with `extra` routes behind the same middleware (tests mount probes
/// of the shared machinery this way).
pub fn app_with(state: AppState, extra: OpenApiRouter<AppState>) -> Router {
    app_serving(state, extra, crate::mcp::service)
}

/// [`app_with`] with the MCP endpoint `mcp` makes from the state and the API's description (the
/// conformance example adds the suite's fixtures to the service's own this way).
pub fn app_serving<S>(
    state: AppState,
    extra: OpenApiRouter<AppState>,
    mcp: impl FnOnce(AppState, Document) -> S,
) -> Router
where
    S: tower::Service<axum::extract::Request, Error = std::convert::Infallible> + Clone + Send + Sync + 'static,
    S::Response: axum::response::IntoResponse,
    S::Future: Send + 'static,
{
    let (router, doc) = routes().merge(extra).split_for_parts();
    let doc = openapi::Document(Arc::new(serde_json::to_value(openapi::finish(doc)).unwrap_or_default()));
    // `Router::layer` wraps each route after routing, so every layer sees `MatchedPath`.
    // The last layer added runs first.
    router
        .merge(dashboard::router())
        .merge(http::discovery::router())
        .route(http::discovery::SERVER_CARD, axum::routing::get(crate::mcp::card::server_card))
        .route_service(
            crate::mcp::PATH,
            tower::ServiceBuilder::new()
                .layer(middleware::from_fn_with_state(state.clone(), crate::mcp::sessions::bind))
                .service(mcp(state.clone(), doc.clone())),
        )
        .fallback(|| async { error::from_status(axum::http::StatusCode::NOT_FOUND) })
        .method_not_allowed_fallback(|| async { Error::MethodNotAllowed })
        .layer(middleware::from_fn_with_state(state.clone(), idempotency::idempotent))
        .layer(middleware::from_fn_with_state(state.clone(), x402::x402))
        // Outside x402: a payment sent again is answered before it would be verified again.
        .layer(middleware::from_fn_with_state(state.clone(), idempotency::paid_once))
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
    if let Some(bot) = state.services.telegram.clone() {
        tokio::spawn(async move { bot.learn_username().await });
    }
    let service = app(state).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, service).with_graceful_shutdown(shutdown).await
}

/// The work of every job kind, for the workers of `serve` and `asset-host worker`.
pub fn job_handlers(services: &Services) -> HashMap<&'static str, Handler> {
    [
        (audioscript::KIND, audioscript::handler(services.clone())),
        (mp4::KIND, mp4::handler(services.clone())),
        (assets::delivery::RENDER_KIND, assets::delivery::handler(services.clone())),
    ]
    .into()
}

/// Forgets what expired: sign-in links and sessions, bot updates after a day, MCP tasks after
/// theirs (`ttlMs`), MCP sessions a day unused.
async fn forget_expired(s: Services) -> Result<Option<String>, String> {
    let gone = crate::store::accounts::sweep(&s.db).await.map_err(|e| e.to_string())?;
    let day_ago = crate::store::now_ms() - 86_400_000;
    let updates = crate::store::bots::sweep_updates(&s.db, day_ago).await.map_err(|e| e.to_string())?;
    let ttl = i64::try_from(crate::mcp::tasks::TTL_MS).unwrap_or(i64::MAX);
    let tasks = crate::store::tasks::purge(&s.db, ttl).await.map_err(|e| e.to_string())?;
    let idle = crate::mcp::sessions::IDLE_MS;
    let mcp_sessions = crate::store::mcp_sessions::purge(&s.db, idle).await.map_err(|e| e.to_string())?;
    let n = gone + updates + tasks + mcp_sessions;
    Ok((n > 0).then(|| format!("expired sign-in links, sessions, bot updates and tasks forgotten: {n}")))
}

/// Forgets finished webhook events past their retention and the uses of expired page tokens.
async fn purge_finished(s: Services) -> Result<Option<String>, String> {
    let events = crate::events::purge(&s).await.map_err(|e| e.to_string())?;
    let uses = pitch::activity::forget_spent_tokens(&s).await.map_err(|e| e.to_string())?;
    let n = events + uses;
    Ok((n > 0).then(|| format!("finished webhook events past their retention and spent page tokens forgotten: {n}")))
}

/// Every periodic task: those of every process (`everywhere`), and the shared upkeep run where
/// jobs run (`asset-host worker`, and `serve` unless `--workers 0`).
pub fn background_tasks() -> Vec<Task> {
    let minutes = |n: u64| Duration::from_secs(60 * n);
    let noted = |n: usize, what: &str| (n > 0).then(|| format!("{what}: {n}"));
    vec![
        Task::new("idempotency-purge", minutes(5), |s: Services| async move {
            crate::idempotency::purge(&s.db).await.map(|_| None).map_err(|e| e.to_string())
        })
        .once_per_cluster(),
        // Memory buckets are the process's own; database buckets are purged idempotently.
        Task::new("rate-limit-purge", minutes(5), |s: Services| async move { s.limiter.purge().await.map(|_| None) })
            .everywhere(),
        Task::new("sign-in-sweep", minutes(30), forget_expired).once_per_cluster(),
        Task::new("mp4-expiry", minutes(5), move |s: Services| async move {
            let n = mp4::expire(&s).await.map_err(|e| e.to_string())?;
            Ok(noted(n as usize, "expired MP4 files deleted"))
        })
        .once_per_cluster(),
        Task::new("plugin-follower", Duration::from_secs(1), |s: Services| async move {
            s.plugins.refresh().await.map(|_| None).map_err(|e| format!("{e:?}"))
        })
        .everywhere(),
        Task::new("plugin-cache-sweep", Duration::from_secs(3600), move |s: Services| async move {
            let n = s.plugins.sweep_cache().await.map_err(|e| format!("{e:?}"))?;
            Ok(noted(n, "compiled plugin artifacts no slot serves evicted"))
        })
        .everywhere(),
        Task::new("blob-temp-sweep", Duration::from_secs(3600), move |s: Services| async move {
            // Only a crash mid-write leaves temporary files; an hour is far longer than any write.
            let n = s.blobs.clean_up(Duration::from_secs(3600)).await.map_err(|e| e.to_string())?;
            Ok(noted(n, "temporary blob files of interrupted writes removed"))
        })
        .everywhere(),
        Task::new("blob-orphan-sweep", minutes(30), move |s: Services| async move {
            // Listing a bucket is not free. A blob is deleted only when two sweeps a day apart
            // find no row naming it.
            let swept = crate::store::blobs::sweep_orphans(&s.db, s.blobs.as_ref(), 24 * 3600 * 1000)
                .await
                .map_err(|e| e.to_string())?;
            Ok(noted(swept.deleted, "blobs no row names deleted"))
        })
        .once_per_cluster(),
        Task::new("job-reaper", Duration::from_secs(5), move |s: Services| async move {
            let n = jobs::reap(&s.db).await.map_err(|e| e.to_string())?;
            let unpaid = jobs::abandon_unpaid(&s.db).await.map_err(|e| e.to_string())? as usize;
            let said: Vec<String> = [
                noted(n, "jobs failed and refunded after their worker stopped on the last attempt"),
                noted(unpaid, "jobs failed whose per-asset payment never came"),
            ]
            .into_iter()
            .flatten()
            .collect();
            Ok((!said.is_empty()).then(|| said.join("; ")))
        }),
        // A job paid in SOL starts once its deposit lands, whether or not its caller checks.
        Task::new("sol-job-claims", Duration::from_secs(20), move |s: Services| async move {
            let n = jobs::deposits::claim_waiting(&s.db, s.sol_chain.as_deref()).await.map_err(|e| e.to_string())?;
            Ok(noted(n, "jobs paid in SOL found and queued"))
        })
        .once_per_cluster(),
        Task::new("webhook-sweeper", minutes(1), move |s: Services| async move {
            let n = crate::events::sweep(&s).await.map_err(|e| e.to_string())?;
            Ok(noted(n, "webhooks sent by the sweeper"))
        }),
        Task::new("webhook-purge", minutes(60), purge_finished).once_per_cluster(),
        Task::new("x402-reconciler", Duration::from_secs(10), move |s: Services| async move {
            let Some(rail) = s.x402.clone() else { return Ok(None) };
            let n = rail.reconcile(&s.db).await.map_err(|e| e.message_and_details().0)?;
            Ok(noted(n, "x402 settlements whose outcome was unknown resolved"))
        }),
        Task::new("payment-reaper", Duration::from_secs(5), move |s: Services| async move {
            let n = billing::release_lapsed(&s.db).await.map_err(|e| e.to_string())?;
            Ok(noted(n, "payments released after their work was interrupted"))
        }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_only_replicas_keep_their_own_state_and_leave_shared_upkeep_to_workers() {
        let names = |runs_workers| -> Vec<&str> {
            crate::background::for_process(background_tasks(), runs_workers).iter().map(|t| t.name).collect()
        };
        assert_eq!(names(false), ["rate-limit-purge", "plugin-follower", "plugin-cache-sweep", "blob-temp-sweep"]);
        let all = names(true);
        for shared in ["mp4-expiry", "job-reaper", "webhook-sweeper", "payment-reaper", "blob-orphan-sweep"] {
            assert!(all.contains(&shared), "{shared}");
        }
        assert_eq!(all.len(), background_tasks().len());
    }

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
                        crate::http::policy::find(method, path).is_some(),
                        "{method} {path} is missing from policy::ROUTES"
                    );
                }
            }
        }
        assert!(served >= 9);
    }

    #[test]
    fn each_service_route_is_documented_with_its_declaration() {
        let (_, doc) = routes().split_for_parts();
        let doc = serde_json::to_value(crate::http::openapi::finish(doc)).unwrap();
        for service in crate::catalog::SERVICES {
            let declared = &doc["paths"][service.route][service.method.to_ascii_lowercase()]["x-service"];
            assert_eq!(declared["id"], service.id, "{}", service.route);
            assert_eq!(declared["credits"], serde_json::json!(service.credits), "{}", service.route);
            assert_eq!(declared["statusRoute"], serde_json::json!(service.status_route), "{}", service.route);
        }
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
