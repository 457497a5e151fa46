//! The engine: one search for the native USI binary and the browser's Web Worker.
//!
//! It never reads a clock or spawns a thread by itself: the caller passes a [`Clock`]
//! (native `Instant`, browser `performance.now()`) and a `stop` callback, so the same code
//! runs on wasm32-unknown-unknown.
//!
//! ```
//! use shogi::engine::{Engine, Limits, NoClock};
//! use shogi::rules::Position;
//!
//! let mut engine = Engine::new(4);
//! let limits = Limits { depth: Some(3), ..Limits::default() };
//! let result = engine.search(&Position::startpos(), &[], &limits, &NoClock, &|| false, &mut |_| {});
//! assert!(Position::startpos().is_legal(result.best.unwrap()));
//! ```

pub mod bench;
mod changes;
pub mod clock;
mod correction;
pub mod eval;
pub mod fitting;
pub mod learned;
mod mate;
pub mod network;
mod ordering;
pub mod params;
mod promotion;
mod quick_mate;
mod repetition;
mod search;
pub mod selfplay;
pub mod strength;
mod tt;
pub mod weights;

use crate::rules::{impasse_result, ImpasseRule, Move, MoveList, Ply, Position};

pub use clock::move_budget;
pub use strength::Strength;

/// Milliseconds from any fixed origin (native `Instant`, browser `performance.now()`).
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// For searches that a depth or node count ends: time plays no part.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// When to stop. With none of them set (and `infinite` false) the search runs to its
/// maximum depth; `infinite` ignores `time_ms` and waits for `stop`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The budget for this move, in milliseconds.
    pub time_ms: Option<u64>,
    /// Full-width depth in plies (for `go mate`: the longest mate looked for, in plies).
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    /// While an iteration runs, report the last completed one's lines again at least this
    /// often (milliseconds), with the nodes searched since: a display that stays live.
    pub report_ms: Option<u64>,
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many plies; negative when the side to move is being mated.
    Mate(i32),
}

impl Score {
    /// The same score from the other side's point of view.
    pub fn negated(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(plies) => Score::Mate(-plies),
        }
    }
}

/// As USI's `info ... score` writes it, and the engine worker's messages too: `cp 42`, `mate -3`.
impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(plies) => write!(f, "mate {plies}"),
        }
    }
}

impl std::str::FromStr for Score {
    type Err = ();

    fn from_str(text: &str) -> Result<Score, ()> {
        let (unit, value) = text.split_once(' ').ok_or(())?;
        let value = value.parse().map_err(|_| ())?;
        match unit {
            "cp" => Ok(Score::Cp(value)),
            "mate" => Ok(Score::Mate(value)),
            _ => Err(()),
        }
    }
}

/// One of the best moves at the root with its score and the line expected after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: Score,
    pub pv: Vec<Move>,
}

/// Progress: after each completed iteration, and every [`Limits::report_ms`] in between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The depth of the completed iteration the lines come from.
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// The best root moves, best first: one unless [`Engine::set_multipv`] asked for more.
    pub lines: Vec<Line>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move (resign).
    pub best: Option<Move>,
    /// The side to move wins by declaring impasse (or calling the count) instead of moving.
    pub declare_win: bool,
    pub score: Score,
    /// The last completed iteration (0 when the move was played without searching).
    pub depth: u32,
    pub pv: Vec<Move>,
    pub nodes: u64,
}

/// The answer of [`Engine::mate_search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A forced mate: the attacker's and defender's moves, ending in mate.
    Found(Vec<Move>),
    /// Proven that no mate exists within the limits.
    NoMate,
    /// Time, nodes or `stop` ran out first.
    Timeout,
}

/// The search with its memory (transposition table, move-ordering statistics) and settings.
pub struct Engine {
    tt: tt::TranspositionTable,
    tables: ordering::OrderingTables,
    correction: correction::CorrectionHistory,
    rng: u64,
    strength: Strength,
    impasse_rule: ImpasseRule,
    multipv: usize,
    learned: Option<Box<learned::LearnedWeights>>,
}

impl Engine {
    /// An engine with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: tt::TranspositionTable::new(hash_mb),
            tables: ordering::OrderingTables::new(),
            correction: correction::CorrectionHistory::new(),
            rng: DEFAULT_SEED,
            strength: Strength::FULL,
            impasse_rule: ImpasseRule::Declaration27,
            multipv: 1,
            learned: None,
        }
    }

    /// Replaces the transposition table with an empty one of about `hash_mb` megabytes.
    pub fn set_hash_mb(&mut self, hash_mb: usize) {
        self.tt = tt::TranspositionTable::new(hash_mb);
    }

    /// Seeds the random choices, so that equal searches play equal moves.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = seed ^ DEFAULT_SEED;
    }

    /// How hard to play from now on: limits on top of each search's own, and a random bonus
    /// per root move (see [`Strength`]).
    pub fn set_strength(&mut self, strength: Strength) {
        self.strength = strength;
    }

    /// The impasse rule under which [`SearchResult::declare_win`] is set (by default the
    /// 27-point declaration of USI's `bestmove win`).
    pub fn set_impasse_rule(&mut self, rule: ImpasseRule) {
        self.impasse_rule = rule;
    }

    /// How many of the best root moves each search scores and reports in full (USI's
    /// `MultiPV`, the analysis board's lines); the move played is the first one's.
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.max(1);
    }

    /// Evaluates with the built-in evaluation plus these learned weights' correction, or
    /// with the built-in evaluation alone (`None`, the default).
    pub fn set_learned_weights(&mut self, weights: Option<learned::LearnedWeights>) {
        self.learned = weights.map(Box::new);
        self.tt.clear();
    }

    /// Forgets everything learnt from earlier positions.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.tables.clear();
        self.correction.clear();
    }

    /// Searches `root` within `limits` and returns the move to play. `history` holds the
    /// positions before the root, oldest first (the root may be its last entry); `stop` is
    /// polled during the search; `on_info` hears about every completed iteration.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[Ply],
        limits: &Limits,
        clock: &dyn Clock,
        stop: &dyn Fn() -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut moves = MoveList::new();
        root.generate_legal(&mut moves);
        if moves.is_empty() {
            return SearchResult {
                best: None,
                declare_win: false,
                score: Score::Mate(0),
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
            };
        }
        if impasse_result(root, self.impasse_rule) == Ok(Some(root.turn())) {
            // Declaring wins at once; a move is still named for a caller that plays on.
            return SearchResult {
                best: Some(moves[0]),
                declare_win: true,
                score: Score::Mate(1),
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
            };
        }
        let strength = self.strength;
        let mut limits = Limits {
            time_ms: tighter(limits.time_ms, strength.time_ms),
            depth: tighter(limits.depth, strength.depth),
            nodes: tighter(limits.nodes, strength.nodes),
            ..limits.clone()
        };
        promotion::retain_worthwhile(root, &mut moves);
        // A level held to a node count plays what it sees in them, long mates included.
        if strength.nodes.is_none() {
            if let Some(found) = self.quick_mate(root, &moves, history, &mut limits, clock, stop, on_info) {
                return found;
            }
        }
        let limits = &limits;
        self.tt.new_search();
        self.tables.age();
        let path = repetition::PathHistory::new(history, root.hash(), root.is_check());
        let randomness = strength.randomness_at(history.len());
        let rng = &mut self.rng;
        let mut noise = || if randomness > 0 { (next_random(rng) % (randomness as u64 + 1)) as i32 } else { 0 };
        let mut searcher = search::Searcher::new(
            &mut self.tt,
            &mut self.tables,
            &mut self.correction,
            path,
            limits,
            clock,
            stop,
            on_info,
            self.impasse_rule,
            self.learned.as_deref(),
        );
        searcher.run(root, &moves, &mut noise, self.multipv, limits)
    }

    /// Under a time or node budget, a mate at once among `moves` (the root's worthwhile moves)
    /// is played at once; then a share of the budget goes to the mate solver, which proves
    /// mates by checks far deeper than the main search sees them. A found mate is played at
    /// once (the solver looks for mates in [`params::SHORT_MATE_PLIES`] first, then for any);
    /// otherwise the time it took comes off `limits`. A mate that starts by leaving a pawn,
    /// bishop or rook unpromoted where it could promote is played only if the solver, asked
    /// again without such first moves, finds no mate as short. The solver knows nothing of the
    /// game before the root: a mate whose first move returns to one of the game's positions
    /// (`history`) is left to the main search, which does (a perpetual check there loses).
    #[allow(clippy::too_many_arguments)]
    fn quick_mate(
        &mut self,
        root: &Position,
        moves: &MoveList,
        history: &[Ply],
        limits: &mut Limits,
        clock: &dyn Clock,
        stop: &dyn Fn() -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let budget = limits.time_ms.filter(|_| !limits.infinite);
        if budget.is_none() && limits.nodes.is_none() {
            return None;
        }
        let started = clock.now_ms();
        // The solver's first proof need not be the shortest: a mate at once could wait behind a
        // longer one, move after move, until its cycle is a repetition.
        if let Some(mate) = root.mating_move_among(moves) {
            return Some(mate_played(vec![mate], clock.now_ms() - started, on_info));
        }
        let share = |budget: u64| (budget / params::MATE_SHARE_DIVISOR).max(1);
        let mate_limits = Limits { time_ms: budget.map(share), nodes: limits.nodes.map(share), ..Limits::default() };
        // Short mates first, since the solver's first proof need not be the shortest.
        let short_limits = Limits { depth: Some(params::SHORT_MATE_PLIES), ..mate_limits.clone() };
        let solve = |root_moves| {
            [&short_limits, &mate_limits].into_iter().find_map(|limits| {
                match mate::search(root, root_moves, limits, clock, stop) {
                    MateResult::Found(line) => Some(line),
                    MateResult::NoMate | MateResult::Timeout => None,
                }
            })
        };
        let found = solve(mate::RootMoves::All)
            .map(|line| {
                if !promotion::is_needless_non_promotion(root, line[0]) {
                    return line;
                }
                match solve(mate::RootMoves::Promoting) {
                    Some(promoting) if promoting.len() <= line.len() => promoting,
                    _ => line,
                }
            })
            .filter(|line| {
                let first = root.after(line[0]).hash();
                !history.iter().any(|ply| ply.hash == first)
            });
        match found {
            Some(line) => Some(mate_played(line, clock.now_ms() - started, on_info)),
            None => {
                let spent = (clock.now_ms() - started).max(0.0) as u64;
                limits.time_ms = budget.map(|budget| budget.saturating_sub(spent).max(1));
                None
            }
        }
    }

    /// Looks for a forced mate by the side to move (checks only).
    pub fn mate_search(
        &mut self,
        root: &Position,
        limits: &Limits,
        clock: &dyn Clock,
        stop: &dyn Fn() -> bool,
    ) -> MateResult {
        mate::search(root, mate::RootMoves::All, limits, clock, stop)
    }
}

/// The smaller of two optional limits.
fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

const DEFAULT_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// xorshift64*: small, fast and the same on every platform (the search's noise, `datagen`'s
/// random opening moves).
pub fn next_random(state: &mut u64) -> u64 {
    let mut x = *state;
    if x == 0 {
        x = DEFAULT_SEED;
    }
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// The answer when `line`, a forced mate found in `elapsed_ms`, is played at once: reported as
/// an iteration of its length.
fn mate_played(line: Vec<Move>, elapsed_ms: f64, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
    let score = Score::Mate(line.len() as i32);
    on_info(&Info {
        depth: line.len() as u32,
        seldepth: line.len() as u32,
        nodes: 0,
        nps: 0,
        time_ms: elapsed_ms.max(0.0) as u64,
        lines: vec![Line { score, pv: line.clone() }],
    });
    SearchResult { best: Some(line[0]), declare_win: false, score, depth: line.len() as u32, pv: line, nodes: 0 }
}
