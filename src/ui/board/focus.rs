//! Moving the keyboard focus: to a board square, a hand, into a dialog and back.

use leptos::__reexports::send_wrapper::SendWrapper;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::rules::Square;

/// Focuses `el`; SVG elements take focus too (the call is looked up on the element itself).
pub fn focus(el: &web_sys::Element) {
    let _ = el.unchecked_ref::<web_sys::HtmlElement>().focus();
}

/// Focuses the first element matching `selector`; false if there is none.
pub fn focus_first(selector: &str) -> bool {
    match document().query_selector(selector) {
        Ok(Some(el)) => {
            focus(&el);
            true
        }
        _ => false,
    }
}

pub fn focus_square(sq: Square) {
    focus_first(&format!("[data-square=\"{sq}\"]"));
}

/// Back to the board: the square that holds the board's place in the tab order.
pub fn focus_board() {
    focus_first("[data-square][tabindex=\"0\"]");
}

/// Gives the focus back to `opener`, or else to the element focused now, when the current
/// reactive owner (a dialog) is cleaned up.
pub fn restore_on_cleanup(opener: Option<web_sys::Element>) {
    let previous = SendWrapper::new(opener.or_else(|| document().active_element()));
    on_cleanup(move || {
        if let Some(el) = previous.take().filter(|el| el.is_connected()) {
            focus(&el);
        }
    });
}
