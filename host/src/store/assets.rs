//! Queries of pay-per-asset jobs (`asset_jobs`). Every state change is conditional on the state
//! it leaves, so a payment, a delivery or a new render happens once however many replicas try
//! at the same moment.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};
use crate::aspect::Aspect;
use crate::error::{Failure, Reason};

/// Where an asset job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// Its quote is open (or lapsed) and no deposit has been claimed.
    AwaitingPayment,
    /// A deposit is claimed; the MP4 is being rendered.
    Paid,
    /// The MP4 is hosted.
    Delivered,
    /// The render failed; the payment stays bound and a check renders again.
    RenderFailed,
}

impl State {
    pub fn as_str(self) -> &'static str {
        match self {
            State::AwaitingPayment => "awaiting_payment",
            State::Paid => "paid",
            State::Delivered => "delivered",
            State::RenderFailed => "render_failed",
        }
    }

    fn parse(text: &str) -> Result<State, sqlx::Error> {
        Ok(match text {
            "awaiting_payment" => State::AwaitingPayment,
            "paid" => State::Paid,
            "delivered" => State::Delivered,
            "render_failed" => State::RenderFailed,
            other => return Err(sqlx::Error::Decode(format!("unknown asset job state {other:?}").into())),
        })
    }
}

/// An asset job's row.
#[derive(Clone, Debug)]
pub struct AssetJob {
    pub id: String,
    pub key_id: i64,
    pub format: String,
    pub input: String,
    pub language: String,
    pub base_url: String,
    pub preview_id: String,
    pub state: State,
    pub amount_lamports: i64,
    pub quoted_at: i64,
    pub expires_at: i64,
    pub callback_url: Option<String>,
    pub webhook_secret: Option<String>,
    pub signature: Option<String>,
    pub paid_at: Option<i64>,
    pub render_job_id: Option<String>,
    pub render_id: Option<String>,
    pub renders: i64,
    /// Why the last render failed, as the caller is told (see [`Failure::from_stored`]).
    pub error: Option<Failure>,
    pub delivered_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    /// The video's shape.
    pub aspect: Aspect,
}

/// `SELECT` of every column of `asset_jobs`, then `$where` (a literal, so the query is one).
macro_rules! select {
    ($where:literal) => {
        concat!(
            "SELECT id, api_key_id, format, input, language, base_url, preview_id, state, amount_lamports, ",
            "quoted_at, expires_at, callback_url, webhook_secret, signature, paid_at, render_job_id, render_id, ",
            "renders, error, delivered_at, created_at, updated_at, aspect FROM asset_jobs ",
            $where
        )
    };
}

fn job_of(row: &AnyRow) -> Result<AssetJob, sqlx::Error> {
    Ok(AssetJob {
        id: row.try_get("id")?,
        key_id: row.try_get("api_key_id")?,
        format: row.try_get("format")?,
        input: row.try_get("input")?,
        language: row.try_get("language")?,
        base_url: row.try_get("base_url")?,
        preview_id: row.try_get("preview_id")?,
        state: State::parse(&row.try_get::<String, _>("state")?)?,
        amount_lamports: row.try_get("amount_lamports")?,
        quoted_at: row.try_get("quoted_at")?,
        expires_at: row.try_get("expires_at")?,
        callback_url: row.try_get("callback_url")?,
        webhook_secret: row.try_get("webhook_secret")?,
        signature: row.try_get("signature")?,
        paid_at: row.try_get("paid_at")?,
        render_job_id: row.try_get("render_job_id")?,
        render_id: row.try_get("render_id")?,
        renders: row.try_get("renders")?,
        error: row.try_get::<Option<String>, _>("error")?.as_deref().map(Failure::from_stored),
        delivered_at: row.try_get("delivered_at")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        // A shape this version does not know (written by a newer one) reads as the first.
        aspect: Aspect::parse(row.try_get("aspect")?).unwrap_or_default(),
    })
}

/// A job to record (its quote is held in the same transaction).
pub struct NewAssetJob<'a> {
    pub id: &'a str,
    pub key_id: i64,
    pub format: &'a str,
    pub input: &'a str,
    pub language: &'a str,
    pub base_url: &'a str,
    pub preview_id: &'a str,
    pub amount_lamports: i64,
    pub expires_at: i64,
    pub callback_url: Option<&'a str>,
    pub webhook_secret: Option<&'a str>,
    pub aspect: Aspect,
}

/// Records a new job awaiting payment, inside the caller's transaction.
pub async fn insert_in(conn: &mut AnyConnection, job: &NewAssetJob<'_>) -> Result<(), sqlx::Error> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO asset_jobs (id, api_key_id, format, input, language, base_url, preview_id, state, \
         amount_lamports, quoted_at, expires_at, callback_url, webhook_secret, created_at, updated_at, aspect) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'awaiting_payment', $8, $9, $10, $11, $12, $9, $9, $13)",
    )
    .bind(job.id)
    .bind(job.key_id)
    .bind(job.format)
    .bind(job.input)
    .bind(job.language)
    .bind(job.base_url)
    .bind(job.preview_id)
    .bind(job.amount_lamports)
    .bind(now)
    .bind(job.expires_at)
    .bind(job.callback_url)
    .bind(job.webhook_secret)
    .bind(job.aspect.name())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Job `id` if `key_id` created it.
pub async fn get(db: &Db, id: &str, key_id: i64) -> Result<Option<AssetJob>, sqlx::Error> {
    sqlx::query(select!("WHERE id = $1 AND api_key_id = $2"))
        .bind(id)
        .bind(key_id)
        .fetch_optional(db.pool())
        .await?
        .as_ref()
        .map(job_of)
        .transpose()
}

/// Job `id`, whoever created it (for its render).
pub async fn get_any(conn: &mut AnyConnection, id: &str) -> Result<Option<AssetJob>, sqlx::Error> {
    sqlx::query(select!("WHERE id = $1")).bind(id).fetch_optional(&mut *conn).await?.as_ref().map(job_of).transpose()
}

/// Moves job `id` from `awaiting_payment` to `paid` by the deposit `signature`, with its first
/// render `render_job_id`, inside the claim's transaction; false when it was not awaiting
/// payment (another check claimed it first).
pub async fn pay_in(
    conn: &mut AnyConnection,
    id: &str,
    signature: &str,
    render_job_id: &str,
) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let moved = sqlx::query(
        "UPDATE asset_jobs SET state = 'paid', signature = $1, paid_at = $2, render_job_id = $3, \
         renders = renders + 1, updated_at = $2 WHERE id = $4 AND state = 'awaiting_payment'",
    )
    .bind(signature)
    .bind(now)
    .bind(render_job_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(moved.rows_affected() == 1)
}

/// Points a paid job whose render failed at a new render job, inside the caller's transaction;
/// false when its render is not `previous` any more (another check started one first).
pub async fn rerender_in(
    conn: &mut AnyConnection,
    id: &str,
    previous: &str,
    render_job_id: &str,
) -> Result<bool, sqlx::Error> {
    let moved = sqlx::query(
        "UPDATE asset_jobs SET state = 'paid', render_job_id = $1, renders = renders + 1, error = NULL, \
         updated_at = $2 WHERE id = $3 AND render_job_id = $4 AND state IN ('paid', 'render_failed')",
    )
    .bind(render_job_id)
    .bind(now_ms())
    .bind(id)
    .bind(previous)
    .execute(&mut *conn)
    .await?;
    Ok(moved.rows_affected() == 1)
}

/// How a render ended.
pub enum Ended<'a> {
    /// The MP4 is kept as `render_id`.
    Delivered { render_id: &'a str },
    /// It failed for good; the caller is told this reason (the cause is logged where it is met).
    Failed { error: Reason },
}

/// Moves job `id` from `paid` to `delivered` or `render_failed`, if `render_job_id` is still its
/// render, inside the caller's transaction (which writes the event); the job as it is now, or
/// `None` when it had moved on.
pub async fn end_render_in(
    conn: &mut AnyConnection,
    id: &str,
    render_job_id: &str,
    ended: Ended<'_>,
) -> Result<Option<AssetJob>, sqlx::Error> {
    let now = now_ms();
    let (state, render_id, delivered_at, error) = match ended {
        Ended::Delivered { render_id } => ("delivered", Some(render_id), Some(now), None),
        Ended::Failed { error } => ("render_failed", None, None, Some(Failure::stored(error))),
    };
    let moved = sqlx::query(
        "UPDATE asset_jobs SET state = $1, render_id = COALESCE($2, render_id), delivered_at = $3, error = $4, \
         updated_at = $5 WHERE id = $6 AND render_job_id = $7 AND state = 'paid'",
    )
    .bind(state)
    .bind(render_id)
    .bind(delivered_at)
    .bind(error)
    .bind(now)
    .bind(id)
    .bind(render_job_id)
    .execute(&mut *conn)
    .await?;
    if moved.rows_affected() != 1 {
        return Ok(None);
    }
    get_any(conn, id).await
}
