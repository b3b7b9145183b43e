"""Compute a `Stripe-Signature` header value for a webhook payload, for tests.

Uses the official `stripe` package's own signing code
(`stripe.WebhookSignature.generate_signature_header`, the helper Stripe ships
"for signing payloads in unit tests"), then checks the result with
`stripe.WebhookSignature.verify_header` before printing it.

Usage:
    python stripe_sign.py --secret whsec_... --payload-file F [--timestamp UNIX]

Prints exactly one line, e.g. `t=1700000000,v1=5257a8...`, to stdout. The
payload is the file's exact bytes (must be UTF-8, as Stripe signs the text of
the body); nothing is stripped or re-encoded.
"""

from __future__ import annotations

import argparse
import sys
import time

import stripe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print a Stripe-Signature header for a payload.")
    parser.add_argument("--secret", required=True, help="webhook signing secret (whsec_...)")
    parser.add_argument("--payload-file", required=True, help="file holding the exact request body")
    parser.add_argument("--timestamp", type=int, default=None,
                        help="unix timestamp to sign with (default: now)")
    args = parser.parse_args(argv)

    with open(args.payload_file, "rb") as fh:
        raw = fh.read()
    try:
        payload = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        sys.stderr.write(f"payload file is not UTF-8: {exc}\n")
        return 2

    timestamp = args.timestamp if args.timestamp is not None else int(time.time())
    header = stripe.WebhookSignature.generate_signature_header(payload, args.secret, timestamp=timestamp)

    # Self-check with the package's verifier; tolerance wide enough for any --timestamp.
    tolerance = abs(int(time.time()) - timestamp) + 3600
    stripe.WebhookSignature.verify_header(payload, header, args.secret, tolerance=tolerance)

    sys.stdout.write(header + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
