//! The mating problems of `public/problems.txt`, the file the app fetches: every one a
//! problem under the rules of `shogi::tsume` (the shortest mate, unique at every attacker
//! move, against the longest defence, nothing left in the attacker's hand), set up as the
//! generator promises, and at least as many of each length as it aims at.

use shogi::notation::sfen;
use shogi::tsume::generate::TARGETS;
use shogi::tsume::{defender_holds_the_rest, parse_problems, verify, Problem};

const FILE: &str = include_str!("../public/problems.txt");

fn problems() -> Vec<Problem> {
    parse_problems(FILE).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_problem_is_verified() {
    for problem in problems() {
        let pos = &problem.position;
        let name = sfen::write_position(pos);
        if let Err(flaw) = verify(pos, &problem.solution) {
            panic!("{name}: {flaw}");
        }
        assert_eq!(pos.king_square(pos.turn()), None, "{name}: the attacker has a king");
        assert_eq!(defender_holds_the_rest(&pos.to_setup()), pos.to_setup(), "{name}: the defender must hold the rest");
    }
}

#[test]
fn every_length_has_its_count_in_order() {
    let problems = problems();
    let lengths: Vec<usize> = problems.iter().map(|p| p.solution.len()).collect();
    assert!(lengths.is_sorted(), "the problems are grouped by length, shortest first");
    for (plies, target) in TARGETS {
        let count = lengths.iter().filter(|&&n| n == plies as usize).count();
        assert!(count >= target, "{count} problems of {plies} plies, fewer than {target}");
    }
    assert!(problems.len() >= 150, "{} problems", problems.len());
    assert!(FILE.lines().next().is_some_and(|l| l.starts_with('#')), "the file starts with its format");
}
