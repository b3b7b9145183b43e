//! Durable jobs: one queue in the database, shared by audioscript and MP4 renders (and later
//! asset jobs). A job is paid for when it is submitted: its payment is authorized through the
//! payment seam in the same transaction that creates it, captured in the transaction that
//! records its success, and released in the one that records its final failure;
//! workers claim it with a lease they renew while working; a worker that dies (even by SIGKILL)
//! simply stops renewing, and once the lease expires another worker claims the job again.
//!
//! States: `queued` → `running` → `succeeded`; a failed attempt goes back to `queued` after a
//! backoff, until `max_attempts`; then `failed`, and the payment is released in the same
//! transaction that records the failure, so a job's money is returned exactly once. A job paid
//! per asset waits in `awaiting_payment` until its payment is found. Every
//! write of a running job names its lease owner: a worker that lost its lease changes nothing.
//!
//! The queries, the row and its states are `store::jobs`'; here is what a job pays and how its
//! payment settles with each outcome.

pub mod deposits;
pub mod worker;

use std::time::Duration;

use serde::Serialize;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

pub use crate::billing::Authorized;
use crate::billing::sol::PaymentView;
use crate::billing::{self, Holder, Payer, Price};
use crate::ctx::Ctx;
use crate::error::Error;
use crate::rules::Range;
use crate::store::changes::{Notice, read_until_changed};
use crate::store::jobs::{LeaseHolder, Queued};
use crate::store::{Db, intents, jobs, now_ms};

// The row, its states, and the plain queries (reading a job, the backlog, claims, heartbeats).
pub use crate::store::jobs::{Job, Payment, Stage, State, backlog, claim, get, heartbeat};

/// What to create.
pub struct NewJob<'a> {
    pub id: &'a str,
    pub kind: &'a str,
    pub key_id: i64,
    /// The call that queues it (its payment names it, for the idempotency fence).
    pub request_id: &'a str,
    pub input: &'a Value,
    /// What it costs and who pays, through the payment seam; `None` for free jobs.
    pub paid: Option<(Payer, Price)>,
    pub max_attempts: i64,
    /// SHA-256 hex of a keyless caller's job token.
    pub access_hash: Option<&'a str>,
}

/// Pays for the job and queues it, in one transaction: either both happen or neither. A job
/// paid per job in SOL is written `awaiting_payment` with its quote instead.
pub async fn submit(db: &Db, job: &NewJob<'_>) -> Result<(Job, Option<Authorized>), Error> {
    let checked = match &job.paid {
        Some((payer, price)) => Some(billing::check(payer, *price).await?),
        None => None,
    };
    let holder = Holder::Job { id: job.id, request: job.request_id };
    let mut tx = db.pool().begin().await?;
    let authorized = match (&job.paid, &checked) {
        (Some((payer, price)), Some(checked)) => {
            match billing::authorize_job_in(&mut tx, payer, checked, *price, holder).await {
                Ok(authorized) => Some(authorized),
                Err(e) => {
                    tx.rollback().await?;
                    return Err(billing::explain(db, payer, *price, e).await);
                }
            }
        }
        _ => None,
    };
    let hold = authorized.as_ref().and_then(Authorized::held);
    let queued = Queued {
        id: job.id,
        kind: job.kind,
        key_id: job.key_id,
        input: job.input,
        max_attempts: job.max_attempts,
        payment: hold.map(|h| (h.rail, h.intent_id.as_str())),
        cost: hold.map_or(0, |h| h.amount),
        access_hash: job.access_hash,
    };
    let stored = match authorized {
        Some(Authorized::Quoted { .. }) => jobs::insert_awaiting_in(&mut tx, &queued).await?,
        _ => jobs::insert_in(&mut tx, &queued).await?,
    };
    tx.commit().await?;
    if stored.state == State::Queued {
        db.announce(Notice::Queued).await;
    }
    Ok((stored, authorized))
}

/// When queued work may start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// At once: it is paid already.
    Now,
    /// Once paid per asset: it waits in `awaiting_payment` (nothing claims it) until the
    /// transaction that records its payment moves it on with [`paid_in`].
    OnPayment,
}

/// Queues work of `kind` for `key_id` (at most three attempts) that the queue takes no
/// payment for, inside the caller's transaction: work paid another way, like the render of an
/// asset paid in SOL. The caller announces `Notice::Queued` once its transaction committed.
pub async fn queue_in(
    conn: &mut sqlx::AnyConnection,
    (id, kind, key_id): (&str, &str, i64),
    input: &Value,
    start: Start,
) -> Result<Job, sqlx::Error> {
    let job = Queued { id, kind, key_id, input, max_attempts: 3, payment: None, cost: 0, access_hash: None };
    match start {
        Start::Now => jobs::insert_in(conn, &job).await,
        Start::OnPayment => jobs::insert_awaiting_in(conn, &job).await,
    }
}

/// Moves a job from `awaiting_payment` to `queued` inside the transaction that records its
/// payment, the captured SOL `intent` of `lamports`; false when it was not waiting. The caller
/// announces `Notice::Queued`.
pub async fn paid_in(conn: &mut sqlx::AnyConnection, id: &str, intent: &str, lamports: u64) -> Result<bool, Error> {
    let paid_by = Payment { rail: billing::Rail::Sol, intent_id: intent.into() };
    Ok(jobs::paid_in(conn, id, &paid_by, i64::try_from(lamports).map_err(Error::internal)?).await?)
}

/// The 202 answer of a job-style operation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Accepted {
    pub success: bool,
    pub job_id: String,
    /// `queued`, or `awaiting_payment` when paid in SOL.
    pub status: String,
    /// Poll this (free) for the result.
    pub status_url: String,
    pub credit_cost: i64,
    pub credits_remaining: i64,
    /// For a caller without a key (paid over x402): the job's own credential, shown once.
    /// Send it as `x-job-token` (or `?token=`, as `statusUrl` does) to read the job.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job_token: Option<String>,
    /// Paid per job in SOL (`X-Pay-With: sol`): what to send; the job waits in
    /// `awaiting_payment` until the deposit is found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment: Option<Box<PaymentView>>,
    /// Paid in SOL: call this (POST) once the deposit is sent, to have it found at once (it is
    /// also found by itself within a minute or so).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check_url: Option<String>,
}

/// Pays for and queues a job of `kind` for the caller of `ctx` (at most three attempts);
/// answers where to poll it: `{base}/api/agent/{status_path}/{id}`.
pub async fn submit_paid(
    ctx: &Ctx,
    id: &str,
    kind: &str,
    price: Price,
    input: &Value,
    status_path: &str,
) -> Result<Accepted, Error> {
    // A keyless caller has no key to read its job with: the job gets a token of its own.
    let token = ctx.caller.keyless.then(crate::auth::job_token);
    let access_hash = token.as_deref().map(crate::auth::hash_key);
    let new = NewJob {
        id,
        kind,
        key_id: ctx.caller.key_id,
        request_id: &ctx.request_id,
        input,
        paid: Some((ctx.payer.clone(), price)),
        max_attempts: 3,
        access_hash: access_hash.as_deref(),
    };
    let (job, authorized) = submit(&ctx.db, &new).await?;
    let status_url = format!("{}/api/agent/{status_path}/{id}", ctx.base_url);
    let (hold, payment) = match authorized {
        Some(Authorized::Held(hold)) => (Some(hold), None),
        Some(Authorized::Quoted { invoice, .. }) => (None, Some(Box::new(invoice))),
        None => (None, None),
    };
    let paid_in_credits = hold.as_ref().is_some_and(|h| h.rail == billing::Rail::Credits);
    Ok(Accepted {
        success: true,
        check_url: payment.as_ref().map(|_| format!("{status_url}/check")),
        status_url: match &token {
            Some(token) => format!("{status_url}?token={token}"),
            None => status_url,
        },
        job_id: id.to_string(),
        status: job.state.as_str().into(),
        credit_cost: if paid_in_credits { price.credits } else { 0 },
        credits_remaining: hold.map_or(0, |h| h.balance_after),
        job_token: token,
        payment,
    })
}

/// Job kinds that occupy the renderer, counted against `render_queue_limit`.
pub const RENDER_KINDS: [&str; 2] = ["audioscript", "mp4"];

/// Refuses new render work, before any charge, when the queue is past its threshold.
pub async fn ensure_renderer_free(ctx: &Ctx) -> Result<(), Error> {
    if backlog(&ctx.db, &RENDER_KINDS).await? >= ctx.settings.render_queue_limit {
        return Err(Error::RendererBusy { retry_after_secs: 30 });
    }
    Ok(())
}

/// What a job kind shows of its stored result in a status answer: the feature that owns the
/// kind knows its fields and its links (which point at `base_url`).
pub type ResultView = fn(result: &Value, base_url: &str) -> Map<String, Value>;

/// How long a status read may wait for a change, in whole seconds.
pub static WAIT_SECONDS: Range = Range { min: 0, max: 30 };
/// The longest a status read may wait.
pub const MAX_WAIT: Duration = Duration::from_secs(WAIT_SECONDS.max as u64);

/// A status read's `wait` (`None`: 0, answer at once); the one check every front end applies.
pub fn wait(seconds: Option<&str>) -> Result<Duration, Error> {
    match seconds.map(|s| s.trim().parse::<i64>()) {
        None => Ok(Duration::ZERO),
        Some(Ok(n)) if WAIT_SECONDS.check(n) => Ok(Duration::from_secs(n.unsigned_abs())),
        Some(_) => Err(Error::bad_request(
            "invalid_wait",
            format!("`wait` must be a whole number of seconds {}.", WAIT_SECONDS.explain()),
        )),
    }
}

/// The status of the caller's job `id` of `kind` (another key's job is as good as missing).
/// With a `wait`, a job that is not finished is answered as soon as its state changes, or when
/// the wait ends.
pub async fn status(ctx: &Ctx, id: &str, kind: &str, result_view: ResultView, wait: Duration) -> Result<Value, Error> {
    let unfinished = |job: &Job| (!job.state.is_final()).then_some((job.state, job.attempts, job.stage));
    let job = read_until_changed(&ctx.db, id, wait.min(MAX_WAIT), || find(ctx, id, kind), unfinished).await?;
    let mut view = json!({
        "success": true,
        "jobId": job.id,
        "kind": job.kind,
        "status": job.state,
        "attempts": job.attempts,
        "createdAt": job.created_at,
        "updatedAt": job.updated_at,
        "startedAt": job.started_at,
        "finishedAt": job.finished_at,
    });
    if job.state == State::Running
        && let Some(stage) = job.stage
    {
        view["stage"] = json!(stage);
    }
    if let (Some(result), Some(fields)) = (&job.result, view.as_object_mut()) {
        fields.extend(result_view(result, &ctx.base_url));
    }
    if job.state != State::Succeeded
        && let Some(error) = &job.error
    {
        view["error"] = json!(error);
    }
    if let Some(payment) = &job.payment {
        view["payment"] = payment_view(&ctx.db, payment, job.cost).await?;
    } else if job.state == State::AwaitingPayment
        && let Some(awaiting) = deposits::awaiting_view(ctx, &job).await?
    {
        view["payment"] = awaiting;
    }
    Ok(view)
}

/// The caller's job `id` of `kind`: by key, or by job token for a keyless caller.
async fn find(ctx: &Ctx, id: &str, kind: &str) -> Result<Job, Error> {
    let job = match &ctx.job_token {
        Some(token) if ctx.caller.keyless => jobs::get_by_access(&ctx.db, id, &crate::auth::hash_key(token)).await?,
        _ => get(&ctx.db, id, ctx.caller.key_id).await?,
    };
    job.filter(|j| j.kind == kind).ok_or_else(|| Error::NotFound { message: "No such job for this key.".into() })
}

/// How a job was paid, for its status: the rail and amount, for x402 the settlement
/// (`verified` until the job succeeds, then `settled` with its transaction, or why not), for
/// SOL the deposit's signature.
async fn payment_view(db: &Db, payment: &Payment, cost: i64) -> Result<Value, Error> {
    let intent = intents::get(db, &payment.intent_id).await?;
    Ok(match (payment.rail, intent) {
        (billing::Rail::X402, Some(intent)) => match crate::store::x402::get(db, &intent.reference).await? {
            Some(paid) => json!({
                "rail": "x402",
                "network": paid.network,
                "amount": paid.amount.to_string(),
                "state": paid.state,
                "transaction": paid.transaction,
                "error": paid.error,
            }),
            None => json!({"rail": "x402"}),
        },
        (billing::Rail::Sol, Some(intent)) => json!({
            "rail": "sol",
            "amountLamports": cost,
            "state": intent.state,
            "signature": intent.reference,
        }),
        (rail, intent) => json!({"rail": rail.as_str(), "credits": cost, "state": intent.map(|i| i.state)}),
    })
}

/// The `fields` of a stored result that are present, as they are.
pub fn result_fields(result: &Value, fields: &[&str]) -> Map<String, Value> {
    fields.iter().filter(|f| !result[**f].is_null()).map(|f| ((*f).to_string(), result[*f].clone())).collect()
}

/// Says that `job`'s attempt has reached `stage`: logged for operators (the fault tests kill a
/// worker as it starts each), stored and announced for those following the job. A failed write
/// costs only the news, never the work.
pub async fn enter(db: &Db, job: &Job, stage: Stage) {
    tracing::info!(stage = stage.as_str(), "render stage");
    let Some(worker) = job.worker.as_deref() else { return };
    match jobs::enter_stage(db, &job.id, worker, stage).await {
        Ok(true) => db.announce(Notice::Changed(job.id.as_str().into())).await,
        Ok(false) => {}
        Err(e) => tracing::warn!(job = %job.id, error = %e, "a job's stage was not recorded"),
    }
}

/// Records the result and captures the job's payment in one transaction; false when
/// `worker` no longer holds the job, or its payment is no longer held (its result is dropped:
/// nothing is delivered unpaid, and the job fails).
pub async fn succeed(db: &Db, id: &str, worker: &str, result: &Value) -> Result<bool, sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    let Some(payment) = jobs::succeed_in(&mut tx, id, worker, result).await? else {
        tx.rollback().await?;
        return Ok(false);
    };
    // A SOL deposit was captured as it was claimed: its job's success takes nothing more.
    if let Some(payment) = payment.filter(|p| !p.rail.taken_before_work())
        && !intents::capture_in(&mut tx, &payment.intent_id).await?
    {
        tx.rollback().await?;
        finish_failed(db, id, LeaseHolder::Owner(worker), "the job's payment was no longer held").await?;
        return Ok(false);
    }
    tx.commit().await?;
    db.announce(Notice::Changed(id.into())).await;
    Ok(true)
}

/// Delay before the retry after `attempts` attempts: 2 s, 4 s, 8 s… at most a minute.
pub fn backoff_ms(attempts: i64) -> i64 {
    2_000i64.saturating_mul(1 << attempts.clamp(1, 5).saturating_sub(1)).min(jobs::LONGEST_BACKOFF_MS)
}

/// What became of a failed attempt.
#[derive(Debug, PartialEq, Eq)]
pub enum Failed {
    /// Queued again, to run after the backoff.
    Retrying,
    /// Failed for good; its charge was refunded.
    Final,
    /// The worker no longer held the job; nothing changed.
    LostLease,
}

/// Records a failed attempt of `job` by `worker`: a retry after the backoff while attempts
/// remain and the error is `retryable`, else the final failure with its refund.
pub async fn fail(db: &Db, job: &Job, worker: &str, error: &str, retryable: bool) -> Result<Failed, sqlx::Error> {
    if retryable && job.attempts < job.max_attempts {
        let queued = jobs::requeue(db, &job.id, worker, error, backoff_ms(job.attempts)).await?;
        if queued {
            db.announce(Notice::Changed(job.id.as_str().into())).await;
        }
        return Ok(if queued { Failed::Retrying } else { Failed::LostLease });
    }
    let finished = finish_failed(db, &job.id, LeaseHolder::Owner(worker), error).await?;
    Ok(if finished { Failed::Final } else { Failed::LostLease })
}

/// Fails for good the jobs whose worker died on their last attempt (lease expired, no attempts
/// left), refunding each. Returns how many.
pub async fn reap(db: &Db) -> Result<usize, sqlx::Error> {
    let ids = jobs::lapsed_last_attempts(db).await?;
    let mut reaped = 0;
    for id in ids {
        let cutoff = LeaseHolder::ExpiredBefore(now_ms());
        match finish_failed(db, &id, cutoff, "the worker stopped during its last attempt").await {
            Ok(done) => reaped += usize::from(done),
            // Its payment may have moved (an x402 settlement under way): not failed, not
            // released; the reconciler settles it. The other jobs go on.
            Err(e) => tracing::warn!(job = id, error = %e, "a job whose worker stopped was not failed"),
        }
    }
    Ok(reaped)
}

/// How long work paid per asset waits for its deposit: its quote's day and the week the
/// quoted amount stays reserved (a deposit made in time still counts until then).
pub const UNPAID_FOR_MS: i64 =
    crate::billing::sol::QUOTE_TTL_MS as i64 + crate::store::quotes::RESERVED_AFTER_EXPIRY_MS;

/// What a job whose payment never came says.
const NEVER_PAID: crate::error::Reason = crate::error::Reason {
    code: "quote_expired",
    message: "No payment came for this work while its quote was open; nothing was charged.",
};

/// Fails the work that waited for its payment past [`UNPAID_FOR_MS`]; returns how many. A job
/// waiting on a SOL quote of its own is not among it: the periodic claim closes it
/// (`deposits::claim_waiting`), once a deposit made in time is known not to have landed.
pub async fn abandon_unpaid(db: &Db) -> Result<u64, sqlx::Error> {
    jobs::abandon_unpaid(db, now_ms() - UNPAID_FOR_MS, &crate::error::Failure::stored(NEVER_PAID)).await
}

/// Fails job `id` still waiting for its payment (`quote_expired`); false when it no longer
/// waits (a claim paid it a moment ago).
async fn abandon(db: &Db, id: &str) -> Result<bool, Error> {
    let failed = jobs::abandon_waiting(db, id, &crate::error::Failure::stored(NEVER_PAID)).await?;
    if failed {
        db.announce(Notice::Changed(id.into())).await;
    }
    Ok(failed)
}

/// What a job cancelled by its caller says.
const CANCELLED: crate::error::Reason = crate::error::Reason {
    code: "cancelled",
    message: "Cancelled by its caller before it finished; its payment was released.",
};

/// What a job cancelled while it waited for its SOL deposit says: nothing was taken.
const CANCELLED_UNPAID: crate::error::Reason = crate::error::Reason {
    code: "cancelled",
    message: "Cancelled by its caller before its SOL deposit landed; nothing was taken and its quote is closed.",
};

/// Cancels the caller's job `id` of `kind` that has not finished: it fails with `cancelled` and
/// its payment is released in the same transaction (credits back, an x402 payment never
/// settled, a SOL quote closed). A job waiting for its SOL deposit has it looked for first (the
/// index brought up to date) and claimed if it landed: 409 `paid_in_sol`, and the job runs; 503
/// `sol_deposits_unknown` (nothing changed) when the node cannot be read. A job that finished
/// is answered as it is; 409 `paid_in_sol` for one a deposit paid (deposits are not given
/// back), 409 `payment_settling` for one whose x402 payment is being settled (it is finishing).
/// Answers the job's status.
pub async fn cancel(ctx: &Ctx, id: &str, kind: &str, result_view: ResultView) -> Result<Value, Error> {
    let job = find(ctx, id, kind).await?;
    let waiting = job.state == State::AwaitingPayment;
    if waiting && deposits::claim_before_closing(ctx, &job).await? {
        return Err(paid_in_sol());
    }
    let mut tx = ctx.db.pool().begin().await?;
    let stored = crate::error::Failure::stored(if waiting { CANCELLED_UNPAID } else { CANCELLED });
    match jobs::cancel_in(&mut tx, &job.id, &stored).await? {
        jobs::Cancelled::Now { payment } => {
            if let Some(payment) = payment
                && let Err(e) = billing::release_in(&mut tx, &payment.intent_id, "cancelled by its caller").await
            {
                tx.rollback().await?;
                tracing::info!(job = id, error = %e, "a job whose payment is settling was not cancelled");
                return Err(Error::Conflict {
                    code: "payment_settling",
                    message: "This job's payment is being settled: it has finished its work and is not cancelled."
                        .into(),
                });
            }
            // A job still waiting for its deposit closes its quote (its amount stays reserved).
            crate::store::quotes::lapse_in(&mut tx, &job.id).await?;
            tx.commit().await?;
            ctx.db.announce(Notice::Changed(job.id.as_str().into())).await;
        }
        jobs::Cancelled::Not => {
            tx.rollback().await?;
            // As it is now: a concurrent claim may have paid it since it was read.
            let job = find(ctx, id, kind).await?;
            if job.payment.as_ref().is_some_and(|p| p.rail.taken_before_work()) && !job.state.is_final() {
                return Err(paid_in_sol());
            }
        }
    }
    status(ctx, id, kind, result_view, Duration::ZERO).await
}

/// 409 for cancelling a job a SOL deposit paid.
fn paid_in_sol() -> Error {
    Error::Conflict {
        code: "paid_in_sol",
        message: "This job was paid by a SOL deposit, which is never given back: it runs to the end.".into(),
    }
}

/// Moves job `id` from `running` to `failed` if `holder` still holds it, releasing its
/// payment in the same transaction. False when it was not running or no longer held.
async fn finish_failed(db: &Db, id: &str, holder: LeaseHolder<'_>, error: &str) -> Result<bool, sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    let Some(failed) = jobs::fail_in(&mut tx, id, holder, error).await? else {
        tx.rollback().await?;
        return Ok(false);
    };
    if let Some(intent) = failed.intent {
        let reason = format!("{} failed", failed.kind);
        billing::release_in(&mut tx, &intent, &reason).await?;
    }
    tx.commit().await?;
    db.announce(Notice::Changed(id.into())).await;
    Ok(true)
}
