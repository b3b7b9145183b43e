"""Loopback stand-in for a Solana JSON-RPC node, for integration tests.

It speaks JSON-RPC 2.0 over `POST /` (single requests and batch arrays), as
a real node does, and serves the two methods a payment watcher needs:

* `getSignaturesForAddress [address, {limit?, before?, until?, commitment?,
  minContextSlot?}]` -> signatures of the recorded transactions whose account
  keys (static keys and, for v0, keys loaded from lookup tables) contain
  `address`, newest first (slot desc, then insertion order desc), strictly
  older than `before`, strictly newer than `until` (an unknown `until` is
  ignored), at most `min(limit or 1000, --page-size)` of them. Each entry is
  `{signature, slot, err, memo: null, blockTime, confirmationStatus,
  transactionIndex: 0}`.
  - `limit` outside 1..=1000 -> -32602 `Invalid limit; max 1000`
  - `commitment: "processed"` -> -32602 ``Method does not support commitment
    below `confirmed` `` (like a real node)
  - unknown `before` -> -32602 `Invalid param: before signature not found`
    (a real Agave node answers `[]` instead; this stand-in is stricter on
    purpose so that a client paging with a bogus cursor is noticed)
  - `minContextSlot` above the current slot -> -32016 (as a real node)
  Only transactions whose confirmation is at least the requested commitment
  (default `finalized`; processed < confirmed < finalized) are listed.
* `getTransaction [signature, {encoding?, commitment?,
  maxSupportedTransactionVersion?}]` -> the transaction in the shape of
  Agave's `EncodedConfirmedTransactionWithStatusMeta` for `jsonParsed`
  (required), `json` (the default, as on a real node), `base64`, `base58` and
  `binary`; `null` when the signature is unknown or the transaction is below
  the requested commitment (default `finalized`); -32602 for `processed`.
  A v0/v1 transaction asked for without `maxSupportedTransactionVersion` (or
  with a smaller one) -> -32015 `Transaction version (N) is not supported by
  the requesting client. Please try the request again with the following
  configuration parameter: "maxSupportedTransactionVersion": N`. As on a real
  node, `version` is left out when `maxSupportedTransactionVersion` is absent
  (only possible for legacy transactions then).

Other methods -> -32601 `Method not found`; a body that is not JSON -> -32700
`Parse error`; a request that is not a JSON-RPC object -> -32600.

Every served transaction is real: a system-program transfer (plus optional
extra transfers) from a deterministic payer keypair, compiled into a legacy
`Message`, a `MessageV0` (destinations put in an address lookup table, so they
show up with `"source": "lookupTable"` after the static keys and
`addressTableLookups` is present) or a `MessageV1` (SIMD-0385: no lookup
tables; carries a `TransactionConfig`, rendered as `transactionConfig`), with a
random recent blockhash, signed by the payer with `solders`. The signature
served is the transaction's first signature; `base64` answers hold the wire
bytes. Balances come from a small ledger: payers start with 1000 SOL, other
accounts with 0 (programs with 1); the payer pays a 5000-lamport fee plus the
transfers, the destinations receive the transfers, and a failed transaction
(`meta.err = {"InstructionError": [0, {"Custom": 1}]}`) only pays the fee.
`meta.computeUnitsConsumed` is 150 per executed system instruction.

Test-control endpoints (plain HTTP, JSON bodies, not JSON-RPC):

* `POST /_transfer` `{"to": base58 (required), "lamports": int (required),
  "version": "legacy"|0|1 (default "legacy"), "failed": bool (default false),
  "blockTime": int (default now), "confirmation": "processed"|"confirmed"|
  "finalized" (default "finalized"), "extraTransfers": [{"to", "lamports"}]
  (more transfer instructions in the same transaction), "fromSeed": int
  (default 0: which deterministic payer), "lookupTable": bool (v0 only,
  default true)}` -> records the transaction at the next slot (the first is
  300000000, then +1 each) and answers `{"signature", "slot", "blockTime",
  "from", "version"}`. 400 with `{"error": ...}` on a bad body.
* `POST /_dust` `{"to": base58 (required), "count": int (1..100000, required),
  "lamports": int (default 1), "fromSeed": int (default 1)}` -> records `count`
  plain, finalized, legacy transfers of `lamports` to `to`, now, one slot each
  (real signed transactions, as `/_transfer` makes them, in one request so that
  thousands cost a second rather than thousands of round trips); answers
  `{"count", "first", "last", "slot"}` (the first and last signatures).
* `POST /_confirm` `{"signature": base58, "confirmation": "confirmed"|...}`
  -> changes the confirmation of a recorded transaction (e.g. to make a
  confirmed transaction finalized later); answers `{"signature",
  "confirmation"}`, 404 if unknown.
* `POST /_unreadable` `{"signature": base58, "answer": "error"|"null"|"500"|"readable"}`
  -> makes `getTransaction` of one recorded transaction fail until set `readable` again, as a
  node that cannot return one transaction does: `error` answers -32015 (an unsupported
  transaction version, what a node says of a version newer than the client asks for), `null`
  answers `result: null`, `500` answers HTTP 500. Listing is unaffected. Answers
  `{"signature", "answer"}`, 404 if unknown.
* `POST /_control` `{"rateLimit": n, "error500": n, "pageSize": n,
  "reset": bool}` (all optional; `reset` first clears transactions, balances,
  slots and counters): the next `rateLimit` JSON-RPC requests get HTTP 429
  with `Retry-After: 0` and body `{"jsonrpc": "2.0", "error": {"code": 429,
  "message": "Too many requests"}, "id": ...}`, the `error500` requests after
  those get HTTP 500 (`{"code": 500, "message": "Internal server error"}`).
  Answers the current settings `{"rateLimit", "error500", "pageSize",
  "transactions", "slot"}`; `GET /_control` answers them too.
* `GET /_calls` -> `{"getSignaturesForAddress": n, "getTransaction": n,
  "total": n, "rateLimited": n, "failed500": n}`: `total` counts every
  JSON-RPC request received (each element of a batch counts), a request
  answered 429/500 counts in `total` and in `rateLimited`/`failed500` only
  (once per HTTP request), the method counters count served requests.

Usage:
    python rpc.py [--port 0] [--page-size 1000] [--verbose]

Binds 127.0.0.1, prints exactly one line `listening on <port>` to stdout once
the socket accepts connections, then serves until killed. Request logs go to
stderr only with `--verbose` (so an undrained stderr pipe cannot block it).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import struct
import sys
import threading
import pathlib
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from loopback import JsonHandler, serve  # noqa: E402 - the tests' shared stand-in plumbing

from solders.address_lookup_table_account import AddressLookupTableAccount
from solders.hash import Hash
from solders.keypair import Keypair
from solders.message import Message, MessageV0, MessageV1, TransactionConfig
from solders.pubkey import Pubkey
from solders.signature import Signature
from solders.system_program import ID as SYSTEM_PROGRAM_ID
from solders.system_program import TransferParams, transfer
from solders.transaction import Transaction, VersionedTransaction

# --------------------------------------------------------------------------
# Protocol constants
# --------------------------------------------------------------------------

FIRST_SLOT = 300_000_000
MAX_SIGNATURES_LIMIT = 1000  # MAX_GET_CONFIRMED_SIGNATURES_FOR_ADDRESS2_LIMIT
FEE_PER_SIGNATURE = 5000
SYSTEM_TRANSFER_UNITS = 150
PAYER_START_LAMPORTS = 1_000 * 1_000_000_000
V1_COMPUTE_UNIT_LIMIT = 10_000
SYSTEM_PROGRAM = str(SYSTEM_PROGRAM_ID)
SYSTEM_TRANSFER_TAG = 2  # SystemInstruction::Transfer
FAILED_ERR = {"InstructionError": [0, {"Custom": 1}]}

# JSON-RPC error codes (jsonrpc-core + solana-rpc-client-api custom_error.rs)
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
UNSUPPORTED_TRANSACTION_VERSION = -32015
MIN_CONTEXT_SLOT_NOT_REACHED = -32016

COMMITMENT_RANK = {"processed": 0, "confirmed": 1, "finalized": 2}
COMMITMENT_ALIASES = {  # deprecated names a node still accepts
    "recent": "processed", "single": "confirmed", "singleGossip": "confirmed",
    "root": "finalized", "max": "finalized",
}
ENCODINGS = ("json", "jsonParsed", "base64", "base58", "binary")

B58_ALPHABET = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def b58encode(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    out = bytearray()
    while number:
        number, rem = divmod(number, 58)
        out.append(B58_ALPHABET[rem])
    zeros = len(data) - len(data.lstrip(b"\0"))
    return (B58_ALPHABET[:1] * zeros + bytes(reversed(out))).decode("ascii")


class RpcError(Exception):
    """A JSON-RPC error answer."""

    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def to_json(self) -> dict[str, Any]:
        err: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            err["data"] = self.data
        return err


class BadControl(Exception):
    """A malformed control-endpoint body (answered 400)."""


def payer_keypair(seed: int) -> Keypair:
    digest = hashlib.sha256(f"tests/solana/rpc.py payer {seed}".encode()).digest()
    return Keypair.from_seed(digest)


# --------------------------------------------------------------------------
# Recorded transactions
# --------------------------------------------------------------------------


class Record:
    """One transaction as the node stores it: the signed transaction + meta."""

    def __init__(self, **fields: Any) -> None:
        self.tx: VersionedTransaction = fields["tx"]
        self.version: str | int = fields["version"]  # "legacy" | 0 | 1
        self.signature: str = fields["signature"]
        self.slot: int = fields["slot"]
        self.seq: int = fields["seq"]
        self.block_time: int = fields["block_time"]
        self.confirmation: str = fields["confirmation"]
        self.err: dict[str, Any] | None = fields["err"]
        # full account list, index-aligned with the balances:
        # (pubkey, writable, signer, source) with source "transaction"|"lookupTable"
        self.accounts: list[tuple[str, bool, bool, str]] = fields["accounts"]
        self.loaded_writable: list[str] = fields["loaded_writable"]
        self.loaded_readonly: list[str] = fields["loaded_readonly"]
        self.pre_balances: list[int] = fields["pre_balances"]
        self.post_balances: list[int] = fields["post_balances"]
        self.fee: int = fields["fee"]
        self.log_messages: list[str] = fields["log_messages"]
        self.units: int = fields["units"]
        self.keyset = {a[0] for a in self.accounts}

    @property
    def message(self) -> Any:
        return self.tx.message

    def order_key(self) -> tuple[int, int]:
        return (self.slot, self.seq)


def _header_writable(index: int, header: Any, n_static: int) -> bool:
    signers = header.num_required_signatures
    if index < signers:
        return index < signers - header.num_readonly_signed_accounts
    return index < n_static - header.num_readonly_unsigned_accounts


def _decode_transfer(data: bytes) -> int | None:
    if len(data) == 12 and struct.unpack_from("<I", data, 0)[0] == SYSTEM_TRANSFER_TAG:
        return struct.unpack_from("<Q", data, 4)[0]
    return None


class State:
    """Settings, counters and the simulated chain."""

    def __init__(self, page_size: int) -> None:
        self.lock = threading.Lock()
        self.page_size = page_size
        self.rate_limit = 0
        self.error500 = 0
        self._clear()

    def _clear(self) -> None:
        self.records: list[Record] = []
        self.by_signature: dict[str, Record] = {}
        # signature -> how its getTransaction fails ("error", "null", "500"); see /_unreadable
        self.unreadable: dict[str, str] = {}
        self.balances: dict[str, int] = {}
        self.next_slot = FIRST_SLOT
        self.seq = 0
        self.calls = {"getSignaturesForAddress": 0, "getTransaction": 0, "total": 0,
                      "rateLimited": 0, "failed500": 0}

    def reset(self) -> None:
        self.rate_limit = 0
        self.error500 = 0
        self._clear()

    def current_slot(self) -> int:
        return self.next_slot - 1

    def settings(self) -> dict[str, Any]:
        return {"rateLimit": self.rate_limit, "error500": self.error500,
                "pageSize": self.page_size, "transactions": len(self.records),
                "slot": self.current_slot()}

    def _balance(self, key: str, payer: str) -> int:
        if key not in self.balances:
            if key == payer:
                self.balances[key] = PAYER_START_LAMPORTS
            elif key == SYSTEM_PROGRAM:
                self.balances[key] = 1
            else:
                self.balances[key] = 0
        return self.balances[key]

    # -- recording -----------------------------------------------------------
    def record_transfer(self, spec: dict[str, Any]) -> Record:
        """Build, sign and record a transfer transaction (caller holds the lock)."""
        payer = payer_keypair(spec["fromSeed"])
        payer_pk = payer.pubkey()
        transfers = [(spec["to"], spec["lamports"])] + spec["extraTransfers"]
        instructions = [transfer(TransferParams(from_pubkey=payer_pk, to_pubkey=to, lamports=lamports))
                        for to, lamports in transfers]
        blockhash = Hash(os.urandom(32))  # a fresh random recent blockhash
        version = spec["version"]
        loaded_writable: list[Pubkey] = []
        loaded_readonly: list[Pubkey] = []
        if version == "legacy":
            message = Message.new_with_blockhash(instructions, payer_pk, blockhash)
            tx = VersionedTransaction.from_legacy(Transaction([payer], message, blockhash))
        elif version == 0:
            tables = []
            if spec["lookupTable"]:
                table_keys: list[Pubkey] = []
                for to, _ in transfers:
                    if to != payer_pk and to != SYSTEM_PROGRAM_ID and to not in table_keys:
                        table_keys.append(to)
                if table_keys:
                    tables.append(AddressLookupTableAccount(Keypair().pubkey(), table_keys))
            message = MessageV0.try_compile(payer_pk, instructions, tables, blockhash)
            tx = VersionedTransaction(message, [payer])
            by_key = {t.key: t.addresses for t in tables}
            for lookup in message.address_table_lookups:
                addresses = by_key[lookup.account_key]
                loaded_writable += [addresses[i] for i in bytes(lookup.writable_indexes)]
            for lookup in message.address_table_lookups:
                addresses = by_key[lookup.account_key]
                loaded_readonly += [addresses[i] for i in bytes(lookup.readonly_indexes)]
        else:
            config = TransactionConfig(compute_unit_limit=V1_COMPUTE_UNIT_LIMIT)
            message = MessageV1.try_compile(payer_pk, instructions, blockhash, config)
            tx = VersionedTransaction(message, [payer])

        if not all(tx.verify_with_results()):
            raise RuntimeError("solders produced a transaction whose signature does not verify")

        static = [str(k) for k in message.account_keys]
        header = message.header
        accounts = []
        for i, key in enumerate(static):
            writable = _header_writable(i, header, len(static)) and key != SYSTEM_PROGRAM
            accounts.append((key, writable, i < header.num_required_signatures, "transaction"))
        accounts += [(str(k), True, False, "lookupTable") for k in loaded_writable]
        accounts += [(str(k), False, False, "lookupTable") for k in loaded_readonly]
        keys = [a[0] for a in accounts]

        payer_s = str(payer_pk)
        fee = FEE_PER_SIGNATURE * header.num_required_signatures
        failed = spec["failed"]
        delta: dict[str, int] = {payer_s: -fee}
        logs: list[str] = []
        units = 0
        for ix_index, ix in enumerate(message.instructions):
            program = keys[ix.program_id_index]
            logs.append(f"Program {program} invoke [1]")
            units += SYSTEM_TRANSFER_UNITS
            if failed and ix_index == 0:
                logs.append(f"Program {program} failed: custom program error: 0x1")
                break
            lamports = _decode_transfer(bytes(ix.data))
            source, destination = keys[ix.accounts[0]], keys[ix.accounts[1]]
            delta[source] = delta.get(source, 0) - lamports
            delta[destination] = delta.get(destination, 0) + lamports
            logs.append(f"Program {program} success")
        pre = [self._balance(k, payer_s) for k in keys]
        for key, change in delta.items():
            self.balances[key] = self._balance(key, payer_s) + change
        post = [self.balances[k] for k in keys]

        record = Record(
            tx=tx, version=version, signature=str(tx.signatures[0]), slot=self.next_slot,
            seq=self.seq, block_time=spec["blockTime"], confirmation=spec["confirmation"],
            err=FAILED_ERR if failed else None, accounts=accounts,
            loaded_writable=[str(k) for k in loaded_writable],
            loaded_readonly=[str(k) for k in loaded_readonly],
            pre_balances=pre, post_balances=post, fee=fee, log_messages=logs, units=units,
        )
        self.next_slot += 1
        self.seq += 1
        self.records.append(record)
        self.by_signature[record.signature] = record
        return record


# --------------------------------------------------------------------------
# JSON-RPC parameter parsing
# --------------------------------------------------------------------------


def _params(request: dict[str, Any], required: int) -> list[Any]:
    params = request.get("params")
    if params is None:
        params = []
    if not isinstance(params, list):
        raise RpcError(INVALID_PARAMS, "Invalid params: expected an array of parameters")
    if len(params) < required:
        raise RpcError(INVALID_PARAMS,
                       f"Invalid params: invalid length {len(params)}, expected at least {required}")
    return params


def _config(params: list[Any], index: int) -> dict[str, Any]:
    config = params[index] if len(params) > index else None
    if config is None:
        return {}
    if not isinstance(config, dict):
        raise RpcError(INVALID_PARAMS, "Invalid params: configuration must be an object")
    return config


def _commitment(config: dict[str, Any]) -> str:
    value = config.get("commitment")
    if value is None:
        return "finalized"
    value = COMMITMENT_ALIASES.get(value, value)
    if value not in COMMITMENT_RANK:
        raise RpcError(INVALID_PARAMS, f"Invalid params: unknown variant `{value}`, expected one of "
                                       "`processed`, `confirmed`, `finalized`")
    if value == "processed":
        raise RpcError(INVALID_PARAMS, "Method does not support commitment below `confirmed`")
    return value


def _signature(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RpcError(INVALID_PARAMS, f"Invalid params: {what} must be a base-58 string")
    try:
        return str(Signature.from_string(value))
    except (ValueError, TypeError):
        raise RpcError(INVALID_PARAMS, "Invalid param: WrongSize") from None


def _uint(value: Any, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RpcError(INVALID_PARAMS, f"Invalid params: {what} must be an unsigned integer")
    return value


def _check_min_context_slot(config: dict[str, Any], state: State) -> None:
    min_slot = _uint(config.get("minContextSlot"), "minContextSlot")
    if min_slot is not None and min_slot > state.current_slot():
        raise RpcError(MIN_CONTEXT_SLOT_NOT_REACHED, "Minimum context slot has not been reached",
                       {"contextSlot": state.current_slot()})


# --------------------------------------------------------------------------
# Methods
# --------------------------------------------------------------------------


def get_signatures_for_address(request: dict[str, Any], state: State) -> Any:
    params = _params(request, 1)
    address = params[0]
    if not isinstance(address, str):
        raise RpcError(INVALID_PARAMS, "Invalid params: address must be a base-58 string")
    try:
        address = str(Pubkey.from_string(address))
    except (ValueError, TypeError):
        raise RpcError(INVALID_PARAMS, "Invalid param: Invalid") from None
    config = _config(params, 1)
    commitment = _commitment(config)
    limit = _uint(config.get("limit"), "limit")
    if limit is None:
        limit = MAX_SIGNATURES_LIMIT
    if limit == 0 or limit > MAX_SIGNATURES_LIMIT:
        raise RpcError(INVALID_PARAMS, f"Invalid limit; max {MAX_SIGNATURES_LIMIT}")
    before = config.get("before")
    until = config.get("until")
    before = None if before is None else _signature(before, "before")
    until = None if until is None else _signature(until, "until")

    with state.lock:
        _check_min_context_slot(config, state)
        upper = None
        if before is not None:
            if before not in state.by_signature:
                raise RpcError(INVALID_PARAMS, "Invalid param: before signature not found")
            upper = state.by_signature[before].order_key()
        lower = state.by_signature[until].order_key() if until in state.by_signature else None
        rank = COMMITMENT_RANK[commitment]
        page = min(limit, state.page_size)
        answer = []
        for record in sorted(state.records, key=Record.order_key, reverse=True):
            key = record.order_key()
            if upper is not None and key >= upper:
                continue
            if lower is not None and key <= lower:
                break
            if address not in record.keyset or COMMITMENT_RANK[record.confirmation] < rank:
                continue
            answer.append({
                "signature": record.signature,
                "slot": record.slot,
                "err": record.err,
                "memo": None,
                "blockTime": record.block_time,
                "confirmationStatus": record.confirmation,
                "transactionIndex": 0,
            })
            if len(answer) >= page:
                break
        return answer


def _parsed_instruction(ix: Any, keys: list[str], stack_height: int | None) -> dict[str, Any]:
    program = keys[ix.program_id_index]
    data = bytes(ix.data)
    lamports = _decode_transfer(data) if program == SYSTEM_PROGRAM else None
    if lamports is None:  # not a system transfer: partially decoded form
        return {"programId": program, "accounts": [keys[i] for i in bytes(ix.accounts)],
                "data": b58encode(data), "stackHeight": stack_height}
    accounts = bytes(ix.accounts)
    return {
        "program": "system",
        "programId": program,
        "parsed": {"type": "transfer",
                   "info": {"source": keys[accounts[0]], "destination": keys[accounts[1]],
                            "lamports": lamports}},
        "stackHeight": stack_height,
    }


def _transaction_config(message: Any) -> dict[str, Any]:
    config = message.config
    return {"priorityFee": config.priority_fee, "computeUnitLimit": config.compute_unit_limit,
            "loadedAccountsDataSizeLimit": config.loaded_accounts_data_size_limit,
            "heapSize": config.heap_size}


def _lookups(message: Any) -> list[dict[str, Any]]:
    return [{"accountKey": str(lookup.account_key),
             "writableIndexes": list(bytes(lookup.writable_indexes)),
             "readonlyIndexes": list(bytes(lookup.readonly_indexes))}
            for lookup in message.address_table_lookups]


def _encode_transaction(record: Record, encoding: str) -> Any:
    if encoding in ("base64", "base58", "binary"):
        wire = bytes(record.tx)
        if encoding == "base64":
            return [base64.b64encode(wire).decode("ascii"), "base64"]
        if encoding == "base58":
            return [b58encode(wire), "base58"]
        return b58encode(wire)
    message = record.message
    # Agave >= 4 (the only nodes serving v1) reports stackHeight 1 on top-level
    # instructions; the nodes in production today report null for legacy/v0.
    stack_height = 1 if record.version == 1 else None
    if encoding == "jsonParsed":
        keys = [a[0] for a in record.accounts]
        ui_message: dict[str, Any] = {
            "accountKeys": [{"pubkey": k, "writable": w, "signer": s, "source": src}
                            for k, w, s, src in record.accounts],
            "recentBlockhash": str(message.recent_blockhash),
            "instructions": [_parsed_instruction(ix, keys, stack_height)
                             for ix in message.instructions],
        }
    else:  # json: raw message
        header = message.header
        ui_message = {
            "header": {"numRequiredSignatures": header.num_required_signatures,
                       "numReadonlySignedAccounts": header.num_readonly_signed_accounts,
                       "numReadonlyUnsignedAccounts": header.num_readonly_unsigned_accounts},
            "accountKeys": [str(k) for k in message.account_keys],
            "recentBlockhash": str(message.recent_blockhash),
            "instructions": [{"programIdIndex": ix.program_id_index,
                              "accounts": list(bytes(ix.accounts)),
                              "data": b58encode(bytes(ix.data)),
                              "stackHeight": stack_height}
                             for ix in message.instructions],
        }
    if record.version == 0:
        ui_message["addressTableLookups"] = _lookups(message)
    elif record.version == 1:
        ui_message["transactionConfig"] = _transaction_config(message)
    return {"signatures": [str(s) for s in record.tx.signatures], "message": ui_message}


def _meta(record: Record, encoding: str) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "err": record.err,
        "status": {"Ok": None} if record.err is None else {"Err": record.err},
        "fee": record.fee,
        "preBalances": list(record.pre_balances),
        "postBalances": list(record.post_balances),
        "innerInstructions": [],
        "logMessages": list(record.log_messages),
        "preTokenBalances": [],
        "postTokenBalances": [],
        "rewards": [],
    }
    if encoding != "jsonParsed":  # jsonParsed shows them in accountKeys instead
        meta["loadedAddresses"] = {"writable": list(record.loaded_writable),
                                   "readonly": list(record.loaded_readonly)}
    meta["computeUnitsConsumed"] = record.units
    return meta


def get_transaction(request: dict[str, Any], state: State) -> Any:
    params = _params(request, 1)
    signature = _signature(params[0], "signature")
    raw_config = params[1] if len(params) > 1 else None
    if isinstance(raw_config, str):  # deprecated form: just the encoding
        raw_config = {"encoding": raw_config}
    config = _config([raw_config], 0)
    commitment = _commitment(config)
    encoding = config.get("encoding") or "json"
    if encoding not in ENCODINGS:
        raise RpcError(INVALID_PARAMS, f"Invalid params: unknown variant `{encoding}`, expected one "
                                       f"of {', '.join('`' + e + '`' for e in ENCODINGS)}")
    max_version = config.get("maxSupportedTransactionVersion")
    if max_version is not None and (isinstance(max_version, bool) or not isinstance(max_version, int)
                                    or not 0 <= max_version <= 255):
        raise RpcError(INVALID_PARAMS, "Invalid params: maxSupportedTransactionVersion must be a u8")

    with state.lock:
        _check_min_context_slot(config, state)
        record = state.by_signature.get(signature)
        if record is None or COMMITMENT_RANK[record.confirmation] < COMMITMENT_RANK[commitment]:
            return None
        unreadable = state.unreadable.get(signature)
        if unreadable == "null":
            return None
        if unreadable == "error":
            raise RpcError(
                UNSUPPORTED_TRANSACTION_VERSION,
                "Transaction version (2) is not supported by the requesting client. Please try the request "
                "again with the following configuration parameter: \"maxSupportedTransactionVersion\": 2")
        if record.version != "legacy" and (max_version is None or record.version > max_version):
            version = record.version
            raise RpcError(
                UNSUPPORTED_TRANSACTION_VERSION,
                f"Transaction version ({version}) is not supported by the requesting client. "
                "Please try the request again with the following configuration parameter: "
                f"\"maxSupportedTransactionVersion\": {version}")
        answer: dict[str, Any] = {
            "slot": record.slot,
            "transaction": _encode_transaction(record, encoding),
            "meta": _meta(record, encoding),
            "blockTime": record.block_time,
            "transactionIndex": 0,
        }
        if max_version is not None:
            answer["version"] = record.version
        return answer


def _unreadable_500(body: Any, state: State) -> bool:
    """Whether `body` asks for a transaction set to answer HTTP 500 (see `/_unreadable`)."""
    if not isinstance(body, dict) or body.get("method") != "getTransaction":
        return False
    params = body.get("params")
    signature = params[0] if isinstance(params, list) and params else None
    with state.lock:
        return isinstance(signature, str) and state.unreadable.get(signature) == "500"


METHODS = {
    "getSignaturesForAddress": get_signatures_for_address,
    "getTransaction": get_transaction,
}


def handle_rpc(request: Any, state: State) -> dict[str, Any]:
    """Answer one JSON-RPC request object (counted in `total` by the caller)."""
    if not isinstance(request, dict):
        return {"jsonrpc": "2.0", "error": {"code": INVALID_REQUEST, "message": "Invalid request"},
                "id": None}
    req_id = request.get("id")
    method = request.get("method")
    if request.get("jsonrpc") != "2.0" or not isinstance(method, str):
        return {"jsonrpc": "2.0", "error": {"code": INVALID_REQUEST, "message": "Invalid request"},
                "id": req_id}
    handler = METHODS.get(method)
    if handler is None:
        return {"jsonrpc": "2.0", "error": {"code": METHOD_NOT_FOUND, "message": "Method not found"},
                "id": req_id}
    with state.lock:
        state.calls[method] += 1
    try:
        result = handler(request, state)
    except RpcError as exc:
        return {"jsonrpc": "2.0", "error": exc.to_json(), "id": req_id}
    return {"jsonrpc": "2.0", "result": result, "id": req_id}


# --------------------------------------------------------------------------
# Control endpoints
# --------------------------------------------------------------------------


def _pubkey(value: Any, what: str) -> Pubkey:
    if not isinstance(value, str):
        raise BadControl(f"{what} must be a base-58 pubkey string")
    try:
        return Pubkey.from_string(value)
    except (ValueError, TypeError):
        raise BadControl(f"{what} is not a valid base-58 pubkey: {value!r}") from None


def _lamports(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64:
        raise BadControl(f"{what} must be an integer in 0..2^64")
    return value


def parse_transfer(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise BadControl("body must be a JSON object")
    spec: dict[str, Any] = {
        "to": _pubkey(body.get("to"), "to"),
        "lamports": _lamports(body.get("lamports"), "lamports"),
    }
    version = body.get("version", "legacy")
    if version in ("0", "1"):
        version = int(version)
    if isinstance(version, bool) or version not in ("legacy", 0, 1):
        raise BadControl('version must be "legacy", 0 or 1')
    spec["version"] = version
    failed = body.get("failed", False)
    if not isinstance(failed, bool):
        raise BadControl("failed must be a boolean")
    spec["failed"] = failed
    block_time = body.get("blockTime")
    if block_time is None:
        block_time = int(time.time())
    if isinstance(block_time, bool) or not isinstance(block_time, int):
        raise BadControl("blockTime must be an integer (unix seconds)")
    spec["blockTime"] = block_time
    confirmation = body.get("confirmation", "finalized")
    if confirmation not in COMMITMENT_RANK:
        raise BadControl("confirmation must be processed, confirmed or finalized")
    spec["confirmation"] = confirmation
    extra = body.get("extraTransfers") or []
    if not isinstance(extra, list):
        raise BadControl("extraTransfers must be a list")
    spec["extraTransfers"] = []
    for i, item in enumerate(extra):
        if not isinstance(item, dict):
            raise BadControl(f"extraTransfers[{i}] must be an object")
        spec["extraTransfers"].append((_pubkey(item.get("to"), f"extraTransfers[{i}].to"),
                                       _lamports(item.get("lamports"), f"extraTransfers[{i}].lamports")))
    seed = body.get("fromSeed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadControl("fromSeed must be an integer")
    spec["fromSeed"] = seed
    lookup = body.get("lookupTable", True)
    if not isinstance(lookup, bool):
        raise BadControl("lookupTable must be a boolean")
    spec["lookupTable"] = lookup
    return spec


MAX_DUST = 100_000


def parse_dust(body: Any) -> dict[str, Any]:
    """The transfer spec of `/_dust` plus its `count`."""
    if not isinstance(body, dict):
        raise BadControl("body must be a JSON object")
    count = body.get("count")
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_DUST:
        raise BadControl(f"count must be an integer in 1..{MAX_DUST}")
    seed = body.get("fromSeed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadControl("fromSeed must be an integer")
    return {"to": _pubkey(body.get("to"), "to"), "lamports": _lamports(body.get("lamports", 1), "lamports"),
            "version": "legacy", "failed": False, "blockTime": int(time.time()),
            "confirmation": "finalized", "extraTransfers": [], "fromSeed": seed, "lookupTable": False,
            "count": count}


def _count(value: Any, what: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadControl(f"{what} must be a non-negative integer")
    return value


# --------------------------------------------------------------------------
# HTTP plumbing
# --------------------------------------------------------------------------


class Handler(JsonHandler):
    log_name = "solana-rpc"
    server_version = "solana-test-rpc/1"

    # set on the class by main()
    state: State

    def _path(self) -> str:
        return self.path.split("?", 1)[0].rstrip("/") or "/"

    # -- verbs ---------------------------------------------------------------------
    def do_GET(self) -> None:  # noqa: N802
        path = self._path()
        self._read_body()
        state = self.state
        if path == "/_calls":
            with state.lock:
                self._send_json(200, dict(state.calls))
        elif path == "/_control":
            with state.lock:
                self._send_json(200, state.settings())
        elif path in ("/_transfer", "/_dust", "/_confirm", "/_unreadable") or not path.startswith("/_"):
            self._send_json(405, {"error": "method_not_allowed"}, {"Allow": "POST"})
        else:
            self._send_json(404, {"error": "not_found"})

    def do_POST(self) -> None:  # noqa: N802
        path = self._path()
        raw = self._read_body()
        if not path.startswith("/_"):
            self._rpc(raw)
            return
        if path not in ("/_transfer", "/_dust", "/_confirm", "/_unreadable", "/_control"):
            self._send_json(405 if path == "/_calls" else 404,
                            {"error": "method_not_allowed" if path == "/_calls" else "not_found"})
            return
        try:
            body = json.loads(raw.decode("utf-8")) if raw.strip() else {}
        except (UnicodeDecodeError, ValueError) as exc:
            self._send_json(400, {"error": f"body is not JSON: {exc}"})
            return
        try:
            if path == "/_transfer":
                self._transfer(body)
            elif path == "/_dust":
                self._dust(body)
            elif path == "/_confirm":
                self._confirm(body)
            elif path == "/_unreadable":
                self._unreadable(body)
            else:
                self._control(body)
        except BadControl as exc:
            self._send_json(400, {"error": str(exc)})

    # -- JSON-RPC ------------------------------------------------------------------
    def _rpc(self, raw: bytes) -> None:
        state = self.state
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            body = None
            parse_failed = True
        else:
            parse_failed = False
        req_id = body.get("id") if isinstance(body, dict) else None
        refuse = None
        with state.lock:
            if isinstance(body, list) and body:
                state.calls["total"] += len(body)
            else:
                state.calls["total"] += 1
            if state.rate_limit > 0:
                state.rate_limit -= 1
                state.calls["rateLimited"] += 1
                refuse = 429
            elif state.error500 > 0:
                state.error500 -= 1
                state.calls["failed500"] += 1
                refuse = 500
        if refuse is None and _unreadable_500(body, state):
            refuse = 500
        if refuse == 429:
            self._send_json(429, {"jsonrpc": "2.0",
                                  "error": {"code": 429, "message": "Too many requests"},
                                  "id": req_id}, {"Retry-After": "0"})
            return
        if refuse == 500:
            self._send_json(500, {"jsonrpc": "2.0",
                                  "error": {"code": 500, "message": "Internal server error"},
                                  "id": req_id})
            return
        if parse_failed:
            self._send_json(200, {"jsonrpc": "2.0",
                                  "error": {"code": PARSE_ERROR, "message": "Parse error"},
                                  "id": None})
            return
        if isinstance(body, list):
            if not body:
                self._send_json(200, {"jsonrpc": "2.0", "error": {"code": INVALID_REQUEST,
                                                                  "message": "Invalid request"},
                                      "id": None})
                return
            self._send_json(200, [handle_rpc(item, state) for item in body])
            return
        self._send_json(200, handle_rpc(body, state))

    # -- control -------------------------------------------------------------------
    def _transfer(self, body: Any) -> None:
        spec = parse_transfer(body)
        with self.state.lock:
            record = self.state.record_transfer(spec)
        self._send_json(200, {"signature": record.signature, "slot": record.slot,
                              "blockTime": record.block_time,
                              "from": str(payer_keypair(spec["fromSeed"]).pubkey()),
                              "version": record.version})

    def _dust(self, body: Any) -> None:
        spec = parse_dust(body)
        count = spec.pop("count")
        with self.state.lock:
            records = [self.state.record_transfer(spec) for _ in range(count)]
        self._send_json(200, {"count": count, "first": records[0].signature,
                              "last": records[-1].signature, "slot": records[-1].slot})

    def _confirm(self, body: Any) -> None:
        if not isinstance(body, dict):
            raise BadControl("body must be a JSON object")
        signature = body.get("signature")
        confirmation = body.get("confirmation", "finalized")
        if confirmation not in COMMITMENT_RANK:
            raise BadControl("confirmation must be processed, confirmed or finalized")
        with self.state.lock:
            record = self.state.by_signature.get(signature) if isinstance(signature, str) else None
            if record is None:
                self._send_json(404, {"error": "unknown signature"})
                return
            record.confirmation = confirmation
        self._send_json(200, {"signature": signature, "confirmation": confirmation})

    def _unreadable(self, body: Any) -> None:
        if not isinstance(body, dict):
            raise BadControl("body must be a JSON object")
        signature, answer = body.get("signature"), body.get("answer")
        if answer not in ("error", "null", "500", "readable"):
            raise BadControl("answer must be error, null, 500 or readable")
        with self.state.lock:
            if not isinstance(signature, str) or signature not in self.state.by_signature:
                self._send_json(404, {"error": "unknown signature"})
                return
            if answer == "readable":
                self.state.unreadable.pop(signature, None)
            else:
                self.state.unreadable[signature] = answer
        self._send_json(200, {"signature": signature, "answer": answer})

    def _control(self, body: Any) -> None:
        if not isinstance(body, dict):
            raise BadControl("control body must be a JSON object")
        rate_limit = _count(body.get("rateLimit"), "rateLimit")
        error500 = _count(body.get("error500"), "error500")
        page_size = _count(body.get("pageSize"), "pageSize")
        if page_size == 0:
            raise BadControl("pageSize must be at least 1")
        state = self.state
        with state.lock:
            if body.get("reset"):
                state.reset()
            if rate_limit is not None:
                state.rate_limit = rate_limit
            if error500 is not None:
                state.error500 = error500
            if page_size is not None:
                state.page_size = page_size
            settings = state.settings()
        self._send_json(200, settings)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Loopback Solana JSON-RPC stand-in for tests.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0 = pick a free one)")
    parser.add_argument("--page-size", type=int, default=MAX_SIGNATURES_LIMIT,
                        help="most signatures one getSignaturesForAddress page returns")
    parser.add_argument("--verbose", action="store_true", help="log requests to stderr")
    args = parser.parse_args(argv)
    if args.page_size < 1:
        parser.error("--page-size must be at least 1")

    Handler.state = State(args.page_size)
    Handler.verbose = args.verbose

    return serve(Handler, args.port)


if __name__ == "__main__":
    sys.exit(main())
