//! SFEN, the USI position format: `<board> <b|w> <hand|-> <move number>`.

use super::expected::{Expected, SfenField};
use std::fmt;

use crate::rules::{Color, Hand, Piece, Position, Role, Setup, SetupError, Square};

pub const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// What is wrong with an SFEN string, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SfenError {
    /// The text does not have the board, side and hand fields.
    MissingField {
        field: SfenField,
    },
    /// A character that has no meaning where it stands; `column` counts from 1.
    Unexpected {
        field: SfenField,
        column: usize,
        found: char,
        expected: Expected,
    },
    /// A board row with other than nine squares.
    RowLength {
        row: usize,
        squares: usize,
    },
    /// Other than nine rows.
    RowCount {
        rows: usize,
    },
    BadMoveNumber {
        found: String,
    },
    TrailingText {
        found: String,
    },
    /// Well-formed, but not a legal position.
    Illegal(SetupError),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::MissingField { field } => write!(f, "SFEN: the {field} field is missing"),
            SfenError::Unexpected { field, column, found, expected } => {
                write!(f, "SFEN {field}, column {column}: unexpected '{found}', expected {expected}")
            }
            SfenError::RowLength { row, squares } => {
                write!(
                    f,
                    "SFEN board, row {row} (rank {}): {squares} squares instead of 9",
                    (b'a' + (*row as u8).saturating_sub(1).min(8)) as char
                )
            }
            SfenError::RowCount { rows } => write!(f, "SFEN board: {rows} rows instead of 9"),
            SfenError::BadMoveNumber { found } => write!(f, "SFEN move number: '{found}' is not a positive number"),
            SfenError::TrailingText { found } => write!(f, "SFEN: unexpected text after the move number: '{found}'"),
            SfenError::Illegal(e) => write!(f, "SFEN: {e}"),
        }
    }
}

impl std::error::Error for SfenError {}

impl From<SetupError> for SfenError {
    fn from(e: SetupError) -> SfenError {
        SfenError::Illegal(e)
    }
}

/// Parses the board, side, hands and (optional) move number, checking no rule.
pub fn parse_setup(text: &str) -> Result<Setup, SfenError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(SfenError::MissingField { field: SfenField::Board })?;
    let side = fields.next().ok_or(SfenError::MissingField { field: SfenField::SideToMove })?;
    let hands = fields.next().ok_or(SfenError::MissingField { field: SfenField::Hand })?;
    let mut setup = Setup::empty();
    parse_board(board, &mut setup)?;
    setup.turn = match side {
        "b" => Color::Sente,
        "w" => Color::Gote,
        other => {
            return Err(SfenError::Unexpected {
                field: SfenField::SideToMove,
                column: 1,
                found: other.chars().next().unwrap_or(' '),
                expected: Expected::SideLetter,
            })
        }
    };
    parse_hands(hands, &mut setup)?;
    if let Some(number) = fields.next() {
        setup.move_number = match number.parse::<u32>() {
            Ok(n) if n >= 1 => n,
            _ => return Err(SfenError::BadMoveNumber { found: super::clip(number, 20) }),
        };
    }
    if let Some(rest) = fields.next() {
        return Err(SfenError::TrailingText { found: super::clip(rest, 20) });
    }
    Ok(setup)
}

/// Parses and validates.
pub fn parse_position(text: &str) -> Result<Position, SfenError> {
    Ok(Position::from_setup(&parse_setup(text)?)?)
}

fn parse_board(board: &str, setup: &mut Setup) -> Result<(), SfenError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 9 {
        return Err(SfenError::RowCount { rows: rows.len() });
    }
    let mut column = 0;
    for (rank, row) in rows.iter().enumerate() {
        let mut file: i32 = 9;
        let mut promoted = false;
        for c in row.chars() {
            column += 1;
            let unexpected = |expected| SfenError::Unexpected { field: SfenField::Board, column, found: c, expected };
            if promoted && !c.is_ascii_alphabetic() {
                return Err(unexpected(Expected::PieceLetterAfterPlus));
            }
            match c {
                '1'..='9' => {
                    file -= c as i32 - '0' as i32;
                }
                '+' => promoted = true,
                _ => {
                    let role = Role::from_letter(c).ok_or_else(|| unexpected(Expected::BoardCharacter))?;
                    let role = if promoted {
                        role.promoted().ok_or_else(|| unexpected(Expected::PromotablePieceAfterPlus))?
                    } else {
                        role
                    };
                    promoted = false;
                    let color = if c.is_ascii_uppercase() { Color::Sente } else { Color::Gote };
                    if file >= 1 {
                        if let Some(sq) = Square::new(file as u8, rank as u8) {
                            setup.set_piece(sq, Some(Piece::new(color, role)));
                        }
                    }
                    file -= 1;
                }
            }
            if file < 0 {
                break;
            }
        }
        column += 1; // the '/'
        if promoted {
            return Err(SfenError::Unexpected {
                field: SfenField::Board,
                column,
                found: '/',
                expected: Expected::PieceLetterAfterPlus,
            });
        }
        if file != 0 {
            return Err(SfenError::RowLength { row: rank + 1, squares: (9 - file).max(0) as usize });
        }
    }
    Ok(())
}

fn parse_hands(text: &str, setup: &mut Setup) -> Result<(), SfenError> {
    if text == "-" {
        return Ok(());
    }
    let mut count: u32 = 0;
    let mut digits = 0;
    for (i, c) in text.chars().enumerate() {
        let unexpected = |expected| SfenError::Unexpected { field: SfenField::Hand, column: i + 1, found: c, expected };
        if let Some(d) = c.to_digit(10) {
            digits += 1;
            if digits > 2 {
                return Err(unexpected(Expected::AtMostTwoDigits));
            }
            count = count * 10 + d;
            continue;
        }
        let role =
            Role::from_letter(c).filter(|r| r.is_hand_role()).ok_or_else(|| unexpected(Expected::HandCountOrPiece))?;
        let n = if digits == 0 { 1 } else { count };
        if n == 0 {
            return Err(unexpected(Expected::CountOfAtLeastOne));
        }
        let color = if c.is_ascii_uppercase() { Color::Sente } else { Color::Gote };
        let hand = setup.hand_mut(color);
        hand.set(role, hand.count(role).saturating_add(n.min(255) as u8));
        count = 0;
        digits = 0;
    }
    if digits > 0 {
        return Err(SfenError::Unexpected {
            field: SfenField::Hand,
            column: text.chars().count(),
            found: text.chars().last().unwrap_or(' '),
            expected: Expected::PieceLetterAfterCount,
        });
    }
    Ok(())
}

/// Writes a setup as SFEN.
pub fn write_setup(setup: &Setup) -> String {
    let mut out = String::with_capacity(90);
    for (rank, row) in Square::reading_order() {
        if rank > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for sq in row {
            match setup.piece_at(sq) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push_str(&piece.sfen());
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
    }
    out.push(' ');
    out.push(setup.turn.sfen_char());
    out.push(' ');
    out.push_str(&write_hands(&setup.hands));
    out.push(' ');
    out.push_str(&setup.move_number.to_string());
    out
}

/// `-` or e.g. `2Pb`: sente's pieces first, each side in R B G S N L P order.
pub fn write_hands(hands: &[Hand; 2]) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        for (role, n) in hands[color.index()].iter() {
            if n > 1 {
                out.push_str(&n.to_string());
            }
            let letter = role.letter();
            out.push(color.fold(letter, letter.to_ascii_lowercase()));
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// A position's debug text is its SFEN (here, so that the rules core needs no notation).
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", write_position(self))
    }
}

pub fn write_position(pos: &Position) -> String {
    write_setup(&pos.to_setup())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_round_trips() {
        let setup = parse_setup(STARTPOS).unwrap();
        assert_eq!(write_setup(&setup), STARTPOS);
        let pos = parse_position(STARTPOS).unwrap();
        assert_eq!(pos.legal_moves().len(), 30);
    }

    #[test]
    fn hands_and_promoted_pieces() {
        let text = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
        assert_eq!(write_setup(&parse_setup(text).unwrap()), text);
        let setup = parse_setup("4k4/9/9/9/9/9/9/9/4K4 b 10P2l 1").unwrap();
        assert_eq!(setup.hand(Color::Sente).count(Role::Pawn), 10);
        assert_eq!(setup.hand(Color::Gote).count(Role::Lance), 2);
        assert_eq!(parse_setup("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap().move_number, 1);
        assert_eq!(parse_setup("4k4/9/9/9/9/9/9/9/4K4 w -").unwrap().move_number, 1);
    }

    #[test]
    fn errors_say_where_and_why() {
        let e = parse_setup("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1").unwrap_err();
        assert!(matches!(e, SfenError::Unexpected { field: SfenField::Board, found: 'X', .. }), "{e}");
        let e = parse_setup("lnsgkgsnl/1r5b1/ppppppppp/9/9/8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap_err();
        assert_eq!(e, SfenError::RowLength { row: 6, squares: 8 });
        assert!(matches!(parse_setup("9/9/9 b - 1"), Err(SfenError::RowCount { rows: 3 })));
        assert!(matches!(parse_setup(""), Err(SfenError::MissingField { field: SfenField::Board })));
        assert!(matches!(
            parse_setup("4k4/9/9/9/9/9/9/9/4K4 x - 1"),
            Err(SfenError::Unexpected { field: SfenField::SideToMove, .. })
        ));
        assert!(matches!(
            parse_setup("4k4/9/9/9/9/9/9/9/4K4 b 3 1"),
            Err(SfenError::Unexpected { field: SfenField::Hand, .. })
        ));
        assert!(matches!(
            parse_setup("4k4/9/9/9/9/9/9/9/4K4 b K 1"),
            Err(SfenError::Unexpected { field: SfenField::Hand, .. })
        ));
        assert!(matches!(parse_setup("4k4/9/9/9/9/9/9/9/4K4 b - 0"), Err(SfenError::BadMoveNumber { .. })));
        assert!(matches!(parse_setup("4+k4/9/9/9/9/9/9/9/4K4 b - 1"), Err(SfenError::Unexpected { .. })));
    }

    #[test]
    fn illegal_positions_are_refused_with_the_reason() {
        let cases = [
            ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", SetupError::TooManyKings { color: Color::Sente }),
            ("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", SetupError::TooManyPieces { role: Role::Pawn, count: 19, max: 18 }),
            ("4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1", SetupError::TwoPawnsOnFile { color: Color::Sente, file: 5 }),
            (
                "P3k4/9/9/9/9/9/9/9/4K4 b - 1",
                SetupError::DeadPiece {
                    piece: Piece::new(Color::Sente, Role::Pawn),
                    square: Square::from_usi("9a").unwrap(),
                },
            ),
            (
                "4k4/9/9/9/9/9/9/n8/4K4 b - 1",
                SetupError::DeadPiece {
                    piece: Piece::new(Color::Gote, Role::Knight),
                    square: Square::from_usi("9h").unwrap(),
                },
            ),
            ("4k4/4R4/9/9/9/9/9/9/4K4 b - 1", SetupError::OpponentInCheck { color: Color::Gote }),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_position(text).unwrap_err(), SfenError::Illegal(expected), "{text}");
        }
        // A tokin does not count as a pawn for the two-pawn rule.
        assert!(parse_position("4k4/9/9/9/9/9/4+P4/4P4/4K4 b - 1").is_ok());
    }
}
