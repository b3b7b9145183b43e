//! Periodic work: each task a name, a period and a step, run by one loop per task in `serve`
//! and in `asset-host worker` alike. `app::background_tasks` is the one list of them.

use std::time::Duration;

use futures::future::BoxFuture;
use tokio::sync::watch;

use crate::ctx::Services;

/// One step of a periodic task over the process's services: `Ok(Some(note))` is logged,
/// `Ok(None)` is a quiet tick.
pub type Step = Box<dyn Fn(Services) -> BoxFuture<'static, Result<Option<String>, String>> + Send + Sync>;

/// A periodic task.
pub struct Task {
    pub name: &'static str,
    pub every: Duration,
    pub step: Step,
}

impl Task {
    /// A task that runs `step` every `every`, first at start-up.
    pub fn new<F, Fut>(name: &'static str, every: Duration, step: F) -> Task
    where
        F: Fn(Services) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Option<String>, String>> + Send + 'static,
    {
        Task { name, every, step: Box::new(move |services| Box::pin(step(services))) }
    }
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
