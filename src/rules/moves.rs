//! Moves: a board move (with or without promotion) or a drop from hand.

use std::fmt;
use std::mem::MaybeUninit;

use super::square::Square;
use super::types::Role;

/// A move packed in 16 bits: destination (7 bits), origin or dropped role
/// (7 bits: square index, or 81 + role for a drop), promotion (1 bit).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

/// A move taken apart, for matching.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveKind {
    Normal { from: Square, to: Square, promote: bool },
    Drop { role: Role, to: Square },
}

const DROP_BASE: u16 = 81;
const PROMOTE_BIT: u16 = 1 << 14;

impl Move {
    /// A placeholder that is never a legal move (a "drop" of nothing on 1a).
    pub const NONE: Move = Move(0x3f80);

    #[inline]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 7 | if promote { PROMOTE_BIT } else { 0 })
    }

    /// `role` must be a hand role (pawn..rook).
    #[inline]
    pub const fn drop(role: Role, to: Square) -> Move {
        Move(to.index() as u16 | (DROP_BASE + role as u16) << 7)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7f) as u32)
    }

    #[inline]
    const fn origin_code(self) -> u16 {
        (self.0 >> 7) & 0x7f
    }

    #[inline]
    pub const fn is_drop(self) -> bool {
        self.origin_code() >= DROP_BASE
    }

    /// The origin square of a board move.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        if self.is_drop() {
            None
        } else {
            Some(Square::from_index_unchecked(self.origin_code() as u32))
        }
    }

    /// The role of a dropped piece.
    #[inline]
    pub const fn drop_role(self) -> Option<Role> {
        if self.is_drop() {
            Role::from_index((self.origin_code() - DROP_BASE) as usize)
        } else {
            None
        }
    }

    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE_BIT != 0
    }

    pub fn kind(self) -> MoveKind {
        match (self.from(), self.drop_role()) {
            (Some(from), _) => MoveKind::Normal { from, to: self.to(), promote: self.is_promotion() },
            (None, Some(role)) => MoveKind::Drop { role, to: self.to() },
            (None, None) => unreachable!("a move is a board move or a drop"),
        }
    }

    /// The 16-bit code, e.g. for a transposition table.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_role()) {
            (Some(from), _) => write!(f, "{from}{}{}", self.to(), if self.is_promotion() { "+" } else { "" }),
            (None, Some(role)) => write!(f, "{}*{}", role.letter(), self.to()),
            (None, None) => f.write_str("none"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Room for every legal move of any position (the known maximum is 593).
pub const MAX_MOVES: usize = 600;

/// A fixed-capacity list of moves that lives on the stack.
#[derive(Clone)]
pub struct MoveList {
    /// The first `len` hold the moves; the rest are never read. Left unwritten, since the
    /// search makes a list at every node: filling all 600 slots took 1.2 KB of stores each time.
    /// (Made of a `const` block: `[MaybeUninit::uninit(); N]` was compiled to a fill with zeros.)
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList { moves: [const { MaybeUninit::uninit() }; MAX_MOVES], len: 0 }
    }

    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // The bound holds for every legal position; a bad one loses moves, never memory safety.
        if let Some(slot) = self.moves.get_mut(self.len) {
            slot.write(m);
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: `push` wrote the first `len` slots, and `len` only ever counts written ones.
        unsafe { self.moves[..self.len].assume_init_ref() }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { self.moves[..self.len].assume_init_mut() }
    }

    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let moves = self.as_mut_slice();
        let mut kept = 0;
        for i in 0..moves.len() {
            if keep(moves[i]) {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing() {
        let a = Square::from_usi("8h").unwrap();
        let b = Square::from_usi("2b").unwrap();
        let m = Move::normal(a, b, true);
        assert_eq!(m.kind(), MoveKind::Normal { from: a, to: b, promote: true });
        assert_eq!(m.to_string(), "8h2b+");
        let d = Move::drop(Role::Pawn, Square::from_usi("5e").unwrap());
        assert!(d.is_drop());
        assert_eq!(d.drop_role(), Some(Role::Pawn));
        assert_eq!(d.to_string(), "P*5e");
        assert!(Move::NONE.is_drop());
        assert_eq!(Move::NONE.drop_role(), None);
    }
}
