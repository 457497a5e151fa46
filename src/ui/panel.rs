//! Beside the board: whose turn it is, remarks in plain words, the game's
//! buttons, and the move list (SPEC §3 `data-ply`).

use leptos::prelude::*;

use crate::rules::impasse::{declaration_points_needed, DECLARATION_PIECES_NEEDED, POINTS_24_NEEDED};
use crate::rules::{Color, ImpasseRule};

use super::dialogs::result_text;
use super::engine::Purpose;
use super::movetext::move_texts;
use super::params::Mode;
use super::state::App;
use super::table::{Sides, Table};

pub fn status(app: App) -> impl IntoView {
    let text = move || {
        if let Some(result) = result_text(&app) {
            return result;
        }
        let (turn, check) = app.shown.with(|p| (p.turn(), p.is_check()));
        let side = turn.fold("☗ Sente", "☖ Gote");
        let whose = if app.browse.get().is_some() {
            format!("Looking back: {side} to move")
        } else {
            match app.table.with(|t| t.sides) {
                s if s.person_plays(turn) && s.person_plays(!turn) => format!("{side} to move"),
                s if s.person_plays(turn) => format!("Your move ({side})"),
                _ => format!("The engine's move ({side})"),
            }
        };
        if check { format!("{whose} — check!") } else { whose }
    };
    view! {
        <p class="status" role="status">{text}</p>
        {move || app.message.get().map(|m| view! { <p class="message" role="alert">{m}</p> })}
    }
}

/// The engine at work: depth and score (from the person's side), and a stop button.
pub fn thinking(app: App) -> impl IntoView {
    move || {
        let thinking = app.thinking.get()?;
        let sides = app.table.with(|t| t.sides);
        // Whose side the score is told from: the person's, or sente's when the engine plays both.
        let viewer = match sides {
            Sides::Sente => Color::Sente,
            Sides::Gote => Color::Gote,
            Sides::Both => thinking.side,
            Sides::None => Color::Sente,
        };
        let score = thinking.score.map(|s| if thinking.side == viewer { s } else { s.negated() });
        let whose = match sides {
            Sides::None => "for sente".to_string(),
            _ => "for you".to_string(),
        };
        let what = match thinking.purpose {
            Purpose::Play => "Engine thinking",
            Purpose::Hint => "Looking for a hint",
        };
        let progress = match score {
            Some(score) => format!("· depth {} · {} {whose}", thinking.depth, score.describe()),
            None => "…".to_string(),
        };
        Some(view! {
            <div class="thinking" data-depth=thinking.depth.to_string()>
                <span class="spinner" aria-hidden="true"></span>
                <span>{what}" "{progress}</span>
                <button data-action="stop" on:click=move |_| app.stop_engine()>"Stop"</button>
            </div>
        })
    }
}

pub fn controls(app: App) -> impl IntoView {
    let can_undo = move || app.table.with(|t| t.undo_target().is_some());
    let can_redo = move || app.table.with(Table::can_redo);
    let can_resign = move || app.table.with(|t| t.outcome().is_none() && t.sides != Sides::None);
    view! {
        // A finished game under review has its own bar (continue from here) instead.
        <div class="controls" class:hidden=move || app.mode.get() != Mode::Play || app.reviewing.get()>
            <button data-action="undo" disabled=move || !can_undo() on:click=move |_| app.undo()>"Undo"</button>
            <button data-action="redo" disabled=move || !can_redo() on:click=move |_| app.redo()>"Redo"</button>
            <button data-action="resign" disabled=move || !can_resign() on:click=move |_| app.resign()>"Resign"</button>
            <button
                data-action="impasse"
                class:hidden=move || !(app.table.with(|t| t.persons_turn() && t.can_declare_impasse()) && app.browse.get().is_none())
                on:click=move |_| app.declare_impasse()
            >
                {move || match app.table.with(|t| t.impasse_rule) {
                    ImpasseRule::Declaration27 => "Declare impasse",
                    ImpasseRule::Points24 => "Call the impasse count",
                }}
            </button>
            <button
                data-action="hint"
                disabled=move || !(app.table.with(|t| t.persons_turn()) && app.browse.get().is_none() && app.thinking.with(Option::is_none))
                on:click=move |_| app.hint()
            >
                "Hint"
            </button>
        </div>
    }
}

/// Once both kings have entered the enemy camp: each side's points under the rule in force.
pub fn impasse_count(app: App) -> impl IntoView {
    move || {
        let (points, rule) = app.table.with(|t| t.impasse_count().map(|p| (p, t.impasse_rule)))?;
        let side = |c: Color| {
            let p = points[c.index()];
            let need = match rule {
                ImpasseRule::Points24 => format!("{POINTS_24_NEEDED} needed"),
                ImpasseRule::Declaration27 => format!(
                    "{} needed, {}/{DECLARATION_PIECES_NEEDED} pieces in the camp",
                    declaration_points_needed(c),
                    p.pieces_in_zone
                ),
            };
            format!("{} {} points ({need})", c.fold("☗ Sente", "☖ Gote"), p.total(rule))
        };
        Some(view! {
            <div class="impasse-count" data-impasse-sente=points[0].total(rule).to_string() data-impasse-gote=points[1].total(rule).to_string()>
                <strong>"Impasse count"</strong>
                <span>{side(Color::Sente)}</span>
                <span>{side(Color::Gote)}</span>
            </div>
        })
    }
}

pub fn move_list(app: App) -> impl IntoView {
    let len = move || app.table.with(Table::ply);
    let texts = Memo::new(move |_| app.table.with(|t| move_texts(app.notation.get(), t.start(), t.moves())));
    let items = move || {
        texts.with(|texts| {
            texts
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    let ply = i + 1;
                    let text = format!("{ply}. {text}");
                    view! {
                        <li>
                            <button
                                data-ply=ply.to_string()
                                class:current=move || app.shown_ply.get() == ply
                                on:click=move |_| app.browse_to(ply)
                            >
                                {text}
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let step = move |delta: isize| {
        let target = (app.shown_ply.get_untracked() as isize + delta).clamp(0, len() as isize);
        app.browse_to(target as usize);
    };
    view! {
        <nav class="move-nav" aria-label="Moves">
            <button data-nav="start" aria-label="First position" on:click=move |_| app.browse_to(0)>"«"</button>
            <button data-nav="back" aria-label="Previous move" on:click=move |_| step(-1)>"‹"</button>
            <button data-nav="forward" aria-label="Next move" on:click=move |_| step(1)>"›"</button>
            <button data-nav="end" aria-label="Last move" on:click=move |_| app.browse_to(len())>"»"</button>
        </nav>
        <ol class="move-list">
            <li>
                <button class="start-position" class:current=move || app.shown_ply.get() == 0 on:click=move |_| app.browse_to(0)>
                    "Start"
                </button>
            </li>
            {items}
        </ol>
    }
}
