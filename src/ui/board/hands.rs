//! The komadai: the pieces each side holds in hand, with their counts (SPEC §3 `data-hand`).

use leptos::prelude::*;

use wasm_bindgen::JsCast;

use crate::rules::{Color, Piece, Role};

use crate::ui::board::drag::Drag;
use crate::ui::board::focus;
use crate::ui::board::piece::piece_icon;
use crate::ui::model::keys::Arrow;
use crate::ui::model::mode::Mode;
use crate::ui::model::reach::Origin;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::{marked_side, side, T};
use crate::ui::text::speech;

pub fn hand(drag: Drag, color: Color) -> impl IntoView {
    let (play, settings) = (Play::get(), Settings::get());
    let who = move || {
        // A record's players by their names.
        if let Some(name) = play.table.with(|t| t.tree().player(color).map(str::to_string)) {
            return name;
        }
        let sides = play.table.with(|t| t.sides);
        let role = match (sides.person_plays(color), sides.person_plays(!color)) {
            // A record only looked at (view mode) is nobody's game.
            _ if play.mode.get() == Mode::View => "",
            (true, true) => "",
            (true, false) => settings.t(T::You),
            // In a problem the solver defends, not the engine; in a lesson, the level's script.
            _ if play.mode.get() == Mode::Problem => settings.t(T::Defender),
            _ if play.mode.get() == Mode::Lesson => "",
            _ => settings.t(T::TheEngine),
        };
        role.to_string()
    };
    // Once the game is over nobody is to move (edit mode's turn is the setup's own).
    let to_move = move || {
        play.shown_turn() == color && (play.mode.get() == Mode::Edit || play.table.with(|t| t.outcome().is_none()))
    };
    let pieces = move || {
        Role::HAND
            .into_iter()
            .filter_map(|role| {
                let count = play.hand_count(color, role);
                (count > 0).then(|| hand_piece(play, settings, drag, Piece::new(color, role), count))
            })
            .collect_view()
    };
    view! {
        <div
            class="hand"
            class:to-move=to_move
            data-hand=color.fold("b", "w")
            role="group"
            aria-label=move || T::HandOf.with(settings.lang.get(), &[side(settings.lang.get(), color)])
        >
            <div class="hand-owner">
                {move || marked_side(settings.lang.get(), color)}
                <span class="who">{who}</span>
            </div>
            <div class="hand-pieces">{pieces}</div>
        </div>
    }
}

/// Arrows walk along a hand's pieces; past either end they return to the board.
fn hand_keydown(ev: leptos::ev::KeyboardEvent) {
    let Some(arrow) = Arrow::from_key(&ev.key()) else { return };
    ev.prevent_default();
    let Some(here) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
    let next = match arrow {
        Arrow::Up | Arrow::Left => here.previous_element_sibling(),
        Arrow::Down | Arrow::Right => here.next_element_sibling(),
    };
    match next {
        Some(el) => focus::focus(&el),
        None => focus::focus_board(),
    }
}

fn hand_piece(play: Play, settings: Settings, drag: Drag, piece: Piece, count: u8) -> impl IntoView {
    let origin = Origin::Hand(piece.role);
    let upside_down = Signal::derive(move || (piece.color == Color::Gote) != settings.flipped.get());
    let selected = move || play.selected.get() == Some(origin) && play.shown.with(|p| p.turn() == piece.color);
    view! {
        <button
            class="hand-piece"
            data-hand-piece=piece.role.letter().to_string()
            data-count=count.to_string()
            data-selected=selected
            aria-label=move || speech::hand_label(settings.lang.get(), piece, count, settings.style.get())
            aria-pressed=move || selected().to_string()
            on:keydown=hand_keydown
            on:pointerdown=move |ev| drag.pressed(&play, &ev, origin, piece, None)
            on:click=move |_| {
                if !drag.take_suppressed_click() {
                    play.hand_clicked(piece.color, piece.role);
                }
            }
        >
            {piece_icon(piece, settings.style.into(), upside_down)}
            <span class="count" class:many={count > 1}>{format!("×{count}")}</span>
        </button>
    }
}
