//! A board inside another page (an `<iframe>` of index.html, or one made by embed.js):
//! the page drops its chrome (style/shell.css, `.app.embedded`) and tells the host page
//! each move and the end of the game by `postMessage` (README "Embed it in your page"),
//! and its height, so embed.js makes the frame as tall as the board drawn at its width.
//!
//! Embedded = running in a frame (`window.top` is another window): SPEC §4's parameters are
//! the same for the full app and an embedded board, so no extra parameter is needed.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::ui::model::events::{news, HostEvent, Told};
use crate::ui::model::problems::ProblemNews;
use crate::ui::model::table::Table;

pub fn is_embedded() -> bool {
    let window = window();
    window.top().ok().flatten().is_some_and(|top| top != window)
}

/// The message as the host page reads it: `{type, ...fields, id}` (README "Embed it in your page").
fn message(event: &HostEvent, id: &JsValue) -> js_sys::Object {
    let message = js_sys::Object::new();
    let set = |key: &str, value: &JsValue| {
        let _ = js_sys::Reflect::set(&message, &key.into(), value);
    };
    match event {
        HostEvent::Move { ply, usi, sfen } => {
            set("type", &"shogi:move".into());
            set("ply", &(*ply as f64).into());
            set("usi", &usi.into());
            set("sfen", &sfen.into());
        }
        HostEvent::GameOver { result, reason } => {
            set("type", &"shogi:gameover".into());
            set("result", &(*result).into());
            set("reason", &(*reason).into());
        }
    }
    set("id", id);
    message
}

/// Posts every move and the game's end to the page around the frame from now on.
pub fn tell_host(table: RwSignal<Table>) {
    let window = window();
    let Ok(Some(host)) = window.parent() else { return };
    // The frame's name, so a page with several boards knows which one spoke (embed.js
    // names each frame after its div's id).
    let id = JsValue::from(window.name().unwrap_or_default());
    Effect::new(move |told: Option<Told>| {
        table.with(|table| {
            let Some(told) = told else { return Told::now(table) };
            let (events, told) = news(table, told);
            for event in &events {
                // Game news is public: any host page may read it ("*").
                let _ = host.post_message(&message(event, &id), "*");
            }
            told
        })
    });
}

/// Posts `{type: "shogi:solved", id}` when the learner mates in a problem (`mode=problem`),
/// and `{type: "shogi:failed", id}` when a move of theirs is refused or they see the solution.
pub fn tell_problems(news: RwSignal<Option<(u32, ProblemNews)>>) {
    let window = window();
    let Ok(Some(host)) = window.parent() else { return };
    let id = JsValue::from(window.name().unwrap_or_default());
    Effect::new(move |_| {
        let Some((_, event)) = news.get() else { return };
        let message = js_sys::Object::new();
        let kind = match event {
            ProblemNews::Solved => "shogi:solved",
            ProblemNews::Failed => "shogi:failed",
        };
        let _ = js_sys::Reflect::set(&message, &"type".into(), &kind.into());
        let _ = js_sys::Reflect::set(&message, &"id".into(), &id);
        let _ = host.post_message(&message, "*");
    });
}

/// Posts `{type: "shogi:size", height, id}` whenever the page's height changes: the board is
/// as wide as the frame and as tall as that width makes it, so only the host can size the frame.
pub fn tell_size() {
    let window = window();
    let Ok(Some(host)) = window.parent() else { return };
    let Some(root) = document().document_element() else { return };
    let id = JsValue::from(window.name().unwrap_or_default());
    let measured = root.clone();
    let tell = Closure::<dyn Fn()>::new(move || {
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"type".into(), &"shogi:size".into());
        let _ = js_sys::Reflect::set(
            &message,
            &"height".into(),
            &measured.get_bounding_client_rect().height().ceil().into(),
        );
        let _ = js_sys::Reflect::set(&message, &"id".into(), &id);
        let _ = host.post_message(&message, "*");
    });
    let Ok(observer) = web_sys::ResizeObserver::new(tell.as_ref().unchecked_ref()) else { return };
    observer.observe(&root);
    // Both live as long as the page.
    tell.forget();
    std::mem::forget(observer);
}
