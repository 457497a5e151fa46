//! What the page keeps on the device: the game in progress (written a task after each
//! change), the finished games and their review (looking through them, and the engine's), and the notices about what was ignored at
//! start. Provided through Leptos context; the storage itself is `browser/storage.rs`.

use leptos::prelude::*;

use crate::ui::browser::storage;
use crate::ui::model::clock::GameClock;
use crate::ui::model::notice::Notice;
use crate::ui::model::review::ReviewRun;
use crate::ui::model::saved::{self, SavedGame};
use crate::ui::model::table::Table;

#[derive(Clone, Copy)]
pub struct Persistence {
    /// The id of the game this page keeps in storage (SPEC §5); `None` for a game
    /// given by the URL or a board framed in another page, which leave the saved game alone.
    pub saving: RwSignal<Option<u64>>,
    /// A finished game from the device's list is on the board for review; the game in progress stays saved.
    pub reviewing: RwSignal<bool>,
    /// Things ignored at start (URL parameters, unreadable saved values), worded when shown.
    pub notices: RwSignal<Vec<Notice>>,
    /// A change of the game waits for the next task to be saved.
    unsaved: StoredValue<bool>,
    /// The `saved` stamp of the stored game as this page last wrote or read it: another
    /// stamp there means another tab has saved since.
    known_stamp: StoredValue<Option<u64>>,
    /// Another tab's newer game, which this page must not overwrite: the page offers it.
    pub newer_elsewhere: RwSignal<Option<SavedGame>>,
}

impl Persistence {
    pub fn new(saving: Option<u64>, notices: Vec<Notice>) -> Persistence {
        Persistence {
            saving: RwSignal::new(saving),
            reviewing: RwSignal::new(false),
            notices: RwSignal::new(notices),
            unsaved: StoredValue::new(false),
            known_stamp: StoredValue::new(None),
            newer_elsewhere: RwSignal::new(None),
        }
    }

    /// This page has read (or put at its table) the stored game saved at `stamp`.
    pub fn know_stored(&self, stamp: Option<u64>) {
        self.known_stamp.set_value(stamp);
    }

    /// Another tab saved `stored`: unless it is this page's own game as it stands (`table`,
    /// kept as game `saving`), it is newer than this page's, which is no longer saved over it.
    pub fn heard_of(&self, stored: SavedGame, table: &Table) {
        let same = self.saving.get_untracked() == Some(stored.id)
            && stored.is_game(table.start(), table.moves())
            && stored.end == table.outcome();
        if same {
            self.known_stamp.set_value(Some(stored.saved));
        } else if self.known_stamp.get_value() != Some(stored.saved) {
            self.newer_elsewhere.set(Some(stored));
        }
    }

    /// What the page provided (`start_page` does, before any view is built).
    pub fn get() -> Persistence {
        expect_context::<Persistence>()
    }

    /// The game now at the table is kept as game `saving` (`None`: not kept), and is not a review.
    /// The person chose it, so it replaces the stored game in progress knowingly, whichever
    /// tab saved that one.
    pub fn keep_as(&self, saving: Option<u64>) {
        self.saving.set(saving);
        self.reviewing.set(false);
        if saving.is_some() {
            self.known_stamp.set_value(storage::game_stamp().ok().flatten());
            self.newer_elsewhere.set(None);
        }
    }

    /// The game changed: it is saved by the next `save_unsaved`.
    pub fn mark_unsaved(&self) {
        self.unsaved.set_value(true);
    }

    /// Saves a change still waiting for its task: that task, or the page being left before it
    /// ran (a reload or a closed tab right after a move), does it. Nothing else is written, so a
    /// second tab left open on an older state never overwrites the game.
    pub fn save_unsaved(&self, table: &Table, think_ms: u32, clock: Option<GameClock>) {
        if self.unsaved.get_value() && self.may_save(table) {
            // A save that fails leaves the change unsaved: the next change, or leaving the
            // page, tries again, and the game is whole in the page meanwhile.
            let saved = self.save(table, think_ms, clock);
            self.unsaved.set_value(!saved);
            self.tell_saved(saved);
        }
    }

    /// Whether this page's game may be written: not over another tab's newer one (read again
    /// now, as the other tab's `storage` event may not have arrived yet).
    fn may_save(&self, table: &Table) -> bool {
        if self.saving.get_untracked().is_none() {
            return true;
        }
        if self.newer_elsewhere.with_untracked(Option::is_some) {
            return false;
        }
        // Only the stamp is read each time; the game itself only when another tab wrote one.
        if storage::game_stamp() != Ok(self.known_stamp.get_value()) {
            if let Some(stored) = self.saved_game() {
                self.heard_of(stored, table);
            }
        }
        self.newer_elsewhere.with_untracked(Option::is_none)
    }

    /// Keeps this page's game (`table`) as a separate entry of the Games list, under an id of
    /// its own: so that taking the other tab's newer game loses neither, or a finished game
    /// from a link.
    pub fn keep_apart(&self, table: &Table, think_ms: u32, clock: Option<GameClock>) {
        let game = SavedGame { clock, ..SavedGame::of_table(table, think_ms, now(), now()) };
        let mut finished = self.finished_games();
        if saved::add_finished(&mut finished, game) {
            let stored = storage::save_finished(&finished);
            self.tell_saved(stored);
        }
    }

    /// Keeps a finished game opened from a link (`moves=`, `kif=`) in the Games list like any
    /// other, once: opening the link again adds nothing.
    pub fn keep_finished_link(&self, table: &Table, think_ms: u32) {
        let kept = self.finished_games().iter().any(|g| g.is_game(table.start(), table.moves()));
        if table.outcome().is_some() && !kept {
            self.keep_apart(table, think_ms, None);
        }
    }

    /// Writes the game in progress and, once it is over, adds it to the finished games;
    /// whether everything was stored (nothing to store counts as stored).
    fn save(&self, table: &Table, think_ms: u32, clock: Option<GameClock>) -> bool {
        let Some(id) = self.saving.get_untracked() else { return true };
        let game = SavedGame { clock, ..SavedGame::of_table(table, think_ms, id, now()) };
        let mut saved = storage::save_game(&game);
        if saved {
            self.known_stamp.set_value(Some(game.saved));
        }
        if game.end.is_some() {
            let mut finished = self.finished_games();
            if saved::add_finished(&mut finished, game) {
                saved &= storage::save_finished(&finished);
            }
        }
        saved
    }

    /// Shows the notice that the game is not saved, once, while saving fails; takes it away
    /// once a save goes through again.
    fn tell_saved(&self, saved: bool) {
        let shown = self.notices.with_untracked(|n| n.contains(&Notice::NotSaved));
        if saved && shown {
            self.notices.update(|n| n.retain(|n| *n != Notice::NotSaved));
        } else if !saved && !shown {
            self.notices.update(|n| n.push(Notice::NotSaved));
        }
    }

    /// Keeps the engine's review with every stored game of those moves: the game in progress,
    /// a finished game, or both (a game just over is both).
    pub fn keep_review(&self, run: &ReviewRun) {
        let attach = |game: &mut SavedGame| {
            let matches = game.is_game(&run.start, &run.moves);
            if matches {
                game.review = Some(run.review.clone());
            }
            matches
        };
        let mut saved = true;
        if let Some(mut game) = self.saved_game().filter(|_| self.saving.get_untracked().is_some()) {
            if attach(&mut game) {
                saved &= storage::save_game(&game);
            }
        }
        let mut finished = self.finished_games();
        let mut changed = false;
        for game in &mut finished {
            changed |= attach(game);
        }
        if changed {
            saved &= storage::save_finished(&finished);
        }
        self.tell_saved(saved);
    }

    /// The saved game in progress; an unreadable one is kept aside and named.
    pub fn saved_game(&self) -> Option<SavedGame> {
        self.read(storage::game())
    }

    /// The finished games kept on the device, newest first; an unreadable list is kept aside and named.
    pub fn finished_games(&self) -> Vec<SavedGame> {
        self.read(storage::finished()).unwrap_or_default()
    }

    /// A stored value, or `None` with its notice shown.
    fn read<T>(&self, value: Result<Option<T>, Notice>) -> Option<T> {
        let mut notices = Vec::new();
        let value = stored(value, &mut notices);
        if !notices.is_empty() {
            self.notices.update(|n| n.extend(notices));
        }
        value
    }
}

/// A stored value, or `None` with the notice about a value that could not be read.
pub fn stored<T>(value: Result<Option<T>, Notice>, notices: &mut Vec<Notice>) -> Option<T> {
    value.unwrap_or_else(|notice| {
        notices.push(notice);
        None
    })
}

/// Milliseconds since 1970: a game's id and the date it was saved.
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}
