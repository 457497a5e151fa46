//! The web app's page: built for wasm32 by Trunk (`index.html`); natively it does nothing.

fn main() {
    #[cfg(target_arch = "wasm32")]
    shogi::ui::start();
}
