//! The x402 rail: per-call payment in USDC (the `exact` scheme, an EIP-3009
//! `transferWithAuthorization` the payer signed). Authorizing checks the payment against the
//! price — here first, then with the facilitator — and records it under its unique (network,
//! payer, nonce) before any work; settling moves the money after the work succeeded and before
//! its result is stored or shown; releasing (the work failed) moves nothing. Protocol
//! versions 1 and 2 differ only on the wire (`wire`); the facilitator is `facilitator`.

pub mod facilitator;
pub mod wire;

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serde_json::Value;
use sqlx::AnyConnection;

use self::facilitator::{Facilitator, Failure, Settled};
use self::wire::{Network, Offer, Presented, Terms};
use super::Price;
use crate::config::Settings;
use crate::error::Error;
use crate::store::x402::Standing;
use crate::store::{Db, intents, now_ms, x402 as payments};

/// Seconds a synchronous call's payment must stay valid: the work plus settling.
const SYNC_TIMEOUT_SECS: u64 = 300;
/// Seconds a job's payment must stay valid: queueing, up to three attempts, settling.
const JOB_TIMEOUT_SECS: u64 = 1800;
/// How much of a route's `maxTimeoutSeconds` an authorization may have spent before it is
/// checked: clients sign it valid for exactly that long, then send it.
const VALIDITY_SLACK_SECS: u64 = 60;

/// The service's side of x402: where payments go, on which network, checked by which
/// facilitator. Present only when the operator set a receiving address.
pub struct X402 {
    pub network: &'static Network,
    pub pay_to: String,
    facilitator: Facilitator,
}

/// A payment presented with one call, and what became of it.
pub struct Payment {
    pub rail: Arc<X402>,
    pub presented: Presented,
    /// The full URL the call was made to (the requirements' `resource`).
    pub resource: String,
    /// The settlement once it is made; the HTTP front end answers it in `PAYMENT-RESPONSE`.
    pub receipt: OnceLock<Settled>,
    /// Set when the settlement went unanswered: the id of the payment, whose outcome the
    /// caller is told to read.
    pub pending: OnceLock<String>,
    /// The requirements the facilitator verified this payment against, so a call that checks
    /// it early (before any work) and again when it pays asks the facilitator once.
    pub verified: OnceLock<Value>,
}

impl std::fmt::Debug for Payment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Payment").field("payer", &self.presented.payer()).field("resource", &self.resource).finish()
    }
}

impl X402 {
    /// The rail the settings describe; `None` when no receiving address is set (x402 off).
    pub fn from_settings(settings: &Settings) -> Result<Option<Arc<X402>>, String> {
        let Some(pay_to) = settings.x402_pay_to.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
            return Ok(None);
        };
        let network = wire::network(&settings.x402_network).ok_or_else(|| {
            let known: Vec<&str> = wire::NETWORKS.iter().map(|n| n.name).collect();
            format!("x402 network `{}` is not one of {}", settings.x402_network, known.join(", "))
        })?;
        if !(pay_to.len() == 42 && pay_to.starts_with("0x") && pay_to[2..].bytes().all(|b| b.is_ascii_hexdigit())) {
            return Err(format!("x402 pay-to `{pay_to}` is not a 0x-prefixed 20-byte address"));
        }
        let timeout = Duration::from_secs(settings.x402_timeout_secs.max(1));
        let facilitator =
            Facilitator::new(&settings.x402_facilitator_url, settings.x402_facilitator_key.clone(), timeout)?;
        Ok(Some(Arc::new(X402 { network, pay_to: pay_to.to_string(), facilitator })))
    }

    /// How this rail takes payment, as the menu lists it.
    pub fn payment_method(&self) -> crate::catalog::PaymentMethod {
        crate::catalog::PaymentMethod {
            method: "x402",
            network: Some(self.network.name),
            caip2: Some(self.network.caip2),
            asset: Some(self.network.usdc),
            pay_to: Some(self.pay_to.clone()),
            scheme: Some("exact"),
            versions: vec![1, 2],
            how: "USDC per call: answer the 402 with `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1); no key needed",
        }
    }

    pub fn terms(&self) -> Terms<'_> {
        Terms { network: self.network, pay_to: &self.pay_to }
    }

    /// `price` in USDC atomic units (6 decimals); `None` when it has no USD amount.
    pub fn amount(price: Price) -> Option<u64> {
        price.usd_cents.map(|cents| u64::from(cents) * crate::catalog::USDC_ATOMIC_PER_CENT)
    }

    /// The v2 `exact` requirements a call to `resource` at `price` is answered in its 402 (what
    /// estimates and the discovery manifest show); `None` when the price has no USD amount.
    pub fn requirements(&self, price: Price, resource: &str) -> Option<serde_json::Value> {
        Some(self.terms().requirements(2, &X402::offer(price, resource)?))
    }

    /// What a call to `resource` at `price` asks for; `None` when the price has no USD amount.
    pub fn offer(price: Price, resource: &str) -> Option<Offer> {
        let amount = X402::amount(price)?;
        let service = crate::catalog::service(price.operation);
        let description = service.map_or_else(|| price.operation.replace('-', " "), |s| s.description.to_string());
        let asynchronous = service.is_some_and(|s| s.asynchronous);
        Some(Offer {
            amount,
            resource: resource.to_string(),
            description,
            mime_type: "application/json",
            max_timeout_seconds: if asynchronous { JOB_TIMEOUT_SECS } else { SYNC_TIMEOUT_SECS },
        })
    }

    /// Verifies a payment presented for `operation` before anything is done for it (no input
    /// fetched, no payer recorded): against the amount it carries, which the price is checked
    /// against once the call knows it (a kind that costs more), asking the facilitator again
    /// only if they differ. An operation without a USD price is left to the call.
    pub async fn verify_presented(&self, payment: &Payment, operation: &'static str) -> Result<(), Error> {
        let Some(service) = crate::catalog::service(operation).filter(|s| s.x402 && s.credits.is_some()) else {
            return Ok(());
        };
        let price = crate::catalog::price(service.id);
        let per_cent = crate::catalog::USDC_ATOMIC_PER_CENT;
        let carried = payment.presented.authorization.value.parse::<u64>().ok().filter(|v| v % per_cent == 0);
        let usd_cents = carried.and_then(|v| u32::try_from(v / per_cent).ok()).filter(|c| *c > 0);
        let carried = Price { usd_cents: usd_cents.or(price.usd_cents), ..price };
        // A refusal asks for the operation's own price, not whatever amount was sent.
        self.verify(payment, carried).await.map(drop).map_err(|refused| match refused {
            Error::PaymentRequired { code, message, reason, .. } => {
                Error::PaymentRequired { code, message, reason, price }
            }
            other => other,
        })
    }

    /// Checks that `payment` pays `price` exactly, here and then with the facilitator; answers
    /// the requirements it was checked against. Nothing is recorded yet.
    pub async fn verify(&self, payment: &Payment, price: Price) -> Result<Value, Error> {
        let refuse = |reason: &str, message: String| Error::PaymentRequired {
            code: "payment_invalid",
            message,
            reason: Some(reason.to_string()),
            price,
        };
        let offer = X402::offer(price, &payment.resource)
            .ok_or_else(|| Error::internal(format!("{} has no USD price", price.operation)))?;
        let presented = &payment.presented;
        let requirements = self.terms().requirements(presented.version, &offer);
        if payment.verified.get() == Some(&requirements) {
            return Ok(requirements);
        }
        self.check_terms(presented, &offer).map_err(|(reason, message)| refuse(reason, message))?;
        let verified = self
            .facilitator
            .verify(presented.version, &presented.raw, &requirements)
            .await
            .map_err(|f| outage(&f, "verify"))?;
        if !verified.is_valid {
            let reason = verified.invalid_reason.unwrap_or_else(|| "invalid_payment".into());
            return Err(refuse(&reason, format!("The facilitator refused the payment: {reason}.")));
        }
        if verified.payer.as_deref().is_some_and(|p| !p.eq_ignore_ascii_case(&presented.authorization.from)) {
            return Err(refuse("invalid_payer", "The facilitator verified a different payer.".into()));
        }
        let _ = payment.verified.set(requirements.clone());
        Ok(requirements)
    }

    /// Checks here what a payment says against what this rail takes for `offer`: the scheme,
    /// the network, the recipient, the exact amount, a validity that outlives the work, and the
    /// asset; answers the x402 reason and a message for the first thing wrong.
    fn check_terms(&self, presented: &Presented, offer: &Offer) -> Result<(), (&'static str, String)> {
        if presented.scheme != "exact" {
            return Err((
                "unsupported_scheme",
                format!("Only the `exact` scheme is accepted, not `{}`.", presented.scheme),
            ));
        }
        let named = if presented.version == 1 { self.network.name } else { self.network.caip2 };
        if presented.network != named {
            return Err(("network_mismatch", format!("Payments are taken on `{named}`, not `{}`.", presented.network)));
        }
        let authorization = &presented.authorization;
        if !authorization.to.eq_ignore_ascii_case(&self.pay_to) {
            return Err((
                "invalid_exact_evm_payload_recipient_mismatch",
                format!("The payment must go to {}.", self.pay_to),
            ));
        }
        if authorization.value != offer.amount.to_string() {
            return Err((
                "invalid_exact_evm_payload_authorization_value_mismatch",
                format!("This call costs exactly {} USDC atomic units, not {}.", offer.amount, authorization.value),
            ));
        }
        let now = u64::try_from(now_ms() / 1000).unwrap_or(0);
        let (after, before) = (
            authorization.valid_after.parse::<u64>().unwrap_or(u64::MAX),
            authorization.valid_before.parse::<u64>().unwrap_or(0),
        );
        // It must outlive the work it pays for, or the payer could let it lapse before the
        // settlement and have the work for nothing.
        let needed = offer.max_timeout_seconds.saturating_sub(VALIDITY_SLACK_SECS);
        if before < now.saturating_add(needed) {
            return Err((
                "invalid_exact_evm_payload_authorization_valid_before",
                format!(
                    "The authorization must stay valid until the work is done and settled: validBefore at least \
                     now + {} s (this route's maxTimeoutSeconds, less {VALIDITY_SLACK_SECS} s for signing and \
                     sending), not {} s from now.",
                    offer.max_timeout_seconds,
                    i128::from(before) - i128::from(now)
                ),
            ));
        }
        if after > now {
            return Err((
                "invalid_exact_evm_payload_authorization_valid_after",
                "The authorization is not valid yet.".into(),
            ));
        }
        if let Some(accepted) = &presented.accepted {
            let asset = accepted["asset"].as_str().unwrap_or_default();
            if !asset.eq_ignore_ascii_case(self.network.usdc) {
                return Err(("invalid_exact_evm_payload_asset", format!("Pay in USDC ({}).", self.network.usdc)));
            }
        }
        Ok(())
    }

    /// Records a verified payment before any work, inside the caller's transaction: a payment
    /// offered before (here or on another replica) is refused. Answers the payment's id.
    pub async fn record_in(
        &self,
        conn: &mut AnyConnection,
        payment: &Payment,
        requirements: &Value,
        price: Price,
        key_id: i64,
        job_id: Option<&str>,
    ) -> Result<String, Error> {
        let presented = &payment.presented;
        let amount = X402::amount(price).unwrap_or(0);
        let new = payments::NewPayment {
            network: self.network.caip2,
            payer: &presented.payer(),
            nonce: &presented.nonce(),
            amount: i64::try_from(amount).map_err(Error::internal)?,
            pay_to: &self.pay_to,
            key_id,
            operation: price.operation,
            resource: &payment.resource,
            job_id,
            version: presented.version,
            payload: &presented.raw.to_string(),
            requirements: &requirements.to_string(),
        };
        payments::insert_in(conn, &new).await?.ok_or_else(|| Error::Conflict {
            code: "payment_already_used",
            message: "This payment was offered before and runs its work once; sign a new payment for a new call."
                .into(),
        })
    }

    /// Settles recorded payment `id`, held by intent `intent`: after the work succeeded and
    /// before its result is stored. Idempotent: a payment settled before answers its receipt,
    /// one left `settling` (its outcome unknown) is sent again. A refusal (including HTTP 200
    /// with `success: false`) moved nothing: the payment fails, the intent is released and the
    /// caller drops the result. No answer (a timeout, a 5xx) is not a refusal: the money may
    /// have moved, so the work keeps its result ([`Settlement::Pending`]) and [`X402::reconcile`]
    /// asks again until the facilitator says.
    pub async fn settle(&self, db: &Db, id: &str, intent: &str, price: Price) -> Result<Settlement, Error> {
        let mut tx = db.pool().begin().await?;
        // The reaper must not release a payment while it settles.
        if !intents::hold_for_settlement_in(&mut tx, intent).await? {
            tx.rollback().await?;
            return Err(Error::Unavailable {
                message: "The work took too long and was not charged; retrying is safe.",
            });
        }
        let standing = payments::begin_settle_in(&mut tx, id).await?;
        tx.commit().await?;
        let (sending, resumed) = match standing {
            Some(Standing::Fresh(sending)) => (sending, false),
            Some(Standing::Resumed(sending)) => (sending, true),
            Some(Standing::Settled(transaction)) => return Ok(Settlement::Settled(self.receipt(transaction))),
            Some(Standing::Closed(state)) => {
                return Err(Error::internal(format!("x402 payment {id} is {state}, not waiting to be settled")));
            }
            None => return Err(Error::internal(format!("no x402 payment {id}"))),
        };
        match self.send(db, id, Some(intent), &sending, resumed).await? {
            Concluded::Settled(settled) => Ok(Settlement::Settled(settled)),
            Concluded::Unknown => Ok(Settlement::Pending),
            Concluded::Refused(reason) => Err(Error::PaymentRequired {
                code: "payment_failed",
                message: format!(
                    "The payment could not be settled ({reason}); nothing was charged and the result was not kept."
                ),
                reason: Some(reason),
                price,
            }),
        }
    }

    /// Asks the facilitator again about the payments left `settling` whose last settlement
    /// went out longer ago than it may take: each ends settled (its intent's work kept) or
    /// failed (its intent released, if its work did not keep a result). Returns how many ended.
    pub async fn reconcile(&self, db: &Db) -> Result<usize, Error> {
        let sent_before = now_ms() - self.facilitator.patience_ms();
        let mut ended = 0;
        for (id, intent) in payments::unsettled(db, sent_before).await? {
            let mut tx = db.pool().begin().await?;
            let Some(sending) = payments::resume_stale_in(&mut tx, &id, sent_before).await? else { continue };
            tx.commit().await?;
            match self.send(db, &id, intent.as_deref(), &sending, true).await? {
                Concluded::Unknown => {}
                Concluded::Settled(_) => ended += 1,
                Concluded::Refused(reason) => {
                    tracing::warn!(payment = id, reason, "a settlement whose outcome was unknown was refused");
                    ended += 1;
                }
            }
        }
        Ok(ended)
    }

    /// Sends `sending` (payment `id`, held by `intent`) to the facilitator and records what
    /// became of it. `resumed`: it was sent before without an answer, so "this authorization
    /// was used" means our earlier settlement moved the money.
    async fn send(
        &self,
        db: &Db,
        id: &str,
        intent: Option<&str>,
        sending: &payments::ToSettle,
        resumed: bool,
    ) -> Result<Concluded, Error> {
        let parse = |text: &str| serde_json::from_str::<Value>(text).map_err(Error::internal);
        let (payload, requirements) = (parse(&sending.payload)?, parse(&sending.requirements)?);
        let outcome = self.facilitator.settle(sending.version, &payload, &requirements).await;
        let concluded = match outcome {
            Ok(settled) if settled.success && !settled.transaction.is_empty() => Concluded::Settled(settled),
            Ok(settled) => {
                let reason = settled.error_reason.unwrap_or_else(|| "settle_failed".into());
                if resumed && facilitator::means_used(&reason) {
                    Concluded::Settled(self.receipt(String::new()))
                } else {
                    Concluded::Refused(reason)
                }
            }
            Err(failure) => {
                tracing::warn!(?failure, payment = id, "x402 settlement unanswered; its outcome is asked again later");
                Concluded::Unknown
            }
        };
        match &concluded {
            Concluded::Settled(settled) => payments::finish_settle(db, id, Ok(&settled.transaction)).await?,
            Concluded::Refused(reason) => {
                payments::finish_settle(db, id, Err(reason)).await?;
                if let Some(intent) = intent {
                    super::release(db, intent, "the x402 payment was not settled").await;
                }
            }
            Concluded::Unknown => {}
        }
        Ok(concluded)
    }

    /// A receipt for a settlement this service knows of only by its stored transaction.
    fn receipt(&self, transaction: String) -> Settled {
        Settled { success: true, error_reason: None, payer: None, transaction, network: self.network.caip2.to_string() }
    }
}

/// What a settlement came to.
#[derive(Debug)]
pub enum Settlement {
    /// The money moved.
    Settled(Settled),
    /// The facilitator did not answer: the money may have moved. The work keeps its result;
    /// the payment stays `settling` until the reconciler knows.
    Pending,
}

/// What one request to settle came to, once recorded.
enum Concluded {
    Settled(Settled),
    Refused(String),
    Unknown,
}

/// The error a facilitator outage answers: 503 for no answer, 502 for a broken one.
fn outage(failure: &Failure, step: &str) -> Error {
    tracing::warn!(?failure, step, "x402 facilitator failed");
    match failure {
        Failure::Timeout => Error::Unavailable {
            message: "The payment facilitator did not answer; nothing was charged. Retrying is safe.",
        },
        Failure::Broken(_) => Error::BadGateway {
            code: "facilitator_error",
            message: "The payment facilitator failed; nothing was charged. Retrying is safe.".into(),
        },
    }
}
