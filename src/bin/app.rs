//! The web app's page: built for wasm32 by Trunk (`index.html`); natively it does nothing.

fn main() {
    #[cfg(all(target_arch = "wasm32", feature = "app"))]
    shogi::ui::start();
}
