#!/usr/bin/env bash
# Installs what is missing, builds the service and serves it on http://127.0.0.1:8080 with
# SQLite in ~/.local/share/asset-service (override with ASSET_LISTEN, ASSET_DATA_DIR, DATABASE_URL
# or flags).
source "$(dirname "$0")/lib.sh"
ensure_rust
ensure_media
# The `serve` profile (Cargo.toml): optimised where a server spends its time, built in a fraction
# of a full release build's time; the image (deploy/Containerfile) builds --release.
say "building asset-host (while the voice downloads)"
build_in_background build --profile serve --locked -p asset-host --bin asset-host
ensure_voice
await_build
exec "$CARGO_TARGET_DIR/serve/asset-host" serve "$@"
