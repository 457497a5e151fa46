//! The verdict on a learner's move: does the mate go on, and what does the defender answer?

use super::line::Lines;
use super::search::Search;
use crate::rules::{Move, Position};

/// What a learner's move does to a mate that must end within a number of plies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Judgement {
    /// The move keeps a forced mate within the plies left (whether or not it is the stored
    /// solution). `reply` is the defender's longest counted defence, as on a main line;
    /// `None` when the move mates (perhaps leaving only useless interpositions, which the
    /// rules of a game would still allow). After `reply` the attacker mates in `mate_in` plies.
    Mates { reply: Option<Move>, mate_in: u8 },
    /// A legal check, but after the defender's `reply` there is no mate in the plies left.
    Refuted { reply: Move },
    /// A legal move that does not give check.
    NotCheck,
    /// Not a legal move (a pawn drop that would mate included).
    Illegal,
}

/// Judges `attacker_move` in `pos` (the attacker to move), the mate to end within
/// `plies_left` plies counting this move (at least 1). Any move that mates in time is
/// accepted, the stored solution or not.
pub fn judge(pos: &Position, plies_left: u8, attacker_move: Move) -> Judgement {
    judge_with(&mut Search::new(), pos, plies_left, attacker_move)
}

/// [`judge`] that gives up after `node_limit` positions (a problem from a URL may be too
/// long to judge in the time a learner waits): `None` when it did.
pub fn judge_within(pos: &Position, plies_left: u8, attacker_move: Move, node_limit: u64) -> Option<Judgement> {
    let mut search = Search::with_node_limit(node_limit);
    let judgement = judge_with(&mut search, pos, plies_left, attacker_move);
    (!search.exhausted()).then_some(judgement)
}

pub(crate) fn judge_with(search: &mut Search, pos: &Position, plies_left: u8, attacker_move: Move) -> Judgement {
    if !pos.is_legal(attacker_move) {
        return Judgement::Illegal;
    }
    if !pos.gives_check(attacker_move) {
        return Judgement::NotCheck;
    }
    let after = pos.after(attacker_move);
    let plies_after = plies_left.saturating_sub(1);
    match search.escape(&after, plies_after) {
        Some(reply) => Judgement::Refuted { reply },
        None => {
            // Mated within `plies_after`, so the defence lasts at most that long.
            let defence = search.defence_length(&after, plies_after).unwrap_or(plies_after);
            let reply = Lines::new(search).defender_move(&after, defence);
            Judgement::Mates { reply, mate_in: defence.saturating_sub(1) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::tsume::solve;
    use crate::tsume::tests::problem;

    fn mv(text: &str) -> Move {
        usi::parse(text).expect("a USI move")
    }

    #[test]
    fn the_solution_is_answered_with_the_longest_defence() {
        let pos = problem("9/9/9/4k4/9/4P4/9/9/9 b 4G 1");
        assert_eq!(judge(&pos, 7, mv("G*5e")), Judgement::Mates { reply: Some(mv("5d4c")), mate_in: 5 });
        assert_eq!(
            judge(&problem("3k5/9/3S5/9/9/9/9/9/9 b S 1"), 1, mv("S*6b")),
            Judgement::Mates { reply: None, mate_in: 0 }
        );
    }

    #[test]
    fn any_move_that_mates_in_time_is_accepted() {
        // R*9a mates at once; R*8b mates a move later, which 3 plies allow but 1 does not.
        let pos = problem("1k7/R8/9/9/9/9/9/9/9 b R 1");
        assert_eq!(solve(&pos, 3).map(|s| s.moves), Some(vec![mv("R*9a")]));
        assert_eq!(judge(&pos, 3, mv("R*8b")), Judgement::Mates { reply: Some(mv("8a7a")), mate_in: 1 });
        assert_eq!(judge(&pos, 1, mv("R*8b")), Judgement::Refuted { reply: mv("8a7a") });
    }

    #[test]
    fn a_check_that_does_not_mate_is_refuted() {
        let pos = problem("9/9/9/4k4/9/4P4/9/9/9 b 4G 1");
        let Judgement::Refuted { reply } = judge(&pos, 7, mv("G*5c")) else { panic!("G*5c does not mate") };
        let after = pos.after(mv("G*5c"));
        assert!(after.is_legal(reply));
        assert_eq!(solve(&after.after(reply), 5), None, "after {reply} there is no mate in 5");
    }

    #[test]
    fn a_move_that_is_not_a_legal_check_is_named() {
        let pos = problem("9/9/9/4k4/9/4P4/9/9/9 b 4G 1");
        assert_eq!(judge(&pos, 7, mv("G*9a")), Judgement::NotCheck);
        assert_eq!(judge(&pos, 7, mv("5f5e+")), Judgement::Illegal);
        assert_eq!(judge(&pos, 7, mv("S*5e")), Judgement::Illegal);
    }
}
