//! Time: when to stop searching, from a budget in milliseconds measured on an injected clock.

use super::{Clock, Limits};

/// The stopping rule of one search. The whole budget is searched: an iteration cut short
/// still improves the move, since the root tries the best move so far first.
pub struct TimeControl {
    start_ms: f64,
    /// Stop at once when this much time has passed (None: no time limit).
    hard_ms: Option<f64>,
}

impl TimeControl {
    pub fn new(limits: &Limits, clock: &dyn Clock) -> TimeControl {
        let budget = if limits.infinite { None } else { limits.time_ms };
        TimeControl { start_ms: clock.now_ms(), hard_ms: budget.map(searching_ms) }
    }

    pub fn elapsed_ms(&self, clock: &dyn Clock) -> f64 {
        (clock.now_ms() - self.start_ms).max(0.0)
    }

    pub fn out_of_time(&self, clock: &dyn Clock) -> bool {
        self.hard_ms.is_some_and(|hard| self.elapsed_ms(clock) >= hard)
    }
}

/// How long a search with a budget of `budget_ms` searches: a little less, as headroom for
/// answering after the search returns.
pub fn searching_ms(budget_ms: u64) -> f64 {
    let budget = budget_ms.max(1) as f64;
    budget - (budget / 50.0).min(10.0)
}

/// The budget for one move under a game clock (USI `btime`/`wtime`, `binc`/`winc`,
/// `byoyomi`): a share of the main time plus most of the increment, plus the byoyomi,
/// never more than can be spent without losing on time. The safety margin for answering
/// is a twentieth of what is left, at most 60 ms, so a short byoyomi is still mostly used.
pub fn move_budget(time_left_ms: u64, increment_ms: u64, byoyomi_ms: u64) -> u64 {
    let left = time_left_ms + byoyomi_ms;
    let spendable = left - (left / 20).min(60);
    let wanted = time_left_ms / 30 + increment_ms * 3 / 4 + byoyomi_ms;
    wanted.min(spendable).max(1)
}

#[cfg(test)]
mod tests {
    use super::move_budget;

    #[test]
    fn a_byoyomi_is_mostly_spent_and_never_overspent() {
        for byoyomi in [100, 200, 1000, 3000, 10_000] {
            let budget = move_budget(0, 0, byoyomi);
            assert!(budget < byoyomi && budget * 100 >= byoyomi * 94, "{byoyomi}: {budget}");
        }
    }

    #[test]
    fn main_time_is_shared_out_and_kept_from_running_out() {
        assert_eq!(move_budget(60_000, 0, 0), 2_000);
        assert_eq!(move_budget(60_000, 0, 1_000), 3_000);
        // An increment not yet received cannot be spent.
        assert_eq!(move_budget(100, 1_000, 0), 95);
        assert_eq!(move_budget(0, 0, 0), 1);
    }
}
