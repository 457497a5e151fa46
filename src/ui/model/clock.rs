//! The game's clocks: each side's own time control (sudden death, main time + byoyomi with
//! 1-5 periods, main time + Fischer increment), the time each has left, pause, and the
//! flag. Time comes from outside: every call that lets time pass is given the time source's
//! reading (`now`, in ms: the page's `performance.now()`, a test's fake), so the clocks
//! count the time that passed between readings and never the number of readings.
//!
//! The control's text is SPEC §4's `clock=` (seconds): `<main>[+<extra>b|f[x<periods>]]`,
//! and `/` with gote's own when the sides differ, e.g. `600+30b`, `180`, `900+10f`,
//! `600+30bx3`, `600+30b/300+30b`. A saved clock is one line of the saved game
//! (`model/saved.rs`): the control, each side's time left, the state, and the time spent on
//! the turn under way, e.g. `600+30b 59000/30000/1 600000/30000/1 run b 1000`.

use crate::engine::clock::spendable_ms;
use crate::engine::move_budget;
use crate::rules::Color;
use crate::ui::text::markup::Decimal;

/// What a side gets once its main time is spent.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Extra {
    /// Nothing: the main time spent, the side loses (sudden death).
    None,
    /// `ms` for each move, `periods` times over: a move made within a period keeps it, a
    /// period run out is gone.
    Byoyomi { ms: u64, periods: u8 },
    /// `ms` added to the main time after each move.
    Fischer { ms: u64 },
}

named_enum! {
    /// What comes after the main time, as the new-game panel names it.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum ClockKind {
        SuddenDeath = "sudden",
        Byoyomi = "byoyomi",
        Fischer = "fischer",
    }
}

/// One side's time control.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Control {
    pub main_ms: u64,
    pub extra: Extra,
}

/// The most byoyomi periods a control may give.
pub const MAX_PERIODS: u8 = 5;
/// The longest main time, byoyomi or increment a control may give: ten hours.
const MAX_SECONDS: u64 = 36_000;

impl Control {
    /// Reads one side's control, `600+30bx3`; `None` unless it is one a game can be played at.
    pub fn parse(text: &str) -> Option<Control> {
        let seconds =
            |t: &str| t.parse::<u64>().ok().filter(|&s| s <= MAX_SECONDS && t.bytes().all(|b| b.is_ascii_digit()));
        let (main, extra) = text.split_once('+').map_or((text, None), |(m, e)| (m, Some(e)));
        let main_ms = seconds(main)? * 1000;
        let extra = match extra {
            None => Extra::None,
            Some(extra) => {
                let (amount, kind) = extra.split_at(extra.find(['b', 'f'])?);
                let ms = seconds(amount).filter(|&s| s > 0)? * 1000;
                match kind {
                    "f" => Extra::Fischer { ms },
                    "b" => Extra::Byoyomi { ms, periods: 1 },
                    _ => {
                        let periods = kind.strip_prefix("bx")?.parse::<u8>().ok()?;
                        (1..=MAX_PERIODS).contains(&periods).then_some(Extra::Byoyomi { ms, periods })?
                    }
                }
            }
        };
        // With no byoyomi, a side with no main time would lose before its first move.
        let playable = main_ms > 0 || matches!(extra, Extra::Byoyomi { .. });
        playable.then_some(Control { main_ms, extra })
    }

    /// The control of the new-game panel's fields (whole seconds), if they make one a game
    /// can be played at.
    pub fn of_fields(kind: ClockKind, main_s: u64, extra_s: u64, periods: u8) -> Option<Control> {
        Control::parse(&match kind {
            ClockKind::SuddenDeath => main_s.to_string(),
            ClockKind::Byoyomi => format!("{main_s}+{extra_s}bx{periods}"),
            ClockKind::Fischer => format!("{main_s}+{extra_s}f"),
        })
    }

    /// The control as the new-game panel's fields: its kind, main time, byoyomi or increment
    /// (whole seconds) and periods.
    pub fn fields(&self) -> (ClockKind, u64, u64, u8) {
        let main_s = self.main_ms / 1000;
        match self.extra {
            Extra::None => (ClockKind::SuddenDeath, main_s, 0, 1),
            Extra::Byoyomi { ms, periods } => (ClockKind::Byoyomi, main_s, ms / 1000, periods),
            Extra::Fischer { ms } => (ClockKind::Fischer, main_s, ms / 1000, 1),
        }
    }

    /// The control as [`Control::parse`] reads it.
    pub fn write(&self) -> String {
        let main = self.main_ms / 1000;
        match self.extra {
            Extra::None => main.to_string(),
            Extra::Fischer { ms } => format!("{main}+{}f", ms / 1000),
            Extra::Byoyomi { ms, periods: 1 } => format!("{main}+{}b", ms / 1000),
            Extra::Byoyomi { ms, periods } => format!("{main}+{}bx{periods}", ms / 1000),
        }
    }

    /// The increment a move earns (0 unless Fischer).
    pub fn increment_ms(&self) -> u64 {
        match self.extra {
            Extra::Fischer { ms } => ms,
            _ => 0,
        }
    }

    /// The length of a byoyomi period (0 without byoyomi).
    pub fn period_ms(&self) -> u64 {
        match self.extra {
            Extra::Byoyomi { ms, .. } => ms,
            _ => 0,
        }
    }

    fn periods(&self) -> u8 {
        match self.extra {
            Extra::Byoyomi { periods, .. } => periods,
            _ => 0,
        }
    }
}

/// Both sides' controls: sente's and gote's (the same, or a handicap of time).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Controls {
    pub sente: Control,
    pub gote: Control,
}

impl Controls {
    pub const fn both(control: Control) -> Controls {
        Controls { sente: control, gote: control }
    }

    pub fn of(&self, color: Color) -> Control {
        color.fold(self.sente, self.gote)
    }

    /// Reads SPEC §4's `clock=` value: one control for both sides, or sente's `/` gote's.
    pub fn parse(text: &str) -> Option<Controls> {
        match text.split_once('/') {
            None => Control::parse(text).map(Controls::both),
            Some((sente, gote)) => Some(Controls { sente: Control::parse(sente)?, gote: Control::parse(gote)? }),
        }
    }

    pub fn write(&self) -> String {
        if self.sente == self.gote {
            self.sente.write()
        } else {
            format!("{}/{}", self.sente.write(), self.gote.write())
        }
    }
}

/// The controls players know, as the new-game panel offers them: 10 min + 30 s byoyomi,
/// 3 min sudden death, 0 + 10 s byoyomi, 15 min + 10 s Fischer.
pub const PRESETS: [Control; 4] = [
    Control { main_ms: 600_000, extra: Extra::Byoyomi { ms: 30_000, periods: 1 } },
    Control { main_ms: 180_000, extra: Extra::None },
    Control { main_ms: 0, extra: Extra::Byoyomi { ms: 10_000, periods: 1 } },
    Control { main_ms: 900_000, extra: Extra::Fischer { ms: 10_000 } },
];

/// One side's time left.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct TimeLeft {
    pub main_ms: f64,
    /// What is left of the byoyomi period under way (a whole period until main time is spent).
    pub period_ms: f64,
    /// Byoyomi periods left, the one under way included.
    pub periods: u8,
}

impl TimeLeft {
    fn full(control: Control) -> TimeLeft {
        TimeLeft { main_ms: control.main_ms as f64, period_ms: control.period_ms() as f64, periods: control.periods() }
    }

    /// Whether the side plays in byoyomi (its main time spent).
    pub fn in_byoyomi(&self) -> bool {
        self.main_ms <= 0.0 && self.periods > 0
    }

    /// What a clock shows (SPEC §3 `data-ms`): the main time, or the byoyomi period under way.
    pub fn shown_ms(&self) -> f64 {
        if self.in_byoyomi() {
            self.period_ms
        } else {
            self.main_ms
        }
    }
}

/// A moment worth a sound or a word, as the clock's time passes: a part that plays sounds acts
/// on these (the clock's part hands them on as they come).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClockEvent {
    /// The running side's time has come down to `seconds` (60, 30 or 20) left.
    LowTime { side: Color, seconds: u32 },
    /// Each of the last ten seconds: `seconds` left (10 down to 1).
    CountdownSecond { side: Color, seconds: u32 },
    /// A byoyomi period begins (main time spent, or a period run out): `periods` left.
    NewPeriod { side: Color, periods: u8 },
    /// The side's time ran out: it loses.
    Flagged { side: Color },
}

impl ClockEvent {
    /// The side whose clock it is.
    pub fn side(self) -> Color {
        match self {
            ClockEvent::LowTime { side, .. }
            | ClockEvent::CountdownSecond { side, .. }
            | ClockEvent::NewPeriod { side, .. }
            | ClockEvent::Flagged { side } => side,
        }
    }
}

/// The seconds left at which [`ClockEvent::LowTime`] is told (ShogiHome's warnings).
const LOW_TIME_SECONDS: [u32; 3] = [60, 30, 20];
/// The seconds counted down one by one.
const COUNTDOWN_SECONDS: u32 = 10;

/// How the clocks stand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Running {
    /// This side's time runs.
    Side(Color),
    /// This side's time would run, but the game is paused.
    Paused(Color),
    /// Neither runs: the game is over.
    Stopped,
}

/// The game's two clocks.
#[derive(Clone, PartialEq, Debug)]
pub struct GameClock {
    pub controls: Controls,
    left: [TimeLeft; 2],
    running: Running,
    /// The time source's reading up to which the running side's time is counted.
    counted_to: f64,
    /// The time the side to move has spent on its turn so far (a pause not counted): what
    /// its move took, for the record.
    turn_ms: f64,
    /// The running side's time is held, not counted: an engine whose worker is still
    /// starting has not begun to think ([`GameClock::hold`]). A moment's state, not saved.
    held: bool,
}

/// A move's press of the clock: the moments passed, and the time the move took on its side's
/// clock (none when that clock did not run for it).
#[derive(Clone, PartialEq, Debug)]
pub struct Pressed {
    pub events: Vec<ClockEvent>,
    pub took_ms: Option<u64>,
}

impl GameClock {
    /// The clocks at the start of a game, `first`'s running from `now`.
    pub fn new(controls: Controls, first: Color, now: f64) -> GameClock {
        GameClock {
            controls,
            left: [TimeLeft::full(controls.sente), TimeLeft::full(controls.gote)],
            running: Running::Side(first),
            counted_to: now,
            turn_ms: 0.0,
            held: false,
        }
    }

    pub fn running(&self) -> Running {
        self.running
    }

    /// The side whose time runs now (none while paused or stopped).
    pub fn running_side(&self) -> Option<Color> {
        match self.running {
            Running::Side(side) => Some(side),
            _ => None,
        }
    }

    pub fn is_paused(&self) -> bool {
        matches!(self.running, Running::Paused(_))
    }

    /// `side`'s time left as counted so far (see [`GameClock::left_at`] for now).
    pub fn left(&self, side: Color) -> TimeLeft {
        self.left[side.index()]
    }

    /// `side`'s time left at `now`, without changing the clocks: what a display shows.
    pub fn left_at(&self, side: Color, now: f64) -> TimeLeft {
        let mut clock = self.clone();
        clock.count_to(now);
        clock.left(side)
    }

    /// The side that ran out of time, if one has.
    pub fn flagged(&self) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.is_out(c))
    }

    fn is_out(&self, side: Color) -> bool {
        let left = self.left(side);
        left.main_ms <= 0.0 && (left.periods == 0 || left.period_ms <= 0.0)
    }

    /// Counts the running side's time up to `now`; the moments it passed are returned.
    pub fn count_to(&mut self, now: f64) -> Vec<ClockEvent> {
        let elapsed = if self.held { 0.0 } else { (now - self.counted_to).max(0.0) };
        self.counted_to = self.counted_to.max(now);
        match self.running {
            Running::Side(side) => {
                let (events, unspent) = self.spend(side, elapsed);
                // Time after the flag is nobody's: the turn took what the side had.
                self.turn_ms += elapsed - unspent;
                events
            }
            _ => Vec::new(),
        }
    }

    /// Takes `ms` off `side`'s time: the main time, then byoyomi periods one by one. The
    /// moments passed, and what of `ms` there was no time left to take it from (the flag fell).
    fn spend(&mut self, side: Color, mut ms: f64) -> (Vec<ClockEvent>, f64) {
        let mut events = Vec::new();
        let period_ms = self.controls.of(side).period_ms() as f64;
        let left = &mut self.left[side.index()];
        if left.main_ms > 0.0 {
            let before = left.main_ms;
            let spent = ms.min(before);
            left.main_ms -= spent;
            ms -= spent;
            warnings(side, before, left.main_ms, &mut events);
            if left.main_ms <= 0.0 && left.periods > 0 {
                events.push(ClockEvent::NewPeriod { side, periods: left.periods });
            }
        }
        while left.in_byoyomi() && (ms > 0.0 || left.period_ms <= 0.0) {
            let before = left.period_ms;
            let spent = ms.min(before);
            left.period_ms -= spent;
            ms -= spent;
            warnings(side, before, left.period_ms, &mut events);
            if left.period_ms > 0.0 {
                break;
            }
            if left.periods > 1 {
                left.periods -= 1;
                left.period_ms = period_ms;
                events.push(ClockEvent::NewPeriod { side, periods: left.periods });
            } else {
                break;
            }
        }
        if self.is_out(side) {
            events.push(ClockEvent::Flagged { side });
            self.running = Running::Stopped;
        }
        (events, ms)
    }

    /// `side` has moved at `now`: if its time runs, it earns its increment or keeps its
    /// byoyomi period, and the other side's time runs. A move made in time always counts:
    /// `Err` with the side out of time only if a side's time ran out before `now`.
    pub fn moved(&mut self, side: Color, now: f64) -> Result<Pressed, Color> {
        let events = self.count_to(now);
        self.held = false;
        if let Some(out) = self.flagged() {
            return Err(out);
        }
        let own_turn = matches!(self.running, Running::Side(s) | Running::Paused(s) if s == side);
        let took_ms = own_turn.then(|| self.turn_ms.round() as u64);
        if own_turn {
            self.turn_ms = 0.0;
        }
        if self.running == Running::Side(side) {
            let control = self.controls.of(side);
            let left = &mut self.left[side.index()];
            if left.in_byoyomi() {
                left.period_ms = control.period_ms() as f64;
            } else {
                left.main_ms += control.increment_ms() as f64;
            }
            self.running = Running::Side(!side);
        } else if self.running == Running::Paused(side) {
            self.running = Running::Paused(!side);
        }
        Ok(Pressed { events, took_ms })
    }

    /// The clocks follow the side to move when the game changes otherwise (a move taken
    /// back or replayed), as lishogi's clock does on a takeback: the time spent stays spent
    /// (it was spent by the side whose clock ran), no increment is earned, and the side whose
    /// clock stops has its byoyomi period whole again when its turn comes, as after a move.
    /// A game over and on again (a checkmate or a resignation taken back) is on the clock
    /// again, each side's time as it was at the end; one lost on time stays stopped: that
    /// side has no time to play on with.
    pub fn follow_turn(&mut self, turn: Color, now: f64) {
        self.count_to(now);
        self.held = false;
        // Another position: what its move takes is counted afresh.
        self.turn_ms = 0.0;
        let (was, next) = match self.running {
            Running::Side(side) => (side, Running::Side(turn)),
            Running::Paused(side) => (side, Running::Paused(turn)),
            Running::Stopped if self.flagged().is_none() => (!turn, Running::Side(turn)),
            Running::Stopped => return,
        };
        if was != turn {
            let period_ms = self.controls.of(was).period_ms() as f64;
            let left = &mut self.left[was.index()];
            if left.in_byoyomi() {
                left.period_ms = period_ms;
            }
        }
        self.running = next;
    }

    /// The running side's time stops being counted from `now` until [`GameClock::release`]
    /// (or the turn passes, or the game is paused or over): the engine's search is waiting
    /// for its worker to start, and its clock runs from when the worker takes it. Whether a
    /// side's time runs to be held.
    pub fn hold(&mut self, now: f64) -> bool {
        self.count_to(now);
        self.held = self.running_side().is_some();
        self.held
    }

    /// The held time's counting goes on from `now`; the time held was nobody's.
    pub fn release(&mut self, now: f64) {
        self.count_to(now);
        self.held = false;
    }

    /// Stops both clocks at `now`, time counted up to it.
    pub fn pause(&mut self, now: f64) {
        self.count_to(now);
        self.held = false;
        if let Running::Side(side) = self.running {
            self.running = Running::Paused(side);
        }
    }

    /// The paused side's time runs again from `now`.
    pub fn resume(&mut self, now: f64) {
        self.count_to(now);
        if let Running::Paused(side) = self.running {
            self.running = Running::Side(side);
        }
    }

    /// The game is over at `now`: neither clock runs any more. The time the side to move
    /// spent on the turn the game ended in (a resignation's, a flag's), once: for the record.
    pub fn stop(&mut self, now: f64) -> Option<u64> {
        self.count_to(now);
        self.held = false;
        self.running = Running::Stopped;
        let took = std::mem::take(&mut self.turn_ms).round() as u64;
        (took > 0).then_some(took)
    }

    /// Whether [`GameClock::stop`] would change nothing.
    pub fn is_stopped(&self) -> bool {
        self.running == Running::Stopped && self.turn_ms == 0.0
    }

    /// The times an engine playing `side` is given (USI `btime wtime binc winc byoyomi`, ms):
    /// its main time left, the increment, and the byoyomi period under way.
    pub fn usi_times(&self, side: Color, now: f64) -> UsiTimes {
        let left = self.left_at(side, now);
        let control = self.controls.of(side);
        UsiTimes {
            time_ms: left.main_ms.max(0.0) as u64,
            increment_ms: control.increment_ms(),
            byoyomi_ms: if left.periods > 0 { left.period_ms.max(0.0) as u64 } else { 0 },
        }
    }

    /// The clocks as they stand at `now`, kept to be carried on later (in another page):
    /// what the saved game holds.
    pub fn snapshot(&self, now: f64) -> GameClock {
        let mut clock = self.clone();
        clock.count_to(now);
        clock.counted_to = 0.0;
        clock.held = false;
        clock
    }

    /// A [`GameClock::snapshot`] carried on at `now`, `away_ms` after it was taken (the
    /// reload's time counts as if the page had stayed), with the moments that passed meanwhile.
    pub fn carried_on(&self, away_ms: f64, now: f64) -> (GameClock, Vec<ClockEvent>) {
        let mut clock = self.clone();
        clock.counted_to = now - away_ms.max(0.0);
        let events = clock.count_to(now);
        (clock, events)
    }

    /// The clocks as saved: the control, each side's time left as counted (main time, the
    /// period under way, periods left, in whole ms), how they stand, and the time spent on
    /// the turn under way.
    pub fn write(&self) -> String {
        let ms = |ms: f64| Decimal::new(ms, 0);
        let side = |t: TimeLeft| format!("{}/{}/{}", ms(t.main_ms), ms(t.period_ms), t.periods);
        let turn = ms(self.turn_ms);
        let state = match self.running {
            Running::Side(c) => format!("run {} {turn}", c.sfen_char()),
            Running::Paused(c) => format!("pause {} {turn}", c.sfen_char()),
            Running::Stopped => "stop".to_string(),
        };
        format!("{} {} {} {state}", self.controls.write(), side(self.left[0]), side(self.left[1]))
    }

    /// Reads [`GameClock::write`]'s text: a snapshot, to be [`GameClock::carried_on`].
    pub fn parse(text: &str) -> Option<GameClock> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (controls, sente, gote, state) = match words.as_slice() {
            [controls, sente, gote, state @ ..] => (Controls::parse(controls)?, *sente, *gote, state),
            _ => return None,
        };
        let side = |text: &str, control: Control| {
            let mut numbers = text.split('/').map(|n| n.parse::<u64>().ok());
            let (main, period, periods) = (numbers.next()??, numbers.next()??, numbers.next()??);
            let fits = numbers.next().is_none()
                && period <= control.period_ms()
                && periods <= control.periods() as u64
                && (control.increment_ms() > 0 || main <= control.main_ms);
            fits.then_some(TimeLeft { main_ms: main as f64, period_ms: period as f64, periods: periods as u8 })
        };
        let color = |c: &str| Color::ALL.into_iter().find(|color| color.sfen_char().to_string() == c);
        // The turn's time is missing from a game saved before the record kept it.
        let turn_ms = |ms: &[&str]| match ms {
            [] => Some(0.0),
            [ms] => ms.parse::<u64>().ok().map(|ms| ms as f64),
            _ => None,
        };
        let (running, turn_ms) = match state {
            ["run", c, ms @ ..] => (Running::Side(color(c)?), turn_ms(ms)?),
            ["pause", c, ms @ ..] => (Running::Paused(color(c)?), turn_ms(ms)?),
            ["stop"] => (Running::Stopped, 0.0),
            _ => return None,
        };
        let left = [side(sente, controls.sente)?, side(gote, controls.gote)?];
        Some(GameClock { controls, left, running, counted_to: 0.0, turn_ms, held: false })
    }
}

/// What USI's `go` gives an engine of its clock, for `engine::move_budget`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct UsiTimes {
    pub time_ms: u64,
    pub increment_ms: u64,
    pub byoyomi_ms: u64,
}

/// The longest an engine thinks over its only legal move.
const FORCED_MOVE_MS: u64 = 100;
/// What the page keeps of an engine's budget, at most: the reply crossing from the worker and
/// the move being played and drawn before the clock is pressed.
const PAGE_MARGIN_MS: u64 = 100;
/// The lag the page allows for on top, since it does not measure the worker's: a busy page's
/// main thread may take a while to hear the reply. With the answering margin it keeps 200 ms
/// of a 1 s byoyomi back before its own margin, as the page did before the native engine's
/// margin came down to 80 ms (its players are on phones and in background tabs; a match
/// runner's engine is not).
const PAGE_LAG_MS: u64 = 60;

/// An engine's budget for its move on the clock (`times` its USI times), in the game's
/// `ply`-th position with `legal_moves` to choose from: `engine::move_budget`'s share of its
/// time, a half share less in the opening (the first 24 plies, well-trodden ground) and a half
/// share more in the middlegame (to ply 100), never more than can be spent; at once with a
/// forced move; less the page's margin.
pub fn engine_budget_ms(times: UsiTimes, ply: usize, legal_moves: usize) -> u32 {
    let UsiTimes { time_ms, increment_ms, byoyomi_ms } = times;
    let budget = move_budget(time_ms, increment_ms, byoyomi_ms, PAGE_LAG_MS);
    let half_share = time_ms / 60;
    // Main time's share only: a byoyomi period or an increment is spent or lost each move.
    let shaped = match ply {
        0..24 => budget.saturating_sub(half_share).max(1),
        24..100 => (budget + half_share).min(spendable_ms(time_ms, byoyomi_ms, PAGE_LAG_MS)),
        _ => budget,
    };
    let shaped = if legal_moves <= 1 { shaped.min(FORCED_MOVE_MS) } else { shaped };
    (shaped - (shaped / 10).min(PAGE_MARGIN_MS)).max(1) as u32
}

/// The warnings passed as a shown time fell from `before` to `after` ms: the last low-time
/// mark and the last countdown second crossed (a tab long in the background tells only the
/// latest, not every one it missed).
fn warnings(side: Color, before: f64, after: f64, events: &mut Vec<ClockEvent>) {
    let crossed = |seconds: u32| before > seconds as f64 * 1000.0 && after <= seconds as f64 * 1000.0;
    if let Some(seconds) = LOW_TIME_SECONDS.into_iter().rev().find(|&s| crossed(s)) {
        events.push(ClockEvent::LowTime { side, seconds });
    }
    if let Some(seconds) = (1..=COUNTDOWN_SECONDS).find(|&s| crossed(s)) {
        events.push(ClockEvent::CountdownSecond { side, seconds });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Gote, Sente};

    fn controls(text: &str) -> Controls {
        Controls::parse(text).unwrap()
    }

    #[test]
    fn the_url_spellings_are_read_and_written_back() {
        for text in ["600+30b", "180", "900+10f", "600+30bx3", "600+30b/300+30b", "0+10b", "300/60+5f"] {
            assert_eq!(controls(text).write(), text);
        }
        assert_eq!(
            controls("600+30bx3").sente,
            Control { main_ms: 600_000, extra: Extra::Byoyomi { ms: 30_000, periods: 3 } }
        );
        assert_eq!(controls("600+30b/600+30b").write(), "600+30b", "the same for both is written once");
        for bad in [
            "",
            "abc",
            "0",
            "0+10f",
            "600+30bx6",
            "600+30bx0",
            "600+0b",
            "600+30",
            "600+30q",
            "-5",
            "600+30fx2",
            "1/2/3",
            "99999999",
        ] {
            assert_eq!(Controls::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_panels_fields_make_the_same_controls() {
        for preset in PRESETS {
            let (kind, main, extra, periods) = preset.fields();
            assert_eq!(Control::of_fields(kind, main, extra, periods), Some(preset));
        }
        assert_eq!(Control::of_fields(ClockKind::Byoyomi, 60, 10, 6), None, "at most five periods");
        assert_eq!(Control::of_fields(ClockKind::SuddenDeath, 0, 10, 1), None);
    }

    #[test]
    fn byoyomi_begins_when_main_time_is_spent_and_a_move_in_time_keeps_the_period() {
        let mut clock = GameClock::new(controls("10+5bx2"), Sente, 0.0);
        assert_eq!(clock.count_to(9_000.0), vec![ClockEvent::CountdownSecond { side: Sente, seconds: 1 }]);
        let events = clock.count_to(12_000.0);
        assert!(events.contains(&ClockEvent::NewPeriod { side: Sente, periods: 2 }), "{events:?}");
        let left = clock.left(Sente);
        assert!(left.in_byoyomi() && left.shown_ms() == 3_000.0 && left.periods == 2, "{left:?}");
        // Moving with 3 s of the period left keeps the period whole for the next move.
        assert!(clock.moved(Sente, 12_000.0).is_ok());
        assert_eq!(clock.left(Sente).period_ms, 5_000.0);
        assert_eq!(clock.running_side(), Some(Gote));
        // Gote's own main time runs meanwhile, sente's does not.
        assert_eq!(clock.left_at(Gote, 13_000.0).main_ms, 9_000.0);
        assert_eq!(clock.left_at(Sente, 13_000.0).period_ms, 5_000.0);
    }

    #[test]
    fn a_period_run_out_is_gone_and_the_last_one_run_out_loses() {
        let mut clock = GameClock::new(controls("0+5bx3"), Sente, 0.0);
        let events = clock.count_to(6_000.0);
        assert!(events.contains(&ClockEvent::NewPeriod { side: Sente, periods: 2 }), "{events:?}");
        assert_eq!((clock.left(Sente).periods, clock.left(Sente).period_ms), (2, 4_000.0));
        // A tab in the background for 20 s: the time passed is counted all the same.
        let events = clock.count_to(26_000.0);
        assert_eq!(events.last(), Some(&ClockEvent::Flagged { side: Sente }));
        assert_eq!(clock.flagged(), Some(Sente));
        assert_eq!(clock.running(), Running::Stopped);
        assert_eq!(clock.moved(Sente, 26_001.0), Err(Sente), "a move after the flag does not count");
    }

    #[test]
    fn fischer_adds_the_increment_after_each_move() {
        let mut clock = GameClock::new(controls("60+10f"), Sente, 1_000.0);
        clock.moved(Sente, 5_000.0).unwrap();
        assert_eq!(clock.left(Sente).main_ms, 66_000.0);
        clock.moved(Gote, 25_000.0).unwrap();
        assert_eq!(clock.left(Gote).main_ms, 50_000.0);
        assert_eq!(clock.usi_times(Sente, 26_000.0), UsiTimes { time_ms: 65_000, increment_ms: 10_000, byoyomi_ms: 0 });
    }

    #[test]
    fn sudden_death_flags_and_a_move_made_in_time_counts() {
        let mut clock = GameClock::new(controls("180"), Sente, 0.0);
        // The page hears of the move late, but it was made with 1 ms left.
        assert!(clock.moved(Sente, 179_999.0).is_ok());
        assert_eq!(clock.left(Sente).main_ms, 1.0);
        let events = clock.count_to(180_000.0 + 180_000.0);
        assert!(events.contains(&ClockEvent::Flagged { side: Gote }), "{events:?}");
        assert_eq!(clock.flagged(), Some(Gote));
    }

    #[test]
    fn the_warnings_come_at_60_30_20_and_each_of_the_last_ten_seconds() {
        let mut clock = GameClock::new(controls("61"), Sente, 0.0);
        let mut heard = Vec::new();
        for tenth in 1..=610 {
            heard.extend(clock.count_to(tenth as f64 * 100.0));
        }
        let low: Vec<u32> = heard
            .iter()
            .filter_map(|e| if let ClockEvent::LowTime { seconds, .. } = e { Some(*seconds) } else { None })
            .collect();
        let count: Vec<u32> = heard
            .iter()
            .filter_map(|e| if let ClockEvent::CountdownSecond { seconds, .. } = e { Some(*seconds) } else { None })
            .collect();
        assert_eq!(low, [60, 30, 20]);
        assert_eq!(count, (1..=10).rev().collect::<Vec<_>>());
        assert_eq!(heard.last(), Some(&ClockEvent::Flagged { side: Sente }));
    }

    #[test]
    fn the_engine_spends_more_in_the_middlegame_less_with_a_forced_move_and_never_all() {
        let times = UsiTimes { time_ms: 600_000, increment_ms: 0, byoyomi_ms: 30_000 };
        let (opening, middle, end) =
            (engine_budget_ms(times, 10, 30), engine_budget_ms(times, 50, 30), engine_budget_ms(times, 150, 30));
        assert!(opening < end && end < middle, "{opening} {end} {middle}");
        assert!(engine_budget_ms(times, 50, 1) <= 100);
        // The page keeps 280 ms of a 1 s byoyomi back in all, as before the native margin came down.
        assert_eq!(engine_budget_ms(UsiTimes { time_ms: 0, increment_ms: 0, byoyomi_ms: 1_000 }, 30, 40), 720);
        // Within a period or an increment of 1 s, the engine never spends what would flag it.
        for ply in [0, 30, 120] {
            for legal in [1, 40] {
                let byoyomi = UsiTimes { time_ms: 0, increment_ms: 0, byoyomi_ms: 1_000 };
                assert!((1..=900).contains(&engine_budget_ms(byoyomi, ply, legal)));
                let fischer = UsiTimes { time_ms: 50, increment_ms: 1_000, byoyomi_ms: 0 };
                assert!((1..50).contains(&engine_budget_ms(fischer, ply, legal)));
            }
        }
    }

    #[test]
    fn a_move_taken_back_gives_no_time_back_and_the_side_to_move_runs() {
        // Sente (a person) moves at 5 s; gote (the engine) thinks 3 s; the person takes the
        // move back: the 3 s stay gote's, and sente's clock runs again from there.
        let mut clock = GameClock::new(controls("60+5b"), Sente, 0.0);
        clock.moved(Sente, 5_000.0).unwrap();
        clock.follow_turn(Sente, 8_000.0);
        assert_eq!(clock.running_side(), Some(Sente));
        assert_eq!((clock.left(Sente).main_ms, clock.left(Gote).main_ms), (55_000.0, 57_000.0));
        assert_eq!(clock.left_at(Sente, 9_000.0).main_ms, 54_000.0);
        // The same side to move (a move and its reply taken back): nothing changes but time.
        clock.follow_turn(Sente, 9_000.0);
        assert_eq!((clock.running_side(), clock.left(Sente).main_ms), (Some(Sente), 54_000.0));
    }

    #[test]
    fn a_side_in_byoyomi_whose_clock_stops_has_its_period_whole_again() {
        let mut clock = GameClock::new(controls("0+10bx2"), Sente, 0.0);
        clock.count_to(4_000.0);
        clock.follow_turn(Gote, 4_000.0);
        assert_eq!((clock.left(Sente).period_ms, clock.left(Sente).periods), (10_000.0, 2));
        // Paused, the turn passes the same way.
        clock.pause(7_000.0);
        assert_eq!(clock.left(Gote).period_ms, 7_000.0);
        clock.follow_turn(Sente, 8_000.0);
        assert_eq!(clock.running(), Running::Paused(Sente));
        assert_eq!(clock.left(Gote).period_ms, 10_000.0);
    }

    #[test]
    fn a_game_on_again_after_its_end_is_on_the_clock_unless_lost_on_time() {
        // Gote resigns at 9 s in its period; the resignation taken back, gote's clock runs on
        // from where it stopped, and nothing counts while the game was over.
        let mut clock = GameClock::new(controls("0+10bx2"), Sente, 0.0);
        clock.moved(Sente, 2_000.0).unwrap();
        assert_eq!(clock.stop(5_000.0), Some(3_000), "the resignation's own time, for the record");
        assert!(clock.is_stopped());
        assert_eq!(clock.stop(6_000.0), None, "told once");
        clock.follow_turn(Gote, 60_000.0);
        assert_eq!(clock.running(), Running::Side(Gote));
        assert_eq!(clock.left_at(Gote, 61_000.0).period_ms, 6_000.0);
        assert_eq!(clock.left(Sente).period_ms, 10_000.0);
        // Taken back to sente's turn instead: gote's period is whole again, sente's runs.
        let mut back = GameClock::new(controls("0+10bx2"), Sente, 0.0);
        back.moved(Sente, 2_000.0).unwrap();
        back.stop(5_000.0);
        back.follow_turn(Sente, 60_000.0);
        assert_eq!((back.running(), back.left(Gote).period_ms), (Running::Side(Sente), 10_000.0));
        // Lost on time: the flag stands.
        let mut flagged = GameClock::new(controls("0+10b"), Sente, 0.0);
        flagged.count_to(10_000.0);
        assert_eq!(flagged.flagged(), Some(Sente));
        assert!(!flagged.is_stopped(), "the flag's time is still to be told");
        assert_eq!(flagged.stop(10_500.0), Some(10_000));
        // Seen late (a tab in the background): the turn took the 10 s there were, no more.
        let mut late = GameClock::new(controls("5+10bx2"), Sente, 0.0);
        late.count_to(60_000.0);
        assert_eq!((late.flagged(), late.stop(61_000.0)), (Some(Sente), Some(25_000)));
        flagged.follow_turn(Sente, 11_000.0);
        flagged.follow_turn(Gote, 12_000.0);
        assert_eq!(flagged.running(), Running::Stopped);
    }

    #[test]
    fn a_move_takes_the_time_its_side_spent_on_it_pauses_not_counted() {
        let mut clock = GameClock::new(controls("0+10b"), Sente, 0.0);
        assert_eq!(clock.moved(Sente, 3_500.0).unwrap().took_ms, Some(3_500));
        clock.pause(5_000.0);
        clock.resume(60_000.0);
        assert_eq!(clock.moved(Gote, 62_000.0).unwrap().took_ms, Some(3_500));
        // A move taken back: the turn's time is counted afresh from there.
        clock.follow_turn(Gote, 63_000.0);
        assert_eq!(clock.moved(Gote, 64_000.0).unwrap().took_ms, Some(1_000));
        // Not the mover's clock that ran (a move in a line looked back at): no time.
        assert_eq!(clock.moved(Gote, 65_000.0).unwrap().took_ms, None);
    }

    #[test]
    fn a_held_clock_counts_nothing_until_released_or_the_turn_passes() {
        // The engine's turn at 1 s byoyomi, its worker starting for 5 s: no flag.
        let mut clock = GameClock::new(controls("0+1b"), Gote, 0.0);
        assert!(clock.hold(200.0));
        assert_eq!(clock.count_to(5_000.0), Vec::new());
        assert_eq!(clock.flagged(), None);
        assert_eq!(clock.left_at(Gote, 5_000.0).period_ms, 800.0);
        clock.release(5_000.0);
        assert_eq!(clock.running(), Running::Side(Gote));
        assert_eq!(clock.moved(Gote, 5_700.0).unwrap().took_ms, Some(900));
        // A hold ends with the turn: the other side's time runs at once.
        clock.hold(6_000.0);
        clock.follow_turn(Gote, 6_000.0);
        clock.count_to(6_600.0);
        assert_eq!(clock.left(Gote).period_ms, 400.0);
        // Not saved: a reload's clocks run.
        clock.hold(6_600.0);
        assert!(!GameClock::parse(&clock.snapshot(6_700.0).write()).unwrap().held);
        // Paused or over, nothing is held.
        clock.pause(6_700.0);
        clock.resume(8_000.0);
        clock.count_to(8_100.0);
        assert_eq!(clock.left(Gote).period_ms, 300.0);
    }

    #[test]
    fn a_paused_clock_loses_no_time() {
        let mut clock = GameClock::new(controls("300+30b"), Sente, 0.0);
        clock.pause(10_000.0);
        assert!(clock.is_paused());
        assert_eq!(clock.left_at(Sente, 500_000.0).main_ms, 290_000.0);
        // A move while paused passes the turn; the time still does not run.
        clock.moved(Sente, 600_000.0).unwrap();
        assert_eq!(clock.running(), Running::Paused(Gote));
        clock.resume(700_000.0);
        assert_eq!(clock.left_at(Gote, 701_000.0).main_ms, 299_000.0);
        assert_eq!(clock.left(Sente).main_ms, 290_000.0);
    }

    #[test]
    fn each_side_has_its_own_control() {
        let mut clock = GameClock::new(controls("600+30b/60+5f"), Sente, 0.0);
        clock.moved(Sente, 1_000.0).unwrap();
        clock.moved(Gote, 2_000.0).unwrap();
        assert_eq!((clock.left(Sente).main_ms, clock.left(Gote).main_ms), (599_000.0, 64_000.0));
        assert_eq!(clock.usi_times(Sente, 2_000.0).byoyomi_ms, 30_000);
    }

    #[test]
    fn a_saved_clock_comes_back_exactly() {
        let mut clock = GameClock::new(controls("10+30bx3/600+10f"), Sente, 0.0);
        clock.moved(Sente, 2_500.0).unwrap();
        clock.moved(Gote, 4_000.0).unwrap();
        let text = clock.snapshot(30_123.4).write();
        assert_eq!(text, "10+30bx3/600+10f 0/11377/3 608500/0/0 run b 26123");
        let saved = GameClock::parse(&text).unwrap();
        // Five seconds away (the reload) count as they would have.
        let (back, events) = saved.carried_on(5_000.0, 1_000_000.0);
        assert_eq!(back.left(Sente).period_ms, 6_377.0);
        assert_eq!(events, vec![ClockEvent::CountdownSecond { side: Sente, seconds: 7 }]);
        assert_eq!(back.left_at(Sente, 1_001_000.0).period_ms, 5_377.0);
        // The move's time counts the reload too.
        assert_eq!(back.clone().moved(Sente, 1_001_000.0).unwrap().took_ms, Some(32_123));
        let older = GameClock::parse("10+30bx3/600+10f 0/11377/3 608500/0/0 run b").unwrap();
        assert_eq!(older.write(), "10+30bx3/600+10f 0/11377/3 608500/0/0 run b 0", "saved before the turn's time was");
        // A paused game stays paused, however long it was away.
        let mut paused = back.clone();
        paused.pause(1_000_000.0);
        let (back, _) = GameClock::parse(&paused.snapshot(1_000_099.0).write()).unwrap().carried_on(1e6, 5.0);
        assert!(back.is_paused());
        assert_eq!(back.left_at(Sente, 1e9), paused.left(Sente));
        for bad in [
            "",
            "600 1/0/0",
            "600 1/0/0 1/0/0 run x",
            "600 700000/0/0 1/0/0 stop",
            "600+5b 1/9000/1 1/0/0 stop",
            "600 1/0/0 1/0/0 run b x",
            "600 1/0/0 1/0/0 stop 5",
        ] {
            assert_eq!(GameClock::parse(bad), None, "{bad}");
        }
    }
}
