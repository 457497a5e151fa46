#!/bin/sh
# Trunk post_build hook (Trunk.toml), release builds: the plain scripts the page loads first,
# copied as they are written (Trunk minifies only what it builds), minified. embed.js is left
# readable: a host page's author reads its header.
set -eu
: "${TRUNK_STAGING_DIR:?runs as a Trunk hook}"
[ "${TRUNK_PROFILE:-debug}" = release ] || exit 0
. "$(dirname "$0")/page-build.sh"
minify script "$TRUNK_STAGING_DIR/offline.js"
minify module "$TRUNK_STAGING_DIR/worker_loader.js"
