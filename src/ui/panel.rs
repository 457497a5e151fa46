//! Beside the board: whose turn it is, remarks in plain words, the game's
//! buttons, and the move list (SPEC §3 `data-ply`).

use leptos::prelude::*;

use super::dialogs::result_text;
use super::params::Mode;
use super::state::App;
use super::table::Table;

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

pub fn controls(app: App) -> impl IntoView {
    let can_undo = move || app.table.with(|t| t.undo_target().is_some());
    let can_redo = move || app.table.with(Table::can_redo);
    let can_resign = move || app.table.with(|t| t.outcome().is_none() && t.sides != super::table::Sides::None);
    view! {
        <div class="controls" class:hidden=app.mode != Mode::Play>
            <button data-action="undo" disabled=move || !can_undo() on:click=move |_| app.undo()>"Undo"</button>
            <button data-action="redo" disabled=move || !can_redo() on:click=move |_| app.redo()>"Redo"</button>
            <button data-action="resign" disabled=move || !can_resign() on:click=move |_| app.resign()>"Resign"</button>
        </div>
    }
}

pub fn move_list(app: App) -> impl IntoView {
    let len = move || app.table.with(Table::ply);
    let items = move || {
        app.table.with(|t| {
            t.moves()
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let ply = i + 1;
                    let mark = t.position_at(i).turn().fold("☗", "☖");
                    let text = format!("{ply}. {mark}{m}");
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
            <button data-nav="start" on:click=move |_| app.browse_to(0)>"⏮"</button>
            <button data-nav="back" on:click=move |_| step(-1)>"◀"</button>
            <button data-nav="forward" on:click=move |_| step(1)>"▶"</button>
            <button data-nav="end" on:click=move |_| app.browse_to(len())>"⏭"</button>
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
