//! Repetition inside the search: the game so far plus the current search path, as a stack
//! of position hashes with whether each position was reached by a checking move. A repeated
//! position ends the line by the rules: a draw, unless every move of one side in the cycle
//! gave check, and then that side (the perpetual checker) loses.

use crate::rules::Ply;

/// The outcome of a repetition for the side to move in the repeated position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Repetition {
    Draw,
    /// The opponent gave check with every move of the cycle.
    Win,
    /// The side to move gave check with every move of the cycle.
    Loss,
}

const FILTER_SIZE: usize = 1024;

pub struct PathHistory {
    entries: Vec<Ply>,
    /// How many entries have each value of the hash's low bits: a cheap "surely not seen".
    filter: Box<[u16; FILTER_SIZE]>,
}

impl PathHistory {
    /// Starts from the game's history; the root is appended unless it is already its last entry.
    pub fn new(game: &[Ply], root_hash: u64, root_in_check: bool) -> PathHistory {
        let mut path =
            PathHistory { entries: Vec::with_capacity(game.len() + 256), filter: Box::new([0; FILTER_SIZE]) };
        for entry in game {
            path.push(entry.hash, entry.check);
        }
        if game.last().is_none_or(|last| last.hash != root_hash) {
            path.push(root_hash, root_in_check);
        }
        path
    }

    #[inline]
    pub fn push(&mut self, hash: u64, gave_check: bool) {
        self.entries.push(Ply { hash, check: gave_check });
        self.filter[hash as usize % FILTER_SIZE] += 1;
    }

    #[inline]
    pub fn pop(&mut self) {
        if let Some(entry) = self.entries.pop() {
            self.filter[entry.hash as usize % FILTER_SIZE] -= 1;
        }
    }

    /// Whether the last position occurred before, and what that means for its side to move.
    pub fn verdict(&self) -> Option<Repetition> {
        let last = self.entries.len().checked_sub(1)?;
        let hash = self.entries[last].hash;
        if self.filter[hash as usize % FILTER_SIZE] < 2 {
            return None;
        }
        // The same side is to move only an even number of plies apart, and at least four.
        let earlier = (0..last.saturating_sub(3)).rev().step_by(2).find(|&i| self.entries[i].hash == hash)?;
        let cycle = &self.entries[earlier + 1..=last];
        // Counting back from the last position: even offsets were reached by the opponent's moves.
        let opponent_checked = cycle.iter().rev().step_by(2).all(|e| e.check);
        let we_checked = cycle.iter().rev().skip(1).step_by(2).all(|e| e.check);
        Some(if opponent_checked {
            Repetition::Win
        } else if we_checked {
            Repetition::Loss
        } else {
            Repetition::Draw
        })
    }
}
