#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ for a bounded time, then minimizes its corpus.
#
#   scripts/fuzz.sh [seconds-per-target] [target…]     (default: 60 s, every target)
#
# Needs the nightly toolchain (cargo-fuzz's instrumentation flags); installs cargo-fuzz when
# missing. Crashes land in fuzz/artifacts/<target>/ and stop that target's run (the script
# goes on with the next, and exits non-zero at the end); fix the bug, then copy the input into
# fuzz/corpus/<target>/crash-<what> so the replay test (fuzz/harness/tests/corpus.rs) keeps it.
# Each target runs in libFuzzer's fork mode with crashes ignored, so one run uses its whole time
# and reports every distinct crash it meets, not only the first.
#
# Built with `--sanitizer none`: the workspace denies unsafe code, so AddressSanitizer would
# only watch dependencies' C and unsafe code while slowing every run and the (already long)
# instrumented build of wasmtime, GStreamer's bindings and the Solana client. Panics, failed
# properties, overflow (debug assertions are on) and timeouts are what these targets look for.
# `--codegen-units 16` keeps that build bearable on a small machine; every command below
# passes the same flags, so the build is reused.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-60}"
shift || true
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR_FUZZ:-$HOME/.cache/asset-service/target-fuzz-nightly}"

command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked
flags=(--sanitizer none --codegen-units 16)

cd fuzz
if [ "$#" -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(cargo +nightly fuzz list); fi
failed=()
for target in "${targets[@]}"; do
  echo "==> $target: ${seconds}s" >&2
  mkdir -p "corpus/$target"
  # -rss_limit_mb: the audio target runs GStreamer in-process; 4 GiB leaves it room, and a
  # leak that grows past it is reported. -timeout: one input may take at most 10 s.
  mkdir -p "artifacts/$target"
  before="$(find "artifacts/$target" -type f | wc -l)"
  status=0
  cargo +nightly fuzz run "${flags[@]}" "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 || status=$?
  if [ "$status" -ne 0 ] || [ "$(find "artifacts/$target" -type f | wc -l)" -gt "$before" ]; then
    failed+=("$target")
  fi
  # Minimizes like `cargo fuzz cmin`, but smaller, since the corpus is committed and replayed
  # by the tests: the named inputs (seed-*, crash-*) are kept whatever they cover; found inputs
  # (named by their SHA-1) over 4 KiB are dropped; the merge starts from the named ones and adds
  # a greedy set cover (-set_cover_merge) of the rest over edges, not hit counts
  # (-use_counters=0), which keeps about a third of what -merge=1 keeps.
  kept="$(mktemp -d)"
  find "corpus/$target" -maxdepth 1 -type f \( -name 'seed-*' -o -name 'crash-*' \) -exec cp {} "$kept/" \;
  find "corpus/$target" -maxdepth 1 -type f -size +4k ! -name 'seed-*' ! -name 'crash-*' -delete
  cargo +nightly fuzz run "${flags[@]}" "$target" "$kept" "corpus/$target" -- \
    -set_cover_merge=1 -use_counters=0 -timeout=10 -rss_limit_mb=4096
  rm -rf "corpus/$target"
  mv "$kept" "corpus/$target"
  chmod 755 "corpus/$target"
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "==> crashes in: ${failed[*]} (inputs in fuzz/artifacts/)" >&2
  exit 1
fi
