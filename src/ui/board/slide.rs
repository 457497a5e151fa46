//! The pieces' slides (`model/slide.rs` says which): the piece's element is animated with the
//! Web Animations API from where it came to its square, under 200 ms; a dropped piece fades
//! in. Nothing slides when the person asks for reduced motion.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::ui::model::slide::{slide, Shown, Slide};
use crate::ui::model::table::Table;
use crate::ui::play::Play;

use super::geometry::{cell, PIECE_X, PIECE_Y, SQUARE_H, SQUARE_W};
use crate::ui::text::markup::short_number;

/// How long a slide takes, in milliseconds.
const SLIDE_MS: f64 = 150.0;

/// The position shown, as the slides compare it (read tracked: the board redraws on a change).
pub fn shown(play: Play) -> Shown {
    Shown { game_ply: play.table.with(Table::ply), shown_ply: play.shown_ply.get() }
}

/// Slides the piece that moved, if the position shown went from `before` to `now` by one
/// move; called once the board shows `now`.
pub fn slide_between(play: Play, before: Shown, now: Shown) {
    let due = play.table.with_untracked(|t| slide(t, before, now));
    if let Some(due) = due.filter(|_| !reduced_motion()) {
        animate(due);
    }
}

fn reduced_motion() -> bool {
    window().match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|query| query.matches())
}

/// A keyframe: `transform` and `opacity` as CSS writes them.
fn keyframe(transform: &str, opacity: f64) -> JsValue {
    let frame = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&frame, &"transform".into(), &transform.into());
    let _ = js_sys::Reflect::set(&frame, &"opacity".into(), &opacity.into());
    frame.into()
}

fn animate(due: Slide) {
    let at = match due {
        Slide::From { at, .. } | Slide::Dropped { at } => at,
    };
    let selector = format!(".board [data-square=\"{at}\"] [data-piece]");
    let Ok(Some(piece)) = document().query_selector(&selector) else { return };
    // The piece's own place in its square, which its `transform` attribute gives and a CSS
    // transform replaces while it runs.
    let home = format!("translate({}px, {}px)", short_number(PIECE_X), short_number(PIECE_Y));
    let start = match due {
        Slide::From { from, .. } => {
            let ((from_col, from_row), (col, row)) = (cell(from), cell(at));
            let (x, y) = (PIECE_X + (from_col - col) * SQUARE_W, PIECE_Y + (from_row - row) * SQUARE_H);
            keyframe(&format!("translate({}px, {}px)", short_number(x), short_number(y)), 1.0)
        }
        Slide::Dropped { .. } => keyframe(&home, 0.0),
    };
    let frames = js_sys::Array::of2(&start, &keyframe(&home, 1.0));
    // `Element.animate`, called through JavaScript: web-sys has it only among its unstable APIs.
    if let Ok(animate) = js_sys::Reflect::get(&piece, &"animate".into()) {
        let animate: js_sys::Function = wasm_bindgen::JsCast::unchecked_into(animate);
        let _ = animate.call2(&piece, &frames, &SLIDE_MS.into());
    }
}
