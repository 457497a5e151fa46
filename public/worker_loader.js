// The engine's worker (a module worker, src/ui/browser/engine.rs): the wasm-bindgen glue, then the
// engine's wasm, whose solver for mating problems the glue's split loader fetches on first use.
// Trunk's generated loader passes the path in a form wasm-bindgen deprecates, which logged a
// warning on every start.
import init from './worker.js';

init({ module_or_path: new URL('./worker_bg.wasm', import.meta.url) });
