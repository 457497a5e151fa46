//! The panels drawn over the page: the promotion choice, the game-over panel and the new-game panel.

use leptos::prelude::*;

use crate::rules::handicap::Handicap;
use crate::rules::{Color, ImpasseRule, Piece};

use super::params::LEVELS;
use super::piece::piece_icon;
use super::state::{App, Dialog};
use super::table::{describe, Sides};

pub fn backdrop(on_close: impl Fn() + Copy + 'static, label: &'static str, body: impl IntoView + 'static) -> impl IntoView {
    view! {
        <div class="backdrop" on:click=move |_| on_close()>
            <div class="dialog" role="dialog" aria-modal="true" aria-label=label on:click=|ev| ev.stop_propagation()>
                {body}
            </div>
        </div>
    }
}

/// Promote or not: both pieces drawn, as the person will see them on the board.
pub fn promotion(app: App) -> impl IntoView {
    move || {
        let (promote, _) = app.promotion.get()?;
        let pos = app.shown.get_untracked();
        let piece = pos.piece_at(promote.from()?)?;
        let promoted = Piece::new(piece.color, piece.role.promoted()?);
        let upside_down = Signal::derive(move || (piece.color == Color::Gote) != app.flipped.get());
        let choice = move |yes: bool, p: Piece, text: &'static str| {
            view! {
                <button class="promote-choice" data-promote=if yes { "yes" } else { "no" } on:click=move |_| app.choose_promotion(yes)>
                    {piece_icon(p, app.style.into(), upside_down)}
                    <span>{text}</span>
                </button>
            }
        };
        let body = view! {
            <h2>"Promote?"</h2>
            <div class="promote-choices">
                {choice(true, promoted, "Promote")}
                {choice(false, piece, "Keep")}
            </div>
        };
        Some(backdrop(move || app.cancel_promotion(), "Promote or not", body))
    }
}

/// The result, who won and why (SPEC §3 reasons, in words).
pub fn result_text(app: &App) -> Option<String> {
    let (outcome, sides) = app.table.with(|t| t.outcome().map(|o| (o, t.sides)))?;
    let reason = describe(outcome.reason);
    Some(match outcome.winner {
        None => format!("Draw {reason}."),
        Some(winner) => {
            let side = winner.fold("Sente", "Gote");
            match sides {
                Sides::Both | Sides::None => format!("{side} wins {reason}."),
                _ if sides.person_plays(winner) => format!("You win {reason}! ({side})"),
                _ => format!("The engine wins {reason}. ({side})"),
            }
        }
    })
}

pub fn game_over(app: App) -> impl IntoView {
    move || {
        if app.dialog.get() != Some(Dialog::GameOver) {
            return None;
        }
        let close = move || app.dialog.set(None);
        let body = view! {
            <h2>"Game over"</h2>
            <p class="result-text">{move || result_text(&app)}</p>
            <div class="dialog-buttons">
                <button on:click=move |_| app.dialog.set(Some(Dialog::NewGame))>"New game"</button>
                <button on:click=move |_| close()>"Look at the game"</button>
            </div>
        };
        Some(backdrop(close, "Game over", body))
    }
}

pub fn new_game(app: App) -> impl IntoView {
    move || {
        if app.dialog.get() != Some(Dialog::NewGame) {
            return None;
        }
        let sides = RwSignal::new(app.table.with_untracked(|t| t.sides));
        let rule = RwSignal::new(app.table.with_untracked(|t| t.impasse_rule));
        let handicap = RwSignal::new(app.table.with_untracked(|t| Handicap::detect(t.start())).unwrap_or(Handicap::Even));
        let handicap_options = Handicap::all()
            .iter()
            .map(|&h| view! { <option value=h.id() selected=move || handicap.get() == h>{h.name()}</option> })
            .collect_view();
        let rule_options = [
            (ImpasseRule::Declaration27, "27-point declaration (modern)"),
            (ImpasseRule::Points24, "24-point count (the classic rule)"),
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
        let think = RwSignal::new(app.think_ms.get_untracked());
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
                        {s.label()}
                    </label>
                }
            })
            .collect_view();
        let level_options = LEVELS
            .into_iter()
            .map(|level| {
                let ms = level.think_ms;
                let label = format!("{} ({} s a move)", level.name, ms as f64 / 1000.0);
                view! { <option value=ms.to_string() selected=move || think.get() == ms>{label}</option> }
            })
            .collect_view();
        let custom = move || {
            let ms = think.get();
            (!LEVELS.iter().any(|l| l.think_ms == ms))
                .then(|| view! { <option value=ms.to_string() selected=true>{format!("Custom ({} s a move)", ms as f64 / 1000.0)}</option> })
        };
        let start = move |_| {
            app.new_game(handicap.get_untracked().position(), sides.get_untracked(), rule.get_untracked(), think.get_untracked())
        };
        let body = view! {
            <h2>"New game"</h2>
            <fieldset>
                <legend>"Players"</legend>
                {side_options}
            </fieldset>
            <label class="field">
                "Handicap "
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
                <span class="note">" The handicap giver plays gote and moves first."</span>
            </label>
            <fieldset>
                <legend>"Impasse (both kings in the enemy camp)"</legend>
                {rule_options}
            </fieldset>
            <label class="field">
                "Engine strength "
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
            <div class="dialog-buttons">
                <button class="primary" data-action="start" on:click=start>"Start"</button>
                <button on:click=move |_| app.dialog.set(None)>"Cancel"</button>
            </div>
        };
        Some(backdrop(move || app.dialog.set(None), "New game", body))
    }
}

