#!/usr/bin/env python3
"""Link cards against paid work: what a public card request costs the service, and what one
address fetching cards in a loop does to a paid pitch's latency.

Starts `asset-host serve` (the binary given, or the debug build in the shared build folder) on a
data folder of its own, makes a funded key with its CLI, and measures over loopback:

- CPU per card request: the server's user+system CPU (from /proc) across the first request of a
  new card (it is drawn: what every request cost before cards were kept) and across 200 requests
  of stored cards;
- a paid pitch's latency (`POST /api/agent/before`), 15 quiet and 15 while one client fetches
  cards back to back: medians and their ratio.

Usage: python3 scripts/card_bench.py [path/to/asset-host]
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/asset-service/target"))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(TARGET, "debug", "asset-host")
TICK = os.sysconf("SC_CLK_TCK")


def call(url, body=None, key=None):
    headers = {"content-type": "application/json"}
    if key:
        headers["x-api-key"] = key
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=120) as answer:
        return answer.read()


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def pitch(base, key, n):
    body = {"input": f"Maria {n}, a baker in Porto who posts every morning", "offer": "a bot that answers orders"}
    started = time.perf_counter()
    made = json.loads(call(f"{base}/api/agent/before", body, key))
    return time.perf_counter() - started, made["pitch"]["url"]


def main():
    data = tempfile.mkdtemp(prefix="card-bench-")
    env = dict(os.environ, ASSET_DATA_DIR=data, ASSET_LOG_FORMAT="json", ASSET_NEURAL_VOICE="false",
               ASSET_RATE_LIMITS="create=60000,public=60000,status=60000")
    env.pop("DATABASE_URL", None)
    key = subprocess.run([BINARY, "keys", "create", "--credits", "1000", "--role", "agent", "--label", "bench"],
                         env=env, check=True, capture_output=True, text=True).stdout.strip()
    server = subprocess.Popen([BINARY, "serve", "--listen", "127.0.0.1:0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = ""
        while not line.startswith("listening on "):
            line = server.stdout.readline()
            if not line:
                sys.exit("the server did not start")
            line = line.strip()
        base = line.removeprefix("listening on ")
        pages = [pitch(base, key, n)[1] for n in range(10)]
        call(f"{pages[0]}/1.png")  # the first beat's picture, which the card shows, drawn once

        drawn = []
        for page in pages:
            before = cpu_seconds(server.pid)
            call(f"{page}/preview.png")
            drawn.append(cpu_seconds(server.pid) - before)
        before = cpu_seconds(server.pid)
        for n in range(200):
            call(f"{pages[n % len(pages)]}/preview.png")
        stored = (cpu_seconds(server.pid) - before) / 200
        print(f"CPU per card request: drawn {statistics.median(drawn) * 1000:.1f} ms (median of 10), "
              f"stored {stored * 1000:.2f} ms (mean of 200)", flush=True)

        quiet = [pitch(base, key, 100 + n)[0] for n in range(15)]
        stop = threading.Event()

        def fetch_cards():
            n = 0
            while not stop.is_set():
                call(f"{pages[n % len(pages)]}/preview.png")
                n += 1

        flood = threading.Thread(target=fetch_cards)
        flood.start()
        busy = [pitch(base, key, 200 + n)[0] for n in range(15)]
        stop.set()
        flood.join()
        q, b = statistics.median(quiet), statistics.median(busy)
        print(f"paid pitch: quiet median {q * 1000:.0f} ms, while one client fetches cards {b * 1000:.0f} ms, "
              f"ratio {b / q:.2f}", flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
