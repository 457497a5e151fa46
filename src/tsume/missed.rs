//! Mates a player missed in a game: the positions where they were to move, a forced mate
//! was on the board, and the move they played does not mate as quickly. Each such position
//! makes a problem from the player's own games ("find the mate").

use super::judge::{judge_with, Judgement};
use super::search::Search;
use super::solve::solve_with;
use crate::rules::{Color, Move, Position};

/// A mate missed at a position of a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MissedMate {
    /// The number of moves played before the position.
    pub ply: usize,
    /// The length of the shortest mate there, in plies.
    pub plies: u8,
}

/// The mates within `max_plies` that `side` missed in the game of `start` and `moves`. A
/// position where the game ended without a move (a resignation) counts as missed. A mate
/// missed again on `side`'s next turn, after the opponent's reply, is the same chance: only
/// the first of such a run is listed. Each position's search gives up after `node_limit`
/// positions, and a position it gave up on is left out.
pub fn missed_mates(start: &Position, moves: &[Move], side: Color, max_plies: u8, node_limit: u64) -> Vec<MissedMate> {
    let mut missed: Vec<MissedMate> = Vec::new();
    let mut last_missed: Option<usize> = None;
    let mut pos = start.clone();
    for ply in 0..=moves.len() {
        if pos.turn() == side {
            let mut search = Search::with_node_limit(node_limit);
            if let Some(solution) = solve_with(&mut search, &pos, max_plies) {
                let mated = moves.get(ply).is_some_and(|&m| {
                    matches!(judge_with(&mut search, &pos, solution.plies, m), Judgement::Mates { .. })
                });
                if !mated && !search.exhausted() {
                    if last_missed.is_none_or(|last| last + 2 != ply) {
                        missed.push(MissedMate { ply, plies: solution.plies });
                    }
                    last_missed = Some(ply);
                }
            }
        }
        let Some(&m) = moves.get(ply) else { break };
        pos.play_unchecked(m);
    }
    missed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace().map(|m| usi::parse(m).unwrap()).collect()
    }

    #[test]
    fn a_mate_in_one_left_on_the_board_is_missed_once() {
        // Sente's gold drop on 5b mates; sente plays a pawn move instead, twice, while gote
        // shuffles its rook: one chance, missed on two turns, listed once.
        let start = sfen::parse_position("4k4/9/4P4/9/9/9/9/r8/4K4 b G 1").unwrap();
        let game = moves("5i4i 9h8h 4i5i 8h9h");
        assert_eq!(missed_mates(&start, &game, Color::Sente, 7, 1_000_000), [MissedMate { ply: 0, plies: 1 }]);
        assert_eq!(missed_mates(&start, &game, Color::Gote, 7, 1_000_000), []);
    }

    #[test]
    fn a_mate_played_is_not_missed() {
        let start = sfen::parse_position("4k4/9/4P4/9/9/9/9/r8/4K4 b G 1").unwrap();
        assert_eq!(missed_mates(&start, &moves("G*5b"), Color::Sente, 7, 1_000_000), []);
        // A resignation with the mate on the board misses it.
        assert_eq!(missed_mates(&start, &[], Color::Sente, 7, 1_000_000), [MissedMate { ply: 0, plies: 1 }]);
    }
}
