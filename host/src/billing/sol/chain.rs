//! The treasury on a Solana JSON-RPC node, spoken to directly over JSON-RPC 2.0: pages of its
//! signatures (`getSignaturesForAddress`, `before`/`until`) and what each transaction is
//! (`getTransaction`, `jsonParsed`). A deposit is a confirmed (or finalized) transaction without
//! error whose plain system transfers to the treasury add up to exactly what the treasury's
//! balance grew by. Which signatures are read, and when, is `index`'s business: each once, ever.
//!
//! Two methods and the few fields a deposit needs are read here rather than through the
//! official client, whose ~100 crates (a BLS library and zstd among them, compiled from C) were
//! a sixth of a cold build for these two calls. Addresses and signatures are still checked by
//! the SDK's own `solana-pubkey` and `solana-signature`.

use std::str::FromStr;
use std::time::Duration;

use futures::StreamExt as _;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use solana_pubkey::Pubkey;
use solana_signature::Signature;

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
/// Transport failures and 5xx answers retried.
const RETRIES: u32 = 2;
/// 429 answers retried, each after the wait the node asks for (`Retry-After`), within bounds.
const BUSY_RETRIES: u32 = 5;
const BUSY_WAIT_DEFAULT: Duration = Duration::from_millis(500);
const BUSY_WAIT_MOST: Duration = Duration::from_secs(5);
/// The most of an answer read: a full page of signatures is about 250 KB.
const ANSWER_BYTES_MOST: usize = 8 << 20;
/// Every read is at this commitment; `processed` could still be rolled back.
const COMMITMENT: &str = "confirmed";

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
    http: reqwest::Client,
    /// The node's URL: a secret setting (providers put API keys in it), never logged.
    url: String,
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
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("asset-service/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("Solana RPC client: {e}"))?;
        Ok(Chain { http, url: url.unwrap_or(MAINNET).to_string(), treasury, index_budget: INDEX_BUDGET })
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
        let mut config = json!({"limit": PAGE, "commitment": COMMITMENT});
        for (name, cursor) in [("before", before), ("until", until)] {
            if let Some(cursor) = cursor {
                config[name] = json!(signature(cursor)?.to_string());
            }
        }
        let params = json!([self.treasury.to_string(), config]);
        let page: Vec<Entry> =
            self.call("getSignaturesForAddress", &params).await?.ok_or_else(|| bad_answer("the node answered null"))?;
        page.into_iter().map(Entry::listed).collect()
    }

    /// What each of `listed` is, in order, read a few at a time: each read's own answer, so one
    /// transaction the node will not return spoils none of the others.
    pub async fn read_all(&self, listed: &[Listed]) -> Vec<Result<Read, Error>> {
        // The futures made first: a stream over a borrowing closure would not be `Send` for every
        // lifetime, which the routes' handlers need.
        let reads: Vec<_> = listed.iter().map(|entry| self.read(entry)).collect();
        futures::stream::iter(reads).buffered(READS_AT_ONCE).collect().await
    }

    /// What transaction `listed` paid the treasury (`jsonParsed`, with
    /// `maxSupportedTransactionVersion` so v0 and v1 transactions are readable).
    async fn read(&self, listed: &Listed) -> Result<Read, Error> {
        if !listed.succeeded {
            return Ok(Read::Other);
        }
        let config = json!({"encoding": "jsonParsed", "commitment": COMMITMENT, "maxSupportedTransactionVersion": 1});
        let params = json!([signature(&listed.signature)?.to_string(), config]);
        Ok(match self.call::<Confirmed>("getTransaction", &params).await? {
            Some(transaction) => deposit_to(&self.treasury.to_string(), &listed.signature, &transaction)
                .map_or(Read::Other, Read::Deposit),
            // `null`: not (yet) visible at this commitment.
            None => Read::NotYet,
        })
    }

    /// `method(params)`'s result (`None` for `null`), retrying outages with a short backoff and
    /// rate limits after the wait the node asks for.
    async fn call<T: DeserializeOwned>(&self, method: &str, params: &Value) -> Result<Option<T>, Failure> {
        let (mut outages, mut busy) = (0, 0);
        loop {
            let failure = match self.once(method, params).await {
                Ok(answer) => return Ok(answer),
                Err(failure) => failure,
            };
            let wait = match failure {
                Failure::Outage(_) if outages < RETRIES => {
                    outages += 1;
                    Duration::from_millis(250 * 4u64.pow(outages - 1))
                }
                Failure::Busy(wait) if busy < BUSY_RETRIES => {
                    busy += 1;
                    wait
                }
                failure => return Err(failure),
            };
            tokio::time::sleep(wait).await;
        }
    }

    /// One JSON-RPC request.
    async fn once<T: DeserializeOwned>(&self, method: &str, params: &Value) -> Result<Option<T>, Failure> {
        let request = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
        let response = self.http.post(&self.url).json(&request).send().await.map_err(Failure::transport)?;
        let status = response.status();
        if status.as_u16() == 429 {
            return Err(Failure::Busy(retry_after(response.headers())));
        }
        if status.is_server_error() {
            return Err(Failure::Outage(format!("HTTP {}", status.as_u16())));
        }
        if !status.is_success() {
            return Err(Failure::Nonsense(format!("HTTP {}", status.as_u16())));
        }
        let body = bounded_body(response).await?;
        let answer: Answer<T> = serde_json::from_slice(&body).map_err(|e| Failure::Nonsense(e.to_string()))?;
        match answer.error {
            // A node that is behind or overloaded says so with a server error code.
            Some(RpcError { code, message }) if (-32099..=-32000).contains(&code) => {
                Err(Failure::Outage(format!("{code}: {message}")))
            }
            Some(RpcError { code, message }) => Err(Failure::Nonsense(format!("{code}: {message}"))),
            None => Ok(answer.result),
        }
    }
}

/// At most `ANSWER_BYTES_MOST` of an answer: the node is not ours to trust with our memory.
async fn bounded_body(mut response: reqwest::Response) -> Result<Vec<u8>, Failure> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(Failure::transport)? {
        if body.len() + chunk.len() > ANSWER_BYTES_MOST {
            return Err(Failure::Nonsense("an answer larger than 8 MiB".into()));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// The wait a 429 asks for (`Retry-After` in seconds), within bounds.
fn retry_after(headers: &reqwest::header::HeaderMap) -> Duration {
    let asked = headers.get(reqwest::header::RETRY_AFTER).and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    asked.map_or(BUSY_WAIT_DEFAULT, |seconds| Duration::from_secs(seconds).min(BUSY_WAIT_MOST))
}

fn signature(text: &str) -> Result<Signature, Error> {
    Signature::from_str(text).map_err(|_| bad_answer("a signature in getSignaturesForAddress is not base58"))
}

/// A JSON-RPC 2.0 answer.
#[derive(Deserialize)]
struct Answer<T> {
    result: Option<T>,
    error: Option<RpcError>,
}

#[derive(Deserialize)]
struct RpcError {
    code: i64,
    #[serde(default)]
    message: String,
}

/// One entry of `getSignaturesForAddress`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    signature: String,
    err: Option<Value>,
    block_time: Option<i64>,
    confirmation_status: Option<String>,
}

impl Entry {
    fn listed(self) -> Result<Listed, Error> {
        signature(&self.signature)?;
        Ok(Listed {
            // Listed at `confirmed`, so an entry without a status (old ones) is at least that.
            succeeded: self.err.is_none() && self.confirmation_status.as_deref() != Some("processed"),
            signature: self.signature,
            block_time: self.block_time,
        })
    }
}

/// What `getTransaction` answers for `jsonParsed`, as far as a deposit needs it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Confirmed {
    slot: u64,
    block_time: Option<i64>,
    meta: Option<Meta>,
    transaction: Encoded,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Meta {
    err: Option<Value>,
    pre_balances: Vec<u64>,
    post_balances: Vec<u64>,
}

#[derive(Deserialize)]
struct Encoded {
    message: Message,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Message {
    account_keys: Vec<AccountKey>,
    /// Parsed (`program`, `parsed`) or only decoded (`programId`, `data`): read as they come.
    instructions: Vec<Value>,
}

#[derive(Deserialize)]
struct AccountKey {
    pubkey: String,
}

/// What a failed RPC call means for the caller.
enum Failure {
    /// Unreachable, timed out or a 5xx: retry later.
    Outage(String),
    /// Rate limited (429): retry after this long.
    Busy(Duration),
    /// The node answered something that is not what the method returns.
    Nonsense(String),
}

impl Failure {
    /// A transport failure, described without its URL: the node's (a secret setting) is in
    /// reqwest's own description.
    fn transport(e: reqwest::Error) -> Failure {
        Failure::Outage(crate::net::unlocated(e))
    }
}

impl From<Failure> for Error {
    fn from(failure: Failure) -> Error {
        let why = match failure {
            Failure::Nonsense(why) => return bad_answer(&why),
            Failure::Outage(why) => why,
            Failure::Busy(_) => "rate limited past the retries".to_string(),
        };
        tracing::warn!(error = why, "the Solana RPC node is unavailable");
        Error::Unavailable { message: "The Solana RPC node is unavailable right now; check again shortly." }
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
pub fn deposit_to(treasury: &str, signature: &str, transaction: &Confirmed) -> Option<Transfer> {
    let meta = transaction.meta.as_ref()?;
    if meta.err.is_some() {
        return None;
    }
    let message = &transaction.transaction.message;
    let index = message.account_keys.iter().position(|a| a.pubkey == treasury)?;
    let grew = i128::from(*meta.post_balances.get(index)?) - i128::from(*meta.pre_balances.get(index)?);
    let mut sent: u128 = 0;
    let mut payer = None;
    for instruction in &message.instructions {
        let (parsed, info) = (&instruction["parsed"], &instruction["parsed"]["info"]);
        if instruction["program"] != "system" || parsed["type"] != "transfer" || info["destination"] != treasury {
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

    const TREASURY: &str = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";
    const PAYER: &str = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
    const SIGNATURE: &str = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

    /// A `jsonParsed` answer: `sent` lamports to the treasury, whose balance grew by `grew`.
    fn answer(sent: u64, grew: u64, err: Value) -> Confirmed {
        serde_json::from_value(json!({
            "slot": 300_000_001u64, "blockTime": 1_790_000_000i64, "version": 0,
            "meta": {"err": err, "fee": 5000, "preBalances": [10_000_000, 0, 1], "postBalances": [0, grew, 1]},
            "transaction": {"signatures": [SIGNATURE], "message": {
                "accountKeys": [
                    {"pubkey": PAYER, "signer": true, "writable": true, "source": "transaction"},
                    {"pubkey": TREASURY, "signer": false, "writable": true, "source": "lookupTable"},
                    {"pubkey": "11111111111111111111111111111111", "signer": false, "writable": false, "source": "transaction"}],
                "instructions": [
                    {"programId": "ComputeBudget111111111111111111111111111111", "accounts": [], "data": "3DTZbgwsozUF", "stackHeight": null},
                    {"program": "system", "programId": "11111111111111111111111111111111", "stackHeight": null,
                     "parsed": {"type": "transfer", "info": {"source": PAYER, "destination": TREASURY, "lamports": sent}}}]}}
        }))
        .unwrap()
    }

    #[test]
    fn a_deposit_is_the_transfers_to_the_treasury_that_its_balance_grew_by() {
        let deposit = deposit_to(TREASURY, SIGNATURE, &answer(1_234_567, 1_234_567, Value::Null)).unwrap();
        assert_eq!(
            deposit,
            Transfer {
                signature: SIGNATURE.into(),
                lamports: 1_234_567,
                payer: Some(PAYER.into()),
                slot: 300_000_001,
                block_time: 1_790_000_000,
            }
        );
        // The balance grew by something else as well: not a plain deposit.
        assert_eq!(deposit_to(TREASURY, SIGNATURE, &answer(1_234_567, 1_234_568, Value::Null)), None);
        // A failed transaction moved nothing.
        assert_eq!(
            deposit_to(TREASURY, SIGNATURE, &answer(5, 5, json!({"InstructionError": [0, {"Custom": 1}]}))),
            None
        );
        // Sent by the treasury, not to it.
        assert_eq!(deposit_to(PAYER, SIGNATURE, &answer(5, 5, Value::Null)), None);
    }

    #[test]
    fn a_rate_limit_waits_what_the_node_asks_within_bounds() {
        let wait = |value: Option<&str>| {
            let mut headers = reqwest::header::HeaderMap::new();
            if let Some(value) = value {
                headers.insert(reqwest::header::RETRY_AFTER, value.parse().unwrap());
            }
            retry_after(&headers)
        };
        assert_eq!(wait(Some("2")), Duration::from_secs(2));
        assert_eq!(wait(Some("0")), Duration::ZERO);
        assert_eq!(wait(Some("3600")), BUSY_WAIT_MOST);
        assert_eq!(wait(Some("Wed, 21 Oct 2015 07:28:00 GMT")), BUSY_WAIT_DEFAULT);
        assert_eq!(wait(None), BUSY_WAIT_DEFAULT);
    }

    /// A node on loopback that answers each request with the next of `answers` (status, body),
    /// and the number of requests it received.
    async fn node(answers: Vec<(u16, &'static str)>) -> (String, Arc<Mutex<usize>>) {
        use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        let asked = Arc::new(Mutex::new(0));
        let count = asked.clone();
        tokio::spawn(async move {
            for (status, body) in answers {
                let (mut socket, _) = listener.accept().await.unwrap();
                let mut request = vec![0; 64 * 1024];
                let _ = socket.read(&mut request).await;
                *count.lock().unwrap() += 1;
                let head = format!(
                    "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\nretry-after: 0\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = socket.write_all(format!("{head}{body}").as_bytes()).await;
            }
        });
        (url, asked)
    }

    #[tokio::test]
    async fn the_nodes_answers_map_to_retries_outages_and_bad_gateways() {
        let page = r#"{"jsonrpc":"2.0","id":1,"result":[{"signature":"5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW","slot":1,"err":null,"memo":null,"blockTime":7,"confirmationStatus":"finalized"}]}"#;
        let limited = r#"{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests"},"id":1}"#;
        // Two rate limits, then the page: read after waiting as asked.
        let (url, asked) = node(vec![(429, limited), (429, limited), (200, page)]).await;
        let listed = Chain::new(Some(&url), TREASURY).unwrap().signatures(None, None).await.unwrap();
        assert_eq!(listed, vec![Listed { signature: SIGNATURE.into(), block_time: Some(7), succeeded: true }]);
        assert_eq!(*asked.lock().unwrap(), 3);

        // A node that is behind (a server error code) is an outage after the retries.
        let behind = r#"{"jsonrpc":"2.0","error":{"code":-32005,"message":"Node is behind"},"id":1}"#;
        let (url, asked) = node(vec![(200, behind); 3]).await;
        let answer = Chain::new(Some(&url), TREASURY).unwrap().signatures(None, None).await;
        assert!(matches!(answer, Err(Error::Unavailable { .. })), "{answer:?}");
        assert_eq!(*asked.lock().unwrap(), 1 + RETRIES as usize);

        // Refused parameters, or an answer of another shape, are the node's nonsense: no retry.
        let refused = r#"{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid param"},"id":1}"#;
        for body in [refused, r#"{"jsonrpc":"2.0","id":1,"result":{"not":"a page"}}"#, "<html>"] {
            let (url, asked) = node(vec![(200, body)]).await;
            let answer = Chain::new(Some(&url), TREASURY).unwrap().signatures(None, None).await;
            assert!(matches!(answer, Err(Error::BadGateway { code: "sol_rpc_error", .. })), "{body}: {answer:?}");
            assert_eq!(*asked.lock().unwrap(), 1);
        }
    }

    #[tokio::test]
    async fn a_transaction_the_node_does_not_show_yet_is_read_again_later() {
        let (url, _) = node(vec![(200, r#"{"jsonrpc":"2.0","id":1,"result":null}"#)]).await;
        let chain = Chain::new(Some(&url), TREASURY).unwrap();
        let listed = Listed { signature: SIGNATURE.into(), block_time: None, succeeded: true };
        assert!(matches!(chain.read_all(&[listed]).await.as_slice(), [Ok(Read::NotYet)]));
    }
}
