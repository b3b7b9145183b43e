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
import statistics
import threading
import time

from bench_server import call, cpu_seconds, serving


def pitch(base, key, n):
    body = {"input": f"Maria {n}, a baker in Porto who posts every morning", "offer": "a bot that answers orders"}
    started = time.perf_counter()
    made = json.loads(call(f"{base}/api/agent/before", body, key))
    return time.perf_counter() - started, made["pitch"]["url"]


def main():
    with serving(1000, ASSET_NEURAL_VOICE="false") as (base, key, server):
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


if __name__ == "__main__":
    main()
