//! The web app. The parts with no browser types (piece faces, URL parameters,
//! the game as played at the table, explanations of refused moves) build and
//! test natively; the Leptos views and the engine bridge exist only on wasm32.

pub mod events;
pub mod explain;
pub mod face;
pub mod glyphs;
pub mod i18n;
pub mod keys;
pub mod movetext;
pub mod notice;
pub mod params;
pub mod reach;
pub mod saved;
pub mod speech;
pub mod table;
pub mod transfer;
pub mod typed;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod board;
#[cfg(target_arch = "wasm32")]
mod dialogs;
#[cfg(target_arch = "wasm32")]
mod engine;
#[cfg(target_arch = "wasm32")]
mod entry;
#[cfg(target_arch = "wasm32")]
mod focus;
#[cfg(target_arch = "wasm32")]
mod drag;
#[cfg(target_arch = "wasm32")]
mod editor;
#[cfg(target_arch = "wasm32")]
mod embed;
#[cfg(target_arch = "wasm32")]
mod guide;
#[cfg(target_arch = "wasm32")]
mod hands;
#[cfg(target_arch = "wasm32")]
mod live;
#[cfg(target_arch = "wasm32")]
mod notices;
#[cfg(target_arch = "wasm32")]
mod panel;
#[cfg(target_arch = "wasm32")]
mod piece;
#[cfg(target_arch = "wasm32")]
mod state;
#[cfg(target_arch = "wasm32")]
mod storage;
#[cfg(target_arch = "wasm32")]
mod games;
#[cfg(target_arch = "wasm32")]
mod records;

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
