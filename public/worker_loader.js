// The engine's worker (a classic worker, src/ui/browser/engine.rs): the wasm-bindgen glue, then the
// engine's wasm. Trunk's generated loader passes the path in a form wasm-bindgen deprecates,
// which logged a warning on every start.
importScripts('./worker.js');
wasm_bindgen({ module_or_path: './worker_bg.wasm' });
