//! Money: the one payment seam every paid operation goes through, and its rails.
//!
//! Paying is authorize → capture on success → release on failure. Authorizing asks the payer's
//! rail for the money (prepaid credits today: a ledger charge; x402 and SOL next) and writes a
//! payment intent in the same transaction. The work that was paid for captures the intent in the
//! transaction that stores its result, so a result is never stored unpaid and a payment never
//! kept without its result. Failure releases the intent (the rail gives the money back). An
//! intent left authorized by a process that died is released by the reaper once its hold
//! lapses. [`pay_for`] (synchronous work) and job submission (`jobs::submit`) are the seam's
//! only callers; operations name a [`Price`] from the catalog and never a rail.

pub mod credits;
pub mod packs;

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sqlx::AnyConnection;

use crate::ctx::{Ctx, Detached};
use crate::error::Error;
use crate::store::{Db, intents};

/// How a call is paid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payer {
    /// The key's prepaid credits.
    Credits { key_id: i64 },
}

/// The rail a payment went through, as stored with intents and jobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rail {
    Credits,
}

impl Rail {
    pub fn as_str(self) -> &'static str {
        match self {
            Rail::Credits => "credits",
        }
    }

    pub fn parse(text: &str) -> Result<Rail, String> {
        match text {
            "credits" => Ok(Rail::Credits),
            other => Err(format!("unknown payment rail `{other}`")),
        }
    }
}

/// What a paid operation costs, read from the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Price {
    /// The operation (catalog service id), recorded with the payment.
    pub operation: &'static str,
    pub credits: i64,
}

/// Who holds an authorized payment until it is settled.
#[derive(Clone, Copy, Debug)]
pub enum Holder<'a> {
    /// A call's own work, for at most this long before the reaper may release it.
    Call { hold: Duration },
    /// A queued job, until it succeeds or fails for good.
    Job(&'a str),
}

/// An authorized payment.
#[derive(Clone, Debug)]
pub struct Hold {
    pub intent_id: String,
    pub rail: Rail,
    /// In the rail's unit (credits).
    pub amount: i64,
    /// The payer's credit balance after the authorization.
    pub balance_after: i64,
    /// Set once the work captured the payment itself, so [`pay`] need not.
    captured: Arc<AtomicBool>,
}

impl Hold {
    /// Captures the payment inside the transaction that stores the work's result. Fails when
    /// the hold lapsed and the reaper released it: roll back, the result must not be stored.
    pub async fn capture_in(&self, conn: &mut AnyConnection) -> Result<(), Error> {
        if intents::capture_in(conn, &self.intent_id).await? {
            self.captured.store(true, Ordering::Release);
            Ok(())
        } else {
            Err(Error::Unavailable { message: "The work took too long and was not charged; retrying is safe." })
        }
    }
}

/// Authorizes `price` from `payer` inside the caller's transaction: the rail's record and the
/// intent commit together. On `InsufficientCredits` roll back and call [`explain`].
pub async fn authorize_in(
    conn: &mut AnyConnection,
    payer: &Payer,
    price: Price,
    reference: &str,
    holder: Holder<'_>,
) -> Result<Hold, Error> {
    let Payer::Credits { key_id } = payer;
    let charge = credits::charge_in(conn, *key_id, price.credits, price.operation, reference).await?;
    let intent_id = intents::open_in(
        conn,
        &intents::NewIntent {
            operation: price.operation,
            key_id: *key_id,
            rail: Rail::Credits.as_str(),
            amount: price.credits,
            reference: &charge.id.to_string(),
            holder,
        },
    )
    .await?;
    Ok(Hold {
        intent_id,
        rail: Rail::Credits,
        amount: price.credits,
        balance_after: charge.balance_after,
        captured: Arc::default(),
    })
}

/// `error` with the payer's real balance filled in (inside a transaction it reads as 0).
pub async fn explain(db: &Db, payer: &Payer, error: Error) -> Error {
    let Payer::Credits { key_id } = payer;
    match error {
        Error::InsufficientCredits { needed, .. } => match credits::balance(db, *key_id).await {
            Ok(balance) => Error::InsufficientCredits { needed, balance },
            Err(e) => e.into(),
        },
        other => other,
    }
}

/// Refuses, before any expensive work, a call its payer cannot pay for. Nothing is held: the
/// payment itself is authorized later and may still be refused.
pub async fn ensure_can_pay(ctx: &Ctx, price: Price) -> Result<(), Error> {
    let Payer::Credits { key_id } = &ctx.payer;
    let balance = credits::balance(&ctx.db, *key_id).await?;
    if balance < price.credits {
        return Err(Error::InsufficientCredits { needed: price.credits, balance });
    }
    Ok(())
}

/// Releases intent `id` inside the caller's transaction: the rail gives the money back. False
/// when it was no longer authorized (captured, or released already): nothing changed.
pub async fn release_in(conn: &mut AnyConnection, id: &str, reason: &str) -> Result<bool, sqlx::Error> {
    let Some(intent) = intents::release_in(conn, id).await? else { return Ok(false) };
    match Rail::parse(&intent.rail).map_err(sqlx::Error::Protocol)? {
        Rail::Credits => {
            let charge = credits::Charge {
                id: intent.reference.parse().map_err(|_| sqlx::Error::Protocol("bad credit reference".into()))?,
                key_id: intent.key_id,
                cost: intent.amount,
                balance_after: 0,
            };
            // False when an operator refunded the charge by hand: the intent is released anyway.
            credits::refund_in(conn, &charge, reason).await?;
        }
    }
    Ok(true)
}

/// [`release_in`] in its own transaction, retried with backoff through a passing database
/// outage (releasing is idempotent).
pub async fn release(db: &Db, id: &str, reason: &str) {
    let mut delay = Duration::from_millis(100);
    for attempt in 1..=6 {
        let released = async {
            let mut tx = db.pool().begin().await?;
            let done = release_in(&mut tx, id, reason).await?;
            tx.commit().await?;
            Ok::<bool, sqlx::Error>(done)
        };
        match released.await {
            Ok(_) => return,
            Err(e) if attempt == 6 => {
                tracing::error!(intent = id, error = %e, "release failed after retries; the reaper will retry");
            }
            Err(e) => tracing::warn!(intent = id, attempt, error = %e, "release failed; retrying"),
        }
        tokio::time::sleep(delay).await;
        delay *= 2;
    }
}

/// Pays for `work` through the caller's payer: authorizes `price`, runs the work, and releases
/// the payment if the work fails or panics. The work gets the [`Hold`] and captures it in the
/// transaction that stores its result; work that stores nothing is captured here after it
/// succeeds.
///
/// The work runs detached: a client that hangs up drops the call, not the work it paid for,
/// and `serve` drains detached work before it exits. A process killed outright leaves the
/// intent authorized; the reaper releases it once `payment_hold_secs` pass.
pub async fn pay_for<T, W, F>(ctx: &Ctx, price: Price, work: W) -> Result<(T, Hold), Error>
where
    W: FnOnce(Hold) -> F,
    F: Future<Output = Result<T, Error>> + Send + 'static,
    T: Send + 'static,
{
    let hold_for = Duration::from_secs(ctx.settings.payment_hold_secs);
    pay(&ctx.db, &ctx.detached, &ctx.payer, price, &ctx.request_id, hold_for, work).await
}

/// [`pay_for`] spelled out: `reference` names the call in the rail's records, and `hold_for`
/// is how long the work may hold the payment before the reaper may release it.
pub async fn pay<T, W, F>(
    db: &Db,
    detached: &Detached,
    payer: &Payer,
    price: Price,
    reference: &str,
    hold_for: Duration,
    work: W,
) -> Result<(T, Hold), Error>
where
    W: FnOnce(Hold) -> F,
    F: Future<Output = Result<T, Error>> + Send + 'static,
    T: Send + 'static,
{
    let mut tx = db.pool().begin().await?;
    let hold = match authorize_in(&mut tx, payer, price, reference, Holder::Call { hold: hold_for }).await {
        Ok(hold) => hold,
        Err(e) => {
            tx.rollback().await?;
            return Err(explain(db, payer, e).await);
        }
    };
    tx.commit().await?;
    let (db, reason, settled) = (db.clone(), format!("{} failed", price.operation), hold.clone());
    let work = work(hold.clone());
    let outcome = detached
        .spawn(async move {
            let outcome = tokio::spawn(work).await;
            match &outcome {
                // The work captured in the transaction that stored its result: nothing to do.
                Ok(Ok(_)) if settled.captured.load(Ordering::Acquire) => {}
                Ok(Ok(_)) => {
                    if let Err(e) = capture(&db, &settled.intent_id).await {
                        tracing::error!(intent = settled.intent_id, error = %e, "capturing a paid call failed");
                    }
                }
                _ => release(&db, &settled.intent_id, &reason).await,
            }
            outcome
        })
        .await;
    match outcome {
        Ok(Ok(Ok(value))) => Ok((value, hold)),
        Ok(Ok(Err(e))) => Err(e),
        Ok(Err(join)) | Err(join) => std::panic::resume_unwind(join.into_panic()),
    }
}

/// Captures intent `id` if it is still authorized (work that stored nothing to capture with).
async fn capture(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    let done = intents::capture_in(&mut tx, id).await?;
    tx.commit().await?;
    Ok(done)
}

/// Releases the intents of calls whose hold lapsed (their process died mid-work). Returns how
/// many.
pub async fn release_lapsed(db: &Db) -> Result<usize, sqlx::Error> {
    let mut released = 0;
    for id in intents::lapsed(db).await? {
        let mut tx = db.pool().begin().await?;
        if release_in(&mut tx, &id, "the work was interrupted").await? {
            released += 1;
        }
        tx.commit().await?;
    }
    Ok(released)
}
