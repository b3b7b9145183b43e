"""A loopback HTTP proxy that adds the API key to every request, for clients that cannot send
headers (the MCP conformance suite). Everything else, Host and Origin included, passes as sent.

Usage: key_proxy.py UPSTREAM KEY — prints "listening on 127.0.0.1:PORT", then serves.
"""

import http.client
import http.server
import sys
import urllib.parse

UPSTREAM, KEY = sys.argv[1].rstrip("/"), sys.argv[2]
HOST = urllib.parse.urlsplit(UPSTREAM).netloc
HOP = {"connection", "content-length", "transfer-encoding", "keep-alive"}


class Forward(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def forward(self):
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        headers["x-api-key"] = KEY
        upstream = http.client.HTTPConnection(HOST, timeout=120)
        upstream.request(self.command, self.path, body=body, headers=headers)
        answer = upstream.getresponse()
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in HOP:
                self.send_header(name, value)
        # Passed on as it comes, chunk by chunk: event streams stay open while a call runs.
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        try:
            while chunk := answer.read1(65536):
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            upstream.close()

    do_GET = do_POST = do_DELETE = forward

    def log_message(self, *args):
        pass


class Quiet(http.server.ThreadingHTTPServer):
    """A client closing its kept-alive connection between requests is not an error to print."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


server = Quiet(("127.0.0.1", 0), Forward)
print(f"listening on 127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
