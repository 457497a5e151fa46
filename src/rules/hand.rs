//! Pieces in hand.

use super::types::Role;

/// How many of each droppable role one player holds, indexed by `Role as usize` (pawn..rook).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hand([u8; 7]);

impl Hand {
    pub const EMPTY: Hand = Hand([0; 7]);

    /// `role` must be a hand role (pawn..rook); a promoted role counts as its unpromoted form.
    #[inline]
    pub fn count(&self, role: Role) -> u8 {
        self.0[role.unpromoted().index()]
    }

    #[inline]
    pub fn set(&mut self, role: Role, count: u8) {
        self.0[role.unpromoted().index()] = count;
    }

    #[inline]
    pub fn add(&mut self, role: Role) {
        self.0[role.unpromoted().index()] += 1;
    }

    #[inline]
    pub fn remove(&mut self, role: Role) {
        self.0[role.unpromoted().index()] -= 1;
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The seven counts as one number, a byte each (pawns lowest), for hashing.
    #[inline]
    pub fn packed(&self) -> u64 {
        let mut bytes = [0u8; 8];
        bytes[..7].copy_from_slice(&self.0);
        u64::from_le_bytes(bytes)
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// The roles held, with their counts, in SFEN order (R B G S N L P).
    pub fn iter(&self) -> impl Iterator<Item = (Role, u8)> + '_ {
        Role::HAND.into_iter().map(|r| (r, self.count(r))).filter(|&(_, n)| n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_holds_each_count_in_its_own_byte() {
        let mut hand = Hand::EMPTY;
        assert_eq!(hand.packed(), 0);
        hand.set(Role::Pawn, 18);
        hand.set(Role::Rook, 2);
        assert_eq!(hand.packed(), 18 | 2 << 48);
        hand.add(Role::Silver);
        assert_eq!(hand.packed() >> 24 & 0xff, 1);
    }
}
