//! The treasury on a Solana JSON-RPC node, through the official client: pages of its
//! signatures (`before`/`until`) and what each transaction is. A deposit is a confirmed (or
//! finalized) transaction without error whose plain system transfers to the treasury add up to
//! exactly what the treasury's balance grew by. Which signatures are read, and when, is
//! `index`'s business: each once, ever.

use std::str::FromStr;
use std::time::Duration;

use futures::{StreamExt as _, TryStreamExt as _};

use solana_commitment_config::CommitmentConfig;
use solana_pubkey::Pubkey;
use solana_rpc_client::http_sender::HttpSender;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client::rpc_client::{GetConfirmedSignaturesForAddress2Config, RpcClientConfig};
use solana_rpc_client_api::client_error::{Error as ClientError, ErrorKind};
use solana_rpc_client_api::config::RpcTransactionConfig;
use solana_rpc_client_api::request::RpcError;
use solana_signature::Signature;
use solana_transaction_status_client_types::{
    EncodedConfirmedTransactionWithStatusMeta, EncodedTransaction, TransactionConfirmationStatus, UiInstruction,
    UiMessage, UiParsedInstruction, UiTransactionEncoding,
};

use crate::error::Error;

/// The public endpoint used when the operator names none.
pub const MAINNET: &str = "https://api.mainnet-beta.solana.com";
/// Signatures asked for per page (the most a node gives).
const PAGE: usize = 1000;
/// Transactions read at once: a node answers them in parallel, and a backlog of thousands is
/// read in seconds rather than minutes.
const READS_AT_ONCE: usize = 8;
/// How long one request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a check spends bringing the deposit index up to date (walking, or waiting for the
/// replica that walks) unless the settings say otherwise; what is stored by then stays stored.
const INDEX_BUDGET: Duration = Duration::from_secs(20);
/// Transport failures retried (429s are retried by the client itself, honouring Retry-After).
const RETRIES: u32 = 2;

/// A deposit to the treasury.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transfer {
    pub signature: String,
    pub lamports: u64,
    /// Who sent it (the first transfer's source).
    pub payer: Option<String>,
    pub slot: u64,
    /// Seconds since the epoch.
    pub block_time: i64,
}

/// One of the treasury's signatures as `getSignaturesForAddress` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub signature: String,
    /// Seconds since the epoch, when the node knows it.
    pub block_time: Option<i64>,
    /// Whether it can be a deposit at all: it succeeded (a failed one is never read).
    pub succeeded: bool,
}

/// What a listed transaction turned out to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Read {
    Deposit(Transfer),
    /// Anything else: a transfer from the treasury, a transaction that only names it.
    Other,
    /// The node listed it but does not show it yet: read it again later.
    NotYet,
}

/// The treasury on one RPC node.
pub struct Chain {
    rpc: RpcClient,
    treasury: Pubkey,
    /// How long a check may spend bringing the deposit index up to date.
    index_budget: Duration,
}

impl Chain {
    /// The treasury's chain, when the settings name a treasury.
    pub fn from_settings(settings: &crate::config::Settings) -> Result<Option<Chain>, String> {
        match settings.sol_treasury.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(treasury) => {
                let chain = Chain::new(settings.sol_rpc_url.as_deref(), treasury)?;
                Ok(Some(Chain { index_budget: Duration::from_millis(settings.sol_index_budget_ms), ..chain }))
            }
            None => Ok(None),
        }
    }

    /// A client of `url` (mainnet-beta's public endpoint when `None`) for `treasury`.
    pub fn new(url: Option<&str>, treasury: &str) -> Result<Chain, String> {
        let treasury = Pubkey::from_str(treasury.trim())
            .map_err(|_| format!("the SOL treasury `{treasury}` is not a base58 address"))?;
        let client = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("asset-service/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("Solana RPC client: {e}"))?;
        let sender = HttpSender::new_with_client(url.unwrap_or(MAINNET), client);
        let rpc = RpcClient::new_sender(sender, RpcClientConfig::with_commitment(CommitmentConfig::confirmed()));
        Ok(Chain { rpc, treasury, index_budget: INDEX_BUDGET })
    }

    /// How long a check may spend bringing the deposit index up to date.
    pub fn index_budget(&self) -> Duration {
        self.index_budget
    }

    /// The treasury's address.
    pub fn treasury(&self) -> String {
        self.treasury.to_string()
    }

    /// A page of the treasury's confirmed signatures, newest first: older than `before`, newer
    /// than `until` (each a signature the node listed). Outages are 503, nonsense 502.
    pub async fn signatures(&self, before: Option<&str>, until: Option<&str>) -> Result<Vec<Listed>, Error> {
        let (before, until) = (before.map(signature).transpose()?, until.map(signature).transpose()?);
        let config = || GetConfirmedSignaturesForAddress2Config {
            before,
            until,
            limit: Some(PAGE),
            commitment: Some(CommitmentConfig::confirmed()),
        };
        let page = retried(|| self.rpc.get_signatures_for_address_with_config(&self.treasury, config())).await?;
        let listed = page.into_iter().map(|entry| Listed {
            // Listed at `confirmed`, so an entry without a status (old ones) is at least that.
            succeeded: entry.err.is_none()
                && !matches!(entry.confirmation_status, Some(TransactionConfirmationStatus::Processed)),
            signature: entry.signature,
            block_time: entry.block_time,
        });
        Ok(listed.collect())
    }

    /// What each of `listed` is, in order, read a few at a time.
    pub async fn read_all(&self, listed: &[Listed]) -> Result<Vec<Read>, Error> {
        // The futures made first: a stream over a borrowing closure would not be `Send` for every
        // lifetime, which the routes' handlers need.
        let reads: Vec<_> = listed.iter().map(|entry| self.read(entry)).collect();
        futures::stream::iter(reads).buffered(READS_AT_ONCE).try_collect().await
    }

    /// What transaction `listed` paid the treasury (`jsonParsed`, with
    /// `maxSupportedTransactionVersion` so v0 and v1 transactions are readable).
    async fn read(&self, listed: &Listed) -> Result<Read, Error> {
        if !listed.succeeded {
            return Ok(Read::Other);
        }
        let parsed = signature(&listed.signature)?;
        let config = || RpcTransactionConfig {
            encoding: Some(UiTransactionEncoding::JsonParsed),
            commitment: Some(CommitmentConfig::confirmed()),
            max_supported_transaction_version: Some(1),
        };
        match retried(|| self.rpc.get_transaction_with_config(&parsed, config())).await {
            Ok(transaction) => Ok(deposit_to(&self.treasury.to_string(), &listed.signature, &transaction)
                .map_or(Read::Other, Read::Deposit)),
            // `null`: not (yet) visible at this commitment.
            Err(Failure::Null) => Ok(Read::NotYet),
            Err(other) => Err(other.into()),
        }
    }
}

fn signature(text: &str) -> Result<Signature, Error> {
    Signature::from_str(text).map_err(|_| bad_answer("a signature in getSignaturesForAddress is not base58"))
}

/// Calls `call`, retrying transport failures with a short backoff; maps what is left.
async fn retried<T, F, Fut>(call: F) -> Result<T, Failure>
where
    F: Fn() -> Fut,
    Fut: Future<Output = Result<T, ClientError>>,
{
    let mut attempt = 0;
    loop {
        match call().await {
            Ok(value) => return Ok(value),
            Err(e) => {
                let failure = Failure::of(e);
                if matches!(failure, Failure::Outage(_)) && attempt < RETRIES {
                    attempt += 1;
                    tokio::time::sleep(Duration::from_millis(250 * 4u64.pow(attempt - 1))).await;
                    continue;
                }
                return Err(failure);
            }
        }
    }
}

/// What a failed RPC call means for the caller.
enum Failure {
    /// Unreachable, timed out, rate limited past the client's retries, or a 5xx: retry later.
    Outage(String),
    /// The node answered something that is not what the method returns.
    Nonsense(String),
    /// The node answered `null` where a value was asked for.
    Null,
}

impl Failure {
    /// What `e` means. Texts carry no URL: the node's (a secret setting: providers put API keys
    /// in it) is in reqwest's own description of a transport error.
    fn of(e: ClientError) -> Failure {
        match *e.kind {
            ErrorKind::Reqwest(e) => match e.status() {
                Some(status) if status.is_client_error() && status.as_u16() != 429 => {
                    Failure::Nonsense(format!("HTTP {}", status.as_u16()))
                }
                _ => Failure::Outage(crate::net::unlocated(e)),
            },
            ErrorKind::Io(e) => Failure::Outage(e.to_string()),
            ErrorKind::Middleware(_) => Failure::Outage("the client's middleware failed".into()),
            // A node that is behind or overloaded says so with a JSON-RPC error.
            ErrorKind::RpcError(RpcError::RpcResponseError { code, message, .. }) => {
                if (-32099..=-32000).contains(&code) {
                    Failure::Outage(format!("{code}: {message}"))
                } else {
                    Failure::Nonsense(format!("{code}: {message}"))
                }
            }
            ErrorKind::SerdeJson(e) if e.to_string().contains("null") => Failure::Null,
            other => Failure::Nonsense(other.to_string()),
        }
    }
}

impl From<Failure> for Error {
    fn from(failure: Failure) -> Error {
        match failure {
            Failure::Outage(why) => {
                tracing::warn!(error = why, "the Solana RPC node is unavailable");
                Error::Unavailable { message: "The Solana RPC node is unavailable right now; check again shortly." }
            }
            Failure::Nonsense(why) => bad_answer(&why),
            Failure::Null => bad_answer("the node answered null"),
        }
    }
}

fn bad_answer(why: &str) -> Error {
    tracing::warn!(error = why, "the Solana RPC node answered nonsense");
    Error::BadGateway {
        code: "sol_rpc_error",
        message: format!("The Solana RPC node gave an unusable answer ({why})."),
    }
}

/// The deposit `transaction` made to `treasury`: its plain system transfers to the treasury,
/// if they add up to exactly the treasury's balance change and the transaction succeeded.
pub fn deposit_to(
    treasury: &str,
    signature: &str,
    transaction: &EncodedConfirmedTransactionWithStatusMeta,
) -> Option<Transfer> {
    let meta = transaction.transaction.meta.as_ref()?;
    if meta.err.is_some() {
        return None;
    }
    let EncodedTransaction::Json(ui) = &transaction.transaction.transaction else { return None };
    let UiMessage::Parsed(message) = &ui.message else { return None };
    let index = message.account_keys.iter().position(|a| a.pubkey == treasury)?;
    let grew = i128::from(*meta.post_balances.get(index)?) - i128::from(*meta.pre_balances.get(index)?);
    let mut sent: u128 = 0;
    let mut payer = None;
    for instruction in &message.instructions {
        let UiInstruction::Parsed(UiParsedInstruction::Parsed(parsed)) = instruction else { continue };
        let info = &parsed.parsed["info"];
        if parsed.program != "system" || parsed.parsed["type"] != "transfer" || info["destination"] != treasury {
            continue;
        }
        sent += u128::from(info["lamports"].as_u64()?);
        payer = payer.or_else(|| info["source"].as_str().map(str::to_string));
    }
    let lamports = u64::try_from(sent).ok().filter(|&l| l > 0 && i128::from(l) == grew)?;
    Some(Transfer {
        signature: signature.to_string(),
        lamports,
        payer,
        slot: transaction.slot,
        block_time: transaction.block_time?,
    })
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// Log lines written while the test runs.
    #[derive(Clone, Default)]
    struct Lines(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Lines {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn a_transport_failure_is_logged_without_the_nodes_url() {
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt().with_writer(move || writer.clone()).with_ansi(false).finish();
        let _logging = tracing::subscriber::set_default(subscriber);
        // Nothing listens on port 1: every request fails in transport.
        let chain = Chain::new(
            Some("http://127.0.0.1:1/rpc/secret-token-7f3a?api-key=k9x"),
            "11111111111111111111111111111111",
        )
        .unwrap();
        let answer = chain.signatures(None, None).await;
        assert!(matches!(answer, Err(Error::Unavailable { .. })), "{answer:?}");
        let logged = String::from_utf8(lines.0.lock().unwrap().clone()).unwrap();
        assert!(logged.contains("the Solana RPC node is unavailable"), "{logged}");
        for secret in ["secret-token", "api-key", "k9x", "/rpc", "http://"] {
            assert!(!logged.contains(secret), "{secret} was logged: {logged}");
        }
    }
}
