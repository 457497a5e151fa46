//! Legal captures only, for the quiescence search (which would waste most of its time on
//! drops if it filtered the full move list). The side to move must not be in check.

use crate::rules::attacks;
use crate::rules::{may_promote, must_promote, Move, MoveList, Position, Role};

pub fn generate_captures(pos: &Position, list: &mut MoveList) {
    let us = pos.turn();
    let them = !us;
    let occupied = pos.occupied();
    let victims = pos.by_color(them);
    let king = pos.king_square(us);
    let pinned = pos.pinned(us);
    for from in pos.by_color(us) {
        let Some(piece) = pos.piece_at(from) else { continue };
        let mut targets = attacks::attacks(us, piece.role, from, occupied) & victims;
        if piece.role == Role::King {
            let without_king = occupied.without(from);
            targets = targets.filter(|&to| !pos.is_attacked(to, them, without_king)).collect();
        } else if let Some(k) = king.filter(|_| pinned.contains(from)) {
            targets &= attacks::line_through(k, from);
        }
        for to in targets {
            if may_promote(us, piece.role, from, to) {
                list.push(Move::normal(from, to, true));
                if !must_promote(us, piece.role, to) {
                    list.push(Move::normal(from, to, false));
                }
            } else {
                list.push(Move::normal(from, to, false));
            }
        }
    }
}
