#!/usr/bin/env bash
# Installs what the web build and its browser tests need, skipping whatever is
# already present: the wasm target, the page's pinned nightly, Trunk, the wasm-bindgen CLI,
# the wasm splitter, Chromium, and the npm packages of tests/e2e (@playwright/test,
# binaryen's wasm-opt, axe-core, terser).
# Versions and reasons: ../shared/TOOLCHAIN.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '== %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
# The page's release wasm is built by a pinned nightly with the standard library's source
# (.ci/page-build.sh says why); the minimal profile is enough (a few seconds to download).
page_toolchain=$(cat .ci/page-toolchain)
page_sysroot=$(rustup run "$page_toolchain" rustc --print sysroot 2>/dev/null || true)
if [ -z "$page_sysroot" ] || [ ! -d "$page_sysroot/lib/rustlib/src/rust/library" ]; then
  step "rustup toolchain install $page_toolchain with rust-src (the page's release build)"
  rustup toolchain install "$page_toolchain" --profile minimal --component rust-src
fi
if ! trunk --version 2>/dev/null | grep -q ' 0\.21\.14'; then
  step "cargo install trunk 0.21.14 (about 10 minutes on 2 cores)"
  cargo install trunk --version 0.21.14 --locked
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q ' 0\.2\.130'; then
  # No --locked: its lock file names a crate version the registry copy lacks.
  step "cargo install wasm-bindgen-cli 0.2.130"
  cargo install wasm-bindgen-cli --version 0.2.130
fi
if ! wasm-split-cli --help >/dev/null 2>&1; then
  # The splitter of the app's wasm (.ci/split-app.sh): a crate of Leptos's authors.
  step "cargo install wasm_split_cli_support 0.2.4 (wasm-split-cli)"
  cargo install wasm_split_cli_support --version 0.2.4 --features build-binary --locked
fi
if [ ! -x /usr/bin/chromium ]; then
  step "apt-get install chromium chromium-driver"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
fi
# Installed unless every dependency of package.json is present at its pinned version.
if ! node -e '
  const pkg = require("./tests/e2e/package.json");
  for (const [name, version] of Object.entries(pkg.dependencies)) {
    if (require(`./tests/e2e/node_modules/${name}/package.json`).version !== version) process.exit(1);
  }' 2>/dev/null; then
  step "npm ci in tests/e2e (@playwright/test, binaryen, axe-core, terser)"
  # The system Chromium is used: no browser download.
  (cd tests/e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
fi
