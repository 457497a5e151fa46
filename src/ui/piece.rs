//! A shogi piece drawn in SVG: the five-sided wedge pointing at the opponent,
//! sized by rank, with its face in the chosen style. No image files.

use leptos::prelude::*;

use crate::rules::Piece;

use super::face::{face, size, Face, PieceStyle};

/// The king's wedge in board units (a square is 100 × 109).
const WIDTH: f64 = 86.0;
const HEIGHT: f64 = 96.0;

/// The wedge's outline around (0, 0), pointing up.
fn outline(scale: f64) -> String {
    let (w, h) = (WIDTH * scale / 2.0, HEIGHT * scale / 2.0);
    let (shoulder_x, shoulder_y) = (w * 0.78, -h * 0.56);
    format!("0,{top:.1} {sx:.1},{sy:.1} {w:.1},{h:.1} {nw:.1},{h:.1} {nsx:.1},{sy:.1}",
        top = -h, sx = shoulder_x, sy = shoulder_y, nw = -w, nsx = -shoulder_x)
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
            <text class="piece-main" class:latin=style == PieceStyle::Latin y=format!("{y:.1}") font-size=format!("{:.1}", h * em)>
                {main}
            </text>
            {corner.map(|corner| {
                view! {
                    <text
                        class="piece-corner"
                        x=format!("{:.1}", w * 0.44)
                        y=format!("{:.1}", h * 0.45)
                        font-size=format!("{:.1}", h * 0.21)
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
