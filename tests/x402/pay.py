"""Paying x402 client for integration tests, built on the real `x402` package.

The Rust tests run this as a subprocess. It sends the request once without
payment; on a 402 it builds an `exact` EVM (EIP-3009 / USDC) payment with the
`x402` package's own client (`x402ClientSync` + `register_exact_evm_client`,
header helpers from `x402HTTPClientSync`) and sends the request again with the
payment header. It prints exactly ONE JSON line to stdout:

    {"status": int, "headers": {lowercased name: value}, "body": <JSON or text>,
     "paymentResponse": <decoded PAYMENT-RESPONSE / X-PAYMENT-RESPONSE JSON or null>,
     "payment": "<base64 payment header value sent, or null>",
     "paymentHeader": "PAYMENT-SIGNATURE" | "X-PAYMENT" | null,
     "paymentResponseSchemaError": <null, or why the x402 package's SettleResponse
                                    model rejects the payment response header>,
     "error": <only present when the tool itself failed>}

Protocol versions:
  --version 2  parse the base64 `PAYMENT-REQUIRED` header (v2 PaymentRequired),
               pay with `PAYMENT-SIGNATURE`.
  --version 1  parse the JSON body as v1 PaymentRequiredV1 (`x402Version: 1,
               accepts: [...]`), ignoring any PAYMENT-REQUIRED header, and pay
               with `X-PAYMENT`.

Tampering (--tamper), for negative tests:
  amount     authorization signed for the required amount - 1
  payto      authorization signed paying a different, random address
  expired    authorization whose validBefore is already in the past
  short      authorization valid for only 6 more seconds (correctly signed)
  signature  one byte of the signature flipped after signing
  network    payment made for (and claiming) the other network
             (base <-> base-sepolia, eip155:8453 <-> eip155:84532)
For `amount` and `payto` the v2 `accepted` echo is left equal to the server's
original offer, so the lie is only inside the signed authorization.

--payment-id ID  carry ID in the payload's `payment-identifier` extension (v2), appended
             with the x402 package's own helper where the 402 declared the extension.

--only-sign  build the payment header but do not send it; print the 402's
             status/headers/body with `payment` and `paymentHeader` filled in
             (the caller replays the header itself).

Client-side spend controls of the x402 package (default: only well-known
assets, at most $1 per payment) are switched off unless
--package-spend-controls is given, since prices come from the service under
test.

Exit status: 0 when a JSON line describing an HTTP exchange was printed,
1 when the tool failed (the JSON line then has an "error" key; if the failure
came after a 402, the line still carries that 402's status/headers/body).

--serve      import once, print `listening on <port>`, then answer each loopback
             connection (one JSON array of these arguments in; one JSON object
             `{"code", "stdout", "stderr"}` out, `stdout` being the line above) in a
             child forked for it: a payment costs no second of imports, and several
             run at once. Ends when its standard input closes.

Example:
    python pay.py --url http://127.0.0.1:8080/v1/thing --method POST \\
        --body '{"a":1}' --private-key 0x... --version 2 --api-key KEY
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import io
import json
import os
import signal
import socket
import sys
import threading
import time
import traceback
from typing import Any

import requests
from eth_account import Account

import eip3009

from x402 import prefer_network, x402ClientSync
from x402.extensions.payment_identifier import append_payment_identifier_to_extensions
from x402.http import x402HTTPClientSync
from x402.mechanisms.evm.exact import register_exact_evm_client
from x402.mechanisms.evm.signers import EthAccountSigner
from x402.mechanisms.evm.utils import get_evm_chain_id as chain_id_v2
from x402.mechanisms.evm.v1.utils import get_evm_chain_id as chain_id_v1
from x402.schemas import PaymentPayload, PaymentRequired
from x402.schemas.responses import SettleResponse
from x402.schemas.v1 import PaymentPayloadV1, PaymentRequiredV1

REQUEST_TIMEOUT_SECONDS = 120

OTHER_NETWORK = {
    "base": "base-sepolia",
    "base-sepolia": "base",
    "eip155:8453": "eip155:84532",
    "eip155:84532": "eip155:8453",
}



class ToolError(Exception):
    """A failure of this tool (not of the service under test)."""


# --------------------------------------------------------------------------
# HTTP helpers
# --------------------------------------------------------------------------


def send(args: argparse.Namespace, extra_headers: dict[str, str] | None = None) -> requests.Response:
    headers: dict[str, str] = {}
    if args.api_key:
        headers["x-api-key"] = args.api_key
    for header in args.header or []:
        name, _, value = header.partition(":")
        headers[name.strip()] = value.strip()
    data = None
    if args.body is not None:
        headers["Content-Type"] = "application/json"
        data = args.body.encode("utf-8")
    headers.update(extra_headers or {})
    return requests.request(args.method, args.url, headers=headers, data=data,
                            timeout=REQUEST_TIMEOUT_SECONDS, allow_redirects=False)


def parse_body(resp: requests.Response) -> Any:
    text = resp.content.decode("utf-8", errors="replace")
    try:
        return json.loads(text)
    except ValueError:
        return text


def decode_payment_response(resp: requests.Response) -> tuple[Any, str | None]:
    """Decode PAYMENT-RESPONSE (v2) or X-PAYMENT-RESPONSE (v1).

    Returns (decoded JSON or raw string or None, schema error or None).
    """
    raw = resp.headers.get("PAYMENT-RESPONSE") or resp.headers.get("X-PAYMENT-RESPONSE")
    if not raw:
        return None, None
    try:
        decoded = json.loads(base64.b64decode(raw.encode("ascii"), validate=True).decode("utf-8"))
    except Exception as exc:  # not base64 JSON: report the raw value
        return raw, f"not base64-encoded JSON: {exc}"
    try:
        SettleResponse.model_validate(decoded)
        schema_error = None
    except Exception as exc:
        schema_error = str(exc)
    return decoded, schema_error


def result_line(resp: requests.Response, payment: str | None, payment_header: str | None,
                include_payment_response: bool = True) -> dict[str, Any]:
    payment_response, schema_error = (decode_payment_response(resp) if include_payment_response
                                      else (None, None))
    return {
        "status": resp.status_code,
        "headers": {k.lower(): v for k, v in resp.headers.items()},
        "body": parse_body(resp),
        "paymentResponse": payment_response,
        "payment": payment,
        "paymentHeader": payment_header,
        "paymentResponseSchemaError": schema_error,
    }


# --------------------------------------------------------------------------
# Own EIP-3009 signing (only for --tamper expired and short)
# --------------------------------------------------------------------------


def sign_transfer_authorization(account: Any, authorization: dict[str, str], chain_id: int,
                                asset: str, name: str, version: str) -> str:
    signed = account.sign_message(eip3009.signable(authorization, chain_id, asset, name, version))
    return "0x" + bytes(signed.signature).hex()


# Tamper modes that re-sign the authorization valid for this many more seconds.
VALIDITY = {"expired": -60, "short": 6}


def resigned_inner_payload(account: Any, template: dict[str, Any], chain_id: int, asset: str,
                           extra: dict[str, Any], valid_for: int) -> dict[str, Any]:
    """An EIP-3009 inner payload shaped like the package's, signed valid until `valid_for`
    seconds from now (negative: already expired)."""
    now = int(time.time())
    authorization = dict(template["authorization"])
    authorization["validAfter"] = str(now - 3600)
    authorization["validBefore"] = str(now + valid_for)
    authorization["nonce"] = "0x" + os.urandom(32).hex()
    signature = sign_transfer_authorization(account, authorization, chain_id, asset,
                                            str(extra["name"]), str(extra.get("version", "1")))
    return {"authorization": authorization, "signature": signature}


def flip_signature_byte(signature: str) -> str:
    raw = bytearray(bytes.fromhex(signature[2:]))
    raw[5] ^= 0x01  # inside r
    return "0x" + raw.hex()


# --------------------------------------------------------------------------
# Payment construction
# --------------------------------------------------------------------------


def make_client(account: Any, args: argparse.Namespace) -> x402ClientSync:
    client = x402ClientSync()
    # Registers ExactEvmScheme for "eip155:*" (v2) and ExactEvmSchemeV1 for
    # every legacy v1 network name.
    register_exact_evm_client(client, EthAccountSigner(account))
    if args.prefer_network:
        client.register_policy(prefer_network(args.prefer_network))
    if not args.package_spend_controls:
        client.set_spend_controls(False)
    return client


def build_v2(http_client: x402HTTPClientSync, account: Any, resp: requests.Response,
             tamper: str | None) -> PaymentPayload:
    normalized = {k.upper(): v for k, v in resp.headers.items()}
    try:
        # body=None: v2 requirements come only from the PAYMENT-REQUIRED header.
        payment_required = http_client.get_payment_required_response(
            lambda name: normalized.get(name.upper()), None)
    except Exception as exc:
        raise ToolError(f"cannot parse PAYMENT-REQUIRED header: {exc}") from exc
    if not isinstance(payment_required, PaymentRequired):
        raise ToolError("PAYMENT-REQUIRED header is not a v2 PaymentRequired")

    if tamper in ("amount", "payto", "network"):
        modified = payment_required.model_copy(deep=True)
        for req in modified.accepts:
            if tamper == "amount":
                req.amount = str(int(req.amount) - 1)
            elif tamper == "payto":
                req.pay_to = Account.create().address
            else:
                req.network = OTHER_NETWORK.get(req.network, req.network)
        payload = http_client.create_payment_payload(modified)
        if tamper in ("amount", "payto"):
            index = modified.accepts.index(payload.accepted)
            payload = payload.model_copy(update={"accepted": payment_required.accepts[index]})
        return payload

    payload = http_client.create_payment_payload(payment_required)
    if tamper == "signature":
        inner = dict(payload.payload)
        inner["signature"] = flip_signature_byte(inner["signature"])
        payload = payload.model_copy(update={"payload": inner})
    elif tamper in VALIDITY:
        req = payload.accepted
        inner = resigned_inner_payload(account, payload.payload, chain_id_v2(req.network),
                                       req.asset, req.extra or {}, VALIDITY[tamper])
        payload = payload.model_copy(update={"payload": inner})
    return payload


def build_v1(http_client: x402HTTPClientSync, account: Any, resp: requests.Response,
             tamper: str | None) -> PaymentPayloadV1:
    body = parse_body(resp)
    if not isinstance(body, dict) or body.get("x402Version") != 1:
        raise ToolError("402 body is not a v1 PaymentRequired (x402Version 1)")
    try:
        # get_header always None: v1 mode ignores the PAYMENT-REQUIRED header.
        payment_required = http_client.get_payment_required_response(lambda name: None, body)
    except Exception as exc:
        raise ToolError(f"cannot parse v1 402 body: {exc}") from exc
    if not isinstance(payment_required, PaymentRequiredV1):
        raise ToolError("402 body did not parse as PaymentRequiredV1")

    if tamper in ("amount", "payto", "network"):
        modified = payment_required.model_copy(deep=True)
        for req in modified.accepts:
            if tamper == "amount":
                req.max_amount_required = str(int(req.max_amount_required) - 1)
            elif tamper == "payto":
                req.pay_to = Account.create().address
            else:
                req.network = OTHER_NETWORK.get(req.network, req.network)
        return http_client.create_payment_payload(modified)

    payload = http_client.create_payment_payload(payment_required)
    if tamper == "signature":
        inner = dict(payload.payload)
        inner["signature"] = flip_signature_byte(inner["signature"])
        payload = payload.model_copy(update={"payload": inner})
    elif tamper in VALIDITY:
        auth = payload.payload["authorization"]
        selected = next(
            r for r in payment_required.accepts
            if r.scheme == payload.scheme and r.network == payload.network
            and r.pay_to.lower() == auth["to"].lower() and r.max_amount_required == auth["value"]
        )
        extra = selected.extra or {}
        if isinstance(extra, str):
            extra = json.loads(extra)
        inner = resigned_inner_payload(account, payload.payload, chain_id_v1(selected.network),
                                       selected.asset, extra, VALIDITY[tamper])
        payload = payload.model_copy(update={"payload": inner})
    return payload


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def run(args: argparse.Namespace) -> dict[str, Any]:
    account = Account.from_key(args.private_key)
    client = make_client(account, args)
    http_client = x402HTTPClientSync(client)

    first = send(args)
    if first.status_code != 402:
        return result_line(first, None, None)

    try:
        if args.version == 2:
            payload = build_v2(http_client, account, first, args.tamper)
            if args.payment_id:
                extensions = append_payment_identifier_to_extensions(dict(payload.extensions or {}), args.payment_id)
                payload = payload.model_copy(update={"extensions": extensions})
        else:
            payload = build_v1(http_client, account, first, args.tamper)
    except Exception as exc:
        sys.stderr.write(traceback.format_exc())
        line = result_line(first, None, None)
        line["error"] = (str(exc) if isinstance(exc, ToolError)
                         else f"payment creation failed: {type(exc).__name__}: {exc}")
        return line

    # {"PAYMENT-SIGNATURE": b64} for v2, {"X-PAYMENT": b64} for v1
    payment_headers = http_client.encode_payment_signature_header(payload)
    (header_name, header_value), = payment_headers.items()

    if args.only_sign:
        return result_line(first, header_value, header_name, include_payment_response=False)

    paid = send(args, payment_headers)
    return result_line(paid, header_value, header_name)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="x402 paying client for tests (prints one JSON line).")
    parser.add_argument("--url", required=True)
    parser.add_argument("--method", default="POST", type=str.upper, choices=["POST", "GET"])
    parser.add_argument("--body", default=None, help="request body (JSON text), sent as-is")
    parser.add_argument("--private-key", required=True, help="payer private key, 0x-hex")
    parser.add_argument("--version", type=int, choices=[1, 2], required=True)
    parser.add_argument("--api-key", default=None, help="sent as x-api-key")
    parser.add_argument("--header", action="append", help="an extra request header, `Name: value` (repeatable)")
    parser.add_argument("--tamper", choices=["amount", "payto", "expired", "short", "signature", "network"])
    parser.add_argument("--only-sign", action="store_true")
    parser.add_argument("--payment-id", default=None)
    parser.add_argument("--prefer-network", default=None,
                        help="prefer this network when the 402 offers several")
    parser.add_argument("--package-spend-controls", action="store_true",
                        help="keep the x402 package's default client spend controls")
    args = parser.parse_args(argv)

    try:
        line = run(args)
        code = 1 if "error" in line else 0
    except Exception as exc:  # always print one JSON line
        message = str(exc) if isinstance(exc, ToolError) else f"{type(exc).__name__}: {exc}"
        sys.stderr.write(traceback.format_exc())
        line = {"status": None, "headers": {}, "body": None, "paymentResponse": None,
                "payment": None, "paymentHeader": None, "paymentResponseSchemaError": None,
                "error": message}
        code = 1
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()
    return code


def serve() -> int:
    """--serve: see the module's description."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    print(f"listening on {listener.getsockname()[1]}", flush=True)
    # The test binary holds the other end of stdin: when it exits, so does this server.
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    while True:
        conn, _ = listener.accept()
        if os.fork() == 0:
            listener.close()
            with conn, conn.makefile("rwb") as stream:
                argv = json.loads(stream.readline())
                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    code = main(argv)
                answer = {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}
                stream.write(json.dumps(answer).encode() + b"\n")
            os._exit(0)
        conn.close()


if __name__ == "__main__":
    sys.exit(serve() if sys.argv[1:] == ["--serve"] else main())
