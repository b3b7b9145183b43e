"""What the benchmark scripts share: the service started on loopback on a data folder of its
own (the binary given, or the debug build in the shared build folder), a funded key made with its
CLI, JSON calls, and the server's CPU time from /proc."""

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import urllib.request

TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/asset-service/target"))
TICK = os.sysconf("SC_CLK_TCK")


def binary():
    """The binary named on the command line, else the test build."""
    return sys.argv[1] if len(sys.argv) > 1 else os.path.join(TARGET, "debug", "asset-host")


def call(url, body=None, key=None):
    """The body of a GET (or a POST of `body` as JSON)."""
    headers = {"content-type": "application/json"}
    if key:
        headers["x-api-key"] = key
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=120) as answer:
        return answer.read()


def finished(status_url, key):
    """A job's status once it is over (status reads that wait); exits if it failed."""
    while True:
        done = json.loads(call(f"{status_url}?wait=30", key=key))
        if done["status"] in ("succeeded", "failed"):
            break
    if done["status"] != "succeeded":
        raise SystemExit(f"the job failed: {done}")
    return done


def cpu_seconds(pid):
    """User and system CPU the process has used."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


@contextlib.contextmanager
def serving(credits, **settings):
    """The service with `settings` (environment variables) and no rate limits: its base URL, a key
    with `credits` and its process."""
    data = tempfile.mkdtemp(prefix="bench-")
    env = dict(os.environ, ASSET_DATA_DIR=data, ASSET_LOG_FORMAT="json",
               ASSET_RATE_LIMITS="create=60000,public=60000,status=60000", **settings)
    env.pop("DATABASE_URL", None)
    key = subprocess.run([binary(), "keys", "create", "--credits", str(credits), "--role", "agent", "--label", "bench"],
                         env=env, check=True, capture_output=True, text=True).stdout.strip()
    server = subprocess.Popen([binary(), "serve", "--listen", "127.0.0.1:0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = ""
        while not line.startswith("listening on "):
            line = server.stdout.readline()
            if not line:
                sys.exit("the server did not start")
            line = line.strip()
        yield line.removeprefix("listening on "), key, server
    finally:
        server.terminate()
        server.wait()
