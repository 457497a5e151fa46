//! A set of squares: bit `square.index()` of a `u128`, bits 81.. always clear.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::square::Square;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard((1u128 << 81) - 1);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        // A table rather than a shift: a u128 shift by a variable amount takes
        // several instructions natively and many more in wasm.
        Bitboard(SQUARE_BITS[sq.index()])
    }

    /// The nine squares of file `file` (1..=9).
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(shl(0x1ff, (file as u32 - 1) * 9))
    }

    /// The nine squares of rank `rank` (0 = `a`).
    #[inline]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(shl(RANK_A.0, rank as u32))
    }

    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq.index()] != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros()))
        }
    }

    /// The only square, if there is exactly one.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }

    #[inline]
    pub fn with(self, sq: Square) -> Bitboard {
        self | Bitboard::from_square(sq)
    }

    #[inline]
    pub fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !SQUARE_BITS[sq.index()])
    }

    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= SQUARE_BITS[sq.index()];
    }
}

/// `bits << by`, for `by` < 128, worked out on 64-bit halves. Wasm has no
/// 128-bit integers: the compiler makes each `u128` shift by a variable amount a
/// call to a library function (`__ashlti3`, `__lshrti3`); on halves the engine's
/// wasm build searches about 3 % faster, and the native one as fast.
#[inline(always)]
pub(super) const fn shl(bits: u128, by: u32) -> u128 {
    let (low, high) = (bits as u64, (bits >> 64) as u64);
    let (low, high) = if by < 64 {
        // `>> 1 >> (63 - by)` rather than `>> (64 - by)`, which would shift by 64 when `by` is 0.
        (low << by, high << by | low >> 1 >> (63 - by))
    } else {
        (0, low << (by - 64))
    };
    (high as u128) << 64 | low as u128
}

/// `bits >> by`, for `by` < 128, on 64-bit halves (see `shl`).
#[inline(always)]
pub(super) const fn shr(bits: u128, by: u32) -> u128 {
    let (low, high) = (bits as u64, (bits >> 64) as u64);
    let (low, high) = if by < 64 { (low >> by | high << 1 << (63 - by), high >> by) } else { (high >> (by - 64), 0) };
    (high as u128) << 64 | low as u128
}

/// Each square's bit.
const SQUARE_BITS: [u128; 81] = {
    let mut bits = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        bits[i] = 1 << i;
        i += 1;
    }
    bits
};

/// Rank `a`: bit 0 of every file.
const RANK_A: Bitboard = {
    let mut bits = 0u128;
    let mut file = 0;
    while file < 9 {
        bits |= 1u128 << (file * 9);
        file += 1;
    }
    Bitboard(bits)
};

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($op:ident, $f:ident, $op_assign:ident, $f_assign:ident) => {
        impl $op for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard($op::$f(self.0, rhs.0))
            }
        }
        impl $op_assign for Bitboard {
            #[inline]
            fn $f_assign(&mut self, rhs: Bitboard) {
                $op_assign::$f_assign(&mut self.0, rhs.0)
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl fmt::Debug for Bitboard {
    /// A 9×9 picture as sente sees the board, file 9 on the left.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (_, row) in Square::reading_order() {
            for sq in row {
                f.write_str(if self.contains(sq) { "1" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_ranks_partition_the_board() {
        let files = (1..=9).fold(Bitboard::EMPTY, |b, f| b | Bitboard::file(f));
        let ranks = (0..9).fold(Bitboard::EMPTY, |b, r| b | Bitboard::rank(r));
        assert_eq!(files, Bitboard::FULL);
        assert_eq!(ranks, Bitboard::FULL);
        assert_eq!(Bitboard::file(7) & Bitboard::rank(6), Bitboard::from_square(Square::from_usi("7g").unwrap()));
        assert_eq!(Bitboard::FULL.count(), 81);
        assert_eq!((!Bitboard::EMPTY), Bitboard::FULL);
    }

    #[test]
    fn shifts_on_halves_match_u128_shifts() {
        let patterns = [
            1u128,
            0x1ff,
            u128::MAX,
            0x8000_0000_0000_0001_8000_0000_0000_0001,
            0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
        ];
        for bits in patterns {
            for by in 0..128 {
                assert_eq!(shl(bits, by), bits << by, "{bits:#x} << {by}");
                assert_eq!(shr(bits, by), bits >> by, "{bits:#x} >> {by}");
            }
        }
    }
}
