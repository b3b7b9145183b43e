#!/usr/bin/env python3
"""Submit → page for English scripts of three and eight sentences (the neural voice, Piper): the
median wait, its ratio to the narration, and the server's CPU per page. A short page shows what
is spent whatever the length (issue 59 asked for under 0.3 s at three sentences); the long one,
how the wait grows with the narration.

Starts `asset-host serve` once (see bench_server.py), makes one warm-up page (the voice's model
loads on first use), then `ROUNDS` pages of each script, alternating.

Usage: python3 scripts/page_bench.py [path/to/asset-host]
"""

import json
import os
import statistics
import time

from bench_server import call, cpu_seconds, finished, serving

ROUNDS = int(os.environ.get("ROUNDS", "9"))

SCRIPTS = {
    "three sentences": "Our app finds parking in your city. Open the map and pick a free spot. Try it free today.",
    "eight sentences": "Our app finds parking in your city. You open the map and see the free spots. "
                       "You pick one and the app guides you there. You arrive on time for your meetings. "
                       "No more circling the block. You save fuel and patience. It works in over a hundred cities. "
                       "Try it free today.",
}


def page(base, key, script, server):
    """Seconds from submission to the page, the narration's seconds and the server's CPU seconds."""
    cpu, started = cpu_seconds(server.pid), time.perf_counter()
    accepted = json.loads(call(f"{base}/api/agent/audioscript", {"script": script, "language": "en"}, key))
    done = finished(accepted["statusUrl"], key)
    return time.perf_counter() - started, done["durationMs"] / 1000, cpu_seconds(server.pid) - cpu, done["voice"]


def main():
    with serving(10_000) as (base, key, server):
        page(base, key, SCRIPTS["three sentences"], server)
        runs = {name: [] for name in SCRIPTS}
        for _ in range(ROUNDS):
            for name, script in SCRIPTS.items():
                runs[name].append(page(base, key, script, server))
    print("| script | voice | narration s | submit → page median s (min–max) | × narration | server CPU s |")
    print("|---|---|---:|---:|---:|---:|")
    for name, rows in runs.items():
        waits = [r[0] for r in rows]
        wait, narration = statistics.median(waits), rows[0][1]
        cpu = statistics.median(r[2] for r in rows)
        print(f"| {name} | {rows[0][3]} | {narration:.1f} | {wait:.3f} ({min(waits):.3f}–{max(waits):.3f}) "
              f"| {wait / narration:.3f} | {cpu:.2f} |")


if __name__ == "__main__":
    main()
