#!/bin/sh
# Trunk pre_build hook (Trunk.toml): builds the app's wasm and splits it before wasm-bindgen,
# which Trunk cannot do (trunk-rs/trunk#1022). Each `#[lazy]` function (src/ui/on_demand.rs)
# and the code only it reaches go to a wasm file of their own that the page fetches on first
# use; the rest is the app's wasm as before. Writes into Trunk's staging folder `app/`:
#   app.js, app_bg.wasm   the page's script and wasm (wasm-bindgen's output, then wasm-opt)
#   __wasm_split.js       the loader of the split files, imported by app.js
#   *.wasm                the split files (and chunks they share), each shrunk by wasm-opt
# .ci/app-folder.mjs (post_build) then names the folder after its contents' hash.
# Tools: wasm-split-cli (wasm_split_cli_support 0.2.4), wasm-bindgen 0.2.130, wasm-opt 132
# (see .ci/setup-web.sh).
set -eu
: "${TRUNK_STAGING_DIR:?runs as a Trunk hook}"
if [ "${TRUNK_PROFILE:-debug}" = release ]; then profile=wasm-release; else profile=dev; fi
folder=$(cd "$(dirname "$0")/.." && pwd)/target/wasm-split/$profile
out=$TRUNK_STAGING_DIR/app

# The linker keeps its relocations in the app's wasm, for the splitter: only the app's link
# (`cargo rustc` passes the flag to the app alone). The page: small beats fast, so the std's
# size-optimising features too.
. "$(dirname "$0")/page-build.sh"
page_rustc "$profile" optimize_for_size --target wasm32-unknown-unknown --bin app -- -C link-arg=--emit-relocs
built=target/wasm32-unknown-unknown/$([ "$profile" = dev ] && echo debug || echo "$profile")/app.wasm
rm -rf "$folder" "$out"
mkdir -p "$folder" "$out"
wasm-split-cli "$built" "$folder" --out-name app
# The main part keeps the exports the split files link to, under their linker names.
wasm-bindgen --target=web --no-typescript --keep-lld-exports --no-demangle \
  --out-dir="$out" --out-name=app "$folder/app.wasm"
# Short names for the functions the wasm imports from its glue (the script says why).
node .ci/short-imports.mjs "$out" app
cp "$folder"/__wasm_split.js "$out"/
for part in "$folder"/*.wasm; do
  [ "$part" = "$folder/app.wasm" ] || cp "$part" "$out"/
done
[ "$profile" = wasm-release ] || exit 0
# The page: small beats fast, so the size-optimising profile and -Oz (page_wasm_opt says why
# its flags). A split file shares the app's memory, which is no longer zero when it loads: it
# gets only -Oz and the unused first KB. (wasm-opt 132 warns of "unknown name subsection with
# id 3": the nightly's LLVM names labels; the names are dropped.)
page_wasm_opt -Oz "$out/app_bg.wasm" --converge
for part in "$out"/*.wasm; do
  [ "$part" = "$out/app_bg.wasm" ] || wasm-opt -Oz --low-memory-unused "$part" -o "$part"
done
minify module "$out/app.js" "$out/__wasm_split.js"
