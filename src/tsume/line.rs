//! The main line of a mate: the attacker's shortest mate (the first check generated, if
//! several mate as quickly) against the defender's longest counted defence (of several as
//! long, the one whose line leaves the attacker the fewest pieces in hand at the end, then
//! the first in the order of [`Search::replies`]).

use std::collections::HashMap;

use super::search::Search;
use crate::rules::{Move, Position};

/// The moves chosen so far, by position: each is a fact about the position alone, since
/// the length of its mate is.
pub(crate) struct Lines<'a> {
    search: &'a mut Search,
    chosen: HashMap<u64, Option<Move>>,
}

impl<'a> Lines<'a> {
    pub fn new(search: &'a mut Search) -> Lines<'a> {
        Lines { search, chosen: HashMap::new() }
    }

    /// The search the lines are worked out with.
    pub fn search(&mut self) -> &mut Search {
        self.search
    }

    /// The main line from `pos`, the attacker to move, which mates in exactly `plies`.
    pub fn main_line(&mut self, pos: &Position, plies: u8) -> Vec<Move> {
        self.follow(pos, plies, true).0
    }

    /// The attacker's move in `pos`, whose shortest mate takes `plies`: the first check
    /// generated that mates that quickly.
    pub fn attacker_move(&mut self, pos: &Position, plies: u8) -> Option<Move> {
        self.remembered(pos, |lines| {
            Search::checks(pos).into_iter().find(|&m| lines.search.mated_within(&pos.after(m), plies - 1))
        })
    }

    /// The defender's move in `pos` (after a check), whose longest defence takes `plies`.
    pub fn defender_move(&mut self, pos: &Position, plies: u8) -> Option<Move> {
        if plies == 0 {
            return None;
        }
        self.remembered(pos, |lines| {
            let replies = Search::replies(pos);
            let longest: Vec<Move> = replies
                .others
                .into_iter()
                .chain(replies.interpositions)
                .filter(|&r| lines.lasts(pos, r, plies))
                .collect();
            lines.fewest_pieces_left(pos, &longest, plies - 1)
        })
    }

    /// Whether the defender's `reply` in `pos` is a counted defence lasting exactly `plies`
    /// (`pos` being mated within `plies`).
    pub fn lasts(&mut self, pos: &Position, reply: Move, plies: u8) -> bool {
        let after = pos.after(reply);
        self.search.mates_within(&after, plies - 1)
            && (plies < 3 || !self.search.mates_within(&after, plies - 3))
            && !self.search.is_useless_interposition(pos, reply, plies)
    }

    /// The pieces in the attacker's hand at the end of the main line from `pos`, where
    /// `plies` are left and the attacker is to move if `attacker_to_move`.
    pub fn pieces_left(&mut self, pos: &Position, plies: u8, attacker_to_move: bool) -> u32 {
        let attacker = if attacker_to_move { pos.turn() } else { !pos.turn() };
        self.follow(pos, plies, attacker_to_move).1.hand(attacker).total()
    }

    /// The main line from `pos` and the position it ends in.
    fn follow(&mut self, pos: &Position, plies: u8, attacker_to_move: bool) -> (Vec<Move>, Position) {
        let mut line = Vec::new();
        let mut pos = pos.clone();
        for left in (1..=plies).rev() {
            let attacker_turn = (plies - left).is_multiple_of(2) == attacker_to_move;
            let choice = if attacker_turn { self.attacker_move(&pos, left) } else { self.defender_move(&pos, left) };
            let Some(m) = choice else { break };
            line.push(m);
            pos.play_unchecked(m);
        }
        (line, pos)
    }

    /// Of the defender's `replies` in `pos` (each leaving `plies` to go), the first of
    /// those whose lines leave the fewest pieces in hand; only worked out if there is a choice.
    fn fewest_pieces_left(&mut self, pos: &Position, replies: &[Move], plies: u8) -> Option<Move> {
        if replies.len() < 2 {
            return replies.first().copied();
        }
        replies.iter().copied().min_by_key(|&r| self.pieces_left(&pos.after(r), plies, true))
    }

    fn remembered(&mut self, pos: &Position, choose: impl FnOnce(&mut Self) -> Option<Move>) -> Option<Move> {
        if let Some(&choice) = self.chosen.get(&pos.hash()) {
            return choice;
        }
        let choice = choose(self);
        self.chosen.insert(pos.hash(), choice);
        choice
    }
}
