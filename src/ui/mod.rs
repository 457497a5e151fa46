//! The web app, in folders by purpose (ARCHITECTURE.md draws the map). `text` (words) and
//! `model` (the app's values) have no browser types and are tested natively; they never
//! import `state` or a view. The rest exists only on wasm32: `state` (the app's signals
//! and the game's controller) with `computer` (the engine's side of it), the views in
//! `board`, `panels` and `dialogs`, and the browser's services in `browser`.

pub mod model;
pub mod text;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
mod computer;
#[cfg(target_arch = "wasm32")]
mod dialogs;
#[cfg(target_arch = "wasm32")]
mod panels;
#[cfg(target_arch = "wasm32")]
mod settings;
#[cfg(target_arch = "wasm32")]
mod state;

/// Mounts the app on the page (the `app` binary's entry point).
#[cfg(target_arch = "wasm32")]
pub fn start() {
    console_error_panic_hook::set_once();
    // Marks for the bench (tests/e2e/bench.mjs): when the wasm runs, and when the board is in the page.
    let performance = web_sys::window().and_then(|w| w.performance());
    let mark = |name: &str| {
        if let Some(p) = &performance {
            let _ = p.mark(name);
        }
    };
    mark("app-start");
    leptos::mount::mount_to_body(app::Root);
    mark("app-mounted");
}
