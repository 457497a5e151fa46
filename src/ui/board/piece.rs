//! A shogi piece drawn in SVG: the five-sided wedge pointing at the opponent,
//! sized by rank, with its face in the chosen style. No image files.
//!
//! A piece is written as SVG markup, which the board sets on its squares directly and the
//! other views (hands, dialogs, the guide, the dragged piece) put inside their own element.

use std::fmt::Write;

use leptos::prelude::*;

use crate::rules::Piece;

use crate::ui::text::face::{face, size, Face, PieceStyle};
use crate::ui::text::glyphs;
use crate::ui::text::markup::{escape, Decimal};

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
    format!("translate({} {}) scale({})", Decimal::new(x, 1), Decimal::new(y, 1), Decimal::new(scale, 4))
}

/// Writes a sign drawn as text: `class`'s text `sign`, `size` board units high, at (x, y).
fn write_text(out: &mut String, class: &str, sign: &str, (x, y): (f64, f64), size: f64) {
    let _ = write!(
        out,
        r#"<text class="{class}" transform="{}" font-size="{}">{}</text>"#,
        placed(x, y, size / TEXT_SIZE),
        Decimal::new(TEXT_SIZE, 0),
        escape(sign)
    );
}

/// Writes the large sign in the middle of a piece, `size` board units high and centred on
/// (0, y): a kanji is drawn from its outline in the page, letters as text.
fn write_main_sign(out: &mut String, main: &str, y: f64, size: f64) {
    match glyphs::outline_id(main) {
        Some(id) => {
            let _ = write!(
                out,
                r##"<use class="piece-main" data-sign="{}" transform="{}" href="#{id}"/>"##,
                escape(main),
                placed(0.0, y, size / glyphs::EM)
            );
        }
        None => write_text(out, "piece-main", main, (0.0, y), size),
    }
}

/// The wedge's outline around (0, 0), pointing up.
fn outline(scale: f64) -> String {
    let (w, h) = (WIDTH * scale / 2.0, HEIGHT * scale / 2.0);
    let (shoulder_x, shoulder_y) = (w * 0.78, -h * 0.56);
    format!(
        "0,{top} {sx},{sy} {w},{h} {nw},{h} {nsx},{sy}",
        top = Decimal::new(-h, 1),
        sx = Decimal::new(shoulder_x, 1),
        sy = Decimal::new(shoulder_y, 1),
        w = Decimal::new(w, 1),
        h = Decimal::new(h, 1),
        nw = Decimal::new(-w, 1),
        nsx = Decimal::new(-shoulder_x, 1)
    )
}

/// The piece centred on (0, 0) as SVG markup; turned round when `upside_down` (it then points
/// down the screen).
pub fn piece_markup(piece: Piece, style: PieceStyle, upside_down: bool) -> String {
    let scale = size(piece.role);
    let (w, h) = (WIDTH * scale, HEIGHT * scale);
    let Face { main, corner } = face(style, piece);
    let em = if main.chars().count() > 1 {
        0.42
    } else if corner.is_some() {
        0.45
    } else {
        0.54
    };
    let y = if corner.is_some() { h * 0.03 } else { h * 0.09 };
    let class = if piece.role.is_promoted() { "piece promoted" } else { "piece" };
    let turn = if upside_down { r#" transform="rotate(180)""# } else { "" };
    let mut out = format!(r#"<g class="{class}"{turn}><polygon class="piece-body" points="{}"/>"#, outline(scale));
    write_main_sign(&mut out, &main, y, h * em);
    if let Some(corner) = corner {
        write_text(&mut out, "piece-corner", &corner, (w * 0.44, h * 0.45), h * 0.21);
    }
    out.push_str("</g>");
    out
}

/// The piece centred on (0, 0) inside an SVG group: redrawn when its style or turn changes.
pub fn piece_shape(piece: Piece, style: Signal<PieceStyle>, upside_down: Signal<bool>) -> impl IntoView {
    view! { <g inner_html=move || piece_markup(piece, style.get(), upside_down.get()) /> }
}

/// A piece in its own small SVG (hands, dialogs, the dragged piece).
pub fn piece_icon(piece: Piece, style: Signal<PieceStyle>, upside_down: Signal<bool>) -> impl IntoView {
    view! {
        <svg
            class="piece-icon"
            viewBox="-50 -54 100 108"
            aria-hidden="true"
            inner_html=move || piece_markup(piece, style.get(), upside_down.get())
        />
    }
}
