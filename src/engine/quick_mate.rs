//! A fast look for a mate at once, asked by the search at its leaves and at the nodes its table
//! does not know: the quiescence plays captures only, so a drop or a quiet move that mates at
//! once would lie past its horizon, and the pruning would judge such a node by its static
//! score. The exact
//! `Position::mate_in_one` generates every legal move; this tries only the checks that can
//! mate from beside the king (or a knight's jump away) and skips those the king could simply
//! take. It misses mates by a slider from a distance; what it finds is a mate.

use crate::rules::attacks::{attacks, king_attacks, line_through};
use crate::rules::{may_promote, must_promote, Move, Position, Role};

/// The pieces whose drop beside the king can mate (a pawn's may not).
const DROPPED: [Role; 6] = [Role::Gold, Role::Silver, Role::Knight, Role::Lance, Role::Bishop, Role::Rook];

/// A move by which the side to move, not in check, mates at once (a check beside the king or
/// a knight's).
pub fn mates_at_once(pos: &Position) -> Option<Move> {
    let us = pos.turn();
    let them = !us;
    let king = pos.king_square(them)?;
    let occupied = pos.occupied();
    let ours = pos.by_color(us);
    let beside = king_attacks(king);
    let knight_checks = attacks(them, Role::Knight, king, occupied);
    let mates = |m: Move| !pos.after(m).has_legal_moves();
    for role in DROPPED {
        if pos.hand(us).count(role) == 0 {
            continue;
        }
        // Where a piece of ours would check from: the squares the same piece of theirs would
        // attack from the king's square.
        let near = if role == Role::Knight { knight_checks } else { attacks(them, role, king, occupied) & beside };
        for to in near & !occupied {
            // Beside the king and guarded by nothing else, the king takes it.
            let guarded = role == Role::Knight || pos.is_attacked(to, us, occupied);
            let drop = Move::drop(role, to);
            if guarded && !must_promote(us, role, to) && mates(drop) {
                return Some(drop);
            }
        }
    }
    let pinned = pos.pinned(us);
    let our_king = pos.king_square(us);
    for to in (beside | knight_checks) & !ours {
        let movers = pos.attackers_to(to, us, occupied) & !pos.pieces(us, Role::King);
        for from in movers {
            if pinned.contains(from) && our_king.is_some_and(|k| !line_through(k, from).contains(to)) {
                continue;
            }
            let Some(piece) = pos.piece_at(from) else { continue };
            let after = occupied.without(from).with(to);
            let guarded = !beside.contains(to) || pos.attackers_to(to, us, occupied.without(from)).without(from).any();
            if !guarded {
                continue;
            }
            for promote in [false, true] {
                let role = match (promote, piece.role.promoted()) {
                    (false, _) if must_promote(us, piece.role, to) => continue,
                    (false, _) => piece.role,
                    (true, Some(promoted)) if may_promote(us, piece.role, from, to) => promoted,
                    (true, _) => continue,
                };
                let m = Move::normal(from, to, promote);
                if attacks(us, role, to, after).contains(king) && mates(m) {
                    return Some(m);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen;

    fn position(text: &str) -> Position {
        sfen::parse_position(text).unwrap()
    }

    #[test]
    fn finds_a_gold_drop_on_the_head_of_a_king_and_no_pawn_drop_mate() {
        // Gote's king on 5a, sente's pawn on 5c guards 5b: G*5b mates.
        assert_eq!(
            mates_at_once(&position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")).map(|m| m.to_string()),
            Some("G*5b".into())
        );
        // With only a pawn in hand, P*5b would mate but is not allowed.
        assert_eq!(mates_at_once(&position("4k4/9/4P4/9/9/9/9/9/4K4 b P 1")), None);
    }

    #[test]
    fn an_unguarded_check_beside_the_king_is_not_a_mate() {
        assert_eq!(mates_at_once(&position("4k4/9/9/9/9/9/9/9/4K4 b G 1")), None);
    }

    /// Every position a move leads to from the openings and 40 seeded random plies after each
    /// (about half a million; mates at once are common after a random move).
    #[test]
    fn what_it_finds_is_a_mate_and_it_misses_few() {
        let (mut found, mut exact) = (0u32, 0u32);
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for line in include_str!("../../tests/data/openings.sfen").lines().filter(|l| !l.starts_with('#')) {
            let mut pos = position(line);
            for _ in 0..40 {
                let moves = pos.legal_moves();
                for &m in moves.as_slice() {
                    let child = pos.after(m);
                    if child.is_check() {
                        continue;
                    }
                    let quick = mates_at_once(&child);
                    if let Some(m) = quick {
                        assert!(child.after(m).is_checkmate(), "not a mate: {} {m}", sfen::write_position(&child));
                    }
                    let real = child.mate_in_one().is_some();
                    found += quick.is_some() as u32;
                    exact += real as u32;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let Some(&next) = moves.as_slice().get(seed as usize % moves.len().max(1)) else { break };
                pos = pos.after(next);
                if !pos.has_legal_moves() {
                    break;
                }
            }
        }
        assert!(exact > 100 && found * 100 >= exact * 95, "found {found} of {exact} mates at once");
    }
}
