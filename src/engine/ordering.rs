//! Move ordering: the hash move first, then captures by static exchange and how each did
//! before (good ones before quiet moves, losing ones after), promotions, killer moves and
//! the history heuristic.

use std::mem::MaybeUninit;

use super::params::{capture_gain, BOARD_VALUE, MAX_PLY};
use crate::rules::{Bitboard, Move, MoveList, Position, Role, MAX_MOVES};

const HASH_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
/// The lowest ordering score of a killer move (every history score is below it).
pub const KILLER: i32 = 1 << 26;
/// Losing captures sort below every quiet move.
const BAD_CAPTURE: i32 = -(1 << 28);
/// Each history stays within ±HISTORY_LIMIT, so their sum of three stays below KILLER.
const HISTORY_LIMIT: i32 = 1 << 14;

/// A move as the continuation history sees it: the piece that moved (or was dropped) and
/// where it went.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceTo {
    role: Role,
    to: crate::rules::Square,
}

impl PieceTo {
    pub fn of(pos: &Position, m: Move) -> PieceTo {
        PieceTo { role: moved_role(pos, m), to: m.to() }
    }

    pub(super) fn index(self) -> usize {
        self.role.index() * 81 + self.to.index()
    }
}

/// The moves one and two plies before a node (None after a null move or at the root),
/// which the continuation histories are indexed by.
pub type Continuation = [Option<PieceTo>; 2];

/// How well a piece-to pair did after each piece-to pair (by either side's colour it is
/// the same table: the plies say whose move is whose).
type ContinuationTable = [[i16; PIECE_TO]; PIECE_TO];
const PIECE_TO: usize = 14 * 81;

/// Killers and histories, kept between iterations of one search and (halved) between moves.
pub struct OrderingTables {
    killers: [[Move; 2]; MAX_PLY + 1],
    history: Box<[[[i32; 81]; 14]; 2]>,
    /// Index 0: by the opponent's last move (the counter-move history); 1: by our own move
    /// before it (the follow-up history).
    continuation: [Box<ContinuationTable>; 2],
    /// How well each capture did: by the capturing piece and where it went, then the role
    /// taken (the capture history).
    captures: Box<[[i16; 14]; PIECE_TO]>,
}

/// A table of a row per piece-to pair, zeroed, made on the heap (too large for the stack).
fn zeroed_rows<const N: usize>() -> Box<[[i16; N]; PIECE_TO]> {
    vec![[0i16; N]; PIECE_TO]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has PIECE_TO rows"))
}

/// A history entry moved by `bonus` towards ±`limit`, less the nearer it is (the move
/// ordering's histories and the correction history alike).
pub fn nudged(value: i32, bonus: i32, limit: i32) -> i32 {
    value + bonus - value * bonus.abs() / limit
}

/// A move-ordering history's entry after a reward (or, negative, a penalty) of `delta`.
fn history_nudged(value: i32, delta: i32) -> i32 {
    nudged(value, delta * 32, HISTORY_LIMIT)
}

impl OrderingTables {
    pub fn new() -> OrderingTables {
        OrderingTables {
            killers: [[Move::NONE; 2]; MAX_PLY + 1],
            history: Box::new([[[0; 81]; 14]; 2]),
            continuation: [zeroed_rows(), zeroed_rows()],
            captures: zeroed_rows(),
        }
    }

    pub fn clear(&mut self) {
        *self = OrderingTables::new();
    }

    /// Before the next move's search: killers belong to the old plies, but what the
    /// histories learnt mostly still holds, at half weight.
    pub fn age(&mut self) {
        self.killers = [[Move::NONE; 2]; MAX_PLY + 1];
        self.history.iter_mut().flatten().flatten().for_each(|h| *h /= 2);
        for table in &mut self.continuation {
            table.iter_mut().flatten().for_each(|h| *h /= 2);
        }
        self.captures.iter_mut().flatten().for_each(|h| *h /= 2);
    }

    /// A move caused a beta cut-off at a node of `depth`: the capture among `captures` (the
    /// captures tried, in order, up to and with it) is rewarded, the others punished; all are
    /// punished when `best` is quiet.
    pub fn reward_captures(&mut self, pos: &Position, best: Move, captures: &[Move], depth: i32) {
        let bonus = (depth * depth).min(400);
        for &m in captures {
            let delta = if m == best { bonus } else { -bonus };
            let (row, taken) = capture_index(pos, m);
            let entry = &mut self.captures[row][taken];
            *entry = history_nudged(*entry as i32, delta) as i16;
        }
    }

    fn capture_score(&self, pos: &Position, m: Move) -> i32 {
        let (row, taken) = capture_index(pos, m);
        self.captures[row][taken] as i32
    }

    /// A quiet move caused a beta cut-off at `ply`: remember it, reward it and punish the
    /// quiet moves tried before it.
    pub fn reward_quiet(
        &mut self,
        pos: &Position,
        ply: usize,
        context: &Continuation,
        best: Move,
        tried: &[Move],
        depth: i32,
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != best {
            killers[1] = killers[0];
            killers[0] = best;
        }
        let bonus = (depth * depth).min(400);
        let us = pos.turn();
        for &m in tried {
            let delta = if m == best { bonus } else { -bonus };
            let moved = PieceTo::of(pos, m);
            let entry = &mut self.history[us.index()][moved.role.index()][moved.to.index()];
            *entry = history_nudged(*entry, delta);
            for (table, previous) in self.continuation.iter_mut().zip(context) {
                if let Some(previous) = previous {
                    let entry = &mut table[previous.index()][moved.index()];
                    *entry = history_nudged(*entry as i32, delta) as i16;
                }
            }
        }
    }

    fn quiet_score(&self, pos: &Position, ply: usize, context: &Continuation, m: Move) -> i32 {
        if self.killers[ply][0] == m {
            return KILLER + 1;
        }
        if self.killers[ply][1] == m {
            return KILLER;
        }
        let moved = PieceTo::of(pos, m);
        let own = self.history[pos.turn().index()][moved.role.index()][moved.to.index()];
        let continued: i32 = self
            .continuation
            .iter()
            .zip(context)
            .filter_map(|(table, previous)| previous.map(|p| table[p.index()][moved.index()] as i32))
            .sum();
        own + continued
    }
}

impl Default for OrderingTables {
    fn default() -> OrderingTables {
        OrderingTables::new()
    }
}

/// A capture's place in the capture history: the capturing piece and where it lands, then the
/// role taken.
fn capture_index(pos: &Position, m: Move) -> (usize, usize) {
    (PieceTo::of(pos, m).index(), pos.piece_at(m.to()).map_or(0, |p| p.role.index()))
}

/// The role of the piece that moves (or is dropped).
#[inline]
pub fn moved_role(pos: &Position, m: Move) -> Role {
    match (m.drop_role(), m.from().and_then(|from| pos.piece_at(from))) {
        (Some(role), _) => role,
        (None, Some(piece)) => piece.role,
        (None, None) => Role::Pawn,
    }
}

#[inline]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    !m.is_drop() && pos.piece_at(m.to()).is_some()
}

/// Neither a capture nor a promotion.
#[inline]
pub fn is_quiet(pos: &Position, m: Move) -> bool {
    !m.is_promotion() && !is_capture(pos, m)
}

/// Material won by promoting with `m` (0 if it does not promote).
fn promotion_gain(role: Role, m: Move) -> i32 {
    match role.promoted() {
        Some(promoted) if m.is_promotion() => BOARD_VALUE[promoted.index()] - BOARD_VALUE[role.index()],
        _ => 0,
    }
}

/// Static exchange evaluation: the material balance of `m` followed by the best sequence of
/// recaptures on its destination, each side taking with its least valuable piece.
pub fn see(pos: &Position, m: Move) -> i32 {
    let to = m.to();
    let role = moved_role(pos, m);
    let captured = if m.is_drop() { 0 } else { pos.piece_at(to).map_or(0, |p| capture_gain(p.role)) };
    let on_square_role = if m.is_promotion() { role.promoted().unwrap_or(role) } else { role };
    let mut occupied = pos.occupied().with(to);
    if let Some(from) = m.from() {
        occupied = occupied.without(from);
    }
    let mut gains = [0i32; 40];
    gains[0] = captured + promotion_gain(role, m);
    let mut at_stake = capture_gain(on_square_role);
    let mut side = !pos.turn();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some((sq, attacker)) = least_valuable_attacker(pos, pos.attackers_to(to, side, occupied) & occupied) else {
            break;
        };
        depth += 1;
        gains[depth] = at_stake - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 {
            break;
        }
        occupied = occupied.without(sq);
        at_stake = capture_gain(attacker);
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// Roles from the cheapest to the dearest, for recaptures.
const BY_VALUE: [Role; 14] = [
    Role::Pawn,
    Role::Lance,
    Role::Knight,
    Role::Silver,
    Role::Gold,
    Role::Tokin,
    Role::PromotedLance,
    Role::PromotedKnight,
    Role::PromotedSilver,
    Role::Bishop,
    Role::Rook,
    Role::Horse,
    Role::Dragon,
    Role::King,
];

fn least_valuable_attacker(pos: &Position, attackers: Bitboard) -> Option<(crate::rules::Square, Role)> {
    if attackers.is_empty() {
        return None;
    }
    BY_VALUE.iter().find_map(|&role| (attackers & pos.by_role(role)).first().map(|sq| (sq, role)))
}

/// Whether an ordering score is that of a capture losing material by SEE.
pub fn is_losing_capture(order: i32) -> bool {
    order < BAD_CAPTURE / 2
}

/// Moves handed out by selection before the rest is sorted at once: a cut-off usually
/// comes early, and selection over hundreds of drops for every move would cost more.
const SELECTION_PICKS: usize = 4;

/// Hands out moves best-first by a score fixed when the picker is made.
pub struct MovePicker<'m> {
    moves: &'m MoveList,
    /// Each move's [`OrderKey`], in the caller's [`OrderKeys`].
    keys: &'m mut [OrderKey],
    next: usize,
}

/// Room for a picker's keys, kept by its caller: a picker that held them was copied whole
/// (4.8 KB) when `MovePicker::new` returned it, at every node.
pub struct OrderKeys([MaybeUninit<OrderKey>; MAX_MOVES]);

impl OrderKeys {
    /// Left unwritten, as `MoveList`'s slots are: zeroing all 600 at every node was a tenth
    /// of the search's instructions.
    pub fn new() -> OrderKeys {
        OrderKeys([const { MaybeUninit::uninit() }; MAX_MOVES])
    }
}

/// A move's ordering score in the high half and its index in the list in the low: the picker
/// sorts one word per move, not the scores and moves side by side (half the loads and stores).
#[derive(Clone, Copy)]
struct OrderKey(u64);

impl OrderKey {
    fn new(score: i32, index: usize) -> OrderKey {
        OrderKey(u64::from(score as u32) << 32 | index as u64)
    }

    fn score(self) -> i32 {
        (self.0 >> 32) as u32 as i32
    }

    fn index(self) -> usize {
        self.0 as u32 as usize
    }
}

impl<'m> MovePicker<'m> {
    pub fn new(
        pos: &Position,
        moves: &'m MoveList,
        hash_move: Option<Move>,
        tables: &OrderingTables,
        ply: usize,
        context: &Continuation,
        keys: &'m mut OrderKeys,
    ) -> MovePicker<'m> {
        for (index, (key, &m)) in keys.0.iter_mut().zip(moves.iter()).enumerate() {
            let score = if Some(m) == hash_move {
                HASH_MOVE
            } else if is_capture(pos, m) {
                let exchange = see(pos, m);
                let victim = pos.piece_at(m.to()).map_or(0, |p| capture_gain(p.role));
                let learnt = tables.capture_score(pos, m) / 16;
                if exchange >= 0 {
                    GOOD_CAPTURE + victim * 8 + exchange + learnt
                } else {
                    BAD_CAPTURE + exchange + learnt
                }
            } else if m.is_promotion() {
                PROMOTION + promotion_gain(moved_role(pos, m), m)
            } else {
                tables.quiet_score(pos, ply, context, m)
            };
            key.write(OrderKey::new(score, index));
        }
        // SAFETY: a key was written above for each of the moves.
        let keys = unsafe { keys.0[..moves.len()].assume_init_mut() };
        MovePicker { moves, keys, next: 0 }
    }

    /// The best remaining move and its ordering score.
    pub fn next(&mut self) -> Option<(Move, i32)> {
        let next = self.next;
        if next >= self.moves.len() {
            return None;
        }
        self.next += 1;
        let keys = &mut *self.keys;
        if next == SELECTION_PICKS {
            sort_rest(&mut keys[next..]);
        }
        if next < SELECTION_PICKS {
            // The best score is kept beside its index, not read again at each step.
            let (mut best, mut best_score) = (next, keys[next].score());
            for (i, key) in keys.iter().enumerate().skip(next + 1) {
                if key.score() > best_score {
                    (best, best_score) = (i, key.score());
                }
            }
            keys.swap(next, best);
        }
        let key = keys[next];
        Some((self.moves[key.index()], key.score()))
    }
}

/// A Shell sort of `keys` by their scores, best first, in place: a few lines where std's sort
/// adds 5 KB to the worker, and a plain insertion sort is slow on the hundred drops of a
/// middlegame (gaps: Ciura's).
fn sort_rest(keys: &mut [OrderKey]) {
    for gap in [23, 10, 4, 1] {
        for i in gap..keys.len() {
            let key = keys[i];
            let mut j = i;
            while j >= gap && keys[j - gap].score() < key.score() {
                keys[j] = keys[j - gap];
                j -= gap;
            }
            keys[j] = key;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};

    #[test]
    fn a_capture_that_cut_off_before_goes_first_among_equals() {
        // Two pawns, each able to take a pawn that nothing defends: equal by value and exchange.
        let pos = sfen::parse_position("4k4/9/9/9/2p1p4/2P1P4/9/9/4K4 b - 1").unwrap();
        let first = |tables: &OrderingTables| {
            let mut moves = MoveList::new();
            pos.generate_legal(&mut moves);
            MovePicker::new(&pos, &moves, None, tables, 0, &[None, None], &mut OrderKeys::new()).next().map(|(m, _)| m)
        };
        let mut tables = OrderingTables::new();
        let before = first(&tables).unwrap();
        let [left, right] = ["7f7e", "5f5e"].map(|text| usi::parse(text).unwrap());
        assert!(before == left || before == right, "a capture first: {before:?}");
        let other = if before == left { right } else { left };
        tables.reward_captures(&pos, other, &[before, other], 6);
        assert_eq!(first(&tables), Some(other));
        tables.reward_captures(&pos, before, &[other, before], 10);
        assert_eq!(first(&tables), Some(before));
    }
}
