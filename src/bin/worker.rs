//! The engine's Web Worker: built for wasm32 without the page's views (`.ci/build-worker.sh`);
//! natively, or with the views, it does nothing.

fn main() {
    #[cfg(all(target_arch = "wasm32", not(feature = "app")))]
    shogi::worker::start();
}
