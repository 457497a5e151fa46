//! Static evaluation from the side to move's point of view: a weighted sum of features
//! (each piece by role and square, by its place relative to each king, the pieces in hand,
//! king danger, the entering king). The weights in `weights.rs` are fitted to data by the
//! `tune` binary; [`features`] is the one description of the features that both use.

use std::ops::Range;
use std::sync::OnceLock;

use super::params::*;
use super::weights::WEIGHTS;
use crate::rules::attacks;
use crate::rules::{Bitboard, Color, Position, Role, Square};

/// The score of `pos` for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.turn();
    let mut score = weight(TEMPO);
    features(pos, us, &mut |feature, count| score += weight(feature) * count);
    features(pos, !us, &mut |feature, count| score -= weight(feature) * count);
    score
}

/// The weights' low bytes, then their high bytes: the engine's worker is part of the page's first
/// load, and gzip packs the two planes tighter than the `i16`s side by side (621 bytes of the
/// worker's wasm, gzip -9, on 2 December 2026).
static WEIGHT_BYTES: [[u8; FEATURE_COUNT]; 2] = [byte_plane(0), byte_plane(8)];

const fn byte_plane(shift: u32) -> [u8; FEATURE_COUNT] {
    let mut plane = [0; FEATURE_COUNT];
    let mut i = 0;
    while i < FEATURE_COUNT {
        plane[i] = (WEIGHTS[i] >> shift) as u8;
        i += 1;
    }
    plane
}

/// The weight of `feature`, in centipawns (`weights.rs`).
#[inline]
fn weight(feature: usize) -> i32 {
    let [low, high] = &WEIGHT_BYTES;
    i32::from(i16::from_le_bytes([low[feature], high[feature]]))
}

/// Kinds of pieces that share their king-relative weights: the four promoted small pieces
/// move alike. By `Role::index()`; the king has none.
const KING_RELATIVE_GROUP: [usize; 14] = [0, 1, 2, 3, 4, 5, 6, usize::MAX, 7, 7, 7, 7, 8, 9];
const KING_RELATIVE_GROUPS: usize = 10;
/// A piece's place relative to a king: file distance 0..=8 by rank offset -8..=8 (seen
/// from the piece's owner, negative = nearer the opponent).
const KING_RELATIVE_PLACES: usize = 9 * 17;
/// How many pieces of each hand kind (pawn..rook) can be held.
const HAND_MAX: [usize; 7] = [18, 4, 4, 4, 4, 2, 2];

/// How many one-hot slots `counts` take: `counts[i] + extra` for each kind.
const fn slots(counts: &[usize], extra: usize) -> usize {
    let (mut total, mut i) = (0, 0);
    while i < counts.len() {
        total += counts[i] + extra;
        i += 1;
    }
    total
}

const PIECE_SQUARE: usize = 0;
const NEAR_OWN_KING: usize = PIECE_SQUARE + 14 * 81;
const NEAR_ENEMY_KING: usize = NEAR_OWN_KING + KING_RELATIVE_GROUPS * KING_RELATIVE_PLACES;
const HAND: usize = NEAR_ENEMY_KING + KING_RELATIVE_GROUPS * KING_RELATIVE_PLACES;
const KING_DANGER: usize = HAND + slots(&HAND_MAX, 0);
const ENTERED_KING: usize = KING_DANGER + 1;
const ENTERED_PIECE: usize = ENTERED_KING + 1;
const ZONE_ATTACKERS: usize = ENTERED_PIECE + 1;
const HAND_PRESSURE: usize = ZONE_ATTACKERS + 14;
const KING_DEFENDERS: usize = HAND_PRESSURE + 7;
/// The sliders whose reach is weighed, and the most squares each can reach.
const SLIDERS: [Role; 5] = [Role::Lance, Role::Bishop, Role::Rook, Role::Horse, Role::Dragon];
const MOST_REACH: [usize; 5] = [8, 16, 16, 20, 20];
const MOBILITY: usize = KING_DEFENDERS + 1;
/// Having the move; counted for the side to move only.
pub const TEMPO: usize = MOBILITY + slots(&MOST_REACH, 1);
pub const FEATURE_COUNT: usize = TEMPO + 1;
const _: () = assert!(WEIGHTS.len() == FEATURE_COUNT, "weights.rs was fitted to other features: rerun `tune fit`");

/// The features in order, named, for the tuner's output and its report.
pub const SECTIONS: [(&str, Range<usize>); 12] = [
    ("piece on square (by role, squares seen from the owner)", PIECE_SQUARE..NEAR_OWN_KING),
    ("piece relative to its own king (by role group, file distance, rank offset)", NEAR_OWN_KING..NEAR_ENEMY_KING),
    ("piece relative to the enemy king", NEAR_ENEMY_KING..HAND),
    ("n pieces of a kind in hand (pawn 1-18, lance, knight, silver, gold 1-4, bishop, rook 1-2)", HAND..KING_DANGER),
    ("king danger, per squared attack unit", KING_DANGER..ENTERED_KING),
    ("entering king: king in the enemy camp", ENTERED_KING..ENTERED_PIECE),
    ("entering king: each own piece in the enemy camp", ENTERED_PIECE..ZONE_ATTACKERS),
    ("enemy pieces reaching the king zone, by role", ZONE_ATTACKERS..HAND_PRESSURE),
    ("enemy hand kinds, each by the zone's empty squares (2 + up to 6)", HAND_PRESSURE..KING_DEFENDERS),
    ("golds and silvers beside the king", KING_DEFENDERS..MOBILITY),
    ("slider reach: lance 0-8, bishop 0-16, rook 0-16, horse 0-20, dragon 0-20 squares", MOBILITY..TEMPO),
    ("tempo", TEMPO..FEATURE_COUNT),
];

/// The prior's bonus for having the move (cp), hand-set: `tune fit` keeps it, as the search
/// scores it learns from lean to the side to move by their own tempo.
const PRIOR_TEMPO: i32 = 20;

/// Where the tuner starts and what it pulls towards: material only, from the hand-set
/// exchange values of `params.rs` (a piece its board value on every square, n pieces in
/// hand n times the hand value), a small bonus for having the move, every other weight zero.
pub fn material_prior() -> Vec<i32> {
    let mut weights = vec![0; FEATURE_COUNT];
    for role in Role::ALL {
        let start = PIECE_SQUARE + role.index() * 81;
        weights[start..start + 81].fill(BOARD_VALUE[role.index()]);
    }
    let mut slot = HAND;
    for (value, most) in HAND_VALUE.into_iter().zip(HAND_MAX) {
        for held in 1..=most {
            weights[slot + held - 1] = value * held as i32;
        }
        slot += most;
    }
    weights[TEMPO] = PRIOR_TEMPO;
    weights
}

/// Calls `visit(feature, count)` for every feature `color` has in `pos` (tempo aside).
pub fn features(pos: &Position, color: Color, visit: &mut impl FnMut(usize, i32)) {
    let seen = |sq: Square| if color == Color::Sente { sq.index() } else { sq.flipped().index() };
    let places = |king: Option<Square>| king.map(|k| &king_relative_places()[seen(k)]);
    let (own_king, enemy_king) = (places(pos.king_square(color)), places(pos.king_square(!color)));
    if let Some(king) = pos.king_square(color) {
        visit(PIECE_SQUARE + Role::King.index() * 81 + seen(king), 1);
    }
    for role in Role::ALL.into_iter().filter(|&r| r != Role::King) {
        let group = KING_RELATIVE_GROUP[role.index()] * KING_RELATIVE_PLACES;
        for sq in pos.pieces(color, role) {
            let sq = seen(sq);
            visit(PIECE_SQUARE + role.index() * 81 + sq, 1);
            if let Some(places) = own_king {
                visit(NEAR_OWN_KING + group + places[sq] as usize, 1);
            }
            if let Some(places) = enemy_king {
                visit(NEAR_ENEMY_KING + group + places[sq] as usize, 1);
            }
        }
    }
    let (hand, mut slot) = (pos.hand(color), HAND);
    for (role, most) in Role::ALL.into_iter().zip(HAND_MAX) {
        let held = hand.count(role) as usize;
        if held > 0 {
            visit(slot + held - 1, 1);
        }
        slot += most;
    }
    if let Some(danger) = king_danger(pos, color) {
        let units = danger.units();
        visit(KING_DANGER, (units * units).min(KING_DANGER_MAX_UNITS_SQUARED));
        for (role, &count) in danger.attackers.iter().enumerate() {
            visit(ZONE_ATTACKERS + role, count);
        }
        for (role, &held) in danger.hand_kinds.iter().enumerate() {
            visit(HAND_PRESSURE + role, held * danger.hand_pressure);
        }
        visit(KING_DEFENDERS, danger.defenders);
    }
    let (occupied, mut slot) = (pos.occupied(), MOBILITY);
    for (role, most) in SLIDERS.into_iter().zip(MOST_REACH) {
        for sq in pos.pieces(color, role) {
            visit(slot + attacks::attacks(color, role, sq, occupied).count() as usize, 1);
        }
        slot += most + 1;
    }
    if pos.king_square(color).is_some_and(|k| k.in_promotion_zone(color)) {
        visit(ENTERED_KING, 1);
        let camp = crate::rules::promotion_zone(color);
        visit(ENTERED_PIECE, (pos.by_color(color) & camp).count() as i32);
    }
}

/// For a king's square and a piece's square (both seen from the piece's owner), the index of
/// the piece's place relative to the king: file distance by rank offset.
fn king_relative_places() -> &'static [[u8; 81]; 81] {
    static TABLE: OnceLock<[[u8; 81]; 81]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[0; 81]; 81];
        for king in Square::all() {
            for piece in Square::all() {
                let files = piece.file().abs_diff(king.file());
                let ranks = piece.rank() + 8 - king.rank();
                table[king.index()][piece.index()] = files * 17 + ranks;
            }
        }
        table
    })
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

/// What threatens `color`'s king: the enemy pieces reaching its zone (by role), the enemy's
/// hand kinds, how open the zone is to drops, and own golds and silvers beside the king.
struct KingDanger {
    attackers: [i32; 14],
    hand_kinds: [i32; 7],
    /// 2 + the zone's empty squares (at most 6): how much a hand piece can do there.
    hand_pressure: i32,
    defenders: i32,
}

impl KingDanger {
    /// The danger in attack units (see `ATTACK_UNITS`), never below zero.
    fn units(&self) -> i32 {
        let on_board: i32 = self.attackers.iter().zip(ATTACK_UNITS).map(|(n, u)| n * u).sum();
        let in_hand: i32 = self.hand_kinds.iter().zip(HAND_ATTACK_UNITS).map(|(n, u)| n * u).sum();
        (on_board + in_hand * self.hand_pressure / 8 - KING_DEFENDER_UNITS * self.defenders).max(0)
    }
}

/// `None` without a king.
fn king_danger(pos: &Position, color: Color) -> Option<KingDanger> {
    let king = pos.king_square(color)?;
    let enemy = !color;
    let table = zone_reach();
    let index = color.index() * 81 + king.index();
    let (zone, reach) = (table.zones[index], &table.reach[index]);
    let theirs = pos.by_color(enemy);
    let mut attackers = [0; 14];
    for (i, role) in STEPPERS.iter().enumerate() {
        if *role == Role::Gold {
            for sq in pos.gold_movers() & theirs & reach[i] {
                attackers[pos.piece_at(sq).map_or(0, |p| p.role.index())] += 1;
            }
        } else {
            attackers[role.index()] = (pos.by_role(*role) & theirs & reach[i]).count() as i32;
        }
    }
    let occupied = pos.occupied();
    let sliders = theirs & (pos.by_role(Role::Lance) | pos.rook_movers() | pos.bishop_movers());
    for sq in sliders {
        let Some(piece) = pos.piece_at(sq) else { continue };
        if (attacks::attacks(enemy, piece.role, sq, occupied) & zone).any() {
            attackers[piece.role.index()] += 1;
        }
    }
    let hand = pos.hand(enemy);
    let hand_kinds = std::array::from_fn(|i| i32::from(hand.count(Role::ALL[i]) > 0));
    let defenders = attacks::king_attacks(king) & (pos.pieces(color, Role::Gold) | pos.pieces(color, Role::Silver));
    Some(KingDanger {
        attackers,
        hand_kinds,
        hand_pressure: 2 + ((zone & !occupied).count() as i32).min(6),
        defenders: defenders.count() as i32,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_byte_planes_give_back_every_weight() {
        for (feature, &w) in WEIGHTS.iter().enumerate() {
            assert_eq!(weight(feature), i32::from(w), "feature {feature}");
        }
        assert!(WEIGHTS.iter().any(|&w| w < 0) && WEIGHTS.iter().any(|&w| w > 255), "both bytes matter");
    }
}
