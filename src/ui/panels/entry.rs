//! The move box: type a move in any notation; it says as you type which move it
//! would play or why not, offers the legal moves that complete the text, and
//! Enter plays it.

use leptos::prelude::*;

use crate::rules::{Position, Square};

use crate::ui::model::movetext::move_text;
use crate::ui::model::typed;
use crate::ui::on_demand::on_first_use;
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

/// What the box holds, shared by the form, drawn at once, and its reading of the text, which
/// loads when the box is first used: every notation's reader and their wording are 17 KB gzip
/// that a game played on the board never needs (issue 28).
#[derive(Clone, Copy)]
struct Typed {
    text: RwSignal<String>,
    focused: RwSignal<bool>,
    /// Presses of Enter, counted: the reading plays the move at each, one pressed while it
    /// loaded too.
    entered: RwSignal<u32>,
    refused: RwSignal<bool>,
}

pub fn move_box() -> impl IntoView {
    let settings = Settings::get();
    let typed = Typed {
        text: RwSignal::new(String::new()),
        focused: RwSignal::new(false),
        entered: RwSignal::new(0),
        refused: RwSignal::new(false),
    };
    let used = move || typed.focused.get() || typed.entered.get() > 0;
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        typed.entered.update(|n| *n += 1);
    };
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
                aria-invalid=move || typed.refused.get().to_string()
                prop:value=typed.text
                on:input=move |ev| typed.text.set(event_target_value(&ev))
                on:focus=move |_| typed.focused.set(true)
                on:blur=move |_| typed.focused.set(false)
            />
            // The completions' list sits in the paragraph with the feedback: both come with the
            // reading, and the paragraph keeps its place until then.
            <p id="move-feedback" class="move-feedback" class:refused=typed.refused data-move-feedback>
                {on_first_use(used, move || reading_on_demand(typed))}
            </p>
        </form>
    }
}

#[lazy]
fn reading_on_demand(typed: Typed) -> AnyView {
    reading(typed).into_any()
}

/// The box's reading: which move the text would play or why not, the legal moves that
/// complete it, and Enter.
fn reading(typed: Typed) -> impl IntoView {
    // Enter plays the move: the controller's job (it then saves and asks the engine).
    let (app, play, settings) = (App::get(), Play::get(), Settings::get());
    let Typed { text, focused, entered, refused } = typed;
    let reading = Memo::new(move |_| {
        let typed = text.get();
        if typed.trim().is_empty() {
            return None;
        }
        let (pos, previous_to) = live(play);
        Some(typed::read(&pos, &typed, previous_to))
    });
    Effect::new(move |_| refused.set(matches!(reading.get(), Some(Err(_)))));
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
    Effect::new(move |handled: Option<u32>| {
        let pressed = entered.get();
        if pressed != handled.unwrap_or(0) {
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
        }
        pressed
    });
    view! {
        <datalist id="move-options">{options}</datalist>
        {feedback}
    }
}
