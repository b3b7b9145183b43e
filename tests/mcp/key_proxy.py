"""A loopback HTTP proxy that adds the API key to every request, for clients that cannot send
headers (the MCP conformance suite). Everything else, Host and Origin included, passes as sent.

Usage: key_proxy.py UPSTREAM KEY — prints "listening on 127.0.0.1:PORT", then serves.
"""

import http.server
import sys
import urllib.error
import urllib.request

UPSTREAM, KEY = sys.argv[1].rstrip("/"), sys.argv[2]
HOP = {"connection", "content-length", "transfer-encoding", "keep-alive"}


class Forward(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def forward(self):
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
        headers["x-api-key"] = KEY
        request = urllib.request.Request(UPSTREAM + self.path, data=body, headers=headers, method=self.command)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                status, answer_headers, data = answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as refused:
            status, answer_headers, data = refused.code, refused.headers, refused.read()
        self.send_response(status)
        for name, value in answer_headers.items():
            if name.lower() not in HOP:
                self.send_header(name, value)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_DELETE = forward

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Forward)
print(f"listening on 127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
