//! The game at the table as the page holds it: the table, the position looked back at, the
//! picked-up piece, the promotion question, the remark about the last action, and edit mode's
//! setup. Provided through Leptos context, so a view asks for `Play` and not for the whole app.
//! Changes that the engine and the saved game must hear of go through `App` (`state.rs`).

use leptos::prelude::*;

use crate::notation::sfen;
use crate::rules::{Bitboard, Color, Move, Piece, Position, Role, Setup, Square};
use crate::ui::model::branches::neighbour_at;
use crate::ui::model::mode::Mode;
use crate::ui::model::reach::{self, Origin};
use crate::ui::model::remark::Remark;
use crate::ui::model::table::Table;
use crate::ui::text::explain;
use crate::ui::text::i18n::T;

#[derive(Clone, Copy)]
pub struct Play {
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
    /// Why the board takes no move now although the game would (a problem's move being
    /// judged, or a refused one waiting for a retry); said when a piece is touched.
    pub lock: RwSignal<Option<T>>,
    pub mode: RwSignal<Mode>,
    /// The squares a lesson marks as its targets (stars to reach, pieces to take).
    pub targets: RwSignal<Bitboard>,
    /// The position being set up in edit mode (unchecked until it is played).
    pub editor: RwSignal<Setup>,
    /// The piece edit mode puts on a clicked square; `None` clears squares.
    pub palette: RwSignal<Option<Piece>>,
    /// The position on the board (the game now, or the one looked back at).
    pub shown: Memo<Position>,
    pub shown_ply: Memo<usize>,
    /// Where the selected piece may go.
    pub dests: Memo<Bitboard>,
}

impl Play {
    /// `table` at the table, looked back at `browse` plies (if before its end), in `mode`.
    pub fn new(table: Table, browse: Option<usize>, mode: Mode, setup: Setup) -> Play {
        let browse = RwSignal::new(browse.filter(|&p| p < table.ply()));
        let table = RwSignal::new(table);
        let selected = RwSignal::new(None::<Origin>);
        let mode = RwSignal::new(mode);
        let lock = RwSignal::new(None::<T>);
        let shown_ply = Memo::new(move |_| browse.get().unwrap_or_else(|| table.with(Table::ply)));
        let shown = Memo::new(move |_| table.with(|t| t.position_at(shown_ply.get()).clone()));
        let dests = Memo::new(move |_| match selected.get() {
            Some(origin) if table.with(|t| may_move(t, mode.get(), lock.with(Option::is_some), browse.get())) => {
                shown.with(|pos| reach::targets(pos, origin))
            }
            _ => Bitboard::EMPTY,
        });
        Play {
            table,
            browse,
            selected,
            preview: RwSignal::new(None),
            promotion: RwSignal::new(None),
            message: RwSignal::new(None),
            lock,
            mode,
            targets: RwSignal::new(Bitboard::EMPTY),
            editor: RwSignal::new(setup),
            palette: RwSignal::new(Some(Piece::new(Color::Sente, Role::Pawn))),
            shown,
            shown_ply,
            dests,
        }
    }

    /// The game the page provided (`start_page` does, before any view is built).
    pub fn get() -> Play {
        expect_context::<Play>()
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

    /// Whether a person may move pieces now (looking back too: a move there starts a variation).
    pub fn can_move(&self) -> bool {
        let (mode, locked, browse) =
            (self.mode.get_untracked(), self.lock.with_untracked(Option::is_some), self.browse.get_untracked());
        self.table.with_untracked(|t| may_move(t, mode, locked, browse))
    }

    /// A click (or tap, or Enter) on a square: in edit mode the palette's piece goes there;
    /// in play it picks a piece up, or gives the move it completes (for `App::play`) when
    /// there is no promotion to ask about.
    pub fn square_clicked(&self, sq: Square) -> Option<Move> {
        self.message.set(None);
        if self.mode.get_untracked() == Mode::Edit {
            self.edit_square(sq);
            return None;
        }
        if !self.can_move() {
            self.explain_why_frozen();
            return None;
        }
        let pos = self.shown.get_untracked();
        let selected = self.selected.get_untracked();
        if let Some(origin) = selected {
            if self.dests.get_untracked().contains(sq) {
                return self.move_to(origin, sq);
            }
        }
        match pos.piece_at(sq) {
            Some(p) if p.color == pos.turn() => {
                let origin = Origin::Board(sq);
                self.selected.set(if selected == Some(origin) { None } else { Some(origin) });
            }
            _ => {
                if let Some(origin) = selected {
                    self.refuse(&pos, origin, sq);
                }
                self.selected.set(None);
            }
        }
        None
    }

    /// A click on a piece in a hand.
    pub fn hand_clicked(&self, color: Color, role: Role) {
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

    /// A drag starts: the piece from `origin` is picked up, and the preview and remark go.
    pub fn pick_up(&self, origin: Origin) {
        self.preview.set(None);
        self.message.set(None);
        self.selected.set(Some(origin));
    }

    /// Puts the picked-up piece on `to` (a click on a destination, or a drag released there):
    /// the move to play, unless it is refused or waits for the promotion question.
    pub fn move_to(&self, origin: Origin, to: Square) -> Option<Move> {
        let pos = self.shown.get_untracked();
        let moves = reach::moves_to(&pos, origin, to);
        match moves.as_slice() {
            [] => {
                self.refuse(&pos, origin, to);
                self.selected.set(None);
                None
            }
            [only] => Some(*only),
            [a, b, ..] => {
                let (promote, stay) = if a.is_promotion() { (*a, *b) } else { (*b, *a) };
                self.promotion.set(Some((promote, stay)));
                None
            }
        }
    }

    /// Says why the piece from `origin` cannot go to `to`. The rules' explanations load with
    /// the first refused move (`refusal_on_demand`).
    fn refuse(&self, pos: &Position, origin: Origin, to: Square) {
        self.message.set(None);
        leptos::task::spawn_local(refusal_on_demand(*self, pos.clone(), origin, to));
    }

    /// The person's answer to the promotion question: the move to play.
    pub fn choose_promotion(&self, promote: bool) -> Option<Move> {
        let (yes, no) = self.promotion.get_untracked()?;
        self.promotion.set(None);
        Some(if promote { yes } else { no })
    }

    pub fn cancel_promotion(&self) {
        self.promotion.set(None);
        self.selected.set(None);
    }

    /// Plays a legal move at the live end of the game, or, looking back, in the position shown,
    /// where it goes on along the line, follows another that plays it, or starts a variation;
    /// the board then shows the position after it. Whether it was played.
    pub fn play(&self, m: Move) -> bool {
        let browse = self.browse.get_untracked();
        let mut played = false;
        self.table.update(|t| {
            played = match browse {
                Some(ply) => t.branch_at(ply, m).is_ok(),
                None => t.play(m).is_ok(),
            }
        });
        if played {
            if let Some(ply) = browse {
                self.browse_to(ply + 1);
            }
            self.selected.set(None);
            self.preview.set(None);
        }
        played
    }

    /// The board follows the line at `path` of the record's tree, shown after `ply` moves.
    pub fn follow(&self, path: &[usize], ply: usize) {
        let mut followed = false;
        self.table.update(|t| followed = t.follow(path));
        if followed {
            self.browse_to(ply);
            self.message.set(None);
        }
    }

    /// The followed line becomes the record's main line.
    pub fn promote_line(&self) -> bool {
        let mut promoted = false;
        self.table.update(|t| promoted = t.promote());
        promoted
    }

    /// Removes the variation the board follows; the board follows its parent line, shown
    /// just before where the variation began. Whether one was removed.
    pub fn remove_followed_line(&self) -> bool {
        let mut shown = None;
        self.table.update(|t| {
            let path = t.path().to_vec();
            shown = t.remove_variation(&path);
        });
        if let Some(ply) = shown {
            self.browse_to(ply);
        }
        shown.is_some()
    }

    pub fn undo(&self) {
        self.browse.set(None);
        self.table.update(|t| {
            t.undo();
        });
        self.selected.set(None);
        self.message.set(None);
    }

    pub fn redo(&self) {
        self.browse.set(None);
        self.table.update(|t| {
            t.redo();
        });
        self.selected.set(None);
    }

    /// The person resigns for the side they play (at one device, for the side to move);
    /// whether anyone resigned.
    pub fn resign(&self) -> bool {
        let Some(loser) = self.table.with_untracked(|t| {
            let turn = t.position().turn();
            if t.sides.person_plays(turn) {
                Some(turn)
            } else if t.sides.person_plays(!turn) {
                Some(!turn)
            } else {
                None
            }
        }) else {
            return false;
        };
        self.table.update(|t| t.resign(loser));
        true
    }

    /// The side to move calls (24-point rule) or declares (27-point rule) an impasse; a
    /// refusal is remarked. Whether the game ended.
    pub fn declare_impasse(&self) -> bool {
        let mut refused = None;
        self.table.update(|t| refused = t.declare_impasse().err());
        match refused {
            Some(reason) => {
                self.message.set(Some(Remark::new(move |lang| {
                    T::NoImpasse.words(lang, &[explain::impasse_error(lang, &reason)]).to_string()
                })));
                false
            }
            None => true,
        }
    }

    /// Steps `delta` moves back (negative) or forward from the position shown, within the
    /// line followed: the move list's buttons, the arrow keys and the mouse wheel.
    pub fn step(&self, delta: isize) {
        let len = self.table.with_untracked(Table::ply) as isize;
        let shown = self.shown_ply.get_untracked() as isize;
        self.browse_to((shown + delta).clamp(0, len) as usize);
    }

    /// The mouse wheel over the move list or the board steps through the moves, as on
    /// lishogi: down goes forward.
    pub fn wheel(&self, ev: &leptos::ev::WheelEvent) {
        let delta = ev.delta_y();
        if delta != 0.0 && self.mode.get_untracked() != Mode::Edit {
            ev.prevent_default();
            self.step(if delta > 0.0 { 1 } else { -1 });
        }
    }

    /// The line before (`delta` -1) or after (1) the followed one among those that play another
    /// move as the move shown (the ↑ and ↓ keys), if there is one.
    pub fn neighbour_line(&self, delta: isize) -> Option<Vec<usize>> {
        let ply = self.shown_ply.get_untracked();
        self.table.with_untracked(|t| neighbour_at(t.tree(), t.path(), ply, delta))
    }

    /// The last position of the line followed.
    pub fn browse_to_end(&self) {
        self.browse_to(self.table.with_untracked(Table::ply));
    }

    /// Shows the position after `ply` moves; the last ply returns to the game.
    pub fn browse_to(&self, ply: usize) {
        let len = self.table.with_untracked(Table::ply);
        self.browse.set((ply < len).then_some(ply));
        self.selected.set(None);
        self.promotion.set(None);
    }

    /// Edit mode: the palette's piece goes on `sq`, or, if it is there already, comes off.
    fn edit_square(&self, sq: Square) {
        let palette = self.palette.get_untracked();
        self.editor.update(|s| {
            let put = if s.piece_at(sq) == palette { None } else { palette };
            s.set_piece(sq, put);
        });
    }

    /// Edit mode starts over from `setup` (the starting position, or kings only).
    pub fn set_up(&self, setup: Setup) {
        self.editor.set(setup);
        self.message.set(None);
    }

    /// Edit mode: one more (`delta` 1) or one less (-1) of `role` in `color`'s hand, within the set.
    pub fn change_hand(&self, color: Color, role: Role, delta: i8) {
        self.editor.update(|s| {
            let hand = s.hand_mut(color);
            let count = hand.count(role) as i16 + delta as i16;
            hand.set(role, count.clamp(0, role.set_count() as i16) as u8);
        });
    }

    /// Leaves edit mode with the position set up, as a table for the game's players under its
    /// impasse rule; a position the rules refuse is named, and editing goes on.
    pub fn leave_edit(&self) -> Option<Table> {
        match Position::from_setup(&self.editor.get_untracked()) {
            Ok(pos) => {
                let (sides, rule) = self.table.with_untracked(|t| (t.sides, t.impasse_rule));
                self.mode.set(Mode::Play);
                Some(Table::new(pos, sides, rule))
            }
            Err(e) => {
                self.message.set(Some(Remark::new(move |lang| {
                    T::CannotBePlayed.with(lang, &[&explain::setup_error(lang, &e).to_string()])
                })));
                None
            }
        }
    }

    /// Puts a picked-up piece back (Escape), and the remark about it goes.
    pub fn put_back(&self) {
        self.selected.set(None);
        self.message.set(None);
    }

    /// Puts `table` at the table, at its live end, with nothing picked up or remarked.
    pub fn put(&self, table: Table) {
        self.table.set(table);
        self.browse.set(None);
        self.selected.set(None);
        self.message.set(None);
        self.lock.set(None);
    }

    pub fn explain_why_frozen(&self) {
        let text = if !self.mode.get_untracked().takes_moves() {
            T::ViewOnly
        } else if let Some(reason) = self.lock.get_untracked() {
            reason
        } else if self.browse.get_untracked().is_some() && self.mode.get_untracked() == Mode::Problem {
            T::LookingBack
        } else if self.browse.get_untracked().is_some() {
            T::NotYourSideHere
        } else if self.table.with_untracked(|t| t.outcome().is_some()) {
            T::GameIsOver
        } else {
            T::WaitForEngine
        };
        self.message.set(Some(Remark::of(text)));
        self.selected.set(None);
    }
}

/// Whether a person may move on `table` in `mode`: not while locked; at the live end on their
/// turn; looking back at `browse` plies (in play, not in a problem) where their side is to move.
fn may_move(table: &Table, mode: Mode, locked: bool, browse: Option<usize>) -> bool {
    if !mode.takes_moves() || locked {
        return false;
    }
    match browse {
        None => table.persons_turn(),
        Some(ply) => mode == Mode::Play && table.sides.person_plays(table.position_at(ply).turn()),
    }
}

/// Says why the piece from `origin` cannot go to `to` in `pos` (`Play::refuse`), unless the
/// position shown has changed since: the explanations are not in the page's first download
/// (issue 28).
#[lazy]
fn refusal_on_demand(play: Play, pos: Position, origin: Origin, to: Square) {
    untrack(|| {
        if play.shown.with_untracked(|shown| *shown == pos) {
            play.message.set(reach::why_not(&pos, origin, to).map(|r| Remark::new(move |lang| r.words(lang))));
        }
    })
}
