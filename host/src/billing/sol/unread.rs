//! Treasury transactions the node lists but will not show (an error, `null`, a 5xx for that one
//! signature): recorded as unread in the transaction that moves the index past them, so the walk
//! goes on over the others and the cursor never passes a signature silently, then read again
//! after a backoff (5 s, doubling, at most an hour apart) until they are read or, after
//! [`TRIES_MOST`] failed reads (about 26 hours), given up with a log line.

use sqlx::AnyConnection;

use super::chain::{Listed, Read, Transfer};
use crate::error::Error;
use crate::store::now_ms;
use crate::store::treasury::{self, Next, Unread};

/// The wait before the first read again.
const RETRY_FIRST_MS: i64 = 5_000;
/// The longest wait between reads.
const RETRY_MOST_MS: i64 = 3_600_000;
/// Failed reads before a signature is given up: ten doubling waits, then hourly ones, about 26
/// hours in all, longer than a quote is open.
pub const TRIES_MOST: i64 = 36;

/// What to do after the `attempts`-th failed read of a signature.
pub fn next(attempts: i64, now: i64) -> Next {
    if attempts >= TRIES_MOST {
        return Next::GiveUp;
    }
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 20)).unwrap_or(20);
    Next::At(now + (RETRY_FIRST_MS << doublings).min(RETRY_MOST_MS))
}

/// What reading some treasury signatures gave, to store in one transaction.
#[derive(Debug, Default)]
pub struct Batch {
    pub deposits: Vec<Transfer>,
    /// Signatures unread before and read now.
    pub read: Vec<String>,
    /// Signatures still unread, with the failed reads so far (this one counted) and why.
    pub unread: Vec<(Unread, String)>,
}

impl Batch {
    /// What `reads` gave for `listed` (signatures read for the first time).
    pub fn listed(listed: &[Listed], reads: Vec<Result<Read, Error>>) -> Batch {
        let tried =
            listed.iter().map(|l| Unread { signature: l.signature.clone(), block_time: l.block_time, attempts: 0 });
        Batch::of(tried.zip(reads))
    }

    /// What each read gave for its signature (`attempts`: its failed reads before this one).
    pub fn of(reads: impl IntoIterator<Item = (Unread, Result<Read, Error>)>) -> Batch {
        let mut batch = Batch::default();
        for (tried, read) in reads {
            let why = match read {
                Ok(Read::NotYet) => "the node answered null".to_string(),
                Err(e) => e.to_string(),
                Ok(shown) => {
                    if tried.attempts > 0 {
                        batch.read.push(tried.signature);
                    }
                    if let Read::Deposit(transfer) = shown {
                        batch.deposits.push(transfer);
                    }
                    continue;
                }
            };
            batch.unread.push((Unread { attempts: tried.attempts + 1, ..tried }, why));
        }
        batch
    }

    /// Writes the batch inside the transaction that moves the index over it: the deposits kept,
    /// the signatures read forgotten, the unread ones recorded (or given up).
    pub async fn write_in(&self, conn: &mut AnyConnection, address: &str) -> Result<(), Error> {
        for transfer in &self.deposits {
            treasury::keep_in(conn, address, &super::row(transfer)?).await?;
        }
        for signature in &self.read {
            treasury::read_in(conn, signature).await?;
        }
        let now = now_ms();
        for (unread, why) in &self.unread {
            let next = next(unread.attempts, now);
            treasury::unread_in(conn, address, unread, why, next).await?;
            say(unread, why, next);
        }
        Ok(())
    }
}

/// The log line of a signature left unread: the first failure, and the last.
fn say(unread: &Unread, why: &str, next: Next) {
    let signature = unread.signature.as_str();
    match next {
        Next::GiveUp => tracing::error!(
            signature,
            attempts = unread.attempts,
            error = why,
            "gave up reading a treasury transaction the Solana RPC node would not show; a deposit in it is \
             never claimed (see sol_unread_signatures)"
        ),
        Next::At(_) if unread.attempts == 1 => tracing::warn!(
            signature,
            error = why,
            "the Solana RPC node would not show a treasury transaction; recorded, read again later"
        ),
        Next::At(_) => {}
    }
}

/// `unread` as the node lists it, to read again.
pub fn listed(unread: &Unread) -> Listed {
    Listed { signature: unread.signature.clone(), block_time: unread.block_time, succeeded: true }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_is_read_again_with_backoff_then_given_up() {
        let waits: Vec<i64> = (1..TRIES_MOST)
            .map(|attempts| match next(attempts, 0) {
                Next::At(at) => at,
                Next::GiveUp => panic!("given up after {attempts}"),
            })
            .collect();
        assert_eq!(&waits[..4], &[5_000, 10_000, 20_000, 40_000], "doubling from 5 s");
        assert!(waits.windows(2).all(|w| w[0] <= w[1]) && waits.iter().all(|&w| w <= RETRY_MOST_MS));
        let hours = waits.iter().sum::<i64>() as f64 / 3_600_000.0;
        assert!((24.0..30.0).contains(&hours), "tried for {hours} h, longer than a quote is open");
        assert_eq!(next(TRIES_MOST, 0), Next::GiveUp);
    }

    #[test]
    fn each_read_is_sorted_into_deposits_read_and_unread() {
        let tried = |signature: &str, attempts| Unread { signature: signature.into(), block_time: Some(7), attempts };
        let deposit = Transfer { signature: "d".into(), lamports: 5, payer: None, slot: 1, block_time: 7 };
        let gone = Error::BadGateway { code: "sol_rpc_error", message: "no".into() };
        let batch = Batch::of([
            (tried("d", 0), Ok(Read::Deposit(deposit.clone()))),
            (tried("o", 2), Ok(Read::Other)),
            (tried("n", 0), Ok(Read::NotYet)),
            (tried("e", 4), Err(gone)),
        ]);
        assert_eq!(batch.deposits, vec![deposit]);
        assert_eq!(batch.read, vec!["o".to_string()], "only what was unread before is forgotten");
        let unread: Vec<_> = batch.unread.iter().map(|(u, _)| (u.signature.as_str(), u.attempts)).collect();
        assert_eq!(unread, vec![("n", 1), ("e", 5)], "each failure counted");
    }
}
