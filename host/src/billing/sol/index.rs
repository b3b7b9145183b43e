//! The index of the treasury's deposits: every signature of the treasury is read once, ever,
//! across replicas, so a deposit stays findable however many transfers land after it (dust
//! cannot push it out of sight).
//!
//! A check first brings the index up to date, then looks the job's deposit up in the database
//! by amount and block time. Bringing it up to date is a walk under a lease (one replica at a
//! time; the others wait for it): the newest page of signatures newer than the stored cursor
//! (`until`), then older pages (`before`) down to the cursor, each chunk's transactions read and
//! its deposits stored in the transaction that moves the walk on, so the cursor never passes
//! what is not stored, and a walk cut short (a timeout, a crash, a lost lease) goes on where it
//! stopped. When the walk meets the cursor, the cursor becomes the newest signature it began
//! from. A transaction the node lists but will not show (an error, `null`) is recorded as unread
//! in the same transaction and read again later (`unread`), so it holds up no other deposit.
//! A check answers from the deposits the index holds even when the walk fails; closing a quote
//! (a cancel, an expiry) needs more: the index up to date and no unread signature that may be
//! its deposit (`closing`).
//!
//! The first walk (no cursor) does not read the treasury's whole history: it stops at
//! signatures older than the oldest quote that can still be paid (open, or lapsed less than the
//! week its amount stays reserved), less ten minutes of slack for block-time estimates and
//! clocks. No deposit older than that can pay for anything. Every walk stops there too, so a
//! cursor the node forgot cannot send it to the chain's beginning.

use std::time::Duration;

use tokio::time::Instant;

use super::chain::{Chain, Listed, Transfer};
use super::unread::{self, Batch};
use crate::error::Error;
use crate::store::treasury::{self, Cursor, Walk};
use crate::store::{Db, now_ms, public_id, quotes};

/// How long the lease lasts unless renewed (every stored chunk renews it).
const LEASE_MS: i64 = 60_000;
/// Signatures read and stored per transaction.
const CHUNK: usize = 100;
/// How often a check waiting for another replica's walk looks again.
const POLL: Duration = Duration::from_millis(100);
/// How far before the oldest payable quote's opening the first walk reads.
const FLOOR_SLACK_SECS: i64 = 600;
/// When to ask again whether a deposit landed, when that cannot be told now.
const UNKNOWN_RETRY_SECS: u64 = 10;

/// Which deposits pay a quote: exactly `lamports`, landed between `from_secs` and `until_secs`
/// (inclusive).
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub lamports: u64,
    pub from_secs: i64,
    pub until_secs: i64,
}

impl Window {
    /// The window of a quote of `amount_lamports`, open from `opened_ms` to `expires_ms`.
    pub fn of(amount_lamports: i64, opened_ms: i64, expires_ms: i64) -> Result<Window, Error> {
        Ok(Window {
            lamports: u64::try_from(amount_lamports).map_err(Error::internal)?,
            from_secs: opened_ms.div_euclid(1000),
            until_secs: expires_ms.div_euclid(1000),
        })
    }
}

/// The deposits in `window`, oldest first, once the index is brought up to date (claimed ones
/// too: `claim_in` refuses those). Those the index holds answer even when the walk failed (the
/// node down, a signature it would not show): only with none is the walk's failure the answer,
/// or 503 when it ran out of time.
pub async fn deposits(db: &Db, chain: &Chain, window: Window) -> Result<Vec<Transfer>, Error> {
    let walked = bring_up_to_date(db, chain, now_ms()).await;
    let found = stored(db, chain, window).await?;
    if !found.is_empty() {
        if let Err(e) = &walked {
            tracing::info!(error = %e, "the treasury's index is behind; answered from the deposits it holds");
        }
        return Ok(found);
    }
    if walked? {
        return Ok(found);
    }
    Err(Error::Unavailable {
        message: "The treasury's transfers are still being read from the Solana RPC node; check again shortly.",
    })
}

/// Every deposit in `window`, before its quote is closed (a cancel, an expiry): the index is
/// brought up to date first. 503 `sol_deposits_unknown` when none is found and one may still
/// have landed unseen. See [`closing_after`].
pub async fn closing(db: &Db, chain: &Chain, window: Window) -> Result<Vec<Transfer>, Error> {
    let current = bring_up_to_date(db, chain, now_ms()).await.unwrap_or_else(|e| {
        tracing::info!(error = %e, "the treasury's index could not be brought up to date");
        false
    });
    closing_after(db, chain, window, current).await
}

/// [`closing`] once the index was brought up to date (`current`) or not: the deposits in
/// `window` it holds; with none, an empty answer only when the index is current and holds no
/// unread signature that may have landed in the window; else 503 `sol_deposits_unknown`, so
/// nothing is closed on a guess.
pub async fn closing_after(db: &Db, chain: &Chain, window: Window, current: bool) -> Result<Vec<Transfer>, Error> {
    let found = stored(db, chain, window).await?;
    if !found.is_empty() {
        return Ok(found);
    }
    let unread = treasury::unread_between(db, &chain.treasury(), window.from_secs, window.until_secs).await?;
    if current && unread == 0 {
        return Ok(found);
    }
    Err(Error::Undecided {
        code: "sol_deposits_unknown",
        message: format!(
            "Whether a SOL deposit for this job landed cannot be told now: the treasury's transfers could not be \
             read from the Solana RPC node. Nothing was changed; retry in {UNKNOWN_RETRY_SECS} s."
        ),
        retry_after_secs: UNKNOWN_RETRY_SECS,
    })
}

/// The deposits in `window` the index holds now (it is not brought up to date: see
/// [`bring_up_to_date`]).
pub async fn stored(db: &Db, chain: &Chain, window: Window) -> Result<Vec<Transfer>, Error> {
    let Window { lamports, from_secs, until_secs } = window;
    let amount = i64::try_from(lamports).map_err(Error::internal)?;
    let found = treasury::matching(db, &chain.treasury(), amount, from_secs, until_secs).await?;
    Ok(found
        .into_iter()
        .map(|f| Transfer {
            signature: f.signature,
            lamports: u64::try_from(f.amount_lamports).unwrap_or_default(),
            payer: f.payer,
            slot: u64::try_from(f.slot).unwrap_or_default(),
            block_time: f.block_time,
        })
        .collect())
}

/// Makes the index cover everything that landed before `since` (ms): walks under the lease, or
/// waits for the replica that holds it. False when the budget ran out before it did.
pub async fn bring_up_to_date(db: &Db, chain: &Chain, since: i64) -> Result<bool, Error> {
    let deadline = Instant::now() + chain.index_budget();
    let address = chain.treasury();
    treasury::open(db, &address).await?;
    loop {
        if covers(treasury::read(db, &address).await?.covered_at, since) {
            return Ok(true);
        }
        let owner = public_id();
        if treasury::take_lease(db, &address, &owner, now_ms() + LEASE_MS).await? {
            // A walk cut by the deadline keeps what it stored; the lease is given back either way.
            let walked = tokio::time::timeout_at(deadline, walk(db, chain, &owner, since)).await;
            treasury::release_lease(db, &address, &owner).await?;
            return walked.unwrap_or(Ok(false));
        }
        if Instant::now() >= deadline {
            return Ok(false);
        }
        tokio::time::sleep(POLL).await;
    }
}

/// Walks while holding the lease as `owner` until the index covers `since`, then reads again
/// the unread signatures that are due.
async fn walk(db: &Db, chain: &Chain, owner: &str, since: i64) -> Result<bool, Error> {
    let address = chain.treasury();
    let floor = floor_secs(db).await?;
    let mut at = treasury::read(db, &address).await?;
    while !covers(at.covered_at, since) {
        let listed_at = now_ms();
        let before = at.walk.as_ref().map(|w| w.before.clone());
        let page = chain.signatures(before.as_deref(), at.cursor.as_deref()).await?;
        let (entries, end) = above_floor(page, floor);
        for chunk in entries.chunks(CHUNK) {
            // What the node would not show is stored as unread with the rest: the walk goes on.
            let read = Batch::listed(chunk, chain.read_all(chunk).await);
            let next = walked_past(&at, chunk, listed_at);
            if !store(db, &address, owner, &next, &read).await? {
                return Ok(false);
            }
            at = next;
        }
        if end {
            let next = closed(&at, listed_at);
            if !store(db, &address, owner, &next, &Batch::default()).await? {
                return Ok(false);
            }
            at = next;
        }
    }
    read_unread_again(db, chain, owner, &at).await?;
    Ok(true)
}

/// Reads again the unread signatures that are due, and stores what they are (the index stays
/// where it is). Only after a walk: the node has just answered, so a failure now counts against
/// the signature, and an outage spends none of its tries.
async fn read_unread_again(db: &Db, chain: &Chain, owner: &str, at: &Cursor) -> Result<(), Error> {
    let address = chain.treasury();
    let due = treasury::due(db, &address, now_ms(), CHUNK).await?;
    if due.is_empty() {
        return Ok(());
    }
    let listed: Vec<Listed> = due.iter().map(unread::listed).collect();
    let reads = chain.read_all(&listed).await;
    store(db, &address, owner, at, &Batch::of(due.into_iter().zip(reads))).await?;
    Ok(())
}

/// Whether an index covering what landed before `covered_at` covers `since`. A moment ahead
/// of this clock was written before the clock stepped back (or by a replica whose clock is
/// ahead): it proves nothing, and a walk makes sure.
fn covers(covered_at: i64, since: i64) -> bool {
    covered_at >= since && covered_at <= now_ms()
}

/// The oldest block time (seconds) a walk reads down to.
async fn floor_secs(db: &Db) -> Result<i64, Error> {
    let now = now_ms();
    let oldest = treasury::oldest_payable_quote(db, now - quotes::RESERVED_AFTER_EXPIRY_MS).await?.unwrap_or(now);
    Ok(oldest.div_euclid(1000) - FLOOR_SLACK_SECS)
}

/// The entries of `page` down to the floor, and whether the walk ends with them (the page is
/// empty: the cursor is reached; or the floor is).
fn above_floor(page: Vec<Listed>, floor: i64) -> (Vec<Listed>, bool) {
    let listed = page.len();
    let kept: Vec<Listed> = page.into_iter().take_while(|e| e.block_time.is_none_or(|t| t >= floor)).collect();
    let end = listed == 0 || kept.len() < listed;
    (kept, end)
}

/// The index once `done` (a chunk of a page listed at `listed_at`, newest first) is stored.
fn walked_past(at: &Cursor, done: &[Listed], listed_at: i64) -> Cursor {
    let oldest = done.last().map(|e| e.signature.clone()).unwrap_or_default();
    let walk = match &at.walk {
        Some(walk) => Walk { before: oldest, ..walk.clone() },
        None => Walk { top: done[0].signature.clone(), before: oldest, opened_at: listed_at },
    };
    Cursor { walk: Some(walk), ..at.clone() }
}

/// The index once the walk met the cursor: the cursor moves to where the walk began, and what
/// landed before it began listing is covered. With no walk (nothing new), everything before
/// this listing is.
fn closed(at: &Cursor, listed_at: i64) -> Cursor {
    match &at.walk {
        Some(walk) => Cursor { cursor: Some(walk.top.clone()), walk: None, covered_at: walk.opened_at },
        None => Cursor { covered_at: listed_at, ..at.clone() },
    }
}

/// Stores what `read` found and moves the index to `to`, in one transaction, if `owner` still
/// holds the lease; false when it does not (nothing written).
async fn store(db: &Db, address: &str, owner: &str, to: &Cursor, read: &Batch) -> Result<bool, Error> {
    let mut tx = db.pool().begin().await?;
    if !treasury::advance_in(&mut tx, address, owner, to, now_ms() + LEASE_MS).await? {
        tx.rollback().await?;
        tracing::warn!("the treasury index's lease passed to another replica mid-walk");
        return Ok(false);
    }
    read.write_in(&mut tx, address).await?;
    tx.commit().await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(signature: &str, block_time: i64) -> Listed {
        Listed { signature: signature.into(), block_time: Some(block_time), succeeded: true }
    }

    #[test]
    fn a_walk_ends_at_an_empty_page_or_at_the_floor() {
        let (kept, end) = above_floor(vec![listed("c", 30), listed("b", 20)], 10);
        assert_eq!((kept.len(), end), (2, false), "a full page above the floor: the walk goes on");
        let (kept, end) = above_floor(vec![listed("c", 30), listed("b", 5), listed("a", 40)], 10);
        assert_eq!((kept.iter().map(|e| e.signature.as_str()).collect::<Vec<_>>(), end), (vec!["c"], true));
        assert_eq!(above_floor(Vec::new(), 10), (Vec::new(), true));
        let unknown_time = Listed { block_time: None, ..listed("x", 0) };
        assert_eq!(above_floor(vec![unknown_time], 10).0.len(), 1, "no block time: read it");
    }

    #[test]
    fn the_cursor_moves_only_when_the_walk_meets_it() {
        let start = Cursor { cursor: Some("old".into()), walk: None, covered_at: 1 };
        let first = walked_past(&start, &[listed("z", 9), listed("y", 8)], 100);
        let walk = Walk { top: "z".into(), before: "y".into(), opened_at: 100 };
        assert_eq!(first, Cursor { walk: Some(walk), ..start.clone() }, "the cursor stays; the walk is stored");
        let second = walked_past(&first, &[listed("x", 7)], 200);
        let walk = Walk { top: "z".into(), before: "x".into(), opened_at: 100 };
        assert_eq!(second.walk, Some(walk), "the walk keeps its top and when it began");
        assert_eq!(closed(&second, 300), Cursor { cursor: Some("z".into()), walk: None, covered_at: 100 });
        assert_eq!(closed(&start, 300), Cursor { covered_at: 300, ..start }, "nothing new: covered to now");
    }
}
