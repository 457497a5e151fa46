//! Handicap start positions. The stronger player takes gote, removes pieces
//! from the board (they are out of the game, not in hand) and moves first.

use std::fmt;

use super::position::Position;
use super::setup::Setup;
use super::square::Square;
use super::types::{Color, Role};

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

/// Gote's pieces a handicap takes off, by (file, rank) with rank 0 = `a`.
type Squares = &'static [(u8, u8)];
const ROOK: Squares = &[(8, 1)];
const BISHOP: Squares = &[(2, 1)];
/// The left lance from gote's side: 1a.
const LEFT_LANCE: Squares = &[(1, 0)];
const RIGHT_LANCE: Squares = &[(9, 0)];
const KNIGHTS: Squares = &[(2, 0), (8, 0)];
const SILVERS: Squares = &[(3, 0), (7, 0)];
const GOLDS: Squares = &[(4, 0), (6, 0)];
const PAWNS: Squares = &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2)];

struct Spec {
    id: &'static str,
    kif_name: &'static str,
    name: &'static str,
    removed: &'static [Squares],
    /// Pawns gote holds in hand at the start.
    gote_pawns: u8,
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
        const ALL_BUT_KING: &[Squares] = &[ROOK, BISHOP, LEFT_LANCE, RIGHT_LANCE, KNIGHTS, SILVERS, GOLDS];
        let (id, kif_name, name, removed): (_, _, _, &[Squares]) = match self {
            Handicap::Even => ("even", "平手", "Even game", &[]),
            Handicap::Lance => ("lance", "香落ち", "Lance handicap", &[LEFT_LANCE]),
            Handicap::RightLance => ("right-lance", "右香落ち", "Right lance handicap", &[RIGHT_LANCE]),
            Handicap::Bishop => ("bishop", "角落ち", "Bishop handicap", &[BISHOP]),
            Handicap::Rook => ("rook", "飛車落ち", "Rook handicap", &[ROOK]),
            Handicap::RookLance => ("rook-lance", "飛香落ち", "Rook and lance handicap", &[ROOK, LEFT_LANCE]),
            Handicap::TwoPiece => ("two-piece", "二枚落ち", "Two-piece handicap", &[ROOK, BISHOP]),
            Handicap::ThreePiece => ("three-piece", "三枚落ち", "Three-piece handicap", &[ROOK, BISHOP, LEFT_LANCE]),
            Handicap::FourPiece => {
                ("four-piece", "四枚落ち", "Four-piece handicap", &[ROOK, BISHOP, LEFT_LANCE, RIGHT_LANCE])
            }
            Handicap::SixPiece => {
                ("six-piece", "六枚落ち", "Six-piece handicap", &[ROOK, BISHOP, LEFT_LANCE, RIGHT_LANCE, KNIGHTS])
            }
            Handicap::EightPiece => (
                "eight-piece",
                "八枚落ち",
                "Eight-piece handicap",
                &[ROOK, BISHOP, LEFT_LANCE, RIGHT_LANCE, KNIGHTS, SILVERS],
            ),
            Handicap::TenPiece => ("ten-piece", "十枚落ち", "Ten-piece handicap", ALL_BUT_KING),
            Handicap::ThreePawns | Handicap::NakedKing => {
                const NAKED: &[Squares] = &[ROOK, BISHOP, LEFT_LANCE, RIGHT_LANCE, KNIGHTS, SILVERS, GOLDS, PAWNS];
                if self == Handicap::ThreePawns {
                    ("three-pawns", "歩三兵", "Three pawns", NAKED)
                } else {
                    ("naked-king", "裸玉", "Naked king", NAKED)
                }
            }
        };
        let gote_pawns = if self == Handicap::ThreePawns { 3 } else { 0 };
        Spec { id, kif_name, name, removed, gote_pawns }
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

    /// The start position: the even one without gote's removed pieces, gote to move.
    pub fn position(self) -> Position {
        let spec = self.spec();
        let mut setup = Setup::startpos();
        for &(file, rank) in spec.removed.iter().copied().flatten() {
            setup.set_piece(Square::new(file, rank).expect("files 1-9, ranks a-i"), None);
        }
        if self != Handicap::Even {
            setup.turn = Color::Gote;
        }
        setup.hand_mut(Color::Gote).set(Role::Pawn, spec.gote_pawns);
        // Not `expect`, as in `Position::startpos`.
        Position::from_setup(&setup).unwrap_or_else(|_| unreachable!("every handicap is a legal position"))
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
    use crate::notation::sfen;

    /// The start positions as the usual SFEN texts (shogi-extend, lishogi).
    const SFEN: [(Handicap, &str); 14] = [
        (Handicap::Even, sfen::STARTPOS),
        (Handicap::Lance, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::RightLance, "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::Bishop, "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::Rook, "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::RookLance, "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::TwoPiece, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::ThreePiece, "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::FourPiece, "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::SixPiece, "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::EightPiece, "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::TenPiece, "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        (Handicap::ThreePawns, "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1"),
        (Handicap::NakedKing, "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ];

    #[test]
    fn each_position_is_the_usual_sfen() {
        for (h, text) in SFEN {
            assert_eq!(sfen::write_position(&h.position()), text, "{h:?}");
        }
        assert_eq!(SFEN.map(|(h, _)| h), Handicap::ALL);
    }

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
