//! Which panel is open over the page (new game, guide, game over, games, record). Provided
//! through Leptos context, so a button that opens a panel, and the panel itself, ask for
//! this and not for the whole app. The game's controller (`state.rs`) opens the game-over
//! panel when a game ends and closes any panel when another game comes to the table.

use leptos::__reexports::send_wrapper::SendWrapper;
use leptos::prelude::*;

/// The panels drawn over the page.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialog {
    NewGame,
    Guide,
    GameOver,
    /// The finished games kept on the device.
    Games,
    /// Import, export and the share link.
    Record,
    /// The mating problems.
    Problems,
    /// The lessons' stages and levels.
    Lessons,
    /// "Resign this game?" before the game ends.
    ConfirmResign,
    /// "Declare impasse?" (or call the count) before the game ends.
    ConfirmImpasse,
}

#[derive(Clone, Copy)]
pub struct Dialogs {
    open: RwSignal<Option<Dialog>>,
    /// The element that had the focus when the open panel was opened, until the panel takes it.
    opener: StoredValue<Option<SendWrapper<web_sys::Element>>>,
}

impl Dialogs {
    pub fn new() -> Dialogs {
        Dialogs { open: RwSignal::new(None), opener: StoredValue::new(None) }
    }

    /// What the page provided (`start_page` does, before any view is built).
    pub fn get() -> Dialogs {
        expect_context::<Dialogs>()
    }

    /// Opens `dialog`, noting the element focused now: the focus goes back there when it closes.
    /// A panel loaded on first use (`ui/on_demand.rs`) is drawn a moment later, when the page
    /// behind it, already inert, has lost the focus.
    pub fn open(&self, dialog: Dialog) {
        self.note_opener();
        self.open.set(Some(dialog));
    }

    /// Notes the element focused now, for the panel about to be drawn without `open` (the
    /// promotion question) to give the focus back to.
    pub fn note_opener(&self) {
        self.opener.set_value(document().active_element().map(SendWrapper::new));
    }

    pub fn close(&self) {
        self.opener.set_value(None);
        self.open.set(None);
    }

    /// Closes the open panel from the page behind it (Escape before the panel had the focus):
    /// the opener a panel not drawn yet has not taken, to give the focus back to.
    pub fn close_from_page(&self) -> Option<web_sys::Element> {
        let opener = self.take_opener();
        self.close();
        opener
    }

    /// The element focused when the open panel was opened (`open`), once.
    pub fn take_opener(&self) -> Option<web_sys::Element> {
        self.opener.try_update_value(Option::take).flatten().map(SendWrapper::take)
    }

    /// Whether `dialog` is the panel open now (tracked).
    pub fn is_open(&self, dialog: Dialog) -> bool {
        self.open.get() == Some(dialog)
    }

    /// Whether any panel is open (tracked).
    pub fn any_open(&self) -> bool {
        self.open.with(Option::is_some)
    }

    /// Closes the game-over panel, if it is the one open.
    pub fn close_game_over(&self) {
        if self.open.get_untracked() == Some(Dialog::GameOver) {
            self.close();
        }
    }
}
