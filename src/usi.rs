//! The USI command loop over any reader and writer, so tests can feed it a transcript.
//! [`Session::run`] reads its input on a separate thread, so `stop` reaches a running
//! search at once; [`Session::handle`] runs one command synchronously (a search then ends
//! only by its own limits).

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::engine::clock::{AnswerLag, GapWatch};
use crate::engine::strength::LEVELS;
use crate::engine::{bench, learned, move_budget, Clock, Engine, Info, Limits, MateResult, Strength};
use crate::notation::{clip, sfen, usi};
use crate::rules::{Color, Ply, Position};

pub const ENGINE_NAME: &str = concat!("shogi-wasm ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the shogi-wasm developers";

const DEFAULT_HASH_MB: usize = 16;
const MAX_HASH_MB: usize = 1024;
/// More lines than a person reads; each costs about as much search as the first.
const MAX_MULTIPV: usize = 16;

/// Native time for the engine.
pub struct SystemClock(Instant);

impl SystemClock {
    pub fn new() -> SystemClock {
        SystemClock(Instant::now())
    }

    /// Time counted from `start` (a command's arrival: the wait for its turn counts).
    pub fn since(start: Instant) -> SystemClock {
        SystemClock(start)
    }
}

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// When a command was read, and how long its reader had waited for a CPU to read it: time
/// the GUI's clock already counts and the engine's does not.
#[derive(Clone, Copy)]
struct Arrival {
    at: Instant,
    cpu_wait_ms: u64,
}

impl Arrival {
    fn now() -> Arrival {
        Arrival { at: Instant::now(), cpu_wait_ms: 0 }
    }
}

/// How long the calling thread has waited, ready to run, for a CPU since it started, in
/// nanoseconds, as Linux counts it (`/proc/thread-self/schedstat`); None where that cannot
/// be read. A thread blocked reading its input does not wait for a CPU until the input comes,
/// so across a read this is the wait between the input's arrival and its reading.
fn cpu_wait_ns() -> Option<u64> {
    schedstat_run_delay(&std::fs::read_to_string("/proc/thread-self/schedstat").ok()?)
}

/// The run delay of a `schedstat` line: time on the CPU, time waiting for one, timeslices.
fn schedstat_run_delay(line: &str) -> Option<u64> {
    line.split_whitespace().nth(1)?.parse().ok()
}

/// How a running command learns that `stop` (or `quit`) arrived.
pub trait StopSignal {
    fn stopped(&self) -> bool;
    /// Blocks until `stopped()`; `go infinite` must not answer before.
    fn wait(&self);
}

/// For synchronous use: nothing can arrive while a command runs.
struct NeverStop;

impl StopSignal for NeverStop {
    fn stopped(&self) -> bool {
        false
    }
    fn wait(&self) {}
}

/// Stops seen by the reader thread, compared with how many it had seen when a command arrived.
struct StopCounter {
    seen: Arc<AtomicU64>,
    at_command: u64,
}

impl StopSignal for StopCounter {
    fn stopped(&self) -> bool {
        self.seen.load(Ordering::Acquire) > self.at_command
    }
    fn wait(&self) {
        while !self.stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// The engine's state between commands.
pub struct Session {
    position: Position,
    /// Every position of the game from the `position` command's start to `position`.
    history: Vec<Ply>,
    engine: Engine,
    /// How late answers are seen to arrive: what a move on the clock keeps back.
    lag: AnswerLag,
    /// The longest a command since the last `go` waited for a CPU before it was read: the
    /// answer may wait as long for one at the other end.
    read_wait_ms: u64,
    /// The last move on the clock: what `go` told of its main time, and how long the engine
    /// measured it (from `go` read to `bestmove` written), for the next `go` to tell the lag.
    last_on_clock: Option<(GoClock, u64)>,
}

impl Default for Session {
    fn default() -> Session {
        let position = Position::startpos();
        let mut engine = Engine::new(DEFAULT_HASH_MB);
        engine.set_learned_weights(learned::built_in());
        Session {
            history: vec![Ply::of(&position)],
            position,
            engine,
            lag: AnswerLag::default(),
            read_wait_ms: 0,
            last_on_clock: None,
        }
    }
}

/// What the loop should do after a command.
#[derive(PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

impl Session {
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Handles one command line, writing the replies to `out`.
    pub fn handle(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<Flow> {
        self.handle_with(line, Arrival::now(), out, &NeverStop)
    }

    /// Handles `line`, read at `arrived`.
    fn handle_with(
        &mut self,
        line: &str,
        arrived: Arrival,
        out: &mut impl Write,
        stop: &dyn StopSignal,
    ) -> std::io::Result<Flow> {
        self.read_wait_ms = self.read_wait_ms.max(arrived.cpu_wait_ms);
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { return Ok(Flow::Continue) };
        let rest: Vec<&str> = words.collect();
        match command {
            "usi" => {
                writeln!(out, "id name {ENGINE_NAME}")?;
                writeln!(out, "id author {ENGINE_AUTHOR}")?;
                writeln!(out, "option name USI_Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}")?;
                writeln!(out, "option name Seed type spin default 0 min 0 max 2147483647")?;
                writeln!(out, "option name Level type spin default 0 min 0 max {}", LEVELS.len())?;
                writeln!(out, "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}")?;
                writeln!(out, "option name LearnedEval type check default true")?;
                writeln!(out, "usiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "usinewgame" => {
                self.engine.new_game();
                self.last_on_clock = None;
            }
            "setoption" => {
                if let Err(reason) = self.set_option(&rest) {
                    writeln!(out, "info string error: {reason}")?;
                }
            }
            "gameover" | "stop" | "ponderhit" => {}
            "quit" => return Ok(Flow::Quit),
            "position" => match usi::parse_position_command(&rest) {
                Ok(command) => {
                    let positions = command.positions();
                    self.history = positions.iter().map(Ply::of).collect();
                    self.position = positions.into_iter().next_back().unwrap_or_else(Position::startpos);
                }
                Err(reason) => writeln!(out, "info string error: {reason}")?,
            },
            "go" => self.go(&rest, arrived.at, out, stop)?,
            "bench" => bench(out, rest == ["learned"])?,
            "d" => {
                write!(out, "{}", board_picture(&self.position))?;
                writeln!(out, "sfen {}", sfen::write_position(&self.position))?;
            }
            other => writeln!(out, "info string error: unknown command '{}'", clip(other, 40))?,
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    /// `setoption name <id> [value <x>]`.
    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let (name, value) = match args {
            ["name", name, "value", value] => (*name, *value),
            ["name", name] => (*name, ""),
            _ => return Err("setoption needs 'name <id> [value <x>]'".into()),
        };
        let number = |max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|&v| v <= max)
                .ok_or_else(|| format!("{name} needs a number up to {max}, not '{}'", clip(value, 40)))
        };
        match name {
            "USI_Hash" => self.engine.set_hash_mb(number(MAX_HASH_MB as u64)?.max(1) as usize),
            "Seed" => self.engine.set_seed(number(i32::MAX as u64)?),
            "Level" => self.engine.set_strength(Strength::level(number(LEVELS.len() as u64)? as usize)),
            "MultiPV" => self.engine.set_multipv(number(MAX_MULTIPV as u64)? as usize),
            "LearnedEval" => match value {
                "true" => self.engine.set_learned_weights(learned::built_in()),
                "false" => self.engine.set_learned_weights(None),
                _ => return Err(format!("LearnedEval is true or false, not '{}'", clip(value, 40))),
            },
            "USI_Ponder" | "USI_OwnBook" => {}
            other => return Err(format!("unknown option '{}'", clip(other, 40))),
        }
        Ok(())
    }

    fn go(
        &mut self,
        args: &[&str],
        arrived: Instant,
        out: &mut impl Write,
        stop: &dyn StopSignal,
    ) -> std::io::Result<()> {
        match args {
            ["perft", depth] => match depth.parse::<u32>() {
                Ok(depth) if depth >= 1 => {
                    let mut total = 0;
                    for (m, count) in self.position.perft_divide(depth) {
                        writeln!(out, "{m}: {count}")?;
                        total += count;
                    }
                    writeln!(out, "Nodes searched: {total}")?;
                }
                _ => writeln!(out, "info string error: perft needs a depth of at least 1")?,
            },
            ["mate", time] => {
                let limits = match *time {
                    "infinite" => Limits { infinite: true, ..Limits::default() },
                    ms => match ms.parse::<u64>() {
                        Ok(ms) => Limits { time_ms: Some(ms), ..Limits::default() },
                        Err(_) => return writeln!(out, "info string error: go mate needs milliseconds or 'infinite'"),
                    },
                };
                let clock = SystemClock::new();
                let answer = match self.engine.mate_search(&self.position, &limits, &clock, &|| stop.stopped()) {
                    MateResult::Found(line) => line.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" "),
                    MateResult::NoMate => "nomate".into(),
                    MateResult::Timeout => "timeout".into(),
                };
                writeln!(out, "checkmate {answer}")?;
            }
            _ => match parse_go(args, self.position.turn()) {
                Ok((limits, on_clock)) => self.search_on_clock(limits, on_clock, arrived, out, stop)?,
                Err(reason) => writeln!(out, "info string error: {reason}")?,
            },
        }
        Ok(())
    }

    /// Searches within `limits`, or on a game clock (`on_clock`) within a budget that keeps
    /// back for answering late, timed from the `go` command's arrival; notes how late answers
    /// arrive, from what the GUI charged for the last move, from how long the commands waited
    /// to be read, and from this move's gaps.
    fn search_on_clock(
        &mut self,
        mut limits: Limits,
        on_clock: GoClock,
        arrived: Instant,
        out: &mut impl Write,
        stop: &dyn StopSignal,
    ) -> std::io::Result<()> {
        if let (Some((before, measured_ms)), Some(after_ms)) = (self.last_on_clock.take(), on_clock.time_left_ms) {
            let charged =
                AnswerLag::charged(before.time_left_ms.unwrap_or(0), before.increment_ms, after_ms, measured_ms);
            self.lag.at_least(charged.unwrap_or(0));
        }
        self.lag.at_least(std::mem::take(&mut self.read_wait_ms));
        let budget = on_clock.budget_ms(self.lag.ms());
        limits.time_ms = limits.time_ms.or(budget);
        let system = SystemClock::since(arrived);
        let clock = GapWatch::new(&system);
        self.search(&limits, &clock, out, stop)?;
        if budget.is_some() {
            // Read once more: the wait from the search's end to `bestmove` written counts too.
            let measured_ms = clock.now_ms() as u64;
            self.lag.observe(clock.longest_gap_ms() as u64);
            self.last_on_clock = Some((on_clock, measured_ms));
        }
        Ok(())
    }

    fn search(
        &mut self,
        limits: &Limits,
        clock: &dyn Clock,
        out: &mut impl Write,
        stop: &dyn StopSignal,
    ) -> std::io::Result<()> {
        let mut write_error = None;
        let result =
            self.engine.search(&self.position, &self.history, limits, clock, &|| stop.stopped(), &mut |info| {
                for line in info_lines(info) {
                    if let Err(e) = writeln!(out, "{line}").and_then(|_| out.flush()) {
                        write_error.get_or_insert(e);
                    }
                }
            });
        if let Some(e) = write_error {
            return Err(e);
        }
        if limits.infinite {
            stop.wait();
        }
        match (result.declare_win, result.best) {
            (true, _) => writeln!(out, "bestmove win")?,
            (false, Some(m)) => writeln!(out, "bestmove {m}")?,
            (false, None) => writeln!(out, "bestmove resign")?,
        }
        out.flush()
    }

    /// Reads commands until `quit` or end of input. A thread reads the input, so a `stop`
    /// reaches the running search at once.
    pub fn run(&mut self, input: impl BufRead + Send + 'static, mut out: impl Write) -> std::io::Result<()> {
        let stops = Arc::new(AtomicU64::new(0));
        let (sender, receiver) = mpsc::channel();
        let reader_stops = Arc::clone(&stops);
        std::thread::spawn(move || {
            let mut lines = input.lines();
            loop {
                // Read just before the line is: a wait for a CPU after the last line was
                // handed on (the search it started took the CPU) is no wait for this one.
                let waited_before = cpu_wait_ns();
                let Some(Ok(line)) = lines.next() else { break };
                let cpu_wait_ms =
                    cpu_wait_ns().zip(waited_before).map_or(0, |(now, before)| now.saturating_sub(before) / 1_000_000);
                let arrived = Arrival { at: Instant::now(), cpu_wait_ms };
                let seen = reader_stops.load(Ordering::Acquire);
                if matches!(line.split_whitespace().next(), Some("stop" | "quit")) {
                    reader_stops.fetch_add(1, Ordering::AcqRel);
                }
                if sender.send((line, arrived, seen)).is_err() {
                    break;
                }
            }
            // End of input: stop whatever runs, as `quit` would.
            reader_stops.fetch_add(1, Ordering::AcqRel);
        });
        for (line, arrived, seen) in receiver {
            let signal = StopCounter { seen: Arc::clone(&stops), at_command: seen };
            if self.handle_with(&line, arrived, &mut out, &signal)? == Flow::Quit {
                break;
            }
        }
        Ok(())
    }
}

/// The `info` lines of one report: one per line of play, numbered (`multipv k`) when there are several.
pub fn info_lines(info: &Info) -> Vec<String> {
    let numbered = info.lines.len() > 1;
    info.lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let multipv = if numbered { format!(" multipv {}", i + 1) } else { String::new() };
            let pv: Vec<String> = line.pv.iter().map(|m| m.to_string()).collect();
            format!(
                "info depth {} seldepth {}{multipv} score {} nodes {} nps {} time {} pv {}",
                info.depth,
                info.seldepth,
                line.score,
                info.nodes,
                info.nps,
                info.time_ms,
                pv.join(" ")
            )
        })
        .collect()
}

/// What `go` told of the mover's clock (ms): its main time left (None: no clock given), its
/// increment and its byoyomi.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct GoClock {
    pub time_left_ms: Option<u64>,
    pub increment_ms: u64,
    pub byoyomi_ms: u64,
}

impl GoClock {
    /// The move's budget on this clock, answers being seen to arrive up to `lag_ms` late;
    /// None when `go` gave no clock.
    pub fn budget_ms(&self, lag_ms: u64) -> Option<u64> {
        let on_clock = self.time_left_ms.is_some() || self.byoyomi_ms > 0;
        on_clock.then(|| move_budget(self.time_left_ms.unwrap_or(0), self.increment_ms, self.byoyomi_ms, lag_ms))
    }
}

/// The limits `go <args>` sets for the side `turn` (a time only with `movetime`: a clock's
/// budget is [`GoClock::budget_ms`]), and what it told of the mover's clock.
pub fn parse_go(args: &[&str], turn: Color) -> Result<(Limits, GoClock), String> {
    let mut limits = Limits::default();
    let (mut btime, mut wtime, mut binc, mut winc, mut byoyomi) = (None, None, 0, 0, 0);
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        if matches!(word, "infinite" | "ponder") {
            limits.infinite = true;
            continue;
        }
        let value = words.next().ok_or_else(|| format!("go {word} needs a value"))?;
        let number =
            value.parse::<u64>().map_err(|_| format!("go {word} needs a number, not '{}'", clip(value, 40)))?;
        match word {
            "btime" => btime = Some(number),
            "wtime" => wtime = Some(number),
            "binc" => binc = number,
            "winc" => winc = number,
            "byoyomi" => byoyomi = number,
            "movestogo" => {}
            "movetime" => limits.time_ms = Some(number),
            "depth" => limits.depth = Some(number.clamp(1, u32::MAX as u64) as u32),
            "nodes" => limits.nodes = Some(number.max(1)),
            other => return Err(format!("unknown go parameter '{}'", clip(other, 40))),
        }
    }
    let (time_left_ms, increment_ms) = turn.fold((btime, binc), (wtime, winc));
    Ok((limits, GoClock { time_left_ms, increment_ms, byoyomi_ms: byoyomi }))
}

/// Searches the bench positions to a fixed depth, with the built-in evaluation or, if
/// `learned`, the learned one, and prints total nodes (a signature that changes only when
/// the search does) and the speed.
pub fn bench(out: &mut impl Write, learned: bool) -> std::io::Result<()> {
    let mut engine = bench::Bench::new(learned);
    let clock = SystemClock::new();
    let mut total_nodes = 0;
    for (i, text) in bench::POSITIONS.iter().enumerate() {
        let result = engine.search(i);
        let best = result.best.map_or("resign".to_string(), |m| m.to_string());
        writeln!(out, "{text}: {} nodes, best {best}", result.nodes)?;
        total_nodes += result.nodes;
    }
    let ms = clock.now_ms().max(1.0);
    writeln!(out, "Total nodes: {total_nodes}")?;
    writeln!(out, "Time: {ms:.0} ms")?;
    writeln!(out, "Nodes/second: {:.0}", total_nodes as f64 * 1000.0 / ms)
}

/// A plain-text board as sente sees it, with hands.
pub fn board_picture(pos: &Position) -> String {
    use crate::rules::Square;
    let mut out = String::new();
    let hand = |c: Color| {
        let mut hands = [crate::rules::Hand::EMPTY; 2];
        hands[c.index()] = *pos.hand(c);
        sfen::write_hands(&hands)
    };
    out.push_str(&format!("gote hand: {}\n", hand(Color::Gote)));
    out.push_str("  9  8  7  6  5  4  3  2  1\n");
    for (rank, row) in Square::reading_order() {
        for sq in row {
            let cell = pos.piece_at(sq).map(|p| p.sfen()).unwrap_or_else(|| ".".into());
            out.push_str(&format!("{cell:>3}"));
        }
        out.push_str(&format!("  {}\n", (b'a' + rank) as char));
    }
    out.push_str(&format!("sente hand: {}\n", hand(Color::Sente)));
    out.push_str(&format!("side to move: {}\n", pos.turn()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedstat_gives_the_time_spent_waiting_for_a_cpu() {
        assert_eq!(schedstat_run_delay("123456789 987654321 42\n"), Some(987_654_321));
        assert_eq!(schedstat_run_delay("123456789\n"), None);
        if cfg!(target_os = "linux") {
            assert!(cpu_wait_ns().is_some(), "Linux tells each thread's run delay");
        }
    }

    #[test]
    fn a_command_that_waited_for_a_cpu_makes_the_next_move_keep_back_more() {
        let mut session = Session::default();
        let late = Arrival { at: Instant::now(), cpu_wait_ms: 300 };
        session.handle_with("position startpos", late, &mut Vec::new(), &NeverStop).unwrap();
        session.handle_with("go btime 0 wtime 0 byoyomi 1000", Arrival::now(), &mut Vec::new(), &NeverStop).unwrap();
        assert!(session.lag.ms() >= 300 * 15 / 16, "{}", session.lag.ms());
        assert_eq!(session.read_wait_ms, 0, "each wait counts for the move it came before");
    }
}
