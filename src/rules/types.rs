//! The players and the pieces.

use std::fmt;
use std::ops::Not;

/// A player. Sente ("black", ☗) moves up the board and, in an even game, first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    Sente = 0,
    Gote = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Sente, Color::Gote];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }

    /// The SFEN side letter: `b` for sente, `w` for gote.
    pub const fn sfen_char(self) -> char {
        match self {
            Color::Sente => 'b',
            Color::Gote => 'w',
        }
    }

    /// Chooses between two values by color.
    #[inline]
    pub fn fold<T>(self, sente: T, gote: T) -> T {
        match self {
            Color::Sente => sente,
            Color::Gote => gote,
        }
    }

    /// `sente` or `gote`, as in USI and in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Sente => "sente",
            Color::Gote => "gote",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.opposite()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of piece. The seven that can be held in hand come first, so that
/// `role as usize` indexes a hand directly.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Lance = 1,
    Knight = 2,
    Silver = 3,
    Gold = 4,
    Bishop = 5,
    Rook = 6,
    King = 7,
    Tokin = 8,
    PromotedLance = 9,
    PromotedKnight = 10,
    PromotedSilver = 11,
    Horse = 12,
    Dragon = 13,
}

impl Role {
    pub const ALL: [Role; 14] = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Gold,
        Role::Bishop,
        Role::Rook,
        Role::King,
        Role::Tokin,
        Role::PromotedLance,
        Role::PromotedKnight,
        Role::PromotedSilver,
        Role::Horse,
        Role::Dragon,
    ];

    /// The roles a piece in hand can have, in the order SFEN writes hands (R B G S N L P).
    pub const HAND: [Role; 7] =
        [Role::Rook, Role::Bishop, Role::Gold, Role::Silver, Role::Knight, Role::Lance, Role::Pawn];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Option<Role> {
        if i < 14 {
            Some(Role::ALL[i])
        } else {
            None
        }
    }

    /// The promoted form, if this role can promote.
    #[inline]
    pub const fn promoted(self) -> Option<Role> {
        match self {
            Role::Pawn => Some(Role::Tokin),
            Role::Lance => Some(Role::PromotedLance),
            Role::Knight => Some(Role::PromotedKnight),
            Role::Silver => Some(Role::PromotedSilver),
            Role::Bishop => Some(Role::Horse),
            Role::Rook => Some(Role::Dragon),
            _ => None,
        }
    }

    /// The unpromoted form: what a captured piece becomes in hand.
    #[inline]
    pub const fn unpromoted(self) -> Role {
        match self {
            Role::Tokin => Role::Pawn,
            Role::PromotedLance => Role::Lance,
            Role::PromotedKnight => Role::Knight,
            Role::PromotedSilver => Role::Silver,
            Role::Horse => Role::Bishop,
            Role::Dragon => Role::Rook,
            r => r,
        }
    }

    #[inline]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= Role::Tokin as u8
    }

    #[inline]
    pub const fn can_promote(self) -> bool {
        self.promoted().is_some()
    }

    /// Whether this role may be held in hand (and so dropped).
    #[inline]
    pub const fn is_hand_role(self) -> bool {
        (self as u8) < Role::King as u8
    }

    /// The SFEN/western letter of the unpromoted form, upper case.
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Role::Pawn => 'P',
            Role::Lance => 'L',
            Role::Knight => 'N',
            Role::Silver => 'S',
            Role::Gold => 'G',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            _ => 'K',
        }
    }

    /// The unpromoted role for a letter (either case).
    pub const fn from_letter(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'L' => Some(Role::Lance),
            'N' => Some(Role::Knight),
            'S' => Some(Role::Silver),
            'G' => Some(Role::Gold),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The role's name in English, as shogiops and most English books use it.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Lance => "lance",
            Role::Knight => "knight",
            Role::Silver => "silver",
            Role::Gold => "gold",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::King => "king",
            Role::Tokin => "tokin",
            Role::PromotedLance => "promoted lance",
            Role::PromotedKnight => "promoted knight",
            Role::PromotedSilver => "promoted silver",
            Role::Horse => "horse",
            Role::Dragon => "dragon",
        }
    }

    /// How many of this (unpromoted) kind a full set holds, both sides together.
    pub const fn set_count(self) -> u8 {
        match self.unpromoted() {
            Role::Pawn => 18,
            Role::Bishop | Role::Rook | Role::King => 2,
            _ => 4,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role owned by a color.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// A dense index 0..28, for tables keyed by piece.
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 14 + self.role as usize
    }

    /// The SFEN spelling: `P`, `+R`, `k`, ... (upper case = sente).
    pub fn sfen(self) -> String {
        let letter = match self.color {
            Color::Sente => self.role.letter(),
            Color::Gote => self.role.letter().to_ascii_lowercase(),
        };
        if self.role.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sfen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_round_trips() {
        for role in Role::ALL {
            if let Some(p) = role.promoted() {
                assert!(p.is_promoted());
                assert_eq!(p.unpromoted(), role);
                assert_eq!(p.letter(), role.letter());
            }
        }
        assert!(!Role::Gold.can_promote());
        assert!(!Role::King.can_promote());
    }

    #[test]
    fn sfen_letters() {
        assert_eq!(Piece::new(Color::Sente, Role::Dragon).sfen(), "+R");
        assert_eq!(Piece::new(Color::Gote, Role::King).sfen(), "k");
        assert_eq!(Piece::new(Color::Gote, Role::Tokin).sfen(), "+p");
    }
}
