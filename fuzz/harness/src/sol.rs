//! The Solana transaction reader (`billing::sol::chain::deposit_to`): what a fetched
//! `getTransaction` answer (`jsonParsed`) paid the treasury. A node's answer is untrusted.
//!
//! The input is the `result` JSON of `getTransaction` (`{slot, blockTime, meta, transaction,
//! version}`), read with the host's own type for it, as the RPC client reads it. Every account
//! key of the message is tried as the treasury.
//! Properties, computed here from the transaction's JSON rather than the host's code: a
//! deposit is only read from a successful transaction; its lamports are positive, equal to the
//! treasury's balance growth and to the sum of the system transfers to it; its payer is the
//! source of the first of those transfers; its slot and block time are the transaction's.

use asset_host::billing::sol::chain::{Confirmed, deposit_to};
use serde_json::Value;

pub fn sol_transaction(data: &[u8]) {
    let Ok(transaction) = serde_json::from_slice::<Confirmed>(data) else { return };
    let json: Value = serde_json::from_slice(data).expect("what reads as a transaction is JSON");
    let keys: Vec<String> = json["transaction"]["message"]["accountKeys"]
        .as_array()
        .map(|keys| keys.iter().filter_map(|k| k["pubkey"].as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    for treasury in keys.iter().take(16).chain(["NotAnAccountOfThisTransaction1111111111111".to_string()].iter()) {
        let Some(transfer) = deposit_to(treasury, "sig", &transaction) else { continue };
        let meta = &json["meta"];
        assert!(meta["err"].is_null(), "a deposit read from a failed transaction");
        let index = keys.iter().position(|k| k == treasury).expect("the treasury is an account of the deposit");
        let balance = |field: &str| meta[field][index].as_u64().expect("a balance of the treasury");
        let grew = i128::from(balance("postBalances")) - i128::from(balance("preBalances"));
        let transfers: Vec<&Value> = json["transaction"]["message"]["instructions"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter(|i| {
                        i["program"] == "system"
                            && i["parsed"]["type"] == "transfer"
                            && i["parsed"]["info"]["destination"] == treasury.as_str()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let sent: u128 = transfers.iter().map(|i| u128::from(i["parsed"]["info"]["lamports"].as_u64().unwrap())).sum();
        assert!(transfer.lamports > 0);
        assert_eq!(i128::from(transfer.lamports), grew, "the deposit is the balance growth");
        assert_eq!(u128::from(transfer.lamports), sent, "the deposit is the transfers' sum");
        let first_source = transfers.iter().find_map(|i| i["parsed"]["info"]["source"].as_str());
        assert_eq!(transfer.payer.as_deref(), first_source);
        assert_eq!(Some(transfer.slot), json["slot"].as_u64());
        assert_eq!(Some(transfer.block_time), json["blockTime"].as_i64());
        assert_eq!(transfer.signature, "sig");
    }
}
