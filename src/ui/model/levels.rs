//! The engine's strengths as the app offers them: a time per move, and for the weakest
//! a random bonus per root move so that a beginner can win.

use crate::ui::text::i18n::T;

/// An engine strength: its time per move, and for the weakest a random bonus per
/// root move (centipawns) so that a beginner can win.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Level {
    pub think_ms: u32,
    pub name: T,
    pub randomness: i32,
}

/// The levels of the new-game panel, named for people.
pub const LEVELS: [Level; 5] = [
    Level { think_ms: 100, name: T::LevelBeginner, randomness: 300 },
    Level { think_ms: 300, name: T::LevelNovice, randomness: 120 },
    Level { think_ms: 1000, name: T::LevelCasual, randomness: 0 },
    Level { think_ms: 3000, name: T::LevelClub, randomness: 0 },
    Level { think_ms: 10000, name: T::LevelStrong, randomness: 0 },
];

/// The random bonus for a time per move: its level's, none for a time of one's own.
pub fn randomness_for(think_ms: u32) -> i32 {
    LEVELS.iter().find(|l| l.think_ms == think_ms).map_or(0, |l| l.randomness)
}

pub const DEFAULT_THINK_MS: u32 = 1000;
pub const MAX_THINK_MS: u32 = 60_000;
