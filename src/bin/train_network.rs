//! Fits the learned evaluation's network (`engine/network.rs`) to the positions `datagen`
//! makes, on top of the built-in evaluation and the king-relative weights of a weights file,
//! and writes that file again with the network after its weights:
//!
//! ```text
//! nice -n 19 cargo run --release --bin train_network -- --data /work/engine-data/positions.tsv \
//!     --weights public/learned-eval.bin --out public/learned-eval.bin
//! ```
//! Options: `--epochs N` (8), `--lambda X` (0: the game result's share of the target, the rest
//! is the search's score), `--seed N` (1: the first weights and the order of the positions),
//! `--limit N` (read at most N positions), `--warm` (start from the network the weights file
//! holds, so that what it learned from earlier data carries over to the new, instead of from
//! seeded first weights; tried once, on 446,413 lines of the engine's own new games, it lowered
//! the held-out error and lost a match to the network it started from: docs/history.md,
//! 2026-11-29).
//!
//! As in `train`, scores become win chances on a logistic curve fitted to the data, and the
//! network minimises the squared error of the chance against the target; every tenth game
//! is held out, and the epoch with the least held-out error is written. Training is Adam on
//! batches of [`BATCH`] positions in a seeded order, on one thread: the same data and options
//! give the same file. Eight epochs on 720,000 positions take about half a minute.

use std::io::{BufRead, BufReader};

use shogi::cli::Args;
use shogi::engine::eval;
use shogi::engine::fitting::{fit_scale, read_samples, sigmoid, Line};
use shogi::engine::learned::{self, LearnedWeights, FEATURE_COUNT};
use shogi::engine::network::{features, Network, FEATURES, HIDDEN};

/// Positions per step of Adam.
const BATCH: usize = 1024;
/// Adam's steps: the first layer's in units of activation, the output layer's in centipawns.
const FIRST_RATE: f32 = 0.0005;
const OUT_RATE: f32 = 0.1;

fn main() {
    if let Err(e) = run() {
        eprintln!("train_network: {e}");
        std::process::exit(1);
    }
}

struct Options {
    epochs: usize,
    lambda: f32,
    seed: u64,
    /// The network to start from, instead of seeded first weights.
    start: Option<Network>,
}

fn run() -> Result<(), String> {
    let args = Args::from_env();
    let (data, weights_file, out) = (args.text("--data", ""), args.text("--weights", ""), args.text("--out", ""));
    if data.is_empty() || weights_file.is_empty() || out.is_empty() {
        return Err(
            "usage: train_network --data FILE --weights FILE --out FILE [options] (see the source's header)".into()
        );
    }
    let mut options = Options {
        epochs: args.number("--epochs", "8")?,
        lambda: args.number("--lambda", "0")?,
        seed: args.number("--seed", "1")?,
        start: None,
    };
    let limit: usize = args.number("--limit", &usize::MAX.to_string())?;
    let bytes = std::fs::read(&weights_file).map_err(|e| format!("{weights_file}: {e}"))?;
    // The base is the weights alone: a network the file holds is fitted again, from seeded
    // first weights or (`--warm`) from itself.
    let weights_part = &bytes[..(learned::MAGIC.len() + FEATURE_COUNT * 2).min(bytes.len())];
    let weights = LearnedWeights::from_bytes(weights_part)?;
    if args.flag("--warm") {
        let held = LearnedWeights::from_bytes(&bytes)?.network;
        options.start = Some(held.ok_or(format!("--warm: {weights_file} holds no network"))?);
    }
    let file = std::fs::File::open(&data).map_err(|e| format!("{data}: {e}"))?;
    let lines: Vec<String> =
        BufReader::new(file).lines().take(limit).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    let (training, held_out) = read_samples(&lines, 2, |line| sample(line, &weights))?;
    eprintln!("{} positions for training, {} held out", training.len(), held_out.len());
    let network = fit(&training, &held_out, &options, &mut |line| eprintln!("{line}"));
    let mut written = weights_part.to_vec();
    written.extend(network.to_bytes()?);
    std::fs::write(&out, written).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out}");
    Ok(())
}

/// One position, for the side to move: the evaluation without the network, the network's
/// features from both ends (the side to move's first), the search's score and the result.
struct Sample {
    base: f32,
    ours: Vec<u16>,
    theirs: Vec<u16>,
    score: f32,
    result: f32,
}

/// A sample of `line`, with the evaluation of `weights` (and the built-in one) as its base.
fn sample(line: Line, weights: &LearnedWeights) -> Sample {
    let Line { pos, score, result } = line;
    let view = |viewer| {
        let mut list = Vec::with_capacity(48);
        features(&pos, viewer, &mut |f| list.push(f as u16));
        list
    };
    let base = (eval::evaluate(&pos) + weights.correction(&pos)) as f32;
    Sample { base, ours: view(pos.turn()), theirs: view(!pos.turn()), score, result }
}

/// A seeded stream of numbers in [0, 1).
struct Random(u64);

impl Random {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// Both views' units of a sample, before clipping, and the network's correction.
fn forward(network: &Network, sample: &Sample) -> ([[f32; HIDDEN]; 2], f32) {
    let view = |list: &[u16]| {
        let mut units = network.first_bias;
        for &f in list {
            let row = &network.first[usize::from(f) * HIDDEN..(usize::from(f) + 1) * HIDDEN];
            units.iter_mut().zip(row).for_each(|(u, w)| *u += w);
        }
        units
    };
    let units = [view(&sample.ours), view(&sample.theirs)];
    let clipped = units.iter().flatten().map(|u| u.clamp(0.0, 1.0));
    (units, network.out_bias + clipped.zip(&network.out).map(|(u, w)| u * w).sum::<f32>())
}

/// The learning problem: how a prediction is scored against a sample.
struct Problem {
    scale: f32,
    lambda: f32,
}

impl Problem {
    fn target(&self, sample: &Sample) -> f32 {
        self.lambda * sample.result + (1.0 - self.lambda) * sigmoid(sample.score, self.scale)
    }

    /// The mean squared error of the predicted win chance, with the network or without.
    fn error(&self, samples: &[Sample], network: Option<&Network>) -> f64 {
        let sum: f64 = samples
            .iter()
            .map(|s| {
                let correction = network.map_or(0.0, |n| forward(n, s).1);
                f64::from((sigmoid(s.base + correction, self.scale) - self.target(s)).powi(2))
            })
            .sum();
        sum / samples.len().max(1) as f64
    }
}

/// The network's parameters in one list (first layer, its biases, output layer, its bias),
/// for Adam's moments.
const PARAMETERS: usize = FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN + 1;

/// Adam on batches from seeded first weights; returns the network of the epoch with the
/// least held-out error, rounded as the file stores it, and reports through `report`.
fn fit(training: &[Sample], held_out: &[Sample], options: &Options, report: &mut dyn FnMut(String)) -> Network {
    let problem = Problem { scale: fit_scale(training, |s| (s.score, s.result)), lambda: options.lambda };
    let mut random = Random(options.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    // Small first weights around units half on; the output layer starts near zero.
    let mut network = options.start.clone().unwrap_or_else(|| Network {
        first: (0..FEATURES * HIDDEN).map(|_| (random.next() - 0.5) * 0.2).collect(),
        first_bias: [0.5; HIDDEN],
        out: std::array::from_fn(|_| (random.next() - 0.5) * 20.0),
        out_bias: 0.0,
    });
    report(format!(
        "logistic scale {:.1} cp; without the network: error {:.6} training, {:.6} held out",
        problem.scale,
        problem.error(training, None),
        problem.error(held_out, None)
    ));
    let (mut best, mut best_error, mut best_epoch) = match &options.start {
        Some(start) => {
            let error = problem.error(held_out, Some(start));
            report(format!("the network started from: {error:.6} held out"));
            (Some(start.clone()), error, 0)
        }
        None => (None, f64::INFINITY, 0),
    };
    let (mut moment, mut velocity) = (vec![0.0f32; PARAMETERS], vec![0.0f32; PARAMETERS]);
    let mut order: Vec<usize> = (0..training.len()).collect();
    let mut step = 0;
    for epoch in 1..=options.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (random.next() * (i + 1) as f32) as usize % (i + 1));
        }
        for batch in order.chunks(BATCH) {
            let gradient = batch_gradient(&network, &problem, batch.iter().map(|&i| &training[i]), batch.len());
            step += 1;
            let rates = (0..PARAMETERS).map(|i| if i < FEATURES * HIDDEN + HIDDEN { FIRST_RATE } else { OUT_RATE });
            let (correct1, correct2) = (1.0 - 0.9f32.powi(step), 1.0 - 0.999f32.powi(step));
            let parameters = network
                .first
                .iter_mut()
                .chain(network.first_bias.iter_mut())
                .chain(network.out.iter_mut())
                .chain(std::iter::once(&mut network.out_bias));
            for (i, (w, rate)) in parameters.zip(rates).enumerate() {
                let g = gradient[i];
                moment[i] = 0.9 * moment[i] + 0.1 * g;
                velocity[i] = 0.999 * velocity[i] + 0.001 * g * g;
                *w -= rate * (moment[i] / correct1) / ((velocity[i] / correct2).sqrt() + 1e-12);
            }
        }
        let stored = Network::from_bytes(&network.to_bytes().expect("weights within the file's range"))
            .expect("a network just written");
        let held_out_error = problem.error(held_out, Some(&stored));
        report(format!(
            "epoch {epoch}: error {:.6} training, {held_out_error:.6} held out",
            problem.error(training, Some(&stored))
        ));
        if held_out_error < best_error {
            (best, best_error, best_epoch) = (Some(stored), held_out_error, epoch);
        }
    }
    report(format!("kept epoch {best_epoch}: {best_error:.6} held out"));
    best.unwrap_or(network)
}

/// The gradient of the batch's mean squared error, in [`PARAMETERS`]' order.
fn batch_gradient<'a>(
    network: &Network,
    problem: &Problem,
    batch: impl Iterator<Item = &'a Sample>,
    size: usize,
) -> Vec<f32> {
    let mut gradient = vec![0.0f32; PARAMETERS];
    let (first, rest) = gradient.split_at_mut(FEATURES * HIDDEN);
    let (first_bias, rest) = rest.split_at_mut(HIDDEN);
    let (out, out_bias) = rest.split_at_mut(2 * HIDDEN);
    for sample in batch {
        let (units, correction) = forward(network, sample);
        let p = sigmoid(sample.base + correction, problem.scale);
        let slope = 2.0 * (p - problem.target(sample)) * p * (1.0 - p) / problem.scale / size as f32;
        out_bias[0] += slope;
        for (view, list) in [&sample.ours, &sample.theirs].into_iter().enumerate() {
            let mut back = [0.0f32; HIDDEN];
            for h in 0..HIDDEN {
                let unit = units[view][h];
                out[view * HIDDEN + h] += slope * unit.clamp(0.0, 1.0);
                // The clipped unit passes the slope back only between its bounds.
                if unit > 0.0 && unit < 1.0 {
                    back[h] = slope * network.out[view * HIDDEN + h];
                }
            }
            first_bias.iter_mut().zip(&back).for_each(|(g, b)| *g += b);
            for &f in list {
                let row = &mut first[usize::from(f) * HIDDEN..(usize::from(f) + 1) * HIDDEN];
                row.iter_mut().zip(&back).for_each(|(g, b)| *g += b);
            }
        }
    }
    gradient
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi::notation::sfen;
    use shogi::rules::{Bitboard, Color, Position, Square};

    /// Lines as `datagen` writes them, from random games: the score is the evaluation without
    /// the network plus 60 cp for each piece the side to move has on files 7-9 (less the
    /// other side's), which the network's features can see, and the result is drawn with the
    /// chance that score gives.
    fn lines(weights: &LearnedWeights) -> Vec<String> {
        let mut random = Random(0x2545_f491_4f6c_dd1d);
        let left = Square::all().filter(|sq| sq.file() >= 7).fold(Bitboard::EMPTY, |b, sq| b.with(sq));
        let mut lines = Vec::new();
        for game in 0..150u64 {
            let mut pos = Position::startpos();
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Captures first, so that hands fill.
                let takes: Vec<_> =
                    moves.iter().copied().filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some()).collect();
                let pool = if !takes.is_empty() && random.next() < 0.7 { &takes[..] } else { moves.as_slice() };
                pos.play_unchecked(pool[(random.next() * pool.len() as f32) as usize % pool.len()]);
                let on_the_left = |c: Color| (pos.by_color(c) & left).count() as i32;
                let score = eval::evaluate(&pos)
                    + weights.correction(&pos)
                    + 60 * (on_the_left(pos.turn()) - on_the_left(!pos.turn()));
                let result = if random.next() < sigmoid(score as f32, 600.0) { "1" } else { "0" };
                lines.push(format!("{}\t{score}\t{result}\t{game}", sfen::write_position(&pos)));
            }
        }
        lines
    }

    #[test]
    fn a_short_run_learns_and_is_repeatable() {
        let weights = learned::built_in().expect("the committed weights");
        let lines = lines(&weights);
        let (training, held_out) = read_samples(&lines, 2, |line| sample(line, &weights)).unwrap();
        assert!(training.len() > 8000 && held_out.len() > 800, "{} and {}", training.len(), held_out.len());
        let run = || {
            let options = Options { epochs: 30, lambda: 0.0, seed: 1, start: None };
            let mut reports = Vec::new();
            let network = fit(&training, &held_out, &options, &mut |line| reports.push(line));
            (network.to_bytes().unwrap(), reports)
        };
        let (bytes, reports) = run();
        // "... error T training, H held out": both errors without the network, then each epoch's.
        let errors: Vec<(f64, f64)> = reports
            .iter()
            .filter_map(|line| {
                let numbers: Vec<f64> = line
                    .split("error ")
                    .nth(1)?
                    .split(' ')
                    .filter_map(|w| w.trim_end_matches(',').parse().ok())
                    .collect();
                Some((numbers[0], numbers[1]))
            })
            .collect();
        let (without, last) = (errors[0], errors[errors.len() - 1]);
        let best_held_out = errors[1..].iter().map(|e| e.1).fold(f64::INFINITY, f64::min);
        assert!(last.0 < without.0 * 0.5 && best_held_out < without.1 * 0.95, "{reports:?}");
        assert_eq!(run().0, bytes);
    }

    /// The held-out error a run reports for the network it keeps.
    fn kept_error(reports: &[String]) -> f64 {
        let last = reports.last().expect("a report");
        last.split(": ").nth(1).and_then(|w| w.split(' ').next()).and_then(|e| e.parse().ok()).expect(last)
    }

    #[test]
    fn a_warm_run_starts_from_the_network_and_keeps_no_worse() {
        let weights = learned::built_in().expect("the committed weights");
        let lines = lines(&weights);
        let (training, held_out) = read_samples(&lines, 2, |line| sample(line, &weights)).unwrap();
        let mut reports = Vec::new();
        let first = fit(&training, &held_out, &Options { epochs: 3, lambda: 0.0, seed: 1, start: None }, &mut |l| {
            reports.push(l)
        });
        let first_error = kept_error(&reports);
        let mut warm_reports = Vec::new();
        let options = Options { epochs: 5, lambda: 0.0, seed: 2, start: Some(first) };
        fit(&training, &held_out, &options, &mut |l| warm_reports.push(l));
        let started = warm_reports.iter().find(|l| l.starts_with("the network started from")).expect("reported");
        assert!(started.contains(&format!("{first_error:.6}")), "{started} vs {first_error}");
        assert!(kept_error(&warm_reports) <= first_error, "{warm_reports:?}");
    }
}
