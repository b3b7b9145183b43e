# Shared setup for scripts/serve.sh and scripts/test.sh: install what is missing, quietly.
# Sourced, not run. Everything here is idempotent and a no-op on a machine that has it all.

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Reuse a build cache outside the clone when one exists (a fresh clone then builds in
# minutes, not from nothing); it is only a cache, so creating it on a new machine is fine.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/asset-service/target}"

say() { printf '==> %s\n' "$*" >&2; }

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

ensure_rust() {
  if ! command -v cargo >/dev/null 2>&1; then
    [ -x "$HOME/.cargo/bin/cargo" ] && export PATH="$HOME/.cargo/bin:$PATH"
  fi
  command -v cargo >/dev/null 2>&1 || { say "Rust is missing: install rustup (https://rustup.rs) and rerun"; exit 1; }
  # rust-toolchain.toml names the toolchain and the wasm32-wasip2 target; rustup fetches them.
  rustup show active-toolchain >/dev/null 2>&1 || rustup toolchain install
  # An existing toolchain does not pick up new targets from the file by itself.
  rustup target list --installed 2>/dev/null | grep -qx wasm32-wasip2 || rustup target add wasm32-wasip2
  apt_install gcc pkg-config
}

# What the service draws, speaks and encodes with: fonts for every supported script (pictures
# are rendered in-process with resvg, which finds no text without them), the espeak-ng voice
# (the library and its header: the service links it to get each word's time),
# the pocketsphinx recogniser with its English model,
# and GStreamer (headers to build against; x264 in -ugly, mp4mux in -good, AAC in -libav).
ensure_media() {
  apt_install fonts-noto-core fonts-noto-cjk espeak-ng libespeak-ng-dev pocketsphinx pocketsphinx-en-us \
    libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base \
    gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly gstreamer1.0-libav
}
