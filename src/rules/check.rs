//! Checks without playing the move: whether a move gives check (a direct attack from the
//! destination by the piece as it lands, or a slider uncovered behind the vacated square),
//! and whether one mates at once.

use super::attacks;
use super::moves::{Move, MoveKind, MoveList};
use super::position::Position;

impl Position {
    /// A legal move that mates at once, if there is one. A search asks this before it
    /// trusts a static score far below its window: shogi attacks mate with material down.
    pub fn mate_in_one(&self) -> Option<Move> {
        let mut moves = MoveList::new();
        self.generate_legal(&mut moves);
        self.mating_move_among(&moves)
    }

    /// The first of the legal `moves` that mates at once, if one does.
    pub fn mating_move_among(&self, moves: &[Move]) -> Option<Move> {
        moves.iter().copied().find(|&m| self.gives_check(m) && !self.after(m).has_legal_moves())
    }

    /// Whether the legal move `m` gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn();
        let Some(king) = self.king_square(!us) else { return false };
        let (from, to, role) = match m.kind() {
            MoveKind::Drop { role, to } => (None, to, role),
            MoveKind::Normal { from, to, promote } => {
                let Some(piece) = self.piece_at(from) else { return false };
                let role = if promote { piece.role.promoted().unwrap_or(piece.role) } else { piece.role };
                (Some(from), to, role)
            }
        };
        let mut occupied = self.occupied().with(to);
        if let Some(from) = from {
            occupied = occupied.without(from);
        }
        if attacks::attacks(us, role, to, occupied).contains(king) {
            return true;
        }
        // A discovered check needs the vacated square on a line to the king, off the new one.
        match from {
            Some(from)
                if attacks::line_through(king, from).any() && !attacks::line_through(king, from).contains(to) =>
            {
                (self.attackers_to(king, us, occupied) & occupied.without(to)).any()
            }
            _ => false,
        }
    }
}
