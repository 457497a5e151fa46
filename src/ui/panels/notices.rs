//! The notices at the top of the page, worded in the page's language as it is now, the
//! offer of another tab's newer game, and [`Words`] as a view: code (parameters, values, notation) in `<code>`, in no language.

use leptos::prelude::*;

use crate::ui::on_demand::on_first_use;
use crate::ui::persistence::Persistence;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::{Part, Words, T};

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

/// The list, from the first notice or offer (its code is loaded then, `ui/on_demand.rs`);
/// `inert` while a panel is open over the page.
pub fn notices(inert: Signal<bool>) -> impl IntoView {
    let persistence = Persistence::get();
    let any = move || persistence.notices.with(|n| !n.is_empty()) || persistence.newer_elsewhere.with(Option::is_some);
    on_first_use(any, move || notices_on_demand(inert))
}

#[lazy]
fn notices_on_demand(inert: Signal<bool>) -> AnyView {
    let (persistence, settings) = (Persistence::get(), Settings::get());
    let items = move || {
        let lang = settings.lang.get();
        persistence
            .notices
            .with(|notices| notices.iter().map(|n| view! { <li>{words_view(n.words(lang))}</li> }).collect_view())
    };
    // Read, they can be put away: on a short window they take the board's room.
    view! {
        <div class="notices-box" inert=inert class:hidden=move || persistence.notices.with(Vec::is_empty)>
            <ul class="notices">{items}</ul>
            <button class="dismiss" data-action="dismiss-notices" aria-label=settings.text(T::Close)
                on:click=move |_| persistence.notices.set(Vec::new())>"×"</button>
        </div>
        {newer_elsewhere()}
    }
    .into_any()
}

/// Another tab saved a newer game: take it, or keep this page's too, in the Games list.
fn newer_elsewhere() -> impl IntoView {
    let (app, persistence, settings) = (App::get(), Persistence::get(), Settings::get());
    move || {
        persistence.newer_elsewhere.with(Option::is_some).then(|| {
            view! {
                <div class="elsewhere" role="alert">
                    <span>{settings.text(T::ChangedElsewhere)}</span>
                    <button class="primary" data-action="load-newer" on:click=move |_| app.load_newer()>
                        {settings.text(T::LoadNewer)}
                    </button>
                    <button data-action="keep-both" on:click=move |_| app.keep_both()>{settings.text(T::KeepBoth)}</button>
                </div>
            }
        })
    }
}
