//! Matches between engines: our USI engine against GNU Shogi 1.4.2 (the xshogi text
//! protocol of `/usr/games/gnushogi`), or two USI command lines against each other (self-play).
//!
//! ```text
//! cargo run --release --bin match -- [--games 40] [--ms 1000 [--b-ms 3000] | --nodes N] [--a CMD] [--b gnushogi|random|CMD]
//!     [--a-option NAME=VALUE]... [--b-option NAME=VALUE]... [--openings FILE] [--log FILE] [--concurrency N]
//!     [--clock 60+1b] [--resume] [--stop-file PATH]
//! ```
//! `--a` defaults to the `usi` binary next to this one, `--b` to GNU Shogi; `random` plays a
//! uniformly random legal move. `--a-option Level=3` sends that `setoption` to a USI engine
//! before its games. Games start from
//! a fixed set of balanced openings (or the SFEN positions of `--openings`, one per line),
//! each played twice with colours swapped, at equal time per move (or, with `--nodes`, an
//! equal node count, which a loaded machine cannot skew, and at most two games an opening,
//! since the same engines replay the same game; or at time odds, `--b-ms` giving B
//! its own time per move); our rules core decides every result. `--concurrency` plays that many games at
//! once (each engine thinks on one thread, and only one side of a game thinks at a time).
//! Prints W/L/D for A, its score with a 95% error bar, the Elo difference that score means,
//! and how much of each move's budget A used (from `go` to `bestmove`, as a GUI sees it).
//! `--clock` plays on a game clock instead (the app's `clock=` spelling, in seconds:
//! `60+1b` is 1 min + 1 s byoyomi, `300+5f` 5 min + 5 s increment): each side's time is
//! kept from `go` to `bestmove` and sent as USI's `btime wtime binc winc byoyomi`, and a
//! side whose time runs out loses on time; the games lost on time are counted, with the least
//! time each side had left as an answer came (its closest call).
//! A match longer than a sitting goes on where it stopped: `--resume` counts the games already
//! in `--log`'s file (the same options, so the same openings and colours) and plays the rest,
//! adding to the file; once the file `--stop-file` names exists, no new game starts, the games
//! under way finish and the result so far is printed.

use std::collections::HashSet;
use std::hash::BuildHasher;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use shogi::notation::{sfen, usi};
use shogi::rules::{Color, Game, ImpasseRule, Move, Outcome, Position, Reason};
use shogi::ui::model::clock::{Controls, GameClock};

/// Balanced openings (a few moves of well-known even lines), played by both sides.
const OPENINGS: &[&str] = &[
    "7g7f 3c3d 2g2f 8c8d",
    "7g7f 8c8d 2g2f 8d8e 8h7g 3c3d 7i8h",
    "2g2f 8c8d 2f2e 8d8e 6i7h 4a3b",
    "7g7f 3c3d 6g6f 8b4b",
    "7g7f 3c3d 2g2f 4c4d",
    "7g7f 3c3d 7f7e",
    "5g5f 3c3d 7g7f",
    "7g7f 8c8d 6g6f 3c3d",
    "2g2f 3c3d 7g7f 4c4d 4i5h",
    "7g7f 5c5d 2g2f 5d5e",
    "2g2f 8c8d 7g7f 3c3d 8h2b+ 3a2b",
    "7g7f 3c3d 2g2f 5c5d 2f2e 8b5b",
    "7g7f 3c3d 5g5f 8c8d",
    "7g7f 8c8d 7i6h 3c3d 6g6f 7a6b",
    "2g2f 3c3d 2f2e 2b3c 7g7f",
    "7g7f 3c3d 2g2f 3d3e",
    "7g7f 4c4d 2g2f 3a3b",
    "2g2f 8c8d 2f2e 8d8e 7g7f 3c3d",
    "7g7f 3c3d 6i7h 4a3b 2g2f 3d3e",
    "5g5f 5c5d 7g7f 3c3d",
];

/// A game that reaches this many plies is adjudicated a draw (GNU Shogi knows no impasse).
const MAX_PLIES: usize = 400;

struct Options {
    games: usize,
    ms: u64,
    /// B's time per move where it differs from A's (time odds).
    b_ms: Option<u64>,
    /// Search this many nodes per move instead of a time budget (USI engines only).
    nodes: Option<u64>,
    openings: Option<String>,
    a: String,
    b: String,
    /// `setoption` name and value pairs for A and for B.
    a_options: Vec<(String, String)>,
    b_options: Vec<(String, String)>,
    log: Option<String>,
    concurrency: usize,
    /// Play on a game clock at these controls instead of a time per move.
    clock: Option<Controls>,
    /// Go on with the match whose games `log` holds.
    resume: bool,
    /// Start no new game once this file exists.
    stop_file: Option<String>,
}

impl Options {
    /// B's time per move.
    fn b_ms(&self) -> u64 {
        self.b_ms.unwrap_or(self.ms)
    }
}

fn parse_options() -> Result<Options, String> {
    let sibling = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("usi").display().to_string()))
        .unwrap_or_else(|| "usi".into());
    let mut options = Options {
        games: 40,
        ms: 1000,
        b_ms: None,
        nodes: None,
        openings: None,
        a: sibling,
        b: "gnushogi".into(),
        a_options: Vec::new(),
        b_options: Vec::new(),
        log: None,
        concurrency: 1,
        clock: None,
        resume: false,
        stop_file: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => options.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--ms" => options.ms = value()?.parse().map_err(|e| format!("--ms: {e}"))?,
            "--b-ms" => options.b_ms = Some(value()?.parse().map_err(|e| format!("--b-ms: {e}"))?),
            "--nodes" => options.nodes = Some(value()?.parse().map_err(|e| format!("--nodes: {e}"))?),
            "--openings" => options.openings = Some(value()?),
            "--a" => options.a = value()?,
            "--b" => options.b = value()?,
            "--a-option" => options.a_options.push(name_value(&value()?)?),
            "--b-option" => options.b_options.push(name_value(&value()?)?),
            "--log" => options.log = Some(value()?),
            "--concurrency" => options.concurrency = value()?.parse().map_err(|e| format!("--concurrency: {e}"))?,
            "--clock" => {
                let text = value()?;
                options.clock = Some(
                    Controls::parse(&text)
                        .ok_or_else(|| format!("--clock: '{text}' is not a time control like 60+1b"))?,
                );
            }
            "--resume" => options.resume = true,
            "--stop-file" => options.stop_file = Some(value()?),
            other => return Err(format!("unknown argument '{other}' (see the file's header for usage)")),
        }
    }
    if options.resume && options.log.is_none() {
        return Err("--resume goes on with the games of --log's file: name it".into());
    }
    if options.b_ms.is_some() && (options.nodes.is_some() || options.clock.is_some()) {
        return Err("--b-ms is a time per move: it goes with neither --nodes nor --clock".into());
    }
    if options.b == "gnushogi" && !options.b_ms().is_multiple_of(1000) {
        return Err("GNU Shogi thinks in whole seconds: its time per move must be a multiple of 1000".into());
    }
    if options.b == "gnushogi" && (options.nodes.is_some() || options.openings.is_some() || options.clock.is_some()) {
        return Err("GNU Shogi plays neither --nodes nor --openings nor --clock".into());
    }
    Ok(options)
}

/// At a fixed node count the engines play the same game again from the same opening and
/// colours, so games past two per opening would count one game several times and narrow the
/// interval falsely.
fn every_game_distinct(games: usize, fixed_nodes: bool, openings: usize) -> Result<(), String> {
    if fixed_nodes && games > 2 * openings {
        return Err(format!(
            "--nodes: {} openings give {} distinct games, not {}; at a fixed node count the rest \
             would repeat them move for move (give more openings)",
            openings,
            2 * openings,
            games
        ));
    }
    Ok(())
}

/// `Level=3` as a `setoption` name and value.
fn name_value(text: &str) -> Result<(String, String), String> {
    let (name, value) = text.split_once('=').ok_or_else(|| format!("'{text}' is not NAME=VALUE"))?;
    Ok((name.to_string(), value.to_string()))
}

/// A running program whose output lines arrive on a channel, so reads can time out. Each
/// line carries when it was read from the pipe: a loaded machine may keep the runner's own
/// thread waiting a while longer, which is not the program's time.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(String, Instant)>,
    /// When the last line [`Process::expect`] accepted was read.
    last_read: Option<Instant>,
}

impl Process {
    fn spawn(command: &str) -> Result<Process, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{command}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send((line, Instant::now())).is_err() {
                    break;
                }
            }
        });
        Ok(Process { child, stdin, lines, last_read: None })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()).map_err(|e| format!("write failed: {e}"))
    }

    /// The first line (within `timeout`) for which `accept` gives an answer.
    fn expect<T>(&mut self, timeout: Duration, mut accept: impl FnMut(&str) -> Option<T>) -> Result<T, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok((line, read)) => {
                    if let Some(answer) = accept(&line) {
                        self.last_read = Some(read);
                        return Ok(answer);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err("no answer in time".into()),
                Err(RecvTimeoutError::Disconnected) => return Err("the program exited".into()),
            }
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a player answered on its turn.
enum Answer {
    Move(String),
    Resign,
    /// USI `bestmove win`: an impasse declaration.
    DeclareWin,
}

/// One side of a game.
trait Player {
    /// Asks for a move in `game` within `budget`.
    fn play(&mut self, game: &Game, budget: Budget) -> Result<Answer, String>;
    /// When its last answer was read (None: at once, as its `play` returned).
    fn answered_at(&self) -> Option<Instant> {
        None
    }
    /// The search time the player itself reported for its last answer, if it says.
    fn reported_ms(&self) -> Option<u64> {
        None
    }
    /// Tells the player a move it did not choose (GNU Shogi follows the game itself).
    fn observe(&mut self, _moves: &[Move]) -> Result<(), String> {
        Ok(())
    }
}

struct UsiPlayer {
    process: Process,
    /// The search time its last `info ... time` line before its last answer reported.
    reported_ms: Option<u64>,
}

/// The `time` field of a USI `info` line.
fn info_time_ms(line: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    (words.next() == Some("info")).then_some(())?;
    // After `string` comes free text.
    words.take_while(|&w| w != "string").skip_while(|&w| w != "time").nth(1)?.parse().ok()
}

impl UsiPlayer {
    fn start(command: &str, options: &[(String, String)]) -> Result<UsiPlayer, String> {
        let mut process = Process::spawn(command)?;
        let startup = Duration::from_secs(10);
        process.send("usi")?;
        process.expect(startup, |l| (l.trim() == "usiok").then_some(()))?;
        for (name, value) in options {
            process.send(&format!("setoption name {name} value {value}"))?;
        }
        process.send("isready")?;
        process.expect(startup, |l| (l.trim() == "readyok").then_some(()))?;
        process.send("usinewgame")?;
        Ok(UsiPlayer { process, reported_ms: None })
    }
}

impl Player for UsiPlayer {
    fn play(&mut self, game: &Game, budget: Budget) -> Result<Answer, String> {
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
        self.process.send(&format!(
            "position sfen {} moves {}",
            sfen::write_position(game.start()),
            moves.join(" ")
        ))?;
        self.process.send(&match budget {
            Budget::Time(ms) => format!("go btime 0 wtime 0 byoyomi {ms}"),
            Budget::Nodes(nodes) => format!("go nodes {nodes}"),
            Budget::Clock { btime, wtime, binc, winc, byoyomi } => {
                format!("go btime {btime} wtime {wtime} binc {binc} winc {winc} byoyomi {byoyomi}")
            }
        })?;
        let mut reported_ms = None;
        let word = self.process.expect(budget.answer_timeout(), |l| {
            reported_ms = info_time_ms(l).or(reported_ms);
            let mut words = l.split_whitespace();
            (words.next() == Some("bestmove")).then(|| words.next().unwrap_or("").to_string())
        })?;
        self.reported_ms = reported_ms;
        Ok(match word.as_str() {
            "resign" => Answer::Resign,
            "win" => Answer::DeclareWin,
            _ => Answer::Move(word),
        })
    }

    fn answered_at(&self) -> Option<Instant> {
        self.process.last_read
    }

    fn reported_ms(&self) -> Option<u64> {
        self.reported_ms
    }
}

/// GNU Shogi in its xshogi mode: it always starts from the start position, takes moves in
/// USI spelling and answers `N. ... <move> <score>`. The moves before its first turn are
/// entered in `force` mode, then `go` makes it play the side to move.
struct GnuShogi {
    process: Process,
    /// How many of the game's moves it has been told.
    known: usize,
    thinking: bool,
}

impl GnuShogi {
    fn start(ms: u64) -> Result<GnuShogi, String> {
        let mut process = Process::spawn("/usr/games/gnushogi")?;
        process.expect(Duration::from_secs(10), |l| l.starts_with("GNU Shogi").then_some(()))?;
        process.send(&format!("level 0 0:{:02}", ms / 1000))?;
        process.send("force")?;
        Ok(GnuShogi { process, known: 0, thinking: false })
    }

    fn tell(&mut self, moves: &[Move]) -> Result<(), String> {
        for m in &moves[self.known..] {
            self.process.send(&m.to_string())?;
        }
        self.known = moves.len();
        Ok(())
    }
}

impl Player for GnuShogi {
    fn play(&mut self, game: &Game, budget: Budget) -> Result<Answer, String> {
        self.tell(game.moves())?;
        if !self.thinking {
            self.process.send("go")?;
            self.thinking = true;
        }
        let answer = self.process.expect(budget.answer_timeout(), |l| {
            if l.contains("Illegal") || l.contains("illegal") {
                return Some(Err(format!("GNU Shogi refused a move: {l}")));
            }
            if l.to_lowercase().contains("resign") {
                return Some(Ok(Answer::Resign));
            }
            match l.split_whitespace().collect::<Vec<_>>()[..] {
                [number, "...", m, ..] if number.ends_with('.') => Some(Ok(Answer::Move(m.to_string()))),
                _ => None,
            }
        })??;
        if matches!(answer, Answer::Move(_)) {
            self.known += 1;
        }
        Ok(answer)
    }

    fn answered_at(&self) -> Option<Instant> {
        self.process.last_read
    }

    fn observe(&mut self, moves: &[Move]) -> Result<(), String> {
        // Out of force mode it answers every move itself, so only opening moves are told here.
        if self.thinking {
            Ok(())
        } else {
            self.tell(moves)
        }
    }
}

/// A uniformly random legal move each turn: the floor of any ladder of strengths.
struct RandomMover {
    draws: std::collections::hash_map::RandomState,
}

impl Player for RandomMover {
    fn play(&mut self, game: &Game, _budget: Budget) -> Result<Answer, String> {
        let moves = game.position().legal_moves();
        let pick = self.draws.hash_one(game.moves().len()) as usize % moves.len().max(1);
        Ok(moves.get(pick).map_or(Answer::Resign, |m| Answer::Move(m.to_string())))
    }
}

/// What a player may spend on one move.
#[derive(Clone, Copy)]
enum Budget {
    Time(u64),
    Nodes(u64),
    /// Both sides' clocks as USI's `go` gives them, in ms (byoyomi: the mover's).
    Clock {
        btime: u64,
        wtime: u64,
        binc: u64,
        winc: u64,
        byoyomi: u64,
    },
}

impl Budget {
    /// Time to wait for a move before calling it lost on time: the budget plus generous
    /// slack for a loaded machine (a node count gets a minute).
    fn answer_timeout(self) -> Duration {
        match self {
            Budget::Time(ms) => Duration::from_millis(ms * 3 + 5000),
            Budget::Nodes(_) => Duration::from_secs(60),
            // The clock decides a late move; this only ends the wait for a program that hangs.
            Budget::Clock { btime, wtime, byoyomi, .. } => Duration::from_millis(btime.max(wtime) + byoyomi + 10_000),
        }
    }
}

/// USI's `go` times for `mover` on the game's clocks at `now`.
fn clock_budget(clock: &GameClock, mover: Color, now: f64) -> Budget {
    let [sente, gote] = Color::ALL.map(|side| clock.usi_times(side, now));
    Budget::Clock {
        btime: sente.time_ms,
        wtime: gote.time_ms,
        binc: sente.increment_ms,
        winc: gote.increment_ms,
        byoyomi: mover.fold(sente, gote).byoyomi_ms,
    }
}

/// Where a game starts: a position and the moves played from it before the engines take over.
struct Opening {
    start: Position,
    moves: Vec<Move>,
}

/// The built-in openings, or one per SFEN line of `path`.
fn openings(path: Option<&str>) -> Result<Vec<Opening>, String> {
    let Some(path) = path else {
        return OPENINGS
            .iter()
            .map(|line| {
                let moves = usi::parse_legal_moves(&Position::startpos(), line.split_whitespace())
                    .map_err(|bad| format!("opening '{line}': {}", bad.error))?;
                Ok(Opening { start: Position::startpos(), moves })
            })
            .collect();
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let start = sfen::parse_position(l.trim()).map_err(|e| format!("{path}: '{l}': {e}"))?;
            Ok(Opening { start, moves: Vec::new() })
        })
        .collect()
}

fn start_player(command: &str, setoptions: &[(String, String)], ms: u64) -> Result<Box<dyn Player>, String> {
    Ok(match command {
        "gnushogi" => Box::new(GnuShogi::start(ms)?),
        "random" => Box::new(RandomMover { draws: std::collections::hash_map::RandomState::new() }),
        _ => Box::new(UsiPlayer::start(command, setoptions)?),
    })
}

/// A finished game: the winner (None: a draw), how it ended, its moves, and the time A
/// took for each of its moves in milliseconds.
struct Played {
    winner: Option<Color>,
    how: String,
    moves: Vec<Move>,
    a_times_ms: Vec<f64>,
    /// On a game clock, the least time A and B had left on their clocks as an answer came
    /// (∞ without a clock): how close each came to losing on time.
    closest_ms: [f64; 2],
}

/// Plays one game; `a_plays` is the colour of player A.
fn play_game(options: &Options, opening: &Opening, a_plays: Color) -> Result<Played, String> {
    let mut players = [
        start_player(&options.a, &options.a_options, options.ms)?,
        start_player(&options.b, &options.b_options, options.b_ms())?,
    ];
    let index_of = |color: Color| if color == a_plays { 0 } else { 1 };
    let fixed_budgets = [options.ms, options.b_ms()].map(|ms| options.nodes.map_or(Budget::Time(ms), Budget::Nodes));
    let mut game = Game::new(opening.start.clone());
    for &m in &opening.moves {
        game.play(m).map_err(|e| format!("opening move {m}: {e}"))?;
    }
    for player in players.iter_mut() {
        player.observe(game.moves())?;
    }
    let mut a_times_ms = Vec::new();
    let mut closest_ms = [f64::INFINITY; 2];
    let played = |winner, how: String, game: &Game, a_times_ms: Vec<f64>, closest_ms| Played {
        winner,
        how,
        moves: game.moves().to_vec(),
        a_times_ms,
        closest_ms,
    };
    // The game's clocks read the time passed since the engines took over.
    let began = Instant::now();
    let now = || began.elapsed().as_secs_f64() * 1000.0;
    let mut clock = options.clock.map(|controls| GameClock::new(controls, game.position().turn(), now()));
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        if game.moves().len() >= MAX_PLIES {
            return Ok(played(None, format!("{MAX_PLIES} plies"), &game, a_times_ms, closest_ms));
        }
        let mover = game.position().turn();
        let budget = clock.as_ref().map_or(fixed_budgets[index_of(mover)], |clock| clock_budget(clock, mover, now()));
        // What the mover's clock holds as it is asked: its main time and the period under way.
        let time_had_ms = clock.as_ref().map_or(0.0, |clock| {
            let left = clock.left_at(mover, now());
            left.main_ms.max(0.0) + if left.periods > 0 { left.period_ms } else { 0.0 }
        });
        let asked = Instant::now();
        let answer = match players[index_of(mover)].play(&game, budget) {
            Ok(answer) => answer,
            Err(e) => return Ok(played(Some(!mover), format!("{mover} failed: {e}"), &game, a_times_ms, closest_ms)),
        };
        // The move is made when its line was read from the pipe.
        let answered = players[index_of(mover)].answered_at().unwrap_or_else(Instant::now);
        let took_ms = answered.saturating_duration_since(asked).as_secs_f64() * 1000.0;
        if mover == a_plays {
            a_times_ms.push(took_ms);
        }
        if clock.is_some() {
            let closest = &mut closest_ms[index_of(mover)];
            *closest = closest.min(time_had_ms - took_ms);
        }
        // A move made in time counts; one made after the flag loses on time (the log says by how much).
        let answered_ms = answered.saturating_duration_since(began).as_secs_f64() * 1000.0;
        if let Some(Err(loser)) = clock.as_mut().map(|clock| clock.moved(mover, answered_ms)) {
            let _ = game.time_out(loser);
            let over_ms = took_ms - time_had_ms;
            // Where the time went, for the match's output (the log's line keeps its form): the
            // search the engine reports against the answer's arrival.
            let reported = players[index_of(mover)].reported_ms().map_or("no".into(), |ms| format!("{ms} ms of"));
            eprintln!(
                "late answer at ply {}: {loser} answered after {took_ms:.0} ms with {time_had_ms:.0} ms on its clock; it reported {reported} search",
                game.moves().len() + 1
            );
            let how = format!("{}: {loser} took {over_ms:.0} ms more than its time", Reason::Timeout.name());
            return Ok(played(Some(!loser), how, &game, a_times_ms, closest_ms));
        }
        let ended = match answer {
            Answer::Resign => game.resign(mover).ok(),
            // A declaration the rules refuse loses, as a false claim does over the board.
            Answer::DeclareWin => Some(
                game.declare_impasse(ImpasseRule::Declaration27)
                    .unwrap_or(Outcome { winner: Some(!mover), reason: Reason::Impasse }),
            ),
            Answer::Move(text) => match usi::parse_legal(game.position(), &text).map(|m| game.play(m)) {
                Ok(Ok(())) => None,
                _ => {
                    return Ok(played(
                        Some(!mover),
                        format!("{mover} played the illegal move {text}"),
                        &game,
                        a_times_ms,
                        closest_ms,
                    ))
                }
            },
        };
        if let Some(outcome) = ended {
            break outcome;
        }
    };
    Ok(played(outcome.winner, outcome.reason.name().to_string(), &game, a_times_ms, closest_ms))
}

/// What the games so far add up to.
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
    points: Vec<f64>,
    a_times_ms: Vec<f64>,
    /// Games lost on time by A and by B.
    timeouts: [u32; 2],
    /// The least time A and B had left as an answer came, over this sitting's games (a log
    /// keeps no times).
    closest_ms: [f64; 2],
}

impl Default for Tally {
    /// No game yet: nobody has come any closer to the flag than infinitely far.
    fn default() -> Tally {
        Tally {
            wins: 0,
            losses: 0,
            draws: 0,
            points: Vec::new(),
            a_times_ms: Vec::new(),
            timeouts: [0; 2],
            closest_ms: [f64::INFINITY; 2],
        }
    }
}

fn main() {
    let options = match parse_options() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("match: {e}");
            std::process::exit(2);
        }
    };
    // Checked before the log is opened, which a new match empties.
    let openings = openings(options.openings.as_deref())
        .and_then(|openings| if openings.is_empty() { Err("no openings".into()) } else { Ok(openings) })
        .and_then(|openings| {
            every_game_distinct(options.games, options.nodes.is_some(), openings.len()).map(|()| openings)
        });
    let openings = match openings {
        Ok(openings) => openings,
        Err(e) => {
            eprintln!("match: {e}");
            std::process::exit(2);
        }
    };
    // A resumed match counts the games its log holds and adds the rest to it.
    let mut tally = Tally::default();
    let mut done = HashSet::new();
    if options.resume {
        let path = options.log.as_deref().unwrap_or_default();
        let games = std::fs::read_to_string(path)
            .map_err(|e| format!("{path}: {e}"))
            .and_then(|text| logged_games(&text).map_err(|e| format!("{path}: {e}")));
        match games {
            Ok(games) => {
                for game in games {
                    tally.count(game.a_plays, game.winner, &game.how);
                    done.insert(game.number - 1);
                }
            }
            Err(e) => {
                eprintln!("match: --resume: {e}");
                std::process::exit(2);
            }
        }
    }
    let log = Mutex::new(options.log.as_ref().map(|path| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(options.resume)
            .write(true)
            .truncate(!options.resume)
            .open(path)
            .expect("log file can be opened")
    }));
    let pace = match (options.clock, options.nodes) {
        (Some(clock), _) => format!("on the clock {} (seconds)", clock.write()),
        (None, Some(n)) => format!("at {n} nodes per move"),
        (None, None) if options.b_ms() != options.ms => {
            format!("at {} ms per move for A, {} ms for B", options.ms, options.b_ms())
        }
        (None, None) => format!("at {} ms per move", options.ms),
    };
    let described = |command: &str, setoptions: &[(String, String)]| {
        setoptions.iter().fold(command.to_string(), |text, (name, value)| format!("{text} ({name} {value})"))
    };
    println!(
        "A = {}\nB = {}\n{} games {pace}",
        described(&options.a, &options.a_options),
        described(&options.b, &options.b_options),
        options.games
    );
    // An engine that cannot start would fail every game the same way: say so once, before the first.
    for (command, setoptions, ms) in
        [(&options.a, &options.a_options, options.ms), (&options.b, &options.b_options, options.b_ms())]
    {
        if let Err(e) = start_player(command, setoptions, ms) {
            eprintln!("match: {command} does not start: {e}");
            std::process::exit(2);
        }
    }
    if options.resume {
        println!("resumed: {} games already played, +{} -{} ={}", done.len(), tally.wins, tally.losses, tally.draws);
    }
    let stop_asked = || options.stop_file.as_ref().is_some_and(|path| std::path::Path::new(path).exists());
    let tally = Mutex::new(tally);
    let next_game = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..options.concurrency.max(1) {
            scope.spawn(|| loop {
                let game = next_game.fetch_add(1, Ordering::Relaxed);
                if game >= options.games || stop_asked() {
                    break;
                }
                if done.contains(&game) {
                    continue;
                }
                let opening = &openings[(game / 2) % openings.len()];
                let a_plays = if game.is_multiple_of(2) { Color::Sente } else { Color::Gote };
                match play_game(&options, opening, a_plays) {
                    Ok(played) => record(game, a_plays, played, &mut tally.lock().unwrap(), &mut log.lock().unwrap()),
                    Err(e) => eprintln!("game {}: {e}", game + 1),
                }
            });
        }
    });
    let tally = tally.into_inner().unwrap();
    report(&tally);
    if options.clock.is_some() {
        let [a, b] = tally.closest_ms;
        println!(
            "lost on time: A {}, B {}; closest to the flag: A {a:.0} ms, B {b:.0} ms",
            tally.timeouts[0], tally.timeouts[1]
        );
    } else if options.nodes.is_none() {
        report_times(&tally.a_times_ms, options.ms);
    }
}

impl Tally {
    /// Counts a game A played as `a_plays` that `winner` won (none: a draw) as `how` says; A's point.
    fn count(&mut self, a_plays: Color, winner: Option<Color>, how: &str) -> f64 {
        let point = match winner {
            Some(c) if c == a_plays => {
                self.wins += 1;
                1.0
            }
            Some(_) => {
                self.losses += 1;
                0.0
            }
            None => {
                self.draws += 1;
                0.5
            }
        };
        self.points.push(point);
        if how.starts_with(Reason::Timeout.name()) {
            self.timeouts[if point == 0.0 { 0 } else { 1 }] += 1;
        }
        point
    }
}

/// A game as the log writes it (see [`record`]): its number from 1, A's colour, the winner
/// (none: a draw) and how it ended.
#[derive(Debug, PartialEq)]
struct LoggedGame {
    number: usize,
    a_plays: Color,
    winner: Option<Color>,
    how: String,
}

/// The games of a log, for `--resume`.
fn logged_games(log: &str) -> Result<Vec<LoggedGame>, String> {
    let color = |text: &str| match text {
        "sente" => Some(Color::Sente),
        "gote" => Some(Color::Gote),
        _ => None,
    };
    log.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let bad = || format!("not a game line of the log: '{}'", line.chars().take(80).collect::<String>());
            let rest = line.strip_prefix("game ").ok_or_else(bad)?;
            let (number, rest) = rest.split_once(" A=").ok_or_else(bad)?;
            let (a_plays, rest) = rest.split_once(' ').ok_or_else(bad)?;
            let (result, rest) = rest.split_once(" (").ok_or_else(bad)?;
            let (how, _moves) = rest.split_once("):").ok_or_else(bad)?;
            let winner = match result {
                "draw" => None,
                wins => Some(wins.strip_suffix(" wins").and_then(color).ok_or_else(bad)?),
            };
            Ok(LoggedGame {
                number: number.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?,
                a_plays: color(a_plays).ok_or_else(bad)?,
                winner,
                how: how.to_string(),
            })
        })
        .collect()
}

/// Adds one finished game to the tally, prints its line and logs its moves.
fn record(game: usize, a_plays: Color, played: Played, tally: &mut Tally, log: &mut Option<std::fs::File>) {
    let point = tally.count(a_plays, played.winner, &played.how);
    tally.a_times_ms.extend(&played.a_times_ms);
    for (least, game_least) in tally.closest_ms.iter_mut().zip(played.closest_ms) {
        *least = least.min(game_least);
    }
    let closest = match played.closest_ms {
        [a, b] if a.is_finite() || b.is_finite() => format!("   closest to the flag: A {a:.0} ms, B {b:.0} ms"),
        _ => String::new(),
    };
    println!(
        "game {:>3}: A as {:<5} {:<4} ({}, {} plies)   total +{} -{} ={}{closest}",
        game + 1,
        a_plays.to_string(),
        match point {
            1.0 => "win",
            0.0 => "loss",
            _ => "draw",
        },
        played.how,
        played.moves.len(),
        tally.wins,
        tally.losses,
        tally.draws
    );
    if let Some(file) = log.as_mut() {
        let winner = played.winner.map_or("draw".to_string(), |c| format!("{c} wins"));
        let line: Vec<String> = played.moves.iter().map(|m| m.to_string()).collect();
        let _ = writeln!(file, "game {} A={a_plays} {winner} ({}): {}", game + 1, played.how, line.join(" "));
    }
}

/// The score with a 95% Wilson interval (honest at 0% and 100%, where the normal
/// approximation shrinks to nothing) and the Elo differences those scores mean.
fn report(tally: &Tally) {
    let Tally { wins, losses, draws, points, .. } = tally;
    let n = points.len() as f64;
    if n == 0.0 {
        println!("no games finished");
        return;
    }
    let mean = points.iter().sum::<f64>() / n;
    let (low, high) = wilson_interval(mean, n);
    let elo = |score: f64| -400.0 * (1.0 / score.clamp(0.001, 0.999) - 1.0).log10();
    println!("A: +{wins} -{losses} ={draws} of {} games", points.len());
    println!("score {:.1}% (95%: {:.1}% to {:.1}%)", mean * 100.0, low * 100.0, high * 100.0);
    println!("Elo difference {:+.0} (95%: {:+.0} to {:+.0})", elo(mean), elo(low), elo(high));
}

/// How long A took per move against the budget: the share of the budget used at a few
/// percentiles, and the moves that came later than the budget plus 20 ms.
fn report_times(times_ms: &[f64], budget_ms: u64) {
    if times_ms.is_empty() {
        return;
    }
    let mut shares: Vec<f64> = times_ms.iter().map(|t| t / budget_ms as f64).collect();
    shares.sort_by(f64::total_cmp);
    let at = |p: f64| shares[((shares.len() - 1) as f64 * p).round() as usize] * 100.0;
    let late = times_ms.iter().filter(|&&t| t > budget_ms as f64 + 20.0).count();
    let latest = times_ms.iter().copied().fold(0.0, f64::max);
    println!(
        "A's time per move, % of the budget over {} moves: min {:.0}, 10th {:.0}, median {:.0}, 90th {:.0}, max {:.0}; later than budget + 20 ms: {late} (latest {latest:.0} ms)",
        shares.len(),
        at(0.0),
        at(0.1),
        at(0.5),
        at(0.9),
        at(1.0)
    );
}

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials.
fn wilson_interval(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let shrink = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / shrink;
    let half = z / shrink * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_time_is_read_from_info_lines_only() {
        assert_eq!(info_time_ms("info depth 9 seldepth 14 score cp 31 nodes 9 nps 9 time 905 pv 7g7f"), Some(905));
        assert_eq!(info_time_ms("info string time 12"), None, "free text");
        assert_eq!(info_time_ms("info time 40 string time 12"), Some(40));
        assert_eq!(info_time_ms("bestmove 7g7f"), None);
        assert_eq!(info_time_ms("info depth 1 nodes 35"), None);
    }

    #[test]
    fn every_opening_is_legal_and_distinct() {
        let openings = openings(None).unwrap();
        let distinct: std::collections::HashSet<_> = openings.iter().map(|o| o.moves.clone()).collect();
        assert_eq!(distinct.len(), OPENINGS.len());
    }

    #[test]
    fn the_committed_opening_file_gives_distinct_positions() {
        let openings = openings(Some("tests/data/openings.sfen")).unwrap();
        let distinct: std::collections::HashSet<_> = openings.iter().map(|o| sfen::write_position(&o.start)).collect();
        assert_eq!((openings.len(), distinct.len()), (150, 150));
    }

    #[test]
    fn fixed_node_games_never_repeat_an_opening_and_colours() {
        assert!(every_game_distinct(300, true, 150).is_ok());
        assert!(every_game_distinct(301, true, 150).unwrap_err().contains("300 distinct"));
        assert!(every_game_distinct(1000, false, 150).is_ok());
    }

    #[test]
    fn a_log_is_read_back_for_resuming() {
        let log = "game 1 A=sente gote wins (checkmate): 7g7f 3c3d\n\
                   game 2 A=gote draw (repetition): 2g2f\n\
                   game 4 A=gote sente wins (timeout: gote took 12 ms more than its time): 5g5f\n";
        let games = logged_games(log).unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(
            games[2],
            LoggedGame {
                number: 4,
                a_plays: Color::Gote,
                winner: Some(Color::Sente),
                how: "timeout: gote took 12 ms more than its time".into()
            }
        );
        let mut tally = Tally::default();
        for game in &games {
            tally.count(game.a_plays, game.winner, &game.how);
        }
        assert_eq!((tally.wins, tally.losses, tally.draws, tally.timeouts), (0, 2, 1, [1, 0]));
        assert!(logged_games("game 1 A=sente nobody wins (checkmate): 7g7f").is_err());
        assert!(logged_games("A: +3 -2 =0 of 5 games").is_err());
        assert!(logged_games("game 0 A=sente draw (repetition): 7g7f").is_err(), "games count from 1");
    }

    #[test]
    fn wilson_interval_stays_honest_at_the_extremes() {
        let (low, high) = wilson_interval(1.0, 40.0);
        assert!((low - 0.9124).abs() < 1e-3 && (high - 1.0).abs() < 1e-9, "{low} {high}");
        let (low, high) = wilson_interval(0.5, 100.0);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3, "{low} {high}");
    }
}
