#!/usr/bin/env bash
# The README's test command: installs what is missing (skipping what is present)
# and runs every test: native unit and integration tests, then a release build
# of the web app and its end-to-end tests in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

step "native tests (rules, notation, engine, USI)"
cargo test --profile ci --all-targets

step "lint: formatting and clippy, native and wasm32"
installed=$(rustup component list --installed 2>/dev/null || true)
for component in rustfmt clippy; do
  grep -q "^$component" <<<"$installed" || rustup component add "$component"
done
rustup target list --installed | grep -q wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo fmt --check
cargo clippy --all-targets -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --bins -- -D warnings

step "web app: setup, release build, end-to-end tests"
bash .ci/test-web.sh
