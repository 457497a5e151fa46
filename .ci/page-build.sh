# Sourced by the Trunk hooks that build the page (split-app.sh, the app; build-worker.sh, the
# engine's worker; minify-copied.sh, the plain scripts). Defines page_rustc, page_split,
# page_wasm_opt and minify.
#
#   page_rustc PROFILE STD_FEATURES CARGO_RUSTC_ARGUMENTS...
# A release profile is built by the pinned nightly of .ci/page-toolchain (setup-web.sh installs
# it), which builds the standard library with the crate, with STD_FEATURES, so that a panic
# aborts at once: no panic message, source location or the formatting code they need is in the
# page (-31 KB gzip of the app's 330, -6 KB of the worker's 94, issue 28). A panic's message
# only ever reached the browser's console (the page stops either way). The dev profile keeps
# stable Rust and the messages, for development. The rustflags given are added to
# .cargo/config.toml's (Cargo joins the lists).
page_rustc() {
  profile=$1 std_features=$2
  shift 2
  if [ "$profile" = dev ]; then
    cargo rustc --profile dev "$@"
    return
  fi
  RUSTUP_TOOLCHAIN=$(cat "$(dirname "$0")/page-toolchain") cargo rustc --profile "$profile" \
    -Zbuild-std=std,panic_abort ${std_features:+-Zbuild-std-features=$std_features} \
    --config 'target.wasm32-unknown-unknown.rustflags = ["-Zunstable-options", "-Cpanic=immediate-abort", "-Zlocation-detail=none"]' \
    "$@"
}

#   page_split BIN PROFILE STD_FEATURES LEVEL OUT [CARGO_RUSTC_ARGUMENTS...]
# Builds BIN by page_rustc and splits its wasm before wasm-bindgen, which Trunk cannot do
# (trunk-rs/trunk#1022): each `#[lazy]` function and the code only it reaches go to a wasm file
# of their own, fetched on first use (src/ui/on_demand.rs). Writes into OUT:
#   BIN.js, BIN_bg.wasm   wasm-bindgen's glue (an ES module) and the main wasm
#   __wasm_split.js       the loader of the split files, imported by the glue
#   *.wasm                the split files (and chunks they share)
# In a release build the main wasm gets wasm-opt at LEVEL (page_wasm_opt; PAGE_SPLIT_MAIN_FLAGS
# adds flags), each split file LEVEL and the unused first KB only (it shares the main wasm's
# memory, which is no longer zero when it loads), and the scripts are minified. (wasm-opt 132
# warns of "unknown name subsection with id 3": the nightly's LLVM names labels; the names are
# dropped.) Tools: wasm-split-cli (wasm_split_cli_support 0.2.4), wasm-bindgen 0.2.130,
# wasm-opt 132 (.ci/setup-web.sh).
page_split() {
  bin=$1 profile=$2 std_features=$3 level=$4 out=$5
  shift 5
  # The linker keeps its relocations in the wasm, for the splitter: `cargo rustc` passes the
  # flag to BIN's link alone.
  page_rustc "$profile" "$std_features" --target wasm32-unknown-unknown --bin "$bin" "$@" -- -C link-arg=--emit-relocs
  root=$(cd "$(dirname "$0")/.." && pwd)
  built=$root/target/wasm32-unknown-unknown/$([ "$profile" = dev ] && echo debug || echo "$profile")/$bin.wasm
  parts=$root/target/wasm-split/$profile/$bin
  rm -rf "$parts"
  mkdir -p "$parts" "$out"
  wasm-split-cli "$built" "$parts" --out-name "$bin"
  # The main part keeps the exports the split files link to, under their linker names.
  wasm-bindgen --target=web --no-typescript --keep-lld-exports --no-demangle \
    --out-dir="$out" --out-name="$bin" "$parts/$bin.wasm"
  # Short names for the functions the wasm imports from its glue (the script says why).
  node "$root/.ci/short-imports.mjs" "$out" "$bin"
  cp "$parts/__wasm_split.js" "$out/"
  for part in "$parts"/*.wasm; do
    [ "$part" = "$parts/$bin.wasm" ] && continue
    if [ "$profile" = dev ]; then
      cp "$part" "$out/"
    else
      wasm-opt "$level" --low-memory-unused "$part" -o "$out/$(basename "$part")"
    fi
  done
  [ "$profile" = dev ] && return
  page_wasm_opt "$level" "$out/${bin}_bg.wasm" ${PAGE_SPLIT_MAIN_FLAGS:-}
  minify module "$out/$bin.js" "$out/__wasm_split.js"
}

# page_wasm_opt LEVEL FILE [FLAGS...]: wasm-opt at LEVEL on the app's or the worker's wasm, in
# place. No memory packing: it splits the sparse attack tables into thousands of data segments
# whose headers cost more after gzip than the zeros they skip (12 KB). Rust's wasm keeps its
# stack at the bottom of memory and never uses the first KB, and the memory starts zeroed:
# wasm-opt may rely on both (-1.6 KB gzip of the app's, with converge). The exports of
# wasm-streams (a dependency of Leptos's server functions), which wasm-bindgen keeps and
# nothing here calls, go, and then the code only they reached (-1.4 KB gzip).
page_wasm_opt() {
  level=$1 file=$2
  shift 2
  wasm-opt "$level" --skip-pass=memory-packing --low-memory-unused --zero-filled-memory \
    --remove-exports='intounderlying*,__wbg_intounderlying*' --remove-unused-module-elements \
    "$@" "$file" -o "$file"
}

# minify module|script FILE...: terser (tests/e2e's npm packages) shortens the glue scripts in
# place. A module's top-level names are its own (its exports keep theirs); a classic script's
# are the worker's globals, kept.
minify() {
  module=$([ "$1" = module ] && echo --module || true)
  shift
  for script in "$@"; do
    terser "$script" $module --compress --mangle -o "$script"
  done
}
