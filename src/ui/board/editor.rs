//! Edit mode (SPEC §4 `mode=edit`): set up any position by clicking squares with
//! a piece from the palette, change the hands and the side to move, then play
//! it. The rules core checks the position only when it is played.

use leptos::prelude::*;

use crate::notation::sfen;
use crate::rules::{Color, Piece, Position, Role, Setup, Square};

use crate::ui::board::piece::piece_icon;
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::state::App;
use crate::ui::text::i18n::{piece_name, side, T};
use crate::ui::text::speech;

fn palette(play: Play, settings: Settings) -> impl IntoView {
    let promoted = RwSignal::new(false);
    let row = move |color: Color| {
        [Role::King, Role::Rook, Role::Bishop, Role::Gold, Role::Silver, Role::Knight, Role::Lance, Role::Pawn]
            .into_iter()
            .map(move |role| {
                let piece =
                    move || Piece::new(color, if promoted.get() { role.promoted().unwrap_or(role) } else { role });
                let upside_down = Signal::derive(move || (color == Color::Gote) != settings.flipped.get());
                view! {
                    <button
                        class="palette-piece"
                        data-palette=move || piece().sfen()
                        aria-pressed=move || (play.palette.get() == Some(piece())).to_string()
                        aria-label=move || speech::piece_words(settings.lang.get(), piece())
                        on:click=move |_| play.palette.set(Some(piece()))
                    >
                        {move || piece_icon(piece(), settings.style.into(), upside_down)}
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <div class="palette">
            <div class="palette-row">{row(Color::Sente)}</div>
            <div class="palette-row">{row(Color::Gote)}</div>
            <div class="palette-tools">
                <label>
                    <input type="checkbox" prop:checked=promoted on:change=move |_| promoted.update(|p| *p = !*p) />
                    " "{settings.text(T::Promoted)}
                </label>
                <button
                    data-palette="erase"
                    aria-pressed=move || play.palette.get().is_none().to_string()
                    on:click=move |_| play.palette.set(None)
                >
                    {settings.text(T::ClearSquares)}
                </button>
            </div>
        </div>
    }
}

fn hand_editor(play: Play, settings: Settings, color: Color) -> impl IntoView {
    let rows = Role::HAND
        .into_iter()
        .map(|role| {
            let count = move || play.editor.with(|s| s.hand(color).count(role));
            view! {
                <span class="hand-edit" data-hand-edit=format!("{}{}", color.sfen_char(), role.letter())>
                    {role.letter().to_string()}
                    <button aria-label=move || T::OneLess.with(settings.lang.get(), &[piece_name(settings.lang.get(), role)]) on:click=move |_| play.change_hand(color, role, -1)>"−"</button>
                    <span class="n">{count}</span>
                    <button aria-label=move || T::OneMore.with(settings.lang.get(), &[piece_name(settings.lang.get(), role)]) on:click=move |_| play.change_hand(color, role, 1)>"+"</button>
                </span>
            }
        })
        .collect_view();
    view! {
        <div class="hand-editor">
            <strong>{move || format!("{} {}", color.fold("☗", "☖"), T::HandOf.with(settings.lang.get(), &[side(settings.lang.get(), color)]))}</strong>
            <div>{rows}</div>
        </div>
    }
}

/// Edit mode's panel: its code is loaded on first use (`ui/on_demand.rs`).
#[lazy]
pub fn panel_on_demand() -> AnyView {
    panel().into_any()
}

fn panel() -> impl IntoView {
    // Playing the set-up position puts a new game at the table: the controller's job.
    let (app, play, settings) = (App::get(), Play::get(), Settings::get());
    let turn_button = move |color: Color| {
        view! {
            <button
                data-turn-choice=color.sfen_char().to_string()
                aria-pressed=move || (play.editor.with(|s| s.turn) == color).to_string()
                on:click=move |_| play.editor.update(|s| s.turn = color)
            >
                {move || side(settings.lang.get(), color)}
            </button>
        }
    };
    view! {
        <p class="status">{settings.text(T::SetUp)}</p>
        {move || play.message.get().map(|m| view! { <p class="message" role="alert">{m.words(settings.lang.get())}</p> })}
        {palette(play, settings)}
        <div class="segmented" role="group" aria-label=settings.text(T::SideToMove)>
            <span class="label">{settings.text(T::ToMoveLabel)}" "</span>
            {turn_button(Color::Sente)}
            {turn_button(Color::Gote)}
        </div>
        {hand_editor(play, settings, Color::Sente)}
        {hand_editor(play, settings, Color::Gote)}
        <div class="controls">
            <button data-action="edit-start" on:click=move |_| play.set_up(Position::startpos().to_setup())>{settings.text(T::StartingPosition)}</button>
            <button
                data-action="edit-clear"
                on:click=move |_| {
                    let mut kings = Setup::empty();
                    kings.set_piece(Square::new(5, 8).expect("5i"), Some(Piece::new(Color::Sente, Role::King)));
                    kings.set_piece(Square::new(5, 0).expect("5a"), Some(Piece::new(Color::Gote, Role::King)));
                    play.set_up(kings);
                }
            >
                {settings.text(T::KingsOnly)}
            </button>
            <button class="primary" data-action="play-from-here" on:click=move |_| {
                if let Some(table) = play.leave_edit() {
                    app.start_game(table);
                }
            }>{settings.text(T::PlayFromHere)}</button>
            <button data-action="edit-cancel" on:click=move |_| app.leave_edit()>{settings.text(T::BackToTheGame)}</button>
        </div>
        <p class="sfen">{move || play.editor.with(sfen::write_setup)}</p>
    }
}
