//! Periodic work: each task a name, a period, a step and where it runs. Tasks that keep a
//! process's own state (its plugins, its caches, its folder) run in every process; the upkeep
//! of shared state (expiry, reapers, sweeps, purges) runs where jobs run: `asset-host worker`,
//! and `serve` unless it is a web-only replica (`--workers 0`). Those are safe with several
//! instances (conditional writes, claims), and those that would be wasteful twice run once per
//! cluster under a lease. `app::background_tasks` is the one list.

use std::time::Duration;

use futures::future::BoxFuture;
use tokio::sync::watch;

use crate::ctx::Services;
use crate::store::leases;

/// One step of a periodic task over the process's services: `Ok(Some(note))` is logged,
/// `Ok(None)` is a quiet tick.
pub type Step = Box<dyn Fn(Services) -> BoxFuture<'static, Result<Option<String>, String>> + Send + Sync>;

/// Which processes run a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runs {
    /// Every process: the task keeps that process's own state.
    Everywhere,
    /// Processes that run jobs: the task keeps state the cluster shares.
    WithWorkers,
}

/// A periodic task.
pub struct Task {
    pub name: &'static str,
    pub every: Duration,
    pub runs: Runs,
    pub step: Step,
}

impl Task {
    /// A task of the processes that run jobs: `step` every `every`, first at start-up.
    pub fn new<F, Fut>(name: &'static str, every: Duration, step: F) -> Task
    where
        F: Fn(Services) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Option<String>, String>> + Send + 'static,
    {
        Task { name, every, runs: Runs::WithWorkers, step: Box::new(move |services| Box::pin(step(services))) }
    }

    /// The task runs in every process, web-only replicas included.
    pub fn everywhere(self) -> Task {
        Task { runs: Runs::Everywhere, ..self }
    }

    /// Of all the processes that run the task, only the one holding its lease (named after the
    /// task, in the database) does the work: for work that is wasteful or noisy twice (listing
    /// a bucket, deleting expired files). The holder renews it every tick; held for one and a
    /// half periods, it passes to another process only once its holder has stopped.
    pub fn once_per_cluster(self) -> Task {
        let (name, inner) = (self.name, self.step);
        let hold = i64::try_from(self.every.as_millis() * 3 / 2).unwrap_or(i64::MAX);
        let step: Step = Box::new(move |services: Services| {
            let work = inner(services.clone());
            Box::pin(async move {
                let held = leases::take(&services.db, name, leases::instance(), hold).await;
                if !held.map_err(|e| e.to_string())? {
                    return Ok(None);
                }
                work.await
            })
        });
        Task { step, ..self }
    }
}

/// The tasks a process runs: all of them where jobs run, else those of every process.
pub fn for_process(tasks: Vec<Task>, runs_workers: bool) -> Vec<Task> {
    tasks.into_iter().filter(|t| runs_workers || t.runs == Runs::Everywhere).collect()
}

/// Runs every task on its own loop over `services` until `stop` turns true.
pub fn spawn(tasks: Vec<Task>, services: &Services, stop: watch::Receiver<bool>) -> tokio::task::JoinSet<()> {
    let mut set = tokio::task::JoinSet::new();
    for task in tasks {
        let (mut stop, services) = (stop.clone(), services.clone());
        set.spawn(async move {
            let mut tick = tokio::time::interval(task.every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = stop.wait_for(|s| *s) => return,
                }
                match (task.step)(services.clone()).await {
                    Ok(None) => {}
                    Ok(Some(note)) => tracing::info!(task = task.name, "{note}"),
                    Err(e) => tracing::warn!(task = task.name, error = %e, "background task failed"),
                }
            }
        });
    }
    set
}
