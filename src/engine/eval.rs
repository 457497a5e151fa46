//! Static evaluation from the side to move's point of view: material on the board and in
//! hand, piece-square terms, king safety and the entering-king endgame. Constants live in
//! `params.rs`.

use super::params::*;
use crate::rules::attacks;
use crate::rules::{Bitboard, Color, Position, Role, Square};

/// The score of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.turn();
    side_score(pos, us) - side_score(pos, !us) + TEMPO
}

/// Material in hand, with each repeated piece of a kind worth a little less.
pub fn hand_value(pos: &Position, color: Color) -> i32 {
    pos.hand(color)
        .iter()
        .map(|(role, n)| {
            let first = HAND_VALUE[role.index()];
            let more = (n as i32 - 1).max(0) * first * HAND_REPEAT_PERCENT / 100;
            if n > 0 { first + more } else { 0 }
        })
        .sum()
}

/// Everything that counts for `color`: its material, placement and king safety.
fn side_score(pos: &Position, color: Color) -> i32 {
    let mut score = hand_value(pos, color);
    for sq in pos.by_color(color) {
        let Some(piece) = pos.piece_at(sq) else { continue };
        score += BOARD_VALUE[piece.role.index()] + placement(piece.role, sq, color);
    }
    score + king_safety(pos, color) + entering_king(pos, color)
}

/// The piece-square term: advancement by rank seen from `color`.
fn placement(role: Role, sq: Square, color: Color) -> i32 {
    let rank = sq.rank_from_far_side(color) as usize;
    match role {
        Role::Pawn => ADVANCE_PAWN[rank],
        Role::Lance => ADVANCE_LANCE[rank],
        Role::Knight => ADVANCE_KNIGHT[rank],
        Role::Silver => ADVANCE_SILVER[rank],
        Role::Gold => ADVANCE_GOLD[rank],
        Role::Bishop | Role::Rook => ADVANCE_MAJOR[rank],
        Role::Tokin | Role::PromotedLance | Role::PromotedKnight | Role::PromotedSilver => ADVANCE_PROMOTED[rank],
        Role::King => -KING_RANK_PENALTY[rank],
        Role::Horse | Role::Dragon => 0,
    }
}

/// The squares around `king` that attackers aim at: its neighbours plus the row ahead of them.
fn king_zone(king: Square, color: Color) -> Bitboard {
    let near = attacks::king_attacks(king).with(king);
    near.fold(near, |zone, sq| zone | attacks::pawn_attacks(color, sq))
}

/// Danger to `color`'s king: distinct enemy pieces attacking its zone, attacked zone squares,
/// own golds and silvers beside it, and the enemy's hand, which can drop into open squares.
fn king_safety(pos: &Position, color: Color) -> i32 {
    let Some(king) = pos.king_square(color) else { return 0 };
    let enemy = !color;
    let zone = king_zone(king, color);
    let occupied = pos.occupied();
    let mut attackers = 0usize;
    let mut attacked = Bitboard::EMPTY;
    for sq in pos.by_color(enemy) {
        let Some(piece) = pos.piece_at(sq) else { continue };
        if piece.role == Role::King {
            continue;
        }
        let hits = attacks::attacks(enemy, piece.role, sq, occupied) & zone;
        if hits.any() {
            attackers += 1;
            attacked |= hits;
        }
    }
    let enemy_hand = pos.hand(enemy);
    let hand_attackers = Role::HAND.iter().filter(|&&r| r != Role::Pawn && enemy_hand.count(r) > 0).count();
    let open = (zone & !occupied).count() as i32;
    let weight_index = (attackers + hand_attackers).min(KING_ATTACK_WEIGHT.len() - 1);
    let danger = KING_ATTACK_WEIGHT[weight_index]
        + KING_ZONE_ATTACKED_SQUARE * attacked.count() as i32
        + KING_HAND_THREAT * hand_attackers as i32 * open;
    let defenders = attacks::king_attacks(king)
        & (pos.pieces(color, Role::Gold) | pos.pieces(color, Role::Silver));
    KING_DEFENDER * defenders.count() as i32 - danger
}

/// A king in the enemy camp is nearly unmatable: reward getting there and bringing pieces along.
fn entering_king(pos: &Position, color: Color) -> i32 {
    let Some(king) = pos.king_square(color) else { return 0 };
    if !king.in_promotion_zone(color) {
        return 0;
    }
    let camp = crate::rules::promotion_zone(color);
    ENTERED_KING_BONUS + ENTERED_PIECE_BONUS * (pos.by_color(color) & camp).count() as i32
}
