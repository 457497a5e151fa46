//! Dragging pieces with pointer events (mouse, pen and touch alike), and the
//! long press that previews a piece's moves on touch screens. A plain click is
//! left to the click handlers, so scripts that only click still work.

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::rules::{Piece, Square};

use crate::ui::model::mode::Mode;
use crate::ui::model::reach::Origin;
use crate::ui::play::Play;
use crate::ui::state::App;

/// How far (CSS pixels) a pressed piece moves before it counts as dragged.
const DRAG_THRESHOLD: f64 = 6.0;
const LONG_PRESS_MS: u64 = 450;

#[derive(Clone, Copy, PartialEq, Debug)]
struct Press {
    /// What would be dragged; `None` for a piece that only previews (the opponent's, or not our turn).
    origin: Option<Origin>,
    previewed: Option<Square>,
    piece: Piece,
    x: f64,
    y: f64,
    dragging: bool,
    long_pressed: bool,
}

#[derive(Clone, Copy)]
pub struct Drag {
    press: RwSignal<Option<Press>>,
    /// Where the dragged piece is drawn (client coordinates) and its size.
    pub ghost: RwSignal<Option<(f64, f64, f64)>>,
    suppress_click: StoredValue<bool>,
    long_press: StoredValue<Option<TimeoutHandle>>,
}

impl Drag {
    pub fn new() -> Drag {
        Drag {
            press: RwSignal::new(None),
            ghost: RwSignal::new(None),
            suppress_click: StoredValue::new(false),
            long_press: StoredValue::new(None),
        }
    }

    /// The piece being dragged, for the ghost drawing.
    pub fn piece(&self) -> Option<Piece> {
        self.press.with(|p| p.filter(|p| p.dragging).map(|p| p.piece))
    }

    /// Whether a click that follows a drag or long press should be ignored (true once).
    pub fn take_suppressed_click(&self) -> bool {
        let suppressed = self.suppress_click.get_value();
        self.suppress_click.set_value(false);
        suppressed
    }

    /// A pointer pressed on a piece: on a board square (`square`) or in a hand.
    pub fn pressed(&self, play: &Play, ev: &ev::PointerEvent, origin: Origin, piece: Piece, square: Option<Square>) {
        if ev.button() != 0 {
            return;
        }
        if play.mode.get_untracked() == Mode::Edit {
            return;
        }
        let movable = play.can_move() && piece.color == play.shown.with_untracked(|p| p.turn());
        self.press.set(Some(Press {
            origin: movable.then_some(origin),
            previewed: square,
            piece,
            x: ev.client_x() as f64,
            y: ev.client_y() as f64,
            dragging: false,
            long_pressed: false,
        }));
        if ev.pointer_type() == "touch" && square.is_some() {
            let (press, preview) = (self.press, play.preview);
            let handle = set_timeout_with_handle(
                move || {
                    if let Some(p) = press.get_untracked().filter(|p| !p.dragging) {
                        press.set(Some(Press { long_pressed: true, ..p }));
                        preview.set(p.previewed);
                    }
                },
                std::time::Duration::from_millis(LONG_PRESS_MS),
            );
            self.long_press.set_value(handle.ok());
        }
    }

    fn cancel_long_press(&self) {
        if let Some(handle) = self.long_press.get_value() {
            handle.clear();
        }
        self.long_press.set_value(None);
    }

    fn moved(&self, play: &Play, ev: &ev::PointerEvent) {
        let Some(press) = self.press.get_untracked() else { return };
        let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
        if !press.dragging {
            if (x - press.x).hypot(y - press.y) < DRAG_THRESHOLD {
                return;
            }
            self.cancel_long_press();
            let Some(origin) = press.origin else {
                // A piece held for its preview keeps it while the finger wanders.
                if !press.long_pressed {
                    self.press.set(None);
                }
                return;
            };
            // A finger that rests on its piece before moving it still drags it: the preview
            // gives way to the piece's own marks.
            if press.long_pressed {
                play.preview.set(None);
            }
            self.press.set(Some(Press { dragging: true, ..press }));
            play.pick_up(origin);
        }
        self.ghost.set(Some((x, y, square_size())));
    }

    fn released(&self, app: &App, play: &Play, ev: &ev::PointerEvent) {
        self.cancel_long_press();
        let Some(press) = self.press.get_untracked() else { return };
        self.press.set(None);
        self.ghost.set(None);
        if press.long_pressed {
            play.preview.set(None);
            self.suppress_click_once();
        }
        if !press.dragging {
            return;
        }
        self.suppress_click_once();
        let (Some(origin), Some(to)) = (press.origin, square_at(ev.client_x(), ev.client_y())) else { return };
        if Some(to) != press.previewed {
            app.play_chosen(play.move_to(origin, to));
        }
    }

    fn suppress_click_once(&self) {
        self.suppress_click.set_value(true);
        // The click (if any) comes right after pointerup; a click that never comes must not swallow the next one.
        let flag = self.suppress_click;
        set_timeout(move || flag.set_value(false), std::time::Duration::from_millis(0));
    }

    /// Follows the pointer over the whole window for the life of the app. A drag may end
    /// in a move, which the controller plays.
    pub fn listen(self) {
        let (drag, app, play) = (self, App::get(), Play::get());
        let _ = window_event_listener(ev::pointermove, move |ev| drag.moved(&play, &ev));
        let _ = window_event_listener(ev::pointerup, move |ev| drag.released(&app, &play, &ev));
        let _ = window_event_listener(ev::pointercancel, move |_| {
            drag.cancel_long_press();
            drag.press.set(None);
            drag.ghost.set(None);
            play.preview.set(None);
        });
    }
}

/// The square under a point of the window, if any.
fn square_at(x: i32, y: i32) -> Option<Square> {
    let element = document().element_from_point(x as f32, y as f32)?;
    let square = element.closest("[data-square]").ok()??;
    Square::from_usi(&square.get_attribute("data-square")?)
}

/// The size of a board square on screen, so the dragged piece keeps its size.
fn square_size() -> f64 {
    document()
        .query_selector("svg.board")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::Element>().ok())
        .map(|e| e.get_bounding_client_rect().width() * super::geometry::SQUARE_SHARE)
        .unwrap_or(48.0)
}
