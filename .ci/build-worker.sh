#!/bin/sh
# Trunk pre_build hook (Trunk.toml), after split-app.sh: builds the engine's worker, which
# Trunk's own worker build cannot give the page's nightly flags (.ci/page-build.sh). Writes
# into Trunk's staging folder worker.js (wasm-bindgen's glue for a classic worker) and
# worker_bg.wasm, which public/worker_loader.js loads.
#   sh .ci/build-worker.sh [BIN]   builds another binary the same way (BIN.js, BIN_bg.wasm):
# tests/bench/engine-wasm-bench.mjs times `usi` so, as the worker ships.
# The engine: speed matters, so the release profile and wasm-opt -O3, and the standard
# library's fast code; without the page's views (Cargo.toml, `app`).
set -eu
: "${TRUNK_STAGING_DIR:?runs as a Trunk hook}"
if [ "${TRUNK_PROFILE:-debug}" = release ]; then profile=release; else profile=dev; fi
out=$TRUNK_STAGING_DIR
bin=${1:-worker}
. "$(dirname "$0")/page-build.sh"
page_rustc "$profile" "" --target wasm32-unknown-unknown --bin "$bin" --no-default-features
built=target/wasm32-unknown-unknown/$([ "$profile" = dev ] && echo debug || echo "$profile")/$bin.wasm
wasm-bindgen --target=no-modules --no-typescript --out-dir="$out" --out-name="$bin" "$built"
# Short names for the functions the wasm imports from its glue (the script says why).
node .ci/short-imports.mjs "$out" "$bin"
[ "$profile" = release ] || exit 0
page_wasm_opt -O3 "$out/${bin}_bg.wasm"
minify script "$out/$bin.js"
