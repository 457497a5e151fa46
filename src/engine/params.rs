//! Every hand-set constant of the engine in one place (the evaluation's weights are fitted
//! to data: `weights.rs`).
//!
//! Glossary:
//! - **cp** (centipawn): the unit of every score; a pawn on the board is about 100.
//! - **hand value**: what a captured piece is worth while held, ready to drop anywhere;
//!   higher than on the board because a drop is flexible.
//! - **piece-square term**: a bonus for a piece by how far it has advanced
//!   (rank counted from the opponent's side) and how far it stands from the centre file.
//! - **king distance**: the number of king steps between two squares.
//! - **king zone**: the king's square and the squares a king could step to, plus the row in
//!   front of them; attacks on it measure danger.
//! - **entering king** (nyūgyoku): a king that reached the opponent's promotion zone, where it
//!   is hard to mate; it then wins on points, so material counts differently.
//! - **aspiration window**: the narrow score range around the last iteration's score that
//!   the next iteration searches first.
//! - **LMR** (late move reduction): late quiet moves searched a ply shallower first.
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

/// Value of a piece on the board, by `Role::index()`, for exchanges and move ordering (the
/// evaluation weighs material with its own fitted weights).
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

/// Value of a piece held in hand, by `Role::index()` of the unpromoted role (for exchanges).
pub const HAND_VALUE: [i32; 7] = [
    105,  // pawn
    345,  // lance
    430,  // knight
    540,  // silver
    590,  // gold
    910,  // bishop
    1050, // rook
];

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

/// King danger in attack units: each enemy piece that reaches the king zone adds its
/// units (by `Role::index()`), each enemy hand piece adds its hand units (more when the
/// zone has empty squares to drop on), each own gold or silver beside the king takes off
/// `KING_DEFENDER_UNITS`. The evaluation weighs the square of the units, up to a cap.
pub const ATTACK_UNITS: [i32; 14] = [1, 1, 2, 2, 2, 2, 3, 0, 2, 2, 2, 2, 3, 4];
pub const HAND_ATTACK_UNITS: [i32; 7] = [0, 1, 2, 2, 3, 2, 3];
pub const KING_DEFENDER_UNITS: i32 = 2;
pub const KING_DANGER_MAX_UNITS_SQUARED: i32 = 300;

/// Search: aspiration window half-width in cp, and the depth from which it is used.
pub const ASPIRATION_WINDOW: i32 = 60;
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Time: under a budget, the mate solver gets this fraction of it first (1/16).
pub const MATE_SHARE_DIVISOR: u64 = 16;
/// The mate solver first looks for mates this short (plies), each search of it with a share.
pub const SHORT_MATE_PLIES: u32 = 7;

/// Time: the search looks at the clock once per this many nodes.
pub const NODES_PER_CLOCK_CHECK: u64 = 256;
/// Null move: tried from this depth, when the static score is at least beta; the reply
/// is searched `NULL_MOVE_REDUCTION + depth / NULL_MOVE_DEPTH_DIVISOR` plies shallower, and
/// a ply shallower still per `NULL_MOVE_EVAL_DIVISOR` cp the static score exceeds beta (at most 3).
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
pub const NULL_MOVE_REDUCTION: i32 = 3;
pub const NULL_MOVE_DEPTH_DIVISOR: i32 = 3;
pub const NULL_MOVE_EVAL_DIVISOR: i32 = 200;

/// Razoring: up to this depth, a static score below alpha by more than
/// `RAZOR_BASE + RAZOR_MARGIN * depth²` is checked with a quiescence search alone.
pub const RAZOR_MAX_DEPTH: i32 = 3;
pub const RAZOR_BASE: i32 = 300;
pub const RAZOR_MARGIN: i32 = 250;

/// Internal iterative reduction: from this depth, a node with no move from the table is
/// searched a ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Reverse futility: near the leaves, a static score this far above beta per ply of depth
/// (a ply less when improving) is trusted to hold.
pub const REVERSE_FUTILITY_MAX_DEPTH: i32 = 6;
pub const REVERSE_FUTILITY_MARGIN: i32 = 100;

/// Futility: a quiet move that would be searched at most this deep is skipped when the
/// static score plus `FUTILITY_BASE + FUTILITY_MARGIN` per ply cannot reach alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 6;
pub const FUTILITY_BASE: i32 = 100;
pub const FUTILITY_MARGIN: i32 = 120;

/// Late move pruning: up to this depth, only `LATE_MOVE_BASE + depth²` quiet moves are
/// searched (half as many when the position is not improving).
pub const LATE_MOVE_MAX_DEPTH: i32 = 8;
pub const LATE_MOVE_BASE: usize = 3;

/// History pruning: a quiet move whose history score (own plus continuation) is below
/// `-HISTORY_PRUNE_MARGIN` per ply of its reduced depth is skipped up to this depth.
pub const HISTORY_PRUNE_MAX_DEPTH: i32 = 3;
pub const HISTORY_PRUNE_MARGIN: i32 = 4000;

/// Quiet moves that lose material by SEE (e.g. a drop onto a defended square) are skipped
/// near the leaves when the loss exceeds this per ply of depth; captures likewise.
pub const SEE_QUIET_MAX_DEPTH: i32 = 6;
pub const SEE_QUIET_MARGIN: i32 = 80;
pub const SEE_CAPTURE_MAX_DEPTH: i32 = 6;
pub const SEE_CAPTURE_MARGIN: i32 = 120;

/// Late move reduction: from this depth, moves after the first are searched
/// `LMR_BASE + ln(depth) ln(move number) / LMR_DIVISOR` plies shallower first, adjusted by
/// the node and the move (history scores per `LMR_HISTORY_DIVISOR` count one ply).
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_BASE: f64 = 0.5;
pub const LMR_DIVISOR: f64 = 2.25;
pub const LMR_HISTORY_DIVISOR: i32 = 8000;
/// Move numbers past this share the last reduction.
pub const LMR_TABLE_MOVES: usize = 256;
