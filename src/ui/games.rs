//! The finished games kept on the device: the "Games" dialog that lists them, and
//! the bar shown while one is on the board for review ("continue from here").

use leptos::prelude::*;

use super::dialogs::backdrop;
use super::saved::SavedGame;
use super::state::{App, Dialog};
use super::table::{describe, Sides};

/// "Sente wins by resignation" and who played whom.
fn summary(game: &SavedGame) -> String {
    let players = match game.sides {
        Sides::Sente => "You (sente) vs the engine",
        Sides::Gote => "The engine vs you (gote)",
        Sides::Both => "Two people",
        Sides::None => "The engine vs itself",
    };
    let result = match game.end {
        Some(end) => match end.winner {
            Some(winner) => format!("{} wins {}", winner.fold("Sente", "Gote"), describe(end.reason)),
            None => format!("Draw {}", describe(end.reason)),
        },
        None => "Unfinished".to_string(),
    };
    let plies = game.moves.len();
    format!("{players} · {result} · {plies} {}", if plies == 1 { "move" } else { "moves" })
}

/// The date and time a game was saved, in the person's locale.
fn date(game: &SavedGame) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(game.saved as f64));
    date.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED).into()
}

pub fn games(app: App) -> impl IntoView {
    move || {
        if app.dialog.get() != Some(Dialog::Games) {
            return None;
        }
        let games = app.finished_games();
        let empty = games.is_empty().then(|| view! { <p class="note">"No finished games yet. Games you finish are kept here."</p> });
        let rows = games
            .into_iter()
            .enumerate()
            .map(|(index, game)| {
                let text = summary(&game);
                let when = date(&game);
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
            <h2>"Finished games"</h2>
            {empty}
            <ol class="saved-games">{rows}</ol>
            <div class="dialog-buttons">
                <button on:click=move |_| app.dialog.set(None)>"Close"</button>
            </div>
        };
        Some(backdrop(move || app.dialog.set(None), "Finished games", body))
    }
}

/// Shown above the status while a finished game is reviewed.
pub fn review_bar(app: App) -> impl IntoView {
    move || {
        app.reviewing.get().then(|| {
            view! {
                <div class="review-bar">
                    <span>"Reviewing a finished game: pick a move, then continue from there."</span>
                    <button class="primary" data-action="continue-here" on:click=move |_| app.continue_from(app.shown_ply.get_untracked())>
                        "Continue from here"
                    </button>
                    <button data-action="back-to-game" on:click=move |_| app.back_to_game()>"Back to my game"</button>
                </div>
            }
        })
    }
}
