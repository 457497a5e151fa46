//! The finished games kept on the device: the "Games" dialog that lists them, and
//! the bar shown while one is on the board for review ("continue from here").

use leptos::prelude::*;

use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::dialogs::modal::modal;
use crate::ui::model::saved::SavedGame;
use crate::ui::model::table::{result_sentence, Sides};
use crate::ui::on_demand::on_first_use;
use crate::ui::persistence::Persistence;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::{Lang, T};

/// Who played whom, how it ended ("Sente wins by resignation.") and its length.
fn summary(lang: Lang, game: &SavedGame) -> String {
    let players = match game.sides {
        Sides::Sente => T::YouSenteVsEngine,
        Sides::Gote => T::EngineVsYouGote,
        Sides::Both => T::TwoPeoplePlayed,
        Sides::None => T::EngineVsItself,
    };
    let result = match game.end {
        // A sentence in a list of parts: without its full stop.
        Some(end) => result_sentence(lang, end, Sides::Both).trim_end_matches(['.', '。']).to_string(),
        None => T::Unfinished.get(lang).to_string(),
    };
    let plies = T::MoveCount.with(lang, &[&game.moves.len().to_string()]);
    format!("{} · {result} · {plies}", players.get(lang))
}

/// The date and time a game was saved, written the way the page's language writes dates.
fn date(lang: Lang, game: &SavedGame) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(game.saved as f64));
    date.to_locale_string(lang.name(), &wasm_bindgen::JsValue::UNDEFINED).into()
}

/// The finished games dialog: its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn games_on_demand() -> AnyView {
    games().into_any()
}

fn games() -> impl IntoView {
    // A game picked for review is put at the table: the controller's job.
    let (app, settings, persistence, dialogs) = (App::get(), Settings::get(), Persistence::get(), Dialogs::get());
    move || {
        if !dialogs.is_open(Dialog::Games) {
            return None;
        }
        let lang = settings.lang.get_untracked();
        let games = persistence.finished_games();
        let empty = games.is_empty().then(|| view! { <p class="note">{settings.text(T::NoFinishedGames)}</p> });
        let rows = games
            .into_iter()
            .enumerate()
            .map(|(index, game)| {
                let text = summary(lang, &game);
                let when = date(lang, &game);
                view! {
                    <li>
                        <button class="saved-game" data-action="review-game" data-game=index.to_string() on:click=move |_| app.review(&game)>
                            <span class="saved-date">{when}</span>
                            <span>{text}</span>
                        </button>
                    </li>
                }
            })
            .collect_view();
        let body = view! {
            <h2>{settings.text(T::FinishedGames)}</h2>
            {empty}
            <ol class="saved-games">{rows}</ol>
            <div class="dialog-buttons">
                <button on:click=move |_| dialogs.close()>{settings.text(T::Close)}</button>
            </div>
        };
        Some(modal("dialog", T::FinishedGames.get(lang), move || dialogs.close(), body))
    }
}

/// Shown above the status while a finished game is reviewed; its code loads the first time
/// (`ui/on_demand.rs`).
pub fn review_bar() -> impl IntoView {
    let persistence = Persistence::get();
    on_first_use(move || persistence.reviewing.get(), review_bar_on_demand)
}

#[lazy]
fn review_bar_on_demand() -> AnyView {
    // Both buttons put another game at the table: the controller's job.
    let (app, play, settings, persistence) = (App::get(), Play::get(), Settings::get(), Persistence::get());
    (move || {
        persistence.reviewing.get().then(|| {
            view! {
                <div class="review-bar">
                    <span>{settings.text(T::Reviewing)}</span>
                    <button class="primary" data-action="continue-here" on:click=move |_| app.continue_from(play.shown_ply.get_untracked())>
                        {settings.text(T::ContinueHere)}
                    </button>
                    <button data-action="back-to-game" on:click=move |_| app.back_to_game()>{settings.text(T::BackToMyGame)}</button>
                </div>
            }
        })
    })
    .into_any()
}
