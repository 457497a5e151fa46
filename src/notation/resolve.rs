//! From what a written move says (a piece, a destination, perhaps an origin and a
//! promotion mark) to the one legal move it means, or the reason there is none.
//! The western and Japanese notations read different text into the same [`Request`].

use std::fmt;

use crate::rules::illegal::{self, IllegalReason};
use crate::rules::{attacks, must_promote, Bitboard, Move, Piece, Position, Role, Square};

/// What a promotion mark asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Promotion {
    /// No mark: no promotion, unless the piece must promote to move there at all.
    Unmarked,
    /// `+` / `成`.
    Promote,
    /// `=` / `不成`.
    Decline,
    /// A western trailing `+`: a check mark when the move cannot promote but gives check.
    PromoteOrCheck,
}

/// Whether the text means a drop.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DropMark {
    /// Marked as a drop (`*`, `'`, `打`).
    Drop,
    /// Marked as a board move (an origin, `-`, `x`, a 右/上-like qualifier).
    Board,
    /// Unmarked: a drop exactly when no piece of the kind on the board can legally go there.
    Either,
}

/// A move as a notation describes it, before the position is consulted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Request {
    /// The role as written: a tokin is not a pawn.
    pub role: Role,
    pub to: Square,
    /// The origin, when written.
    pub from: Option<Square>,
    pub promotion: Promotion,
    pub drop: DropMark,
}

/// Why a [`Request`] names no legal move, or more than one.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The written origin does not hold a piece of the written kind.
    NoPieceOn { role: Role, from: Square },
    /// No piece of the kind (or not the one on the written origin) moves that way.
    CannotReach { role: Role, from: Option<Square>, to: Square },
    /// Several pieces of the kind can legally go there and the text does not say which.
    Ambiguous { role: Role, to: Square, origins: Vec<Square> },
    /// Pieces of the kind can go there, but none that the text's qualifiers describe.
    NoneMatches { role: Role, to: Square, origins: Vec<Square> },
    /// Promotion was asked for a move that may not promote.
    CannotPromote { role: Role, from: Option<Square>, to: Square },
    /// Promotion was declined where the piece could never move again.
    MustPromote { role: Role, to: Square },
    /// A piece can reach the square, but the move breaks a rule.
    Illegal { mv: Move, reason: IllegalReason },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoPieceOn { role, from } => write!(f, "no {role} on {from}"),
            MoveError::CannotReach { role, from: None, to } => write!(f, "no {role} can reach {to}"),
            MoveError::CannotReach { role, from: Some(from), to } => {
                write!(f, "the {role} on {from} cannot reach {to}")
            }
            MoveError::Ambiguous { role, to, origins } => {
                write!(f, "ambiguous: {role} {} can reach {to}", or_list(origins))
            }
            MoveError::NoneMatches { role, to, origins } => {
                write!(f, "the {role} {} can reach {to}, but the text describes another", or_list(origins))
            }
            MoveError::CannotPromote { role, from: Some(from), to } => {
                write!(f, "a {role} moving from {from} to {to} cannot promote")
            }
            MoveError::CannotPromote { role, from: None, .. } => write!(f, "a dropped {role} cannot promote"),
            MoveError::MustPromote { role, to } => write!(f, "a {role} moving to {to} must promote"),
            MoveError::Illegal { mv, reason } => write!(f, "not legal: {mv}: {reason}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// `6i`, `6i or 4i`, `6i, 5i or 4i`.
pub fn or_list<T: fmt::Display>(items: &[T]) -> String {
    let names: Vec<String> = items.iter().map(T::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// The squares from which a piece of exactly `role` of the side to move can legally go
/// to `to`. Two or more are what makes a notation say which piece moved.
pub fn legal_origins(pos: &Position, role: Role, to: Square) -> Bitboard {
    pos.legal_moves()
        .iter()
        .filter(|m| m.to() == to)
        .filter_map(|m| m.from())
        .filter(|&from| pos.piece_at(from).is_some_and(|p| p.role == role))
        .collect()
}

/// The one legal move `request` means; `keep` narrows the origins further (a
/// notation's own qualifiers, such as 右 or 上).
pub fn resolve(pos: &Position, request: &Request, keep: impl Fn(Square) -> bool) -> Result<Move, MoveError> {
    if request.drop == DropMark::Drop {
        return resolve_drop(pos, request);
    }
    let written = match request.from {
        Some(from) => legal_origins(pos, request.role, request.to) & Bitboard::from_square(from),
        None => legal_origins(pos, request.role, request.to),
    };
    let kept: Bitboard = written.filter(|&sq| keep(sq)).collect();
    if let Some(from) = kept.single() {
        return resolve_promotion(pos, request, from);
    }
    if kept.any() {
        return Err(MoveError::Ambiguous { role: request.role, to: request.to, origins: left_to_right(kept) });
    }
    if written.any() {
        return Err(MoveError::NoneMatches { role: request.role, to: request.to, origins: left_to_right(written) });
    }
    let holds = request.role.is_hand_role() && pos.hand(pos.turn()).count(request.role) > 0;
    if request.drop == DropMark::Either && request.from.is_none() && holds {
        return resolve_drop(pos, request);
    }
    Err(explain_unreachable(pos, request))
}

/// Squares as sente reads the board: file 9 to 1, each file from rank a down.
fn left_to_right(squares: Bitboard) -> Vec<Square> {
    let mut list: Vec<Square> = squares.collect();
    list.sort_by_key(|sq| (std::cmp::Reverse(sq.file()), sq.rank()));
    list
}

fn resolve_drop(pos: &Position, request: &Request) -> Result<Move, MoveError> {
    let cannot_promote = MoveError::CannotPromote { role: request.role, from: None, to: request.to };
    if request.promotion == Promotion::Promote {
        return Err(cannot_promote);
    }
    let m = Move::drop(request.role, request.to);
    if !pos.is_legal(m) {
        return Err(MoveError::Illegal { mv: m, reason: illegal_reason(pos, m) });
    }
    if request.promotion == Promotion::PromoteOrCheck && !pos.gives_check(m) {
        return Err(cannot_promote);
    }
    Ok(m)
}

/// Picks between the promoting and the plain move from `from`, one of which is legal.
/// A `+` that can be neither a promotion nor a check mark is refused: it says the
/// piece promotes, which it cannot.
fn resolve_promotion(pos: &Position, request: &Request, from: Square) -> Result<Move, MoveError> {
    let promoting = Move::normal(from, request.to, true);
    let plain = Move::normal(from, request.to, false);
    let (may, may_decline) = (pos.is_legal(promoting), pos.is_legal(plain));
    match request.promotion {
        Promotion::Promote | Promotion::PromoteOrCheck if may => Ok(promoting),
        Promotion::PromoteOrCheck if pos.gives_check(plain) => Ok(plain),
        Promotion::Promote | Promotion::PromoteOrCheck => {
            Err(MoveError::CannotPromote { role: request.role, from: Some(from), to: request.to })
        }
        _ if may_decline => Ok(plain),
        Promotion::Decline => Err(MoveError::MustPromote { role: request.role, to: request.to }),
        _ => Ok(promoting),
    }
}

/// Why no piece of the requested kind can legally make the move.
fn explain_unreachable(pos: &Position, request: &Request) -> MoveError {
    let us = pos.turn();
    let (role, to) = (request.role, request.to);
    if let Some(from) = request.from {
        if pos.piece_at(from) != Some(Piece::new(us, role)) {
            return MoveError::NoPieceOn { role, from };
        }
    }
    let occupied = pos.occupied();
    let reaching = pos
        .pieces(us, role)
        .filter(|&sq| request.from.is_none_or(|from| from == sq))
        .find(|&sq| attacks::attacks(us, role, sq, occupied).contains(to));
    match reaching {
        None => MoveError::CannotReach { role, from: request.from, to },
        Some(from) => {
            let m = Move::normal(from, to, must_promote(us, role, to));
            MoveError::Illegal { mv: m, reason: illegal_reason(pos, m) }
        }
    }
}

/// Why `m`, known not to be legal, is refused.
fn illegal_reason(pos: &Position, m: Move) -> IllegalReason {
    illegal::explain(pos, m).unwrap_or(IllegalReason::NotLegal)
}
