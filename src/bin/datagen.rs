//! Makes the learned evaluation's training positions from the engine's own games:
//!
//! ```text
//! nice -n 19 cargo run --release --bin datagen -- --out /work/engine-data/positions.tsv --games 100000 --nodes 4000 --seed 1
//! ```
//! Each game starts with a seeded number (`RANDOM_PLIES`) of uniformly random legal moves
//! from the starting position, then the engine plays both sides at a fixed node count
//! without noise, so a seed and a game number always give the same game. One line is
//! appended per recorded position, when its game ends:
//!
//! `sfen \t search score (cp, side to move) \t game result for the side to move (1, 0.5, 0) \t game number`
//!
//! A position is recorded when the side to move is not in check, the search's best move is
//! not a capture and its score is no mate. The file is appended to: rerun the same command
//! after a stop and it carries on after the last game it holds (a game cut short by the stop
//! is played again).
//!
//! `--relabel FILE` scores the positions of an earlier file again at `--nodes`, each from an
//! empty hash table, and writes its lines with the new score (a mate as ±30,000, which the
//! trainers leave out): deeper labels for the same positions. Rerun, it carries on after the
//! last line written.

use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, BufWriter, Write};

use shogi::cli::Args;
use shogi::engine::selfplay::{play_out, quiet, result_for, Played, Seen};
use shogi::engine::{next_random, Engine, Limits, NoClock, Score, Strength};
use shogi::notation::sfen;
use shogi::rules::{Color, Game, Position};

/// A game still going after this many plies is scored a draw.
const MAX_PLIES: usize = 320;
/// The random opening's length is drawn from this range (plies).
const RANDOM_PLIES: std::ops::RangeInclusive<u64> = 6..=14;
/// An opening the search scores beyond this after its random moves is too lopsided to teach.
const BALANCED_CP: i32 = 600;
/// A game both sides score beyond this for `DECIDED_PLIES` plies in a row is decided.
const DECIDED_CP: i32 = 3000;
const DECIDED_PLIES: usize = 6;

fn main() {
    if let Err(e) = run() {
        eprintln!("datagen: {e}");
        std::process::exit(1);
    }
}

struct Options {
    out: String,
    relabel: String,
    games: u64,
    nodes: u64,
    seed: u64,
}

fn run() -> Result<(), String> {
    let args = Args::from_env();
    let options = Options {
        out: args.text("--out", ""),
        relabel: args.text("--relabel", ""),
        games: args.number("--games", "1000")?,
        nodes: args.number("--nodes", "4000")?,
        seed: args.number("--seed", "1")?,
    };
    if options.out.is_empty() {
        return Err("usage: datagen --out FILE [--games N] [--nodes N] [--seed N] [--relabel FILE]".to_string());
    }
    if !options.relabel.is_empty() {
        return relabel(&options);
    }
    let first = games_already_written(&options.out)?;
    let file = OpenOptions::new().create(true).append(true).open(&options.out).map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(file);
    let mut engine = Engine::new(16);
    engine.set_strength(Strength::FULL);
    let mut total = 0usize;
    for number in first..options.games {
        let lines = play_game(&mut engine, &options, number)?;
        for line in &lines {
            writeln!(out, "{line}\t{number}").map_err(|e| e.to_string())?;
        }
        out.flush().map_err(|e| e.to_string())?;
        total += lines.len();
        eprintln!("game {number}: {} positions ({total} this run)", lines.len());
    }
    Ok(())
}

/// Writes each line of `options.relabel` after the lines `options.out` already holds, with
/// its score searched again at `options.nodes`.
fn relabel(options: &Options) -> Result<(), String> {
    let done = lines_already_written(&options.out)?;
    let input = BufReader::new(std::fs::File::open(&options.relabel).map_err(|e| e.to_string())?);
    let file = OpenOptions::new().create(true).append(true).open(&options.out).map_err(|e| e.to_string())?;
    let mut out = BufWriter::new(file);
    let mut engine = Engine::new(16);
    engine.set_strength(Strength::FULL);
    let limits = Limits { nodes: Some(options.nodes), ..Limits::default() };
    for (number, line) in input.lines().enumerate().skip(done) {
        let line = line.map_err(|e| e.to_string())?;
        let mut fields = line.split('\t');
        let (Some(text), Some(_old_score), Some(rest)) = (fields.next(), fields.next(), fields.next()) else {
            return Err(format!("line {}: not `sfen \\t score \\t result \\t game`", number + 1));
        };
        let pos = sfen::parse_position(text).map_err(|e| format!("line {}: {e:?}", number + 1))?;
        engine.new_game();
        let found = engine.search(&pos, &[], &limits, &NoClock, &|| false, &mut |_| {});
        let cp = match found.score {
            Score::Cp(cp) => cp,
            Score::Mate(plies) => 30_000 * plies.signum(),
        };
        let tail: Vec<&str> = std::iter::once(rest).chain(fields).collect();
        writeln!(out, "{text}\t{cp}\t{}", tail.join("\t")).map_err(|e| e.to_string())?;
        if number % 1000 == 999 {
            out.flush().map_err(|e| e.to_string())?;
            eprintln!("{} positions scored again", number + 1);
        }
    }
    out.flush().map_err(|e| e.to_string())
}

/// The number of complete lines in `path` (0 for a new file).
fn lines_already_written(path: &str) -> Result<usize, String> {
    let mut count = 0;
    keep_complete_lines(path, |_| count += 1)?;
    Ok(count)
}

/// The number of the game after the last complete one in `path` (0 for a new file). Lines are
/// written a whole game at a time, so only a line cut by a stop can be incomplete.
fn games_already_written(path: &str) -> Result<u64, String> {
    let mut next = 0;
    keep_complete_lines(path, |line| {
        if let Some(game) = line.trim_end().rsplit('\t').next().and_then(|n| n.parse::<u64>().ok()) {
            next = next.max(game + 1);
        }
    })?;
    Ok(next)
}

/// Calls `visit` with each complete line of `path`, if it exists, and cuts the file back to the
/// end of the last one: a line cut by a stop is written again by the rerun.
fn keep_complete_lines(path: &str, mut visit: impl FnMut(&str)) -> Result<(), String> {
    let Ok(file) = std::fs::File::open(path) else { return Ok(()) };
    let mut complete_bytes = 0u64;
    let mut reader = BufReader::new(file);
    let mut line = String::new();
    loop {
        line.clear();
        let read = reader.read_line(&mut line).map_err(|e| e.to_string())?;
        if read == 0 || !line.ends_with('\n') {
            break;
        }
        complete_bytes += read as u64;
        visit(&line);
    }
    let file = OpenOptions::new().write(true).open(path).map_err(|e| e.to_string())?;
    file.set_len(complete_bytes).map_err(|e| e.to_string())
}

/// Plays game `number` and returns its recorded positions as `sfen \t score \t result`.
fn play_game(engine: &mut Engine, options: &Options, number: u64) -> Result<Vec<String>, String> {
    let mut rng = options.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ number.wrapping_mul(0xd1b5_4a32_d192_ed03) | 1;
    engine.new_game();
    engine.set_seed(rng);
    let mut game = Game::new(Position::startpos());
    let random_plies = RANDOM_PLIES.start() + next_random(&mut rng) % (RANDOM_PLIES.end() - RANDOM_PLIES.start() + 1);
    for _ in 0..random_plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.is_over() {
            return Ok(Vec::new());
        }
        let pick = moves.as_slice()[(next_random(&mut rng) % moves.len() as u64) as usize];
        game.play(pick).map_err(|e| format!("{pick}: {e:?}"))?;
    }
    let limits = Limits { nodes: Some(options.nodes), ..Limits::default() };
    let mut recorded: Vec<(String, i32, Color)> = Vec::new();
    let (mut decided_for, mut leader) = (0, None);
    let played = play_out(engine, &mut game, &limits, MAX_PLIES, |game, pos, found| {
        let cp = match found.score {
            Score::Cp(cp) => Some(cp),
            Score::Mate(_) => None,
        };
        if game.moves().len() as u64 == random_plies && cp.is_none_or(|cp| cp.abs() > BALANCED_CP) {
            return Seen::Abandon;
        }
        let leading = match found.score {
            Score::Mate(plies) => Some(if plies > 0 { pos.turn() } else { !pos.turn() }),
            Score::Cp(cp) if cp.abs() >= DECIDED_CP => Some(if cp > 0 { pos.turn() } else { !pos.turn() }),
            Score::Cp(_) => None,
        };
        decided_for = if leading.is_some() && leading == leader { decided_for + 1 } else { 1 };
        leader = leading;
        if leader.is_some() && decided_for >= DECIDED_PLIES {
            return Seen::Decided(leader);
        }
        if let (true, Some(cp)) = (quiet(pos, found), cp) {
            recorded.push((sfen::write_position(pos), cp, pos.turn()));
        }
        Seen::Play
    })?;
    let Played::Ended(winner) = played else { return Ok(Vec::new()) };
    Ok(recorded.into_iter().map(|(text, cp, turn)| format!("{text}\t{cp}\t{}", result_for(winner, turn))).collect())
}
