//! The web app, in folders by purpose (ARCHITECTURE.md draws the map). `text` (words) and
//! `model` (the app's values) have no browser types and are tested natively; they never
//! import the app's parts or a view. The rest exists only on wasm32: the app's parts, each
//! provided through context (`play`: the game at the table, `settings`, `computer`: the
//! engine's side, `persistence`: what is kept on the device, `dialog`: the panel open over
//! the page, `problems`: the mating problem at the table and the progress, `collection`: the
//! problems' collection, `lessons`: the lesson at the table, the course and the progress, `missed_mates`: the mates missed in finished games), `state` (the game's controller tying them
//! together), the views in `board`, `panels` and `dialogs`, and the browser's services in
//! `browser`.

pub mod model;
pub mod text;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
mod collection;
#[cfg(target_arch = "wasm32")]
mod computer;
#[cfg(target_arch = "wasm32")]
mod dialog;
#[cfg(target_arch = "wasm32")]
mod dialogs;
#[cfg(target_arch = "wasm32")]
mod lessons;
#[cfg(target_arch = "wasm32")]
mod missed_mates;
#[cfg(target_arch = "wasm32")]
mod panels;
#[cfg(target_arch = "wasm32")]
mod persistence;
#[cfg(target_arch = "wasm32")]
mod play;
#[cfg(target_arch = "wasm32")]
mod problems;
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
