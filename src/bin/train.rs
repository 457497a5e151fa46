//! Fits the learned evaluation's weights (`engine/learned.rs`) to the positions `datagen`
//! makes (its file holds them alone: `train_network` then adds the network after them):
//!
//! ```text
//! nice -n 19 cargo run --release --bin train -- --data /work/engine-data/positions.tsv --out public/learned-eval.bin
//! ```
//! Options: `--epochs N` (300), `--threads N` (2), `--lambda X` (0.5: the game result's share
//! of the target, the rest is the search's score), `--l2 X` (1e-9: the pull of every weight
//! towards zero), `--rate X` (2: Adam's step in centipawns), `--limit N` (read at most N
//! positions).
//!
//! The model is the built-in evaluation plus the learned correction; the built-in part is
//! fixed, so the weights learn only what it misses. Both are turned into a win chance by a
//! logistic curve whose scale is fitted to the data (the search scores against the results),
//! and the weights minimise the squared error of that chance against a blend of the game's
//! result and the search's score (its chance on the same curve), by full-batch Adam. Every
//! tenth game is held out; the weights written are those of the epoch with the least
//! held-out error. The positions are split into a fixed number of blocks whose gradients are
//! added in order, so the same data and options give the same file whatever `--threads`.

use std::io::{BufRead, BufReader};

use shogi::cli::Args;
use shogi::engine::eval;
use shogi::engine::fitting::{fit_scale, read_samples, sigmoid, Line};
use shogi::engine::learned::{self, FEATURE_COUNT, UNITS_PER_CP};

/// Gradients are summed over this many blocks of positions, in order.
const BLOCKS: usize = 32;

fn main() {
    if let Err(e) = run() {
        eprintln!("train: {e}");
        std::process::exit(1);
    }
}

struct Options {
    epochs: usize,
    threads: usize,
    lambda: f32,
    l2: f32,
    rate: f32,
}

fn run() -> Result<(), String> {
    let args = Args::from_env();
    let (data, out) = (args.text("--data", ""), args.text("--out", ""));
    if data.is_empty() || out.is_empty() {
        return Err("usage: train --data FILE --out FILE [options] (see the source's header)".to_string());
    }
    let options = Options {
        epochs: args.number("--epochs", "300")?,
        threads: args.number::<usize>("--threads", "2")?.max(1),
        lambda: args.number("--lambda", "0.5")?,
        l2: args.number("--l2", "1e-9")?,
        rate: args.number("--rate", "2")?,
    };
    let limit: usize = args.number("--limit", &usize::MAX.to_string())?;
    let file = std::fs::File::open(&data).map_err(|e| format!("{data}: {e}"))?;
    let lines: Vec<String> =
        BufReader::new(file).lines().take(limit).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    let (training, held_out) = read_samples(&lines, options.threads, sample)?;
    eprintln!("{} positions for training, {} held out", training.len(), held_out.len());
    let weights = fit(&training, &held_out, &options, &mut |line| eprintln!("{line}"))?;
    std::fs::write(&out, learned::to_bytes(&weights)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out}");
    Ok(())
}

/// One position: the built-in evaluation, the learned features (ours, then theirs after
/// `split`), the search's score and the game's result, all for the side to move.
struct Sample {
    built_in: f32,
    features: Vec<u32>,
    split: usize,
    score: f32,
    result: f32,
}

/// A sample of `line`: the built-in evaluation and the learned features.
fn sample(line: Line) -> Sample {
    let Line { pos, score, result } = line;
    let mut features = Vec::with_capacity(96);
    learned::features(&pos, pos.turn(), &mut |i| features.push(i as u32));
    let split = features.len();
    learned::features(&pos, !pos.turn(), &mut |i| features.push(i as u32));
    Sample { built_in: eval::evaluate(&pos) as f32, features, split, score, result }
}

/// The model's score for a sample, in centipawns.
fn predict(sample: &Sample, weights: &[f32]) -> f32 {
    let (ours, theirs) = sample.features.split_at(sample.split);
    let sum = |part: &[u32]| part.iter().map(|&i| weights[i as usize]).sum::<f32>();
    sample.built_in + sum(ours) - sum(theirs)
}

/// The learning problem: the samples and how a prediction is scored against them.
struct Problem<'a> {
    samples: &'a [Sample],
    scale: f32,
    lambda: f32,
}

impl Problem<'_> {
    fn target(&self, sample: &Sample) -> f32 {
        self.lambda * sample.result + (1.0 - self.lambda) * sigmoid(sample.score, self.scale)
    }

    /// The mean squared error of the predicted win chance.
    fn error(&self, weights: &[f32]) -> f64 {
        let sum: f64 = self
            .samples
            .iter()
            .map(|s| f64::from((sigmoid(predict(s, weights), self.scale) - self.target(s)).powi(2)))
            .sum();
        sum / self.samples.len().max(1) as f64
    }

    /// The gradient of the mean squared error, block by block on `threads` threads, added
    /// in block order.
    fn gradient(&self, weights: &[f32], threads: usize) -> Vec<f32> {
        let per_sample = 2.0 / self.samples.len().max(1) as f32 / self.scale;
        let block_size = self.samples.len().div_ceil(BLOCKS).max(1);
        let blocks: Vec<&[Sample]> = self.samples.chunks(block_size).collect();
        let block_gradient = |block: &[Sample]| {
            let mut gradient = vec![0.0f32; FEATURE_COUNT];
            for sample in block {
                let p = sigmoid(predict(sample, weights), self.scale);
                let slope = (p - self.target(sample)) * p * (1.0 - p) * per_sample;
                let (ours, theirs) = sample.features.split_at(sample.split);
                ours.iter().for_each(|&i| gradient[i as usize] += slope);
                theirs.iter().for_each(|&i| gradient[i as usize] -= slope);
            }
            gradient
        };
        let per_thread = blocks.len().div_ceil(threads).max(1);
        let gradients: Vec<Vec<f32>> = std::thread::scope(|scope| {
            let workers: Vec<_> = blocks
                .chunks(per_thread)
                .map(|mine| scope.spawn(|| mine.iter().map(|b| block_gradient(b)).collect::<Vec<_>>()))
                .collect();
            workers.into_iter().flat_map(|w| w.join().expect("a gradient thread panicked")).collect()
        });
        let mut total = vec![0.0f32; FEATURE_COUNT];
        for gradient in gradients {
            total.iter_mut().zip(gradient).for_each(|(t, g)| *t += g);
        }
        total
    }
}

/// Full-batch Adam from zero weights; returns the best held-out epoch's weights in the
/// file's units, and reports progress through `report`.
fn fit(
    training: &[Sample],
    held_out: &[Sample],
    options: &Options,
    report: &mut dyn FnMut(String),
) -> Result<Vec<i16>, String> {
    let scale = fit_scale(training, |s| (s.score, s.result));
    let train = Problem { samples: training, scale, lambda: options.lambda };
    let check = Problem { samples: held_out, scale, lambda: options.lambda };
    let mut weights = vec![0.0f32; FEATURE_COUNT];
    let (mut best, mut best_error, mut best_epoch) = (weights.clone(), check.error(&weights), 0);
    report(format!(
        "logistic scale {scale:.1} cp; built-in evaluation alone: error {:.6} training, {best_error:.6} held out",
        train.error(&weights)
    ));
    let (mut moment, mut velocity) = (vec![0.0f32; FEATURE_COUNT], vec![0.0f32; FEATURE_COUNT]);
    let (beta1, beta2) = (0.9f32, 0.999f32);
    for epoch in 1..=options.epochs {
        let gradient = train.gradient(&weights, options.threads);
        let (correct1, correct2) = (1.0 - beta1.powi(epoch as i32), 1.0 - beta2.powi(epoch as i32));
        for i in 0..FEATURE_COUNT {
            let g = gradient[i] + 2.0 * options.l2 * weights[i];
            moment[i] = beta1 * moment[i] + (1.0 - beta1) * g;
            velocity[i] = beta2 * velocity[i] + (1.0 - beta2) * g * g;
            weights[i] -= options.rate * (moment[i] / correct1) / ((velocity[i] / correct2).sqrt() + 1e-9);
        }
        if epoch % 10 == 0 || epoch == options.epochs {
            let held_out_error = check.error(&weights);
            report(format!("epoch {epoch}: error {:.6} training, {held_out_error:.6} held out", train.error(&weights)));
            if held_out_error < best_error {
                (best, best_error, best_epoch) = (weights.clone(), held_out_error, epoch);
            }
        }
    }
    report(format!("kept epoch {best_epoch}: {best_error:.6} held out"));
    best.iter()
        .map(|&w| {
            let units = (w * UNITS_PER_CP as f32).round();
            (f32::from(i16::MIN)..=f32::from(i16::MAX))
                .contains(&units)
                .then_some(units as i16)
                .ok_or(format!("a weight of {w} cp does not fit the file"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi::notation::sfen;
    use shogi::rules::{Bitboard, Position, Square};

    /// Lines as `datagen` writes them, from random games: the score is the built-in
    /// evaluation plus 60 cp for each piece the side to move has on files 7-9 (less the
    /// other side's), which the learned features can see, and the result is drawn with the
    /// chance that score gives.
    fn lines() -> Vec<String> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let left = Square::all().filter(|sq| sq.file() >= 7).fold(Bitboard::EMPTY, |b, sq| b.with(sq));
        let mut lines = Vec::new();
        for game in 0..150u64 {
            let mut pos = Position::startpos();
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves.as_slice()[(random() % moves.len() as u64) as usize]);
                let on_the_left = |color| (pos.by_color(color) & left).count() as i32;
                let score = eval::evaluate(&pos) + 60 * (on_the_left(pos.turn()) - on_the_left(!pos.turn()));
                let chance = sigmoid(score as f32, 600.0);
                let result = if (random() % 1000) as f32 / 1000.0 < chance { "1" } else { "0" };
                lines.push(format!("{}\t{score}\t{result}\t{game}", sfen::write_position(&pos)));
            }
        }
        lines
    }

    #[test]
    fn a_short_run_learns_and_threads_change_nothing() {
        let lines = lines();
        let (training, held_out) = read_samples(&lines, 2, sample).unwrap();
        assert!(training.len() > 6000 && held_out.len() > 600, "{} and {}", training.len(), held_out.len());
        let run = |threads: usize| {
            let options = Options { epochs: 30, threads, lambda: 0.0, l2: 1e-9, rate: 0.2 };
            let mut errors = Vec::new();
            let weights = fit(&training, &held_out, &options, &mut |line| errors.push(line)).unwrap();
            (weights, errors)
        };
        let (weights, errors) = run(2);
        // "... error T training, H held out": both errors of every report.
        let errors: Vec<(f64, f64)> = errors
            .iter()
            .filter_map(|line| line.split("error ").nth(1))
            .map(|rest| {
                let numbers: Vec<f64> = rest.split(' ').filter_map(|w| w.trim_end_matches(',').parse().ok()).collect();
                (numbers[0], numbers[1])
            })
            .collect();
        let (first, last) = (errors[0], errors[errors.len() - 1]);
        let best_held_out = errors.iter().map(|e| e.1).fold(f64::INFINITY, f64::min);
        assert!(last.0 < first.0 * 0.5 && best_held_out < first.1 * 0.99, "{errors:?}");
        assert_eq!(run(1).0, weights);
    }
}
