//! Mate search for `go mate`: only checking moves for the attacker, every legal reply for
//! the defender, deepened two plies at a time until a mate is proven, none can exist
//! within the limits, or time runs out.

use super::clock::TimeControl;
use super::params::MAX_PLY;
use super::{Clock, Limits, MateResult};
use crate::rules::{Move, MoveList, Position};

struct MateSearch<'a> {
    clock: &'a dyn Clock,
    stop: &'a dyn Fn() -> bool,
    time: TimeControl,
    node_limit: Option<u64>,
    nodes: u64,
    aborted: bool,
}

impl MateSearch<'_> {
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || (self.nodes % 1024 == 0 && ((self.stop)() || self.time.out_of_time(self.clock)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// A forced mate within `plies` (odd) with the side to move attacking.
    fn attack(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        if self.visit() {
            return None;
        }
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        for &m in moves.iter() {
            let child = pos.after(m);
            if !child.is_check() {
                continue;
            }
            if let Some(mut line) = self.defend(&child, plies - 1) {
                line.insert(0, m);
                return Some(line);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Whether every reply of the side to move (in check) loses within `plies`; the line
    /// follows the defence that lasts longest.
    fn defend(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        if moves.is_empty() {
            return Some(Vec::new());
        }
        if plies == 0 {
            return None;
        }
        let mut longest: Option<Vec<Move>> = None;
        for &m in moves.iter() {
            let mut line = self.attack(&pos.after(m), plies - 1)?;
            line.insert(0, m);
            if longest.as_ref().is_none_or(|l| line.len() > l.len()) {
                longest = Some(line);
            }
        }
        longest
    }
}

pub(super) fn search(root: &Position, limits: &Limits, clock: &dyn Clock, stop: &dyn Fn() -> bool) -> MateResult {
    let mut search = MateSearch {
        clock,
        stop,
        time: TimeControl::new(limits, clock),
        node_limit: limits.nodes,
        nodes: 0,
        aborted: false,
    };
    let max_plies = limits.depth.map_or(MAX_PLY as u32 - 1, |d| d.max(1));
    let mut plies = 1;
    while plies <= max_plies {
        if let Some(line) = search.attack(root, plies) {
            return MateResult::Found(line);
        }
        if search.aborted {
            return MateResult::Timeout;
        }
        plies += 2;
    }
    MateResult::NoMate
}
