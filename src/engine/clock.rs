//! Time: when to stop searching, from a budget in milliseconds measured on an injected clock.

use super::params::NEW_ITERATION_PERCENT;
use super::{Clock, Limits};

/// The stopping rules of one search.
pub struct TimeControl {
    start_ms: f64,
    /// Stop at once when this much time has passed (None: no time limit).
    hard_ms: Option<f64>,
    /// Do not begin another iteration after this much time.
    soft_ms: Option<f64>,
}

impl TimeControl {
    pub fn new(limits: &Limits, clock: &dyn Clock) -> TimeControl {
        let budget = if limits.infinite { None } else { limits.time_ms.map(|t| t.max(1) as f64) };
        TimeControl {
            start_ms: clock.now_ms(),
            // A little headroom for answering after the search returns.
            hard_ms: budget.map(|b| b - (b / 50.0).min(10.0)),
            soft_ms: budget.map(|b| b * NEW_ITERATION_PERCENT as f64 / 100.0),
        }
    }

    pub fn elapsed_ms(&self, clock: &dyn Clock) -> f64 {
        (clock.now_ms() - self.start_ms).max(0.0)
    }

    pub fn out_of_time(&self, clock: &dyn Clock) -> bool {
        self.hard_ms.is_some_and(|hard| self.elapsed_ms(clock) >= hard)
    }

    pub fn may_start_iteration(&self, clock: &dyn Clock) -> bool {
        self.soft_ms.is_none_or(|soft| self.elapsed_ms(clock) < soft)
    }
}

/// The budget for one move under a game clock (USI `btime`/`wtime`, `binc`/`winc`,
/// `byoyomi`): a share of the main time plus most of the increment, plus the byoyomi,
/// never more than can be spent without losing on time.
pub fn move_budget(time_left_ms: u64, increment_ms: u64, byoyomi_ms: u64) -> u64 {
    const SAFETY_MS: u64 = 60;
    let spendable = (time_left_ms + byoyomi_ms).saturating_sub(SAFETY_MS);
    let wanted = time_left_ms / 30 + increment_ms * 3 / 4 + byoyomi_ms;
    wanted.min(spendable).max(1)
}
