//! The move list's two notations, written by the notation modules.

use crate::notation::{japanese, western};
use crate::rules::{Move, Position, Square};

named_enum! {
    /// How moves are written; the name is the storage spelling.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub enum Notation {
        /// `P-7f`, as in English books (the seeds); ranks a–i on the board.
        #[default]
        Western = "western",
        /// `▲７六歩`; ranks 一–九 on the board.
        Japanese = "japanese",
    }
}

impl Notation {
    pub fn label(self) -> &'static str {
        match self {
            Notation::Western => "P-7f",
            Notation::Japanese => "７六歩",
        }
    }
}

/// One legal move of `pos` in `notation`: `P-7f` or `▲７六歩`; `previous_to` is where the
/// previous move went (for `同`).
pub fn move_text(notation: Notation, pos: &Position, m: Move, previous_to: Option<Square>) -> String {
    let text = match notation {
        Notation::Western => western::write(pos, m),
        Notation::Japanese => japanese::write(pos, m, previous_to),
    };
    // The writers answer for every legal move; USI is the fallback spelling.
    text.unwrap_or_else(|| m.to_string())
}

/// Each move of a game in `notation`, from its start position: `☗P-7f` or `▲７六歩`.
pub fn move_texts(notation: Notation, start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    let mut previous_to = None;
    let mut texts = Vec::with_capacity(moves.len());
    for &m in moves {
        let text = move_text(notation, &pos, m, previous_to);
        texts.push(match notation {
            Notation::Western => format!("{}{text}", pos.turn().fold('☗', '☖')),
            Notation::Japanese => text,
        });
        previous_to = Some(m.to());
        pos.play_unchecked(m);
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;

    #[test]
    fn both_notations() {
        let moves: Vec<Move> = ["7g7f", "3c3d", "8h2b+", "3a2b"].iter().map(|m| usi::parse(m).unwrap()).collect();
        let start = Position::startpos();
        assert_eq!(move_texts(Notation::Western, &start, &moves), ["☗P-7f", "☖P-3d", "☗Bx2b+", "☖Sx2b"]);
        assert_eq!(move_texts(Notation::Japanese, &start, &moves), ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]);
        assert_eq!(Notation::from_name("japanese"), Some(Notation::Japanese));
    }
}
