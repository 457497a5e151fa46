//! The panels about the game in play: the promotion choice, the game-over panel and the new-game panel.

use leptos::prelude::*;

use crate::rules::handicap::Handicap;
use crate::rules::{Color, ImpasseRule, Piece};

use crate::engine::Strength;
use crate::ui::board::piece::piece_icon;
use crate::ui::clock::Clocks;
use crate::ui::computer::EngineState;
use crate::ui::dialog::{Dialog, Dialogs};
use crate::ui::dialogs::modal::backdrop;
use crate::ui::dialogs::time_control::{time_control_fields, TimeControl};
use crate::ui::model::levels::{band, levels};
use crate::ui::model::table::Sides;
use crate::ui::on_demand::on_first_use;
use crate::ui::panels::panel::result_text;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::{review_on_demand, App};
use crate::ui::text::i18n::{Lang, T};
use crate::ui::text::markup::seconds;

// The promotion question's, the game-over and new-game panels' code is loaded the first time
// each opens (`ui/on_demand.rs`). The promotion question is not opened by `Dialogs::open`, so
// `App::play_chosen` notes where the focus was when it was asked: a panel that came a moment
// after the page behind it turned inert would find the focus already lost.

#[lazy]
pub fn game_over_on_demand() -> AnyView {
    game_over().into_any()
}

#[lazy]
pub fn new_game_on_demand() -> AnyView {
    new_game().into_any()
}

/// The promotion question, from the first one (`ui/on_demand.rs`).
pub fn promotion() -> impl IntoView {
    let play = Play::get();
    on_first_use(move || play.promotion.with(Option::is_some), promotion_on_demand)
}

#[lazy]
fn promotion_on_demand() -> AnyView {
    promotion_question().into_any()
}

/// Promote or not: both pieces drawn, as the person will see them on the board.
fn promotion_question() -> impl IntoView {
    // The answer completes a move, which the controller plays.
    let (app, play, settings) = (App::get(), Play::get(), Settings::get());
    move || {
        let (promote, _) = play.promotion.get()?;
        let pos = play.shown.get_untracked();
        let piece = pos.piece_at(promote.from()?)?;
        let promoted = Piece::new(piece.color, piece.role.promoted()?);
        let upside_down = Signal::derive(move || (piece.color == Color::Gote) != settings.flipped.get());
        let t = |key: T| key.get(settings.lang.get_untracked());
        let choice = move |yes: bool, p: Piece, text: &'static str| {
            view! {
                <button
                    class="promote-choice"
                    data-promote=if yes { "yes" } else { "no" }
                    data-autofocus=yes
                    on:click=move |_| app.play_chosen(play.choose_promotion(yes))
                >
                    {piece_icon(p, settings.style.into(), upside_down)}
                    <span>{text}</span>
                </button>
            }
        };
        let body = view! {
            <h2>{t(T::PromoteQuestion)}</h2>
            <div class="promote-choices">
                {choice(true, promoted, t(T::Promote))}
                {choice(false, piece, t(T::Keep))}
            </div>
        };
        Some(backdrop(move || play.cancel_promotion(), t(T::PromoteOrNot), body))
    }
}

fn game_over() -> impl IntoView {
    let (app, play, settings, dialogs) = (App::get(), Play::get(), Settings::get(), Dialogs::get());
    move || {
        if !dialogs.is_open(Dialog::GameOver) {
            return None;
        }
        let close = move || dialogs.close();
        let t = |key: T| key.get(settings.lang.get_untracked());
        let body = view! {
            <h2>{t(T::GameOver)}</h2>
            <p class="result-text">{move || result_text(play, settings)}</p>
            <div class="dialog-buttons">
                <button on:click=move |_| dialogs.open(Dialog::NewGame)>{t(T::NewGame)}</button>
                <button on:click=move |_| close()>{t(T::LookAtTheGame)}</button>
                // What went wrong, from the engine: the game review, straight from the result.
                <button data-action="game-review" on:click=move |_| {
                    close();
                    leptos::task::spawn_local(review_on_demand(app));
                }>
                    {t(T::ReviewGame)}
                </button>
            </div>
        };
        Some(backdrop(close, t(T::GameOver), body))
    }
}

fn new_game() -> impl IntoView {
    // Start puts a new game at the table: the controller's job.
    let (app, play, settings) = (App::get(), Play::get(), Settings::get());
    let (engine, dialogs, clocks) = (EngineState::get(), Dialogs::get(), Clocks::get());
    move || {
        if !dialogs.is_open(Dialog::NewGame) {
            return None;
        }
        let lang = settings.lang.get_untracked();
        let t = |key: T| key.get(lang);
        let sides = RwSignal::new(play.table.with_untracked(|t| t.sides));
        let rule = RwSignal::new(play.table.with_untracked(|t| t.impasse_rule));
        let handicap =
            RwSignal::new(play.table.with_untracked(|t| Handicap::detect(t.start())).unwrap_or(Handicap::Even));
        let handicap_options = Handicap::all()
            .iter()
            .map(|&h| view! { <option value=h.id() selected=move || handicap.get() == h>{if lang == Lang::Ja { h.kif_name() } else { h.name() }}</option> })
            .collect_view();
        let rule_options = [
            (ImpasseRule::Declaration27, t(T::Declaration27)),
            (ImpasseRule::Points24, t(T::Points24)),
        ]
        .into_iter()
        .map(|(r, label)| {
            view! {
                <label class="option">
                    <input type="radio" name="impasse" prop:checked=move || rule.get() == r on:change=move |_| rule.set(r) />
                    {label}
                </label>
            }
        })
        .collect_view();
        let think = RwSignal::new(engine.think_ms.get_untracked());
        let side_options = Sides::ALL
            .into_iter()
            .map(|s| {
                view! {
                    <label class="option">
                        <input
                            type="radio"
                            name="sides"
                            data-sides=s.name()
                            prop:checked=move || sides.get() == s
                            on:change=move |_| sides.set(s)
                        />
                        {t(s.label())}
                    </label>
                }
            })
            .collect_view();
        let level_options = levels()
            .map(|level| {
                let ms = level.think_ms;
                let named = T::LevelNumbered.with(lang, &[&level.strength.to_string(), t(band(level.strength))]);
                // The time is worth showing where it alone holds the search back.
                let label = if Strength::level(level.strength).nodes.is_none() {
                    T::LevelTime.with(lang, &[&named, &seconds(ms)])
                } else {
                    named
                };
                view! { <option value=ms.to_string() selected=move || think.get() == ms>{label}</option> }
            })
            .collect_view();
        let custom = move || {
            let ms = think.get();
            (!levels().any(|l| l.think_ms == ms))
                .then(|| view! { <option value=ms.to_string() selected=true>{T::CustomLevel.with(lang, &[&seconds(ms)])}</option> })
        };
        let time_control = TimeControl::new(clocks.chosen.get_untracked());
        // Fields that make no time control (no main time in sudden death) start nothing.
        let unplayable = move || time_control.wants_clock() && time_control.controls().is_none();
        let start = move |_| {
            app.new_game(
                handicap.get_untracked().position(),
                sides.get_untracked(),
                rule.get_untracked(),
                think.get_untracked(),
                time_control.controls(),
            )
        };
        let body = view! {
            <h2>{t(T::NewGame)}</h2>
            <fieldset>
                <legend>{t(T::Players)}</legend>
                {side_options}
            </fieldset>
            <label class="field">
                {t(T::Handicap)}" "
                <select
                    name="handicap"
                    on:change=move |ev| {
                        if let Some(h) = Handicap::from_id(&event_target_value(&ev)) {
                            handicap.set(h);
                        }
                    }
                >
                    {handicap_options}
                </select>
                <span class="note">{t(T::HandicapNote)}</span>
            </label>
            <fieldset>
                <legend>{t(T::ImpasseRule)}</legend>
                {rule_options}
            </fieldset>
            <label class="field">
                {t(T::EngineStrength)}" "
                <select
                    name="level"
                    on:change=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse() {
                            think.set(ms);
                        }
                    }
                >
                    {level_options}
                    {custom}
                </select>
            </label>
            {time_control_fields(lang, time_control)}
            <div class="dialog-buttons">
                <button class="primary" data-action="start" disabled=unplayable on:click=start>{t(T::Start)}</button>
                <button data-action="edit-position" on:click=move |_| app.edit_position()>{t(T::EditPosition)}</button>
                <button on:click=move |_| dialogs.close()>{t(T::Cancel)}</button>
            </div>
        };
        Some(backdrop(move || dialogs.close(), t(T::NewGame), body))
    }
}
