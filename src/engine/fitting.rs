//! What the learned evaluation's trainers (`src/bin/train.rs`, `src/bin/train_network.rs`)
//! share: reading `datagen`'s positions, and the logistic curve that turns a score into a win
//! chance.

use crate::notation::sfen;
use crate::rules::Position;

/// The win chance a score of `cp` centipawns means on a curve of `scale`.
pub fn sigmoid(cp: f32, scale: f32) -> f32 {
    1.0 / (1.0 + (-cp / scale).exp())
}

/// The scale of the logistic curve that best predicts the samples' results from their
/// search scores (`score_and_result`), by a golden-section search on the squared error.
pub fn fit_scale<S>(samples: &[S], score_and_result: impl Fn(&S) -> (f32, f32)) -> f32 {
    let error = |scale: f32| {
        samples
            .iter()
            .map(|s| {
                let (score, result) = score_and_result(s);
                f64::from((sigmoid(score, scale) - result).powi(2))
            })
            .sum::<f64>()
    };
    let (mut low, mut high) = (50.0f32, 5000.0f32);
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

/// Positions the search scored beyond this are decided: they teach little.
pub const DECIDED_CP: f32 = 2500.0;

/// One position of `datagen`'s file (`sfen \t score \t result \t game`), for the side to move.
pub struct Line {
    pub pos: Position,
    pub score: f32,
    pub result: f32,
}

/// Reads `lines` on `threads` threads into samples (`sample` makes each), leaving out decided
/// positions; every tenth game goes to the second set, held out. The order is the file's.
pub fn read_samples<S: Send>(
    lines: &[String],
    threads: usize,
    sample: impl Fn(Line) -> S + Sync,
) -> Result<(Vec<S>, Vec<S>), String> {
    let sample = &sample;
    let chunk = lines.len().div_ceil(threads.max(1)).max(1);
    let parsed: Vec<Result<Vec<(u64, S)>, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = lines
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|l| read_line(l).map(|r| r.map(|(game, line)| (game, sample(line)))).transpose())
                        .collect()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("a reader thread panicked")).collect()
    });
    let (mut training, mut held_out) = (Vec::new(), Vec::new());
    for part in parsed {
        for (game, sample) in part? {
            if game % 10 == 0 { &mut held_out } else { &mut training }.push(sample);
        }
    }
    Ok((training, held_out))
}

/// One line as (game, position); `None` for a decided position.
fn read_line(line: &str) -> Result<Option<(u64, Line)>, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [text, score, result, game] = fields[..] else { return Err(format!("not four fields: {line}")) };
    let number = |field: &str| field.parse::<f32>().map_err(|_| format!("bad number '{field}' in {line}"));
    let (score, result) = (number(score)?, number(result)?);
    if score.abs() >= DECIDED_CP {
        return Ok(None);
    }
    let game = game.parse().map_err(|_| format!("bad game number in {line}"))?;
    let pos = sfen::parse_position(text).map_err(|e| format!("{text}: {e}"))?;
    Ok(Some((game, Line { pos, score, result })))
}
