//! Bounded pools for CPU-heavy work (drawing pictures, encoding video, decoding audio, compiling
//! plugins): at most a fixed number of pieces run at once, each on a blocking thread and under a
//! time budget, so no request can take every core or hold one for long. Work nobody waits for
//! yet (pictures drawn ahead of a page's first view) runs in the pool's second lane, at the
//! lowest CPU priority, so it never slows the work somebody does wait for.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

/// A pool of `threads` slots for blocking work, and as many again for work done ahead; cheap
/// to clone.
#[derive(Clone, Debug)]
pub struct CpuPool {
    name: &'static str,
    slots: Arc<Semaphore>,
    ahead: Arc<Semaphore>,
}

/// Who waits for a piece of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lane {
    /// A request or a job: the work runs at the process's priority.
    #[default]
    Waited,
    /// Nobody yet (work done ahead of its first use): the work runs on a thread of its own at
    /// the lowest priority, in slots of its own, so it takes only the CPU that waited work
    /// leaves idle and never holds a slot that waited work needs.
    Ahead,
}

/// What a piece of work may spend. Work that can stop part way calls [`Budget::check`] between
/// its steps (pictures, frames, decoded buffers); work that cannot is still abandoned by its
/// caller once the budget is spent, and keeps its slot until it ends, so the pool stays bounded.
#[derive(Clone, Debug)]
pub struct Budget {
    limit: Duration,
    deadline: Instant,
    /// Set when the work must stop before its deadline: its caller stopped waiting (gave up,
    /// or was dropped with its job), or the work saw its next step would not fit.
    stopped: Arc<AtomicBool>,
}

impl Budget {
    /// A budget of `limit` from now.
    pub fn new(limit: Duration) -> Budget {
        Budget { limit, deadline: Instant::now() + limit, stopped: Arc::new(AtomicBool::new(false)) }
    }

    /// Whether the work should stop: its time is up or its caller stopped waiting.
    pub fn spent(&self) -> bool {
        self.stopped.load(Ordering::Relaxed) || Instant::now() >= self.deadline
    }

    /// `Err` once the budget is spent, for `?` between steps.
    pub fn check(&self) -> Result<(), String> {
        if self.spent() { Err(format!("over its time budget of {:?}", self.limit)) } else { Ok(()) }
    }

    /// [`Budget::check`] before a step that cannot stop part way and may take as long as
    /// `step`: with less time left than that, the budget counts as spent now, since the step
    /// would end past the deadline and its work would be thrown away.
    pub fn check_room(&self, step: Duration) -> Result<(), String> {
        if self.remaining() < step {
            self.stop();
        }
        self.check()
    }

    /// Spends the budget now: the work stops at its next check.
    fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// Time left before the deadline (zero once spent).
    pub fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }
}

/// Why pooled work did not give its result.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CpuError {
    /// The work ran past its budget and was stopped or abandoned.
    #[error("{pool} work took longer than its budget of {budget:?}")]
    OverBudget { pool: &'static str, budget: Duration },
    /// The work failed on its own terms.
    #[error("{0}")]
    Failed(String),
}

/// How long past its budget the caller still waits for work that checks its budget to notice
/// and stop, before abandoning it.
const GRACE: Duration = Duration::from_millis(250);

/// Stops the work when its caller goes away (a job's attempt dropped when its lease is lost or
/// it is cancelled), so work that checks its budget does not run on for nobody.
struct StopOnDrop(Budget);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

impl CpuPool {
    /// A pool of `threads` slots (at least one); `name` labels its errors and logs.
    pub fn new(name: &'static str, threads: usize) -> CpuPool {
        let slots = || Arc::new(Semaphore::new(threads.max(1)));
        CpuPool { name, slots: slots(), ahead: slots() }
    }

    /// One slot per core the process may use.
    pub fn per_core(name: &'static str) -> CpuPool {
        CpuPool::new(name, std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// Runs `work` on a blocking thread once a slot is free, with `budget` from when it starts.
    /// Waiting for a slot is not part of the budget: the queue is bounded by the callers (the
    /// render queue limit, the job workers, the request rate limits).
    pub async fn run<T, F>(&self, budget: Duration, work: F) -> Result<T, CpuError>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> Result<T, String> + Send + 'static,
    {
        self.run_with_grace(budget, GRACE, work).await
    }

    /// [`CpuPool::run`] in `lane`.
    pub async fn run_in<T, F>(&self, lane: Lane, budget: Duration, work: F) -> Result<T, CpuError>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> Result<T, String> + Send + 'static,
    {
        self.run_lane(lane, budget, GRACE, work).await
    }

    /// [`CpuPool::run`] for work whose steps cannot stop part way (a model's forward pass): past
    /// the budget its caller waits up to `grace` for the step under way to end, so the work it
    /// reports over budget has stopped rather than running on beside what comes next.
    pub async fn run_with_grace<T, F>(&self, budget: Duration, grace: Duration, work: F) -> Result<T, CpuError>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> Result<T, String> + Send + 'static,
    {
        self.run_lane(Lane::Waited, budget, grace, work).await
    }

    async fn run_lane<T, F>(&self, lane: Lane, budget: Duration, grace: Duration, work: F) -> Result<T, CpuError>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> Result<T, String> + Send + 'static,
    {
        let slots = if lane == Lane::Ahead { &self.ahead } else { &self.slots };
        let slot = slots.clone().acquire_owned().await.map_err(|_| CpuError::Failed("pool closed".into()))?;
        let budget = Budget::new(budget);
        let given = budget.clone();
        let task = spawn(lane, move || {
            // The slot is released only when the work really ends, even if nobody waits for it.
            let _slot = slot;
            work(&given)
        });
        let _stop = StopOnDrop(budget.clone());
        let over = || CpuError::OverBudget { pool: self.name, budget: budget.limit };
        match tokio::time::timeout(budget.limit + grace, task).await {
            Ok(Ok(Ok(value))) => Ok(value),
            Ok(Ok(Err(_))) if budget.spent() => Err(over()),
            Ok(Ok(Err(why))) => Err(CpuError::Failed(why)),
            Ok(Err(())) => Err(CpuError::Failed(format!("{} work panicked", self.name))),
            Err(_) => {
                budget.stop();
                tracing::warn!(
                    pool = self.name,
                    budget_ms = budget.limit.as_millis() as u64,
                    "work abandoned over budget"
                );
                Err(over())
            }
        }
    }
}

/// Starts `work` on a blocking thread, or (ahead) on a thread of its own at the lowest priority;
/// `Err` if it panicked.
fn spawn<T: Send + 'static>(
    lane: Lane,
    work: impl FnOnce() -> T + Send + 'static,
) -> impl std::future::Future<Output = Result<T, ()>> {
    let (done, answer) = tokio::sync::oneshot::channel();
    let run = move || {
        // A panic drops `done` unsent, which the receiver reads as the panic.
        let _ = done.send(work());
    };
    let started = match lane {
        Lane::Waited => {
            tokio::task::spawn_blocking(run);
            true
        }
        Lane::Ahead => std::thread::Builder::new()
            .name("ahead".into())
            .spawn(move || {
                lowest_priority();
                run();
            })
            .is_ok(),
    };
    async move { if started { answer.await.map_err(|_| ()) } else { Err(()) } }
}

/// Lowers this thread's CPU priority to the lowest (nice 19); a thread can always lower its own.
#[allow(unsafe_code)]
fn lowest_priority() {
    // SAFETY: both calls only take integers; on Linux `PRIO_PROCESS` with a thread id changes
    // that one thread. A failure leaves the thread at normal priority, which is still correct.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19);
    }
}

/// What an operation reports when a piece of CPU work fails or runs out of budget.
impl From<CpuError> for crate::error::Error {
    fn from(err: CpuError) -> crate::error::Error {
        match err {
            CpuError::OverBudget { .. } => crate::error::Error::BadGateway {
                code: "render_over_budget",
                message: "Drawing this took longer than its time budget; nothing was charged.".into(),
            },
            CpuError::Failed(why) => crate::error::Error::Internal(why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_that_checks_its_budget_stops_and_says_so() {
        let pool = CpuPool::new("test", 1);
        let got = pool
            .run(Duration::from_millis(20), |budget| {
                loop {
                    budget.check()?;
                    std::thread::sleep(Duration::from_millis(1));
                }
            })
            .await;
        assert_eq!(got, Err::<(), _>(CpuError::OverBudget { pool: "test", budget: Duration::from_millis(20) }));
        assert_eq!(pool.run(Duration::from_secs(5), |_| Ok(7)).await, Ok(7));
        assert_eq!(
            pool.run(Duration::from_secs(5), |_| Err::<(), _>("no".into())).await,
            Err(CpuError::Failed("no".into()))
        );
    }

    #[tokio::test]
    async fn a_step_that_would_end_past_the_deadline_is_not_started_and_counts_as_over_budget() {
        let roomy = Budget::new(Duration::from_secs(3_600));
        assert_eq!(roomy.check_room(Duration::from_secs(60)), Ok(()));
        assert!(!roomy.spent());
        let pool = CpuPool::new("test", 1);
        let budget = Duration::from_secs(60);
        let got = pool.run(budget, |budget| budget.check_room(Duration::from_secs(120))).await;
        assert_eq!(got, Err(CpuError::OverBudget { pool: "test", budget }), "stopped before the step, not failed");
    }

    #[tokio::test]
    async fn work_whose_caller_is_dropped_stops_at_its_next_check_and_frees_its_slot() {
        let pool = CpuPool::new("test", 1);
        let (started, mut running) = tokio::sync::mpsc::unbounded_channel();
        let (ended, stopped) = tokio::sync::oneshot::channel();
        // An hour's budget: only its caller going away can stop it.
        let work = move |budget: &Budget| {
            started.send(()).ok();
            while budget.check().is_ok() {
                std::thread::sleep(Duration::from_millis(1));
            }
            ended.send(()).ok();
            Ok(())
        };
        let caller = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(Duration::from_secs(3_600), work).await }
        });
        running.recv().await.expect("the work starts");
        caller.abort();
        // Bounded far below the budget: the work stops because its caller went away.
        tokio::time::timeout(Duration::from_secs(60), stopped).await.expect("the work stopped").unwrap();
        assert_eq!(pool.run(Duration::from_secs(5), |_| Ok(1)).await, Ok(1), "its slot is free again");
    }

    #[tokio::test]
    async fn work_that_ignores_its_budget_is_abandoned_but_keeps_its_slot() {
        let pool = CpuPool::new("test", 1);
        let release = Arc::new(AtomicBool::new(false));
        let held = release.clone();
        let got = pool
            .run(Duration::from_millis(10), move |_| {
                while !held.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Ok(())
            })
            .await;
        assert!(matches!(got, Err(CpuError::OverBudget { .. })));
        // The stuck work still holds the only slot: nothing else starts until it ends.
        let next = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(Duration::from_secs(5), |_| Ok(1)).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!next.is_finished(), "a second piece of work started beside the stuck one");
        release.store(true, Ordering::Relaxed);
        assert_eq!(next.await.unwrap(), Ok(1));
    }

    /// This thread's nice value, as the kernel reports it (field 19 of its stat line).
    fn nice() -> Result<i64, String> {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").map_err(|e| e.to_string())?;
        let fields = stat.rsplit_once(')').ok_or("no stat")?.1.split_whitespace().nth(16).ok_or("no nice")?;
        fields.parse().map_err(|_| "bad nice".to_string())
    }

    #[tokio::test]
    async fn work_done_ahead_runs_at_the_lowest_priority_in_slots_of_its_own() {
        let pool = CpuPool::new("test", 1);
        let release = Arc::new(AtomicBool::new(false));
        let held = release.clone();
        let ahead = tokio::spawn({
            let pool = pool.clone();
            async move {
                pool.run_in(Lane::Ahead, Duration::from_secs(60), move |_| {
                    while !held.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    nice()
                })
                .await
            }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The only ahead slot is taken: waited work still starts, at the normal priority.
        let waited = tokio::time::timeout(Duration::from_secs(30), pool.run(Duration::from_secs(5), |_| nice())).await;
        assert_eq!(waited.expect("waited work did not wait for work done ahead"), Ok(0));
        release.store(true, Ordering::Relaxed);
        assert_eq!(ahead.await.unwrap(), Ok(19));
        // Threads that did waited work are not left lowered.
        assert_eq!(pool.run(Duration::from_secs(5), |_| nice()).await, Ok(0));
        // Generous: a panic at the lowest priority prints its backtrace slowly on a busy machine.
        let panicked = pool.run_in(Lane::Ahead, Duration::from_secs(120), |_| -> Result<(), String> { panic!("boom") });
        assert_eq!(panicked.await, Err(CpuError::Failed("test work panicked".into())));
    }
}
