//! Handicap start positions. The stronger player takes gote, removes pieces
//! from the board (they are out of the game, not in hand) and moves first.

use std::fmt;

use super::position::Position;
use crate::notation::sfen;

/// A standard start position: the even game or one of the handicaps.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Handicap {
    Even,
    /// Gote's left lance (1a).
    Lance,
    /// Gote's right lance (9a): a KIF handicap not in the seeds.
    RightLance,
    Bishop,
    Rook,
    /// Rook and left lance.
    RookLance,
    /// Rook and bishop.
    TwoPiece,
    /// Rook, bishop and left lance: a KIF handicap not in the seeds.
    ThreePiece,
    /// Rook, bishop and both lances.
    FourPiece,
    /// ... and both knights.
    SixPiece,
    /// ... and both silvers.
    EightPiece,
    /// Everything but the king and the pawns.
    TenPiece,
    /// The king alone on the board, three pawns in hand.
    ThreePawns,
    /// The king alone.
    NakedKing,
}

struct Spec {
    id: &'static str,
    kif_name: &'static str,
    name: &'static str,
    sfen: &'static str,
}

impl Handicap {
    const ALL: [Handicap; 14] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPiece,
        Handicap::ThreePiece,
        Handicap::FourPiece,
        Handicap::SixPiece,
        Handicap::EightPiece,
        Handicap::TenPiece,
        Handicap::ThreePawns,
        Handicap::NakedKing,
    ];

    /// Every start position, from the even game to the largest handicap.
    pub fn all() -> &'static [Handicap] {
        &Self::ALL
    }

    fn spec(self) -> Spec {
        let (id, kif_name, name, sfen) = match self {
            Handicap::Even => ("even", "平手", "Even game", sfen::STARTPOS),
            Handicap::Lance => {
                ("lance", "香落ち", "Lance handicap", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            }
            Handicap::RightLance => (
                "right-lance",
                "右香落ち",
                "Right lance handicap",
                "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            Handicap::Bishop => {
                ("bishop", "角落ち", "Bishop handicap", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            }
            Handicap::Rook => {
                ("rook", "飛車落ち", "Rook handicap", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            }
            Handicap::RookLance => (
                "rook-lance",
                "飛香落ち",
                "Rook and lance handicap",
                "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            Handicap::TwoPiece => (
                "two-piece",
                "二枚落ち",
                "Two-piece handicap",
                "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            Handicap::ThreePiece => (
                "three-piece",
                "三枚落ち",
                "Three-piece handicap",
                "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            Handicap::FourPiece => (
                "four-piece",
                "四枚落ち",
                "Four-piece handicap",
                "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            Handicap::SixPiece => (
                "six-piece",
                "六枚落ち",
                "Six-piece handicap",
                "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            Handicap::EightPiece => (
                "eight-piece",
                "八枚落ち",
                "Eight-piece handicap",
                "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            ),
            Handicap::TenPiece => {
                ("ten-piece", "十枚落ち", "Ten-piece handicap", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            }
            Handicap::ThreePawns => {
                ("three-pawns", "歩三兵", "Three pawns", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1")
            }
            Handicap::NakedKing => {
                ("naked-king", "裸玉", "Naked king", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
            }
        };
        Spec { id, kif_name, name, sfen }
    }

    /// The stable English id used in URLs (`even`, `rook-lance`, `three-pawns`, ...).
    pub fn id(self) -> &'static str {
        self.spec().id
    }

    /// The KIF `手合割` value (`平手`, `香落ち`, ...).
    pub fn kif_name(self) -> &'static str {
        self.spec().kif_name
    }

    /// The English name for display.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The start position as SFEN.
    pub fn sfen(self) -> &'static str {
        self.spec().sfen
    }

    /// The start position.
    pub fn position(self) -> Position {
        sfen::parse_position(self.sfen()).expect("every handicap SFEN is a legal position")
    }

    pub fn from_id(id: &str) -> Option<Handicap> {
        Self::ALL.into_iter().find(|h| h.id() == id)
    }

    /// Reads a `手合割` value; surrounding white space (ASCII or full-width) is ignored.
    pub fn from_kif_name(name: &str) -> Option<Handicap> {
        let name = name.trim_matches(|c: char| c.is_whitespace());
        Self::ALL.into_iter().find(|h| h.kif_name() == name)
    }

    /// Which standard start position `pos` is: board, hands and side to move must
    /// match exactly (the move number is not compared).
    pub fn detect(pos: &Position) -> Option<Handicap> {
        let mut setup = pos.to_setup();
        setup.move_number = 1;
        Self::ALL.into_iter().find(|h| h.position().to_setup() == setup)
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, Role, Square};

    /// How many pieces of each unpromoted role gote has on the board.
    fn gote_counts(pos: &Position) -> [u8; 8] {
        let mut counts = [0u8; 8];
        for sq in Square::all() {
            if let Some(piece) = pos.piece_at(sq).filter(|p| p.color == Color::Gote) {
                counts[piece.role.unpromoted().index()] += 1;
            }
        }
        counts
    }

    #[test]
    fn each_handicap_removes_its_pieces_and_gote_moves_first() {
        use Role::*;
        let even = gote_counts(&Position::startpos());
        for &h in Handicap::all() {
            let pos = h.position();
            let removed: Vec<(Role, u8)> = [Pawn, Lance, Knight, Silver, Gold, Bishop, Rook, King]
                .into_iter()
                .map(|r| (r, even[r.index()] - gote_counts(&pos)[r.index()]))
                .filter(|&(_, n)| n > 0)
                .collect();
            let expected: &[(Role, u8)] = match h {
                Handicap::Even => &[],
                Handicap::Lance | Handicap::RightLance => &[(Lance, 1)],
                Handicap::Bishop => &[(Bishop, 1)],
                Handicap::Rook => &[(Rook, 1)],
                Handicap::RookLance => &[(Lance, 1), (Rook, 1)],
                Handicap::TwoPiece => &[(Bishop, 1), (Rook, 1)],
                Handicap::ThreePiece => &[(Lance, 1), (Bishop, 1), (Rook, 1)],
                Handicap::FourPiece => &[(Lance, 2), (Bishop, 1), (Rook, 1)],
                Handicap::SixPiece => &[(Lance, 2), (Knight, 2), (Bishop, 1), (Rook, 1)],
                Handicap::EightPiece => &[(Lance, 2), (Knight, 2), (Silver, 2), (Bishop, 1), (Rook, 1)],
                Handicap::TenPiece => &[(Lance, 2), (Knight, 2), (Silver, 2), (Gold, 2), (Bishop, 1), (Rook, 1)],
                Handicap::ThreePawns | Handicap::NakedKing => {
                    &[(Pawn, 9), (Lance, 2), (Knight, 2), (Silver, 2), (Gold, 2), (Bishop, 1), (Rook, 1)]
                }
            };
            assert_eq!(removed, expected, "{h:?}");
            let in_hand = pos.hand(Color::Gote).count(Pawn);
            assert_eq!(in_hand, if h == Handicap::ThreePawns { 3 } else { 0 }, "{h:?}");
            assert!(pos.hand(Color::Sente).is_empty(), "{h:?}");
            assert_eq!(pos.turn(), if h == Handicap::Even { Color::Sente } else { Color::Gote }, "{h:?}");
        }
    }

    #[test]
    fn the_left_lance_is_the_one_on_1a() {
        let pos = Handicap::Lance.position();
        assert_eq!(pos.piece_at(Square::from_usi("1a").unwrap()), None);
        assert!(pos.piece_at(Square::from_usi("9a").unwrap()).is_some());
    }

    #[test]
    fn ids_names_and_detection_round_trip() {
        for &h in Handicap::all() {
            assert_eq!(Handicap::from_id(h.id()), Some(h));
            assert_eq!(Handicap::from_kif_name(h.kif_name()), Some(h));
            assert_eq!(Handicap::detect(&h.position()), Some(h));
        }
        assert_eq!(Handicap::from_kif_name("　香落ち "), Some(Handicap::Lance));
        assert_eq!(Handicap::from_id("queen"), None);
        let mut moved = Handicap::Bishop.position();
        moved.play(moved.legal_moves()[0]).unwrap();
        assert_eq!(Handicap::detect(&moved), None);
        // The even position with gote to move is no standard start.
        let gote_first =
            sfen::parse_position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").unwrap();
        assert_eq!(Handicap::detect(&gote_first), None);
    }
}
