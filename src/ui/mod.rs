//! The web app, in folders by purpose (ARCHITECTURE.md draws the map). `text` (words) and
//! `model` (the app's values) have no browser types and are tested natively; they never
//! import the app's parts or a view. The rest exists only on wasm32, with the `app` feature
//! (the engine worker's build goes without, so no view of the page is linked into it): the app's parts, each
//! provided through context (`play`: the game at the table, `settings`, `computer`: the
//! engine's side, `persistence`: what is kept on the device, `dialog`: the panel open over
//! the page, `problems`: the mating problem at the table and the progress, `collection`: the
//! problems' collection, `lessons`: the lesson at the table, the course and the progress, `missed_mates`: the mates missed in finished games), `state` (the game's controller tying them
//! together), the views in `board`, `panels` and `dialogs`, and the browser's services in
//! `browser`.

pub mod model;
pub mod text;

/// The page's modules: on wasm32, with the `app` feature.
macro_rules! page_modules {
    ($($name:ident),*) => {
        $(#[cfg(all(target_arch = "wasm32", feature = "app"))]
        mod $name;)*
    };
}

page_modules! {
    app, board, browser, clock, collection, computer, dialog, dialogs, lessons, missed_mates, on_demand, panels, persistence, play,
    problems, settings, state
}

/// Mounts the app on the page (the `app` binary's entry point).
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub fn start() {
    console_error_panic_hook::set_once();
    // Marks for the bench (tests/e2e/bench.mjs): when the wasm runs, and when the board is in the page.
    let performance = web_sys::window().and_then(|w| w.performance());
    let mark = move |name: &str| {
        if let Some(p) = &performance {
            let _ = p.mark(name);
        }
    };
    mark("app-start");
    app::mount(move || mark("app-mounted"));
}
