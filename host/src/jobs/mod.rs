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
//! The SQL built with `format!` here only splices constants and `$n` placeholders, never data.

pub mod worker;

use serde::Serialize;
use serde_json::{Value, json};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::ToSchema;

use crate::billing::{self, Hold, Holder, Payer, Price, Rail};
use crate::ctx::Ctx;
use crate::error::Error;
use crate::store::{Db, now_ms};

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

/// A job as stored.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: String,
    pub kind: String,
    pub key_id: i64,
    pub state: State,
    pub input: Value,
    pub result: Option<Value>,
    pub error: Option<String>,
    pub attempts: i64,
    pub max_attempts: i64,
    /// `None` for free jobs.
    pub payment: Option<Payment>,
    pub cost: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
}

const COLUMNS: &str = "id, kind, api_key_id, state, input, result, error, attempts, max_attempts, payment_rail, \
                       payment_ref, cost, created_at, updated_at, finished_at";

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
        error: row.try_get("error")?,
        attempts: row.try_get("attempts")?,
        max_attempts: row.try_get("max_attempts")?,
        payment,
        cost: row.try_get("cost")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        finished_at: row.try_get("finished_at")?,
    })
}

/// What to create.
pub struct NewJob<'a> {
    pub id: &'a str,
    pub kind: &'a str,
    pub key_id: i64,
    pub input: &'a Value,
    /// What it costs and who pays, through the payment seam; `None` for free jobs.
    pub paid: Option<(Payer, Price)>,
    pub max_attempts: i64,
}

/// Pays for the job and queues it, in one transaction: either both happen or neither.
pub async fn submit(db: &Db, job: &NewJob<'_>) -> Result<(Job, Option<Hold>), Error> {
    let mut tx = db.pool().begin().await?;
    let hold = match &job.paid {
        Some((payer, price)) => {
            match billing::authorize_in(&mut tx, payer, *price, job.id, Holder::Job(job.id)).await {
                Ok(hold) => Some(hold),
                Err(e) => {
                    tx.rollback().await?;
                    return Err(billing::explain(db, payer, e).await);
                }
            }
        }
        None => None,
    };
    let now = now_ms();
    let row = sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO jobs (id, kind, api_key_id, state, input, attempts, max_attempts, payment_rail, payment_ref, \
         cost, run_after, created_at, updated_at) VALUES ($1, $2, $3, 'queued', $4, 0, $5, $6, $7, $8, $9, $9, $9) \
         RETURNING {COLUMNS}"
    )))
    .bind(job.id)
    .bind(job.kind)
    .bind(job.key_id)
    .bind(job.input.to_string())
    .bind(job.max_attempts)
    .bind(hold.as_ref().map(|h| h.rail.as_str()))
    .bind(hold.as_ref().map(|h| h.intent_id.as_str()))
    .bind(hold.as_ref().map_or(0, |h| h.amount))
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let stored = job_of(&row)?;
    tx.commit().await?;
    Ok((stored, hold))
}

/// The 202 answer of a job-style operation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Accepted {
    pub success: bool,
    pub job_id: String,
    /// `queued`.
    pub status: String,
    /// Poll this (free) for the result.
    pub status_url: String,
    pub credit_cost: i64,
    pub credits_remaining: i64,
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
    let new =
        NewJob { id, kind, key_id: ctx.caller.key_id, input, paid: Some((ctx.payer.clone(), price)), max_attempts: 3 };
    let (_, hold) = submit(&ctx.db, &new).await?;
    Ok(Accepted {
        success: true,
        status_url: format!("{}/api/agent/{status_path}/{id}", ctx.base_url),
        job_id: id.to_string(),
        status: State::Queued.as_str().into(),
        credit_cost: price.credits,
        credits_remaining: hold.map_or(0, |h| h.balance_after),
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

/// The status of the caller's job `id` of `kind` (another key's job is as good as missing).
pub async fn status(ctx: &Ctx, id: &str, kind: &str) -> Result<Value, Error> {
    let job = get(&ctx.db, id, ctx.caller.key_id)
        .await?
        .filter(|j| j.kind == kind)
        .ok_or_else(|| Error::NotFound { message: "No such job for this key.".into() })?;
    Ok(status_view(&job, &ctx.base_url))
}

/// The status answer of a job (the same shape for audioscript and MP4 jobs).
pub fn status_view(job: &Job, base_url: &str) -> Value {
    let mut view = json!({
        "success": true,
        "jobId": job.id,
        "kind": job.kind,
        "status": job.state,
        "attempts": job.attempts,
        "createdAt": job.created_at,
        "updatedAt": job.updated_at,
        "finishedAt": job.finished_at,
    });
    if let Some(result) = &job.result {
        if let Some(page) = result["pageId"].as_str() {
            view["pageUrl"] = json!(format!("{base_url}/m/{page}"));
        }
        if let Some(render) = result["renderId"].as_str() {
            view["mp4Url"] = json!(format!("{base_url}/v/{render}/video.mp4"));
            view["videoPageUrl"] = json!(format!("{base_url}/v/{render}"));
        }
        for field in ["durationMs", "beats", "captioned", "expiresAt", "sizeBytes"] {
            if !result[field].is_null() {
                view[field] = result[field].clone();
            }
        }
    }
    if job.state != State::Succeeded
        && let Some(error) = &job.error
    {
        view["error"] = json!(error);
    }
    view
}

/// The job `id` if it belongs to `key_id` (another key's job is as good as missing).
pub async fn get(db: &Db, id: &str, key_id: i64) -> Result<Option<Job>, sqlx::Error> {
    let row = sqlx::query(AssertSqlSafe(format!("SELECT {COLUMNS} FROM jobs WHERE id = $1 AND api_key_id = $2")))
        .bind(id)
        .bind(key_id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(job_of).transpose()
}

/// Jobs of `kinds` waiting or running: what the renderer still has to do.
pub async fn backlog(db: &Db, kinds: &[&str]) -> Result<i64, sqlx::Error> {
    let list = placeholders(1, kinds.len());
    let mut query = sqlx::query_scalar(AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM jobs WHERE state IN ('queued', 'running') AND kind IN ({list})"
    )));
    for kind in kinds {
        query = query.bind(*kind);
    }
    query.fetch_one(db.pool()).await
}

fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// Claims the oldest ready job of `kinds` for `worker` with a lease of `lease_ms`: a queued job
/// whose backoff has passed, or a running one whose lease expired (its worker died).
pub async fn claim(db: &Db, worker: &str, kinds: &[&str], lease_ms: i64) -> Result<Option<Job>, sqlx::Error> {
    let now = now_ms();
    let ready = "((state = 'queued' AND run_after <= $3) OR (state = 'running' AND lease_until < $3)) \
                 AND attempts < max_attempts";
    let list = placeholders(4, kinds.len());
    // The outer condition repeats the inner one: if another worker took the row between the
    // two, the update matches nothing (PostgreSQL re-checks it on the locked row), and the
    // caller simply tries again.
    let sql = format!(
        "UPDATE jobs SET state = 'running', lease_owner = $1, lease_until = $2, attempts = attempts + 1, \
         updated_at = $3 WHERE id = (SELECT id FROM jobs WHERE {ready} AND kind IN ({list}) \
         ORDER BY run_after, created_at LIMIT 1) AND {ready} RETURNING {COLUMNS}"
    );
    let mut query = sqlx::query(AssertSqlSafe(sql.clone())).bind(worker).bind(now + lease_ms).bind(now);
    for kind in kinds {
        query = query.bind(*kind);
    }
    let row = query.fetch_optional(db.pool()).await?;
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

/// Records the result and captures the job's payment in one transaction; false when
/// `worker` no longer holds the job (its result is dropped).
pub async fn succeed(db: &Db, id: &str, worker: &str, result: &Value) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let mut tx = db.pool().begin().await?;
    let row = sqlx::query(
        "UPDATE jobs SET state = 'succeeded', result = $1, error = NULL, lease_owner = NULL, lease_until = NULL, \
         updated_at = $2, finished_at = $2 WHERE id = $3 AND lease_owner = $4 AND state = 'running' \
         RETURNING payment_ref",
    )
    .bind(result.to_string())
    .bind(now)
    .bind(id)
    .bind(worker)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        tx.rollback().await?;
        return Ok(false);
    };
    if let Some(intent) = row.try_get::<Option<String>, _>("payment_ref")? {
        crate::store::intents::capture_in(&mut tx, &intent).await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Delay before the retry after `attempts` attempts: 2 s, 4 s, 8 s… at most a minute.
pub fn backoff_ms(attempts: i64) -> i64 {
    2_000i64.saturating_mul(1 << attempts.clamp(1, 5).saturating_sub(1)).min(60_000)
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
    let now = now_ms();
    if retryable && job.attempts < job.max_attempts {
        let done = sqlx::query(
            "UPDATE jobs SET state = 'queued', error = $1, run_after = $2, lease_owner = NULL, lease_until = NULL, \
             updated_at = $3 WHERE id = $4 AND lease_owner = $5 AND state = 'running'",
        )
        .bind(error)
        .bind(now + backoff_ms(job.attempts))
        .bind(now)
        .bind(&job.id)
        .bind(worker)
        .execute(db.pool())
        .await?;
        return Ok(if done.rows_affected() == 1 { Failed::Retrying } else { Failed::LostLease });
    }
    let finished = finish_failed(db, &job.id, LeaseHolder::Owner(worker), error).await?;
    Ok(if finished { Failed::Final } else { Failed::LostLease })
}

/// Fails for good the jobs whose worker died on their last attempt (lease expired, no attempts
/// left), refunding each. Returns how many.
pub async fn reap(db: &Db) -> Result<usize, sqlx::Error> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM jobs WHERE state = 'running' AND lease_until < $1 AND attempts >= max_attempts",
    )
    .bind(now_ms())
    .fetch_all(db.pool())
    .await?;
    let mut reaped = 0;
    for id in ids {
        let cutoff = LeaseHolder::ExpiredBefore(now_ms());
        if finish_failed(db, &id, cutoff, "the worker stopped during its last attempt").await? {
            reaped += 1;
        }
    }
    Ok(reaped)
}

/// Who may fail a running job: the worker holding its lease, or the reaper once it expired.
#[derive(Clone, Copy)]
enum LeaseHolder<'a> {
    Owner(&'a str),
    ExpiredBefore(i64),
}

/// Moves job `id` from `running` to `failed` if `holder` still holds it, releasing its
/// payment in the same transaction. False when it was not running or no longer held.
async fn finish_failed(db: &Db, id: &str, holder: LeaseHolder<'_>, error: &str) -> Result<bool, sqlx::Error> {
    let guard = match holder {
        LeaseHolder::Owner(_) => "lease_owner = $3",
        LeaseHolder::ExpiredBefore(_) => "lease_until < $3",
    };
    let sql = format!(
        "UPDATE jobs SET state = 'failed', error = $1, lease_owner = NULL, lease_until = NULL, updated_at = $4, \
         finished_at = $4 WHERE id = $2 AND state = 'running' AND {guard} RETURNING payment_ref, kind"
    );
    let mut tx = db.pool().begin().await?;
    let query = sqlx::query(AssertSqlSafe(sql)).bind(error).bind(id);
    let query = match holder {
        LeaseHolder::Owner(worker) => query.bind(worker),
        LeaseHolder::ExpiredBefore(cutoff) => query.bind(cutoff),
    };
    let Some(row) = query.bind(now_ms()).fetch_optional(&mut *tx).await? else {
        tx.rollback().await?;
        return Ok(false);
    };
    if let Some(intent) = row.try_get::<Option<String>, _>("payment_ref")? {
        let reason = format!("{} failed", row.try_get::<String, _>("kind")?);
        billing::release_in(&mut tx, &intent, &reason).await?;
    }
    tx.commit().await?;
    Ok(true)
}
