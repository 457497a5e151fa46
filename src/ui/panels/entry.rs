//! The move box: type a move in any notation; it says as you type which move it
//! would play or why not, offers the legal moves that complete the text, and
//! Enter plays it.

use leptos::prelude::*;

use crate::rules::{Position, Square};

use crate::ui::model::movetext::move_text;
use crate::ui::model::typed;
use crate::ui::panels::notices::words_view;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::{Words, T};

/// How many completions the box offers at a time.
const SUGGESTIONS: usize = 40;

/// The position shown (a move typed while looking back starts a variation there) and where
/// its previous move went (for the Japanese `同`), tracked.
fn live(play: Play) -> (Position, Option<Square>) {
    let ply = play.shown_ply.get();
    let previous = play.table.with(|t| ply.checked_sub(1).and_then(|p| t.moves().get(p)).map(|m| m.to()));
    (play.shown.get(), previous)
}

pub fn move_box() -> impl IntoView {
    // Enter plays the move: the controller's job (it then saves and asks the engine).
    let (app, play, settings) = (App::get(), Play::get(), Settings::get());
    let text = RwSignal::new(String::new());
    let reading = Memo::new(move |_| {
        let typed = text.get();
        if typed.trim().is_empty() {
            return None;
        }
        let (pos, previous_to) = live(play);
        Some(typed::read(&pos, &typed, previous_to))
    });
    let feedback = move || {
        let lang = settings.lang.get();
        match reading.get()? {
            Ok(m) => {
                let (pos, previous_to) = live(play);
                let spelled = move_text(settings.notation.get(), &pos, m, previous_to);
                Some(T::EnterPlays.words(lang, &[Words::code(spelled), Words::code(m.to_string())]))
            }
            Err(why) => Some(why.words(lang)),
        }
        .map(words_view)
    };
    // Completions are for a person typing: worked out only while the box has focus, so
    // playing on the board or the engine's reply does not pay for them.
    let focused = RwSignal::new(false);
    let options = move || {
        if !focused.get() {
            return None;
        }
        let (pos, previous_to) = live(play);
        typed::suggestions(&pos, settings.notation.get(), &text.get(), previous_to, SUGGESTIONS)
            .into_iter()
            .map(|s| view! { <option value=s></option> })
            .collect_view()
            .into()
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match reading.get_untracked() {
            Some(Ok(m)) if play.can_move() => {
                app.play(m);
                text.set(String::new());
            }
            Some(Ok(_)) => play.explain_why_frozen(),
            // Why not is said under the box already: once, so an older remark goes.
            Some(Err(_)) => play.message.set(None),
            None => {}
        }
    };
    let refused = move || matches!(reading.get(), Some(Err(_)));
    view! {
        <form class="move-box" on:submit=submit>
            <label for="move-input">{settings.text(T::TypeAMove)}</label>
            <input
                id="move-input"
                data-move-input
                type="text"
                list="move-options"
                autocomplete="off"
                autocapitalize="off"
                spellcheck="false"
                placeholder="7g7f, P-7f, ７六歩"
                aria-describedby="move-feedback"
                aria-invalid=move || refused().to_string()
                prop:value=text
                on:input=move |ev| text.set(event_target_value(&ev))
                on:focus=move |_| focused.set(true)
                on:blur=move |_| focused.set(false)
            />
            <datalist id="move-options">{options}</datalist>
            <p id="move-feedback" class="move-feedback" class:refused=refused data-move-feedback>
                {feedback}
            </p>
        </form>
    }
}
