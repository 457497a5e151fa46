//! Squares, named as in the seeds and USI: file 9..1 from sente's left to right,
//! rank a..i from the top (gote's side). `7g` is file 7, rank g.

use std::fmt;

use super::types::Color;

/// One of the 81 squares. The index is `(file - 1) * 9 + rank`, rank 0 = `a`,
/// so the nine squares of a file are contiguous bits of a bitboard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 81;

    /// `file` 1..=9, `rank` 0..=8 (0 = `a`, the top).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank <= 8 {
            Some(Square((file - 1) * 9 + rank))
        } else {
            None
        }
    }

    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 81 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// For iterators that know `index < 81`.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < 81);
        Square(index as u8)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 1..=9.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// 0..=8, 0 = `a` (gote's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9
    }

    /// The rank counted from `color`'s far side: 0 is the last rank for that color
    /// (where its pawns must promote), 8 its own back rank.
    #[inline]
    pub const fn rank_from_far_side(self, color: Color) -> u8 {
        match color {
            Color::Sente => self.rank(),
            Color::Gote => 8 - self.rank(),
        }
    }

    /// Whether this square lies in `color`'s promotion zone (the three far ranks).
    #[inline]
    pub const fn in_promotion_zone(self, color: Color) -> bool {
        self.rank_from_far_side(color) < 3
    }

    /// The same square seen from the other side of the board.
    #[inline]
    pub const fn flipped(self) -> Square {
        Square(80 - self.0)
    }

    pub fn rank_char(self) -> char {
        (b'a' + self.rank()) as char
    }

    /// Parses `7g` (also accepts `77`, the CSA/KIF digit form, elsewhere).
    pub fn from_usi(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].checked_sub(b'0')?;
        let rank = b[1].checked_sub(b'a')?;
        Square::new(file, rank)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// The board in reading order, a rank at a time: ranks a to i (0 to 8), each with its
    /// squares from file 9 to 1, as SFEN, KIF and CSA write a board and sente sees it.
    pub fn reading_order() -> impl Iterator<Item = (u8, [Square; 9])> {
        (0..9u8).map(|rank| (rank, [9, 8, 7, 6, 5, 4, 3, 2, 1].map(|file| Square((file - 1) * 9 + rank))))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let sq = Square::from_usi("7g").unwrap();
        assert_eq!((sq.file(), sq.rank()), (7, 6));
        assert_eq!(sq.to_string(), "7g");
        assert_eq!(Square::from_usi("0a"), None);
        assert_eq!(Square::from_usi("1j"), None);
        assert_eq!(Square::all().count(), 81);
        let read: Vec<String> = Square::reading_order().flat_map(|(_, row)| row).map(|sq| sq.to_string()).collect();
        assert_eq!((read.len(), read[0].as_str(), read[9].as_str(), read[80].as_str()), (81, "9a", "9b", "1i"));
    }

    #[test]
    fn zones() {
        let c3 = Square::from_usi("5c").unwrap();
        let g7 = Square::from_usi("5g").unwrap();
        assert!(c3.in_promotion_zone(Color::Sente) && !c3.in_promotion_zone(Color::Gote));
        assert!(g7.in_promotion_zone(Color::Gote) && !g7.in_promotion_zone(Color::Sente));
    }
}
