//! The notices at the top of the page, worded in the page's language as it is now,
//! and [`Words`] as a view: code (parameters, values, notation) in `<code>`, in no language.

use leptos::prelude::*;

use crate::ui::persistence::Persistence;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::{Part, Words};

/// Words as text nodes, and `<code>` for the code (always text, never markup).
pub fn words_view(words: Words) -> impl IntoView {
    words
        .parts()
        .iter()
        .map(|part| match part {
            Part::Text(text) => text.clone().into_any(),
            Part::Code(code) => view! { <code>{code.clone()}</code> }.into_any(),
        })
        .collect_view()
}

/// The list; `inert` while a panel is open over the page.
pub fn notices(inert: impl Fn() -> bool + Send + Sync + 'static) -> impl IntoView {
    let (persistence, settings) = (Persistence::get(), Settings::get());
    let items = move || {
        let lang = settings.lang.get();
        persistence
            .notices
            .with(|notices| notices.iter().map(|n| view! { <li>{words_view(n.words(lang))}</li> }).collect_view())
    };
    view! {
        <ul class="notices" inert=inert class:hidden=move || persistence.notices.with(Vec::is_empty)>{items}</ul>
    }
}
