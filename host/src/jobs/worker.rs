//! Job workers: claim ready jobs of the kinds they serve, run each with its handler while
//! renewing the lease, and record the outcome. They run inside `serve` and as `asset-host
//! worker` for scale-out; the `job-reaper` background task fails for good (with refund) the
//! jobs whose worker died on the last attempt.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tracing::Instrument;

use super::{Failed, Job};
use crate::billing::{self, X402};
use crate::error::{Failure, Reason};
use crate::store::changes::Notice;
use crate::store::{Db, jobs};

/// Why an attempt failed. The text is the operator's: it is logged, never shown, as it may name
/// paths, endpoints or their answers. What the caller reads is the [`Reason`]: a generic one
/// by kind, or the one a handler names with [`JobError::told`].
#[derive(Debug)]
pub enum JobError {
    /// Worth another attempt (a passing outage, a busy dependency).
    Retry(String),
    /// Will fail the same way every time (bad input found late): fail now, refund.
    Fatal(String),
    /// A `Retry` or `Fatal` with the reason its caller is told.
    Told(Reason, Box<JobError>),
}

/// What a caller is told of a failed `Retry`, unless a handler says more.
pub const UNAVAILABLE: Reason = Reason {
    code: "media_unavailable",
    message: "A service this work depends on (speech, storage or rendering) failed or did not answer in time.",
};
/// What a caller is told of a `Fatal` failure, unless a handler says more.
pub const FAILED: Reason = Reason { code: "media_failed", message: "The media for this input could not be made." };
/// A job's payment that the facilitator would not settle.
pub const NOT_SETTLED: Reason =
    Reason { code: "payment_not_settled", message: "The payment could not be settled, so the result was not kept." };

impl JobError {
    /// This failure, told to its caller as `reason`.
    pub fn told(self, reason: Reason) -> JobError {
        match self {
            JobError::Told(_, inner) => JobError::Told(reason, inner),
            other => JobError::Told(reason, Box::new(other)),
        }
    }

    /// Whether another attempt may help.
    pub fn retryable(&self) -> bool {
        match self {
            JobError::Retry(_) => true,
            JobError::Fatal(_) => false,
            JobError::Told(_, inner) => inner.retryable(),
        }
    }

    /// The cause, for the log only.
    pub fn detail(&self) -> &str {
        match self {
            JobError::Retry(why) | JobError::Fatal(why) => why,
            JobError::Told(_, inner) => inner.detail(),
        }
    }

    /// What the caller is told.
    pub fn reason(&self) -> Reason {
        match self {
            JobError::Told(reason, _) => *reason,
            _ if self.retryable() => UNAVAILABLE,
            _ => FAILED,
        }
    }
}

/// Job work done inside a call (a pitch or slideshow page is voiced while its caller waits): a
/// failure is a 502 with its reason that says whether a retry may help; the cause is logged,
/// never sent.
impl From<JobError> for crate::error::Error {
    fn from(err: JobError) -> Self {
        tracing::warn!(error = err.detail(), "media work failed inside a call");
        let Reason { code, message } = err.reason();
        let retry = if err.retryable() { "; retrying may succeed" } else { "" };
        crate::error::Error::BadGateway { code, message: format!("{message} Nothing was charged{retry}.") }
    }
}

/// The work of one job kind. The future must be cancel-safe: it is dropped when the lease is lost.
pub type Handler = Arc<dyn Fn(Job) -> Pin<Box<dyn Future<Output = Result<Value, JobError>> + Send>> + Send + Sync>;

/// How workers behave.
#[derive(Clone)]
pub struct Settings {
    /// Jobs run at once by this process.
    pub concurrency: usize,
    /// How long a claim lasts without a heartbeat; heartbeats come every third of it.
    pub lease: Duration,
    /// The safety net: how long an idle worker waits for a notice before it looks at the
    /// queue anyway (a retry's backoff ending, a notice lost with a connection).
    pub poll: Duration,
    /// The x402 rail, to settle the payments of jobs paid per call.
    pub x402: Option<Arc<X402>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { concurrency: 1, lease: Duration::from_secs(15), poll: Duration::from_secs(1), x402: None }
    }
}

/// A job's place among the `concurrency` its worker runs at once. A job that waits on a queue
/// of its own (the recogniser's) gives it back meanwhile, with [`aside`].
#[derive(Clone)]
struct Seat {
    seats: Arc<Semaphore>,
    held: Arc<Mutex<Option<OwnedSemaphorePermit>>>,
}

impl Seat {
    fn new(seats: Arc<Semaphore>, permit: OwnedSemaphorePermit) -> Seat {
        Seat { seats, held: Arc::new(Mutex::new(Some(permit))) }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Option<OwnedSemaphorePermit>> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

tokio::task_local! {
    /// The seat of the job the current task runs, while a worker runs it.
    static SEAT: Seat;
}

/// Runs `work` with the current job's worker seat given back, so the worker takes other jobs
/// while this one waits on a queue of its own and works there (a long recording heard by the
/// recogniser, which bounds its own work: one at a time, within the media budget); the job
/// takes a seat again before going on. Outside a worker's job (work done inside a call) it
/// only runs `work`.
pub async fn aside<T>(work: impl Future<Output = T>) -> T {
    let Ok(seat) = SEAT.try_with(Seat::clone) else { return work.await };
    drop(seat.held().take());
    let out = work.await;
    let permit = seat.seats.clone().acquire_owned().await.expect("never closed");
    *seat.held() = Some(permit);
    out
}

/// Runs jobs until `stop` turns true; jobs still running then are handed back to the queue.
pub async fn run(
    db: Db,
    handlers: HashMap<&'static str, Handler>,
    settings: Settings,
    mut stop: watch::Receiver<bool>,
) {
    let worker = format!("{}-{}-{:08x}", hostname(), std::process::id(), rand::random::<u32>());
    let kinds: Vec<&'static str> = handlers.keys().copied().collect();
    let permits = Arc::new(Semaphore::new(settings.concurrency.max(1)));
    let lease_ms = settings.lease.as_millis() as i64;
    let mut running = tokio::task::JoinSet::new();
    // Submissions announce themselves (in this process, and through PostgreSQL from others):
    // an idle worker claims the moment one arrives.
    let mut queued = db.changes().queued();
    tracing::info!(worker, ?kinds, concurrency = settings.concurrency, "job worker started");
    while !*stop.borrow() {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit.expect("never closed"),
            _ = stop.changed() => break,
        };
        // Marked seen before the look, so a notice arriving during it is not missed.
        queued.borrow_and_update();
        let job = match super::claim(&db, &worker, &kinds, lease_ms).await {
            Ok(Some(job)) => {
                db.announce(Notice::Changed(job.id.as_str().into())).await;
                job
            }
            Ok(None) => {
                drop(permit);
                tokio::select! {
                    _ = queued.changed() => {},
                    _ = tokio::time::sleep(settings.poll) => {},
                    _ = stop.changed() => break,
                }
                continue;
            }
            Err(e) => {
                drop(permit);
                tracing::warn!(error = %e, "claiming a job failed");
                tokio::time::sleep(settings.poll * 5).await;
                continue;
            }
        };
        let handler = handlers[job.kind.as_str()].clone();
        let (db, worker, x402) = (db.clone(), worker.clone(), settings.x402.clone());
        // The seat (and its permit) goes when the attempt ends, however it ends.
        let seat = Seat::new(permits.clone(), permit);
        running.spawn(async move { attempt(&db, &worker, (handler, seat), x402, job, lease_ms).await });
        while running.try_join_next().is_some() {}
    }
    // Hand unfinished jobs back at once rather than waiting for their leases to expire.
    running.abort_all();
    while running.join_next().await.is_some() {}
    match jobs::release_worker(&db, &worker).await {
        Ok(0) => {}
        Ok(_) => db.announce(Notice::Queued).await,
        Err(e) => tracing::warn!(error = %e, "releasing unfinished jobs failed; their leases will expire"),
    }
    tracing::info!(worker, "job worker stopped");
}

/// One attempt in its seat: the handler races the heartbeat, which stops it if the lease is lost.
async fn attempt(db: &Db, worker: &str, run: (Handler, Seat), x402: Option<Arc<X402>>, job: Job, lease_ms: i64) {
    let span = tracing::info_span!("job", id = %job.id, kind = %job.kind, attempt = job.attempts);
    attempt_in_span(db, worker, run, x402, job, lease_ms).instrument(span).await;
}

/// The handler's work, then the job's payment settled (under the same lease), so its result
/// is recorded — and shown — only once it is paid for.
async fn work_and_settle(db: Db, handler: Handler, x402: Option<Arc<X402>>, job: Job) -> Result<Value, JobError> {
    let result = handler(job.clone()).await?;
    if let (Some(payment), Some(service)) = (&job.payment, crate::catalog::service(&job.kind)) {
        let price = crate::catalog::price(service.id);
        billing::settle_intent(&db, x402.as_deref(), &payment.intent_id, price).await.map_err(|e| {
            JobError::Fatal(format!("the payment could not be settled: {}", e.message_and_details().0))
                .told(NOT_SETTLED)
        })?;
    }
    Ok(result)
}

async fn attempt_in_span(
    db: &Db,
    worker: &str,
    (handler, seat): (Handler, Seat),
    x402: Option<Arc<X402>>,
    job: Job,
    lease_ms: i64,
) {
    let started = std::time::Instant::now();
    // The handler runs in the seat; this attempt keeps it too, until the outcome is recorded.
    let work = tokio::spawn(SEAT.scope(seat.clone(), work_and_settle(db.clone(), handler, x402, job.clone())));
    let abort = work.abort_handle();
    let heartbeat = async {
        let mut tick = tokio::time::interval(Duration::from_millis((lease_ms / 3).max(50) as u64));
        tick.tick().await;
        loop {
            tick.tick().await;
            match super::heartbeat(db, &job.id, worker, lease_ms).await {
                Ok(true) => {}
                Ok(false) => return,
                Err(e) => tracing::warn!(error = %e, "heartbeat failed; retrying"),
            }
        }
    };
    let outcome = tokio::select! {
        outcome = work => outcome,
        () = heartbeat => {
            abort.abort();
            tracing::warn!("lease lost; another worker owns the job now");
            return;
        }
    };
    let recorded = match outcome {
        Ok(Ok(result)) => super::succeed(db, &job.id, worker, &result).await.map(|held| {
            tracing::info!(ms = started.elapsed().as_millis() as u64, held, "job succeeded");
        }),
        Ok(Err(failure)) => record_failure(db, &job, worker, &failure).await,
        Err(join) => record_failure(db, &job, worker, &JobError::Retry(format!("the job crashed: {join}"))).await,
    };
    if let Err(e) = recorded {
        tracing::error!(error = %e, "recording the job's outcome failed; its lease will expire and it will run again");
    }
}

/// Records a failed attempt: the row keeps the reason its caller reads, the log the cause.
async fn record_failure(db: &Db, job: &Job, worker: &str, failure: &JobError) -> Result<(), sqlx::Error> {
    let (reason, why) = (failure.reason(), failure.detail());
    match super::fail(db, job, worker, &Failure::stored(reason), failure.retryable()).await? {
        Failed::Retrying => {
            tracing::warn!(error = why, code = reason.code, "job attempt failed; retrying after backoff")
        }
        Failed::Final => {
            tracing::warn!(error = why, code = reason.code, "job failed for good; its charge was refunded")
        }
        Failed::LostLease => {
            tracing::warn!(error = why, code = reason.code, "job attempt failed after its lease was lost")
        }
    }
    Ok(())
}

/// This machine's host name, naming workers and process instances.
pub fn hostname() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname").map(|h| h.trim().to_string()).unwrap_or_else(|_| "host".into())
}
