//! The words of money every layer shares: the rail a payment went through, what an operation
//! costs, and who holds an authorized payment. Plain data, so the errors, the store's rows and
//! billing (which moves the money, `billing`) can all name them without naming each other.

use std::time::Duration;

/// The rail a payment went through, as stored with intents and jobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rail {
    Credits,
    X402,
    Allowance,
    /// A SOL deposit to the treasury, in lamports: taken on chain by the payer, recorded when
    /// it is claimed for a job, and never given back by the service.
    Sol,
}

impl Rail {
    pub fn as_str(self) -> &'static str {
        match self {
            Rail::Credits => "credits",
            Rail::X402 => "x402",
            Rail::Allowance => "allowance",
            Rail::Sol => "sol",
        }
    }

    /// Whether the money was taken before the work ran (a SOL deposit, captured as it is
    /// claimed): neither the work's success nor its failure moves it again, and work that fails
    /// for good stays bound to it, to be run again.
    pub fn taken_before_work(self) -> bool {
        matches!(self, Rail::Sol)
    }

    pub fn parse(text: &str) -> Result<Rail, String> {
        match text {
            "credits" => Ok(Rail::Credits),
            "x402" => Ok(Rail::X402),
            "allowance" => Ok(Rail::Allowance),
            "sol" => Ok(Rail::Sol),
            other => Err(format!("unknown payment rail `{other}`")),
        }
    }
}

/// What a paid operation costs, read from the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Price {
    /// The operation (catalog service id), recorded with the payment.
    pub operation: &'static str,
    /// In credits; 0 when the price is payable only in money (a credit pack).
    pub credits: i64,
    /// In US cents, when the call can be paid per call over x402.
    pub usd_cents: Option<u32>,
}

/// Who holds an authorized payment until it is settled.
#[derive(Clone, Copy, Debug)]
pub enum Holder<'a> {
    /// A call's own work, for at most `hold` before the reaper may release it, run by the
    /// process instance `by` (which releases its own holds when it starts again).
    Call { hold: Duration, by: &'a str },
    /// A queued job `id`, until it succeeds or fails for good; `request` is the call that
    /// queued it.
    Job { id: &'a str, request: &'a str },
}
