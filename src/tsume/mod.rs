//! Mating problems (tsume shogi): an exact solver, the verdict on a learner's move, a hint,
//! the check that a position makes a problem, the problems' data file and their generator.
//!
//! # Rules
//!
//! - The attacker is the side to move, and every one of its moves gives check. The defender
//!   has a king; the attacker needs none (the rules core generates moves for a side without
//!   a king). A problem set up from a board and the attacker's hand gives the defender every
//!   other piece ([`defender_holds_the_rest`]).
//! - Otherwise the rules of shogi hold, as the rules core's legal moves have them: in
//!   particular a pawn drop that would mate is not a legal move, so it mates nothing.
//! - A useless interposition (無駄合): when a single piece checks the king from a distance
//!   (empty squares between them), the defender's putting a piece on a square between
//!   (dropped, or moved there by a piece other than the king) is useless if the checking
//!   piece can take it there with check and the attacker then mates without using the piece
//!   taken (it goes to the defender's hand instead of the attacker's) within the plies of
//!   the defender's longest defence that is not an interposition (0 if there is none): the
//!   interposition and its capture only add 2 plies to the same mate. A useless
//!   interposition is not a defence: it neither lengthens a mate nor prevents one, so a
//!   distant check that leaves only useless interpositions mates.
//! - Mate: the defender, in check, has no defence other than useless interpositions.
//! - Length: the attacker mates as quickly as it can, the defender defends as long as it
//!   can. Among equally long defences the main line takes the one after which the attacker
//!   holds the fewest pieces when mate ends, then the first in a fixed order (captures,
//!   other king moves, interpositions nearest the king first); among equally quick mates,
//!   the first check the move generator lists (a problem has only one).
//! - Repetition: a perpetual check fails. A shortest mate never repeats a position (the
//!   mate from the second visit would be a shorter one from the first), so a repetition
//!   can never be part of a solution.
//! - A problem is a position and its main line such that: the line is the shortest forced
//!   mate (an odd number of plies); at each attacker move of the line no other check mates
//!   within the plies left (the final mating move included); each defender move is a
//!   longest counted defence leaving the fewest pieces; and the attacker's hand is empty
//!   when the mate ends ([`verify`]). The generated problems also have no attacker king,
//!   and the defender's king is not in check at the start (no legal position has it so).
//!
//! # Speed
//!
//! The search is exact and bounded in plies: the shortest mate is found by trying 1, 3,
//! 5, ... plies, each try reusing what the last one learnt. On the problems of
//! `public/problems.txt`, natively, a verdict or a hint takes well under 0.1 s (11 plies);
//! proving that there is no mate in 11 in a crowded middle-game position can take seconds.

mod file;
pub mod generate;
mod judge;
mod line;
mod missed;
mod search;
mod solve;
mod verify;

pub use file::{parse_problems, write_problems, Problem, ProblemFileError};
pub use judge::{judge, judge_within, Judgement};
pub use missed::{missed_mates, MissedMate};
pub use solve::{hint, solve, solve_within, Solution};
pub use verify::{verify, Flaw};

use crate::rules::{Role, Setup};

/// `setup` with the defender (the side not to move) holding every piece that is neither on
/// the board nor in the attacker's hand. Kings are not held.
pub fn defender_holds_the_rest(setup: &Setup) -> Setup {
    let mut used = [0u8; 7];
    let on_board = setup.board.iter().flatten().map(|p| p.role).filter(|r| *r != Role::King);
    for role in on_board {
        used[role.unpromoted().index()] += 1;
    }
    let attacker = setup.turn;
    let mut result = setup.clone();
    for role in Role::HAND {
        let held = used[role.index()] + setup.hand(attacker).count(role);
        result.hand_mut(!attacker).set(role, role.set_count().saturating_sub(held));
    }
    result
}

#[cfg(test)]
mod tests {
    use crate::notation::sfen;
    use crate::rules::Position;

    /// The position of `text` (an SFEN), the defender holding every other piece.
    pub fn problem(text: &str) -> Position {
        let setup = sfen::parse_setup(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        Position::from_setup(&super::defender_holds_the_rest(&setup)).unwrap_or_else(|e| panic!("{text}: {e}"))
    }
}
