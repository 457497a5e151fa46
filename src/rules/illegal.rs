//! Why a move is not legal, in words a person can act on: what the record and
//! notation readers report for an impossible move, and what the board says
//! when a piece cannot go where it was put.

use std::fmt;

use super::{
    attacks, can_ever_move, may_promote, must_promote, Bitboard, Color, Move, MoveKind, Piece, Position, Role, Square,
};

/// The first rule a move breaks, checked in the order a reader would look.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalReason {
    NoPiece {
        square: Square,
    },
    OpponentsPiece {
        square: Square,
        owner: Color,
    },
    /// The record names another piece than the one standing there.
    WrongPiece {
        square: Square,
        found: Role,
        named: Role,
    },
    OwnPieceOnTarget {
        square: Square,
    },
    Unreachable {
        role: Role,
        from: Square,
        to: Square,
    },
    CannotPromote {
        role: Role,
        from: Square,
        to: Square,
    },
    MustPromote {
        role: Role,
        to: Square,
    },
    NotDroppable {
        role: Role,
    },
    NotInHand {
        color: Color,
        role: Role,
    },
    Occupied {
        square: Square,
    },
    DeadDrop {
        role: Role,
        to: Square,
    },
    TwoPawns {
        color: Color,
        file: u8,
    },
    PawnDropMate,
    KingLeftInCheck {
        color: Color,
    },
    /// None of the above, yet not among the legal moves.
    NotLegal,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::NoPiece { square } => write!(f, "there is no piece on {square}"),
            IllegalReason::OpponentsPiece { square, owner } => write!(f, "the piece on {square} belongs to {owner}"),
            IllegalReason::WrongPiece { square, found, named } => {
                write!(f, "the piece on {square} is a {found}, not a {named}")
            }
            IllegalReason::OwnPieceOnTarget { square } => write!(f, "{square} holds a piece of the side moving"),
            IllegalReason::Unreachable { role, from, to } => write!(f, "a {role} on {from} cannot reach {to}"),
            IllegalReason::CannotPromote { role, from, to } => {
                write!(f, "a {role} moving from {from} to {to} cannot promote")
            }
            IllegalReason::MustPromote { role, to } => write!(f, "a {role} reaching {to} must promote"),
            IllegalReason::NotDroppable { role } => write!(f, "a {role} cannot be dropped"),
            IllegalReason::NotInHand { color, role } => write!(f, "{color} has no {role} in hand"),
            IllegalReason::Occupied { square } => write!(f, "{square} is not empty"),
            IllegalReason::DeadDrop { role, to } => write!(f, "a {role} dropped on {to} could never move"),
            IllegalReason::TwoPawns { color, file } => {
                write!(f, "{color} already has an unpromoted pawn on file {file}")
            }
            IllegalReason::PawnDropMate => write!(f, "a pawn drop may not give checkmate"),
            IllegalReason::KingLeftInCheck { color } => write!(f, "it leaves {color}'s king in check"),
            IllegalReason::NotLegal => write!(f, "it is not among the legal moves"),
        }
    }
}

/// Why `m` is illegal in `pos`, or `None` when it is legal.
pub fn explain(pos: &Position, m: Move) -> Option<IllegalReason> {
    if pos.is_legal(m) {
        return None;
    }
    let us = pos.turn();
    Some(match m.kind() {
        MoveKind::Normal { from, to, promote } => {
            let Some(piece) = pos.piece_at(from) else {
                return Some(IllegalReason::NoPiece { square: from });
            };
            let role = piece.role;
            if piece.color != us {
                IllegalReason::OpponentsPiece { square: from, owner: piece.color }
            } else if pos.by_color(us).contains(to) {
                IllegalReason::OwnPieceOnTarget { square: to }
            } else if !attacks::attacks(us, role, from, pos.occupied()).contains(to) {
                IllegalReason::Unreachable { role, from, to }
            } else if promote && !may_promote(us, role, from, to) {
                IllegalReason::CannotPromote { role, from, to }
            } else if !promote && must_promote(us, role, to) {
                IllegalReason::MustPromote { role, to }
            } else {
                king_safety(pos, m)
            }
        }
        MoveKind::Drop { role, to } => {
            if !role.is_hand_role() {
                IllegalReason::NotDroppable { role }
            } else if pos.hand(us).count(role) == 0 {
                IllegalReason::NotInHand { color: us, role }
            } else if pos.piece_at(to).is_some() {
                IllegalReason::Occupied { square: to }
            } else if !can_ever_move(Piece::new(us, role), to) {
                IllegalReason::DeadDrop { role, to }
            } else if role == Role::Pawn && (pos.pieces(us, Role::Pawn) & Bitboard::file(to.file())).any() {
                IllegalReason::TwoPawns { color: us, file: to.file() }
            } else {
                match king_safety(pos, m) {
                    IllegalReason::NotLegal if role == Role::Pawn && pos.after(m).is_checkmate() => {
                        IllegalReason::PawnDropMate
                    }
                    reason => reason,
                }
            }
        }
    })
}

/// For a move that is otherwise possible: whether it leaves the mover's king attacked.
fn king_safety(pos: &Position, m: Move) -> IllegalReason {
    let us = pos.turn();
    let after = pos.after(m);
    match after.king_square(us) {
        Some(king) if after.is_attacked(king, !us, after.occupied()) => IllegalReason::KingLeftInCheck { color: us },
        _ => IllegalReason::NotLegal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};

    fn reason(sfen_text: &str, usi_move: &str) -> Option<IllegalReason> {
        let pos = sfen::parse_position(sfen_text).unwrap();
        explain(&pos, usi::parse(usi_move).unwrap())
    }

    fn sq(name: &str) -> Square {
        Square::from_usi(name).unwrap()
    }

    #[test]
    fn each_broken_rule_is_named() {
        use IllegalReason::*;
        let start = sfen::STARTPOS;
        assert_eq!(reason(start, "7g7f"), None);
        assert_eq!(reason(start, "7f7e"), Some(NoPiece { square: sq("7f") }));
        assert_eq!(reason(start, "3c3d"), Some(OpponentsPiece { square: sq("3c"), owner: Color::Gote }));
        assert_eq!(reason(start, "8h7g"), Some(OwnPieceOnTarget { square: sq("7g") }));
        assert_eq!(reason(start, "7g7e"), Some(Unreachable { role: Role::Pawn, from: sq("7g"), to: sq("7e") }));
        assert_eq!(reason(start, "7g7f+"), Some(CannotPromote { role: Role::Pawn, from: sq("7g"), to: sq("7f") }));
        assert_eq!(reason(start, "P*5e"), Some(NotInHand { color: Color::Sente, role: Role::Pawn }));
        // A pawn on 1b must promote when it steps to 1a.
        let edge = "4k4/8P/9/9/9/9/9/9/4K4 b - 1";
        assert_eq!(reason(edge, "1b1a"), Some(MustPromote { role: Role::Pawn, to: sq("1a") }));
        let hand = "4k4/9/9/9/9/9/4P4/9/4K4 b PL 1";
        assert_eq!(reason(hand, "P*5e"), Some(TwoPawns { color: Color::Sente, file: 5 }));
        assert_eq!(reason(hand, "L*3a"), Some(DeadDrop { role: Role::Lance, to: sq("3a") }));
        assert_eq!(reason(hand, "P*5g"), Some(Occupied { square: sq("5g") }));
        // The rook on 5e pins nothing, but the king may not step into its file.
        let check = "4k4/9/9/9/4r4/9/9/9/3K5 b - 1";
        assert_eq!(reason(check, "6i5i"), Some(KingLeftInCheck { color: Color::Sente }));
        // Pawn drop mate: the king on 1a is boxed in by its own pieces and the gold on 2c.
        let mate = "kn7/1s7/1G7/9/9/9/9/9/4K4 b P 1";
        assert_eq!(reason(mate, "P*9b"), Some(PawnDropMate));
    }
}
