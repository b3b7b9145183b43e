//! Asset jobs: create (within the key's bound of open quotes; the free preview, then a 24-hour
//! quote of a lamport amount no other open quote holds, in the transaction that records the
//! job), read (the database only), check (the treasury's deposit index brought up to date,
//! then the job's deposit looked up; a match is claimed once, ever, and starts the render),
//! and the job's webhook delivery log and replay.
//!
//! Statuses: `AWAITING_PAYMENT` (the quote is open), `PAID` (a deposit is claimed and the MP4 is
//! being rendered; a check waits up to 20 s for it), `DELIVERED` (`mp4Url` is set),
//! `RENDER_FAILED` (the render failed; the payment stays bound and the next check renders
//! again) and `EXPIRED` (the quote lapsed with no deposit: create a new job).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::delivery;
pub use super::view::{AssetJobView, QuoteView, event_payload, status, view};
use crate::aspect::Aspect;
use crate::billing::sol::index::Window;
use crate::billing::sol::{self, Claim, Claimant, PaymentView, SolRail, chain::Transfer, open_quote_in};
use crate::callbacks::{self, WebhookRegistration};
use crate::ctx::Ctx;
use crate::dates::iso8601;
use crate::error::Error;
use crate::events::{self, Delivery};
use crate::memes::{self, INPUT, MemeRequest};
use crate::store::assets::{self as rows, AssetJob, State};
use crate::store::changes::read_until_changed;
use crate::store::{invites, now_ms, public_id, quotes};

/// How long a check waits for the render it started (or found running) before answering.
const CHECK_WAITS: Duration = Duration::from_secs(20);

/// Body of `POST /api/agent/asset/jobs`.
#[derive(Debug, Default, Clone, Deserialize, ToSchema, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssetJobRequest {
    /// An idea, a product or a URL, at most 2000 characters.
    #[schema(required = true, example = "A meal-planning app for busy parents")]
    pub input: Option<String>,
    /// One of pricing's `formats`; `single-meme` when absent.
    #[schema(example = "slideshow")]
    pub format: Option<String>,
    /// A public http(s) URL the `job.delivered` and `job.failed` events are POSTed to.
    pub callback_url: Option<String>,
    /// The HMAC key of the events' signatures, 16 to 256 printable characters; generated (and
    /// returned once) when a `callbackUrl` comes without one.
    pub webhook_secret: Option<String>,
    /// The preview's language (a code, English or native name); English when absent.
    pub language: Option<String>,
    /// The video's shape: `9:16` (the default), `1:1`, `4:5` or `16:9`, each composed for itself.
    #[schema(schema_with = crate::mp4::aspect_schema)]
    pub aspect: Option<String>,
}

/// The answer of `POST /api/agent/asset/jobs`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    pub success: bool,
    pub job: AssetJobView,
    pub payment: PaymentView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webhook: Option<WebhookRegistration>,
    /// What to do next.
    pub next: String,
}

/// The answer of `GET /api/agent/asset/jobs/{id}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Read {
    pub success: bool,
    pub job: AssetJobView,
}

/// The answer of `POST /api/agent/asset/jobs/{id}/check`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Checked {
    pub success: bool,
    /// Whether a matching deposit is claimed for the job.
    pub paid: bool,
    pub job: AssetJobView,
    /// What to do next.
    pub next: String,
}

/// The answer of `GET /api/agent/asset/jobs/{id}/deliveries`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deliveries {
    pub success: bool,
    pub job_id: String,
    /// Every attempt, oldest first.
    pub deliveries: Vec<Delivery>,
}

/// The answer of `POST /api/agent/asset/jobs/{id}/deliveries/replay`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Replayed {
    pub success: bool,
    pub job_id: String,
    /// Events sent again (each keeps its `webhook-id`).
    pub replayed: usize,
}

/// An asset job request checked as the route checks it before anything is made or quoted, with
/// the SOL rail it is paid on and its price at the live rate.
struct Asked {
    rail: SolRail,
    input: String,
    format: &'static super::Format,
    language: &'static crate::languages::Language,
    webhook: Option<WebhookRegistration>,
    base_lamports: u64,
    aspect: Aspect,
}

async fn asked(ctx: &Ctx, request: AssetJobRequest) -> Result<Asked, Error> {
    let rail = super::sol_rail(ctx)?;
    let input = request.input.unwrap_or_default();
    let format = checked(&input, request.format.as_deref())?;
    let language = crate::languages::resolve(request.language.as_deref())?;
    let aspect = crate::mp4::aspect_of(request.aspect.as_deref())?;
    let webhook = callbacks::register(&ctx.guard, request.callback_url, request.webhook_secret).await?;
    let base_lamports = rail.rate().await?.lamports(super::cents());
    Ok(Asked { rail, input, format, language, webhook, base_lamports, aspect })
}

/// What the asset `request` would cost in lamports at the live rate (its quote adds a unique
/// few), refused as [`create`] refuses its body; nothing is made or quoted.
pub async fn quote(ctx: &Ctx, request: AssetJobRequest) -> Result<u64, Error> {
    Ok(asked(ctx, request).await?.base_lamports)
}

/// Creates a job: validates everything, makes the free preview, opens the quote.
pub async fn create(ctx: &Ctx, request: AssetJobRequest) -> Result<Created, Error> {
    let Asked { rail, input, format, language, webhook, base_lamports, aspect } = asked(ctx, request).await?;
    // Refused before the preview is made: a refusal writes nothing.
    let mut conn = ctx.db.pool().acquire().await?;
    sol::within_open_quotes_in(&mut conn, ctx.caller.key_id, rail.open_quotes_per_key).await?;
    drop(conn);
    sol::ensure_amount_free(&ctx.db, base_lamports).await?;

    let preview = MemeRequest {
        input: Some(input.clone()),
        language: Some(language.code.into()),
        kind: Some(format.meme_kind.into()),
        ..MemeRequest::default()
    };
    let (preview_id, _) = memes::preview(ctx, preview).await?;
    let id = format!("asset_{}", public_id());
    let mut tx = ctx.db.pool().begin().await?;
    // Counted again under the key's row lock, so concurrent creates of one key pass one by one.
    invites::lock_key_in(&mut tx, ctx.caller.key_id).await?;
    sol::within_open_quotes_in(&mut tx, ctx.caller.key_id, rail.open_quotes_per_key).await?;
    let quote = open_quote_in(&mut tx, &id, base_lamports, super::QUOTE_TTL_MS as i64).await?;
    rows::insert_in(
        &mut tx,
        &rows::NewAssetJob {
            id: &id,
            key_id: ctx.caller.key_id,
            format: format.id,
            input: input.trim(),
            language: language.code,
            base_url: &ctx.base_url,
            preview_id: &preview_id,
            amount_lamports: i64::try_from(quote.amount_lamports).map_err(Error::internal)?,
            expires_at: quote.expires_at_ms,
            callback_url: webhook.as_ref().map(|w| w.callback_url.as_str()),
            webhook_secret: webhook.as_ref().map(|w| w.webhook_secret.as_str()),
            aspect,
        },
    )
    .await?;
    // Its render is written now, waiting in the queue for the payment the quote asks for.
    delivery::await_payment_in(&mut tx, &id, ctx.caller.key_id).await?;
    tx.commit().await?;

    let job = own(ctx, &id).await?;
    let payment = rail.invoice(quote);
    let next = next_steps(&view(&job).preview_url, &payment, &ctx.base_url, &id);
    Ok(Created { success: true, job: view(&job), payment, webhook, next })
}

/// The input checked (an idea, a product or a URL, within its limit) and the format it names
/// (the first when none).
fn checked(input: &str, format: Option<&str>) -> Result<&'static super::Format, Error> {
    if INPUT.too_long(input) {
        return Err(Error::bad_request("input_too_long", format!("`input` must be {}.", INPUT.explain())));
    }
    if !INPUT.check(input) {
        return Err(Error::bad_request("missing_input", "`input` is required: an idea, a product or a URL."));
    }
    match format.map(str::trim) {
        None | Some("") => Ok(&super::FORMATS[0]),
        Some(id) => super::format(id).ok_or_else(|| {
            let ids: Vec<&str> = super::FORMATS.iter().map(|f| f.id).collect();
            Error::bad_request("invalid_format", format!("`format` must be one of: {}.", ids.join(", ")))
        }),
    }
}

/// What to do next, in words: open the preview, pay the exact amount, then check.
fn next_steps(preview: &str, payment: &PaymentView, base: &str, id: &str) -> String {
    format!(
        "Open the free preview at {preview}. To buy the MP4, send exactly {lamports} lamports ({sol} SOL) to {wallet} \
         on Solana {network} by a plain transfer (no memo is needed; the exact amount identifies this job) before \
         {expires}. Then call POST {base}/api/agent/asset/jobs/{id}/check: it finds the deposit on chain and \
         answers with the MP4's address (mp4Url) once it is rendered.",
        lamports = payment.amount_lamports,
        sol = payment.amount_sol,
        wallet = payment.wallet,
        network = payment.network,
        expires = payment.expires_at,
    )
}

/// The caller's job `id`; another key's job is as good as missing.
async fn own(ctx: &Ctx, id: &str) -> Result<AssetJob, Error> {
    rows::get(&ctx.db, id, ctx.caller.key_id)
        .await?
        .ok_or_else(|| Error::NotFound { message: "No such asset job for this key.".into() })
}

/// Reads the caller's job (the database only, never the chain). With a `wait`, a job still on
/// its way (awaiting payment, paid) is answered as soon as its status changes, or when the wait
/// ends.
pub async fn get(ctx: &Ctx, id: &str, wait: Duration) -> Result<Read, Error> {
    let on_its_way = |job: &AssetJob| matches!(status(job), "AWAITING_PAYMENT" | "PAID").then(|| status(job));
    let wait = wait.min(crate::jobs::MAX_WAIT);
    let job = read_until_changed(&ctx.db, id, wait, || own(ctx, id), on_its_way).await?;
    Ok(Read { success: true, job: view(&job) })
}

/// Looks for the job's deposit on chain and claims it; starts the render again if the last one
/// failed; waits a little for a render in progress. `paid: false` while nothing has landed.
pub async fn check(ctx: &Ctx, id: &str) -> Result<Checked, Error> {
    let job = own(ctx, id).await?;
    let chain = ctx.sol_chain.as_deref().ok_or(sol::NOT_SET_UP)?;
    let job = match job.state {
        State::AwaitingPayment => {
            let lapsed = now_ms() > job.expires_at;
            if lapsed && now_ms() > job.expires_at + quotes::RESERVED_AFTER_EXPIRY_MS {
                return Err(lapsed_quote(&job));
            }
            let window = Window::of(job.amount_lamports, job.quoted_at, job.expires_at)?;
            let found = sol::index::deposits(&ctx.db, chain, window).await?;
            let job = claim_first(ctx, job, &found).await?;
            if job.state == State::AwaitingPayment && lapsed {
                return Err(lapsed_quote(&job));
            }
            job
        }
        State::Paid | State::RenderFailed => delivery::render_again_if_failed(ctx, job).await?,
        State::Delivered => job,
    };
    let job = wait_for_render(ctx, job).await?;
    let paid = job.state != State::AwaitingPayment;
    let shown = view(&job);
    let next = match job.state {
        State::AwaitingPayment => format!(
            "No deposit of exactly {} lamports to the treasury has landed yet (confirmed). Send it if you have not, \
             then check again in a few seconds; the quote is open until {}.",
            job.amount_lamports, shown.quote.expires_at
        ),
        State::Paid => format!(
            "Paid; the MP4 is still rendering. Poll GET {}/api/agent/asset/jobs/{} (free) for mp4Url.",
            ctx.base_url, job.id
        ),
        State::Delivered => "Delivered: download the MP4 at mp4Url (hosted for 24 hours).".into(),
        State::RenderFailed => {
            "Paid, but the render failed; check again to render it once more (the payment stays bound to this job)."
                .into()
        }
    };
    Ok(Checked { success: true, paid, job: shown, next })
}

/// An asset job, as a found deposit pays it: the job is paid and its render moves on.
struct Paying<'a> {
    job: &'a AssetJob,
    render: String,
}

impl Claimant for Paying<'_> {
    fn claim(&self) -> Claim<'_> {
        Claim { job_id: &self.job.id, key_id: self.job.key_id, operation: "asset-job" }
    }

    async fn paid_in(&self, conn: &mut sqlx::AnyConnection, transfer: &Transfer, intent: &str) -> Result<bool, Error> {
        if !rows::pay_in(conn, &self.job.id, &transfer.signature, &self.render).await? {
            return Ok(false);
        }
        delivery::start_in(conn, self.job, &self.render, (intent, transfer.lamports)).await?;
        Ok(true)
    }
}

/// Claims the first of `found` no other job used (the deposit recorded, the quote freed, the
/// job paid and its render moved on, in one transaction); answers the job as it is afterwards
/// (paid by this check or a concurrent one).
async fn claim_first(ctx: &Ctx, job: AssetJob, found: &[Transfer]) -> Result<AssetJob, Error> {
    let paying = Paying { render: delivery::render_job_id(&job), job: &job };
    if sol::claim_first(&ctx.db, &paying, found).await? {
        delivery::announce(&ctx.db, &job.id).await;
    }
    // A deposit found but taken may have been taken for this job by a concurrent check.
    if found.is_empty() { Ok(job) } else { own(ctx, &job.id).await }
}

fn lapsed_quote(job: &AssetJob) -> Error {
    Error::Conflict {
        code: "quote_expired",
        message: format!(
            "This job's quote lapsed at {} with no deposit of exactly {} lamports; do not pay it. Create a new job \
             (POST /api/agent/asset/jobs) for a fresh quote.",
            iso8601(job.expires_at),
            job.amount_lamports
        ),
    }
}

/// The job once its render is over (its change announced), or as it is after [`CHECK_WAITS`].
async fn wait_for_render(ctx: &Ctx, job: AssetJob) -> Result<AssetJob, Error> {
    if job.state != State::Paid {
        return Ok(job);
    }
    let paid = |job: &AssetJob| (job.state == State::Paid).then_some(());
    read_until_changed(&ctx.db, &job.id, CHECK_WAITS, || own(ctx, &job.id), paid).await
}

/// The job's webhook attempts.
pub async fn deliveries(ctx: &Ctx, id: &str) -> Result<Deliveries, Error> {
    let job = own(ctx, id).await?;
    Ok(Deliveries { success: true, deliveries: events::deliveries(&ctx.db, &job.id).await?, job_id: job.id })
}

/// Sends the job's events again now (the same `webhook-id`s).
pub async fn replay(ctx: &Ctx, id: &str) -> Result<Replayed, Error> {
    let job = own(ctx, id).await?;
    if job.callback_url.is_none() {
        return Err(Error::Conflict {
            code: "no_callback",
            message: "This job has no callbackUrl; there is nothing to replay.".into(),
        });
    }
    Ok(Replayed { success: true, replayed: events::replay(ctx, &job.id).await?, job_id: job.id })
}
