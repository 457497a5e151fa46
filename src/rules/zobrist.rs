//! Zobrist keys, generated at compile time from a fixed seed so hashes are
//! the same in every build and on every platform.

use super::types::{Color, Piece, Role};
use super::square::Square;

/// Hand counts go up to 18 (all pawns).
const MAX_HAND: usize = 19;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    board: [[u64; 81]; 28],
    hand: [[[u64; MAX_HAND]; 7]; 2],
    gote_to_move: u64,
}

const fn generate() -> Keys {
    let mut keys = Keys { board: [[0; 81]; 28], hand: [[[0; MAX_HAND]; 7]; 2], gote_to_move: 0 };
    let mut state = 0x5348_4f47_4931_2026u64;
    let mut piece = 0;
    while piece < 28 {
        let mut sq = 0;
        while sq < 81 {
            let (s, k) = splitmix(state);
            state = s;
            keys.board[piece][sq] = k;
            sq += 1;
        }
        piece += 1;
    }
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 7 {
            // Count 0 keeps key 0 so an empty hand adds nothing.
            let mut n = 1;
            while n < MAX_HAND {
                let (s, k) = splitmix(state);
                state = s;
                keys.hand[color][role][n] = k;
                n += 1;
            }
            role += 1;
        }
        color += 1;
    }
    keys.gote_to_move = splitmix(state).1;
    keys
}

static KEYS: Keys = generate();

#[inline]
pub fn board_key(piece: Piece, sq: Square) -> u64 {
    KEYS.board[piece.index()][sq.index()]
}

/// The key of holding `count` pieces of `role` (0 for none).
#[inline]
pub fn hand_key(color: Color, role: Role, count: u8) -> u64 {
    KEYS.hand[color.index()][role.index()][count as usize]
}

#[inline]
pub fn side_key() -> u64 {
    KEYS.gote_to_move
}
