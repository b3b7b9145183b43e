"""Loopback stand-in for an x402 facilitator, for integration tests.

It speaks the real facilitator HTTP API (`GET /supported`, `POST /verify`,
`POST /settle`, as in the x402 v1/v2 specifications and the `x402` Python
package's `SupportedResponse` / `VerifyResponse` / `SettleResponse` schemas),
so the service's production facilitator client can be exercised against it
without a chain.

What it really checks for the `exact` scheme with EIP-3009 (USDC
`transferWithAuthorization`) payloads, on base (8453) and base-sepolia (84532):

* the protocol version (v1: network names `base`/`base-sepolia`,
  `maxAmountRequired`; v2: CAIP-2 `eip155:8453`/`eip155:84532`, `amount`),
* scheme `exact` on both the payload and the requirements,
* payload network == requirements network,
* `authorization.to` == `payTo` (case-insensitive),
* `authorization.value` == the required amount, exactly,
* `validAfter <= now` and `validBefore >= now + 6` (same 6 s buffer as the
  reference facilitator),
* the EIP-712 `TransferWithAuthorization` signature recovers to
  `authorization.from` (domain: name/version from `requirements.extra`,
  chainId of the network, verifyingContract = `requirements.asset`),
* the (from, nonce) pair has not been settled yet (like the on-chain
  simulation a real facilitator runs; checked by verify, and again under a
  lock by settle, which is what makes concurrent replays settle once).

Settle re-verifies, then records the settlement and answers a fresh random
32-byte transaction hash.

Reason strings are the ones the `x402` package's EVM exact facilitator uses
(`x402.mechanisms.evm.constants.ERR_*`) plus the spec's generic ones
(`invalid_x402_version`, `invalid_network`, `invalid_payload`,
`invalid_payment_requirements`, `unexpected_settle_error`).

Test-control endpoints (not part of the facilitator API):

* `POST /_control` `{"verify": "ok"|"invalid"|"error500"|"hang",
  "settle": "ok"|"fail"|"error500"|"hang", "reset": bool}` (all keys
  optional; `reset` clears settlements and counters and puts both modes back
  to `ok` before applying the other keys). Answers the current modes.
  `GET /_control` answers the current modes.
  - verify `invalid`: 200 `isValid:false`, `invalid_exact_evm_payload_signature`
  - settle `fail`: 200 `success:false`, `unexpected_settle_error`
  - `error500`: HTTP 500 with a JSON error body
  - `hang`: sleep 60 s, then answer as in `ok` mode (a hung settle still
    settles afterwards, like a transaction that lands after the caller gave up)
* `GET /_settlements` -> list of `{payer, nonce, amount, network, transaction,
  x402Version, payTo, asset}`
* `GET /_calls` -> `{"verify": n, "settle": n, "supported": n,
  "unauthorized": n}` (calls refused with 401 count only as `unauthorized`)

Usage:
    python facilitator.py [--port 0] [--key SECRET] [--verbose]

Binds 127.0.0.1, prints exactly one line `listening on <port>` to stdout once
the socket accepts connections, then serves until killed. With `--key`, every
request must carry `Authorization: Bearer SECRET`, else 401. Request logs go
to stderr only with `--verbose` (so an undrained stderr pipe cannot block it).
"""

from __future__ import annotations

import argparse
import hmac
import json
import os
import re
import sys
import threading
import pathlib
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from loopback import JsonHandler, serve  # noqa: E402 - the tests' shared stand-in plumbing

from eth_account import Account

import eip3009

# --------------------------------------------------------------------------
# Protocol constants
# --------------------------------------------------------------------------

SCHEME_EXACT = "exact"

# network name -> chain id, per protocol version
V1_NETWORKS = {"base": 8453, "base-sepolia": 84532}
V2_NETWORKS = {"eip155:8453": 8453, "eip155:84532": 84532}
NETWORKS_BY_VERSION = {1: V1_NETWORKS, 2: V2_NETWORKS}

# Reason strings (x402 package: x402/mechanisms/evm/constants.py; spec §9)
ERR_INVALID_SIGNATURE = "invalid_exact_evm_payload_signature"
ERR_RECIPIENT_MISMATCH = "invalid_exact_evm_payload_recipient_mismatch"
ERR_VALUE_MISMATCH = "invalid_exact_evm_payload_authorization_value_mismatch"
ERR_VALID_BEFORE = "invalid_exact_evm_payload_authorization_valid_before"
ERR_VALID_AFTER = "invalid_exact_evm_payload_authorization_valid_after"
ERR_NONCE_USED = "invalid_exact_evm_nonce_already_used"
ERR_MISSING_DOMAIN = "missing_eip712_domain"
ERR_NETWORK_MISMATCH = "network_mismatch"
ERR_UNSUPPORTED_SCHEME = "unsupported_scheme"
ERR_INVALID_NETWORK = "invalid_network"
ERR_INVALID_PAYLOAD = "invalid_payload"
ERR_INVALID_REQUIREMENTS = "invalid_payment_requirements"
ERR_INVALID_VERSION = "invalid_x402_version"
ERR_UNEXPECTED_SETTLE = "unexpected_settle_error"

VALID_BEFORE_BUFFER_SECONDS = 6  # same buffer as the reference facilitator
HANG_SECONDS = 60


ADDRESS_RE = re.compile(r"^0x[0-9a-fA-F]{40}$")
NONCE_RE = re.compile(r"^0x[0-9a-fA-F]{64}$")
SIGNATURE_RE = re.compile(r"^0x[0-9a-fA-F]{130}$")  # 65-byte EOA signature

VERIFY_MODES = ("ok", "invalid", "error500", "hang")
SETTLE_MODES = ("ok", "fail", "error500", "hang")


class Invalid(Exception):
    """A verification failure: reason code + human-readable message."""

    def __init__(self, reason: str, message: str, payer: str | None = None):
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.payer = payer


# --------------------------------------------------------------------------
# Shared state
# --------------------------------------------------------------------------


class State:
    """Modes, counters and the simulated chain (settled nonces)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.verify_mode = "ok"
        self.settle_mode = "ok"
        self.calls = {"verify": 0, "settle": 0, "supported": 0, "unauthorized": 0}
        self.settlements: list[dict[str, Any]] = []
        self.used_nonces: set[tuple[str, str]] = set()
        self.signer_address = Account.create().address

    def count(self, name: str) -> None:
        with self.lock:
            self.calls[name] += 1

    def modes(self) -> dict[str, str]:
        with self.lock:
            return {"verify": self.verify_mode, "settle": self.settle_mode}

    def nonce_used(self, payer: str, nonce: str) -> bool:
        with self.lock:
            return (payer.lower(), nonce.lower()) in self.used_nonces


# --------------------------------------------------------------------------
# Verification
# --------------------------------------------------------------------------


def _uint(value: Any, field: str, payer: str | None) -> int:
    if isinstance(value, bool):
        raise Invalid(ERR_INVALID_PAYLOAD, f"{field} must be an unsigned integer", payer)
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.isdigit():
        number = int(value)
    else:
        raise Invalid(ERR_INVALID_PAYLOAD, f"{field} must be an unsigned integer string", payer)
    if number < 0 or number >= 2**256:
        raise Invalid(ERR_INVALID_PAYLOAD, f"{field} out of uint256 range", payer)
    return number


def _require_fields(obj: Any, fields: tuple[str, ...], what: str, reason: str) -> None:
    if not isinstance(obj, dict):
        raise Invalid(reason, f"{what} must be a JSON object")
    missing = [f for f in fields if obj.get(f) in (None, "")]
    if missing:
        raise Invalid(reason, f"{what} is missing {', '.join(missing)}")


def recover_signer(
    authorization: dict[str, Any],
    signature: str,
    chain_id: int,
    asset: str,
    name: str,
    version: str,
) -> str:
    """Recover the address that signed an EIP-3009 TransferWithAuthorization."""
    signable = eip3009.signable(authorization, chain_id, asset, name, version)
    return Account.recover_message(signable, signature=bytes.fromhex(signature[2:]))


def verify_request(body: Any, state: State) -> dict[str, Any]:
    """Run every check on a /verify or /settle request body.

    Returns a dict describing the accepted payment; raises Invalid otherwise.
    """
    if not isinstance(body, dict):
        raise Invalid(ERR_INVALID_PAYLOAD, "request body must be a JSON object")

    version = body.get("x402Version")
    payload = body.get("paymentPayload")
    requirements = body.get("paymentRequirements")
    if version not in (1, 2) or isinstance(version, bool):
        raise Invalid(ERR_INVALID_VERSION, f"unsupported x402Version {version!r}")
    if not isinstance(payload, dict):
        raise Invalid(ERR_INVALID_PAYLOAD, "paymentPayload must be a JSON object")
    if payload.get("x402Version") != version:
        raise Invalid(
            ERR_INVALID_VERSION,
            f"paymentPayload.x402Version {payload.get('x402Version')!r} != x402Version {version}",
        )

    # -- requirements ------------------------------------------------------
    if version == 1:
        req_fields = ("scheme", "network", "maxAmountRequired", "resource", "payTo",
                      "maxTimeoutSeconds", "asset")
        amount_field = "maxAmountRequired"
    else:
        req_fields = ("scheme", "network", "amount", "asset", "payTo", "maxTimeoutSeconds")
        amount_field = "amount"
    _require_fields(requirements, req_fields, "paymentRequirements", ERR_INVALID_REQUIREMENTS)
    amount_raw = requirements[amount_field]
    if not (isinstance(amount_raw, str) and amount_raw.isdigit()):
        raise Invalid(ERR_INVALID_REQUIREMENTS, f"paymentRequirements.{amount_field} must be a digit string")
    required_amount = int(amount_raw)
    for field in ("payTo", "asset"):
        if not (isinstance(requirements[field], str) and ADDRESS_RE.match(requirements[field])):
            raise Invalid(ERR_INVALID_REQUIREMENTS, f"paymentRequirements.{field} is not an EVM address")
    extra = requirements.get("extra") or {}
    if isinstance(extra, str):  # v1 allowed a JSON-encoded extra
        try:
            extra = json.loads(extra)
        except ValueError:
            raise Invalid(ERR_INVALID_REQUIREMENTS, "paymentRequirements.extra is not JSON") from None
    if not isinstance(extra, dict):
        raise Invalid(ERR_INVALID_REQUIREMENTS, "paymentRequirements.extra must be an object")

    # -- payload envelope --------------------------------------------------
    if version == 1:
        _require_fields(payload, ("scheme", "network", "payload"), "paymentPayload", ERR_INVALID_PAYLOAD)
        payload_scheme = payload["scheme"]
        payload_network = payload["network"]
    else:
        _require_fields(payload, ("accepted", "payload"), "paymentPayload", ERR_INVALID_PAYLOAD)
        _require_fields(payload["accepted"], ("scheme", "network"), "paymentPayload.accepted",
                        ERR_INVALID_PAYLOAD)
        payload_scheme = payload["accepted"]["scheme"]
        payload_network = payload["accepted"]["network"]

    inner = payload["payload"]
    if not isinstance(inner, dict) or not isinstance(inner.get("authorization"), dict):
        raise Invalid(ERR_INVALID_PAYLOAD, "paymentPayload.payload.authorization is missing")
    auth = inner["authorization"]
    payer = auth.get("from") if isinstance(auth.get("from"), str) else None

    # -- scheme / network --------------------------------------------------
    if payload_scheme != SCHEME_EXACT or requirements["scheme"] != SCHEME_EXACT:
        raise Invalid(ERR_UNSUPPORTED_SCHEME,
                      f"scheme must be 'exact' (payload {payload_scheme!r}, "
                      f"requirements {requirements['scheme']!r})", payer)
    networks = NETWORKS_BY_VERSION[version]
    if requirements["network"] not in networks:
        raise Invalid(ERR_INVALID_NETWORK,
                      f"requirements network {requirements['network']!r} is not supported for "
                      f"x402Version {version} (expected one of {sorted(networks)})", payer)
    if payload_network not in networks:
        raise Invalid(ERR_INVALID_NETWORK,
                      f"payload network {payload_network!r} is not supported for "
                      f"x402Version {version} (expected one of {sorted(networks)})", payer)
    if payload_network != requirements["network"]:
        raise Invalid(ERR_NETWORK_MISMATCH,
                      f"payload network {payload_network!r} != requirements network "
                      f"{requirements['network']!r}", payer)
    chain_id = networks[requirements["network"]]

    if not extra.get("name") or not extra.get("version"):
        raise Invalid(ERR_MISSING_DOMAIN, "paymentRequirements.extra needs EIP-712 name and version",
                      payer)

    # -- authorization fields ----------------------------------------------
    for field in ("from", "to"):
        if not (isinstance(auth.get(field), str) and ADDRESS_RE.match(auth[field])):
            raise Invalid(ERR_INVALID_PAYLOAD, f"authorization.{field} is not an EVM address", payer)
    value = _uint(auth.get("value"), "authorization.value", payer)
    valid_after = _uint(auth.get("validAfter"), "authorization.validAfter", payer)
    valid_before = _uint(auth.get("validBefore"), "authorization.validBefore", payer)
    if not (isinstance(auth.get("nonce"), str) and NONCE_RE.match(auth["nonce"])):
        raise Invalid(ERR_INVALID_PAYLOAD, "authorization.nonce must be 0x + 32 bytes hex", payer)
    signature = inner.get("signature")
    if not isinstance(signature, str) or not signature:
        raise Invalid(ERR_INVALID_SIGNATURE, "payload.signature is missing", payer)

    # -- amounts, recipient, validity window -------------------------------
    if auth["to"].lower() != requirements["payTo"].lower():
        raise Invalid(ERR_RECIPIENT_MISMATCH,
                      f"authorization.to {auth['to']} != payTo {requirements['payTo']}", payer)
    if value != required_amount:
        raise Invalid(ERR_VALUE_MISMATCH,
                      f"authorization.value {value} != required amount {required_amount}", payer)
    now = int(time.time())
    if valid_before < now + VALID_BEFORE_BUFFER_SECONDS:
        raise Invalid(ERR_VALID_BEFORE,
                      f"validBefore {valid_before} is not at least {VALID_BEFORE_BUFFER_SECONDS}s "
                      f"after now ({now})", payer)
    if valid_after > now:
        raise Invalid(ERR_VALID_AFTER, f"validAfter {valid_after} is in the future (now {now})",
                      payer)

    # -- signature -----------------------------------------------------------
    if not SIGNATURE_RE.match(signature):
        raise Invalid(ERR_INVALID_SIGNATURE,
                      "payload.signature must be a 65-byte hex EOA signature", payer)
    try:
        recovered = recover_signer(auth, signature, chain_id, requirements["asset"],
                                   str(extra["name"]), str(extra["version"]))
    except Exception as exc:  # malformed r/s/v etc.
        raise Invalid(ERR_INVALID_SIGNATURE, f"signature recovery failed: {exc}", payer) from None
    if recovered.lower() != auth["from"].lower():
        raise Invalid(ERR_INVALID_SIGNATURE,
                      f"signature recovers to {recovered}, not authorization.from {auth['from']}",
                      payer)

    # -- simulated chain state ---------------------------------------------
    if state.nonce_used(auth["from"], auth["nonce"]):
        raise Invalid(ERR_NONCE_USED, f"nonce {auth['nonce']} already used by {auth['from']}",
                      payer)

    return {
        "version": version,
        "payer": auth["from"],
        "nonce": auth["nonce"],
        "amount": str(value),
        "network": requirements["network"],
        "payTo": requirements["payTo"],
        "asset": requirements["asset"],
    }


def _request_network(body: Any) -> str:
    """Best-effort network of a request, for failure answers."""
    if isinstance(body, dict):
        req = body.get("paymentRequirements")
        if isinstance(req, dict) and isinstance(req.get("network"), str):
            return req["network"]
    return ""


def _request_payer(body: Any) -> str | None:
    try:
        payer = body["paymentPayload"]["payload"]["authorization"]["from"]
        return payer if isinstance(payer, str) else None
    except (KeyError, TypeError):
        return None


# --------------------------------------------------------------------------
# Endpoint logic
# --------------------------------------------------------------------------


def do_verify(body: Any, state: State) -> tuple[int, dict[str, Any]]:
    mode = state.modes()["verify"]
    if mode == "error500":
        return 500, {"error": "internal_error", "message": "forced by /_control (verify=error500)"}
    if mode == "hang":
        time.sleep(HANG_SECONDS)
    if mode == "invalid":
        answer: dict[str, Any] = {"isValid": False, "invalidReason": ERR_INVALID_SIGNATURE,
                                  "invalidMessage": "forced by /_control (verify=invalid)"}
        payer = _request_payer(body)
        if payer:
            answer["payer"] = payer
        return 200, answer
    try:
        accepted = verify_request(body, state)
    except Invalid as inv:
        answer = {"isValid": False, "invalidReason": inv.reason, "invalidMessage": inv.message}
        if inv.payer:
            answer["payer"] = inv.payer
        return 200, answer
    return 200, {"isValid": True, "payer": accepted["payer"]}


def do_settle(body: Any, state: State) -> tuple[int, dict[str, Any]]:
    mode = state.modes()["settle"]
    network = _request_network(body)
    if mode == "error500":
        return 500, {"error": "internal_error", "message": "forced by /_control (settle=error500)"}
    if mode == "fail":
        answer: dict[str, Any] = {"success": False, "errorReason": ERR_UNEXPECTED_SETTLE,
                                  "errorMessage": "forced by /_control (settle=fail)",
                                  "transaction": "", "network": network}
        payer = _request_payer(body)
        if payer:
            answer["payer"] = payer
        return 200, answer
    if mode == "hang":
        time.sleep(HANG_SECONDS)
    try:
        accepted = verify_request(body, state)
        key = (accepted["payer"].lower(), accepted["nonce"].lower())
        with state.lock:  # the "chain": one settlement per (from, nonce)
            if key in state.used_nonces:
                raise Invalid(ERR_NONCE_USED,
                              f"nonce {accepted['nonce']} already used by {accepted['payer']}",
                              accepted["payer"])
            state.used_nonces.add(key)
            transaction = "0x" + os.urandom(32).hex()
            state.settlements.append({
                "payer": accepted["payer"],
                "nonce": accepted["nonce"],
                "amount": accepted["amount"],
                "network": accepted["network"],
                "transaction": transaction,
                "x402Version": accepted["version"],
                "payTo": accepted["payTo"],
                "asset": accepted["asset"],
            })
    except Invalid as inv:
        answer = {"success": False, "errorReason": inv.reason, "errorMessage": inv.message,
                  "transaction": "", "network": network}
        if inv.payer:
            answer["payer"] = inv.payer
        return 200, answer
    return 200, {"success": True, "payer": accepted["payer"], "transaction": transaction,
                 "network": accepted["network"]}


def supported_response(state: State) -> dict[str, Any]:
    kinds = [{"x402Version": 1, "scheme": SCHEME_EXACT, "network": n} for n in ("base-sepolia", "base")]
    kinds += [{"x402Version": 2, "scheme": SCHEME_EXACT, "network": n}
              for n in ("eip155:84532", "eip155:8453")]
    return {"kinds": kinds, "extensions": [], "signers": {"eip155:*": [state.signer_address]}}


# --------------------------------------------------------------------------
# HTTP plumbing
# --------------------------------------------------------------------------


class Handler(JsonHandler):
    log_name = "facilitator"
    server_version = "x402-test-facilitator/1"

    # set on the class by main()
    state: State
    key: str | None = None

    def _authorized(self) -> bool:
        if not self.key:
            return True
        given = self.headers.get("Authorization", "")
        expected = "Bearer " + self.key
        if hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8")):
            return True
        self.state.count("unauthorized")
        self._send_json(401, {"error": "unauthorized"}, {"WWW-Authenticate": "Bearer"})
        return False

    def _path(self) -> str:
        return self.path.split("?", 1)[0].rstrip("/") or "/"

    # -- verbs ---------------------------------------------------------------------
    def do_GET(self) -> None:  # noqa: N802
        path = self._path()
        if path in ("/verify", "/settle"):
            # drain any body so keep-alive stays in sync
            self._read_body()
            self._send_json(405, {"error": "method_not_allowed"}, {"Allow": "POST"})
            return
        if path not in ("/supported", "/_settlements", "/_calls", "/_control"):
            self._send_json(404, {"error": "not_found"})
            return
        if not self._authorized():
            return
        state = self.state
        if path == "/supported":
            state.count("supported")
            self._send_json(200, supported_response(state))
        elif path == "/_settlements":
            with state.lock:
                self._send_json(200, list(state.settlements))
        elif path == "/_calls":
            with state.lock:
                self._send_json(200, dict(state.calls))
        else:
            self._send_json(200, state.modes())

    def do_POST(self) -> None:  # noqa: N802
        path = self._path()
        if path not in ("/verify", "/settle", "/_control"):
            self._read_body()
            if path in ("/supported", "/_settlements", "/_calls"):
                self._send_json(405, {"error": "method_not_allowed"}, {"Allow": "GET"})
            else:
                self._send_json(404, {"error": "not_found"})
            return
        raw = self._read_body()
        if not self._authorized():
            return
        state = self.state
        if path in ("/verify", "/settle"):
            state.count(path[1:])
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            self._send_json(400, {"error": "invalid_request", "message": f"body is not JSON: {exc}"})
            return
        if path == "/verify":
            status, answer = do_verify(body, state)
            self._send_json(status, answer)
        elif path == "/settle":
            status, answer = do_settle(body, state)
            self._send_json(status, answer)
        else:
            self._control(body)

    def _control(self, body: Any) -> None:
        state = self.state
        if not isinstance(body, dict):
            self._send_json(400, {"error": "control body must be a JSON object"})
            return
        verify_mode = body.get("verify")
        settle_mode = body.get("settle")
        if verify_mode is not None and verify_mode not in VERIFY_MODES:
            self._send_json(400, {"error": f"verify must be one of {list(VERIFY_MODES)}"})
            return
        if settle_mode is not None and settle_mode not in SETTLE_MODES:
            self._send_json(400, {"error": f"settle must be one of {list(SETTLE_MODES)}"})
            return
        with state.lock:
            if body.get("reset"):
                state.verify_mode = "ok"
                state.settle_mode = "ok"
                state.settlements.clear()
                state.used_nonces.clear()
                for name in state.calls:
                    state.calls[name] = 0
            if verify_mode is not None:
                state.verify_mode = verify_mode
            if settle_mode is not None:
                state.settle_mode = settle_mode
        self._send_json(200, state.modes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Loopback x402 facilitator stand-in for tests.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0 = pick a free one)")
    parser.add_argument("--key", default=None, help="require 'Authorization: Bearer KEY' on every call")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    args = parser.parse_args(argv)

    Handler.state = State()
    Handler.key = args.key or None
    Handler.verbose = args.verbose

    return serve(Handler, args.port)


if __name__ == "__main__":
    sys.exit(main())
