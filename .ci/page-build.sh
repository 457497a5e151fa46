# Sourced by the Trunk hooks that build the page (split-app.sh, the app; build-worker.sh, the
# engine's worker; minify-copied.sh, the plain scripts). Defines page_rustc, page_wasm_opt and
# minify.
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
