//! The move list's two notations, written by the notation modules.

use crate::notation::record::MoveTime;
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

/// A move's time as the move list shows it, with its side's total up to it: `0:12` and
/// `3:45` (`1:02:05` past an hour), in whole seconds; None when the line has no times.
pub fn move_time(times: &[MoveTime], ply: usize) -> Option<(String, String)> {
    if times.is_empty() {
        return None;
    }
    let own = times.iter().find(|t| t.ply == ply).map_or(0, |t| t.ms);
    let total = times.iter().filter(|t| t.ply <= ply && t.ply % 2 == ply % 2).map(|t| t.ms).sum();
    Some((clock_text(own), clock_text(total)))
}

/// `m:ss`, or `h:mm:ss` from an hour on.
fn clock_text(ms: u64) -> String {
    let seconds = ms / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
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

    #[test]
    fn move_times_with_their_sides_totals() {
        let times =
            [MoveTime { ply: 1, ms: 12_500 }, MoveTime { ply: 3, ms: 3_725_000 }, MoveTime { ply: 4, ms: 3_000 }];
        let shown = |ply| move_time(&times, ply).map(|(own, total)| format!("{own} {total}"));
        assert_eq!(shown(1).as_deref(), Some("0:12 0:12"));
        assert_eq!(shown(2).as_deref(), Some("0:00 0:00"), "a move without a time took none");
        assert_eq!(shown(3).as_deref(), Some("1:02:05 1:02:17"));
        assert_eq!(shown(4).as_deref(), Some("0:03 0:03"));
        assert_eq!(move_time(&[], 1), None);
    }
}
