//! Correction history: how far the search's results have strayed from the static evaluation,
//! learnt as the game goes and added to the static evaluation (Stockfish's correction
//! history), kept for two kinds of likeness: the same pawns on the board, and the same pieces
//! in hand. Where the evaluation misjudges a kind of position, the pruning that trusts it errs
//! less.

use super::ordering::nudged;
use crate::rules::{Color, Position, Role};

/// Entries per side to move; a power of two.
const SIZE: usize = 1 << 14;
/// Entry units per centipawn.
const GRAIN: i32 = 64;
/// Entries stay within ±LIMIT (±LIMIT / GRAIN cp of correction from each table).
const LIMIT: i32 = 128 * GRAIN;

pub struct CorrectionHistory {
    /// By the pawns on the board, then by the pieces in hand; each by the side to move.
    tables: Box<[[[i16; SIZE]; 2]; 2]>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory { tables: Box::new([[[0; SIZE]; 2]; 2]) }
    }

    pub fn clear(&mut self) {
        *self = CorrectionHistory::new();
    }

    /// `raw`, the static evaluation for the side to move, corrected.
    pub fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        let side = pos.turn().index();
        let [pawns, hands] = &*self.tables;
        raw + (pawns[side][pawn_index(pos)] as i32 + hands[side][hand_index(pos)] as i32) / GRAIN
    }

    /// A search of `depth` found `error` = its score − the corrected static evaluation (the
    /// caller asks only where the bound says which way the evaluation erred).
    pub fn update(&mut self, pos: &Position, depth: i32, error: i32) {
        let bonus = (error * GRAIN * depth / 8).clamp(-LIMIT / 4, LIMIT / 4);
        let side = pos.turn().index();
        let [pawns, hands] = &mut *self.tables;
        for entry in [&mut pawns[side][pawn_index(pos)], &mut hands[side][hand_index(pos)]] {
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
    use crate::notation::{sfen, usi};

    #[test]
    fn an_error_seen_again_and_again_is_learnt_up_to_the_limit() {
        let pos = Position::startpos();
        let mut history = CorrectionHistory::new();
        assert_eq!(history.corrected(&pos, 50), 50);
        history.update(&pos, 8, 40);
        let once = history.corrected(&pos, 50) - 50;
        assert!(once > 0 && once < 2 * 40, "one search moved it by {once}");
        for _ in 0..1_000 {
            history.update(&pos, 20, 5_000);
        }
        let most = history.corrected(&pos, 50) - 50;
        assert!(most > once && most <= 2 * LIMIT / GRAIN, "{most}");
        for _ in 0..1_000 {
            history.update(&pos, 20, -5_000);
        }
        assert!(history.corrected(&pos, 50) - 50 >= -2 * LIMIT / GRAIN);
        history.clear();
        assert_eq!(history.corrected(&pos, 50), 50);
    }

    #[test]
    fn each_side_to_move_and_pawn_structure_learns_apart() {
        let start = Position::startpos();
        let mut history = CorrectionHistory::new();
        history.update(&start, 10, 100);
        let gote_to_move =
            sfen::parse_position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap();
        assert_eq!(history.corrected(&gote_to_move, 0), 0);
        // Another pawn structure, the same (empty) hands: only the hands' table speaks.
        let advanced = start.after(usi::parse("7g7f").unwrap()).after(usi::parse("3c3d").unwrap());
        let both = history.corrected(&start, 0);
        let hands_only = history.corrected(&advanced, 0);
        assert!(0 < hands_only && hands_only < both, "{hands_only} {both}");
    }
}
