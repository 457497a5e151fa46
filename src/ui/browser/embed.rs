//! A board inside another page (an `<iframe>` of index.html, or one made by embed.js):
//! the page drops its chrome (style/shell.css, `.app.embedded`) and tells the host page
//! each move, the end of the game and a problem's news by `postMessage` (README "Embed it
//! in your page"), and its height, so embed.js makes the frame as tall as the board drawn
//! at its width. What each message says is `model/events.rs`'s.
//!
//! Embedded = running in a frame (`window.top` is another window): SPEC §4's parameters are
//! the same for the full app and an embedded board, so no extra parameter is needed.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::ui::model::events::{news, HostEvent, Told, WireValue};
use crate::ui::model::table::Table;

/// Whether the page is inside another page's frame: it then draws only the board, tells
/// its host, and leaves the app's saved game alone.
pub fn is_embedded() -> bool {
    let window = window();
    window.top().ok().flatten().is_some_and(|top| top != window)
}

/// The page around the frame, and this frame's name in it, so a page with several boards
/// knows which one spoke (embed.js names each frame after its div's id).
struct Host {
    window: web_sys::Window,
    id: JsValue,
}

impl Host {
    /// None when the page has no parent to tell.
    fn of_this_page() -> Option<Host> {
        let window = window();
        let Ok(Some(parent)) = window.parent() else { return None };
        Some(Host { window: parent, id: JsValue::from(window.name().unwrap_or_default()) })
    }

    /// Posts `event` as the host page reads it: `{type, ...fields, id}`.
    fn tell(&self, event: &HostEvent) {
        let message = js_sys::Object::new();
        let set = |key: &str, value: &JsValue| {
            let _ = js_sys::Reflect::set(&message, &key.into(), value);
        };
        let (kind, fields) = event.wire();
        set("type", &kind.into());
        for (key, value) in fields {
            set(
                key,
                &match value {
                    WireValue::Number(number) => number.into(),
                    WireValue::Text(text) => text.into(),
                },
            );
        }
        set("id", &self.id);
        // The news is public: any host page may read it ("*").
        let _ = self.window.post_message(&message, "*");
    }
}

/// Tells the page around the frame, from now on, each move and the game's end at `table`
/// (those since `told`, the game as the page opened it: any played while this code came are
/// told too), the problems' and the lessons' news, and the page's height. Its code loads as an
/// embedded board starts; a page that is not embedded never fetches it (issue 28).
#[lazy]
pub fn tell_host_on_demand(
    table: RwSignal<Table>,
    told: Told,
    problem_news: Signal<Option<HostEvent>>,
    lesson_news: Signal<Option<HostEvent>>,
) {
    untrack(|| {
        tell_moves(table, told);
        tell_news(problem_news);
        tell_news(lesson_news);
        tell_size();
    })
}

/// Posts every move and the game's end since `told` to the page around the frame.
fn tell_moves(table: RwSignal<Table>, told: Told) {
    let Some(host) = Host::of_this_page() else { return };
    Effect::new(move |before: Option<Told>| {
        table.with(|table| {
            let (events, told) = news(table, before.unwrap_or(told));
            for event in &events {
                host.tell(event);
            }
            told
        })
    });
}

/// Posts each problem's or lesson's news (`shogi:solved`, `shogi:failed`) as it comes.
fn tell_news(news: Signal<Option<HostEvent>>) {
    let Some(host) = Host::of_this_page() else { return };
    Effect::new(move |_| {
        if let Some(event) = news.get() {
            host.tell(&event);
        }
    });
}

/// Posts the page's height (`shogi:size`) whenever it changes.
fn tell_size() {
    let Some(host) = Host::of_this_page() else { return };
    let Some(root) = document().document_element() else { return };
    let measured = root.clone();
    let tell = Closure::<dyn Fn()>::new(move || {
        host.tell(&HostEvent::Size { height: measured.get_bounding_client_rect().height().ceil() });
    });
    let Ok(observer) = web_sys::ResizeObserver::new(tell.as_ref().unchecked_ref()) else { return };
    observer.observe(&root);
    // Both live as long as the page.
    tell.forget();
    std::mem::forget(observer);
}
