//! Fits the evaluation's weights to data, in three steps:
//!
//! ```text
//! cargo run --release --bin tune -- play  --games 3000 --nodes 10000 --seed 1 > games.tsv
//! cargo run --release --bin tune -- label --teacher /usr/games/fairy-stockfish --depth 7 < games.tsv > labelled.tsv
//! cargo run --release --bin tune -- fit   --lambda 0 --pull 5e-11 --epochs 1000 < labelled.tsv > weights.rs
//! ```
//! `play` plays fast self-play games from varied openings and writes one line per quiet
//! position (the side to move is not in check and the search's best move is not a capture):
//! its SFEN and the game's result for the side to move (1, 0.5, 0). `label` adds a
//! teacher engine's score (USI `go depth`, side to move's view, in cp). `fit` finds the
//! weights that best predict, through a logistic curve, a blend of the result and the
//! teacher's score (`lambda` = the result's share), by gradient descent on the squared
//! error with a pull towards today's weights, and prints them as `src/engine/weights.rs`
//! (print to another file and move it there: redirecting into the source would empty it
//! before cargo builds the tuner). Data and settings: README, "Evaluation"; results: docs/history.md.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use shogi::engine::selfplay::{play_out, quiet, result_for, Played, Seen};
use shogi::engine::weights::WEIGHTS;
use shogi::engine::{eval, Engine, Limits, Score, Strength};
use shogi::notation::sfen;
use shogi::rules::{Color, Game, Position};

/// A game still going after this many plies is scored a draw.
const MAX_PLIES: usize = 320;
/// Positions before this ply are mostly the opening's random choices: not recorded.
const FIRST_RECORDED_PLY: usize = 12;
/// The opening's plies are played with a wide random margin, so games differ; later moves
/// keep a little noise so that equal positions do not repeat whole games.
const SELF_PLAY: Strength = Strength { randomness: 15, opening_randomness: 80, ..Strength::FULL };
/// Positions the search already scores beyond this are decided: they teach nothing.
const DECIDED_CP: i32 = 2500;

fn main() {
    if let Err(e) = run() {
        eprintln!("tune: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str, default: &str| -> String {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned().unwrap_or(default.to_string())
    };
    let number = |name: &str, default: &str| -> u64 {
        option(name, default).parse().unwrap_or_else(|_| panic!("{name} takes a number"))
    };
    let result = match args.first().map(String::as_str) {
        Some("play") => play(number("--games", "100"), number("--nodes", "8000"), number("--seed", "1")),
        Some("label") => label(&option("--teacher", "/usr/games/fairy-stockfish"), number("--depth", "7")),
        Some("fit") => fit(&FitOptions {
            lambda: option("--lambda", "0").parse().map_err(|_| "--lambda takes a number".to_string())?,
            pull: option("--pull", "5e-11").parse().map_err(|_| "--pull takes a number".to_string())?,
            epochs: number("--epochs", "1000") as usize,
        }),
        _ => Err("usage: tune play|label|fit [options] (see the source's header)".to_string()),
    };
    result
}

/// Self-play games; prints `sfen \t result` for each recorded position.
fn play(games: u64, nodes: u64, seed: u64) -> Result<(), String> {
    let mut out = io::stdout().lock();
    let mut engine = Engine::new(16);
    engine.set_strength(SELF_PLAY);
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    for game_number in 0..games {
        engine.new_game();
        engine.set_seed(seed.wrapping_mul(1_000_003).wrapping_add(game_number));
        let mut game = Game::new(Position::startpos());
        let mut recorded: Vec<(String, Color)> = Vec::new();
        let played = play_out(&mut engine, &mut game, &limits, MAX_PLIES, |game, pos, found| {
            let undecided = matches!(found.score, Score::Cp(cp) if cp.abs() < DECIDED_CP);
            if game.moves().len() >= FIRST_RECORDED_PLY && quiet(pos, found) && undecided {
                recorded.push((sfen::write_position(pos), pos.turn()));
            }
            Seen::Play
        })?;
        let Played::Ended(winner) = played else { continue };
        for (text, turn) in recorded {
            writeln!(out, "{text}\t{}", result_for(winner, turn)).map_err(|e| e.to_string())?;
        }
        out.flush().map_err(|e| e.to_string())?;
        eprintln!("game {} of {games}: {} plies", game_number + 1, game.moves().len());
    }
    Ok(())
}

/// Adds the teacher's score at `depth` to every line of standard input.
fn label(teacher: &str, depth: u64) -> Result<(), String> {
    let mut child = Command::new(teacher)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {teacher}: {e}"))?;
    let mut to_teacher = child.stdin.take().ok_or("no stdin")?;
    let mut from_teacher = BufReader::new(child.stdout.take().ok_or("no stdout")?).lines();
    let mut wait_for = |prefix: &str| -> Result<Vec<String>, String> {
        let mut seen = Vec::new();
        for line in from_teacher.by_ref() {
            let line = line.map_err(|e| e.to_string())?;
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return Ok(seen);
            }
        }
        Err(format!("{teacher} stopped before '{prefix}'"))
    };
    writeln!(to_teacher, "usi").map_err(|e| e.to_string())?;
    wait_for("usiok")?;
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let Some((text, _)) = line.split_once('\t') else { continue };
        writeln!(to_teacher, "position sfen {text}\ngo depth {depth}").map_err(|e| e.to_string())?;
        let said = wait_for("bestmove")?;
        let score = said.iter().rev().find_map(|l| teacher_score(l));
        if let Some(cp) = score {
            writeln!(out, "{line}\t{cp}").map_err(|e| e.to_string())?;
        }
    }
    writeln!(to_teacher, "quit").map_err(|e| e.to_string())?;
    Ok(())
}

/// The score of a USI `info` line in cp; mates count as decided scores.
fn teacher_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(value),
        "mate" => Some(if value > 0 { DECIDED_CP } else { -DECIDED_CP }),
        _ => None,
    }
}

struct FitOptions {
    /// The game result's share of the target; the rest is the teacher's score.
    lambda: f64,
    /// How strongly each weight is pulled back to today's value (L2, per weight).
    pull: f64,
    epochs: usize,
}

/// One position: its features as (index, count for the side to move minus the other's),
/// and the target win chance of the side to move.
struct Sample {
    features: Vec<(u32, f64)>,
    result: f64,
    teacher_cp: f64,
}

fn read_samples() -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let fields: Vec<&str> = line.split('\t').collect();
        let [text, result, teacher] = fields[..] else { continue };
        let pos = sfen::parse_position(text).map_err(|e| format!("{text}: {e}"))?;
        let mut counts = vec![0i32; eval::FEATURE_COUNT];
        eval::features(&pos, pos.turn(), &mut |i, n| counts[i] += n);
        eval::features(&pos, !pos.turn(), &mut |i, n| counts[i] -= n);
        counts[eval::TEMPO] += 1;
        let features = counts.iter().enumerate().filter(|(_, &n)| n != 0).map(|(i, &n)| (i as u32, n as f64)).collect();
        samples.push(Sample {
            features,
            result: result.parse().map_err(|_| format!("bad result in {line}"))?,
            teacher_cp: teacher.parse().map_err(|_| format!("bad score in {line}"))?,
        });
    }
    Ok(samples)
}

fn sigmoid(cp: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-cp / scale).exp())
}

/// The scale of the logistic curve that best predicts the results from the teacher's scores
/// (a golden-section search on the squared error).
fn fit_scale(samples: &[Sample]) -> f64 {
    let error = |scale: f64| samples.iter().map(|s| (sigmoid(s.teacher_cp, scale) - s.result).powi(2)).sum::<f64>();
    let (mut low, mut high) = (50.0f64, 5000.0f64);
    for _ in 0..60 {
        let (a, b) = (low + (high - low) * 0.382, low + (high - low) * 0.618);
        if error(a) < error(b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

fn mean_error(samples: &[Sample], weights: &[f64], scale: f64, lambda: f64) -> f64 {
    let sum: f64 = samples.iter().map(|s| (predict(s, weights, scale) - target(s, scale, lambda)).powi(2)).sum();
    sum / samples.len().max(1) as f64
}

fn predict(sample: &Sample, weights: &[f64], scale: f64) -> f64 {
    sigmoid(sample.features.iter().map(|&(i, n)| weights[i as usize] * n).sum(), scale)
}

fn target(sample: &Sample, scale: f64, lambda: f64) -> f64 {
    lambda * sample.result + (1.0 - lambda) * sigmoid(sample.teacher_cp, scale)
}

/// Fits the weights (Adam on the squared error of the predicted win chance, with every
/// tenth block of a thousand positions, about a dozen whole games, held out to show
/// over-fitting) and prints them as `weights.rs`.
fn fit(options: &FitOptions) -> Result<(), String> {
    let samples = read_samples()?;
    let mut training = Vec::new();
    let mut held_out = Vec::new();
    for (i, sample) in samples.into_iter().enumerate() {
        if (i / 1000) % 10 == 0 { &mut held_out } else { &mut training }.push(sample);
    }
    let scale = fit_scale(&training);
    let start: Vec<f64> = WEIGHTS.iter().map(|&w| f64::from(w)).collect();
    let mut weights = start.clone();
    let report = |epoch: usize, weights: &[f64]| {
        eprintln!(
            "epoch {epoch}: error {:.6} training, {:.6} held out",
            mean_error(&training, weights, scale, options.lambda),
            mean_error(&held_out, weights, scale, options.lambda)
        )
    };
    eprintln!("{} positions for training, {} held out; logistic scale {scale:.1} cp", training.len(), held_out.len());
    report(0, &weights);
    let (mut moment, mut velocity) = (vec![0.0; weights.len()], vec![0.0; weights.len()]);
    let (beta1, beta2, rate) = (0.9f64, 0.999f64, 1.0f64);
    for epoch in 1..=options.epochs {
        let mut gradient: Vec<f64> = weights.iter().zip(&start).map(|(w, s)| 2.0 * options.pull * (w - s)).collect();
        let per_sample = 2.0 / training.len() as f64 / scale;
        for sample in &training {
            let p = predict(sample, &weights, scale);
            let slope = (p - target(sample, scale, options.lambda)) * p * (1.0 - p) * per_sample;
            for &(i, n) in &sample.features {
                gradient[i as usize] += slope * n;
            }
        }
        for i in 0..weights.len() {
            moment[i] = beta1 * moment[i] + (1.0 - beta1) * gradient[i];
            velocity[i] = beta2 * velocity[i] + (1.0 - beta2) * gradient[i] * gradient[i];
            let unbiased_moment = moment[i] / (1.0 - beta1.powi(epoch as i32));
            let unbiased_velocity = velocity[i] / (1.0 - beta2.powi(epoch as i32));
            weights[i] -= rate * unbiased_moment / (unbiased_velocity.sqrt() + 1e-12);
        }
        if epoch % 100 == 0 || epoch == options.epochs {
            report(epoch, &weights);
        }
    }
    // The teacher's scores favour the side to move (by about 150 cp in self-play positions,
    // where the side to move scores 49%): the fitted tempo carries that bias, so it is not kept.
    weights[eval::TEMPO] = start[eval::TEMPO];
    print!("{}", weights_source(&weights)?);
    Ok(())
}

/// `weights.rs`: one section per feature kind, nine weights to a line (a board rank). The
/// table holds `i16`s, half the bytes of `i32`s in the engine's wasm; a weight beyond that
/// range is an error rather than clipped.
fn weights_source(weights: &[f64]) -> Result<String, String> {
    let mut text = String::from(
        "//! The evaluation's weights in centipawns, in the order of `eval::SECTIONS`: fitted to data\n\
         //! by `tune fit` (src/bin/tune.rs), which writes this file.\n\n#[rustfmt::skip]\n",
    );
    text += &format!("pub static WEIGHTS: [i16; {}] = [\n", weights.len());
    let centipawns = |w: f64| {
        let rounded = w.round();
        if (f64::from(i16::MIN)..=f64::from(i16::MAX)).contains(&rounded) {
            Ok(format!("{},", rounded as i16))
        } else {
            Err(format!("a fitted weight of {rounded} cp does not fit in an i16"))
        }
    };
    for (name, range) in eval::SECTIONS {
        text += &format!("    // {name}\n");
        for row in weights[range].chunks(9) {
            let row = row.iter().map(|&w| centipawns(w)).collect::<Result<Vec<String>, String>>()?;
            text += &format!("    {}\n", row.join(" "));
        }
    }
    Ok(text + "];\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_file_is_what_the_tuner_writes() {
        let weights: Vec<f64> = WEIGHTS.iter().map(|&w| f64::from(w)).collect();
        assert_eq!(weights_source(&weights).unwrap(), include_str!("../engine/weights.rs"));
    }

    #[test]
    fn a_weight_beyond_the_table_type_is_refused() {
        let mut weights = vec![0.0; eval::FEATURE_COUNT];
        weights[eval::TEMPO] = 40_000.0;
        assert!(weights_source(&weights).is_err());
        weights[eval::TEMPO] = -32_768.4;
        assert!(weights_source(&weights).is_ok());
    }
}
