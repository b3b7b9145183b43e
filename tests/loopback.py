"""What the tests' loopback stand-ins of outside parties share (the x402 facilitator, the
Solana RPC node): a JSON request handler that reads plain or chunked bodies and answers JSON,
and the threaded server that prints `listening on <port>` once it accepts connections."""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class JsonHandler(BaseHTTPRequestHandler):
    """Base of the stand-ins' handlers; `log_name` prefixes the request log (stderr, only when
    `verbose`)."""

    protocol_version = "HTTP/1.1"
    log_name = "stand-in"
    verbose = False

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        if self.verbose:
            sys.stderr.write("%s: %s - %s\n" % (self.log_name, self.address_string(), format % args))

    def _read_body(self) -> bytes:
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                size_line = self.rfile.readline()
                size = int(size_line.split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _send_json(self, status: int, obj: Any, extra_headers: dict[str, str] | None = None) -> None:
        data = json.dumps(obj).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (extra_headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the caller gave up (e.g. after a hang)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def serve(handler: type[BaseHTTPRequestHandler], port: int) -> int:
    """Serves `handler` on 127.0.0.1:`port` (0: a free one) until interrupted, after printing
    exactly one line `listening on <port>` (the socket accepts connections by then)."""
    server = Server(("127.0.0.1", port), handler)
    sys.stdout.write(f"listening on {server.server_address[1]}\n")
    sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
