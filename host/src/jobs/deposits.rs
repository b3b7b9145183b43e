//! Jobs paid per job in SOL: submitted `awaiting_payment` with a quote of a unique lamport
//! amount, moved on to `queued` in the transaction that claims their deposit — when the caller
//! checks (`check`, the status route's `/check`) or when the periodic claim finds it
//! (`claim_waiting`). A job that fails for good keeps its deposit, and a check runs it again.
//! A waiting job is closed (cancelled, or failed once its quote's reserved week is over) only
//! after its deposit is looked for and known not to have landed (`claim_before_closing`,
//! `claim_waiting`): a deposit taken is never given back, so the job it paid must run.

use serde_json::{Value, json};

use super::{Job, ResultView, State};
use crate::billing::sol::index::Window;
use crate::billing::sol::{self, Claim, Claimant, chain::Chain, chain::Transfer};
use crate::ctx::Ctx;
use crate::dates::iso8601;
use crate::error::Error;
use crate::store::changes::Notice;
use crate::store::quotes::{self, Awaiting, Held};
use crate::store::{Db, jobs, now_ms};

/// Which deposits pay `quote`.
fn window(quote: &Held) -> Result<Window, Error> {
    Window::of(quote.amount_lamports, quote.created_at, quote.expires_at)
}

/// `job`, waiting on `quote`, as a claim pays it.
fn awaiting(job: &Job, quote: Held) -> Awaiting {
    Awaiting { job_id: job.id.clone(), key_id: job.key_id, kind: job.kind.clone(), quote }
}

/// A job waiting for its deposit, as a claim pays it.
struct Waiting<'a> {
    id: &'a str,
    key_id: i64,
    operation: &'static str,
}

impl Claimant for Waiting<'_> {
    fn claim(&self) -> Claim<'_> {
        Claim { job_id: self.id, key_id: self.key_id, operation: self.operation }
    }

    async fn paid_in(&self, conn: &mut sqlx::AnyConnection, transfer: &Transfer, intent: &str) -> Result<bool, Error> {
        super::paid_in(conn, self.id, intent, transfer.lamports).await
    }
}

/// Claims the first of `found` (deposits of exactly the quoted amount, in its window) that paid
/// nothing else as `waiting`'s payment: the deposit recorded, the quote freed, a captured `sol`
/// intent written and the job queued, in one transaction, then announced. True when this call
/// paid the job; false when none could be taken or it was paid already.
pub async fn pay(db: &Db, waiting: &Awaiting, found: &[Transfer]) -> Result<bool, Error> {
    let operation = crate::catalog::service(&waiting.kind)
        .map(|s| s.id)
        .ok_or_else(|| Error::internal(format!("job kind {} is no catalog service", waiting.kind)))?;
    let paid = Waiting { id: &waiting.job_id, key_id: waiting.key_id, operation };
    let claimed = sol::claim_first(db, &paid, found).await?;
    if claimed {
        db.announce(Notice::Queued).await;
        db.announce(Notice::Changed(waiting.job_id.as_str().into())).await;
    }
    Ok(claimed)
}

/// The caller's SOL-paid job `id` of `kind`, checked: a job awaiting its deposit has it looked
/// for on chain and claimed; a paid job that failed for good is queued again. Answers the job's
/// status as its status route does. 409 `quote_expired` when the quote lapsed with nothing paid.
pub async fn check(ctx: &Ctx, id: &str, kind: &str, result_view: ResultView) -> Result<Value, Error> {
    let job = super::find(ctx, id, kind).await?;
    let chain = ctx.sol_chain.as_deref().ok_or(sol::NOT_SET_UP)?;
    match job.state {
        State::AwaitingPayment => {
            let quote = quotes::of_job(&ctx.db, &job.id).await?.ok_or_else(|| not_paid_in_sol(&job))?;
            let found = sol::index::deposits(&ctx.db, chain, window(&quote)?).await?;
            let paid = pay(&ctx.db, &awaiting(&job, quote), &found).await?;
            if !paid && now_ms() > quote.expires_at {
                return Err(lapsed(&quote));
            }
        }
        State::Failed if job.payment.as_ref().is_some_and(|p| p.rail.taken_before_work()) => {
            run_again(&ctx.db, &job.id).await?;
        }
        State::Queued | State::Running | State::Succeeded | State::Failed => {}
    }
    super::status(ctx, id, kind, result_view, std::time::Duration::ZERO).await
}

/// Queues again, with its attempts anew, job `id` that failed for good with its deposit kept;
/// false when it is not such a job.
pub async fn run_again(db: &Db, id: &str) -> Result<bool, Error> {
    let mut tx = db.pool().begin().await?;
    let queued = jobs::retry_paid_in(&mut tx, id).await?;
    tx.commit().await?;
    if queued {
        tracing::info!(job = id, "running a job paid in SOL again");
        db.announce(Notice::Queued).await;
        db.announce(Notice::Changed(id.into())).await;
    }
    Ok(queued)
}

/// Claims the deposits of every job still waiting for one (the periodic task: a caller need not
/// check), and closes those whose quote's reserved week is over; returns how many were paid.
/// Reads nothing from the chain when no job waits, and brings the index up to date once for all
/// of them. Without a treasury nothing can be looked for, so nothing is closed either.
pub async fn claim_waiting(db: &Db, chain: Option<&Chain>) -> Result<usize, Error> {
    let Some(chain) = chain else { return Ok(0) };
    let now = now_ms();
    let waiting = quotes::awaiting(db).await?;
    if waiting.is_empty() {
        return Ok(0);
    }
    // What the walk stored stays stored: a walk cut short, or failed, still lets the deposits it
    // found pay.
    let current = sol::index::bring_up_to_date(db, chain, now).await.unwrap_or_else(|e| {
        tracing::warn!(error = %e, "the treasury's index could not be brought up to date");
        false
    });
    let mut paid = 0;
    for job in &waiting {
        match claim_or_close(db, chain, job, now, current).await {
            Ok(claimed) => paid += usize::from(claimed),
            Err(e) => tracing::warn!(job = job.job_id, error = %e, "claiming a job's deposit failed"),
        }
    }
    Ok(paid)
}

/// Claims `job`'s deposit from the index (`current`: brought up to date just now); true when
/// this paid it. A job whose quote lapsed a reserved week ago, with no deposit that landed in
/// time, is failed `quote_expired`; it is left waiting while whether one landed cannot be told.
async fn claim_or_close(db: &Db, chain: &Chain, job: &Awaiting, now: i64, current: bool) -> Result<bool, Error> {
    let window = window(&job.quote)?;
    if job.quote.expires_at >= now - quotes::RESERVED_AFTER_EXPIRY_MS {
        return pay(db, job, &sol::index::stored(db, chain, window).await?).await;
    }
    let found = sol::index::closing_after(db, chain, window, current).await?;
    if pay(db, job, &found).await? {
        return Ok(true);
    }
    if super::abandon(db, &job.job_id).await? {
        tracing::info!(job = job.job_id, "a job whose SOL quote lapsed with no deposit failed");
    }
    Ok(false)
}

/// Before job `job`, waiting for its deposit, is cancelled: its deposit looked for, the index
/// brought up to date first, and claimed. True when this call paid the job (it must run, not
/// be cancelled); 503 `sol_deposits_unknown` when whether one landed cannot be told. A job with
/// no quote of its own has nothing to look for.
pub async fn claim_before_closing(ctx: &Ctx, job: &Job) -> Result<bool, Error> {
    let Some(quote) = quotes::of_job(&ctx.db, &job.id).await? else { return Ok(false) };
    let chain = ctx.sol_chain.as_deref().ok_or(sol::NOT_SET_UP)?;
    let found = sol::index::closing(&ctx.db, chain, window(&quote)?).await?;
    pay(&ctx.db, &awaiting(job, quote), &found).await
}

/// How a job waiting for its deposit shows its payment: what to send, where, and until when.
pub async fn awaiting_view(ctx: &Ctx, job: &Job) -> Result<Option<Value>, Error> {
    let (Some(quote), Some(chain)) = (quotes::of_job(&ctx.db, &job.id).await?, ctx.sol_chain.as_deref()) else {
        return Ok(None);
    };
    let lamports = u64::try_from(quote.amount_lamports).map_err(Error::internal)?;
    Ok(Some(json!({
        "rail": "sol",
        "state": if now_ms() > quote.expires_at { "expired" } else { "awaiting_payment" },
        "wallet": chain.treasury(),
        "network": ctx.settings.sol_network,
        "currency": "SOL",
        "amountLamports": lamports,
        "amountSol": sol::sol(lamports),
        "expiresAt": iso8601(quote.expires_at),
    })))
}

fn not_paid_in_sol(job: &Job) -> Error {
    Error::Conflict {
        code: "not_paid_in_sol",
        message: format!("Job {} is not paid in SOL; there is no deposit to check for.", job.id),
    }
}

fn lapsed(quote: &Held) -> Error {
    Error::Conflict {
        code: "quote_expired",
        message: format!(
            "This job's quote lapsed at {} with no deposit of exactly {} lamports; do not pay it. Submit the work \
             again for a fresh quote.",
            iso8601(quote.expires_at),
            quote.amount_lamports
        ),
    }
}
