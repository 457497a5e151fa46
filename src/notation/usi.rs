//! USI move spelling (`7g7f`, `8h2b+`, `P*5e`), lists of moves each legal after the ones
//! before, and the USI `position` command.

use std::fmt;

use super::sfen::{self, SfenError};
use crate::rules::illegal::{self, IllegalReason};
use crate::rules::{Move, Position, Role, Square};

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum UsiMoveError {
    /// Not of the form `7g7f`, `7g7f+` or `P*7f`.
    Syntax { text: String },
    /// Well-formed but not legal in the position, for the first rule it breaks.
    Illegal { text: String, reason: IllegalReason },
}

impl fmt::Display for UsiMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsiMoveError::Syntax { text } => {
                write!(f, "'{text}' is not a USI move (expected e.g. 7g7f, 8h2b+ or P*5e)")
            }
            UsiMoveError::Illegal { text, .. } => write!(f, "{text} is not a legal move here"),
        }
    }
}

impl std::error::Error for UsiMoveError {}

/// Moves in USI joined by `separator` (spaces in a `position` command, commas in a URL).
pub fn write_moves(moves: &[Move], separator: &str) -> String {
    moves.iter().map(Move::to_string).collect::<Vec<_>>().join(separator)
}

/// Reads the spelling only; legality needs [`parse_legal`].
pub fn parse(text: &str) -> Result<Move, UsiMoveError> {
    let syntax = || UsiMoveError::Syntax { text: super::clip(text, 16) };
    let bytes = text.as_bytes();
    if bytes.len() == 4 && bytes[1] == b'*' {
        let role = Role::from_letter(bytes[0] as char)
            .filter(|r| r.is_hand_role() && (bytes[0] as char).is_ascii_uppercase())
            .ok_or_else(syntax)?;
        let to = text.get(2..4).and_then(Square::from_usi).ok_or_else(syntax)?;
        return Ok(Move::drop(role, to));
    }
    let promote = match bytes.len() {
        4 => false,
        5 if bytes[4] == b'+' => true,
        _ => return Err(syntax()),
    };
    let from = text.get(0..2).and_then(Square::from_usi).ok_or_else(syntax)?;
    let to = text.get(2..4).and_then(Square::from_usi).ok_or_else(syntax)?;
    Ok(Move::normal(from, to, promote))
}

/// Reads a move and checks it is legal in `pos`.
pub fn parse_legal(pos: &Position, text: &str) -> Result<Move, UsiMoveError> {
    let m = parse(text)?;
    match illegal::explain(pos, m) {
        None => Ok(m),
        Some(reason) => Err(UsiMoveError::Illegal { text: text.to_string(), reason }),
    }
}

/// The first move of a list that cannot be played after the ones before it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveListError {
    /// Its place in the list, from 0.
    pub index: usize,
    pub error: UsiMoveError,
}

impl fmt::Display for MoveListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for MoveListError {}

/// Reads USI moves one by one from `start`, each legal after the ones before: the one loop
/// behind the `position` command, the app's share links and saved games, the problems
/// file and the match's openings.
pub fn parse_legal_moves<'a>(
    start: &Position,
    words: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<Move>, MoveListError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (index, text) in words.into_iter().enumerate() {
        let m = parse_legal(&pos, text).map_err(|error| MoveListError { index, error })?;
        pos.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

/// Reads moves as [`write_moves`] writes them, separated by commas or spaces.
pub fn parse_move_list(start: &Position, text: &str) -> Result<Vec<Move>, MoveListError> {
    parse_legal_moves(start, text.split([',', ' ']).filter(|w| !w.is_empty()))
}

/// What a USI `position` command sets: a start position and the legal moves played from it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionCommand {
    pub start: Position,
    pub moves: Vec<Move>,
}

impl PositionCommand {
    /// The start and every position after it, the last being the one the moves lead to.
    pub fn positions(&self) -> Vec<Position> {
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(self.start.clone());
        for &m in &self.moves {
            let next = positions[positions.len() - 1].after(m);
            positions.push(next);
        }
        positions
    }
}

/// Why a `position` command was refused; `word` counts from 0 in the words given, so a
/// caller can point at the word (or its line).
#[derive(Clone, Debug, PartialEq)]
pub enum PositionCommandError {
    /// The SFEN starting at `word` does not read.
    Sfen { word: usize, error: SfenError },
    /// After the position came `found` instead of `moves`.
    NotMoves { word: usize, found: String },
    /// The move at `word` cannot be played where it comes.
    Move { word: usize, error: MoveListError },
}

impl fmt::Display for PositionCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionCommandError::Sfen { error, .. } => write!(f, "{error}"),
            PositionCommandError::NotMoves { found, .. } => write!(f, "expected 'moves', found '{found}'"),
            PositionCommandError::Move { error, .. } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for PositionCommandError {}

/// Reads `[position] (startpos | [sfen] <board> <side> <hands> <number>) [moves m1 m2 ...]`,
/// already split into words: the USI loop's `position` command, the engine worker's
/// requests and records pasted as USI all go through here.
pub fn parse_position_command(words: &[&str]) -> Result<PositionCommand, PositionCommandError> {
    let mut at = usize::from(words.first() == Some(&"position"));
    let start = match words.get(at) {
        Some(&"startpos") => {
            at += 1;
            Position::startpos()
        }
        // Anything else is an SFEN, given with its keyword or without (missing, it is refused as one).
        word => {
            at += usize::from(word == Some(&"sfen"));
            let end = words[at..].iter().position(|w| *w == "moves").map_or(words.len(), |i| at + i);
            let start = sfen::parse_position(&words[at..end].join(" "))
                .map_err(|error| PositionCommandError::Sfen { word: at, error })?;
            at = end;
            start
        }
    };
    let mut command = PositionCommand { start, moves: Vec::new() };
    match words.get(at) {
        None => return Ok(command),
        Some(&"moves") => at += 1,
        Some(found) => {
            return Err(PositionCommandError::NotMoves { word: at, found: super::clip(found, 24) });
        }
    }
    command.moves = parse_legal_moves(&command.start, words[at..].iter().copied())
        .map_err(|error| PositionCommandError::Move { word: at + error.index, error })?;
    Ok(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings() {
        for text in ["7g7f", "8h2b+", "P*5e", "R*1a"] {
            assert_eq!(parse(text).unwrap().to_string(), text);
        }
        for bad in ["", "7g7", "7g7f=", "K*5e", "p*5e", "0a1a", "7g7j", "P*5", "7g7f++", "日本語"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn legality() {
        let pos = Position::startpos();
        assert!(parse_legal(&pos, "7g7f").is_ok());
        let (from, to) = (Square::from_usi("7g").unwrap(), Square::from_usi("7e").unwrap());
        let reason = IllegalReason::Unreachable { role: Role::Pawn, from, to };
        assert_eq!(parse_legal(&pos, "7g7e"), Err(UsiMoveError::Illegal { text: "7g7e".into(), reason }));
    }

    #[test]
    fn position_commands_read_with_or_without_their_keywords() {
        let read = |text: &str| parse_position_command(&text.split_whitespace().collect::<Vec<_>>());
        let full = read("position startpos moves 7g7f 3c3d").unwrap();
        assert_eq!((full.start.hash(), full.moves.len()), (Position::startpos().hash(), 2));
        assert_eq!(full.positions().len(), 3);
        let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        for text in [format!("sfen {sfen} moves 7g7f"), format!("{sfen} moves 7g7f")] {
            assert_eq!(read(&text).unwrap().moves.len(), 1, "{text}");
        }
        assert!(matches!(read("position"), Err(PositionCommandError::Sfen { word: 1, .. })));
        assert!(matches!(read("startpos 7g7f"), Err(PositionCommandError::NotMoves { word: 1, .. })));
        assert!(matches!(read("sfen 9/9 b - 1"), Err(PositionCommandError::Sfen { word: 1, .. })));
        match read("startpos moves 7g7f 7g7f") {
            Err(e @ PositionCommandError::Move { word: 3, error: MoveListError { index: 1, .. } }) => {
                assert_eq!(e.to_string(), "move 2: 7g7f is not a legal move here");
            }
            other => panic!("{other:?}"),
        }
    }
}
