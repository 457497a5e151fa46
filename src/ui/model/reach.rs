//! Where a picked-up piece can go, how a piece moves (for the hover preview),
//! and, in plain words, why it cannot go where a person tried to put it.
//! Every answer comes from the rules core (legal moves, attacks, the position
//! after the move); this file only asks it the person's question.

use crate::rules::illegal::{self, IllegalReason};
use crate::rules::{attacks, Bitboard, Move, MoveKind, Position, Role, Square};

use crate::ui::text::i18n::{piece_name, Lang, T};

/// Where a picked-up piece comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Origin {
    Board(Square),
    Hand(Role),
}

impl Origin {
    pub fn of(m: Move) -> Origin {
        match m.kind() {
            MoveKind::Normal { from, .. } => Origin::Board(from),
            MoveKind::Drop { role, .. } => Origin::Hand(role),
        }
    }
}

/// The legal moves of the piece at `origin` to `to`: none, one, or two (with and without promotion).
pub fn moves_to(pos: &Position, origin: Origin, to: Square) -> Vec<Move> {
    pos.legal_moves().iter().copied().filter(|&m| m.to() == to && Origin::of(m) == origin).collect()
}

/// Every square the piece at `origin` can legally go to.
pub fn targets(pos: &Position, origin: Origin) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for &m in pos.legal_moves().iter().filter(|&&m| Origin::of(m) == origin) {
        squares = squares.with(m.to());
    }
    squares
}

/// The squares the piece on `sq` attacks, whoever's turn it is: how it moves, for learners.
pub fn preview(pos: &Position, sq: Square) -> Bitboard {
    let Some(piece) = pos.piece_at(sq) else { return Bitboard::EMPTY };
    let own = pos.by_color(piece.color);
    let mut squares = Bitboard::EMPTY;
    for to in attacks::attacks(piece.color, piece.role, sq, pos.occupied()) {
        if !own.contains(to) {
            squares = squares.with(to);
        }
    }
    squares
}

/// The rule that refuses a move or drop.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The piece does not move that way.
    NotItsMove(Role),
    /// A ranging piece would have to jump.
    Blocked(Role),
    OccupiedDrop,
    TwoPawnsOnFile,
    PawnDropMate,
    KingInCheck,
    NeverMoveAgain,
}

impl Refusal {
    /// The refusal in plain words, naming the rule.
    pub fn words(self, lang: Lang) -> String {
        let name = |role: Role| piece_name(lang, role);
        match self {
            Refusal::NotItsMove(role) => T::NotItsMove.with(lang, &[name(role), how_it_moves(role).get(lang)]),
            Refusal::Blocked(role) => T::Blocked.with(lang, &[name(role)]),
            Refusal::OccupiedDrop => T::OccupiedDrop.get(lang).to_string(),
            Refusal::TwoPawnsOnFile => T::TwoPawnsOnFile.get(lang).to_string(),
            Refusal::PawnDropMate => T::PawnDropMate.get(lang).to_string(),
            Refusal::KingInCheck => T::KingInCheck.get(lang).to_string(),
            Refusal::NeverMoveAgain => T::NeverMoveAgain.get(lang).to_string(),
        }
    }
}

/// How a piece moves, in one sentence written from the rules in the seeds.
pub fn how_it_moves(role: Role) -> T {
    match role {
        Role::Pawn => T::PawnMoves,
        Role::Lance => T::LanceMoves,
        Role::Knight => T::KnightMoves,
        Role::Silver => T::SilverMoves,
        Role::Gold | Role::Tokin | Role::PromotedLance | Role::PromotedKnight | Role::PromotedSilver => T::GoldMoves,
        Role::Bishop => T::BishopMoves,
        Role::Rook => T::RookMoves,
        Role::King => T::KingMoves,
        Role::Horse => T::HorseMoves,
        Role::Dragon => T::DragonMoves,
    }
}

/// Why `origin` cannot go to `to` in `pos`, for the side to move; `None` when
/// some legal move goes there or when no rule names the reason (own piece there).
/// The rules core finds the broken rule; this only words it for the person.
pub fn why_not(pos: &Position, origin: Origin, to: Square) -> Option<Refusal> {
    let reason = match origin {
        Origin::Board(from) => {
            let [stay, promote] = [false, true].map(|p| Move::normal(from, to, p));
            if pos.is_legal(stay) || pos.is_legal(promote) {
                return None;
            }
            // Promotion itself never makes both spellings illegal: name what is wrong with the move.
            match illegal::explain(pos, stay)? {
                IllegalReason::MustPromote { .. } | IllegalReason::CannotPromote { .. } => {
                    illegal::explain(pos, promote)?
                }
                reason => reason,
            }
        }
        Origin::Hand(role) => illegal::explain(pos, Move::drop(role, to))?,
    };
    match reason {
        IllegalReason::Unreachable { role, from, .. } => {
            let on_empty_board = attacks::attacks(pos.turn(), role, from, Bitboard::EMPTY).contains(to);
            Some(if on_empty_board { Refusal::Blocked(role) } else { Refusal::NotItsMove(role) })
        }
        IllegalReason::Occupied { .. } => Some(Refusal::OccupiedDrop),
        IllegalReason::DeadDrop { .. } => Some(Refusal::NeverMoveAgain),
        IllegalReason::TwoPawns { .. } => Some(Refusal::TwoPawnsOnFile),
        IllegalReason::PawnDropMate => Some(Refusal::PawnDropMate),
        IllegalReason::KingLeftInCheck { .. } => Some(Refusal::KingInCheck),
        // Not the person's piece, none in hand, own piece on the square: nothing to teach.
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen;

    fn sq(name: &str) -> Square {
        Square::from_usi(name).unwrap()
    }

    #[test]
    fn targets_and_previews() {
        let pos = Position::startpos();
        let names = |b: Bitboard| b.into_iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(names(targets(&pos, Origin::Board(sq("7g")))), ["7f"]);
        assert!(targets(&pos, Origin::Hand(Role::Pawn)).is_empty());
        assert_eq!(names(preview(&pos, sq("3c"))), ["3d"], "gote's pawn previews on sente's turn too");
        let promo = sfen::parse_position("4k4/9/9/2P6/9/9/9/9/4K4 b - 1").unwrap();
        assert_eq!(moves_to(&promo, Origin::Board(sq("7d")), sq("7c")).len(), 2);
        let forced = sfen::parse_position("4k4/2P6/9/9/9/9/9/9/4K4 b - 1").unwrap();
        assert_eq!(moves_to(&forced, Origin::Board(sq("7b")), sq("7a")).len(), 1);
    }

    #[test]
    fn board_moves() {
        let pos = Position::startpos();
        assert_eq!(why_not(&pos, Origin::Board(sq("7g")), sq("7f")), None);
        assert_eq!(why_not(&pos, Origin::Board(sq("7g")), sq("7e")), Some(Refusal::NotItsMove(Role::Pawn)));
        assert_eq!(why_not(&pos, Origin::Board(sq("8h")), sq("6f")), Some(Refusal::Blocked(Role::Bishop)));
        assert_eq!(why_not(&pos, Origin::Board(sq("6i")), sq("5i")), None, "own piece there: no rule to name");
        // The gold on 5h is pinned by the rook on 5a against the king on 5i.
        let pinned = sfen::parse_position("4r3k/9/9/9/9/9/9/4G4/4K4 b - 1").unwrap();
        assert_eq!(why_not(&pinned, Origin::Board(sq("5h")), sq("4h")), Some(Refusal::KingInCheck));
        assert_eq!(why_not(&pinned, Origin::Board(sq("5h")), sq("5g")), None);
    }

    #[test]
    fn drops() {
        // Sente: king 5i, pawn on 5g, pawn and knight in hand; gote king on 1a boxed in by its own lance and knight.
        let pos = sfen::parse_position("7nk/8l/9/9/9/9/4P4/9/4K4 b PN 1").unwrap();
        assert_eq!(why_not(&pos, Origin::Hand(Role::Pawn), sq("5e")), Some(Refusal::TwoPawnsOnFile));
        assert_eq!(why_not(&pos, Origin::Hand(Role::Pawn), sq("4a")), Some(Refusal::NeverMoveAgain));
        assert_eq!(why_not(&pos, Origin::Hand(Role::Knight), sq("4b")), Some(Refusal::NeverMoveAgain));
        assert_eq!(why_not(&pos, Origin::Hand(Role::Pawn), sq("5g")), Some(Refusal::OccupiedDrop));
        assert_eq!(why_not(&pos, Origin::Hand(Role::Pawn), sq("4e")), None);
        assert_eq!(why_not(&pos, Origin::Hand(Role::Gold), sq("4e")), None, "no gold in hand");
        // Gote king 1a hemmed in by its knight on 2a; the gold on 1c guards 1b and 2b.
        let mate = sfen::parse_position("7nk/9/8G/9/9/9/9/9/4K4 b P 1").unwrap();
        assert_eq!(why_not(&mate, Origin::Hand(Role::Pawn), sq("1b")), Some(Refusal::PawnDropMate));
        let answered = sfen::parse_position("7nk/7g1/8G/9/9/9/9/9/4K4 b P 1").unwrap();
        assert_eq!(why_not(&answered, Origin::Hand(Role::Pawn), sq("1b")), None, "the gold on 2b can take the pawn");
        let checked = sfen::parse_position("4r3k/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
        assert_eq!(why_not(&checked, Origin::Hand(Role::Pawn), sq("1e")), Some(Refusal::KingInCheck));
        assert_eq!(why_not(&checked, Origin::Hand(Role::Pawn), sq("5e")), None);
    }

    #[test]
    fn messages_are_plain_words() {
        assert!(Refusal::TwoPawnsOnFile.words(Lang::En).contains("two pawns on one file"));
        assert!(Refusal::PawnDropMate.words(Lang::En).contains("a pawn drop may not give checkmate"));
        assert!(Refusal::KingInCheck.words(Lang::En).contains("your king would be in check"));
        assert!(Refusal::NeverMoveAgain.words(Lang::En).contains("this piece could never move again"));
    }
}
