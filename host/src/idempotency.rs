//! `Idempotency-Key` records: a paid call carrying a key is executed and charged at most once
//! per key, whichever front end it comes through.
//!
//! The first call with a key claims a record (`running`); a repeat with the same fingerprint
//! (operation and body) gets the stored answer back, with a different one `Mismatch`, and while
//! the first still runs `InProgress`. Only successful answers are stored: an error changed
//! nothing (no charge, no state), so the record is released and the client may retry with the
//! same key once it has fixed the cause. Records are scoped to the API key and kept 48 hours.
//!
//! A claim is a [`Ticket`] with a token of its own: its holder renews the lease while the request
//! runs, and only the current token may complete or release the record, so a claim taken over
//! cannot overwrite its successor's answer. A record left `running` by a process that died is
//! taken over once its lease passes without renewal, and only when no payment of the request
//! that claimed it is held or taken: work that may yet be charged, or was, never runs a second
//! time (a taken payment without a stored answer is reported as such, `AnswerLost`).

use sha2::{Digest, Sha256};

use crate::error::Error;
pub use crate::store::idempotency::Stored;
use crate::store::idempotency::{self, ClaimTimes};
use crate::store::{Db, now_ms, public_id};

pub const HEADER: &str = "idempotency-key";
pub const REPLAYED_HEADER: &str = "idempotent-replayed";
/// How long a `running` record blocks repeats without renewal before it is presumed abandoned.
pub const LEASE_MS: i64 = 60 * 1000;
/// How often a running request renews its lease.
pub const RENEW_EVERY: std::time::Duration = std::time::Duration::from_secs(20);
/// How long records are kept (the promise is at least 24 hours).
pub const RETENTION_MS: i64 = 48 * 60 * 60 * 1000;

/// What a request with an idempotency key should do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// First time (or the old record expired or was abandoned): execute it under this ticket.
    Fresh(Ticket),
    /// Done before with the same request: answer this.
    Replay(Stored),
    /// The key was used for a different request.
    Mismatch,
    /// The same request is still running.
    InProgress,
    /// The same request was done and paid, but the process running it stopped before its
    /// answer was stored: it never runs again under this key.
    AnswerLost,
}

/// The fingerprint of a request: what it does (the operation, or for calls outside the
/// catalog the transport's method and path) and its body. Keyed by operation, a repeat through
/// another route or front end of the same operation is still recognised.
pub fn fingerprint(operation: &str, body: &[u8]) -> String {
    let mut hasher = Sha256::new();
    for part in [operation.as_bytes(), b"\n", body] {
        hasher.update(part);
    }
    hex::encode(hasher.finalize())
}

/// A claim on a record: what renews, completes or releases it, and only while it is the
/// record's current claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    pub key_id: i64,
    pub idem_key: String,
    token: String,
}

impl Ticket {
    /// Extends the lease; false once the claim was taken over or settled.
    pub async fn renew(&self, db: &Db) -> Result<bool, sqlx::Error> {
        idempotency::renew(db, self.key_id, &self.idem_key, &self.token, now_ms() + LEASE_MS).await
    }

    /// Stores the successful response; false (nothing stored) once the claim was taken over.
    pub async fn complete(&self, db: &Db, response: &Stored) -> Result<bool, sqlx::Error> {
        idempotency::complete(db, self.key_id, &self.idem_key, &self.token, response).await
    }

    /// Frees the key after a failure, so the client may retry with it; false once the claim was
    /// taken over.
    pub async fn release(&self, db: &Db) -> Result<bool, sqlx::Error> {
        idempotency::release(db, self.key_id, &self.idem_key, &self.token).await
    }
}

/// Who makes a call: the request (whose payments name it) and the process instance running it
/// (which, started again, ends its earlier run's claims at once).
#[derive(Clone, Copy, Debug)]
pub struct By<'a> {
    pub request: &'a str,
    pub holder: &'a str,
}

/// Claims `idem_key` for the request `hash` of key `key_id`, made `by` a request of a process.
pub async fn claim(db: &Db, key_id: i64, idem_key: &str, hash: &str, by: By<'_>) -> Result<Claim, sqlx::Error> {
    let now = now_ms();
    let times = ClaimTimes { now, locked_until: now + LEASE_MS, expired_before: now - RETENTION_MS };
    let token = public_id();
    if idempotency::take(db, key_id, idem_key, hash, (&token, by.request, by.holder), &times).await? {
        return Ok(Claim::Fresh(Ticket { key_id, idem_key: idem_key.to_string(), token }));
    }
    // Released between our insert and our read: the slot is free, so claim it again.
    let Some(record) = idempotency::get(db, key_id, idem_key, now).await? else {
        return Box::pin(claim(db, key_id, idem_key, hash, by)).await;
    };
    Ok(if record.request_hash != hash {
        Claim::Mismatch
    } else {
        match record.response {
            None if record.answer_lost => Claim::AnswerLost,
            None => Claim::InProgress,
            Some(stored) => Claim::Replay(stored),
        }
    })
}

/// How a call with an idempotency key goes on: run it under the ticket, or answer what it
/// answered before.
pub enum Begun {
    Fresh(Ticket),
    Replay(Stored),
}

/// Checks `idem_key` and claims it for the call `hash` of key `key_id` (made `by`); a key used
/// for another call, or a call still running, is the error every front end answers.
pub async fn begin(db: &Db, key_id: i64, idem_key: &str, hash: &str, by: By<'_>) -> Result<Begun, Error> {
    if !valid_key(idem_key) {
        return Err(Error::bad_request(
            "invalid_idempotency_key",
            "An idempotency key must be 1 to 255 visible ASCII characters.",
        ));
    }
    let reused = Error::Unprocessable {
        code: "idempotency_key_reused",
        message: "This idempotency key was already used for a different request.".into(),
    };
    begun(claim(db, key_id, idem_key, hash, by).await?, reused)
}

/// The record an x402 payment identifier (the `payment-identifier` extension) claims: its own
/// namespace beside `Idempotency-Key`s, of the calling key (a keyless payer's: its wallet's
/// principal, as its payments are).
pub fn payment_record(payment_id: &str) -> String {
    format!("x402-payment-identifier:{payment_id}")
}

/// Checks x402 payment identifier `payment_id` and claims its record for the call `hash` (made
/// of the request and the payment payload): the same payment sent again gets the stored answer,
/// settled once; the identifier sent with another payload or request is 409, as the extension
/// says.
pub async fn begin_paid(db: &Db, key_id: i64, payment_id: &str, hash: &str, by: By<'_>) -> Result<Begun, Error> {
    if !valid_payment_id(payment_id) {
        return Err(Error::bad_request(
            "invalid_payment_identifier",
            "A payment identifier must be 16 to 128 letters, digits, hyphens or underscores.",
        ));
    }
    let reused = Error::Conflict {
        code: "payment_identifier_reused",
        message: "This payment identifier was already used with a different payment or request.".into(),
    };
    begun(claim(db, key_id, &payment_record(payment_id), hash, by).await?, reused)
}

/// What a claim means for the call: run it, answer the stored answer, or the error to answer
/// (`reused` for a record claimed by another request).
fn begun(claim: Claim, reused: Error) -> Result<Begun, Error> {
    match claim {
        Claim::Fresh(ticket) => Ok(Begun::Fresh(ticket)),
        Claim::Replay(stored) => Ok(Begun::Replay(stored)),
        Claim::Mismatch => Err(reused),
        Claim::InProgress => Err(Error::Conflict {
            code: "idempotency_in_progress",
            message: "A request with this idempotency key is still running; retry shortly.".into(),
        }),
        Claim::AnswerLost => Err(Error::Conflict {
            code: "idempotency_answer_lost",
            message: "The request with this idempotency key was done and paid once, but the server running it \
                      stopped before its answer was recorded; it will not run again under this key."
                .into(),
        }),
    }
}

/// Renews `ticket`'s lease every [`RENEW_EVERY`] until aborted or the claim is lost, so a slow
/// call is never taken over and run twice.
pub async fn keep_renewed(db: Db, ticket: Ticket) {
    let mut every = tokio::time::interval(RENEW_EVERY);
    every.tick().await;
    loop {
        every.tick().await;
        match ticket.renew(&db).await {
            Ok(true) => {}
            Ok(false) => return,
            Err(e) => tracing::warn!(error = %e, "could not renew the idempotency lease"),
        }
    }
}

/// Records how a claimed call ended: its answer when it succeeded, else the key freed.
pub async fn finish(db: &Db, ticket: &Ticket, answer: Option<&Stored>) {
    let recorded = match answer {
        Some(stored) => ticket.complete(db, stored).await,
        None => ticket.release(db).await,
    };
    match recorded {
        Ok(true) => {}
        Ok(false) => tracing::warn!("the idempotency claim was taken over; this outcome is not recorded"),
        Err(e) => tracing::error!(error = %e, "could not record the idempotent outcome"),
    }
}

/// Deletes records past their retention.
pub async fn purge(db: &Db) -> Result<u64, sqlx::Error> {
    idempotency::purge(db, now_ms() - RETENTION_MS, now_ms()).await
}

/// Whether `id` is a payment identifier as the extension defines it: 16 to 128 of
/// `[A-Za-z0-9_-]`.
pub fn valid_payment_id(id: &str) -> bool {
    (16..=128).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Whether `key` is usable as an idempotency key: 1 to 255 visible ASCII characters.
pub fn valid_key(key: &str) -> bool {
    (1..=255).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic())
}
