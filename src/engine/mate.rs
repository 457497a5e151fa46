//! Mate search for `go mate`: depth-first proof-number search (df-pn, Nagai 2002). The
//! attacker (side to move at the root) may only give check; the defender tries every legal
//! reply. Proof and disproof numbers are kept in φ/δ form (φ = the number for the side to
//! move at that node to win), so one routine serves attacker and defender nodes.
//! A repeated position on the current path counts as a failed attack (perpetual check
//! loses), and is not stored, since it depends on the path.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::clock::TimeControl;
use super::promotion::retain_worthwhile;
use super::{Clock, Limits, MateResult};
use crate::rules::{Move, MoveList, Position};

const INFINITE: u32 = u32::MAX / 2;
/// Longest line looked at, in plies.
const MAX_MATE_PLY: usize = 200;
/// The table is cleared when it holds this many positions (about 40 MB), to bound memory.
const MAX_ENTRIES: usize = 1 << 20;

/// Keys are Zobrist hashes already: hashing them again would only cost time.
#[derive(Default)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = bytes.iter().fold(self.0, |h, &b| h.rotate_left(8) ^ b as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Table = HashMap<u64, Entry, BuildHasherDefault<ZobristHasher>>;

#[derive(Clone, Copy)]
struct Entry {
    phi: u32,
    delta: u32,
    /// Plies to mate once the node is proven (for choosing the line to report).
    distance: u16,
}

struct DfPn<'a> {
    table: Table,
    path: Vec<u64>,
    clock: &'a dyn Clock,
    stop: &'a dyn Fn() -> bool,
    time: TimeControl,
    node_limit: Option<u64>,
    max_ply: usize,
    nodes: u64,
    aborted: bool,
    root_moves: RootMoves,
}

/// The attacker's first moves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum RootMoves {
    /// Every check.
    All,
    /// Every check but the needless non-promotions (`promotion.rs`).
    Promoting,
}

/// A child position and its move, kept while a node is expanded.
struct Child {
    mv: Move,
    pos: Position,
}

impl DfPn<'_> {
    fn lookup(&self, hash: u64) -> Entry {
        self.table.get(&hash).copied().unwrap_or(Entry { phi: 1, delta: 1, distance: 0 })
    }

    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.node_limit.is_some_and(|n| self.nodes >= n)
            || (self.nodes.is_multiple_of(1024) && ((self.stop)() || self.time.out_of_time(self.clock)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The moves each side may make: checks for the attacker, everything for the defender
    /// (at the root, without the needless non-promotions if `RootMoves::Promoting`).
    fn children(&self, pos: &Position, attacker: bool, ply: usize) -> Vec<Child> {
        let mut moves = MoveList::new();
        pos.generate_legal(&mut moves);
        if ply == 0 && self.root_moves == RootMoves::Promoting {
            retain_worthwhile(pos, &mut moves);
        }
        moves
            .iter()
            .filter(|&&m| !attacker || pos.gives_check(m))
            .map(|&m| Child { mv: m, pos: pos.after(m) })
            .collect()
    }

    /// The φ/δ of a child seen from this node, treating a repetition on the path as a win
    /// for the defender.
    fn child_entry(&self, child: &Child, attacker: bool) -> Entry {
        let hash = child.pos.hash();
        if self.path.contains(&hash) {
            // The child's side to move is the defender if we attack, and it wins there.
            return if attacker {
                Entry { phi: 0, delta: INFINITE, distance: 0 }
            } else {
                Entry { phi: INFINITE, delta: 0, distance: 0 }
            };
        }
        self.lookup(hash)
    }

    /// Expands `pos` until its φ reaches `th_phi` or its δ reaches `th_delta`.
    fn mid(&mut self, pos: &Position, th_phi: u32, th_delta: u32, ply: usize) {
        if self.visit() {
            return;
        }
        let attacker = ply.is_multiple_of(2);
        let hash = pos.hash();
        let children = if ply >= self.max_ply && attacker { Vec::new() } else { self.children(pos, attacker, ply) };
        if children.is_empty() {
            // No check to give, or no way out of check: the side to move loses.
            self.store(hash, Entry { phi: INFINITE, delta: 0, distance: 0 });
            return;
        }
        self.path.push(hash);
        loop {
            let (mut phi, mut delta, mut best, mut second) = (INFINITE, 0u32, 0, INFINITE);
            let mut best_delta = INFINITE;
            let mut distance = 0u16;
            for (i, child) in children.iter().enumerate() {
                let e = self.child_entry(child, attacker);
                delta = delta.saturating_add(e.phi).min(INFINITE);
                if e.delta < best_delta {
                    second = best_delta;
                    best_delta = e.delta;
                    best = i;
                } else if e.delta < second {
                    second = e.delta;
                }
                phi = phi.min(e.delta);
                distance = distance.max(e.distance);
            }
            let proven_here = phi == 0;
            if phi >= th_phi || delta >= th_delta || proven_here || self.aborted {
                let distance =
                    if proven_here { self.win_distance(&children, attacker) } else { distance.saturating_add(1) };
                self.store(hash, Entry { phi, delta, distance });
                break;
            }
            let child_phi = self.child_entry(&children[best], attacker).phi;
            let child_th_phi = th_delta.saturating_sub(delta).saturating_add(child_phi).min(INFINITE);
            let child_th_delta = th_phi.min(second.saturating_add(1));
            self.mid(&children[best].pos, child_th_phi, child_th_delta, ply + 1);
        }
        self.path.pop();
    }

    /// Plies to the end when the side to move wins here: its quickest won child, plus one.
    fn win_distance(&self, children: &[Child], attacker: bool) -> u16 {
        children
            .iter()
            .map(|c| self.child_entry(c, attacker))
            .filter(|e| e.delta == 0)
            .map(|e| e.distance)
            .min()
            .unwrap_or(0)
            .saturating_add(1)
    }

    fn store(&mut self, hash: u64, entry: Entry) {
        if self.table.len() >= MAX_ENTRIES {
            self.table.clear();
        }
        self.table.insert(hash, entry);
    }

    /// The mating line through the proof: the attacker's quickest mate, the defender's
    /// longest resistance.
    fn line(&self, root: &Position) -> Option<Vec<Move>> {
        let mut pos = root.clone();
        let mut line = Vec::new();
        let mut seen = vec![pos.hash()];
        loop {
            let attacker = line.len() % 2 == 0;
            let children = self.children(&pos, attacker, line.len());
            if children.is_empty() {
                return (!attacker).then_some(line);
            }
            let proven: Vec<(Entry, &Child)> = children
                .iter()
                .map(|c| (self.lookup(c.pos.hash()), c))
                .filter(|(e, _)| if attacker { e.delta == 0 } else { e.phi == 0 })
                .collect();
            let chosen = if attacker {
                proven.iter().min_by_key(|(e, _)| e.distance)
            } else {
                if proven.len() < children.len() {
                    return None;
                }
                proven.iter().max_by_key(|(e, _)| e.distance)
            }?;
            pos = chosen.1.pos.clone();
            if seen.contains(&pos.hash()) || line.len() > MAX_MATE_PLY {
                return None;
            }
            seen.push(pos.hash());
            line.push(chosen.1.mv);
        }
    }
}

pub(super) fn search(
    root: &Position,
    root_moves: RootMoves,
    limits: &Limits,
    clock: &dyn Clock,
    stop: &dyn Fn() -> bool,
) -> MateResult {
    let mut dfpn = DfPn {
        table: Table::default(),
        path: Vec::new(),
        clock,
        stop,
        time: TimeControl::new(limits, clock),
        node_limit: limits.nodes,
        max_ply: limits.depth.map_or(MAX_MATE_PLY, |d| (d as usize).clamp(1, MAX_MATE_PLY)),
        nodes: 0,
        aborted: false,
        root_moves,
    };
    dfpn.mid(root, INFINITE, INFINITE, 0);
    let root_entry = dfpn.lookup(root.hash());
    if root_entry.phi == 0 {
        match dfpn.line(root) {
            Some(line) => MateResult::Found(line),
            None => MateResult::Timeout,
        }
    } else if root_entry.delta == 0 && !dfpn.aborted {
        MateResult::NoMate
    } else {
        MateResult::Timeout
    }
}
