//! The exact bounded search: whether the attacker mates within a number of plies under the
//! rules of [`super`], useless interpositions not counting as a defence.
//!
//! Every answer is a fact about a position and a number of plies, never about the path to
//! it, so one table keeps them all: for each position, the budgets known to be enough and
//! those known to be too few, and the move that decided the last search of it (tried first
//! next time). Repetitions need no care: a shortest mate never repeats a position (the mate
//! from the second visit would be a shorter one from the first), so a search bounded in
//! plies finds the same mates whether a repetition is allowed or forbidden.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, DefaultHasher};

use crate::rules::{attacks, Bitboard, Move, MoveList, Position};

/// The table is cleared when it holds this many positions (about 32 MB), to bound memory.
const MAX_ENTRIES: usize = 1 << 20;

#[derive(Clone, Copy)]
struct Entry {
    /// Every budget from this one up is enough (`u8::MAX`: none known to be).
    enough_from: u8,
    /// Every budget below this one is too few.
    too_few_below: u8,
    /// The attacker's mating move, or the defender's reply that escaped, when last searched.
    decisive: Move,
}

const UNKNOWN: Entry = Entry { enough_from: u8::MAX, too_few_below: 0, decisive: Move::NONE };

/// The defender's replies to a check, in the two kinds the useless-interposition rule tells apart.
pub(crate) struct Replies {
    /// King moves and captures of the checker.
    pub others: Vec<Move>,
    /// Pieces dropped or moved between a distant checker and the king, nearest the king first.
    pub interpositions: Vec<Move>,
}

/// One search's memory and its node count. Budgets are in plies: for a position with the
/// attacker to move, the plies of the mate including its first move; for a position
/// after a check, the plies of the defence that follows.
pub(crate) struct Search {
    table: HashMap<u64, Entry, BuildHasherDefault<DefaultHasher>>,
    nodes: u64,
    node_limit: u64,
}

impl Search {
    pub fn new() -> Search {
        Search::with_node_limit(u64::MAX)
    }

    /// A search that gives up after `node_limit` positions: then every later answer is
    /// unreliable, as [`exhausted`](Search::exhausted) says.
    pub fn with_node_limit(node_limit: u64) -> Search {
        Search { table: HashMap::default(), nodes: 0, node_limit }
    }

    pub fn exhausted(&self) -> bool {
        self.nodes >= self.node_limit
    }

    /// The attacker's legal moves that give check.
    pub fn checks(pos: &Position) -> Vec<Move> {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        let Some(king) = pos.king_square(!pos.turn()) else { return Vec::new() };
        // A dropped piece checks from where the same piece of the defender's would attack from
        // the king's square: worked out once per role rather than once per drop.
        let mut drop_checks = [Bitboard::EMPTY; 7];
        for (role, _) in pos.hand(pos.turn()).iter() {
            drop_checks[role.index()] = attacks::attacks(!pos.turn(), role, king, pos.occupied());
        }
        let gives_check = |m: Move| match m.drop_role() {
            Some(role) => drop_checks[role.index()].contains(m.to()),
            None => pos.gives_check(m),
        };
        moves.iter().copied().filter(|&m| gives_check(m)).collect()
    }

    /// The defender's legal replies to a check: captures first, then other king moves, then
    /// interpositions nearest the king first (each kind in the move generator's order).
    pub fn replies(pos: &Position) -> Replies {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        let gap = Self::interposition_squares(pos);
        let (mut interpositions, mut others): (Vec<Move>, Vec<Move>) = moves.iter().partition(|m| gap.contains(m.to()));
        // Taking a piece (the checker, or one next to the king) is the likeliest escape.
        sort_short_list_by_key(&mut others, |&m| u32::from(pos.piece_at(m.to()).is_none()));
        if let Some(king) = pos.king_square(pos.turn()) {
            sort_short_list_by_key(&mut interpositions, |&m| attacks::between(king, m.to()).count());
        }
        Replies { others, interpositions }
    }

    /// The squares between the king and a single checker that is not next to it.
    fn interposition_squares(pos: &Position) -> Bitboard {
        match (pos.king_square(pos.turn()), pos.checkers().single()) {
            (Some(king), Some(checker)) => attacks::between(king, checker),
            _ => Bitboard::EMPTY,
        }
    }

    /// Whether the attacker, to move in `pos`, mates within `plies`.
    pub fn mates_within(&mut self, pos: &Position, plies: u8) -> bool {
        self.mates_within_trying(pos, plies, Move::NONE)
    }

    /// [`mates_within`](Search::mates_within), trying early `hint` (the move that mated
    /// after another reply to the same check, which often mates here too).
    fn mates_within_trying(&mut self, pos: &Position, plies: u8, hint: Move) -> bool {
        let entry = self.entry(pos);
        if plies >= entry.enough_from {
            return true;
        }
        if plies < entry.too_few_below.max(1) || self.spend_node() {
            return false;
        }
        let checks = Self::checks(pos);
        let mut first = Vec::with_capacity(2);
        for m in [entry.decisive, hint] {
            if checks.contains(&m) && !first.contains(&m) {
                first.push(m);
            }
        }
        let mut rest: Vec<Move> = checks.into_iter().filter(|m| !first.contains(m)).collect();
        if plies > 1 {
            // The fewer the replies, the likelier the mate. (Before a last move every check is
            // tried as soon as its replies are counted: counting first would double the work.)
            sort_short_list_by_key(&mut rest, |&m| pos.after(m).count_legal_moves() as u32);
        }
        let mut candidates = first.into_iter().chain(rest).map(|m| (m, pos.after(m)));
        match candidates.find(|(_, child)| self.mated_within(child, plies - 1)) {
            Some((m, _)) => {
                self.learn(pos, |e| Entry { enough_from: plies.min(e.enough_from), decisive: m, ..e });
                true
            }
            None => {
                self.learn(pos, |e| Entry { too_few_below: (plies + 1).max(e.too_few_below), ..e });
                false
            }
        }
    }

    /// Whether every defence of `pos` (the defender to move, after a check) ends in mate
    /// within `plies`. Useless interpositions do not count.
    pub fn mated_within(&mut self, pos: &Position, plies: u8) -> bool {
        if plies == 0 && Self::interposition_squares(pos).is_empty() {
            // No interposition to weigh: mate is mate by the rules, quickly counted.
            self.spend_node();
            return pos.count_legal_moves() == 0;
        }
        let entry = self.entry(pos);
        if plies >= entry.enough_from {
            return true;
        }
        if plies < entry.too_few_below || self.spend_node() {
            return false;
        }
        match self.escape(pos, plies) {
            Some(r) => {
                self.learn(pos, |e| Entry { too_few_below: (plies + 1).max(e.too_few_below), decisive: r, ..e });
                false
            }
            None => {
                self.learn(pos, |e| Entry { enough_from: plies.min(e.enough_from), ..e });
                true
            }
        }
    }

    /// A counted defence of `pos` (after a check) that is not mated within `plies`, if any:
    /// the one that escaped last time first, then captures, king moves and other moves,
    /// then interpositions, nearest the king first.
    pub fn escape(&mut self, pos: &Position, plies: u8) -> Option<Move> {
        let mut replies = Self::replies(pos);
        let last_escape = self.entry(pos).decisive;
        for list in [&mut replies.others, &mut replies.interpositions] {
            if let Some(i) = list.iter().position(|&m| m == last_escape) {
                list[..=i].rotate_right(1);
            }
        }
        let mut mate = Move::NONE;
        for &r in &replies.others {
            if !self.reply_mated_within(pos, r, plies, &mut mate) {
                return Some(r);
            }
        }
        self.counted_interposition_escaping(pos, &replies, plies, mate)
    }

    /// Whether after the defender's `reply` the attacker mates within the rest of `plies`;
    /// `hint` is the move that mated after the previous reply, and becomes this one's.
    fn reply_mated_within(&mut self, pos: &Position, reply: Move, plies: u8, hint: &mut Move) -> bool {
        if plies == 0 {
            return false;
        }
        let after = pos.after(reply);
        let mated = self.mates_within_trying(&after, plies - 1, *hint);
        if mated {
            *hint = self.entry(&after).decisive;
        }
        mated
    }

    /// An interposition that is neither mated within `plies` nor useless, if any.
    fn counted_interposition_escaping(
        &mut self,
        pos: &Position,
        replies: &Replies,
        plies: u8,
        mut hint: Move,
    ) -> Option<Move> {
        let mut longest_other = None;
        for &i in &replies.interpositions {
            if self.reply_mated_within(pos, i, plies, &mut hint) {
                continue;
            }
            let longest = *longest_other.get_or_insert_with(|| self.longest_defence_among(pos, &replies.others, plies));
            if !self.captured_uselessly(pos, i, longest) {
                return Some(i);
            }
        }
        None
    }

    /// The plies of the longest of `replies` (each known to be mated within `plies`),
    /// counting the reply: 0 when there are none.
    fn longest_defence_among(&mut self, pos: &Position, replies: &[Move], plies: u8) -> u8 {
        let mut longest = 0;
        for &r in replies {
            let after = pos.after(r);
            // Only a longer mate than those found so far changes the answer.
            let mut mate = longest.max(2) - 1;
            while mate + 1 < plies && !self.mates_within(&after, mate) {
                mate += 2;
            }
            longest = longest.max(mate + 1);
        }
        longest
    }

    /// Whether the defender's `interposition` in `pos` can be taken by the checking piece,
    /// with check, and mate follow within `plies` without the piece taken: given back to the
    /// defender's hand, as if it had never been interposed. (Taken by the checker, each
    /// interposition of a chain is nearer the king, so a chain ends.)
    fn captured_uselessly(&mut self, pos: &Position, interposition: Move, plies: u8) -> bool {
        let (Some(checker), square) = (pos.checkers().single(), interposition.to()) else { return false };
        let after = pos.after(interposition);
        let Some(taken) = after.piece_at(square) else { return false };
        let takes = |m: &Move| m.from() == Some(checker) && m.to() == square;
        Self::checks(&after).into_iter().filter(takes).any(|m| {
            after.after(m).with_hand_piece_given(after.turn(), taken.role).is_some_and(|q| self.mated_within(&q, plies))
        })
    }

    /// Whether the defender's `reply` is a useless interposition, in `pos` (after a check)
    /// known to be mated within `plies`.
    pub fn is_useless_interposition(&mut self, pos: &Position, reply: Move, plies: u8) -> bool {
        if !Self::interposition_squares(pos).contains(reply.to()) {
            return false;
        }
        let replies = Self::replies(pos);
        replies.interpositions.contains(&reply) && {
            let longest = self.longest_defence_among(pos, &replies.others, plies);
            self.captured_uselessly(pos, reply, longest)
        }
    }

    /// The plies of the shortest mate from `pos` (the attacker to move), if within `max_plies`.
    pub fn mate_length(&mut self, pos: &Position, max_plies: u8) -> Option<u8> {
        (1..=max_plies)
            .step_by(2)
            .find(|&n| self.mates_within(pos, n) || self.exhausted())
            .filter(|_| !self.exhausted())
    }

    /// The plies of the longest defence of `pos` (after a check), if within `max_plies`.
    pub fn defence_length(&mut self, pos: &Position, max_plies: u8) -> Option<u8> {
        (0..=max_plies)
            .step_by(2)
            .find(|&n| self.mated_within(pos, n) || self.exhausted())
            .filter(|_| !self.exhausted())
    }

    fn entry(&self, pos: &Position) -> Entry {
        self.table.get(&pos.hash()).copied().unwrap_or(UNKNOWN)
    }

    fn learn(&mut self, pos: &Position, update: impl FnOnce(Entry) -> Entry) {
        if self.exhausted() {
            return;
        }
        if self.table.len() >= MAX_ENTRIES {
            self.table.clear();
        }
        let entry = self.table.entry(pos.hash()).or_insert(UNKNOWN);
        *entry = update(*entry);
    }

    /// Counts a node; true when the limit is reached.
    fn spend_node(&mut self) -> bool {
        self.nodes += 1;
        self.exhausted()
    }
}

/// Sorts a position's few checks or replies by `key`, keeping the generator's order among
/// equal keys, computing each key once. An insertion sort: the lists are short, and each of the
/// standard library's sorts added its own code for every element type to the engine worker's
/// wasm (these three: 8.6 KB of its 106 KB gzip).
fn sort_short_list_by_key(moves: &mut [Move], key: impl Fn(&Move) -> u32) {
    let keys: Vec<u32> = moves.iter().map(&key).collect();
    let mut keyed: Vec<(u32, Move)> = keys.into_iter().zip(moves.iter().copied()).collect();
    for i in 1..keyed.len() {
        let mut j = i;
        while j > 0 && keyed[j - 1].0 > keyed[j].0 {
            keyed.swap(j - 1, j);
            j -= 1;
        }
    }
    for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
        *slot = m;
    }
}
