//! `asset-host serve` and `asset-host worker`: the long-running processes, their start-up
//! (the services composed, holds an earlier run left released) and their graceful stop.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio::sync::watch;

use crate::config::Settings;
use crate::ctx::Services;
use crate::store::Db;

use super::dashboard::SERVED_AT;

pub(super) async fn serve(db: Db, mut settings: Settings) -> Result<(), String> {
    // Named by the configured port, not the bound one: a port picked at start is no name.
    if settings.instance.is_none() && settings.listen.port() != 0 {
        settings.instance = Some(format!("{}:{}", crate::jobs::worker::hostname(), settings.listen.port()));
    }
    let listener = tokio::net::TcpListener::bind(settings.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", settings.listen))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    // Links fall back to the address actually bound (port 0 picks one).
    settings.listen = address;
    // On loopback (the defaults: one person trying the service) links to the listen address are
    // right; anywhere else they would point people at an address they may not reach.
    if settings.public_url.is_none() && !address.ip().is_loopback() {
        tracing::warn!(
            %address,
            "no public_url (ASSET_PUBLIC_URL) set: links in responses and pages point at the listen address \
             or a host in public_hosts; production needs public_url"
        );
    }
    let grace = Duration::from_secs(settings.shutdown_grace_secs);
    let data_dir = settings.data_dir.clone();
    let state = crate::http::AppState::new(db.clone(), settings).await?;
    release_own_holds(&state.services).await;
    tracing::info!(%address, database = db.backend().name(), limiter = state.limiter.kind(), "serving");
    // Tests and supervisors read the bound address from this line.
    println!("listening on http://{address}");
    if let Err(e) = std::fs::write(data_dir.join(SERVED_AT), format!("http://{address}\n")) {
        tracing::warn!(error = %e, "cannot note the address served on in the data folder");
    }

    // The grace counts from the stop signal; requests in flight, then detached work, share it.
    let deadline = Arc::new(OnceLock::new());
    let (stop_tx, stop_rx) = watch::channel(false);
    let signalled = deadline.clone();
    let changes = db.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutdown requested; draining requests in flight");
        let _ = signalled.set(tokio::time::Instant::now() + grace);
        let _ = stop_tx.send(true);
        // Reads waiting on a job answer now instead of holding the drain up.
        changes.changes().stop();
    });
    tokio::spawn(crate::store::changes::listen(db.clone()));
    let services = state.services.clone();
    let tasks = crate::background::for_process(crate::app::background_tasks(), services.settings.workers > 0);
    let background = crate::background::spawn(tasks, &services, stop_rx.clone());
    let workers = spawn_workers(&services, stop_rx.clone());
    let mut drain_rx = stop_rx.clone();
    let mut stop_rx = stop_rx;
    let stopped = async move {
        let _ = stop_rx.wait_for(|stop| *stop).await;
    };
    let grace_ends = || deadline.get().copied().unwrap_or_else(|| tokio::time::Instant::now() + grace);
    tokio::select! {
        served = crate::run(listener, state, stopped) => served.map_err(|e| e.to_string())?,
        _ = async {
            let _ = drain_rx.wait_for(|stop| *stop).await;
            tokio::time::sleep_until(grace_ends()).await;
        } => tracing::warn!(grace_secs = grace.as_secs(), "drain grace elapsed; exiting with requests in flight"),
    }
    // Paid work whose caller hung up still runs detached: let it store its result or release
    // its payment before the pool closes.
    let left = grace_ends().saturating_duration_since(tokio::time::Instant::now()).max(Duration::from_secs(1));
    if !services.detached.drain(left).await {
        tracing::warn!(
            tasks = services.detached.running(),
            "detached work still running at exit; the payment reaper will release its payments"
        );
    }
    if let Some(workers) = workers {
        let _ = workers.await;
    }
    background.join_all().await;
    db.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Gives back at once what an earlier run of this instance held when it died: on SQLite every
/// call's hold (one process serves it), else the holds that carry this instance's name.
async fn release_own_holds(services: &Services) {
    let holder = match services.db.backend() {
        crate::store::Backend::Sqlite => None,
        crate::store::Backend::Postgres if services.settings.instance.is_some() => Some(services.detached.holder()),
        crate::store::Backend::Postgres => return,
    };
    match crate::billing::release_own_holds(&services.db, holder).await {
        Ok(0) => {}
        Ok(n) => tracing::info!(released = n, "payments held by this instance's earlier run released"),
        Err(e) => {
            tracing::warn!(error = %e, "releasing this instance's earlier holds failed; they lapse by their hold")
        }
    }
}

/// The job workers of this process, unless `workers` is 0.
fn spawn_workers(services: &Services, stop: watch::Receiver<bool>) -> Option<tokio::task::JoinHandle<()>> {
    let concurrency = services.settings.workers;
    (concurrency > 0).then(|| {
        let lease = Duration::from_secs(services.settings.job_lease_secs);
        let x402 = services.x402.clone();
        let settings = crate::jobs::worker::Settings { concurrency, lease, x402, ..Default::default() };
        tokio::spawn(crate::jobs::worker::run(services.db.clone(), crate::app::job_handlers(services), settings, stop))
    })
}

/// `asset-host worker`: job workers and the background tasks, no HTTP.
pub(super) async fn worker(db: Db, mut settings: Settings) -> Result<(), String> {
    settings.workers = settings.workers.max(1);
    let services = crate::compose::services(db.clone(), settings).await?;
    let (stop_tx, stop_rx) = watch::channel(false);
    let background = crate::background::spawn(crate::app::background_tasks(), &services, stop_rx.clone());
    let workers = spawn_workers(&services, stop_rx).ok_or("no workers")?;
    tokio::spawn(crate::store::changes::listen(db.clone()));
    println!("worker started");
    shutdown_signal().await;
    tracing::info!("shutdown requested; handing unfinished jobs back");
    let _ = stop_tx.send(true);
    db.changes().stop();
    let _ = workers.await;
    background.join_all().await;
    db.close().await;
    Ok(())
}

async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => return interrupt.await.unwrap_or(()),
        };
        tokio::select! {
            _ = interrupt => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    interrupt.await.unwrap_or(());
}
