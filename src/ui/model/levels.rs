//! The engine's strengths as the app offers them: each step of the engine's ladder
//! (`engine::strength::LEVELS`) at its time per move, and the strongest with longer times.
//! A level is known by its time: the `think` URL parameter and saved games hold only that.

use crate::engine::strength::LEVELS as LADDER;
use crate::ui::text::i18n::T;

/// A choice of the new-game panel.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Level {
    /// The step of the ladder, `engine::Strength::level`'s number.
    pub strength: usize,
    /// The budget per move: the step's own time, or a longer one for the strongest.
    pub think_ms: u32,
}

const STRONGEST: usize = LADDER.len();

/// The strongest step's time, at which it is measured (README, "Strength"), and longer ones
/// for people who want it stronger still.
const STRONGEST_THINKS_MS: [u32; 3] = [1000, 3000, 10000];

/// From the weakest to the strongest.
pub fn levels() -> impl Iterator<Item = Level> {
    let ladder = (1..STRONGEST).map(|strength| Level { strength, think_ms: step_time_ms(strength - 1) });
    ladder.chain(STRONGEST_THINKS_MS.into_iter().map(|think_ms| Level { strength: STRONGEST, think_ms }))
}

/// The time of a step below the strongest (which has none of its own).
const fn step_time_ms(index: usize) -> u32 {
    match LADDER[index].time_ms {
        Some(ms) => ms as u32,
        None => panic!("every step below the strongest has its time"),
    }
}

/// The ladder's step for `think_ms` a move: its level's, the strongest for a time of one's own.
pub fn strength_for(think_ms: u32) -> usize {
    levels().find(|l| l.think_ms == think_ms).map_or(STRONGEST, |l| l.strength)
}

/// Words for a stretch of the ladder, three or four steps each, so a number means something.
pub fn band(strength: usize) -> T {
    const BANDS: [T; 6] =
        [T::LevelBeginner, T::LevelNovice, T::LevelIntermediate, T::LevelAdvanced, T::LevelExpert, T::LevelMaster];
    BANDS[((strength.max(1) - 1) * BANDS.len() / STRONGEST).min(BANDS.len() - 1)]
}

/// A step a newcomer to shogi can beat now and then: one who finds it too easy picks another.
pub const DEFAULT_THINK_MS: u32 = step_time_ms(3);
pub const MAX_THINK_MS: u32 = 60_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_is_offered_once_in_order_and_each_time_names_one_level() {
        let all: Vec<Level> = levels().collect();
        let steps: Vec<usize> = all.iter().map(|l| l.strength).filter(|&s| s < STRONGEST).collect();
        assert_eq!(steps, (1..STRONGEST).collect::<Vec<_>>());
        assert!(all.windows(2).all(|w| w[0].think_ms < w[1].think_ms && w[0].strength <= w[1].strength));
        assert!(all.iter().all(|l| strength_for(l.think_ms) == l.strength));
        assert_eq!((strength_for(1234), strength_for(DEFAULT_THINK_MS)), (STRONGEST, 4));
    }

    #[test]
    fn the_bands_climb_with_the_ladder() {
        assert_eq!((band(1), band(STRONGEST)), (T::LevelBeginner, T::LevelMaster));
        let bands: Vec<T> = (1..=STRONGEST).map(band).collect();
        assert!(bands.windows(2).filter(|w| w[0] != w[1]).count() == 5);
    }
}
