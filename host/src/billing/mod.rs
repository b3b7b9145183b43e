//! Money: the one payment seam every paid operation goes through, and its rails.
//!
//! Paying is check → authorize → settle and capture on success → release on failure. Checking
//! asks the rail what it can before any transaction (an x402 payment is verified with the
//! facilitator). Authorizing asks the payer's rail for the money (credits: a ledger charge;
//! x402: the payment recorded under its unique nonce) and writes a payment intent in the same
//! transaction. Settling takes the money once the work succeeded, before its result is stored
//! (credits were taken already; an x402 payment is settled on chain now). The work captures the
//! intent in the transaction that stores its result, so a result is never stored unpaid and a
//! payment never kept without its result. Failure releases the intent (the rail gives the money
//! back, or never takes it). An intent left authorized by a process that died is released by the
//! reaper once its hold lapses. [`pay_for`] (synchronous work) and job submission
//! (`jobs::submit`) are the seam's only callers; operations name a [`Price`] from the catalog
//! and never a rail.

pub mod credits;
pub mod packs;
pub mod sol;
pub mod stripe;
pub mod x402;

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::Value;
use sqlx::AnyConnection;

use crate::detached::Detached;
use crate::error::Error;
pub use crate::money::{Holder, Price, Rail};
use crate::store::{Db, intents, invites};

/// Generations a call paid from a brand bot's allowance takes.
const ALLOWANCE_PER_CALL: i64 = 1;
pub use x402::{Payment, Settlement, X402};

/// What paying needs of a call: where the money is recorded, who pays, the process's detached
/// work, the call's id (the reference of the charge) and how long a payment may be held.
pub trait Call {
    fn db(&self) -> &Db;
    fn payer(&self) -> &Payer;
    fn detached(&self) -> &Detached;
    fn request_id(&self) -> &str;
    fn hold_for(&self) -> Duration;
}

/// How a call is paid.
#[derive(Clone, Debug)]
pub enum Payer {
    /// The key's prepaid credits.
    Credits { key_id: i64 },
    /// A USDC payment presented with the call (x402), recorded against `key_id`: the caller's
    /// key, or the payer's wallet when the call came without one.
    X402 { key_id: i64, payment: Arc<Payment> },
    /// A brand bot's free generations (one per call, whatever its credit price), then, once
    /// they are spent, the brand admin's credits; the work recorded against the admin's key
    /// `key_id`.
    Allowance { brand: String, key_id: i64 },
    /// A SOL deposit per job (`X-Pay-With: sol`), for work the catalog marks payable so: the job
    /// waits with a quote of a unique lamport amount until its deposit is found.
    Sol { key_id: i64, rail: sol::SolRail },
    /// No key and no payment (only when x402 is on): every price answers 402 with what to pay.
    Unpaid,
}

/// An authorized payment.
#[derive(Clone, Debug)]
pub struct Hold {
    pub intent_id: String,
    pub rail: Rail,
    /// In the rail's unit (credits, USDC atomic units).
    pub amount: i64,
    /// The payer's credit balance after the authorization (0 for money rails).
    pub balance_after: i64,
    price: Price,
    /// The rail's record of the money (the credit ledger row, the x402 payment).
    reference: String,
    x402: Option<Arc<Payment>>,
    /// Set once the rail took the money (credits: at authorization; x402: when settled).
    settled: Arc<AtomicBool>,
    /// Set once the work captured the payment itself, so [`pay`] need not.
    captured: Arc<AtomicBool>,
}

impl Hold {
    /// The rail's record of the money: the credit ledger row, or the x402 payment's id.
    pub fn reference(&self) -> &str {
        &self.reference
    }

    /// Takes the money, after the work succeeded and before its result is stored (credits
    /// were taken at authorization; an x402 payment is settled now). On error, drop the
    /// result: nothing was charged and the payment is released. A settlement whose outcome is
    /// unknown is not an error: the money may have moved, so the result is kept and the
    /// payment marked pending (`Payment::pending`) for the front end to say so.
    pub async fn settle(&self, db: &Db) -> Result<(), Error> {
        if self.settled.load(Ordering::Acquire) {
            return Ok(());
        }
        if let Some(payment) = &self.x402 {
            match payment.rail.settle(db, &self.reference, &self.intent_id, self.price).await? {
                Settlement::Settled(receipt) => drop(payment.receipt.set(receipt)),
                Settlement::Pending => drop(payment.pending.set(self.reference.clone())),
            }
        }
        self.settled.store(true, Ordering::Release);
        Ok(())
    }

    /// Captures the payment inside the transaction that stores the work's result. Fails when
    /// the hold lapsed and the reaper released it: roll back, the result must not be stored.
    pub async fn capture_in(&self, conn: &mut AnyConnection) -> Result<(), Error> {
        if !self.settled.load(Ordering::Acquire) {
            return Err(Error::internal("a payment was captured before it was settled"));
        }
        if intents::capture_in(conn, &self.intent_id).await? {
            self.captured.store(true, Ordering::Release);
            Ok(())
        } else {
            Err(Error::Unavailable { message: "The work took too long and was not charged; retrying is safe." })
        }
    }
}

/// A payment checked with its rail before the transaction that records it (an x402 payment
/// is verified with the facilitator: a network call no transaction should wait on).
#[derive(Default)]
pub struct Checked {
    requirements: Option<Value>,
    /// For SOL: the price in lamports at the live rate.
    lamports: Option<u64>,
}

/// Checks what can be checked of `payer`'s payment of `price` before any transaction.
pub async fn check(payer: &Payer, price: Price) -> Result<Checked, Error> {
    match payer {
        Payer::X402 { payment, .. } => {
            Ok(Checked { requirements: Some(payment.rail.verify(payment, price).await?), lamports: None })
        }
        Payer::Sol { rail, .. } => {
            let cents = sol_cents(price)?;
            Ok(Checked { requirements: None, lamports: Some(rail.rate().await?.lamports(cents)) })
        }
        Payer::Credits { .. } | Payer::Allowance { .. } | Payer::Unpaid => Ok(Checked::default()),
    }
}

/// The US cents of `price` when its operation may be paid per job in SOL; else 400
/// `sol_not_accepted`.
fn sol_cents(price: Price) -> Result<u64, Error> {
    let service = crate::catalog::service(price.operation).filter(|s| s.sol_per_asset && s.asynchronous);
    match (service, price.usd_cents) {
        (Some(_), Some(cents)) => Ok(u64::from(cents)),
        _ => Err(Error::bad_request(
            "sol_not_accepted",
            format!(
                "`{}` is not paid per job in SOL (the menu's `solPerAsset` services are); pay with credits or x402, \
                 without `X-Pay-With: sol`.",
                price.operation
            ),
        )),
    }
}

/// How a job's payment stands once it is submitted.
#[derive(Debug)]
pub enum Authorized {
    /// Authorized now, like any call's.
    Held(Hold),
    /// A SOL quote is open: the job waits for its deposit.
    Quoted { quote: sol::Quote, invoice: sol::PaymentView },
}

impl Authorized {
    /// The payment authorized now, if it was.
    pub fn held(&self) -> Option<&Hold> {
        match self {
            Authorized::Held(hold) => Some(hold),
            Authorized::Quoted { .. } => None,
        }
    }
}

/// [`authorize_in`] for job `holder`: a SOL payer's quote is opened instead (within the key's
/// bound of open quotes, under its row lock), for the job to wait on.
pub async fn authorize_job_in(
    conn: &mut AnyConnection,
    payer: &Payer,
    checked: &Checked,
    price: Price,
    holder: Holder<'_>,
) -> Result<Authorized, Error> {
    let Holder::Job { id, .. } = holder else { return Err(Error::internal("a job authorized for a call")) };
    let Payer::Sol { key_id, rail } = payer else {
        return authorize_in(conn, payer, checked, price, id, holder).await.map(Authorized::Held);
    };
    let lamports = checked.lamports.ok_or_else(|| Error::internal("SOL payment not checked"))?;
    crate::store::invites::lock_key_in(conn, *key_id).await?;
    sol::within_open_quotes_in(conn, *key_id, rail.open_quotes_per_key).await?;
    let quote = sol::open_quote_in(conn, id, lamports, sol::QUOTE_TTL_MS as i64).await?;
    Ok(Authorized::Quoted { quote, invoice: rail.invoice(quote) })
}

/// 402 for a price the payer did not pay: a money-only price asked of credits, or no payment.
fn unpaid(price: Price) -> Error {
    let message = if price.credits == 0 {
        "This is paid in USDC over x402 (send a payment) or by card."
    } else {
        "This call needs an API key with credits (`x-api-key`) or a per-call USDC payment over x402."
    };
    Error::PaymentRequired { code: "payment_required", message: message.into(), reason: None, price }
}

/// Authorizes `price` from `payer` inside the caller's transaction: the rail's record and the
/// intent commit together. `checked` is [`check`]'s answer for the same payer and price;
/// `reference` names the work in the rail's records (a call's request id, a job's id). On
/// `InsufficientCredits` roll back and call [`explain`].
pub async fn authorize_in(
    conn: &mut AnyConnection,
    payer: &Payer,
    checked: &Checked,
    price: Price,
    reference: &str,
    holder: Holder<'_>,
) -> Result<Hold, Error> {
    let (job, request) = match holder {
        Holder::Job { id, request } => (Some(id), request),
        Holder::Call { .. } => (None, reference),
    };
    let (rail, key_id, amount, record, balance_after, x402) = match payer {
        Payer::Unpaid => return Err(unpaid(price)),
        Payer::Credits { key_id } => charge_credits_in(conn, *key_id, price, reference).await?,
        Payer::X402 { key_id, payment } => {
            let requirements =
                checked.requirements.as_ref().ok_or_else(|| Error::internal("x402 payment not checked"))?;
            let id = payment.rail.record_in(conn, payment, requirements, price, *key_id, job).await?;
            let amount = X402::amount(price).unwrap_or(0);
            (Rail::X402, *key_id, i64::try_from(amount).map_err(Error::internal)?, id, 0, Some(payment.clone()))
        }
        // Paid per job once its deposit is found (`authorize_job_in`), never within a call.
        Payer::Sol { .. } => return Err(sol_cents(price).err().unwrap_or_else(sol_per_job_only)),
        Payer::Allowance { brand, key_id } => match invites::spend_in(conn, brand, price.operation, reference).await? {
            Some((row, left)) => (Rail::Allowance, *key_id, ALLOWANCE_PER_CALL, row.to_string(), left, None),
            // The free generations are spent (perhaps by another chat a moment ago): the
            // admin's credits pay.
            None => charge_credits_in(conn, *key_id, price, reference).await?,
        },
    };
    let intent_id = intents::open_in(
        conn,
        &intents::NewIntent {
            operation: price.operation,
            key_id,
            rail: rail.as_str(),
            amount,
            reference: &record,
            request,
            holder,
        },
    )
    .await?;
    Ok(Hold {
        intent_id,
        rail,
        amount,
        balance_after,
        price,
        reference: record,
        settled: Arc::new(AtomicBool::new(x402.is_none())),
        x402,
        captured: Arc::default(),
    })
}

/// What a rail records of an authorization: the rail, the key, the amount, the rail's record,
/// the balance after and the x402 payment, if one.
type Recorded = (Rail, i64, i64, String, i64, Option<Arc<Payment>>);

/// Takes `price` from `key_id`'s credits.
async fn charge_credits_in(
    conn: &mut AnyConnection,
    key_id: i64,
    price: Price,
    reference: &str,
) -> Result<Recorded, Error> {
    if price.credits == 0 {
        return Err(unpaid(price));
    }
    let charge = credits::charge_in(conn, key_id, price.credits, price.operation, reference).await?;
    Ok((Rail::Credits, key_id, price.credits, charge.id.to_string(), charge.balance_after, None))
}

/// `error` with the payer's real balance and the price filled in (inside a transaction the
/// balance reads as 0).
pub async fn explain(db: &Db, payer: &Payer, price: Price, error: Error) -> Error {
    match (payer, error) {
        (Payer::Credits { key_id } | Payer::Allowance { key_id, .. }, Error::InsufficientCredits { needed, .. }) => {
            match credits::balance(db, *key_id).await {
                Ok(balance) => Error::InsufficientCredits { needed, balance, price: Some(price) },
                Err(e) => e.into(),
            }
        }
        (_, other) => other,
    }
}

/// Refuses, before any expensive work, a call its payer cannot pay for. Nothing is held: the
/// payment itself is authorized later and may still be refused.
pub async fn ensure_can_pay(ctx: &impl Call, price: Price) -> Result<(), Error> {
    match ctx.payer() {
        Payer::Unpaid => Err(unpaid(price)),
        Payer::Credits { key_id } => ensure_credits(ctx.db(), *key_id, price).await,
        Payer::Allowance { brand, key_id } => {
            if invites::allowance(ctx.db(), brand).await? >= ALLOWANCE_PER_CALL {
                return Ok(());
            }
            ensure_credits(ctx.db(), *key_id, price).await
        }
        // Verified now, before the work fetches or makes anything; paying reuses the answer.
        Payer::X402 { payment, .. } => payment.rail.verify(payment, price).await.map(drop),
        Payer::Sol { .. } => sol_cents(price).map(drop),
    }
}

/// 400 for SOL asked of work done within its call.
fn sol_per_job_only() -> Error {
    Error::bad_request("sol_not_accepted", "SOL pays for queued work only; pay this call with credits or x402.")
}

/// The services menu with the rails this process takes (x402 when it is on, SOL per job when a
/// treasury is set up).
pub fn menu(x402: Option<&X402>, treasury: Option<&sol::chain::Chain>) -> crate::catalog::ServicesMenu {
    crate::catalog::menu(x402.map(X402::payment_method), treasury.map(sol::payment_method))
}

/// [`menu`] with who speaks each language in this process (`voices`).
pub fn spoken_menu(
    x402: Option<&X402>,
    treasury: Option<&sol::chain::Chain>,
    voices: &crate::media::speech::Voices,
) -> crate::catalog::ServicesMenu {
    let mut menu = menu(x402, treasury);
    menu.voices = crate::languages::LANGUAGES
        .iter()
        .map(|l| {
            let (engine, voices) = crate::media::speech::engine(voices, l.code);
            crate::catalog::VoiceOffer { language: l.code, engine, voices }
        })
        .collect();
    menu
}

/// 400 `payment_rail_unavailable` for a call asking for `rail`, which this process does not take
/// (SOL without a treasury): nothing will change until an operator sets it up, so it is no 503
/// to retry; `details.available` names the rails the menu offers instead.
pub fn rail_unavailable(rail: &'static str, x402: Option<&X402>, treasury: Option<&sol::chain::Chain>) -> Error {
    let available = menu(x402, treasury).payments.iter().map(|p| p.method).filter(|m| *m != rail).collect();
    Error::RailUnavailable { rail, available }
}

/// Refuses a price `key_id`'s credits do not cover.
async fn ensure_credits(db: &Db, key_id: i64, price: Price) -> Result<(), Error> {
    if price.credits == 0 {
        return Err(unpaid(price));
    }
    let balance = credits::balance(db, key_id).await?;
    if balance < price.credits {
        return Err(Error::InsufficientCredits { needed: price.credits, balance, price: Some(price) });
    }
    Ok(())
}

/// Settles the payment of a job's intent `id` once the job succeeded, before its result is
/// shown: credits were taken when it was queued; an x402 payment is settled now.
pub async fn settle_intent(db: &Db, x402: Option<&X402>, id: &str, price: Price) -> Result<(), Error> {
    let Some(intent) = intents::get(db, id).await? else {
        return Err(Error::internal(format!("no payment intent {id}")));
    };
    match Rail::parse(&intent.rail).map_err(Error::internal)? {
        // Credits were taken when it was queued; a SOL deposit is on chain when it is claimed.
        Rail::Credits | Rail::Allowance | Rail::Sol => Ok(()),
        // Settled or pending, the job keeps its result: the reconciler resolves a pending one.
        Rail::X402 => {
            let rail = x402.ok_or_else(|| Error::internal("an x402 job, and x402 is not configured"))?;
            rail.settle(db, &intent.reference, id, price).await.map(|_| ())
        }
    }
}

/// Releases intent `id` inside the caller's transaction: the rail gives the money back. False
/// when it was no longer authorized (captured, or released already): nothing changed.
pub async fn release_in(conn: &mut AnyConnection, id: &str, reason: &str) -> Result<bool, sqlx::Error> {
    release_held_until_in(conn, id, i64::MAX, reason).await
}

/// [`release_in`] only if the intent's hold ends before `held_until_before` (see
/// `intents::release_in`).
async fn release_held_until_in(
    conn: &mut AnyConnection,
    id: &str,
    held_until_before: i64,
    reason: &str,
) -> Result<bool, sqlx::Error> {
    let Some(intent) = intents::release_in(conn, id, held_until_before).await? else { return Ok(false) };
    match Rail::parse(&intent.rail).map_err(sqlx::Error::Protocol)? {
        Rail::Credits => {
            let charge = credits::Charge {
                id: intent.reference.parse().map_err(|_| sqlx::Error::Protocol("bad credit reference".into()))?,
                key_id: intent.key_id,
                cost: intent.amount,
                balance_after: 0,
            };
            // False when an operator refunded the charge by hand (nothing changed): the intent
            // is released anyway.
            credits::refund_in(conn, &charge, reason).await?;
        }
        // Never settled, so nothing moved: the payment is only marked released. One that is
        // settling or settled may have moved the money: it keeps its result, never released
        // (the error rolls the caller's transaction back).
        Rail::X402 => {
            if !crate::store::x402::release_in(conn, &intent.reference).await? {
                let state = crate::store::x402::state_in(conn, &intent.reference).await?;
                if matches!(state.as_deref(), Some("settling" | "settled")) {
                    return Err(sqlx::Error::Protocol(format!(
                        "intent {id}: its x402 payment is {}, so it is not released",
                        state.unwrap_or_default()
                    )));
                }
            }
        }
        Rail::Allowance => {
            let row = intent.reference.parse().map_err(|_| sqlx::Error::Protocol("bad allowance reference".into()))?;
            invites::give_back_in(conn, row, reason).await?;
        }
        // A deposit is captured as it is claimed, so an authorized SOL intent moved no money.
        Rail::Sol => {}
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
pub async fn pay_for<T, W, F>(ctx: &impl Call, price: Price, work: W) -> Result<(T, Hold), Error>
where
    W: FnOnce(Hold) -> F,
    F: Future<Output = Result<T, Error>> + Send + 'static,
    T: Send + 'static,
{
    pay(ctx.db(), ctx.detached(), ctx.payer(), price, ctx.request_id(), ctx.hold_for(), work).await
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
    let checked = check(payer, price).await?;
    let mut tx = db.pool().begin().await?;
    let holder = Holder::Call { hold: hold_for, by: detached.holder() };
    let hold = match authorize_in(&mut tx, payer, &checked, price, reference, holder).await {
        Ok(hold) => hold,
        Err(e) => {
            tx.rollback().await?;
            return Err(explain(db, payer, price, e).await);
        }
    };
    tx.commit().await?;
    let (db, reason, held) = (db.clone(), format!("{} failed", price.operation), hold.clone());
    let work = work(hold.clone());
    let outcome = detached
        .spawn(async move {
            let outcome = tokio::spawn(work).await;
            match outcome {
                // The work captured in the transaction that stored its result: nothing to do.
                Ok(Ok(value)) if held.captured.load(Ordering::Acquire) => Ok(Ok(value)),
                // Work that stores nothing is settled and captured here; unsettled or not
                // captured (its hold lapsed and was released), it is not delivered.
                Ok(Ok(value)) => match held.settle(&db).await {
                    Ok(()) => Ok(capture(&db, &held.intent_id).await.map(|()| value)),
                    Err(e) => Ok(Err(e)),
                },
                other => {
                    release(&db, &held.intent_id, &reason).await;
                    other
                }
            }
        })
        .await;
    match outcome {
        Ok(Ok(Ok(value))) => Ok((value, hold)),
        Ok(Ok(Err(e))) => Err(e),
        Ok(Err(join)) | Err(join) => std::panic::resume_unwind(join.into_panic()),
    }
}

/// Captures intent `id` (work that stored nothing to capture with); an error when it is no
/// longer authorized: the reaper gave the money back, so the work is not delivered.
async fn capture(db: &Db, id: &str) -> Result<(), Error> {
    let mut tx = db.pool().begin().await?;
    if !intents::capture_in(&mut tx, id).await? {
        tx.rollback().await?;
        return Err(Error::Unavailable { message: "The work took too long and was not charged; retrying is safe." });
    }
    tx.commit().await?;
    Ok(())
}

/// How far another replica's clock may be ahead of the reaper's: a hold is released only once
/// it ended this long ago, so a replica that just pushed it ahead is never overtaken.
const CLOCK_SKEW_MS: i64 = 5_000;

/// Releases the intents of calls whose hold lapsed (their process died mid-work). Returns how
/// many.
pub async fn release_lapsed(db: &Db) -> Result<usize, sqlx::Error> {
    let before = crate::store::now_ms() - CLOCK_SKEW_MS;
    release_each(db, intents::lapsed(db, before).await?, before).await
}

/// Releases at start the holds an earlier run of this process instance left (it died
/// mid-work): `holder` names the instance; `None` means every call's hold is this process's
/// (one process serves a SQLite database). Holds of other replicas still lapse by their hold.
pub async fn release_own_holds(db: &Db, holder: Option<&str>) -> Result<usize, sqlx::Error> {
    // Their calls' idempotency records first, so a repeat is answered at once (the work ran
    // and was paid: "answer lost"; it was released: run it again) rather than "still running".
    crate::store::idempotency::expire_own(db, holder).await?;
    release_each(db, intents::held_by(db, holder).await?, i64::MAX).await
}

/// Releases each intent of `ids` whose hold ends before `held_until_before`; how many were.
async fn release_each(db: &Db, ids: Vec<String>, held_until_before: i64) -> Result<usize, sqlx::Error> {
    let mut released = 0;
    for id in ids {
        let mut tx = db.pool().begin().await?;
        match release_held_until_in(&mut tx, &id, held_until_before, "the work was interrupted").await {
            Ok(done) => {
                tx.commit().await?;
                released += usize::from(done);
            }
            // A payment that moved (or may have) is the reconciler's; the others go on.
            Err(e) => tracing::warn!(intent = id, error = %e, "a lapsed payment was not released"),
        }
    }
    Ok(released)
}
