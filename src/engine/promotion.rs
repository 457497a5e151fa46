//! Which board moves the search leaves out: a pawn, bishop or rook that could promote and
//! does not. Promoted, each keeps every move it had and gains more (a tokin moves as a
//! gold; a horse and a dragon add the king's steps), so staying unpromoted only ever pays
//! in a mate that needs a square left free, such as one that a promoted piece would turn
//! into a forbidden pawn-drop mate. The search never plays such a move; the mate solver
//! still tries it, and the engine plays one only when it gives a mate that promoting does
//! not (see `Engine::quick_mate`).

use crate::rules::{may_promote, Move, MoveList, Position, Role};

/// Whether `m` leaves a pawn, bishop or rook unpromoted where it could promote.
pub(super) fn is_needless_non_promotion(pos: &Position, m: Move) -> bool {
    let Some(from) = m.from().filter(|_| !m.is_promotion()) else { return false };
    let Some(piece) = pos.piece_at(from) else { return false };
    matches!(piece.role, Role::Pawn | Role::Bishop | Role::Rook) && may_promote(piece.color, piece.role, from, m.to())
}

/// Removes the needless non-promotions from `moves` (their promoting twins stay).
pub(super) fn retain_worthwhile(pos: &Position, moves: &mut MoveList) {
    moves.retain(|m| !is_needless_non_promotion(pos, m));
}
