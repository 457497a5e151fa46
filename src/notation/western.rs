//! Western move notation as the seeds write it: `P-7f`, `Px1c` (capture), `Px1c+`
//! (promotes), `Px1c=` (could promote, declines), `+P-2b` (a promoted piece moves),
//! `L*9d` (drop), and an origin only when another piece of the same kind could go to
//! the same square (`G6i-5h`).
//!
//! Reading also takes the other spellings the seeds use: no dash (`P7f`, the sample
//! game's style), `'` for a drop (`P'8f`), an origin that is not needed, a drop without
//! `*` when no piece on the board can go there, and a check or mate mark (`+`, `#`);
//! a lone `+` is a check mark only after a checking move that cannot promote. [`parse_game`] reads a whole game written with
//! chess-style move numbers and `[ ... ]` comments.

use super::expected::Expected;
use std::fmt::{self, Write as _};
use std::str::FromStr;

use super::record::{Record, Termination};
use super::resolve::{self, legal_origins, DropMark, MoveError, Promotion, Request};
use crate::rules::{may_promote, Color, Move, MoveKind, Position, Role, Square};

/// How a spelling joins the piece to the destination.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Separator {
    /// `P7f`, as in the seed's sample game.
    None,
    /// `P-7f`; also accepted for a capture.
    Dash,
    /// `Px7f`: the destination must hold a piece to capture.
    Capture,
    /// `P*7f` or `P'7f`.
    Drop,
}

impl Separator {
    fn from_char(c: char) -> Option<Separator> {
        match c {
            '-' => Some(Separator::Dash),
            'x' | 'X' => Some(Separator::Capture),
            '*' | '\'' => Some(Separator::Drop),
            _ => None,
        }
    }
}

/// A move as spelled, before a position gives it meaning. `to_string` writes it back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WesternMove {
    /// The role as written: `+P` is a tokin.
    pub role: Role,
    pub from: Option<Square>,
    pub separator: Separator,
    pub to: Square,
    /// The mark right after the destination: `+` (`Some(true)`) or `=` (`Some(false)`).
    /// A lone `+` on a move that cannot promote is read as a check mark if the move gives check.
    pub promotion: Option<bool>,
    /// A check or mate mark after the promotion mark (`Px1c++`, `G*5b#`).
    pub check: Option<char>,
}

impl WesternMove {
    /// The spelling of `m`, a legal move of `pos`; `None` if `m` moves from an empty square.
    pub fn from_move(pos: &Position, m: Move) -> Option<WesternMove> {
        match m.kind() {
            MoveKind::Drop { role, to } => {
                Some(WesternMove { role, from: None, separator: Separator::Drop, to, promotion: None, check: None })
            }
            MoveKind::Normal { from, to, promote } => {
                let piece = pos.piece_at(from)?;
                let ambiguous = legal_origins(pos, piece.role, to).without(from).any();
                let separator = if pos.piece_at(to).is_some() { Separator::Capture } else { Separator::Dash };
                let promotion = (promote || may_promote(piece.color, piece.role, from, to)).then_some(promote);
                Some(WesternMove {
                    role: piece.role,
                    from: ambiguous.then_some(from),
                    separator,
                    to,
                    promotion,
                    check: None,
                })
            }
        }
    }

    /// The legal move of `pos` this spelling names.
    pub fn to_move(&self, pos: &Position) -> Result<Move, WesternError> {
        let moving_error = |error| WesternError::Move { spelling: *self, error };
        if self.separator == Separator::Capture && pos.piece_at(self.to).is_none() {
            return Err(WesternError::NothingToCapture { spelling: *self });
        }
        let promotion = match (self.promotion, self.check) {
            (None, _) => Promotion::Unmarked,
            (Some(false), _) => Promotion::Decline,
            (Some(true), None) => Promotion::PromoteOrCheck,
            (Some(true), Some(_)) => Promotion::Promote,
        };
        let drop = match (self.separator, self.from) {
            (Separator::Drop, _) => DropMark::Drop,
            (Separator::None, None) => DropMark::Either,
            _ => DropMark::Board,
        };
        let request = Request { role: self.role, to: self.to, from: self.from, promotion, drop };
        resolve::resolve(pos, &request, |_| true).map_err(moving_error)
    }

    /// The same move with its origin written, as advice for an ambiguous spelling.
    pub fn with_origin(&self, from: Square) -> WesternMove {
        let separator = if self.separator == Separator::None { Separator::Dash } else { self.separator };
        WesternMove { from: Some(from), separator, ..*self }
    }
}

impl fmt::Display for WesternMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.role.is_promoted() {
            f.write_char('+')?;
        }
        f.write_char(self.role.letter())?;
        if let Some(from) = self.from {
            write!(f, "{from}")?;
        }
        match self.separator {
            Separator::None => {}
            Separator::Dash => f.write_char('-')?,
            Separator::Capture => f.write_char('x')?,
            Separator::Drop => f.write_char('*')?,
        }
        write!(f, "{}", self.to)?;
        match self.promotion {
            Some(true) => f.write_char('+')?,
            Some(false) => f.write_char('=')?,
            None => {}
        }
        match self.check {
            Some(mark) => f.write_char(mark),
            None => Ok(()),
        }
    }
}

/// Reads the characters of one spelling, keeping the column for errors.
struct Scanner<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner { text, chars: text.chars().collect(), at: 0 }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn next_map<T>(&mut self, f: impl FnOnce(char) -> Option<T>) -> Option<T> {
        let value = self.peek().and_then(f)?;
        self.at += 1;
        Some(value)
    }

    /// A square such as `7f` (the rank letter in either case).
    fn square(&mut self) -> Option<Square> {
        let file = self.peek()?.to_digit(10)?;
        let rank = self.chars.get(self.at + 1)?.to_ascii_lowercase();
        if !('a'..='i').contains(&rank) {
            return None;
        }
        let sq = Square::new(file as u8, rank as u8 - b'a')?;
        self.at += 2;
        Some(sq)
    }

    /// An error at the current character.
    fn error(&self, expected: Expected) -> WesternError {
        self.error_at(self.at, expected)
    }

    fn error_at(&self, at: usize, expected: Expected) -> WesternError {
        WesternError::Syntax { text: super::clip(self.text, 40), column: at + 1, expected }
    }
}

impl FromStr for WesternMove {
    type Err = WesternError;

    /// Reads the spelling only; [`WesternMove::to_move`] gives it meaning.
    fn from_str(text: &str) -> Result<WesternMove, WesternError> {
        let mut s = Scanner::new(text.trim());
        let promoted = s.next_map(|c| (c == '+').then_some(())).is_some();
        let letter_at = s.at;
        let role = s.next_map(Role::from_letter).ok_or_else(|| s.error(Expected::PieceLetter))?;
        let role = match (promoted, role.promoted()) {
            (false, _) => role,
            (true, Some(promoted)) => promoted,
            (true, None) => return Err(s.error_at(letter_at, Expected::PromotablePieceLetter)),
        };
        let first = s.square();
        let separator_at = s.at;
        let separator = s.next_map(Separator::from_char);
        let (from, separator, to) = match (first, separator) {
            (Some(sq), None) => match s.square() {
                Some(to) => (Some(sq), Separator::None, to),
                None => (None, Separator::None, sq),
            },
            (first, Some(separator)) => (first, separator, s.square().ok_or_else(|| s.error(Expected::SquareLike7f))?),
            (None, None) => return Err(s.error(Expected::SquareOrMoveMark)),
        };
        if separator == Separator::Drop {
            if from.is_some() {
                return Err(s.error_at(separator_at, Expected::MoveOrCaptureMark));
            }
            if !role.is_hand_role() {
                return Err(s.error_at(0, Expected::HandPieceLetter));
            }
        }
        let promotion = s.next_map(|c| match c {
            '+' => Some(true),
            '=' => Some(false),
            _ => None,
        });
        let check = s.next_map(|c| matches!(c, '+' | '#').then_some(c));
        if s.peek().is_some() {
            return Err(s.error(Expected::EndOfMove));
        }
        Ok(WesternMove { role, from, separator, to, promotion, check })
    }
}

/// Why a text is not a legal move in western notation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WesternError {
    /// Not a spelling at all; `column` counts characters from 1 (after leading blanks).
    Syntax { text: String, column: usize, expected: Expected },
    /// `x` before an empty square.
    NothingToCapture { spelling: WesternMove },
    /// A spelling that names no legal move, or several.
    Move { spelling: WesternMove, error: MoveError },
}

impl fmt::Display for WesternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WesternError::Syntax { text, column, expected } => {
                write!(f, "'{text}' is not a move in western notation: at column {column}, expected {expected}")
            }
            WesternError::NothingToCapture { spelling } => {
                write!(f, "{spelling}: nothing to capture on {}", spelling.to)
            }
            WesternError::Move { spelling, error: MoveError::Ambiguous { origins, .. } } => {
                let advice: Vec<WesternMove> = origins.iter().map(|&o| spelling.with_origin(o)).collect();
                write!(
                    f,
                    "ambiguous: {} {} can reach {}; write {}",
                    spelling.role,
                    resolve::or_list(origins),
                    spelling.to,
                    resolve::or_list(&advice)
                )
            }
            WesternError::Move { spelling, error: MoveError::Illegal { mv, reason } } => {
                let tried = mv.from().map_or(*spelling, |from| spelling.with_origin(from));
                write!(f, "not legal: {tried}: {reason}")
            }
            WesternError::Move { error, .. } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for WesternError {}

/// The western spelling of `m`, a legal move of `pos`; `None` if `m` moves from an empty square.
pub fn write(pos: &Position, m: Move) -> Option<String> {
    WesternMove::from_move(pos, m).map(|w| w.to_string())
}

/// Reads a move in any western spelling and finds the legal move of `pos` it names.
pub fn parse(pos: &Position, text: &str) -> Result<Move, WesternError> {
    text.parse::<WesternMove>()?.to_move(pos)
}

/// Where a game text goes wrong: line and column count from 1, columns in characters.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameTextError {
    pub line: usize,
    pub column: usize,
    pub reason: GameTextReason,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameTextReason {
    Move(WesternError),
    /// A move number other than the one the moves so far lead to.
    MoveNumber {
        found: String,
        expected: u32,
    },
    /// `12.` announces sente's move and `12...` gote's; the other side is to move.
    WrongSide {
        announced: Color,
    },
    UnclosedComment,
    UnopenedComment,
}

impl fmt::Display for GameTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.reason {
            GameTextReason::Move(e) => write!(f, "{e}"),
            GameTextReason::MoveNumber { found, expected } => {
                write!(f, "move number {found} where {expected} was expected")
            }
            GameTextReason::WrongSide { announced } => {
                write!(f, "the move number announces a move by {announced}, but {} is to move", !*announced)
            }
            GameTextReason::UnclosedComment => f.write_str("this '[' is never closed"),
            GameTextReason::UnopenedComment => f.write_str("']' without a '['"),
        }
    }
}

impl std::error::Error for GameTextError {}

/// A word of the game text, or a bracket, with its place.
struct Token<'a> {
    line: usize,
    column: usize,
    text: &'a str,
}

/// Words split at blanks (no-break spaces included), with `[` and `]` standing alone.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    for (line_index, line) in text.lines().enumerate() {
        let line_number = line_index + 1;
        let mut word: Option<(usize, usize)> = None;
        for (column, (byte, c)) in line.char_indices().enumerate() {
            let bracket = c == '[' || c == ']';
            if c.is_whitespace() || bracket {
                if let Some((start, start_column)) = word.take() {
                    out.push(Token { line: line_number, column: start_column + 1, text: &line[start..byte] });
                }
                if bracket {
                    out.push(Token { line: line_number, column: column + 1, text: &line[byte..byte + 1] });
                }
            } else if word.is_none() {
                word = Some((byte, column));
            }
        }
        if let Some((start, start_column)) = word {
            out.push(Token { line: line_number, column: start_column + 1, text: &line[start..] });
        }
    }
    out
}

/// A move number (`12.` for sente, `12...` for gote), and what follows it in the same word.
fn split_move_number(word: &str) -> Option<(&str, Color, &str)> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let after_digits = &word[digits..];
    let dots = after_digits.len() - after_digits.trim_start_matches('.').len();
    if digits == 0 || dots == 0 {
        return None;
    }
    let side = if dots == 1 { Color::Sente } else { Color::Gote };
    Some((&word[..digits], side, &after_digits[dots..]))
}

/// Reads a game written as the seed's sample game is: text before the first move
/// number (where `Black: <name>` and `White: <name>` become the `Sente` and `Gote`
/// headers), then moves with chess-style numbers (`1. P2f P3d  2. P2e B3c`,
/// `10... S5c`), `[ ... ]` comments anywhere, and an optional `Resigns`, which ends
/// the game (the side to move resigns; the rest of the text is not read).
pub fn parse_game(text: &str, start: Position) -> Result<Record, GameTextError> {
    let mut record = Record::new(start.clone());
    let mut pos = start;
    let mut preamble: Vec<&str> = Vec::new();
    let mut started = false;
    let mut open_comment: Option<(usize, usize)> = None;
    let error = |token: &Token, column_offset: usize, reason| GameTextError {
        line: token.line,
        column: token.column + column_offset,
        reason,
    };
    for token in tokens(text) {
        if open_comment.is_some() {
            if token.text == "]" {
                open_comment = None;
            }
            continue;
        }
        match token.text {
            "[" => {
                open_comment = Some((token.line, token.column));
                continue;
            }
            "]" => return Err(error(&token, 0, GameTextReason::UnopenedComment)),
            _ => {}
        }
        let numbered = split_move_number(token.text);
        if !started && numbered.is_none() {
            preamble.push(token.text);
            continue;
        }
        started = true;
        if token.text.to_ascii_lowercase().starts_with("resign") {
            record.termination = Some(Termination::Resign);
            break;
        }
        let (move_text, offset) = match numbered {
            Some((number, announced, rest)) => {
                let played = record.moves.len() as u32 + record.start.turn().fold(0, 1);
                let expected = played / 2 + 1;
                if number.parse::<u32>().ok() != Some(expected) {
                    let found = number.to_string();
                    return Err(error(&token, 0, GameTextReason::MoveNumber { found, expected }));
                }
                if announced != pos.turn() {
                    return Err(error(&token, 0, GameTextReason::WrongSide { announced }));
                }
                (rest, token.text.len() - rest.len())
            }
            None => (token.text, 0),
        };
        if move_text.is_empty() {
            continue;
        }
        let m = parse(&pos, move_text).map_err(|e| error(&token, offset, GameTextReason::Move(e)))?;
        pos.play_unchecked(m);
        record.moves.push(m);
    }
    if let Some((line, column)) = open_comment {
        return Err(GameTextError { line, column, reason: GameTextReason::UnclosedComment });
    }
    let preamble = preamble.join(" ");
    for (key, header) in [("Black:", "先手"), ("White:", "後手")] {
        if let Some(name) = player(&preamble, key) {
            record.headers.push((header.to_string(), name));
        }
    }
    Ok(record)
}

/// The name after `key` (`Black:`) up to the other player's key or the end, without the closing period.
fn player(preamble: &str, key: &str) -> Option<String> {
    let rest = &preamble[preamble.find(key)? + key.len()..];
    let end = ["Black:", "White:"].iter().filter_map(|k| rest.find(k)).min().unwrap_or(rest.len());
    let name = rest[..end].trim().trim_end_matches('.').trim();
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::from_usi(name).unwrap()
    }

    #[test]
    fn spellings_read_back() {
        for text in ["P-7f", "P7f", "Px1c+", "Px1c=", "+P-2b", "L*9d", "G6i-5h", "G6ix5h", "R3f#", "Px1c++", "+R8h-7i"]
        {
            assert_eq!(text.parse::<WesternMove>().unwrap().to_string(), text);
        }
        let drop: WesternMove = "P'8f".parse().unwrap();
        assert_eq!((drop.separator, drop.to, drop.to_string().as_str()), (Separator::Drop, sq("8f"), "P*8f"));
        let joined: WesternMove = "G6i5h".parse().unwrap();
        assert_eq!((joined.from, joined.to), (Some(sq("6i")), sq("5h")));
        let tokin: WesternMove = "+p-2B".parse().unwrap();
        assert_eq!((tokin.role, tokin.to), (Role::Tokin, sq("2b")));
    }

    #[test]
    fn bad_spellings_say_where() {
        for (text, column) in [
            ("", 1),
            ("Z-7f", 1),
            ("+G-5h", 2),
            ("P-7", 3),
            ("P-0f", 3),
            ("P-7j", 3),
            ("P7f7", 4),
            ("P-7f+=", 6),
            ("P-7f+++", 7),
            ("K*5e", 1),
            ("+P*5e", 1),
            ("G6i*5h", 4),
            ("P", 2),
            ("P--7f", 3),
            ("歩7f", 1),
            ("P-7f\u{0}", 5),
        ] {
            match text.parse::<WesternMove>() {
                Err(WesternError::Syntax { column: found, .. }) => assert_eq!(found, column, "{text:?}"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn move_numbers() {
        assert_eq!(split_move_number("12."), Some(("12", Color::Sente, "")));
        assert_eq!(split_move_number("10...S5c"), Some(("10", Color::Gote, "S5c")));
        assert_eq!(split_move_number("P2f"), None);
        assert_eq!(split_move_number("27"), None);
    }
}
