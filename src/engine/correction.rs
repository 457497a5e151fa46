//! Correction history: how far the search's results have strayed from the static evaluation,
//! learnt as the game goes and added to the static evaluation (Stockfish's correction
//! history), kept for five kinds of likeness: the same pawns on the board, the same pieces in
//! hand, the same places of sente's other pieces, of gote's, and the same last two moves. Where
//! the evaluation misjudges a kind of position, the pruning that trusts it errs less.

use super::ordering::{nudged, Continuation};
use crate::rules::{Color, Position, Role};

/// Entries per side to move; a power of two.
const SIZE: usize = 1 << 14;
/// Entry units per centipawn.
const GRAIN: i32 = 64;
/// Entries stay within ±LIMIT (±LIMIT / GRAIN cp of correction from each table).
const LIMIT: i32 = 128 * GRAIN;
/// The kinds of likeness, a table each.
const TABLES: usize = 5;

pub struct CorrectionHistory {
    /// By the pawns on the board, by the pieces in hand, by sente's other pieces on the
    /// board, by gote's, by the last two moves; each by the side to move.
    tables: Box<[[[i16; SIZE]; 2]; TABLES]>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory { tables: Box::new([[[0; SIZE]; 2]; TABLES]) }
    }

    pub fn clear(&mut self) {
        *self = CorrectionHistory::new();
    }

    /// `raw`, the static evaluation for the side to move in `pos`, reached by the moves
    /// `context`, corrected: by the tables' sum (their mean, doubled, played worse).
    pub fn corrected(&self, pos: &Position, context: &Continuation, raw: i32) -> i32 {
        let side = pos.turn().index();
        let sum: i32 = self.tables.iter().zip(slots(pos, context)).map(|(table, slot)| table[side][slot] as i32).sum();
        raw + sum / GRAIN
    }

    /// A search of `depth` found `error` = its score − the corrected static evaluation (the
    /// caller asks only where the bound says which way the evaluation erred).
    pub fn update(&mut self, pos: &Position, context: &Continuation, depth: i32, error: i32) {
        let bonus = (error * GRAIN * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let side = pos.turn().index();
        for (table, slot) in self.tables.iter_mut().zip(slots(pos, context)) {
            let entry = &mut table[side][slot];
            *entry = nudged(*entry as i32, bonus, LIMIT) as i16;
        }
    }
}

/// The slot of the position's pawns on the board (both sides'), a multiplicative hash of
/// their bitboards' halves.
fn pawn_index(pos: &Position) -> usize {
    let halves = |color: Color| {
        let bits = pos.pieces(color, Role::Pawn).0;
        (bits as u64, (bits >> 64) as u64)
    };
    let (sente_low, sente_high) = halves(Color::Sente);
    let (gote_low, gote_high) = halves(Color::Gote);
    let mixed = sente_low.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ sente_high.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ gote_low.wrapping_mul(0x1656_67B1_9E37_79F9)
        ^ gote_high.wrapping_mul(0x85EB_CA77_C2B2_AE63);
    slot(mixed)
}

/// The position's slot in each table.
fn slots(pos: &Position, context: &Continuation) -> [usize; TABLES] {
    [
        pawn_index(pos),
        hand_index(pos),
        pieces_index(pos, Color::Sente),
        pieces_index(pos, Color::Gote),
        moves_index(context),
    ]
}

/// The slot of `color`'s pieces on the board other than its pawns: where they stand, and
/// which of them move as a gold, a rook or a bishop does.
fn pieces_index(pos: &Position, color: Color) -> usize {
    let own = pos.by_color(color);
    let mix = |bits: u128, seed: u64| {
        (bits as u64).wrapping_mul(seed) ^ ((bits >> 64) as u64).wrapping_mul(seed | 1).rotate_left(31)
    };
    let placed = own.0 & !pos.by_role(Role::Pawn).0;
    slot(
        mix(placed, 0x9E37_79B9_7F4A_7C15)
            ^ mix(own.0 & pos.gold_movers().0, 0xC2B2_AE3D_27D4_EB4F)
            ^ mix(own.0 & (pos.rook_movers().0 | pos.bishop_movers().0), 0x1656_67B1_9E37_79F9),
    )
}

/// The slot of the last two moves (each piece and destination, or none).
fn moves_index(context: &Continuation) -> usize {
    let [last, before] = context.map(|m| m.map_or(0, |m| m.index() as u64 + 1));
    slot(last.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ before)
}

/// The slot of both sides' pieces in hand.
fn hand_index(pos: &Position) -> usize {
    slot(pos.hand(Color::Sente).packed() ^ pos.hand(Color::Gote).packed().wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

fn slot(key: u64) -> usize {
    (key.wrapping_mul(0xFF51_AFD7_ED55_8CCD) >> (64 - SIZE.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ordering::PieceTo;
    use crate::notation::{sfen, usi};

    const NONE: Continuation = [None, None];

    #[test]
    fn an_error_seen_again_and_again_is_learnt_up_to_the_limit() {
        let pos = Position::startpos();
        let mut history = CorrectionHistory::new();
        assert_eq!(history.corrected(&pos, &NONE, 50), 50);
        history.update(&pos, &NONE, 8, 40);
        let once = history.corrected(&pos, &NONE, 50) - 50;
        assert!(once > 0 && once <= TABLES as i32 * 40, "one search moved it by {once}");
        for _ in 0..1_000 {
            history.update(&pos, &NONE, 20, 5_000);
        }
        let most = history.corrected(&pos, &NONE, 50) - 50;
        assert!(most > once && most <= TABLES as i32 * LIMIT / GRAIN, "{most}");
        for _ in 0..1_000 {
            history.update(&pos, &NONE, 20, -5_000);
        }
        assert!(history.corrected(&pos, &NONE, 50) - 50 >= -(TABLES as i32) * LIMIT / GRAIN);
        history.clear();
        assert_eq!(history.corrected(&pos, &NONE, 50), 50);
    }

    #[test]
    fn each_side_to_move_and_pawn_structure_learns_apart() {
        let start = Position::startpos();
        let mut history = CorrectionHistory::new();
        history.update(&start, &NONE, 10, 100);
        let gote_to_move =
            sfen::parse_position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap();
        assert_eq!(history.corrected(&gote_to_move, &NONE, 0), 0);
        // Another pawn structure, the same (empty) hands: only the hands' table speaks.
        let advanced = start.after(usi::parse("7g7f").unwrap()).after(usi::parse("3c3d").unwrap());
        let both = history.corrected(&start, &NONE, 0);
        let hands_only = history.corrected(&advanced, &NONE, 0);
        assert!(0 < hands_only && hands_only < both, "{hands_only} {both}");
    }

    #[test]
    fn each_sides_pieces_and_the_last_moves_learn_apart() {
        let start = Position::startpos();
        let rook_moved =
            sfen::parse_position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B4R2/LNSGKGSNL b - 1").unwrap();
        let last = usi::parse("3c3d").unwrap();
        let context = [Some(PieceTo::of(&start, last)), None];
        let mut history = CorrectionHistory::new();
        history.update(&start, &context, 10, 100);
        let all = history.corrected(&start, &context, 0);
        // Only sente's pieces differ, then only the last moves: one table each is silent.
        let other_pieces = history.corrected(&rook_moved, &context, 0);
        let other_moves = history.corrected(&start, &NONE, 0);
        assert!(0 < other_pieces && other_pieces < all, "{other_pieces} {all}");
        assert_eq!(other_moves, other_pieces);
    }
}
