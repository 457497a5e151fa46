//! Legal move generation: board moves with the promotion rules, drops with the
//! two-pawn, dead-piece and pawn-drop-mate bans, and no move that leaves one's
//! own king attacked. Pins and checks are resolved up front, so every move
//! produced is legal without trying it.

use super::attacks;
use super::bitboard::Bitboard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::setup::can_ever_move;
use super::square::Square;
use super::types::{Color, Piece, Role};

/// Ranks (for `color`) on which a dropped piece of `role` could never move.
#[inline]
fn dead_drop_squares(color: Color, role: Role) -> Bitboard {
    let last = color.fold(0, 8);
    let second = color.fold(1, 7);
    match role {
        Role::Pawn | Role::Lance => Bitboard::rank(last),
        Role::Knight => Bitboard::rank(last) | Bitboard::rank(second),
        _ => Bitboard::EMPTY,
    }
}

/// The squares of `color`'s promotion zone.
#[inline]
pub fn promotion_zone(color: Color) -> Bitboard {
    match color {
        Color::Sente => Bitboard::rank(0) | Bitboard::rank(1) | Bitboard::rank(2),
        Color::Gote => Bitboard::rank(6) | Bitboard::rank(7) | Bitboard::rank(8),
    }
}

/// Whether a board move of `role` from `from` to `to` may promote.
#[inline]
pub fn may_promote(color: Color, role: Role, from: Square, to: Square) -> bool {
    role.can_promote() && (from.in_promotion_zone(color) || to.in_promotion_zone(color))
}

/// Whether a board move of `role` to `to` must promote (it could never move again otherwise).
#[inline]
pub fn must_promote(color: Color, role: Role, to: Square) -> bool {
    !can_ever_move(Piece::new(color, role), to)
}

/// The files holding an unpromoted pawn of `color`, as whole files.
#[inline]
fn pawn_files(pawns: Bitboard) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    for file in 1..=9 {
        let mask = Bitboard::file(file);
        if (pawns & mask).any() {
            files |= mask;
        }
    }
    files
}

/// Adds the moves of one piece to each target, with and without promotion as the rules allow.
#[inline]
fn push_board_moves(list: &mut MoveList, color: Color, role: Role, from: Square, targets: Bitboard) {
    if !role.can_promote() {
        for to in targets {
            list.push(Move::normal(from, to, false));
        }
        return;
    }
    let zone = promotion_zone(color);
    let from_in_zone = zone.contains(from);
    for to in targets {
        if from_in_zone || zone.contains(to) {
            list.push(Move::normal(from, to, true));
            if !must_promote(color, role, to) {
                list.push(Move::normal(from, to, false));
            }
        } else {
            list.push(Move::normal(from, to, false));
        }
    }
}

impl Position {
    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends every legal move to `list`.
    pub fn generate_legal(&self, list: &mut MoveList) {
        let us = self.turn;
        let them = !us;
        let ours = self.by_color(us);
        let occupied = self.occupied();

        let (target, drop_target, pinned, king) = match self.king_square(us) {
            None => (!ours, !occupied, Bitboard::EMPTY, None),
            Some(k) => {
                let without_king = occupied.without(k);
                for to in attacks::king_attacks(k) & !ours {
                    if !self.is_attacked(to, them, without_king) {
                        list.push(Move::normal(k, to, false));
                    }
                }
                if self.checkers.more_than_one() {
                    return;
                }
                match self.checkers.single() {
                    Some(checker) => {
                        let gap = attacks::between(k, checker);
                        (gap.with(checker), gap, self.pinned(us), Some(k))
                    }
                    None => (!ours, !occupied, self.pinned(us), Some(k)),
                }
            }
        };

        for from in ours & !self.by_role(Role::King) {
            let Some(piece) = self.piece_at(from) else { continue };
            let mut targets = attacks::attacks(us, piece.role, from, occupied) & target;
            if let Some(k) = king {
                if pinned.contains(from) {
                    targets &= attacks::line_through(k, from);
                }
            }
            push_board_moves(list, us, piece.role, from, targets);
        }

        self.generate_drops(list, drop_target);
    }

    fn generate_drops(&self, list: &mut MoveList, drop_target: Bitboard) {
        let us = self.turn;
        let hand = self.hand(us);
        if hand.is_empty() || drop_target.is_empty() {
            return;
        }
        for role in Role::HAND {
            if hand.count(role) == 0 {
                continue;
            }
            let mut targets = drop_target & !dead_drop_squares(us, role);
            if role == Role::Pawn {
                targets &= !pawn_files(self.pieces(us, Role::Pawn));
                // Only a pawn dropped right in front of the enemy king can mate.
                if let Some(enemy_king) = self.king_square(!us) {
                    let mating_square = attacks::pawn_attacks(!us, enemy_king) & targets;
                    if let Some(sq) = mating_square.first() {
                        if self.is_pawn_drop_mate(sq) {
                            targets = targets.without(sq);
                        }
                    }
                }
            }
            for to in targets {
                list.push(Move::drop(role, to));
            }
        }
    }

    /// Whether dropping a pawn on `sq` (in front of the enemy king) would checkmate.
    fn is_pawn_drop_mate(&self, sq: Square) -> bool {
        let after = self.after(Move::drop(Role::Pawn, sq));
        !after.has_legal_moves()
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        !list.is_empty()
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// In check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// The number of leaf nodes `depth` plies deep (counting legal moves at the last ply).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter().map(|&m| self.after(m).perft(depth - 1)).sum()
    }

    /// Perft split by root move, as `go perft` prints it.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let list = self.legal_moves();
        list.iter().map(|&m| (m, if depth <= 1 { 1 } else { self.after(m).perft(depth - 1) })).collect()
    }
}
