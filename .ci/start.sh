#!/usr/bin/env bash
# The README's start command: installs what is missing, builds the web app for
# release and serves it on http://localhost:8080 (Ctrl-C stops).
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/setup-web.sh
export PATH="$PWD/tests/e2e/node_modules/.bin:$HOME/.cargo/bin:$PATH"
echo "Open http://localhost:${PORT:-8080}/"
exec trunk serve --release --offline --no-autoreload --dist target/serve --address 127.0.0.1 --port "${PORT:-8080}"
