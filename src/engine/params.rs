//! Every tuning constant of the engine in one place.
//!
//! Glossary:
//! - **cp** (centipawn): the unit of every score; a pawn on the board is about 100.
//! - **hand value**: what a captured piece is worth while held, ready to drop anywhere;
//!   higher than on the board because a drop is flexible.
//! - **piece-square term**: a bonus for a piece by how far it has advanced
//!   (rank counted from the opponent's side) and how far it stands from the centre file.
//! - **king zone**: the king's square and the squares a king could step to, plus the row in
//!   front of them; attacks on it measure danger.
//! - **entering king** (nyūgyoku): a king that reached the opponent's promotion zone, where it
//!   is hard to mate; it then wins on points, so material counts differently.
//! - **aspiration window**: the narrow score range around the last iteration's score that
//!   the next iteration searches first.
//! - **LMR** (late move reductions): quiet moves ordered late are searched less deep first.
//! - **null move**: let the opponent move twice; if we still stay above beta, prune.
//! - **SEE** (static exchange evaluation): the material outcome of a capture sequence on one square.

use crate::rules::Role;

/// Score units for a won or lost game: `MATE - n` = mate in `n` plies.
pub const MATE: i32 = 32_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The score of a draw by repetition, from either side.
pub const DRAW: i32 = 0;
/// Deepest ply the search may reach (iterations, extensions and quiescence together).
pub const MAX_PLY: usize = 128;

/// Value of a piece on the board, by `Role::index()`.
pub const BOARD_VALUE: [i32; 14] = [
    90,   // pawn
    315,  // lance
    405,  // knight
    495,  // silver
    540,  // gold
    855,  // bishop
    990,  // rook
    0,    // king
    540,  // tokin
    540,  // promoted lance
    540,  // promoted knight
    540,  // promoted silver
    945,  // horse
    1395, // dragon
];

/// Value of a piece held in hand, by `Role::index()` of the unpromoted role.
pub const HAND_VALUE: [i32; 7] = [
    105,  // pawn
    345,  // lance
    430,  // knight
    540,  // silver
    590,  // gold
    910,  // bishop
    1050, // rook
];

/// Each further piece of a kind in hand is worth less than the first (percent kept).
pub const HAND_REPEAT_PERCENT: i32 = 90;

/// What "capturing" a king is worth in exchange evaluation: more than anything else.
pub const KING_EXCHANGE_VALUE: i32 = 20_000;

/// Value for move ordering and SEE: what is lost when a piece is captured, i.e. the board
/// value plus what the capturer gains in hand.
pub fn capture_gain(role: Role) -> i32 {
    match role {
        Role::King => KING_EXCHANGE_VALUE,
        _ => BOARD_VALUE[role.index()] + HAND_VALUE[role.unpromoted().index()],
    }
}

/// Advancement bonus by rank counted from the far side (index 0 = the opponent's back rank).
/// Small pieces gain by advancing, gold and silver prefer to stay near home.
pub const ADVANCE_PAWN: [i32; 9] = [0, 30, 25, 15, 8, 4, 0, 0, 0];
pub const ADVANCE_SILVER: [i32; 9] = [10, 20, 25, 25, 20, 12, 6, 0, -5];
pub const ADVANCE_GOLD: [i32; 9] = [-10, 0, 8, 10, 10, 8, 6, 4, 0];
pub const ADVANCE_KNIGHT: [i32; 9] = [0, 0, 15, 20, 15, 8, 0, -5, -10];
pub const ADVANCE_LANCE: [i32; 9] = [0, 5, 5, 4, 3, 2, 1, 0, 0];
/// Rooks and bishops: a rook in the enemy camp (about to promote) is worth more.
pub const ADVANCE_MAJOR: [i32; 9] = [25, 25, 25, 10, 5, 0, 0, 0, 0];
/// Promoted small pieces: closer to the enemy king is better.
pub const ADVANCE_PROMOTED: [i32; 9] = [15, 20, 20, 15, 10, 5, 0, -5, -10];

/// King safety: penalty per enemy attack on the king zone, by the number of distinct
/// attacking pieces (index capped at the end).
pub const KING_ATTACK_WEIGHT: [i32; 8] = [0, 10, 30, 65, 110, 160, 210, 260];
/// Per attacked square in the king zone.
pub const KING_ZONE_ATTACKED_SQUARE: i32 = 12;
/// Per own gold or silver next to the king.
pub const KING_DEFENDER: i32 = 18;
/// Pieces in the enemy hand threaten drops near the king: per hand piece (excluding pawns),
/// scaled by how open the king zone is.
pub const KING_HAND_THREAT: i32 = 6;
/// A king that has left its home rank early (in the middle game) is exposed.
pub const KING_RANK_PENALTY: [i32; 9] = [40, 40, 40, 35, 30, 20, 8, 0, 0];

/// Entering king: bonus for a king standing in the enemy camp, plus per own piece there.
pub const ENTERED_KING_BONUS: i32 = 200;
pub const ENTERED_PIECE_BONUS: i32 = 15;

/// Bonus for having the move (tempo).
pub const TEMPO: i32 = 20;

/// Search: aspiration window half-width in cp, and the depth from which it is used.
pub const ASPIRATION_WINDOW: i32 = 60;
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Time: the search looks at the clock once per this many nodes.
pub const NODES_PER_CLOCK_CHECK: u64 = 256;
/// Time: do not start a new iteration after this share of the budget (percent).
pub const NEW_ITERATION_PERCENT: u64 = 55;
