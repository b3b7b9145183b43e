//! The x402 wire: networks, payment requirements of both protocol versions, the payment a
//! client presents (decoded from `X-PAYMENT` or `PAYMENT-SIGNATURE`), and the base64 JSON the
//! headers carry. Pure data: no I/O here.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, URL_SAFE};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A network USDC is taken on: its names in both protocol versions and its USDC contract
/// with the EIP-712 domain that contract signs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Network {
    /// The v1 name (`base`).
    pub name: &'static str,
    /// The CAIP-2 id v2 uses (`eip155:8453`).
    pub caip2: &'static str,
    pub usdc: &'static str,
    /// EIP-712 domain name and version of that USDC contract.
    pub domain_name: &'static str,
    pub domain_version: &'static str,
}

pub const NETWORKS: &[Network] = &[
    Network {
        name: "base",
        caip2: "eip155:8453",
        usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        domain_name: "USD Coin",
        domain_version: "2",
    },
    Network {
        name: "base-sepolia",
        caip2: "eip155:84532",
        usdc: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
        domain_name: "USDC",
        domain_version: "2",
    },
];

/// The network named `name` (v1 name or CAIP-2 id).
pub fn network(name: &str) -> Option<&'static Network> {
    NETWORKS.iter().find(|n| n.name == name || n.caip2 == name)
}

/// What one priced call asks for, in the terms of the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    /// USDC atomic units (6 decimals).
    pub amount: u64,
    /// The full URL of the resource.
    pub resource: String,
    pub description: String,
    pub mime_type: &'static str,
    pub max_timeout_seconds: u64,
}

/// The seller's side of a payment: where the money goes, on which network.
#[derive(Clone, Copy, Debug)]
pub struct Terms<'a> {
    pub network: &'static Network,
    pub pay_to: &'a str,
}

impl Terms<'_> {
    /// The `exact` requirements of protocol `version` for `offer`.
    pub fn requirements(&self, version: u8, offer: &Offer) -> Value {
        let extra = json!({"name": self.network.domain_name, "version": self.network.domain_version});
        if version == 1 {
            json!({
                "scheme": "exact",
                "network": self.network.name,
                "maxAmountRequired": offer.amount.to_string(),
                "resource": offer.resource,
                "description": offer.description,
                "mimeType": offer.mime_type,
                "payTo": self.pay_to,
                "maxTimeoutSeconds": offer.max_timeout_seconds,
                "asset": self.network.usdc,
                "extra": extra,
            })
        } else {
            json!({
                "scheme": "exact",
                "network": self.network.caip2,
                "amount": offer.amount.to_string(),
                "asset": self.network.usdc,
                "payTo": self.pay_to,
                "maxTimeoutSeconds": offer.max_timeout_seconds,
                "extra": extra,
            })
        }
    }
}

/// An EIP-3009 `transferWithAuthorization`, as the client signed it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Authorization {
    pub from: String,
    pub to: String,
    pub value: String,
    pub valid_after: String,
    pub valid_before: String,
    pub nonce: String,
}

/// A payment as presented in a request header, decoded but not yet checked.
#[derive(Clone, Debug)]
pub struct Presented {
    /// 1 (`X-PAYMENT`) or 2 (`PAYMENT-SIGNATURE`).
    pub version: u8,
    pub scheme: String,
    /// As the payload names it (a v1 name or a CAIP-2 id).
    pub network: String,
    pub authorization: Authorization,
    /// v2: the requirements the client says it fulfils.
    pub accepted: Option<Value>,
    /// The payload exactly as sent, forwarded to the facilitator.
    pub raw: Value,
}

impl Presented {
    /// The paying address, lowercased.
    pub fn payer(&self) -> String {
        self.authorization.from.to_ascii_lowercase()
    }

    /// The authorization nonce, lowercased: with the payer and network, what makes a payment
    /// one payment.
    pub fn nonce(&self) -> String {
        self.authorization.nonce.to_ascii_lowercase()
    }
}

/// Why a payment header could not be read.
pub type Malformed = String;

/// Decodes a payment header value (base64 of the JSON payload).
pub fn decode(header: &str, version: u8) -> Result<Presented, Malformed> {
    parse(from_base64(header)?, version)
}

/// The identifier a v2 payment payload carries in its `payment-identifier` extension
/// (`extensions["payment-identifier"].info.id`), unchecked.
pub fn payment_identifier(raw: &Value) -> Option<String> {
    if raw["x402Version"] != 2 {
        return None;
    }
    raw["extensions"]["payment-identifier"]["info"]["id"].as_str().map(str::to_string)
}

/// Reads a payment payload (the JSON an HTTP header carries in base64, or MCP's
/// `_meta["x402/payment"]` as it is).
pub fn parse(raw: Value, version: u8) -> Result<Presented, Malformed> {
    let declared = raw["x402Version"].as_u64();
    if declared != Some(u64::from(version)) {
        return Err(format!("the payload's x402Version is {declared:?}, the header is for version {version}"));
    }
    #[derive(Deserialize)]
    struct Signed {
        signature: String,
        authorization: Authorization,
    }
    let signed: Signed = serde_json::from_value(raw["payload"].clone())
        .map_err(|e| format!("`payload` needs `signature` and an EIP-3009 `authorization`: {e}"))?;
    let (scheme, network, accepted) = if version == 1 {
        (raw["scheme"].as_str(), raw["network"].as_str(), None)
    } else {
        let accepted = &raw["accepted"];
        (accepted["scheme"].as_str(), accepted["network"].as_str(), Some(accepted.clone()))
    };
    let (Some(scheme), Some(network)) = (scheme, network) else {
        return Err("the payload names no scheme or network".into());
    };
    let a = &signed.authorization;
    if !is_hex(&a.from, 20) || !is_hex(&a.to, 20) || !is_hex(&a.nonce, 32) || !is_hex(&signed.signature, 0) {
        return Err("`from`, `to` must be 20-byte and `nonce` a 32-byte 0x-hex value".into());
    }
    for (field, number) in [("value", &a.value), ("validAfter", &a.valid_after), ("validBefore", &a.valid_before)] {
        if number.parse::<u64>().is_err() {
            return Err(format!("`{field}` must be a decimal integer"));
        }
    }
    Ok(Presented {
        version,
        scheme: scheme.to_string(),
        network: network.to_string(),
        authorization: signed.authorization,
        accepted,
        raw,
    })
}

/// `0x` and hex digits: exactly `bytes` bytes, or any non-empty even length when 0.
fn is_hex(text: &str, bytes: usize) -> bool {
    let Some(digits) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) else { return false };
    let length_ok = if bytes == 0 { !digits.is_empty() && digits.len() % 2 == 0 } else { digits.len() == bytes * 2 };
    length_ok && digits.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The header form of a JSON value: base64 of its compact text.
pub fn to_base64(value: &impl Serialize) -> String {
    STANDARD.encode(serde_json::to_vec(value).unwrap_or_default())
}

/// Reads a header written by [`to_base64`] (either base64 alphabet, padded or not).
pub fn from_base64<T: serde::de::DeserializeOwned>(header: &str) -> Result<T, Malformed> {
    let text = header.trim();
    let padded = format!("{text}{}", "=".repeat((4 - text.len() % 4) % 4));
    let bytes = STANDARD
        .decode(&padded)
        .or_else(|_| URL_SAFE.decode(&padded))
        .map_err(|_| "the payment header is not base64".to_string())?;
    serde_json::from_slice(&bytes).map_err(|e| format!("the payment header is not the expected JSON: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(version: u8) -> Value {
        let authorization = json!({
            "from": "0x857b06519E91e3A54538791bDbb0E22373e36b66",
            "to": "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
            "value": "100000",
            "validAfter": "1740672089",
            "validBefore": "1740672154",
            "nonce": format!("0x{}", "ab".repeat(32)),
        });
        let signed = json!({"signature": format!("0x{}", "11".repeat(65)), "authorization": authorization});
        if version == 1 {
            json!({"x402Version": 1, "scheme": "exact", "network": "base-sepolia", "payload": signed})
        } else {
            json!({"x402Version": 2, "accepted": {"scheme": "exact", "network": "eip155:84532"}, "payload": signed})
        }
    }

    #[test]
    fn both_versions_decode_and_name_their_network() {
        for version in [1, 2] {
            let presented = decode(&to_base64(&payload(version)), version).unwrap();
            assert_eq!(network(&presented.network).unwrap().name, "base-sepolia");
            assert_eq!(presented.payer(), "0x857b06519e91e3a54538791bdbb0e22373e36b66");
            assert_eq!(presented.version, version);
        }
    }

    #[test]
    fn malformed_payments_are_refused_with_a_reason() {
        assert!(decode("not base64 at all!", 1).unwrap_err().contains("base64"));
        assert!(decode(&to_base64(&payload(1)), 2).unwrap_err().contains("version"));
        let mut short_nonce = payload(1);
        short_nonce["payload"]["authorization"]["nonce"] = json!("0x1234");
        assert!(decode(&to_base64(&short_nonce), 1).is_err());
        let mut bad_value = payload(2);
        bad_value["payload"]["authorization"]["value"] = json!("1e5");
        assert!(decode(&to_base64(&bad_value), 2).unwrap_err().contains("value"));
        let mut no_signature = payload(1);
        no_signature["payload"].as_object_mut().unwrap().remove("signature");
        assert!(decode(&to_base64(&no_signature), 1).is_err());
    }

    #[test]
    fn requirements_follow_the_version() {
        let terms = Terms { network: network("base").unwrap(), pay_to: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C" };
        let offer = Offer {
            amount: 250_000,
            resource: "https://a.example/api/agent/mp4".into(),
            description: "MP4".into(),
            mime_type: "application/json",
            max_timeout_seconds: 1800,
        };
        let v1 = terms.requirements(1, &offer);
        assert_eq!((v1["network"].as_str(), v1["maxAmountRequired"].as_str()), (Some("base"), Some("250000")));
        assert_eq!(v1["extra"], json!({"name": "USD Coin", "version": "2"}));
        let v2 = terms.requirements(2, &offer);
        assert_eq!((v2["network"].as_str(), v2["amount"].as_str()), (Some("eip155:8453"), Some("250000")));
        assert!(v2.get("resource").is_none());
    }
}
