#!/usr/bin/env bash
# Release build of the web app and its end-to-end tests in headless Chromium.
# Ends with a plain "N passed, N failed" line; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
bash .ci/setup-web.sh || { echo "0 passed, 1 failed (setup)"; exit 1; }
export PATH="$PWD/tests/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"

printf '== %s\n' "trunk build --release --offline"
if ! nice -n 10 trunk build --release --offline; then
  echo "0 passed, 1 failed (the release build failed)"
  exit 1
fi
printf '== %s\n' "end-to-end tests (tests/e2e, Playwright's runner, headless Chromium)"
# CI=1: a test left marked .only fails the run instead of skipping the others.
(cd tests/e2e && CI=1 npx playwright test)
