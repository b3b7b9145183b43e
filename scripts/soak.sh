#!/usr/bin/env bash
# Soak: `asset-host serve` (SQLite, built-in plugins) under mixed traffic from wrk for
# SOAK_SECS seconds (600), loopback only, in one-minute slices. After each slice it prints a
# row: the process's resident memory and open file descriptors and threads, and the slice's
# requests, p50/p99/max latency and answers by status (scripts/soak.lua says what is sent).
# Memory flat, descriptors not growing and p99 steady across the rows is the pass.
#   SOAK_SECS=600 SOAK_CONNECTIONS=16 SOAK_PROFILE=release bash scripts/soak.sh
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_media
apt_install wrk curl

secs="${SOAK_SECS:-600}" conns="${SOAK_CONNECTIONS:-16}" profile="${SOAK_PROFILE:-release}"
slice=$(( secs < 60 ? secs : 60 ))
if [ "$profile" = release ]; then cargo build -q --release -p asset-host; else cargo build -q -p asset-host; fi
bin="$CARGO_TARGET_DIR/$profile/asset-host"

data="$(mktemp -d)"
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$data"' EXIT
export ASSET_DATA_DIR="$data" ASSET_LOG=warn
operator="$("$bin" keys create --role operator --credits 100000000)"
"$bin" serve --listen 127.0.0.1:0 >"$data/out" 2>"$data/log" &
pid=$!
for _ in $(seq 100); do grep -q "listening on" "$data/out" 2>/dev/null && break; sleep 0.1; done
base="$(sed -n 's/^listening on //p' "$data/out")"
[ -n "$base" ] || { cat "$data/log"; say "serve did not start"; exit 1; }
page="$(curl -sf -H "x-api-key: $operator" -H 'content-type: application/json' \
  -d '{"input":"soak page"}' "$base/api/agent/brands/memes" | python3 -c 'import json,sys; print(json.load(sys.stdin)["meme"]["url"])')"
page="/${page#*://*/}"

sample() {
  local rss fds threads
  rss=$(awk '/^VmRSS/ {print int($2/1024)}' "/proc/$pid/status")
  fds=$(ls "/proc/$pid/fd" | wc -l)
  threads=$(awk '/^Threads/ {print $2}' "/proc/$pid/status")
  printf '%s | %s | %s' "$rss" "$fds" "$threads"
}

say "soaking $base for ${secs}s with $conns connections ($profile build)"
echo "| minute | RSS MiB | fds | threads | requests | p50 ms | p99 ms | max ms | answers |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---|"
echo "| 0 | $(sample) | – | – | – | – | before load |"
elapsed=0 n=0
while [ "$elapsed" -lt "$secs" ]; do
  n=$((n + 1))
  line="$(SOAK_OPERATOR="$operator" SOAK_PAGE="$page" wrk -t2 -c"$conns" -d"${slice}s" --timeout 30s \
    -s scripts/soak.lua "$base" | grep '^SLICE')"
  elapsed=$((elapsed + slice))
  get() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
  echo "| $n | $(sample) | $(get requests) | $(get p50_ms) | $(get p99_ms) | $(get max_ms) | $(get statuses) |"
done
kill -0 "$pid" || { say "the service died"; exit 1; }
grep -c '"level":"ERROR"\|ERROR' "$data/log" | xargs -I{} echo "error lines in the log: {}"
