#!/usr/bin/env bash
# Installs what is missing, builds the service and serves it on http://127.0.0.1:8080 with
# SQLite in ~/.local/share/asset-service (override with ASSET_LISTEN, ASSET_DATA_DIR, DATABASE_URL
# or flags).
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_media
ensure_voice
say "building asset-host (release)"
cargo build --release --locked -p asset-host --bin asset-host
exec "$CARGO_TARGET_DIR/release/asset-host" serve "$@"
