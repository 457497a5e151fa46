//! A board inside another page (an `<iframe>` of index.html, or one made by embed.js):
//! the page drops its chrome (style/shell.css, `.app.embedded`) and tells the host page
//! each move and the end of the game by `postMessage` (README "Embed it in your page").
//!
//! Embedded = running in a frame (`window.top` is another window): SPEC §4's parameters are
//! the same for the full app and an embedded board, so no extra parameter is needed.

use leptos::prelude::*;

use super::events::{news, Told};
use super::state::App;

pub fn is_embedded() -> bool {
    let window = window();
    window.top().ok().flatten().is_some_and(|top| top != window)
}

/// Posts every move and the game's end to the page around the frame from now on.
pub fn tell_host(app: App) {
    let window = window();
    let Ok(Some(host)) = window.parent() else { return };
    // The frame's name, so a page with several boards knows which one spoke (embed.js
    // names each frame after its div's id).
    let id = wasm_bindgen::JsValue::from(window.name().unwrap_or_default());
    Effect::new(move |told: Option<Told>| {
        app.table.with(|table| {
            let Some(told) = told else { return Told::now(table) };
            let (events, told) = news(table, told);
            for event in &events {
                let Ok(message) = serde_wasm_bindgen::to_value(event) else { continue };
                let _ = js_sys::Reflect::set(&message, &"id".into(), &id);
                // Game news is public: any host page may read it ("*").
                let _ = host.post_message(&message, "*");
            }
            told
        })
    });
}
