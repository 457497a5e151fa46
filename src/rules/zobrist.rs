//! Zobrist keys: the `n`-th key of a fixed splitmix64 sequence, so hashes are the same in
//! every build and on every platform. Each key is computed when needed (a few multiplies)
//! rather than read from a table: a table of random numbers is about 20 KB that no
//! compressor can shrink, in each of the web app's two wasm files.

use super::square::Square;
use super::types::{Color, Piece, Role};

/// Hand counts go up to 18 (all pawns).
const MAX_HAND: u64 = 18;
const SEED: u64 = 0x5348_4f47_4931_2026;
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
/// Where each kind of key starts in the sequence: 28 pieces × 81 squares, then
/// 2 colours × 7 hand roles × counts 1..=18, then the side to move.
const HAND_KEYS: u64 = 28 * 81;
const SIDE_KEY: u64 = HAND_KEYS + 2 * 7 * MAX_HAND;

/// The `index`-th output of splitmix64 started from `SEED`.
#[inline]
const fn key(index: u64) -> u64 {
    let mut z = SEED.wrapping_add((index + 1).wrapping_mul(GOLDEN_GAMMA));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[inline]
pub fn board_key(piece: Piece, sq: Square) -> u64 {
    key(piece.index() as u64 * 81 + sq.index() as u64)
}

/// The key of holding `count` pieces of `role` (0 for none, so an empty hand adds nothing).
#[inline]
pub fn hand_key(color: Color, role: Role, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    key(HAND_KEYS + (color.index() as u64 * 7 + role.index() as u64) * MAX_HAND + count as u64 - 1)
}

#[inline]
pub fn side_key() -> u64 {
    key(SIDE_KEY)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys of the table this module used to hold (the sequence drawn in order), so
    /// every hash, and the engine's bench signature, stays what it was.
    #[test]
    fn keys_follow_the_splitmix_sequence_in_order() {
        let mut state = SEED;
        let mut next = || {
            state = state.wrapping_add(GOLDEN_GAMMA);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        for piece in 0..28 {
            for sq in Square::all() {
                let role = Role::ALL[piece % 14];
                let color = if piece < 14 { Color::Sente } else { Color::Gote };
                assert_eq!(board_key(Piece { color, role }, sq), next());
            }
        }
        for color in [Color::Sente, Color::Gote] {
            for role in Role::ALL[..7].iter().copied() {
                assert_eq!(hand_key(color, role, 0), 0);
                for count in 1..=MAX_HAND as u8 {
                    assert_eq!(hand_key(color, role, count), next());
                }
            }
        }
        assert_eq!(side_key(), next());
    }

    /// A few keys as literal values: saved hashes and the bench signature depend on them,
    /// so a change to the generator (seed, constants, order) must fail here first.
    #[test]
    fn pinned_keys_keep_their_values() {
        let squares: Vec<Square> = Square::all().collect();
        let sente_pawn = Piece { color: Color::Sente, role: Role::Pawn };
        let gote_king = Piece { color: Color::Gote, role: Role::King };
        assert_eq!(board_key(sente_pawn, squares[0]), 0xc00f_e14d_64a6_da56);
        assert_eq!(board_key(gote_king, squares[80]), 0xbbea_ed71_bfa5_f744);
        assert_eq!(hand_key(Color::Gote, Role::Rook, 2), 0xd603_7297_8231_a05c);
        assert_eq!(side_key(), 0x2d70_76b2_4b21_51d1);
    }
}
