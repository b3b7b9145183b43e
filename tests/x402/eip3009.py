"""EIP-3009 `TransferWithAuthorization` as EIP-712 typed data, shared by the facilitator
stand-in (which recovers the signer) and the paying client (which signs expired ones itself)."""

from __future__ import annotations

from typing import Any

from eth_account.messages import SignableMessage, encode_typed_data

TYPES = {
    "TransferWithAuthorization": [
        {"name": "from", "type": "address"},
        {"name": "to", "type": "address"},
        {"name": "value", "type": "uint256"},
        {"name": "validAfter", "type": "uint256"},
        {"name": "validBefore", "type": "uint256"},
        {"name": "nonce", "type": "bytes32"},
    ]
}


def signable(authorization: dict[str, Any], chain_id: int, asset: str, name: str, version: str) -> SignableMessage:
    """The message a USDC contract (`asset`, EIP-712 domain `name`/`version`) checks."""
    return encode_typed_data(
        domain_data={"name": name, "version": version, "chainId": chain_id, "verifyingContract": asset.lower()},
        message_types=TYPES,
        message_data={
            "from": authorization["from"].lower(),
            "to": authorization["to"].lower(),
            "value": int(authorization["value"]),
            "validAfter": int(authorization["validAfter"]),
            "validBefore": int(authorization["validBefore"]),
            "nonce": bytes.fromhex(authorization["nonce"][2:]),
        },
    )
