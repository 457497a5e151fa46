//! The game's clocks at the table: the model (`model/clock.rs`) held in signals, read against
//! the page's `performance.now()` and ticked for the display. A tick only reads the time: a
//! timer that fires late (a busy page, a tab in the background) shows and counts the time
//! that really passed, never less. Provided through context; `App` (`state.rs`) passes the
//! turn with each move and ends the game when a side's time runs out.

use leptos::prelude::*;

use crate::rules::Color;
use crate::ui::model::clock::{ClockEvent, Controls, GameClock, TimeLeft};
use crate::ui::model::saved::SavedGame;

/// How often the display is brought up to date while a clock runs.
const TICK: std::time::Duration = std::time::Duration::from_millis(100);

#[derive(Clone, Copy)]
pub struct Clocks {
    /// The clocks of the game at the table; `None`: a game without a clock.
    pub clock: RwSignal<Option<GameClock>>,
    /// The time source's reading the display counts to, refreshed each tick.
    pub now: RwSignal<f64>,
    /// The moments the clocks passed last (low time, the countdown, a new period, the flag),
    /// for a part that plays sounds to act on: each change of this signal is news.
    pub events: RwSignal<Vec<ClockEvent>>,
    /// The controls the new-game panel offers first: the last chosen (none: no clock).
    pub chosen: RwSignal<Option<Controls>>,
}

/// The page's monotonic clock in ms (`performance.now()`): what the clocks count with.
pub fn performance_now() -> f64 {
    window().performance().map_or_else(js_sys::Date::now, |p| p.now())
}

impl Clocks {
    pub fn new(clock: Option<GameClock>) -> Clocks {
        let chosen = clock.as_ref().map(|c| c.controls);
        Clocks {
            clock: RwSignal::new(clock),
            now: RwSignal::new(performance_now()),
            events: RwSignal::new(Vec::new()),
            chosen: RwSignal::new(chosen),
        }
    }

    /// The part the page provided (`start_page` does, before any view is built).
    pub fn get() -> Clocks {
        expect_context::<Clocks>()
    }

    /// A saved game's clocks, carried on to now: the time since it was saved counts (a reload
    /// or a closed tab does not stop a running clock), unless it was paused.
    pub fn of_saved(game: &SavedGame) -> Option<(GameClock, Vec<ClockEvent>)> {
        let away_ms = js_sys::Date::now() - game.saved as f64;
        game.clock.as_ref().map(|clock| clock.carried_on(away_ms, performance_now()))
    }

    /// Puts `clock` at the table (a new game's, a saved game's, or none).
    pub fn put(&self, clock: Option<GameClock>) {
        self.now.set(performance_now());
        self.clock.set(clock);
    }

    /// A new game's clocks at `controls` (none: no clock), `first`'s running from now.
    pub fn start(&self, controls: Option<Controls>, first: Color) {
        self.chosen.set(controls);
        self.put(controls.map(|c| GameClock::new(c, first, performance_now())));
    }

    /// Ticks while a clock runs: counts the running side's time, hands on the moments passed,
    /// and calls `flagged` with a side whose time ran out. No timer runs without a running
    /// clock (a game without one, paused or over: a tab in the background costs nothing). A
    /// page coming back from the background ticks at once.
    pub fn keep_ticking(self, flagged: impl Fn(Color) + Copy + 'static) {
        let tick = move || self.tick(flagged);
        let running = Memo::new(move |_| self.clock.with(|c| c.as_ref().is_some_and(|c| c.running_side().is_some())));
        Effect::new(move |timer: Option<Option<IntervalHandle>>| {
            if let Some(timer) = timer.flatten() {
                timer.clear();
            }
            running.get().then(|| set_interval_with_handle(tick, TICK).ok()).flatten()
        });
        let _ = window_event_listener_untyped("visibilitychange", move |_| tick());
    }

    fn tick(&self, flagged: impl Fn(Color)) {
        if self.clock.with_untracked(|c| c.as_ref().is_none_or(|c| c.running_side().is_none())) {
            return;
        }
        let now = performance_now();
        let mut events = Vec::new();
        self.clock.update_untracked(|c| events = c.as_mut().map(|c| c.count_to(now)).unwrap_or_default());
        self.now.set(now);
        self.tell(events, flagged);
    }

    /// Hands on the moments passed (in `events`, which `browser/sound.rs` sounds), and the
    /// side out of time to `flagged`.
    fn tell(&self, events: Vec<ClockEvent>, flagged: impl Fn(Color)) {
        if events.is_empty() {
            return;
        }
        let out = events.iter().find_map(|e| if let ClockEvent::Flagged { side } = e { Some(*side) } else { None });
        self.events.set(events);
        if let Some(side) = out {
            self.clock.notify();
            flagged(side);
        }
    }

    /// `side` moved now: its clock stops and the other's runs; the time the move took, when
    /// its clock ran for it. `Err` with the side whose time had run out already (the move
    /// then does not count).
    pub fn moved(&self, side: Color) -> Result<Option<u64>, Color> {
        let now = performance_now();
        let mut result = Ok(None);
        self.clock.update(|c| {
            if let Some(c) = c.as_mut() {
                result = c.moved(side, now).map(Some);
            }
        });
        self.now.set(now);
        let Some(pressed) = result? else { return Ok(None) };
        self.tell(pressed.events, |_| {});
        Ok(pressed.took_ms)
    }

    /// The clocks follow the side to move after a move taken back or replayed.
    pub fn follow_turn(&self, turn: Color) {
        let now = performance_now();
        self.clock.update(|c| c.iter_mut().for_each(|c| c.follow_turn(turn, now)));
    }

    /// Neither clock runs any more (the game is over): the time the side to move spent on
    /// its last turn, the first time it is asked (see [`GameClock::stop`]).
    pub fn stop(&self) -> Option<u64> {
        let now = performance_now();
        let mut took = None;
        if self.clock.with_untracked(|c| c.as_ref().is_some_and(|c| !c.is_stopped())) {
            self.clock.update(|c| took = c.as_mut().and_then(|c| c.stop(now)));
        }
        took
    }

    /// Holds the running side's time from now (see [`GameClock::hold`]); whether a clock runs
    /// to be held.
    pub fn hold(&self) -> bool {
        let now = performance_now();
        let mut held = false;
        self.clock.update(|c| held = c.as_mut().is_some_and(|c| c.hold(now)));
        held
    }

    /// Counts the running side's time again from now.
    pub fn release(&self) {
        let now = performance_now();
        self.clock.update(|c| c.iter_mut().for_each(|c| c.release(now)));
    }

    /// Pauses a running game, or lets a paused one go on.
    pub fn toggle_pause(&self) {
        let now = performance_now();
        self.clock.update(|c| {
            if let Some(c) = c.as_mut() {
                if c.is_paused() {
                    c.resume(now)
                } else {
                    c.pause(now)
                }
            }
        });
        self.now.set(now);
    }

    pub fn is_paused(&self) -> bool {
        self.clock.with_untracked(|c| c.as_ref().is_some_and(GameClock::is_paused))
    }

    /// The clocks as they stand now, to be saved with the game.
    pub fn snapshot(&self) -> Option<GameClock> {
        self.clock.with_untracked(|c| c.as_ref().map(|c| c.snapshot(performance_now())))
    }

    /// `side`'s time left as the display shows it now (tracked).
    pub fn left(&self, side: Color) -> Option<TimeLeft> {
        let now = self.now.get();
        self.clock.with(|c| c.as_ref().map(|c| c.left_at(side, now)))
    }

    /// The engine's budget for its move as `side` in the game's `ply`-th position with
    /// `legal_moves` to choose from, or `None` without a clock.
    pub fn engine_budget_ms(&self, side: Color, ply: usize, legal_moves: usize) -> Option<u32> {
        let now = performance_now();
        self.clock.with_untracked(|c| {
            c.as_ref().map(|c| crate::ui::model::clock::engine_budget_ms(c.usi_times(side, now), ply, legal_moves))
        })
    }
}
