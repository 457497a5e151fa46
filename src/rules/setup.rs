//! An unchecked position: what parsers produce and editors build. It becomes a
//! [`Position`](super::position::Position) only through validation.

use std::fmt;

use super::hand::Hand;
use super::square::Square;
use super::types::{Color, Piece, Role};

/// Board, hands, side to move and move number, with no rule checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub board: [Option<Piece>; 81],
    pub hands: [Hand; 2],
    pub turn: Color,
    /// The SFEN move number: 1 for the first move of the game.
    pub move_number: u32,
}

impl Setup {
    pub fn empty() -> Setup {
        Setup { board: [None; 81], hands: [Hand::EMPTY; 2], turn: Color::Sente, move_number: 1 }
    }

    /// The even-game start: for each side, the back rank, the rook and the bishop on the
    /// second rank, and the pawns on the third (gote's are sente's turned round the centre).
    pub fn startpos() -> Setup {
        use Role::*;
        const BACK_RANK: [Role; 9] = [Lance, Knight, Silver, Gold, King, Gold, Silver, Knight, Lance];
        let mut setup = Setup::empty();
        let sente_squares = (1..=9u8)
            .flat_map(|file| [(file, 8, BACK_RANK[file as usize - 1]), (file, 6, Pawn)])
            .chain([(2, 7, Rook), (8, 7, Bishop)]);
        for (file, rank, role) in sente_squares {
            let sq = Square::new(file, rank).expect("files 1-9, ranks a-i");
            setup.set_piece(sq, Some(Piece::new(Color::Sente, role)));
            setup.set_piece(sq.flipped(), Some(Piece::new(Color::Gote, role)));
        }
        setup
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color.index()]
    }

    pub fn hand_mut(&mut self, color: Color) -> &mut Hand {
        &mut self.hands[color.index()]
    }

    /// Checks everything that does not need move generation: piece counts, kings,
    /// two pawns on a file, pieces that could never move. (Whether the side not to
    /// move is in check is decided by [`Position::from_setup`](super::position::Position::from_setup).)
    pub fn validate_material(&self) -> Result<(), SetupError> {
        let mut kings = [0u8; 2];
        let mut totals = [0u8; 7];
        for sq in Square::all() {
            let Some(piece) = self.piece_at(sq) else { continue };
            if piece.role == Role::King {
                kings[piece.color.index()] += 1;
                if kings[piece.color.index()] > 1 {
                    return Err(SetupError::TooManyKings { color: piece.color });
                }
            } else {
                let base = piece.role.unpromoted();
                totals[base.index()] = totals[base.index()].saturating_add(1);
            }
            if !can_ever_move(piece, sq) {
                return Err(SetupError::DeadPiece { piece, square: sq });
            }
        }
        for hand in &self.hands {
            for role in Role::HAND {
                totals[role.index()] = totals[role.index()].saturating_add(hand.count(role));
            }
        }
        for role in Role::HAND {
            let count = totals[role.index()];
            if count > role.set_count() {
                return Err(SetupError::TooManyPieces { role, count, max: role.set_count() });
            }
        }
        for color in Color::ALL {
            for file in (1..=9).rev() {
                let pawns = (0..9)
                    .filter(|&rank| {
                        Square::new(file, rank).and_then(|sq| self.piece_at(sq)) == Some(Piece::new(color, Role::Pawn))
                    })
                    .count();
                if pawns > 1 {
                    return Err(SetupError::TwoPawnsOnFile { color, file });
                }
            }
        }
        Ok(())
    }
}

/// Whether `piece` standing on `sq` has any square it could ever move to:
/// a pawn or lance on its last rank, or a knight on its last two, has none.
#[inline]
pub fn can_ever_move(piece: Piece, sq: Square) -> bool {
    let far = sq.rank_from_far_side(piece.color);
    match piece.role {
        Role::Pawn | Role::Lance => far >= 1,
        Role::Knight => far >= 2,
        _ => true,
    }
}

/// Why a setup is not a legal position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    TooManyKings {
        color: Color,
    },
    TooManyPieces {
        role: Role,
        count: u8,
        max: u8,
    },
    TwoPawnsOnFile {
        color: Color,
        file: u8,
    },
    DeadPiece {
        piece: Piece,
        square: Square,
    },
    /// The side that just moved left its king attacked: the king could be taken.
    OpponentInCheck {
        color: Color,
    },
    /// The side to move is checked in a way no move could produce: more than two
    /// checkers, or two that are not one moved piece plus one uncovered slider.
    ImpossibleCheck {
        color: Color,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooManyKings { color } => write!(f, "{color} has more than one king"),
            SetupError::TooManyPieces { role, count, max } => {
                write!(f, "{count} {role}s on the board and in hand, but a set has only {max}")
            }
            SetupError::TwoPawnsOnFile { color, file } => {
                write!(f, "{color} has two unpromoted pawns on file {file}")
            }
            SetupError::DeadPiece { piece, square } => {
                write!(f, "the {} {} on {square} could never move again", piece.color, piece.role)
            }
            SetupError::OpponentInCheck { color } => {
                write!(f, "{color} is in check but it is not {color}'s turn")
            }
            SetupError::ImpossibleCheck { color } => {
                write!(f, "{color} is in check by pieces that no single move could have made check together")
            }
        }
    }
}

impl std::error::Error for SetupError {}
