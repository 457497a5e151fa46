//! Writes balanced openings for self-play matches, one SFEN a line, as `match --openings` reads:
//!
//! ```text
//! cargo run --release --bin openings -- --count 1000 --seed 1 > tests/data/openings-selfplay.sfen
//! ```
//! Opening number `i` is `12 + i % 9` plies of the engine's own play from the starting
//! position at [`NOISY_NODES`] a move, each root move given a seeded random bonus of up to
//! [`NOISY_CP`] (as the app's levels vary their play). It is kept when a search of
//! [`CHECK_NODES`] from an empty table scores it within [`BALANCED_CP`] and no earlier one
//! is the same position. The same command writes the same file.
//!
//! At a fixed node count two engines play one game per opening and colours (`match --nodes`
//! refuses more), so comparing searches to a few Elo needs more openings than the 150 of
//! `tests/data/openings.sfen`, which stay the measure against other engines.

use shogi::cli::Args;
use shogi::engine::{Engine, Limits, NoClock, Score, Strength};
use shogi::notation::sfen;
use shogi::rules::{Game, Position};

const NOISY_NODES: u64 = 4_000;
const NOISY_CP: i32 = 120;
const CHECK_NODES: u64 = 20_000;
const BALANCED_CP: i32 = 120;

fn main() {
    let args = Args::from_env();
    let (count, seed) = match (args.number("--count", "1000"), args.number("--seed", "1")) {
        (Ok(count), Ok(seed)) => (count, seed),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("openings: {e} (usage: openings [--count N] [--seed N])");
            std::process::exit(2);
        }
    };
    println!(
        "# Balanced positions (|own search at {CHECK_NODES} nodes| <= {BALANCED_CP} cp) 12-20 plies into \
         noisy self-play: `openings --count {count} --seed {seed}`"
    );
    for line in balanced_openings(count, seed) {
        println!("{line}");
    }
}

/// The first `count` openings the header describes, as SFEN lines.
fn balanced_openings(count: usize, seed: u64) -> Vec<String> {
    let mut noisy = Engine::new(16);
    noisy.set_strength(Strength { nodes: Some(NOISY_NODES), randomness: NOISY_CP, ..Strength::FULL });
    let mut judge = Engine::new(16);
    let check = Limits { nodes: Some(CHECK_NODES), ..Limits::default() };
    let mut kept: Vec<String> = Vec::new();
    for index in 0u64.. {
        if kept.len() == count {
            break;
        }
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(index);
        let Some(pos) = noisy_opening(&mut noisy, game_seed, 12 + index as usize % 9) else {
            continue;
        };
        let text = sfen::write_position(&pos);
        if kept.contains(&text) {
            continue;
        }
        judge.new_game();
        let found = judge.search(&pos, &[], &check, &NoClock, &|| false, &mut |_| {});
        if matches!(found.score, Score::Cp(cp) if cp.abs() <= BALANCED_CP) {
            kept.push(text);
        }
    }
    kept
}

/// The position after `plies` moves of `engine`'s noisy play seeded by `seed`, or `None`
/// when the game ends before.
fn noisy_opening(engine: &mut Engine, seed: u64, plies: usize) -> Option<Position> {
    engine.new_game();
    engine.set_seed(seed);
    let mut game = Game::new(Position::startpos());
    loop {
        if game.is_over() {
            return None;
        }
        if game.moves().len() == plies {
            return Some(game.position().clone());
        }
        let found = engine.search(game.position(), game.plies(), &Limits::default(), &NoClock, &|| false, &mut |_| {});
        game.play(found.best?).ok()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_file_begins_with_what_the_command_writes() {
        let committed = include_str!("../../tests/data/openings-selfplay.sfen");
        let first: Vec<&str> = committed.lines().filter(|l| !l.starts_with('#')).take(4).collect();
        assert_eq!(balanced_openings(4, 1), first);
    }
}
