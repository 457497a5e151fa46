#!/bin/sh
# Trunk pre_build hook (Trunk.toml), after split-app.sh: builds the engine's worker, which
# Trunk's own worker build cannot give the page's nightly flags (.ci/page-build.sh), split as
# the app is (page_split): the mating problems' solver is a file of its own, fetched on the
# first problem (src/worker/run.rs). Writes into Trunk's staging folder worker.js
# (wasm-bindgen's glue, an ES module), worker_bg.wasm, __wasm_split.js and the split files,
# which public/worker_loader.js, a module worker, loads.
#   sh .ci/build-worker.sh [BIN]   builds another binary the same way (BIN.js, BIN_bg.wasm):
# tests/bench/engine-wasm-bench.mjs times `usi` so, as the worker ships.
# The engine: speed matters, so the release profile and wasm-opt -O3, and the standard
# library's fast code; without the page's views (Cargo.toml, `app`).
set -eu
: "${TRUNK_STAGING_DIR:?runs as a Trunk hook}"
if [ "${TRUNK_PROFILE:-debug}" = release ]; then profile=release; else profile=dev; fi
. "$(dirname "$0")/page-build.sh"
page_split "${1:-worker}" "$profile" "" -O3 "$TRUNK_STAGING_DIR" --no-default-features
