//! The frame every panel over the page shares: focus in, Escape out, the page behind inert.

use leptos::prelude::*;

use crate::ui::board::focus;
use crate::ui::dialog::Dialogs;

/// A modal panel over the page. It takes the focus when it opens (its `data-autofocus`
/// control, or itself), Escape closes it, the page behind is inert meanwhile (see
/// `app.rs`), and the focus returns where it was when it was opened (`Dialogs::open`).
pub fn modal(
    class: &'static str,
    label: &'static str,
    on_close: impl Fn() + Copy + 'static,
    body: impl IntoView + 'static,
) -> impl IntoView {
    focus::restore_on_cleanup(Dialogs::get().take_opener());
    let panel = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = panel.get() {
            match el.query_selector("[data-autofocus]") {
                Ok(Some(first)) => focus::focus(&first),
                _ => focus::focus(&el),
            }
        }
    });
    let keydown = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            ev.stop_propagation();
            on_close();
        }
    };
    view! {
        <div class="backdrop" on:click=move |_| on_close()>
            <div
                node_ref=panel
                class=class
                role="dialog"
                aria-modal="true"
                aria-label=label
                tabindex="-1"
                on:click=|ev| ev.stop_propagation()
                on:keydown=keydown
            >
                {body}
            </div>
        </div>
    }
}

pub fn backdrop(
    on_close: impl Fn() + Copy + 'static,
    label: &'static str,
    body: impl IntoView + 'static,
) -> impl IntoView {
    modal("dialog", label, on_close, body)
}
