"""The MP4 job in every shape and caption style, as an agent waits for it (submit → `mp4Url`,
status read with `?wait=30`): an 8-sentence English page made fresh each round, then rendered in
each shape twice — the first render composes the shape's pictures, the second reuses them — and
once in each caption style. Medians over the rounds.

    python3 scripts/shapes_bench.py [binary]      # the test build unless a binary is named
"""

import json
import os
import statistics
import time

from bench_server import call, finished, serving

ROUNDS = 5
SCRIPT = ("Agents wait for their jobs to start. Jobs should start the moment they arrive. "
          "Workers hear of every new job at once. Status reads wait for the answer too. Nobody needs to poll "
          "the service any more. Pages arrive in well under a second. Videos follow the pages right after. "
          "Everything is done before you know it.")
SHAPES = ["9:16", "1:1", "4:5", "16:9"]
STYLES = ["karaoke", "underline", "boxed"]


def timed(base, key, route, body):
    """Seconds from submitting `body` to `route` to its finished status, and that status."""
    started = time.perf_counter()
    done = finished(json.loads(call(base + route, body, key))["statusUrl"], key)
    return time.perf_counter() - started, done


def main():
    times = {}
    voices = os.path.expanduser("~/.cache/asset-service/voices")
    with serving(10_000, ASSET_VOICE_DIR=voices) as (base, key, _):
        timed(base, key, "/api/agent/audioscript", {"script": SCRIPT})  # the voice loads once
        for _ in range(ROUNDS):
            _, page = timed(base, key, "/api/agent/audioscript", {"script": SCRIPT})
            for shape in SHAPES:
                for run in ("first", "kept"):
                    wall, _ = timed(base, key, "/api/agent/mp4", {"pageUrl": page["pageUrl"], "aspect": shape})
                    times.setdefault((shape, run), []).append(wall)
            for style in STYLES:
                wall, _ = timed(base, key, "/api/agent/mp4", {"pageUrl": page["pageUrl"], "captionStyle": style})
                times.setdefault((f"9:16 {style}", "first"), []).append(wall)
    print("| render | first in its shape or style, median s | pictures kept, median s |")
    print("|---|---:|---:|")
    for name in SHAPES + [f"9:16 {s}" for s in STYLES]:
        kept = times.get((name, "kept"))
        kept = f"{statistics.median(kept):.2f}" if kept else "—"
        print(f"| {name} | {statistics.median(times[(name, 'first')]):.2f} | {kept} |")


if __name__ == "__main__":
    main()
