//! USI move spelling: `7g7f`, `8h2b+`, `P*5e`.

use std::fmt;

use crate::rules::{Move, Position, Role, Square};

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum UsiMoveError {
    /// Not of the form `7g7f`, `7g7f+` or `P*7f`.
    Syntax { text: String },
    /// Well-formed but not legal in the position.
    Illegal { text: String },
}

impl fmt::Display for UsiMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UsiMoveError::Syntax { text } => {
                write!(f, "'{text}' is not a USI move (expected e.g. 7g7f, 8h2b+ or P*5e)")
            }
            UsiMoveError::Illegal { text } => write!(f, "{text} is not a legal move here"),
        }
    }
}

impl std::error::Error for UsiMoveError {}

/// Reads the spelling only; legality needs [`parse_legal`].
pub fn parse(text: &str) -> Result<Move, UsiMoveError> {
    let syntax = || UsiMoveError::Syntax { text: text.chars().take(16).collect() };
    let bytes = text.as_bytes();
    if bytes.len() == 4 && bytes[1] == b'*' {
        let role = Role::from_letter(bytes[0] as char)
            .filter(|r| r.is_hand_role() && (bytes[0] as char).is_ascii_uppercase())
            .ok_or_else(syntax)?;
        let to = Square::from_usi(&text[2..4]).ok_or_else(syntax)?;
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
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(UsiMoveError::Illegal { text: text.to_string() })
    }
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
        assert_eq!(parse_legal(&pos, "7g7e"), Err(UsiMoveError::Illegal { text: "7g7e".into() }));
    }
}
