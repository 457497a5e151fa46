#!/bin/sh
# Trunk pre_build hook (Trunk.toml): builds the app's wasm, split into what the page loads
# first and what it loads on first use (page_split in page-build.sh), into Trunk's staging
# folder `app/`: app.js and app_bg.wasm (the page's script and wasm), __wasm_split.js and the
# split files. .ci/app-folder.mjs (post_build) then names the folder after its contents' hash.
# The page: small beats fast, so the size-optimising profile, the standard library's
# size-optimising features and -Oz to convergence (page_wasm_opt says why its flags).
set -eu
: "${TRUNK_STAGING_DIR:?runs as a Trunk hook}"
if [ "${TRUNK_PROFILE:-debug}" = release ]; then profile=wasm-release; else profile=dev; fi
. "$(dirname "$0")/page-build.sh"
rm -rf "$TRUNK_STAGING_DIR/app"
PAGE_SPLIT_MAIN_FLAGS=--converge page_split app "$profile" optimize_for_size -Oz "$TRUNK_STAGING_DIR/app"
