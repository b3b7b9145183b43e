//! The SOL rail: its price, open quotes (bounded per key), the deposits that pay them
//! (`claim_in`, `claim_first`), the chain they are found on (`chain`), the index of the
//! treasury's deposits (`index`) and the transactions it could not read yet (`unread`). A price is what its US cents are in lamports at the live
//! SOL/USD rate. The rate comes from a CoinGecko-style `simple/price` source, else Jupiter's
//! price API, cached for 45 s; when both fail, a recent cached rate (marked stale) or the
//! operator's fixed fallback (marked as such) is used, never silently. Lamports are computed in
//! integers, rounded up.

pub mod chain;
pub mod index;
pub mod unread;

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::config::Settings;
use crate::dates::iso8601;
use crate::error::Error;
use crate::money::{Holder, Rail};
use crate::store::deposits::{self, Deposit};
use crate::store::{Db, intents, now_ms, quotes};

pub use crate::store::deposits::Refused;

/// What paying in SOL needs: the live price, the treasury's chain and network, and how many
/// quotes one key may hold open.
#[derive(Clone)]
pub struct SolRail {
    pub price: Arc<SolPrice>,
    pub chain: Arc<chain::Chain>,
    pub network: String,
    pub open_quotes_per_key: u32,
}

impl std::fmt::Debug for SolRail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolRail").field("treasury", &self.chain.treasury()).field("network", &self.network).finish()
    }
}

impl SolRail {
    /// The rail, when a treasury is set up (`chain`); else 503 `sol_not_configured`.
    pub fn new(
        settings: &Settings,
        price: &Arc<SolPrice>,
        chain: Option<&Arc<chain::Chain>>,
    ) -> Result<SolRail, Error> {
        let chain = chain.ok_or(NOT_SET_UP)?;
        Ok(SolRail {
            price: price.clone(),
            chain: chain.clone(),
            network: settings.sol_network.clone(),
            open_quotes_per_key: settings.sol_open_quotes_per_key,
        })
    }

    /// The rate to quote with now; 503 `sol_price_unavailable` when there is none.
    pub async fn rate(&self) -> Result<Rate, Error> {
        self.price.rate().await.ok_or(Error::NotSetUp {
            code: "sol_price_unavailable",
            message: "No SOL/USD rate is available right now; retry in a minute.",
        })
    }

    /// What to send for `quote`: the treasury, its network, the exact lamports and until when.
    pub fn invoice(&self, quote: Quote) -> PaymentView {
        PaymentView {
            wallet: self.chain.treasury(),
            network: self.network.clone(),
            currency: "SOL",
            amount_lamports: quote.amount_lamports,
            amount_sol: sol(quote.amount_lamports),
            memo: "NOT required",
            expires_at: iso8601(quote.expires_at_ms),
        }
    }
}

/// How the menu says SOL is taken: per job, to `treasury`'s address.
pub fn payment_method(treasury: &chain::Chain) -> crate::catalog::PaymentMethod {
    crate::catalog::PaymentMethod {
        method: "sol",
        network: None,
        caip2: None,
        asset: None,
        pay_to: Some(treasury.treasury()),
        scheme: None,
        versions: Vec::new(),
        how: "`X-Pay-With: sol` (over MCP `_meta.payWith`) on a job-style service marked `solPerAsset`: the 202 \
              names the exact lamports to send to `payTo`; its check route (or the service, within a minute) finds \
              the deposit. Asset jobs are always paid so.",
    }
}

/// 503 when no treasury is set up.
pub const NOT_SET_UP: Error = Error::NotSetUp {
    code: "sol_not_configured",
    message: "Paying in SOL is not set up on this service (no treasury); pay with credits or x402.",
};

/// Lamports as SOL, for people (the amount to send is always the integer).
pub fn sol(lamports: u64) -> f64 {
    lamports as f64 / LAMPORTS_PER_SOL as f64
}

/// `lamports` in SOL as a person writes it: exact, without an exponent or trailing zeros
/// (`0.001700001`, `2`).
pub fn sol_text(lamports: u64) -> String {
    let fraction = format!("{:09}", lamports % LAMPORTS_PER_SOL);
    let fraction = fraction.trim_end_matches('0');
    let whole = lamports / LAMPORTS_PER_SOL;
    if fraction.is_empty() { whole.to_string() } else { format!("{whole}.{fraction}") }
}

/// How to pay a quote: send exactly its lamports to the treasury before it lapses.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentView {
    /// The treasury address.
    pub wallet: String,
    pub network: String,
    /// `SOL`.
    pub currency: &'static str,
    /// Send exactly this many lamports, by a plain transfer.
    pub amount_lamports: u64,
    pub amount_sol: f64,
    /// `NOT required`.
    pub memo: &'static str,
    pub expires_at: String,
}

/// Lamports in one SOL.
pub const LAMPORTS_PER_SOL: u64 = 1_000_000_000;
/// Wrapped SOL's mint: the id Jupiter prices SOL under.
const SOL_MINT: &str = "So11111111111111111111111111111111111111112";
/// How long a fetched rate is fresh.
const FRESH: Duration = Duration::from_secs(45);
/// How long a rate may still be used, marked stale, when no source answers.
const USABLE: Duration = Duration::from_secs(15 * 60);

/// A SOL/USD rate and where it came from.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rate {
    /// US dollars per SOL, as a decimal string (6 places).
    pub usd_per_sol: String,
    /// `coingecko` (the first source), `jupiter` (the second) or `fallback` (the operator's
    /// fixed rate).
    pub source: &'static str,
    /// True when no source answered and an older rate is used.
    pub stale: bool,
    /// How old the rate is, in milliseconds.
    pub age_ms: u64,
    #[serde(skip)]
    micro_usd: u64,
}

impl Rate {
    /// Lamports for `cents` US cents at this rate, rounded up (the treasury never gets less).
    pub fn lamports(&self, cents: u64) -> u64 {
        let micro_usd = u128::from(cents) * 10_000;
        let lamports = (micro_usd * u128::from(LAMPORTS_PER_SOL)).div_ceil(u128::from(self.micro_usd.max(1)));
        u64::try_from(lamports).unwrap_or(u64::MAX)
    }
}

/// The price sources and the last rate they gave.
pub struct SolPrice {
    first: String,
    second: String,
    fallback: Option<u64>,
    client: reqwest::Client,
    last: Mutex<Option<(u64, &'static str, Instant)>>,
}

impl SolPrice {
    pub fn from_settings(settings: &Settings) -> Result<SolPrice, String> {
        let fallback = match settings.sol_usd_fallback.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(text) => Some(
                micro_usd(text.parse::<f64>().map_err(|_| format!("SOL/USD fallback `{text}` is not a number"))?)
                    .ok_or_else(|| format!("SOL/USD fallback `{text}` is not a usable rate"))?,
            ),
            None => None,
        };
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("asset-service/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("SOL price client: {e}"))?;
        Ok(SolPrice {
            first: settings.sol_usd_url.clone(),
            second: settings.sol_usd_second_url.clone(),
            fallback,
            client,
            last: Mutex::new(None),
        })
    }

    /// The rate to quote with now; `None` when no source answers and there is neither a
    /// usable older rate nor a fallback.
    pub async fn rate(&self) -> Option<Rate> {
        let cached = *self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((micro, source, at)) = cached.filter(|(_, _, at)| at.elapsed() < FRESH) {
            return Some(rate(micro, source, false, at.elapsed()));
        }
        let fetched = match self.coingecko().await {
            Some(micro) => Some((micro, "coingecko")),
            None => self.jupiter().await.map(|micro| (micro, "jupiter")),
        };
        if let Some((micro, source)) = fetched {
            *self.last.lock().unwrap_or_else(std::sync::PoisonError::into_inner) =
                Some((micro, source, Instant::now()));
            return Some(rate(micro, source, false, Duration::ZERO));
        }
        if let Some((micro, source, at)) = cached.filter(|(_, _, at)| at.elapsed() < USABLE) {
            tracing::warn!(age_secs = at.elapsed().as_secs(), "no SOL/USD source answered; quoting with a stale rate");
            return Some(rate(micro, source, true, at.elapsed()));
        }
        self.fallback.map(|micro| {
            tracing::warn!("no SOL/USD source answered; quoting with the fallback rate");
            rate(micro, "fallback", false, Duration::ZERO)
        })
    }

    async fn coingecko(&self) -> Option<u64> {
        let answer = self.get_json(&self.first, &[("ids", "solana"), ("vs_currencies", "usd")]).await?;
        micro_usd(answer["solana"]["usd"].as_f64()?)
    }

    async fn jupiter(&self) -> Option<u64> {
        let answer = self.get_json(&self.second, &[("ids", SOL_MINT)]).await?;
        let entry = &answer[SOL_MINT];
        // v3 answers `usdPrice` (a number); older versions `price` (a string).
        let price = entry["usdPrice"].as_f64().or_else(|| entry["price"].as_str().and_then(|p| p.parse().ok()))?;
        micro_usd(price)
    }

    async fn get_json(&self, url: &str, query: &[(&str, &str)]) -> Option<Value> {
        let response = match self.client.get(url).query(query).send().await {
            Ok(response) if response.status().is_success() => response,
            Ok(response) => {
                tracing::warn!(url, status = response.status().as_u16(), "SOL/USD source refused");
                return None;
            }
            Err(e) => {
                tracing::warn!(url, error = %e, "SOL/USD source failed");
                return None;
            }
        };
        response.json().await.ok()
    }
}

/// Lamports a quote may add to the live price to be unique among open quotes (under 0.0001
/// SOL, a hundredth of a cent to a few cents at any plausible rate).
pub const QUOTE_SPREAD: u64 = 99_999;
/// How long a quote is open: a day.
pub const QUOTE_TTL_MS: u64 = 24 * 3600 * 1000;
/// Random amounts tried before looking for a free one exactly (with 1 000 open quotes, one try
/// in a hundred collides).
const QUOTE_TRIES: usize = 32;
/// When to try again once every amount of a price is held: the rate, cached 45 s, moves the
/// price (and its amounts) and paid quotes free theirs.
const EXHAUSTED_RETRY_SECS: u64 = 60;

/// An open quote: the exact amount to send, and until when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quote {
    pub amount_lamports: u64,
    pub expires_at_ms: i64,
}

/// Opens a quote for `job_id` at `base` lamports plus a few that no other open quote uses,
/// inside the caller's transaction (the job row commits with it): random amounts first, then,
/// when the price is crowded, a free one looked for exactly. 503 `quote_amounts_exhausted`
/// when all [`QUOTE_SPREAD`] are held.
pub async fn open_quote_in(conn: &mut AnyConnection, job_id: &str, base: u64, ttl_ms: i64) -> Result<Quote, Error> {
    let expires_at_ms = now_ms().saturating_add(ttl_ms);
    for _ in 0..QUOTE_TRIES {
        let amount_lamports = base.saturating_add(rand::random_range(1..=QUOTE_SPREAD));
        if hold_in(conn, job_id, amount_lamports, expires_at_ms).await? {
            return Ok(Quote { amount_lamports, expires_at_ms });
        }
    }
    match free_amount_in(conn, base).await? {
        Some(amount_lamports) if hold_in(conn, job_id, amount_lamports, expires_at_ms).await? => {
            Ok(Quote { amount_lamports, expires_at_ms })
        }
        _ => Err(amounts_exhausted()),
    }
}

/// 503 `quote_amounts_exhausted` before anything is made when every amount of the price `base`
/// is held (the check is repeated when the quote opens).
pub async fn ensure_amount_free(db: &Db, base: u64) -> Result<(), Error> {
    let mut conn = db.pool().acquire().await?;
    match free_amount_in(&mut conn, base).await? {
        Some(_) => Ok(()),
        None => Err(amounts_exhausted()),
    }
}

async fn hold_in(
    conn: &mut AnyConnection,
    job_id: &str,
    amount_lamports: u64,
    expires_at_ms: i64,
) -> Result<bool, Error> {
    let amount = i64::try_from(amount_lamports).map_err(Error::internal)?;
    Ok(quotes::hold_in(conn, amount, job_id, expires_at_ms).await?)
}

/// An amount of the price `base` no quote holds, from a random start; `None` when all are.
async fn free_amount_in(conn: &mut AnyConnection, base: u64) -> Result<Option<u64>, Error> {
    let low = i64::try_from(base.saturating_add(1)).map_err(Error::internal)?;
    let spread = i64::try_from(QUOTE_SPREAD).map_err(Error::internal)?;
    let reserved_after = now_ms() - quotes::RESERVED_AFTER_EXPIRY_MS;
    let held: std::collections::HashSet<i64> =
        quotes::held_between_in(conn, low, low + spread - 1, reserved_after).await?.into_iter().collect();
    let start = rand::random_range(0..spread);
    let free = (0..spread).map(|i| low + (start + i) % spread).find(|amount| !held.contains(amount));
    Ok(free.map(|amount| amount.unsigned_abs()))
}

fn amounts_exhausted() -> Error {
    Error::Exhausted {
        code: "quote_amounts_exhausted",
        message: format!(
            "Every one of the {QUOTE_SPREAD} payment amounts of the current price is held by an open quote, so no \
             quote can be opened; nothing was made. Retry in {EXHAUSTED_RETRY_SECS} s."
        ),
        retry_after_secs: EXHAUSTED_RETRY_SECS,
    }
}

/// What a claimed deposit pays for: the job, its caller's key and the catalog operation.
pub struct Claim<'a> {
    pub job_id: &'a str,
    pub key_id: i64,
    pub operation: &'static str,
}

/// Takes `transfer` as the payment of `claim`'s job inside the caller's transaction (the one
/// that moves the job): the deposit is recorded under its signature, which pays once ever, the
/// quote's amount is freed, and the payment is written through the seam like every other rail's
/// (a `sol` payment intent of the lamports, captured: the money is on chain); answers the
/// intent's id.
pub async fn claim_in(
    conn: &mut AnyConnection,
    claim: &Claim<'_>,
    transfer: &chain::Transfer,
) -> Result<Result<String, Refused>, Error> {
    if let Err(refused) = deposits::record_in(conn, claim.job_id, &row(transfer)?).await? {
        return Ok(Err(refused));
    }
    quotes::release_in(conn, claim.job_id).await?;
    let intent = intents::NewIntent {
        operation: claim.operation,
        key_id: claim.key_id,
        rail: Rail::Sol.as_str(),
        amount: i64::try_from(transfer.lamports).map_err(Error::internal)?,
        reference: &transfer.signature,
        request: claim.job_id,
        holder: Holder::Job { id: claim.job_id, request: claim.job_id },
    };
    let id = intents::open_in(conn, &intent).await?;
    intents::capture_in(conn, &id).await?;
    Ok(Ok(id))
}

/// `transfer` as the database stores a deposit.
fn row(transfer: &chain::Transfer) -> Result<Deposit<'_>, Error> {
    Ok(Deposit {
        signature: &transfer.signature,
        amount_lamports: i64::try_from(transfer.lamports).map_err(Error::internal)?,
        payer: transfer.payer.as_deref(),
        slot: i64::try_from(transfer.slot).map_err(Error::internal)?,
        block_time: transfer.block_time,
    })
}

/// 429 `too_many_open_quotes` when `key_id` holds as many open quotes as it may (`limit`): each
/// holds one of the price's amounts for a day and a week. Call it again under the key's row lock
/// in the transaction that opens the quote, so concurrent calls of one key pass one by one.
pub async fn within_open_quotes_in(conn: &mut AnyConnection, key_id: i64, limit: u32) -> Result<(), Error> {
    let now = now_ms();
    let (open, next_lapse) = quotes::open_of_key_in(conn, key_id, now).await?;
    if open < i64::from(limit) {
        return Ok(());
    }
    let retry_after_secs = next_lapse.map_or(1, |at| u64::try_from(at - now).unwrap_or(0).div_ceil(1000).max(1));
    Err(Error::Capped {
        code: "too_many_open_quotes",
        message: format!(
            "This key has {open} open quotes, the most it may have ({limit}); nothing was made. Pay one of its jobs, \
             or wait until a quote lapses (the first in {retry_after_secs} s)."
        ),
        retry_after_secs,
    })
}

/// What a found deposit pays for, and what paying it moves on.
pub trait Claimant {
    /// The job, its caller's key and the catalog operation the deposit pays.
    fn claim(&self) -> Claim<'_>;

    /// Moves the paid work on inside the claim's transaction (`intent` is the captured payment);
    /// false when it was paid already, by a concurrent claim: the claim is rolled back.
    fn paid_in<'a>(
        &'a self,
        conn: &'a mut AnyConnection,
        transfer: &'a chain::Transfer,
        intent: &'a str,
    ) -> impl Future<Output = Result<bool, Error>> + Send + 'a;
}

/// Claims for `claimant` the first deposit of `found` that nothing else used, in one
/// transaction with what paying moves on. True when this call paid it; false when none could
/// be taken or the work was paid already (by a concurrent check, perhaps with this deposit).
pub async fn claim_first(db: &Db, claimant: &impl Claimant, found: &[chain::Transfer]) -> Result<bool, Error> {
    for transfer in found {
        if is_claimed(db, &transfer.signature).await? {
            continue;
        }
        let mut tx = db.pool().begin().await?;
        match claim_in(&mut tx, &claimant.claim(), transfer).await? {
            Ok(intent) if claimant.paid_in(&mut tx, transfer, &intent).await? => {
                tx.commit().await?;
                let claim = claimant.claim();
                tracing::info!(
                    job = claim.job_id,
                    signature = transfer.signature,
                    lamports = transfer.lamports,
                    "paid in SOL"
                );
                return Ok(true);
            }
            Err(Refused::SignatureUsed) => tx.rollback().await?,
            Ok(_) | Err(Refused::JobPaid) => {
                tx.rollback().await?;
                return Ok(false);
            }
        }
    }
    Ok(false)
}

/// Whether the deposit `signature` already paid for an asset.
pub async fn is_claimed(db: &Db, signature: &str) -> Result<bool, Error> {
    Ok(deposits::is_recorded(db, signature).await?)
}

fn rate(micro: u64, source: &'static str, stale: bool, age: Duration) -> Rate {
    Rate {
        usd_per_sol: format!("{}.{:06}", micro / 1_000_000, micro % 1_000_000),
        source,
        stale,
        age_ms: u64::try_from(age.as_millis()).unwrap_or(u64::MAX),
        micro_usd: micro,
    }
}

/// A rate in micro-dollars per SOL, if it is a believable one (a source answering 0, a
/// negative or an absurd number is not used).
fn micro_usd(usd: f64) -> Option<u64> {
    (usd.is_finite() && usd > 0.01 && usd < 1_000_000.0).then(|| (usd * 1_000_000.0).round() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lamports_round_up_in_integers() {
        let at = |usd: f64| rate(micro_usd(usd).unwrap(), "coingecko", false, Duration::ZERO);
        // $0.25 at $250/SOL is exactly 0.001 SOL.
        assert_eq!(at(250.0).lamports(25), 1_000_000);
        // $0.25 at $142.35/SOL: 1_756_234.63… lamports, rounded up.
        assert_eq!(at(142.35).lamports(25), 1_756_235);
        assert_eq!(at(142.35).usd_per_sol, "142.350000");
        assert!(micro_usd(0.0).is_none() && micro_usd(f64::NAN).is_none() && micro_usd(-3.0).is_none());
    }

    #[test]
    fn sol_is_written_exactly() {
        let written = [5, 1_700_001, 1_000_000_000, 2_500_000_000, 0].map(sol_text);
        assert_eq!(written, ["0.000000005", "0.001700001", "1", "2.5", "0"]);
    }
}
