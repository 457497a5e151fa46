//! What a move changes among the pieces the learned evaluation counts (the king-relative
//! weights of `learned.rs` and the network's units of `network.rs`): a piece leaves its square
//! and lands on another, perhaps promoted, one is taken into a hand, or one is dropped from a
//! hand. The search keeps each ply's changes and follows a node's sums and units from its
//! parent's only when the node is evaluated: a third of the nodes it enters never are (the
//! table, a repetition or a mate at once answers them first).

use crate::rules::{Color, Move, MoveKind, Piece, Position, Role, Square};

/// A piece as the learned evaluation sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placed {
    Board(Piece, Square),
    /// The holder's piece of a kind in hand beside `nth` others of that kind.
    Hand(Color, Role, u8),
}

/// The pieces one move (or a null move) took away and added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Changes {
    pub removed: [Option<Placed>; 2],
    pub added: [Option<Placed>; 2],
    /// Both kings' squares before the move, sente's first.
    pub kings: [Option<Square>; 2],
    /// Whether the move was a king's, which changes everything that king's weights see.
    pub king_moved: bool,
}

impl Changes {
    /// A null move's: nothing.
    pub fn none(pos: &Position) -> Changes {
        Changes { removed: [None; 2], added: [None; 2], kings: kings(pos), king_moved: false }
    }

    /// What `mv`, legal in `pos`, changes.
    pub fn of(pos: &Position, mv: Move) -> Changes {
        let us = pos.turn();
        let (removed, added, king_moved) = match mv.kind() {
            MoveKind::Drop { role, to } => {
                let held = pos.hand(us).count(role);
                (
                    [Some(Placed::Hand(us, role, held - 1)), None],
                    [Some(Placed::Board(Piece::new(us, role), to)), None],
                    false,
                )
            }
            MoveKind::Normal { from, to, promote } => match pos.piece_at(from) {
                None => ([None; 2], [None; 2], false),
                Some(piece) => {
                    let placed = match piece.role.promoted() {
                        Some(role) if promote => Piece::new(us, role),
                        _ => piece,
                    };
                    let taken = pos.piece_at(to);
                    let held = taken.map(|taken| {
                        let role = taken.role.unpromoted();
                        Placed::Hand(us, role, pos.hand(us).count(role))
                    });
                    (
                        [Some(Placed::Board(piece, from)), taken.map(|taken| Placed::Board(taken, to))],
                        [Some(Placed::Board(placed, to)), held],
                        piece.role == Role::King,
                    )
                }
            },
        };
        Changes { removed, added, kings: kings(pos), king_moved }
    }

    /// Each piece with its sign: -1 for one taken away, 1 for one added.
    pub fn signed(&self) -> impl Iterator<Item = (Placed, i32)> + '_ {
        let removed = self.removed.iter().flatten().map(|&p| (p, -1));
        removed.chain(self.added.iter().flatten().map(|&p| (p, 1)))
    }
}

fn kings(pos: &Position) -> [Option<Square>; 2] {
    Color::ALL.map(|owner| pos.king_square(owner))
}

/// The value at `ply` of the current line (known values below it, `changes[p]` the move to
/// ply `p`), followed from the nearest ply whose value is known by `step`, which updates a
/// copy of a ply's value by the changes of the move after it (false where it cannot: the
/// value from `fresh()` then), each ply's value kept on the way. `fresh()` also where no ply
/// on the way up to the root has a known value.
pub fn follow<'k, T: Copy>(
    known: &'k mut [Option<T>],
    changes: &[Option<Changes>],
    ply: usize,
    step: impl Fn(&mut T, &Changes) -> bool,
    fresh: impl FnOnce() -> T,
) -> &'k T {
    let mut from = ply;
    while known[from].is_none() {
        if changes[from].is_none() {
            return known[ply].insert(fresh());
        }
        from -= 1;
    }
    for p in from + 1..=ply {
        let (done, rest) = known.split_at_mut(p);
        let followed = match (&done[p - 1], &changes[p]) {
            (Some(before), Some(change)) => step(rest[0].insert(*before), change),
            _ => false,
        };
        if !followed {
            known[p] = None;
            return known[ply].insert(fresh());
        }
    }
    known[ply].get_or_insert_with(fresh)
}
