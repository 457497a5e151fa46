#!/usr/bin/env bash
# Sets up what is missing and runs every test. Repeat runs skip what is present.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "native tests (rules, notation, engine, USI)"
cargo test --release --all-targets

step "web app: release build and end-to-end tests in headless Chromium"
bash .ci/test-web.sh
