//! Static evaluation from the side to move's point of view: material on the board and in
//! hand, piece-square terms, king safety and the entering-king endgame. Constants live in
//! `params.rs`.

use std::sync::OnceLock;

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
            if n > 0 {
                first + more
            } else {
                0
            }
        })
        .sum()
}

/// Everything that counts for `color`: its material, placement and king safety.
fn side_score(pos: &Position, color: Color) -> i32 {
    let table = &piece_square_table()[color.index()];
    let proximity = proximity_table();
    let distances = |king: Option<Square>| &proximity.distance[king.map_or(NO_KING, |k| k.index())];
    let (own, enemy) = (distances(pos.king_square(color)), distances(pos.king_square(!color)));
    let mut score = hand_value(pos, color);
    for role in Role::ALL {
        let (values, guard, attack) =
            (&table[role.index()], &proximity.guard[role.index()], &proximity.attack[role.index()]);
        for sq in pos.pieces(color, role) {
            let i = sq.index();
            score += values[i] + guard[own[i] as usize] + attack[enemy[i] as usize];
        }
    }
    score + king_safety(pos, color) + entering_king(pos, color)
}

/// The row of the distance table for a side without a king: distance 0, which scores nothing.
const NO_KING: usize = 81;

/// Guard and attack bonuses by role and king distance, the weights applied, and the king
/// distance between any two squares (row `NO_KING`: all 0).
struct Proximity {
    guard: [[i32; 9]; 14],
    attack: [[i32; 9]; 14],
    distance: [[u8; 81]; 82],
}

fn proximity_table() -> &'static Proximity {
    static TABLE: OnceLock<Proximity> = OnceLock::new();
    TABLE.get_or_init(|| {
        let weighted = |by_distance: &[i32; 9], weight: i32| by_distance.map(|v| v * weight / 100);
        let mut distance = [[0u8; 81]; 82];
        for a in Square::all() {
            for b in Square::all() {
                distance[a.index()][b.index()] = a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()));
            }
        }
        Proximity {
            guard: GUARD_WEIGHT.map(|w| weighted(&GUARD_BY_DISTANCE, w)),
            attack: ATTACK_WEIGHT.map(|w| weighted(&ATTACK_BY_DISTANCE, w)),
            distance,
        }
    })
}

/// Board value plus placement of every piece on every square, by colour and role.
fn piece_square_table() -> &'static [[[i32; 81]; 14]; 2] {
    static TABLE: OnceLock<[[[i32; 81]; 14]; 2]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[[0; 81]; 14]; 2];
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in Square::all() {
                    table[color.index()][role.index()][sq.index()] =
                        BOARD_VALUE[role.index()] + placement(role, sq, color);
                }
            }
        }
        table
    })
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

/// The stepping kinds, by how they move: pawn, knight, silver, and gold (with the
/// promoted small pieces).
const STEPPERS: [Role; 4] = [Role::Pawn, Role::Knight, Role::Silver, Role::Gold];

/// For each defending colour, king square and stepping kind: the squares from which an
/// enemy piece of that kind attacks the king zone. A piece attacks a square exactly when a
/// piece of the other colour on that square would attack it back, so the table is the
/// defender's own steps taken from every zone square.
struct ZoneReach {
    zones: Vec<Bitboard>,
    reach: Vec<[Bitboard; 4]>,
}

fn zone_reach() -> &'static ZoneReach {
    static TABLE: OnceLock<ZoneReach> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = ZoneReach { zones: Vec::with_capacity(162), reach: Vec::with_capacity(162) };
        for color in Color::ALL {
            for king in Square::all() {
                let zone = king_zone(king, color);
                let reach = STEPPERS.map(|role| {
                    zone.fold(Bitboard::EMPTY, |r, z| r | attacks::attacks(color, role, z, Bitboard::EMPTY))
                });
                table.zones.push(zone);
                table.reach.push(reach);
            }
        }
        table
    })
}

/// Danger to `color`'s king, from the enemy pieces reaching its zone, the enemy's hand,
/// and own golds and silvers beside it.
fn king_safety(pos: &Position, color: Color) -> i32 {
    let Some(king) = pos.king_square(color) else { return 0 };
    let enemy = !color;
    let table = zone_reach();
    let index = color.index() * 81 + king.index();
    let (zone, reach) = (table.zones[index], &table.reach[index]);
    let theirs = pos.by_color(enemy);
    let gold_like = pos.gold_movers();
    let mut units = 0;
    for (i, role) in STEPPERS.iter().enumerate() {
        let movers = if *role == Role::Gold { gold_like } else { pos.by_role(*role) };
        units += ATTACK_UNITS[role.index()] * (movers & theirs & reach[i]).count() as i32;
    }
    let occupied = pos.occupied();
    let sliders = theirs & (pos.by_role(Role::Lance) | pos.rook_movers() | pos.bishop_movers());
    for sq in sliders {
        let Some(piece) = pos.piece_at(sq) else { continue };
        if (attacks::attacks(enemy, piece.role, sq, occupied) & zone).any() {
            units += ATTACK_UNITS[piece.role.index()];
        }
    }
    let open = (zone & !occupied).count() as i32;
    let hand_units: i32 =
        pos.hand(enemy).iter().filter(|&(_, n)| n > 0).map(|(role, _)| HAND_ATTACK_UNITS[role.index()]).sum();
    units += hand_units * (2 + open.min(6)) / 8;
    let defenders = attacks::king_attacks(king) & (pos.pieces(color, Role::Gold) | pos.pieces(color, Role::Silver));
    units -= KING_DEFENDER_UNITS * defenders.count() as i32;
    let units = units.max(0);
    -(units * units * KING_DANGER_SCALE).min(KING_DANGER_MAX)
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
