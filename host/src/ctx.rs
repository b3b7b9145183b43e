//! What an operation runs with: the protocol-neutral [`Services`] (database, plugins, settings,
//! outbound clients, detached work) and a [`Ctx`] per call (those services, who is calling, how
//! they pay, where public links point, the request id). Front ends build a `Ctx` from their
//! protocol — HTTP headers, an MCP request, a bot update — and call the same operations.

use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use crate::auth::Caller;
use crate::auth::page_token::PageTokens;
use crate::billing::sol::SolPrice;
use crate::billing::sol::chain::Chain;
use crate::billing::stripe::Stripe;
use crate::billing::{Payer, X402};
use crate::blobs::BlobStore;
use crate::config::Settings;
use crate::cpu::CpuPool;
pub use crate::detached::Detached;
use crate::limiter::Limiter;
use crate::media::{speech, transcribe::Transcriber};
use crate::net::Guard;
use crate::plugins::Registry;
use crate::seal::Sealer;
use crate::store::Db;
use crate::telegram::ServiceBot;

/// The services every operation shares; cheap to clone. `compose::services` builds them.
#[derive(Clone)]
pub struct Services {
    pub db: Db,
    pub plugins: Arc<Registry>,
    pub settings: Arc<Settings>,
    /// Where large binaries live: videos, voice tracks, recordings, pictures.
    pub blobs: Arc<dyn BlobStore>,
    /// Rate-limit counters, shared by every front end (groups are keyed by operation).
    pub limiter: Arc<Limiter>,
    /// The SSRF guard user-given URLs are fetched through, with the operator's exceptions.
    pub guard: Arc<Guard>,
    /// The proxies whose `X-Forwarded-For` names the client (per-address limits).
    pub proxies: Arc<[crate::net::Network]>,
    /// Who speaks: the operator's speech endpoint, when one is configured, and the embedded
    /// neural voice, when it loaded (espeak-ng otherwise).
    pub speech: Arc<speech::Voices>,
    /// The operator's transcription endpoint, when one is configured.
    pub transcriber: Option<Arc<Transcriber>>,
    /// The embedded speech recogniser, when the setup fetched it: captions for recordings.
    pub recogniser: Option<Arc<crate::media::whisper::Recogniser>>,
    /// Where pictures are drawn, videos encoded and audio decoded: bounded, each under a budget.
    pub renders: CpuPool,
    /// Paid work that outlives the call that started it; `serve` drains it before exiting.
    pub detached: Detached,
    /// Per-call USDC payments, when the operator set a receiving address.
    pub x402: Option<Arc<X402>>,
    /// Card payments for credit packs, when the operator set a Stripe key.
    pub stripe: Option<Arc<Stripe>>,
    /// The SOL/USD rate asset quotes are priced at.
    pub sol_price: Arc<SolPrice>,
    /// The treasury's deposits on chain, when a treasury is set.
    pub sol_chain: Option<Arc<Chain>>,
    /// The service's Telegram bot, when configured.
    pub telegram: Option<Arc<ServiceBot>>,
    /// What seals secrets at rest, when the operator gave a key.
    pub sealer: Option<Arc<Sealer>>,
    /// What signs and checks the tokens served pitch pages report their activity with.
    pub page_tokens: Arc<PageTokens>,
    /// What signs the state MCP clients carry between the rounds of one request.
    pub request_states: Arc<crate::auth::request_state::RequestStates>,
}

/// One call of an operation: the services, the caller, how the call is paid, the public base
/// URL for links, and the request id (the reference of any charge).
#[derive(Clone)]
pub struct Ctx {
    pub services: Services,
    pub caller: Caller,
    pub payer: Payer,
    /// Where public links point, without a trailing slash.
    pub base_url: String,
    pub request_id: String,
    /// The token a keyless caller reads its job with, when it sent one.
    pub job_token: Option<String>,
}

impl Ctx {
    /// A call by `caller`, paid with the key's credits.
    pub fn new(services: Services, caller: Caller, base_url: String, request_id: String) -> Ctx {
        let payer = Payer::Credits { key_id: caller.key_id };
        Ctx { services, caller, payer, base_url, request_id, job_token: None }
    }
}

impl Deref for Ctx {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.services
    }
}

/// What paying needs of a call (billing names no `Ctx`).
impl crate::billing::Call for Ctx {
    fn db(&self) -> &Db {
        &self.services.db
    }

    fn payer(&self) -> &Payer {
        &self.payer
    }

    fn detached(&self) -> &Detached {
        &self.services.detached
    }

    fn request_id(&self) -> &str {
        &self.request_id
    }

    fn hold_for(&self) -> Duration {
        Duration::from_secs(self.services.settings.payment_hold_secs)
    }
}
