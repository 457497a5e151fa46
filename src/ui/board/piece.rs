//! A shogi piece drawn in SVG: the five-sided wedge pointing at the opponent,
//! sized by rank, with its face in the chosen style. No image files.

use leptos::prelude::*;

use crate::rules::Piece;

use crate::ui::text::face::{face, size, Face, PieceStyle};
use crate::ui::text::glyphs;

/// The king's wedge in board units (a square is 100 × 109).
const WIDTH: f64 = 86.0;
const HEIGHT: f64 = 96.0;

/// Every piece text is shaped at this one size and scaled to its piece. With
/// `text-rendering: geometricPrecision` (style/board.css) the browser then needs one font
/// instance per typeface instead of one per piece size and screen size: on Linux each
/// instance is a round trip to the system's font service.
const TEXT_SIZE: f64 = 40.0;

/// A sign's transform: moved to (x, y) and scaled by `scale`.
fn placed(x: f64, y: f64, scale: f64) -> String {
    format!("translate({x:.1} {y:.1}) scale({scale:.4})")
}

/// The large sign in the middle of a piece, `size` board units high and centred on (0, y):
/// a kanji is drawn from its outline, letters as text.
fn main_sign(main: String, y: f64, size: f64) -> impl IntoView {
    match glyphs::outline(&main) {
        Some(outline) => {
            view! { <path class="piece-main" data-sign=main transform=placed(0.0, y, size / glyphs::EM) d=outline /> }
                .into_any()
        }
        None => view! {
            <text class="piece-main" transform=placed(0.0, y, size / TEXT_SIZE) font-size=TEXT_SIZE>
                {main}
            </text>
        }
        .into_any(),
    }
}

/// The wedge's outline around (0, 0), pointing up.
fn outline(scale: f64) -> String {
    let (w, h) = (WIDTH * scale / 2.0, HEIGHT * scale / 2.0);
    let (shoulder_x, shoulder_y) = (w * 0.78, -h * 0.56);
    format!(
        "0,{top:.1} {sx:.1},{sy:.1} {w:.1},{h:.1} {nw:.1},{h:.1} {nsx:.1},{sy:.1}",
        top = -h,
        sx = shoulder_x,
        sy = shoulder_y,
        nw = -w,
        nsx = -shoulder_x
    )
}

/// The piece centred on (0, 0); turned round when `upside_down` (it then points down the screen).
pub fn piece_shape(piece: Piece, style: Signal<PieceStyle>, upside_down: Signal<bool>) -> impl IntoView {
    let scale = size(piece.role);
    let (w, h) = (WIDTH * scale, HEIGHT * scale);
    // One reaction per piece: a change of style redraws its face.
    let face_view = move || {
        let style = style.get();
        let Face { main, corner } = face(style, piece);
        let em = if main.chars().count() > 1 {
            0.42
        } else if corner.is_some() {
            0.45
        } else {
            0.54
        };
        let y = if corner.is_some() { h * 0.03 } else { h * 0.09 };
        view! {
            {main_sign(main, y, h * em)}
            {corner.map(|corner| {
                view! {
                    <text
                        class="piece-corner"
                        transform=placed(w * 0.44, h * 0.45, h * 0.21 / TEXT_SIZE)
                        font-size=TEXT_SIZE
                    >
                        {corner}
                    </text>
                }
            })}
        }
    };
    view! {
        <g
            class="piece"
            class:promoted=piece.role.is_promoted()
            transform=move || if upside_down.get() { "rotate(180)" } else { "" }
        >
            <polygon class="piece-body" points=outline(scale) />
            {face_view}
        </g>
    }
}

/// A piece in its own small SVG (hands, dialogs, the guide, the dragged piece).
pub fn piece_icon(piece: Piece, style: Signal<PieceStyle>, upside_down: Signal<bool>) -> impl IntoView {
    view! {
        <svg class="piece-icon" viewBox="-50 -54 100 108" aria-hidden="true">
            {piece_shape(piece, style, upside_down)}
        </svg>
    }
}
