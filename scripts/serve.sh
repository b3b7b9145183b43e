#!/usr/bin/env bash
# Installs what is missing, builds the service and serves it on http://127.0.0.1:8080 with
# SQLite in ~/.local/share/asset-service (override with ASSET_LISTEN, ASSET_DATA_DIR, DATABASE_URL
# or flags).
source "$(dirname "$0")/lib.sh"
ensure_rust
# The debug build (Cargo.toml's dev profile: dependencies optimised, our pixel and sample loops
# fully) is the one the tests run and serve from, so this and scripts/test.sh share a build; the
# image (deploy/Containerfile) builds --release.
build_before_media build --locked -p asset-host --bin asset-host
ensure_media
say "building asset-host (while the voice downloads)"
build_in_background build --locked -p asset-host --bin asset-host
ensure_voice
ensure_illustrations
await_build
exec "$CARGO_TARGET_DIR/debug/asset-host" serve "$@"
