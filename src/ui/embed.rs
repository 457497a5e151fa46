//! A board inside another page (an `<iframe>` of index.html, or one made by embed.js):
//! the page drops its chrome (style/shell.css, `.app.embedded`) and tells the host page
//! each move and the end of the game by `postMessage` (README "Embed it in your page").
//!
//! Embedded = running in a frame (`window.top` is another window): SPEC §4's parameters are
//! the same for the full app and an embedded board, so no extra parameter is needed.

use leptos::prelude::*;
use serde::Serialize;

use super::events::{news, HostEvent, Told};
use super::state::App;

pub fn is_embedded() -> bool {
    let window = window();
    window.top().ok().flatten().is_some_and(|top| top != window)
}

/// The message as posted: the event and the frame's name, so a page with several boards
/// knows which one spoke (embed.js names each frame after its div's id).
#[derive(Serialize)]
struct Message<'a> {
    id: &'a str,
    #[serde(flatten)]
    event: &'a HostEvent,
}

/// Posts every move and the game's end to the page around the frame from now on.
pub fn tell_host(app: App) {
    let window = window();
    let Ok(Some(host)) = window.parent() else { return };
    let id = window.name().unwrap_or_default();
    // Plain objects, not Maps: what the host page's scripts expect.
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    Effect::new(move |told: Option<Told>| {
        app.table.with(|table| {
            let Some(told) = told else { return Told::now(table) };
            let (events, told) = news(table, told);
            for event in &events {
                if let Ok(message) = (Message { id: &id, event }).serialize(&serializer) {
                    // Game news is public: any host page may read it ("*").
                    let _ = host.post_message(&message, "*");
                }
            }
            told
        })
    });
}
