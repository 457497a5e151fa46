//! Fits the built-in evaluation's weights (`src/engine/weights.rs`) to the positions
//! `datagen` makes from the engine's own games (its search scores and the games' results):
//!
//! ```text
//! nice -n 19 cargo run --release --bin tune -- --data /work/engine-data/positions.tsv --lambda 0 > weights.rs \
//!     && mv weights.rs src/engine/weights.rs
//! ```
//! Options: `--lambda X` (0: the game result's share of the target, the rest is the
//! search's score; with 0.3 the fit over-fitted the results and played worse), `--pull X` (5e-11: how strongly each weight is pulled back to the prior,
//! L2), `--epochs N` (1000), `--limit N` (read at most N lines).
//!
//! The fit starts from a neutral prior, material only (`eval::material_prior`), and pulls
//! towards it, so nothing of earlier weights is carried over. It finds the weights that best
//! predict, through a logistic curve whose scale is fitted to the data (the search scores
//! against the results), a blend of the result and the search's score, by full-batch Adam on
//! the squared error; every tenth game is held out, and the weights printed are those of the
//! (tenth) epoch with the least held-out error. It prints them as
//! `weights.rs` (print to another file and move it there: redirecting into the source would
//! empty it before cargo builds the tuner). Settings and results: README, "Evaluation", and
//! docs/history.md.

use std::io::{BufRead, BufReader};

use shogi::cli::Args;
use shogi::engine::eval;
use shogi::notation::sfen;

/// Positions scored beyond this by the search are decided: they teach little.
const DECIDED_CP: f64 = 2500.0;

fn main() {
    if let Err(e) = run() {
        eprintln!("tune: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let args = Args::from_env();
    let data = args.text("--data", "");
    if data.is_empty() {
        return Err("usage: tune --data FILE [options] > weights.rs (see the source's header)".to_string());
    }
    let options = FitOptions {
        lambda: args.number("--lambda", "0")?,
        pull: args.number("--pull", "5e-11")?,
        epochs: args.number("--epochs", "1000")?,
    };
    let limit: usize = args.number("--limit", &usize::MAX.to_string())?;
    let file = std::fs::File::open(&data).map_err(|e| format!("{data}: {e}"))?;
    let lines: Vec<String> =
        BufReader::new(file).lines().take(limit).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    let (training, held_out) = read_samples(&lines)?;
    let weights = fit(&training, &held_out, &options, &mut |line| eprintln!("{line}"));
    print!("{}", weights_source(&weights)?);
    Ok(())
}

struct FitOptions {
    /// The game result's share of the target; the rest is the search's score.
    lambda: f64,
    /// How strongly each weight is pulled back to the prior (L2, per weight).
    pull: f64,
    epochs: usize,
}

/// One position: its features as (index, count for the side to move minus the other's),
/// the search's score and the game's result for the side to move.
struct Sample {
    features: Vec<(u32, f64)>,
    result: f64,
    score: f64,
}

/// Reads `datagen`'s `sfen \t score \t result \t game` lines, leaving out decided
/// positions; every tenth game goes to the second set.
fn read_samples(lines: &[String]) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut training, mut held_out) = (Vec::new(), Vec::new());
    for line in lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let [text, score, result, game] = fields[..] else { return Err(format!("not four fields: {line}")) };
        let number = |field: &str| field.parse::<f64>().map_err(|_| format!("bad number '{field}' in {line}"));
        let (score, result) = (number(score)?, number(result)?);
        if score.abs() >= DECIDED_CP {
            continue;
        }
        let game: u64 = game.parse().map_err(|_| format!("bad game number in {line}"))?;
        let pos = sfen::parse_position(text).map_err(|e| format!("{text}: {e}"))?;
        let mut counts = vec![0i32; eval::FEATURE_COUNT];
        eval::features(&pos, pos.turn(), &mut |i, n| counts[i] += n);
        eval::features(&pos, !pos.turn(), &mut |i, n| counts[i] -= n);
        counts[eval::TEMPO] += 1;
        let features = counts.iter().enumerate().filter(|(_, &n)| n != 0).map(|(i, &n)| (i as u32, n as f64)).collect();
        if game.is_multiple_of(10) { &mut held_out } else { &mut training }.push(Sample { features, result, score });
    }
    Ok((training, held_out))
}

fn sigmoid(cp: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-cp / scale).exp())
}

/// The scale of the logistic curve that best predicts the results from the search's scores
/// (a golden-section search on the squared error).
fn fit_scale(samples: &[Sample]) -> f64 {
    let error = |scale: f64| samples.iter().map(|s| (sigmoid(s.score, scale) - s.result).powi(2)).sum::<f64>();
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
    lambda * sample.result + (1.0 - lambda) * sigmoid(sample.score, scale)
}

/// Fits the weights from the material prior (Adam on the squared error of the predicted win
/// chance) and returns those of the tenth epoch with the least held-out error, reporting
/// both errors to `report` every hundred epochs.
fn fit(training: &[Sample], held_out: &[Sample], options: &FitOptions, report: &mut dyn FnMut(String)) -> Vec<f64> {
    let scale = fit_scale(training);
    let prior: Vec<f64> = eval::material_prior().into_iter().map(f64::from).collect();
    let mut weights = prior.clone();
    report(format!(
        "{} positions for training, {} held out; logistic scale {scale:.1} cp",
        training.len(),
        held_out.len()
    ));
    let mut show = |epoch: usize, weights: &[f64]| {
        report(format!(
            "epoch {epoch}: error {:.6} training, {:.6} held out",
            mean_error(training, weights, scale, options.lambda),
            mean_error(held_out, weights, scale, options.lambda)
        ))
    };
    show(0, &weights);
    let mut best = (mean_error(held_out, &weights, scale, options.lambda), 0, weights.clone());
    let (mut moment, mut velocity) = (vec![0.0; weights.len()], vec![0.0; weights.len()]);
    let (beta1, beta2, rate) = (0.9f64, 0.999f64, 1.0f64);
    for epoch in 1..=options.epochs {
        let mut gradient: Vec<f64> = weights.iter().zip(&prior).map(|(w, p)| 2.0 * options.pull * (w - p)).collect();
        let per_sample = 2.0 / training.len() as f64 / scale;
        for sample in training {
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
        if epoch.is_multiple_of(10) {
            let error = mean_error(held_out, &weights, scale, options.lambda);
            if error < best.0 {
                best = (error, epoch, weights.clone());
            }
        }
        if epoch.is_multiple_of(100) || epoch == options.epochs {
            show(epoch, &weights);
        }
    }
    let (error, epoch, mut weights) = best;
    report(format!("kept epoch {epoch}: {error:.6} held out"));
    // The search's scores carry the evaluation's own bonus for the move: fitted, the tempo
    // would learn that back, so it keeps the prior's.
    weights[eval::TEMPO] = prior[eval::TEMPO];
    weights
}

/// `weights.rs`: one section per feature kind, nine weights to a line (a board rank). The
/// table is a constant of `i16`s, which the evaluation keeps as two byte planes (`eval::weight`);
/// a weight beyond that range is an error rather than clipped.
fn weights_source(weights: &[f64]) -> Result<String, String> {
    let mut text = String::from(
        "//! The evaluation's weights in centipawns, in the order of `eval::SECTIONS`: fitted to data\n\
         //! from the engine's own games by `tune` (src/bin/tune.rs), which writes this file.\n\n#[rustfmt::skip]\n",
    );
    text += &format!("pub const WEIGHTS: [i16; {}] = [\n", weights.len());
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
    use shogi::engine::weights::WEIGHTS;
    use shogi::rules::Position;

    /// `datagen`-style lines from seeded random games, scored by today's evaluation, the
    /// result drawn with the chance that score gives.
    fn random_game_lines() -> Vec<String> {
        // A linear congruential generator (Knuth's MMIX constants), its high bits.
        let mut state = 1u64;
        let mut random = move || {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            state >> 33
        };
        let mut lines = Vec::new();
        for game in 0..60u64 {
            let mut pos = Position::startpos();
            for _ in 0..50 {
                let moves = pos.legal_moves();
                let Some(&mv) = moves.as_slice().get(random() as usize % moves.len().max(1)) else { break };
                pos.play_unchecked(mv);
                let score = shogi::engine::eval::evaluate(&pos);
                let won = (random() % 1000) as f64 / 1000.0 < sigmoid(f64::from(score), 500.0);
                let result = u8::from(won);
                lines.push(format!("{}\t{score}\t{result}\t{game}", sfen::write_position(&pos)));
            }
        }
        lines
    }

    #[test]
    fn a_short_run_from_the_prior_learns() {
        let (training, held_out) = read_samples(&random_game_lines()).unwrap();
        assert!(training.len() > 2000 && held_out.len() > 200, "{} and {}", training.len(), held_out.len());
        let options = FitOptions { lambda: 0.0, pull: 5e-11, epochs: 200 };
        let mut reports = Vec::new();
        let weights = fit(&training, &held_out, &options, &mut |line| reports.push(line));
        let errors: Vec<f64> = reports
            .iter()
            .filter_map(|line| line.split("error ").nth(1))
            .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
            .collect();
        assert!(errors[errors.len() - 1] < errors[0] * 0.7, "{reports:?}");
        assert_eq!(weights[eval::TEMPO], f64::from(eval::material_prior()[eval::TEMPO]));
    }

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
