//! Generates the mating problems the app offers:
//! `cargo run --release --bin problems -- --seed N --out public/problems.txt [--threads N]`.
//!
//! The work is cut into units, each seeded by the seed and its number
//! ([`generate::run_unit`]), run in batches on every thread. After each batch the problems
//! found are taken in unit order, repeats dropped, until every length has its count
//! ([`generate::TARGETS`]); the next batch looks only for the lengths still short. So the
//! file depends on the seed alone, not on the threads or the machine.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use shogi::tsume::generate::{self, TARGETS};
use shogi::tsume::{write_problems, Problem};

/// Units per batch: a fixed number, so that the batches are the same with any thread count.
const BATCH: u64 = 16;
/// Batches run at most before giving up on the counts still short.
const MAX_BATCHES: u64 = 400;

struct Options {
    seed: u64,
    out: String,
    threads: usize,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        seed: 1,
        out: "public/problems.txt".to_string(),
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--seed" => options.seed = value.parse().map_err(|_| format!("--seed {value}: not a number"))?,
            "--out" => options.out = value,
            "--threads" => options.threads = value.parse().map_err(|_| format!("--threads {value}: not a number"))?,
            _ => return Err(format!("unknown option {flag} (expected --seed N, --out FILE, --threads N)")),
        }
    }
    Ok(options)
}

/// What makes two problems the same to a learner: the king's square and where each move
/// of the solution goes (and what is dropped), whichever way round the board is read.
/// Problems that differ only in a piece the solution never touches share it.
fn repeat_key(problem: &Problem) -> String {
    let pos = &problem.position;
    let king = pos.king_square(!pos.turn()).map_or(String::new(), |k| k.to_string());
    let targets = problem.solution.iter().map(|m| match m.drop_role() {
        Some(role) => format!("{}*{}", role.letter(), m.to()),
        None => m.to().to_string(),
    });
    let key = std::iter::once(king).chain(targets).collect::<Vec<String>>().join(" ");
    let mirrored: String = key
        .chars()
        .map(|c| if ('1'..='9').contains(&c) { (b'0' + 10 - (c as u8 - b'0')) as char } else { c })
        .collect();
    key.min(mirrored)
}

/// Runs units `first..first + BATCH` on `threads` threads, wanting the lengths `wanted`;
/// the problems of each unit, in unit order.
fn run_batch(seed: u64, first: u64, wanted: &[u8], threads: usize) -> Vec<Vec<Problem>> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Vec<Problem>>> = Mutex::new(vec![Vec::new(); BATCH as usize]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= BATCH as usize {
                    break;
                }
                let found = generate::run_unit(seed, first + i as u64, wanted);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = found;
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn main() {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("problems: {message}");
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    let mut kept: Vec<Problem> = Vec::new();
    let mut keys = std::collections::HashSet::new();
    let count = |kept: &[Problem], plies: u8| kept.iter().filter(|p| p.solution.len() == plies as usize).count();
    let mut batches = 0;
    while batches < MAX_BATCHES {
        let wanted: Vec<u8> =
            TARGETS.iter().filter(|&&(plies, target)| count(&kept, plies) < target).map(|&(plies, _)| plies).collect();
        if wanted.is_empty() {
            break;
        }
        for problem in run_batch(options.seed, batches * BATCH, &wanted, options.threads).into_iter().flatten() {
            let plies = problem.solution.len() as u8;
            let short = TARGETS.iter().any(|&(p, target)| p == plies && count(&kept, plies) < target);
            if short && keys.insert(repeat_key(&problem)) {
                kept.push(problem);
            }
        }
        batches += 1;
        let counts: Vec<String> =
            TARGETS.iter().map(|&(plies, target)| format!("{plies}: {}/{target}", count(&kept, plies))).collect();
        eprintln!("batch {batches}: {} ({:.0} s)", counts.join(", "), started.elapsed().as_secs_f64());
    }
    kept.sort_by_cached_key(|p| (p.solution.len(), shogi::notation::sfen::write_position(&p.position)));
    let counts: Vec<String> = TARGETS.iter().map(|&(plies, _)| format!("{plies}: {}", count(&kept, plies))).collect();
    let comments = [
        format!("Made by `cargo run --release --bin problems -- --seed {} --out {}`.", options.seed, options.out),
        format!("{} problems (plies: count): {}.", kept.len(), counts.join(", ")),
    ];
    if let Err(e) = std::fs::write(&options.out, write_problems(&comments, &kept)) {
        eprintln!("problems: cannot write {}: {e}", options.out);
        std::process::exit(1);
    }
    println!(
        "{} problems (plies: count): {}; {} units in {:.0} s; written to {}",
        kept.len(),
        counts.join(", "),
        batches * BATCH,
        started.elapsed().as_secs_f64(),
        options.out
    );
    if TARGETS.iter().any(|&(plies, target)| count(&kept, plies) < target) {
        eprintln!("problems: some lengths are short of their targets");
        std::process::exit(1);
    }
}
