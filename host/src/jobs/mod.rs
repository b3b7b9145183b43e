//! Durable jobs: one queue in the database, shared by audioscript and MP4 renders (and later
//! asset jobs). A job is charged when it is submitted, in the same transaction that creates it;
//! workers claim it with a lease they renew while working; a worker that dies (even by SIGKILL)
//! simply stops renewing, and once the lease expires another worker claims the job again.
//!
//! States: `queued` → `running` → `succeeded`; a failed attempt goes back to `queued` after a
//! backoff, until `max_attempts`; then `failed`, and the charge is refunded in the same
//! transaction that records the failure, so a job's credits are returned exactly once. Every
//! write of a running job names its lease owner: a worker that lost its lease changes nothing.
//!
//! The SQL built with `format!` here only splices constants and `$n` placeholders, never data.

pub mod worker;

use serde::Serialize;
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};

use crate::billing::credits::{self, Charge, CreditError};
use crate::store::{Db, now_ms};

/// Where a job is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Queued,
    Running,
    Succeeded,
    Failed,
}

impl State {
    fn parse(s: &str) -> State {
        match s {
            "running" => State::Running,
            "succeeded" => State::Succeeded,
            "failed" => State::Failed,
            _ => State::Queued,
        }
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
    pub error: Option<String>,
    pub attempts: i64,
    pub max_attempts: i64,
    pub charge_id: Option<i64>,
    pub cost: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub finished_at: Option<i64>,
}

const COLUMNS: &str = "id, kind, api_key_id, state, input, result, error, attempts, max_attempts, charge_id, cost, \
                       created_at, updated_at, finished_at";

fn job_of(row: &AnyRow) -> Result<Job, sqlx::Error> {
    let json = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
    Ok(Job {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        key_id: row.try_get("api_key_id")?,
        state: State::parse(&row.try_get::<String, _>("state")?),
        input: json(row.try_get("input")?).unwrap_or(Value::Null),
        result: json(row.try_get("result")?),
        error: row.try_get("error")?,
        attempts: row.try_get("attempts")?,
        max_attempts: row.try_get("max_attempts")?,
        charge_id: row.try_get("charge_id")?,
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
    /// Credits charged now and refunded if the job fails for good; 0 for free jobs.
    pub cost: i64,
    pub max_attempts: i64,
}

/// Charges the job's cost and queues it, in one transaction: either both happen or neither.
pub async fn submit(db: &Db, job: &NewJob<'_>) -> Result<(Job, Option<Charge>), CreditError> {
    let mut tx = db.pool().begin().await?;
    let charge = if job.cost > 0 {
        match credits::charge_in(&mut tx, job.key_id, job.cost, job.kind, job.id).await {
            Ok(charge) => Some(charge),
            Err(CreditError::Insufficient { needed, .. }) => {
                tx.rollback().await?;
                return Err(CreditError::Insufficient { needed, balance: credits::balance(db, job.key_id).await? });
            }
            Err(e) => return Err(e),
        }
    } else {
        None
    };
    let now = now_ms();
    let row = sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO jobs (id, kind, api_key_id, state, input, attempts, max_attempts, charge_id, cost, run_after, \
         created_at, updated_at) VALUES ($1, $2, $3, 'queued', $4, 0, $5, $6, $7, $8, $8, $8) RETURNING {COLUMNS}"
    )))
    .bind(job.id)
    .bind(job.kind)
    .bind(job.key_id)
    .bind(job.input.to_string())
    .bind(job.max_attempts)
    .bind(charge.as_ref().map(|c| c.id))
    .bind(job.cost)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let stored = job_of(&row)?;
    tx.commit().await?;
    Ok((stored, charge))
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

/// Records the result; false when `worker` no longer holds the job (its result is dropped).
pub async fn succeed(db: &Db, id: &str, worker: &str, result: &Value) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE jobs SET state = 'succeeded', result = $1, error = NULL, lease_owner = NULL, lease_until = NULL, \
         updated_at = $2, finished_at = $2 WHERE id = $3 AND lease_owner = $4 AND state = 'running'",
    )
    .bind(result.to_string())
    .bind(now)
    .bind(id)
    .bind(worker)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
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
    let finished = finish_failed(db, &job.id, Holder::Owner(worker), error).await?;
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
        let cutoff = Holder::ExpiredBefore(now_ms());
        if finish_failed(db, &id, cutoff, "the worker stopped during its last attempt").await? {
            reaped += 1;
        }
    }
    Ok(reaped)
}

/// Who may fail a running job: the worker holding its lease, or the reaper once it expired.
#[derive(Clone, Copy)]
enum Holder<'a> {
    Owner(&'a str),
    ExpiredBefore(i64),
}

/// Moves job `id` from `running` to `failed` if `holder` still holds it, refunding its charge
/// in the same transaction. False when it was not running or no longer held.
async fn finish_failed(db: &Db, id: &str, holder: Holder<'_>, error: &str) -> Result<bool, sqlx::Error> {
    let guard = match holder {
        Holder::Owner(_) => "lease_owner = $3",
        Holder::ExpiredBefore(_) => "lease_until < $3",
    };
    let sql = format!(
        "UPDATE jobs SET state = 'failed', error = $1, lease_owner = NULL, lease_until = NULL, updated_at = $4, \
         finished_at = $4 WHERE id = $2 AND state = 'running' AND {guard} RETURNING api_key_id, charge_id, cost, kind"
    );
    for refund in [true, false] {
        let mut tx = db.pool().begin().await?;
        let query = sqlx::query(AssertSqlSafe(sql.clone())).bind(error).bind(id);
        let query = match holder {
            Holder::Owner(worker) => query.bind(worker),
            Holder::ExpiredBefore(cutoff) => query.bind(cutoff),
        };
        let Some(row) = query.bind(now_ms()).fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            return Ok(false);
        };
        if refund && let Some(charge_id) = row.try_get::<Option<i64>, _>("charge_id")? {
            let charge = Charge {
                id: charge_id,
                key_id: row.try_get("api_key_id")?,
                cost: row.try_get("cost")?,
                balance_after: 0,
            };
            let reason = format!("{} failed", row.try_get::<String, _>("kind")?);
            if !credits::refund_in(&mut tx, &charge, &reason).await? {
                // Refunded already (by an operator): record the failure without paying twice.
                tx.rollback().await?;
                continue;
            }
        }
        tx.commit().await?;
        return Ok(true);
    }
    Ok(false)
}
