//! The app's state as signals, shared through context, and what a person's
//! actions do to it. Views read it; only the functions here change it.

use leptos::prelude::*;

use crate::notation::sfen;
use crate::rules::{Bitboard, Color, ImpasseRule, Move, Piece, Position, Role, Setup, Square};
use crate::ui::computer::EngineState;
use crate::ui::model::remark::Remark;
use crate::ui::settings::Settings;

use crate::ui::browser::storage;
use crate::ui::model::movetext::Notation;
use crate::ui::model::notice::Notice;
use crate::ui::model::params::{Mode, Params};
use crate::ui::model::reach::{self, Origin};
use crate::ui::model::saved::{self, SavedGame};
use crate::ui::model::table::{Sides, Table};
use crate::ui::model::thinking::Purpose;
use crate::ui::text::explain;
use crate::ui::text::i18n::{Lang, T};

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
}

#[derive(Clone, Copy)]
pub struct App {
    pub table: RwSignal<Table>,
    /// The ply shown while looking back through the move list; `None` = the game now.
    pub browse: RwSignal<Option<usize>>,
    pub selected: RwSignal<Option<Origin>>,
    /// The piece whose moves are previewed (hover or long press).
    pub preview: RwSignal<Option<Square>>,
    /// A move that may promote or not, waiting for the person's choice: (promoting, not promoting).
    pub promotion: RwSignal<Option<(Move, Move)>>,
    /// A plain-words remark about the last action (why a move was refused, ...).
    pub message: RwSignal<Option<Remark>>,
    /// Things ignored at start (URL parameters, unreadable saved settings), worded when shown.
    pub notices: RwSignal<Vec<Notice>>,
    /// Style, notation, language, orientation (also provided on their own, see `settings.rs`).
    pub settings: Settings,
    pub dialog: RwSignal<Option<Dialog>>,
    /// The engine's budget, its search in flight and its hint (also provided on their own).
    pub engine: EngineState,
    pub mode: RwSignal<Mode>,
    /// The position being set up in edit mode (unchecked until it is played).
    pub editor: RwSignal<Setup>,
    /// The piece edit mode puts on a clicked square; `None` clears squares.
    pub palette: RwSignal<Option<Piece>>,
    /// The position on the board (the game now, or the one looked back at).
    pub shown: Memo<Position>,
    pub shown_ply: Memo<usize>,
    /// Where the selected piece may go.
    pub dests: Memo<Bitboard>,
    /// The id of the game this page keeps in storage (SPEC §5); `None` for a game
    /// given by the URL or a board framed in another page, which leave the saved game alone.
    pub saving: RwSignal<Option<u64>>,
    /// A finished game from the device's list is on the board for review; the game in progress stays saved.
    pub reviewing: RwSignal<bool>,
    /// A change of the game waits for the next task to be saved.
    unsaved: StoredValue<bool>,
}

impl App {
    pub fn new(params: Params, mut notices: Vec<Notice>) -> App {
        let keeps_game = params.mode == Mode::Play && !params.game_given && !storage::framed();
        let saved = if keeps_game { stored(storage::game(), &mut notices) } else { None };
        let saving = keeps_game.then(|| saved.as_ref().map_or_else(now, |g| g.id));
        let mut table = match &saved {
            Some(game) => game.table(),
            None => {
                let mut table = Table::new(params.start.clone(), Sides::default(), ImpasseRule::Declaration27);
                for &m in &params.moves {
                    // The URL parser already checked every move; a game over part-way ends the replay.
                    if table.play(m).is_err() {
                        break;
                    }
                }
                table
            }
        };
        // Sides and time named in the URL are the person's wish now, even for a saved game.
        table.sides = params.sides.unwrap_or(table.sides);
        let sides = table.sides;
        let think_ms =
            params.think_ms.or(saved.map(|g| g.think_ms)).unwrap_or(crate::ui::model::levels::DEFAULT_THINK_MS);
        let browse = params.ply.filter(|&p| p < table.ply());
        let table = RwSignal::new(table);
        let browse = RwSignal::new(browse);
        let selected = RwSignal::new(None::<Origin>);
        let editor = RwSignal::new(params.start.to_setup());
        let mode = RwSignal::new(params.mode);
        let shown_ply = Memo::new(move |_| browse.get().unwrap_or_else(|| table.with(Table::ply)));
        let shown = Memo::new(move |_| table.with(|t| t.position_at(shown_ply.get()).clone()));
        let dests = Memo::new(move |_| match selected.get() {
            Some(origin) if mode.get() == Mode::Play && browse.get().is_none() && table.with(Table::persons_turn) => {
                shown.with(|pos| reach::targets(pos, origin))
            }
            _ => Bitboard::EMPTY,
        });
        let style = params.pieces.or(stored(storage::piece_style(), &mut notices)).unwrap_or_default();
        let browser_lang = browser_language().map(|l| Lang::from_browser(&l));
        let lang = params.lang.or(stored(storage::lang(), &mut notices)).or(browser_lang).unwrap_or_default();
        // The notation follows a language given by the URL, else the one remembered, else the language.
        let of_lang = |lang: Lang| if lang == Lang::Ja { Notation::Japanese } else { Notation::Western };
        let notation =
            params.lang.map(of_lang).or(stored(storage::notation(), &mut notices)).unwrap_or_else(|| of_lang(lang));
        App {
            table,
            browse,
            selected,
            preview: RwSignal::new(None),
            promotion: RwSignal::new(None),
            message: RwSignal::new(None),
            notices: RwSignal::new(notices),
            settings: Settings::new(style, notation, lang, params.flip.unwrap_or(sides == Sides::Gote)),
            dialog: RwSignal::new(None),
            engine: EngineState::new(think_ms),
            mode,
            editor,
            palette: RwSignal::new(Some(Piece::new(Color::Sente, Role::Pawn))),
            shown,
            shown_ply,
            dests,
            saving: RwSignal::new(saving),
            reviewing: RwSignal::new(false),
            unsaved: StoredValue::new(false),
        }
    }

    /// The piece on `sq` as the board shows it: the game's, or the setup's in edit mode (tracked).
    pub fn board_piece(&self, sq: Square) -> Option<Piece> {
        if self.mode.get() == Mode::Edit {
            self.editor.with(|s| s.piece_at(sq))
        } else {
            self.shown.with(|p| p.piece_at(sq))
        }
    }

    /// How many of `role` `color` holds as the board shows it (tracked).
    pub fn hand_count(&self, color: Color, role: Role) -> u8 {
        if self.mode.get() == Mode::Edit {
            self.editor.with(|s| s.hand(color).count(role))
        } else {
            self.shown.with(|p| p.hand(color).count(role))
        }
    }

    /// The side to move as the board shows it (tracked).
    pub fn shown_turn(&self) -> Color {
        if self.mode.get() == Mode::Edit {
            self.editor.with(|s| s.turn)
        } else {
            self.shown.with(|p| p.turn())
        }
    }

    /// SPEC §3 `data-sfen`: the shown position, or the setup being edited (tracked).
    pub fn shown_sfen(&self) -> String {
        if self.mode.get() == Mode::Edit {
            self.editor.with(sfen::write_setup)
        } else {
            self.shown.with(sfen::write_position)
        }
    }

    /// Whether a person may move pieces now.
    pub fn can_move(&self) -> bool {
        self.mode.get_untracked() == Mode::Play
            && self.browse.get_untracked().is_none()
            && self.table.with_untracked(Table::persons_turn)
    }

    /// A click (or tap, or a drag released) on a square.
    pub fn square_clicked(&self, sq: Square) {
        self.message.set(None);
        if !self.can_move() {
            self.explain_why_frozen();
            return;
        }
        let pos = self.shown.get_untracked();
        let selected = self.selected.get_untracked();
        if let Some(origin) = selected {
            if self.dests.get_untracked().contains(sq) {
                self.move_to(origin, sq);
                return;
            }
        }
        match pos.piece_at(sq) {
            Some(p) if p.color == pos.turn() => {
                let origin = Origin::Board(sq);
                self.selected.set(if selected == Some(origin) { None } else { Some(origin) });
            }
            _ => {
                if let Some(origin) = selected {
                    self.message.set(reach::why_not(&pos, origin, sq).map(|r| Remark::new(move |lang| r.words(lang))));
                }
                self.selected.set(None);
            }
        }
    }

    /// A click on a piece in a hand.
    pub fn hand_clicked(&self, color: crate::rules::Color, role: crate::rules::Role) {
        self.message.set(None);
        if !self.can_move() {
            self.explain_why_frozen();
            return;
        }
        if self.shown.with_untracked(|p| p.turn()) != color {
            self.message.set(Some(Remark::of(T::OtherSidesHand)));
            return;
        }
        let origin = Origin::Hand(role);
        self.selected.update(|s| *s = if *s == Some(origin) { None } else { Some(origin) });
    }

    /// Puts the picked-up piece on `to` (a click on a destination, or a drag released there).
    pub fn move_to(&self, origin: Origin, to: Square) {
        let pos = self.shown.get_untracked();
        let moves = reach::moves_to(&pos, origin, to);
        match moves.as_slice() {
            [] => {
                self.message.set(reach::why_not(&pos, origin, to).map(|r| Remark::new(move |lang| r.words(lang))));
                self.selected.set(None);
            }
            [only] => self.play(*only),
            [a, b, ..] => {
                let (promote, stay) = if a.is_promotion() { (*a, *b) } else { (*b, *a) };
                self.promotion.set(Some((promote, stay)));
            }
        }
    }

    pub fn choose_promotion(&self, promote: bool) {
        if let Some((yes, no)) = self.promotion.get_untracked() {
            self.promotion.set(None);
            self.play(if promote { yes } else { no });
        }
    }

    pub fn cancel_promotion(&self) {
        self.promotion.set(None);
        self.selected.set(None);
    }

    /// Plays a legal move at the live end of the game.
    pub fn play(&self, m: Move) {
        let mut played = false;
        self.table.update(|t| played = t.play(m).is_ok());
        if played {
            self.selected.set(None);
            self.preview.set(None);
            self.after_change();
        }
    }

    pub fn undo(&self) {
        self.browse.set(None);
        self.table.update(|t| {
            t.undo();
        });
        self.selected.set(None);
        self.message.set(None);
        self.after_change();
    }

    pub fn redo(&self) {
        self.browse.set(None);
        self.table.update(|t| {
            t.redo();
        });
        self.selected.set(None);
        self.after_change();
    }

    pub fn resign(&self) {
        let Some(loser) = self.table.with_untracked(|t| {
            let turn = t.position().turn();
            // A person resigns for the side they play; at one device, for the side to move.
            if t.sides.person_plays(turn) {
                Some(turn)
            } else if t.sides.person_plays(!turn) {
                Some(!turn)
            } else {
                None
            }
        }) else {
            return;
        };
        self.table.update(|t| t.resign(loser));
        self.after_change();
    }

    pub fn new_game(&self, start: Position, sides: Sides, impasse_rule: ImpasseRule, think_ms: u32) {
        self.start_game(Table::new(start, sides, impasse_rule), think_ms);
    }

    /// Puts a game at the table (new, imported, or continued from a finished one); the
    /// person chose it, so it becomes the saved game in progress (unless framed in another page).
    pub fn start_game(&self, table: Table, think_ms: u32) {
        self.put_game(table, think_ms, (!storage::framed()).then(now));
    }

    /// Puts `table` at the table, kept in storage as game `saving`.
    fn put_game(&self, table: Table, think_ms: u32, saving: Option<u64>) {
        // A search about the old game must not play into the new one, even at the same ply.
        self.cancel_search();
        let sides = table.sides;
        self.engine.think_ms.set(think_ms);
        self.table.set(table);
        self.saving.set(saving);
        self.reviewing.set(false);
        self.browse.set(None);
        self.selected.set(None);
        self.message.set(None);
        self.settings.flipped.set(sides == Sides::Gote);
        self.dialog.set(None);
        self.after_change();
    }

    /// Puts a finished game on the board to look through; the game in progress stays saved.
    pub fn review(&self, game: &SavedGame) {
        self.put_game(game.table(), game.think_ms, None);
        self.reviewing.set(true);
        // The review bar says what this is; no game-over panel over it.
        self.dialog.set(None);
    }

    /// A new game from the reviewed game's position after `ply` moves, with the moves up to there.
    pub fn continue_from(&self, ply: usize) {
        let (start, moves, sides, rule) = self
            .table
            .with_untracked(|t| (t.start().clone(), t.moves()[..ply.min(t.ply())].to_vec(), t.sides, t.impasse_rule));
        if let Ok(table) = saved::replay(start, &moves, sides, rule, None) {
            self.start_game(table, self.engine.think_ms.get_untracked());
        }
    }

    /// Leaves the review for the saved game in progress (a new game if there is none).
    pub fn back_to_game(&self) {
        let mut notices = Vec::new();
        match stored(storage::game(), &mut notices) {
            Some(game) => self.put_game(game.table(), game.think_ms, Some(game.id)),
            None => self.new_game(
                Position::startpos(),
                Sides::default(),
                ImpasseRule::Declaration27,
                self.engine.think_ms.get_untracked(),
            ),
        }
        self.notices.update(|n| n.extend(notices));
    }

    /// Shows the position after `ply` moves; the last ply returns to the game.
    pub fn browse_to(&self, ply: usize) {
        let len = self.table.with_untracked(Table::ply);
        self.browse.set((ply < len).then_some(ply));
        self.selected.set(None);
        self.promotion.set(None);
    }

    /// The side to move calls (24-point rule) or declares (27-point rule) an impasse.
    pub fn declare_impasse(&self) {
        let mut refused = None;
        self.table.update(|t| refused = t.declare_impasse().err());
        match refused {
            Some(reason) => {
                self.message.set(Some(Remark::new(move |lang| {
                    T::NoImpasse.words(lang, &[explain::impasse_error(lang, &reason)]).to_string()
                })));
            }
            None => self.after_change(),
        }
    }

    /// The engine's move if it has none to play (no legal move).
    pub fn engine_resigns(&self) {
        let turn = self.table.with_untracked(|t| t.position().turn());
        self.table.update(|t| t.resign(turn));
        self.after_change();
    }

    pub fn hint(&self) {
        if self.can_move() && self.engine.thinking.get_untracked().is_none() {
            self.engine.hint.set(None);
            self.request_search(Purpose::Hint, self.engine.think_ms.get_untracked().clamp(500, 3000));
        }
    }

    pub fn stop_engine(&self) {
        self.stop_search();
    }

    /// After every change of the game: a search about an older position is dropped,
    /// the engine moves if it is its turn, and the game-over panel shows when it ends.
    pub fn after_change(&self) {
        self.engine.hint.set(None);
        // Saving and the engine wait for the next task: the board answers the click first,
        // and neither task is long enough to hold up the page.
        let app = *self;
        self.unsaved.set_value(true);
        set_timeout(move || app.save_and_ask_engine(), std::time::Duration::ZERO);
        let over = self.table.with_untracked(|t| t.outcome().is_some());
        if over {
            self.dialog.set(Some(Dialog::GameOver));
        } else if self.dialog.get_untracked() == Some(Dialog::GameOver) {
            self.dialog.set(None);
        }
    }

    /// Saves the game, and starts or stops the engine as the game now stands.
    fn save_and_ask_engine(&self) {
        self.save_unsaved();
        let (ply, engines_turn) = self.table.with_untracked(|t| (t.ply(), t.engines_turn()));
        if self.engine.thinking.get_untracked().is_some_and(|t| t.ply != ply || t.purpose == Purpose::Hint) {
            self.cancel_search();
        }
        if engines_turn && self.mode.get_untracked() == Mode::Play && self.engine.thinking.get_untracked().is_none() {
            self.request_search(Purpose::Play, self.engine.think_ms.get_untracked());
        }
    }

    /// Saves a change still waiting for its task: that task, or the page being left before it
    /// ran (a reload or a closed tab right after a move), does it. Nothing else is written, so a
    /// second tab left open on an older state never overwrites the game.
    pub fn save_unsaved(&self) {
        if self.unsaved.get_value() {
            self.unsaved.set_value(false);
            self.save();
        }
    }

    /// Writes the game in progress and, once it is over, adds it to the finished games.
    fn save(&self) {
        let Some(id) = self.saving.get_untracked() else { return };
        let game =
            self.table.with_untracked(|t| SavedGame::of_table(t, self.engine.think_ms.get_untracked(), id, now()));
        storage::save_game(&game);
        if game.end.is_some() {
            let mut finished = self.finished_games();
            if saved::add_finished(&mut finished, game) {
                storage::save_finished(&finished);
            }
        }
    }

    /// The finished games kept on the device, newest first; an unreadable list is kept aside and named.
    pub fn finished_games(&self) -> Vec<SavedGame> {
        let mut notices = Vec::new();
        let games = stored(storage::finished(), &mut notices).unwrap_or_default();
        if !notices.is_empty() {
            self.notices.update(|n| n.extend(notices));
        }
        games
    }

    pub fn explain_why_frozen(&self) {
        let text = if self.mode.get_untracked() != Mode::Play {
            T::ViewOnly
        } else if self.browse.get_untracked().is_some() {
            T::LookingBack
        } else if self.table.with_untracked(|t| t.outcome().is_some()) {
            T::GameIsOver
        } else {
            T::WaitForEngine
        };
        self.message.set(Some(Remark::of(text)));
        self.selected.set(None);
    }
}

/// `navigator.language` (read through JS: the one call does not warrant another web-sys feature).
fn browser_language() -> Option<String> {
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).ok()?;
    js_sys::Reflect::get(&navigator, &"language".into()).ok()?.as_string()
}

/// A saved setting, or `None` with the notice about a stored value that could not be read.
fn stored<T>(setting: Result<Option<T>, Notice>, notices: &mut Vec<Notice>) -> Option<T> {
    setting.unwrap_or_else(|notice| {
        notices.push(notice);
        None
    })
}

/// Milliseconds since 1970: a game's id and the date it was saved.
fn now() -> u64 {
    js_sys::Date::now() as u64
}
