//! Queries of the durable job queue (`jobs`): the row and its states, inserting a queued job,
//! leased claims, heartbeats, and the conditional updates that record an attempt's outcome.
//! What a job pays and how its payment settles is `jobs`' (through `billing`).
//!
//! Every write of a running job names its lease holder: a worker that lost its lease changes
//! nothing. The kinds a query filters on fill a fixed list of placeholders, so every query is
//! one static string.

use serde::Serialize;
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};
use crate::error::Failure;
use crate::money::Rail;

/// Where a job is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// Created, waiting for its per-asset payment to be found.
    AwaitingPayment,
    Queued,
    Running,
    Succeeded,
    Failed,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::AwaitingPayment => "awaiting_payment",
            State::Queued => "queued",
            State::Running => "running",
            State::Succeeded => "succeeded",
            State::Failed => "failed",
        }
    }

    /// Whether the job is over: it succeeded or failed for good.
    pub fn is_final(self) -> bool {
        matches!(self, State::Succeeded | State::Failed)
    }

    /// The state stored as `text`; anything else is a corrupt row, never a guess.
    pub fn parse(text: &str) -> Result<State, sqlx::Error> {
        Ok(match text {
            "awaiting_payment" => State::AwaitingPayment,
            "queued" => State::Queued,
            "running" => State::Running,
            "succeeded" => State::Succeeded,
            "failed" => State::Failed,
            other => return Err(sqlx::Error::Decode(format!("unknown job state `{other}`").into())),
        })
    }
}

/// What paid for a job: the rail and its payment intent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub rail: Rail,
    pub intent_id: String,
}

/// Where a running job's work is, as its handler reports it: what its status answer and an MCP
/// client's progress name. Every kind moves through them in this order, skipping those it has
/// not (an audioscript writes its script and speaks it; an MP4 speaks, draws and encodes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Its beats are being written (the script plugin).
    Script,
    /// Its voice is being made (synthesis, or reading a recording).
    Voice,
    /// Its pictures are being drawn.
    Pictures,
    /// Its frames are being encoded.
    Encode,
    /// What it made is being stored.
    Keep,
}

impl Stage {
    pub const ALL: [Stage; 5] = [Stage::Script, Stage::Voice, Stage::Pictures, Stage::Encode, Stage::Keep];

    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Script => "script",
            Stage::Voice => "voice",
            Stage::Pictures => "pictures",
            Stage::Encode => "encode",
            Stage::Keep => "keep",
        }
    }

    /// The stage stored as `text`; an unknown one (written by a newer version) is no stage.
    pub fn parse(text: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// A job as stored.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: String,
    pub kind: String,
    pub key_id: i64,
    pub state: State,
    pub input: Value,
    pub result: Option<Value>,
    /// What the caller is told of the last failure (text that is not a recorded failure is
    /// never shown: see [`Failure::from_stored`]).
    pub error: Option<Failure>,
    pub attempts: i64,
    pub max_attempts: i64,
    /// `None` for free jobs.
    pub payment: Option<Payment>,
    pub cost: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// When its current (last) attempt was claimed.
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    /// The worker holding its lease while it runs (whoever held it last, after).
    pub worker: Option<String>,
    /// Where its current attempt is, while it runs.
    pub stage: Option<Stage>,
}

/// The columns `job_of` reads, as a literal so queries stay static strings.
macro_rules! columns {
    () => {
        "id, kind, api_key_id, state, input, result, error, attempts, max_attempts, payment_rail, payment_ref, \
         cost, created_at, updated_at, started_at, finished_at, lease_owner, stage"
    };
}

/// A job from a row of `columns!()`. Stored JSON that does not parse is an error, never a
/// default.
fn job_of(row: &AnyRow) -> Result<Job, sqlx::Error> {
    let json = |text: String| {
        serde_json::from_str::<Value>(&text).map_err(|e| sqlx::Error::Decode(format!("stored job JSON: {e}").into()))
    };
    let payment = match (row.try_get::<Option<String>, _>("payment_rail")?, row.try_get("payment_ref")?) {
        (Some(rail), Some(intent_id)) => {
            Some(Payment { rail: Rail::parse(&rail).map_err(|e| sqlx::Error::Decode(e.into()))?, intent_id })
        }
        (None, None) => None,
        _ => return Err(sqlx::Error::Decode("a job with half a payment".into())),
    };
    Ok(Job {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        key_id: row.try_get("api_key_id")?,
        state: State::parse(&row.try_get::<String, _>("state")?)?,
        input: json(row.try_get("input")?)?,
        result: row.try_get::<Option<String>, _>("result")?.map(json).transpose()?,
        error: row.try_get::<Option<String>, _>("error")?.as_deref().map(Failure::from_stored),
        attempts: row.try_get("attempts")?,
        max_attempts: row.try_get("max_attempts")?,
        payment,
        cost: row.try_get("cost")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        started_at: row.try_get("started_at")?,
        finished_at: row.try_get("finished_at")?,
        worker: row.try_get("lease_owner")?,
        stage: row.try_get::<Option<String>, _>("stage")?.as_deref().and_then(Stage::parse),
    })
}

/// A job to queue, its payment already authorized in the same transaction.
pub struct Queued<'a> {
    pub id: &'a str,
    pub kind: &'a str,
    pub key_id: i64,
    pub input: &'a Value,
    pub max_attempts: i64,
    /// The rail and the payment intent; `None` for free jobs.
    pub payment: Option<(Rail, &'a str)>,
    /// What was authorized, in the rail's unit (0 for free jobs).
    pub cost: i64,
    /// SHA-256 hex of the token a keyless caller reads the job with.
    pub access_hash: Option<&'a str>,
}

/// Writes a queued job inside the caller's transaction; returns it as stored.
pub async fn insert_in(conn: &mut AnyConnection, job: &Queued<'_>) -> Result<Job, sqlx::Error> {
    insert_as_in(conn, job, State::Queued).await
}

/// Writes a job that waits for its per-asset payment inside the caller's transaction (the one
/// that opens its quote): no worker claims it until [`paid_in`] moves it on.
pub async fn insert_awaiting_in(conn: &mut AnyConnection, job: &Queued<'_>) -> Result<Job, sqlx::Error> {
    insert_as_in(conn, job, State::AwaitingPayment).await
}

/// Moves job `id` from `awaiting_payment` to `queued` inside the transaction that records its
/// payment, which the job names from now on (`cost` in the rail's unit); false when it was not
/// waiting (paid already, or never written so).
pub async fn paid_in(conn: &mut AnyConnection, id: &str, paid_by: &Payment, cost: i64) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE jobs SET state = 'queued', payment_rail = $1, payment_ref = $2, cost = $3, run_after = $4, \
         updated_at = $4 WHERE id = $5 AND state = 'awaiting_payment'",
    )
    .bind(paid_by.rail.as_str())
    .bind(&paid_by.intent_id)
    .bind(cost)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Queues again, with its attempts anew, job `id` that failed for good although its payment was
/// taken before it ran (a SOL deposit stays bound to its work); false when it is not such a job.
pub async fn retry_paid_in(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE jobs SET state = 'queued', attempts = 0, run_after = $1, updated_at = $1, finished_at = NULL \
         WHERE id = $2 AND state = 'failed' AND payment_rail = $3",
    )
    .bind(now)
    .bind(id)
    .bind(Rail::Sol.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

async fn insert_as_in(conn: &mut AnyConnection, job: &Queued<'_>, state: State) -> Result<Job, sqlx::Error> {
    let row = sqlx::query(concat!(
        "INSERT INTO jobs (id, kind, api_key_id, state, input, attempts, max_attempts, payment_rail, payment_ref, \
         cost, run_after, created_at, updated_at, access_hash) \
         VALUES ($1, $2, $3, $11, $4, 0, $5, $6, $7, $8, $9, $9, $9, $10) RETURNING ",
        columns!()
    ))
    .bind(job.id)
    .bind(job.kind)
    .bind(job.key_id)
    .bind(job.input.to_string())
    .bind(job.max_attempts)
    .bind(job.payment.map(|(rail, _)| rail.as_str()))
    .bind(job.payment.map(|(_, intent)| intent))
    .bind(job.cost)
    .bind(now_ms())
    .bind(job.access_hash)
    .bind(state.as_str())
    .fetch_one(&mut *conn)
    .await?;
    job_of(&row)
}

/// Records work that ran within its call (a pitch page) as a job already done, inside the
/// caller's transaction: the page it made names it, like a queued job's page does.
pub async fn insert_done_in(conn: &mut AnyConnection, job: &Queued<'_>, result: &Value) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO jobs (id, kind, api_key_id, state, input, result, attempts, max_attempts, payment_rail, \
         payment_ref, cost, run_after, created_at, updated_at, finished_at) \
         VALUES ($1, $2, $3, 'succeeded', $4, $5, 1, $6, $7, $8, $9, $10, $10, $10, $10)",
    )
    .bind(job.id)
    .bind(job.kind)
    .bind(job.key_id)
    .bind(job.input.to_string())
    .bind(result.to_string())
    .bind(job.max_attempts)
    .bind(job.payment.map(|(rail, _)| rail.as_str()))
    .bind(job.payment.map(|(_, intent)| intent))
    .bind(job.cost)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The job `id` if it belongs to `key_id` (another key's job is as good as missing).
pub async fn get(db: &Db, id: &str, key_id: i64) -> Result<Option<Job>, sqlx::Error> {
    let row = sqlx::query(concat!("SELECT ", columns!(), " FROM jobs WHERE id = $1 AND api_key_id = $2"))
        .bind(id)
        .bind(key_id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(job_of).transpose()
}

/// The job `id` if `access_hash` is the hash of its access token (a keyless caller's job).
pub async fn get_by_access(db: &Db, id: &str, access_hash: &str) -> Result<Option<Job>, sqlx::Error> {
    let row = sqlx::query(concat!("SELECT ", columns!(), ", access_hash FROM jobs WHERE id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    let Some(row) = row else { return Ok(None) };
    let stored: Option<String> = row.try_get("access_hash")?;
    // Compared in constant time: the token is the only credential of a keyless caller.
    let matches =
        stored.is_some_and(|s| bool::from(subtle::ConstantTimeEq::ct_eq(s.as_bytes(), access_hash.as_bytes())));
    if matches { job_of(&row).map(Some) } else { Ok(None) }
}

/// How many kinds one query can filter on: the placeholders of `kinds_in!`.
pub const MAX_KINDS: usize = 8;

/// `kind IN (…)` over [`MAX_KINDS`] placeholders from `$first`, as a literal.
macro_rules! kinds_in {
    (1) => {
        "kind IN ($1, $2, $3, $4, $5, $6, $7, $8)"
    };
    (4) => {
        "kind IN ($4, $5, $6, $7, $8, $9, $10, $11)"
    };
}

/// `kinds` filling the [`MAX_KINDS`] placeholders of a `kind IN (…)` (the first repeated into
/// the unused ones); `None` when there are none, so nothing can match.
fn kind_slots<'a>(kinds: &[&'a str]) -> Result<Option<[&'a str; MAX_KINDS]>, sqlx::Error> {
    let Some(first) = kinds.first() else { return Ok(None) };
    if kinds.len() > MAX_KINDS {
        return Err(sqlx::Error::InvalidArgument(format!("at most {MAX_KINDS} job kinds per query")));
    }
    let mut slots = [*first; MAX_KINDS];
    slots[..kinds.len()].copy_from_slice(kinds);
    Ok(Some(slots))
}

/// Jobs of `kinds` waiting or running: what the renderer still has to do.
pub async fn backlog(db: &Db, kinds: &[&str]) -> Result<i64, sqlx::Error> {
    let Some(slots) = kind_slots(kinds)? else { return Ok(0) };
    let mut query = sqlx::query_scalar(concat!(
        "SELECT COUNT(*) FROM jobs WHERE state IN ('queued', 'running') AND ",
        kinds_in!(1)
    ));
    for kind in slots {
        query = query.bind(kind);
    }
    query.fetch_one(db.pool()).await
}

/// The longest backoff a retry waits ([`crate::jobs::backoff_ms`] stops there): a job due later
/// than this from now was queued by a wall clock that has since stepped back.
pub const LONGEST_BACKOFF_MS: i64 = 60_000;

/// Which jobs a worker may claim at `$3`: queued past their backoff (or due after `$12`, the
/// longest backoff from now: written before the wall clock stepped back, they would otherwise
/// wait out the step), or running with an expired lease (their worker died), attempts left.
macro_rules! ready {
    () => {
        "((state = 'queued' AND (run_after <= $3 OR run_after > $12)) \
         OR (state = 'running' AND lease_until < $3)) AND attempts < max_attempts"
    };
}

/// Claims the oldest ready job of `kinds` (at most [`MAX_KINDS`]) for `worker` with a lease of
/// `lease_ms`: a queued job whose backoff has passed, or a running one whose lease expired
/// (its worker died).
pub async fn claim(db: &Db, worker: &str, kinds: &[&str], lease_ms: i64) -> Result<Option<Job>, sqlx::Error> {
    let Some(slots) = kind_slots(kinds)? else { return Ok(None) };
    let now = now_ms();
    // The outer condition repeats the inner one: if another worker took the row between the
    // two, the update matches nothing (PostgreSQL re-checks it on the locked row), and the
    // caller simply tries again.
    let mut query = sqlx::query(concat!(
        "UPDATE jobs SET state = 'running', lease_owner = $1, lease_until = $2, attempts = attempts + 1, \
         stage = NULL, updated_at = $3, started_at = $3 WHERE id = (SELECT id FROM jobs WHERE ",
        ready!(),
        " AND ",
        kinds_in!(4),
        " ORDER BY run_after, created_at LIMIT 1) AND ",
        ready!(),
        " RETURNING ",
        columns!()
    ))
    .bind(worker)
    .bind(now + lease_ms)
    .bind(now);
    for kind in slots {
        query = query.bind(kind);
    }
    let row = query.bind(now + LONGEST_BACKOFF_MS).fetch_optional(db.pool()).await?;
    row.as_ref().map(job_of).transpose()
}

/// Renews `worker`'s lease on job `id`; false when the lease was lost (expired and taken).
pub async fn heartbeat(db: &Db, id: &str, worker: &str, lease_ms: i64) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE jobs SET lease_until = $1, updated_at = $2 WHERE id = $3 AND lease_owner = $4 AND state = 'running'",
    )
    .bind(now + lease_ms)
    .bind(now)
    .bind(id)
    .bind(worker)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records that `worker`'s attempt at job `id` reached `stage`; false when it no longer holds
/// the job (nothing is written).
pub async fn enter_stage(db: &Db, id: &str, worker: &str, stage: Stage) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE jobs SET stage = $1, updated_at = $2 WHERE id = $3 AND lease_owner = $4 AND state = 'running'",
    )
    .bind(stage.as_str())
    .bind(now_ms())
    .bind(id)
    .bind(worker)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A job's payment intent as a finishing update returns it; `None` for free jobs.
fn intent_of(row: &AnyRow) -> Result<Option<String>, sqlx::Error> {
    row.try_get("payment_ref")
}

/// A job's payment as a finishing update returns it (`payment_rail`, `payment_ref`).
fn payment_of(row: &AnyRow) -> Result<Option<Payment>, sqlx::Error> {
    let rail: Option<String> = row.try_get("payment_rail")?;
    let Some(rail) = rail else { return Ok(None) };
    let intent_id = intent_of(row)?.ok_or_else(|| sqlx::Error::Decode("a job with half a payment".into()))?;
    Ok(Some(Payment { rail: Rail::parse(&rail).map_err(|e| sqlx::Error::Decode(e.into()))?, intent_id }))
}

/// Records the result of job `id` inside the caller's transaction, if `worker` still holds it.
/// `None` when it does not (roll back: its result is dropped); else its payment, to capture in
/// the same transaction (`None` inside for free jobs).
pub async fn succeed_in(
    conn: &mut AnyConnection,
    id: &str,
    worker: &str,
    result: &Value,
) -> Result<Option<Option<Payment>>, sqlx::Error> {
    let now = now_ms();
    let row = sqlx::query(
        "UPDATE jobs SET state = 'succeeded', result = $1, error = NULL, lease_owner = NULL, lease_until = NULL, \
         updated_at = $2, finished_at = $2 WHERE id = $3 AND lease_owner = $4 AND state = 'running' \
         RETURNING payment_rail, payment_ref",
    )
    .bind(result.to_string())
    .bind(now)
    .bind(id)
    .bind(worker)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(payment_of).transpose()
}

/// Puts job `id` back in the queue to run `backoff_ms` from now, recording `error` (what its
/// caller reads: [`Failure::stored`]), if `worker` still holds it; false when it does not.
pub async fn requeue(db: &Db, id: &str, worker: &str, error: &str, backoff_ms: i64) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE jobs SET state = 'queued', error = $1, run_after = $2, lease_owner = NULL, lease_until = NULL, \
         updated_at = $3 WHERE id = $4 AND lease_owner = $5 AND state = 'running'",
    )
    .bind(error)
    .bind(now + backoff_ms)
    .bind(now)
    .bind(id)
    .bind(worker)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Running jobs whose worker died on their last attempt (lease expired, no attempts left).
pub async fn lapsed_last_attempts(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM jobs WHERE state = 'running' AND lease_until < $1 AND attempts >= max_attempts")
        .bind(now_ms())
        .fetch_all(db.pool())
        .await
}

/// Who may fail a running job: the worker holding its lease, or the reaper once it expired.
#[derive(Clone, Copy)]
pub enum LeaseHolder<'a> {
    Owner(&'a str),
    ExpiredBefore(i64),
}

/// A job that failed for good.
pub struct FinalFailure {
    pub kind: String,
    /// The payment intent to release in the same transaction; `None` for free jobs.
    pub intent: Option<String>,
}

/// The update failing a running job for good, guarded by `$guard` on `$3`.
macro_rules! fail_where {
    ($guard:literal) => {
        concat!(
            "UPDATE jobs SET state = 'failed', error = $1, lease_owner = NULL, lease_until = NULL, updated_at = $4, \
             finished_at = $4 WHERE id = $2 AND state = 'running' AND ",
            $guard,
            " RETURNING payment_ref, kind"
        )
    };
}

/// Moves job `id` from `running` to `failed` inside the caller's transaction if `holder` still
/// holds it. `None` when it was not running or no longer held (roll back).
pub async fn fail_in(
    conn: &mut AnyConnection,
    id: &str,
    holder: LeaseHolder<'_>,
    error: &str,
) -> Result<Option<FinalFailure>, sqlx::Error> {
    let query = match holder {
        LeaseHolder::Owner(worker) => sqlx::query(fail_where!("lease_owner = $3")).bind(error).bind(id).bind(worker),
        LeaseHolder::ExpiredBefore(cutoff) => {
            sqlx::query(fail_where!("lease_until < $3")).bind(error).bind(id).bind(cutoff)
        }
    };
    let row = query.bind(now_ms()).fetch_optional(&mut *conn).await?;
    row.map(|row| Ok(FinalFailure { kind: row.try_get("kind")?, intent: intent_of(&row)? })).transpose()
}

/// What cancelling a job found.
pub enum Cancelled {
    /// It was unfinished and is `failed` now: its payment (`None` for a free job, or one still
    /// awaiting its deposit) is to be released in the same transaction.
    Now { payment: Option<Payment> },
    /// It had finished already, or was paid by a deposit that is never given back: unchanged.
    Not,
}

/// Cancels job `id` inside the caller's transaction if it is unfinished and not paid in SOL: it
/// moves to `failed` with `error` (a worker still running it changes nothing afterwards, as when
/// it lost its lease).
pub async fn cancel_in(conn: &mut AnyConnection, id: &str, error: &str) -> Result<Cancelled, sqlx::Error> {
    let now = now_ms();
    let row = sqlx::query(
        "UPDATE jobs SET state = 'failed', error = $1, lease_owner = NULL, lease_until = NULL, updated_at = $2, \
         finished_at = $2 WHERE id = $3 AND state IN ('awaiting_payment', 'queued', 'running') \
         AND (payment_rail IS NULL OR payment_rail <> $4) RETURNING payment_rail, payment_ref",
    )
    .bind(error)
    .bind(now)
    .bind(id)
    .bind(Rail::Sol.as_str())
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match row {
        Some(row) => Cancelled::Now { payment: payment_of(&row)? },
        None => Cancelled::Not,
    })
}

/// Fails, with `error`, the jobs still awaiting their payment that were written before
/// `created_before`, but those waiting on a SOL quote of their own (closed only once their
/// deposit is known not to have landed, by [`abandon_waiting`]); returns how many. Nothing was
/// taken for them, so nothing is released.
pub async fn abandon_unpaid(db: &Db, created_before: i64, error: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE jobs SET state = 'failed', error = $1, updated_at = $2, finished_at = $2 \
         WHERE state = 'awaiting_payment' AND created_at < $3 \
         AND NOT EXISTS (SELECT 1 FROM sol_quotes q WHERE q.job_id = jobs.id)",
    )
    .bind(error)
    .bind(now_ms())
    .bind(created_before)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected())
}

/// Fails job `id`, with `error`, if it still awaits its payment; false when it does not.
pub async fn abandon_waiting(db: &Db, id: &str, error: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE jobs SET state = 'failed', error = $1, updated_at = $2, finished_at = $2 \
         WHERE id = $3 AND state = 'awaiting_payment'",
    )
    .bind(error)
    .bind(now_ms())
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Puts `worker`'s running jobs back in the queue without counting the interrupted attempt;
/// returns how many.
pub async fn release_worker(db: &Db, worker: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE jobs SET state = 'queued', attempts = attempts - 1, lease_owner = NULL, lease_until = NULL, \
         updated_at = $1 WHERE lease_owner = $2 AND state = 'running'",
    )
    .bind(now_ms())
    .bind(worker)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected())
}
