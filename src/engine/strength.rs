//! How hard the engine plays: the levels a person picks in the app (USI's `Level` option).
//!
//! A weak level is the same search held short (a depth and a node count), with a random
//! bonus on each root move: it plays plausible moves and makes a player's mistakes (it
//! misses what lies deeper, and now and then prefers a worse move by up to its bonus), never
//! absurd ones, since a bonus smaller than a piece cannot pay for leaving it en prise. Every
//! level varies its opening moves among near-equal ones, so no two games are the same.

/// Limits and noise on top of a move's time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The budget per move at most: the app's time for the level, which also keeps the
    /// levels in order on a device too slow to reach their node counts in it.
    pub time_ms: Option<u64>,
    /// Full-width depth at most (plies).
    pub depth: Option<u32>,
    /// Nodes per move at most.
    pub nodes: Option<u64>,
    /// A random bonus of 0..=this many centipawns for each root move, every move.
    pub randomness: i32,
    /// The bonus during the first [`OPENING_PLIES`] plies of the game, if larger.
    pub opening_randomness: i32,
}

/// How many plies of a game count as its opening, where every level varies its moves.
pub const OPENING_PLIES: usize = 12;

impl Strength {
    /// Best play, the same move for the same search: the USI engine's default.
    pub const FULL: Strength =
        Strength { time_ms: None, depth: None, nodes: None, randomness: 0, opening_randomness: 0 };

    /// The random bonus for a root `ply` plies into the game.
    pub fn randomness_at(&self, ply: usize) -> i32 {
        if ply < OPENING_PLIES {
            self.randomness.max(self.opening_randomness)
        } else {
            self.randomness
        }
    }

    /// The app's level `number` (1 = weakest, [`LEVELS`]`.len()` = strongest); 0 or more
    /// than that is [`Strength::FULL`].
    pub fn level(number: usize) -> Strength {
        number.checked_sub(1).and_then(|i| LEVELS.get(i)).copied().unwrap_or(Strength::FULL)
    }
}

/// Centipawns of opening variety for the levels that add no other noise: a choice among
/// moves about as good as the best.
const VARIETY: i32 = 30;

/// The middle levels' bonus: it keeps their games open, so that a search of 1.6 times the
/// nodes wins about two games in three instead of nine in ten.
const MIDDLE_NOISE: i32 = 200;

const fn capped(time_ms: u64, depth: Option<u32>, nodes: u64, randomness: i32) -> Strength {
    Strength { time_ms: Some(time_ms), depth, nodes: Some(nodes), randomness, opening_randomness: VARIETY }
}

const fn timed(time_ms: Option<u64>, randomness: i32) -> Strength {
    Strength { time_ms, depth: None, nodes: None, randomness, opening_randomness: VARIETY }
}

/// The levels from the weakest to the strongest, measured as a ladder with the `match`
/// runner (README, "Levels", has each step's score): each is meant to score 60-80 % against
/// the one below it. The engine's strength grows steeply with its search (without noise,
/// 1.6 times the nodes wins nine games in ten), so the ladder has many steps: the weakest
/// look one to three plies ahead with a wide random bonus (a ply deeper is worth about as
/// much as 200 cp less bonus), the middle ones search a node count with a narrower one
/// (nearly twice the nodes a step where more nodes gain less), the top ones search to their
/// time with less and then no bonus, the strongest to whatever time it is given. Levels
/// 12-15 climb by about 1.4 times the nodes a step, so that each stops at its node count
/// inside its time at 450,000 nodes a second, below what level 16 searches in its 250 ms
/// (mostly 100,000-160,000): a level stopped by its time searches little more than the one below.
pub const LEVELS: [Strength; 20] = [
    capped(40, Some(1), 2_000, 600),
    capped(50, Some(1), 2_000, 350),
    capped(60, Some(1), 2_000, 175),
    capped(70, Some(2), 4_000, 400),
    capped(80, Some(3), 8_000, 500),
    capped(90, None, 2_700, MIDDLE_NOISE),
    capped(100, None, 4_800, MIDDLE_NOISE),
    capped(110, None, 7_700, MIDDLE_NOISE),
    capped(115, None, 9_600, MIDDLE_NOISE),
    capped(120, None, 12_000, MIDDLE_NOISE),
    capped(130, None, 20_000, MIDDLE_NOISE),
    capped(140, None, 30_000, MIDDLE_NOISE),
    capped(150, None, 42_000, MIDDLE_NOISE),
    capped(170, None, 58_000, MIDDLE_NOISE),
    capped(200, None, 80_000, MIDDLE_NOISE),
    // The bonus shrinks over the timed steps, as less of it and more time each win games:
    // a third less of it with 60 % more time is a step of about three games in four, and
    // from 400 ms a quarter more time with a sixth of the middle bonus (33 cp) less is enough.
    timed(Some(250), MIDDLE_NOISE),
    timed(Some(400), MIDDLE_NOISE * 2 / 3),
    timed(Some(500), MIDDLE_NOISE / 2),
    timed(Some(630), MIDDLE_NOISE / 3),
    timed(None, 0),
];
