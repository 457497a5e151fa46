//! What the app asks of a position: its shortest mate and main line, and the next move of it.

use super::line::Lines;
use super::search::Search;
use crate::rules::{Move, Position};

/// A forced mate: its length and its main line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// The plies of the shortest mate against the longest defence (odd: the attacker moves
    /// first and last).
    pub plies: u8,
    /// The main line: the attacker's shortest mate, the defender's longest counted defence,
    /// ties broken towards the fewest pieces left in the attacker's hand.
    pub moves: Vec<Move>,
}

/// The shortest forced mate from `pos` (the attacker to move) within `max_plies`, and its
/// main line; `None` when there is none that short.
pub fn solve(pos: &Position, max_plies: u8) -> Option<Solution> {
    solve_with(&mut Search::new(), pos, max_plies)
}

/// [`solve`] that gives up after `node_limit` positions: `None` when it did, else what
/// [`solve`] says.
pub fn solve_within(pos: &Position, max_plies: u8, node_limit: u64) -> Option<Option<Solution>> {
    let mut search = Search::with_node_limit(node_limit);
    let solution = solve_with(&mut search, pos, max_plies);
    (!search.exhausted()).then_some(solution)
}

/// [`solve`] with a given search, whose memory it leaves for later questions.
pub(crate) fn solve_with(search: &mut Search, pos: &Position, max_plies: u8) -> Option<Solution> {
    let plies = search.mate_length(pos, max_plies)?;
    let moves = Lines::new(search).main_line(pos, plies);
    Some(Solution { plies, moves })
}

/// The attacker's next move of a shortest mate within `plies_left`, if there is one: the
/// main line's (for a problem, its solution's).
pub fn hint(pos: &Position, plies_left: u8) -> Option<Move> {
    let mut search = Search::new();
    let plies = search.mate_length(pos, plies_left)?;
    Lines::new(&mut search).attacker_move(pos, plies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::tsume::{defender_holds_the_rest, judge, tests::problem, Judgement};

    fn moves(line: &[&str]) -> Vec<Move> {
        line.iter().map(|m| usi::parse(m).expect("a USI move")).collect()
    }

    #[test]
    fn a_mate_in_one_is_found() {
        // The silver dropped on 6b, backed by the one on 6c, leaves the king no square.
        let pos = problem("3k5/9/3S5/9/9/9/9/9/9 b S 1");
        assert_eq!(solve(&pos, 11), Some(Solution { plies: 1, moves: moves(&["S*6b"]) }));
        assert_eq!(hint(&pos, 1), usi::parse("S*6b").ok());
    }

    #[test]
    fn the_shortest_mate_is_found_against_the_longest_defence() {
        // Four golds drive the king from the centre to the corner.
        let pos = problem("9/9/9/4k4/9/4P4/9/9/9 b 4G 1");
        let line = moves(&["G*5e", "5d4c", "G*4d", "4c3b", "G*3c", "3b2a", "G*2b"]);
        assert_eq!(solve(&pos, 11), Some(Solution { plies: 7, moves: line }));
        assert_eq!(solve(&pos, 5), None);
    }

    #[test]
    fn a_pawn_drop_that_would_mate_is_no_mate() {
        // 1b is guarded by the gold, 2a by the knight: P*1b would mate, so it is illegal.
        let pos = problem("8k/9/6NG1/9/9/9/9/9/9 b P 1");
        assert_eq!(solve(&pos, 1), None);
        assert_eq!(judge(&pos, 1, moves(&["P*1b"])[0]), Judgement::Illegal);
    }

    #[test]
    fn a_useless_interposition_does_not_lengthen_the_mate() {
        // The king is walled in by its lance and pawn; a rook dropped anywhere on file 1
        // checks it, and whatever is put between is taken by the rook, guarded on 1b by
        // the knight, with mate.
        let pos = problem("7lk/7p1/9/7N1/9/9/9/9/9 b R 1");
        assert_eq!(solve(&pos, 11).map(|s| s.plies), Some(1));
        let far_check = moves(&["R*1i"])[0];
        assert!(pos.after(far_check).has_legal_moves(), "the rules allow interpositions");
        assert_eq!(judge(&pos, 1, far_check), Judgement::Mates { reply: None, mate_in: 0 });
    }

    #[test]
    fn an_interposition_the_king_takes_back_is_a_defence() {
        // Without the knight, a piece put on 1b and taken there by the rook is taken back by
        // the king: the interposition counts, and the check does not mate.
        let pos = problem("7lk/7p1/9/9/9/9/9/9/9 b R 1");
        let Judgement::Refuted { reply } = judge(&pos, 1, moves(&["R*1c"])[0]) else { panic!("R*1c does not mate") };
        assert_eq!((reply.is_drop(), reply.to().to_string()), (true, "1b".to_string()));
    }

    #[test]
    fn the_defender_holds_the_rest() {
        let pos = problem("3k5/9/3S5/9/9/9/9/9/9 b S 1");
        assert_eq!(crate::notation::sfen::write_position(&pos), "3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1");
        assert_eq!(defender_holds_the_rest(&pos.to_setup()), pos.to_setup());
    }
}
