//! The game of shogi, with no I/O: pieces, squares, positions, legal moves.

pub mod attacks;
mod bitboard;
mod check;
pub mod game;
mod hand;
pub mod handicap;
pub mod illegal;
pub mod impasse;
mod movegen;
mod moves;
mod position;
mod setup;
mod square;
mod types;
mod zobrist;

pub use bitboard::Bitboard;
pub use game::{Game, GameOver, Outcome, PlayError, Ply, Reason};
pub use hand::Hand;
pub use handicap::Handicap;
pub use impasse::{impasse_points, impasse_result, ImpasseError, ImpassePoints, ImpasseRule};
pub use movegen::{may_promote, must_promote, promotion_zone};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use position::{IllegalMove, Position};
pub use setup::{can_ever_move, Setup, SetupError};
pub use square::Square;
pub use types::{Color, Piece, Role};
