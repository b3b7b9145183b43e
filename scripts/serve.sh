#!/usr/bin/env bash
# Installs what is missing, builds the service and serves it on http://127.0.0.1:8080 with
# SQLite in ~/.local/share/asset-service (override with ASSET_LISTEN, ASSET_DATA_DIR, DATABASE_URL
# or flags).
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_media
say "building asset-host (release, while the voice downloads)"
build_in_background build --release --locked -p asset-host --bin asset-host
ensure_voice
await_build
exec "$CARGO_TARGET_DIR/release/asset-host" serve "$@"
