//! The credit ledger: the credits rail of the payment seam (`billing`).
//!
//! Its queries, and why a charge can neither overdraw nor be refunded twice, live in
//! `store::credits`; here are the whole-transaction forms (grant, charge, refund) and how a
//! refused charge reads to callers.

use crate::store::Db;
pub use crate::store::credits::{
    Charge, CreditError, LedgerEntry, balance, charge_in, grant_in, grant_paid_in, ledger, refund_in,
};

impl From<CreditError> for crate::error::Error {
    fn from(err: CreditError) -> Self {
        match err {
            CreditError::Insufficient { needed, balance } => Self::InsufficientCredits { needed, balance, price: None },
            CreditError::Db(e) => e.into(),
        }
    }
}

/// Adds `amount` credits to a key; returns the new balance.
pub async fn grant(db: &Db, key_id: i64, amount: i64, reason: &str) -> Result<i64, sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    let balance = grant_in(&mut tx, key_id, amount, reason).await?;
    tx.commit().await?;
    Ok(balance)
}

/// Takes `cost` credits for the work named by `reason` and `reference` (a request or job id),
/// or fails with [`CreditError::Insufficient`] having changed nothing.
pub async fn charge(db: &Db, key_id: i64, cost: i64, reason: &str, reference: &str) -> Result<Charge, CreditError> {
    let mut tx = db.pool().begin().await?;
    match charge_in(&mut tx, key_id, cost, reason, reference).await {
        Ok(charge) => {
            tx.commit().await?;
            Ok(charge)
        }
        Err(CreditError::Insufficient { needed, .. }) => {
            tx.rollback().await?;
            Err(CreditError::Insufficient { needed, balance: balance(db, key_id).await? })
        }
        Err(e) => Err(e),
    }
}

/// Returns a charge's credits. True when this call refunded it, false when it already was.
pub async fn refund(db: &Db, charge: &Charge, reason: &str) -> Result<bool, sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    if !refund_in(&mut tx, charge, reason).await? {
        tx.rollback().await?;
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}
