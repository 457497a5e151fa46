//! The transposition table: one entry per slot, indexed and verified by the Zobrist hash.
//! Mate scores are stored relative to the node (not the root) so they stay right when the
//! same position is reached at another ply.

use super::params::MATE_BOUND;
use crate::rules::Move;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The true score is at least the stored one (a beta cut-off).
    Lower,
    /// The true score is at most the stored one (no move raised alpha).
    Upper,
}

impl Bound {
    /// What a search's `best` score says, searched in the window (`alpha`, `beta`).
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

#[derive(Clone, Copy)]
struct Slot {
    /// The low 32 bits of the hash (the high ones chose the slot).
    check: u32,
    /// `Move::NONE` when no move is known.
    mv: Move,
    score: i16,
    /// The static evaluation of the position (`NO_EVAL` in check).
    eval: i16,
    depth: i8,
    /// Bits 0-1: bound (0 = empty), bits 2-7: generation.
    flags: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    /// The static evaluation, `None` for a position in check.
    pub eval: Option<i32>,
    pub depth: i32,
    pub bound: Bound,
}

impl Hit {
    /// Whether the stored score decides a search in the window (`alpha`, `beta`) by itself.
    pub fn decides(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

/// What a slot holds as the evaluation of a position in check, which has none.
const NO_EVAL: i16 = i16::MIN;

impl Slot {
    const EMPTY: Slot = Slot { check: 0, mv: Move::NONE, score: 0, eval: NO_EVAL, depth: 0, flags: 0 };
}

pub struct TranspositionTable {
    slots: Vec<Slot>,
    generation: u8,
}

impl TranspositionTable {
    pub fn new(megabytes: usize) -> TranspositionTable {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        TranspositionTable { slots: vec![Slot::EMPTY; count], generation: 0 }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::EMPTY);
        self.generation = 0;
    }

    /// Called once per search, so entries from older searches are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    /// The slot of `hash`: its high 32 bits scaled to the table's length. A 64-bit product
    /// (the length stays below 2^32), since a 128-bit one is a library call on wasm32.
    #[inline]
    fn index(&self, hash: u64) -> usize {
        (((hash >> 32) * self.slots.len() as u64) >> 32) as usize
    }

    pub fn probe(&self, hash: u64, ply: usize) -> Option<Hit> {
        let slot = self.slots[self.index(hash)];
        let bound = match slot.flags & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        if slot.check != hash as u32 {
            return None;
        }
        let mv = (slot.mv != Move::NONE).then_some(slot.mv);
        let eval = (slot.eval != NO_EVAL).then_some(slot.eval as i32);
        Some(Hit { mv, score: score_from_tt(slot.score as i32, ply), eval, depth: slot.depth as i32, bound })
    }

    /// Keeps a search result; `eval` is the static evaluation (None in check). `depth` -1
    /// marks a quiescence result, which no main-search probe takes as a score.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        hash: u64,
        ply: usize,
        depth: i32,
        score: i32,
        eval: Option<i32>,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let index = self.index(hash);
        let slot = &mut self.slots[index];
        let check = hash as u32;
        let same = slot.check == check && slot.flags & 3 != 0;
        let old_generation = slot.flags >> 2 != self.generation;
        if !(same || old_generation || depth + 2 >= slot.depth as i32 || slot.flags & 3 == 0) {
            return;
        }
        // Keep the old move when this result has none (an all-node) for the same position.
        let mv = match mv {
            Some(m) => m,
            None if same => slot.mv,
            None => Move::NONE,
        };
        *slot = Slot {
            check,
            mv,
            score: score_to_tt(score, ply) as i16,
            eval: eval.map_or(NO_EVAL, |e| e.clamp(-i16::MAX as i32, i16::MAX as i32) as i16),
            depth: depth.clamp(-1, 127) as i8,
            flags: (self.generation << 2)
                | match bound {
                    Bound::Exact => 1,
                    Bound::Lower => 2,
                    Bound::Upper => 3,
                },
        };
    }
}

/// Mate scores are stored as distance from this node.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
