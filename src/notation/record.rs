//! A game record as the record formats (KIF, KI2, CSA) read and write it.

use crate::rules::{Color, Move, Position};

named_enum! {
    /// How a recorded game ended, when the record says so; the name is how a saved game
    /// writes it (SPEC §5).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Termination {
        /// The side to move resigned (投了, %TORYO).
        Resign = "resign",
        /// The side to move was checkmated (詰み, %TSUMI).
        Checkmate = "checkmate",
        /// Fourfold repetition (千日手, %SENNICHITE).
        Repetition = "repetition",
        /// The side to move declared an impasse win (入玉勝ち, %KACHI).
        ImpasseDeclaration = "impasse-declaration",
        /// Jishogi counting ended the game (持将棋, %JISHOGI).
        Impasse = "impasse",
        /// Interrupted (中断, %CHUDAN).
        Abort = "abort",
        /// The side to move lost on time (切れ負け, %TIME_UP).
        Timeout = "timeout",
        /// The side to move lost by an illegal move or action (反則負け, %ILLEGAL_MOVE).
        IllegalMove = "illegal",
        /// The side to move won because the opponent's last move was illegal
        /// (反則勝ち, %+ILLEGAL_ACTION / %-ILLEGAL_ACTION naming the opponent).
        OpponentIllegalMove = "opponent-illegal",
    }
}

/// One comment line of a record (KIF's and KI2's `*` lines), kept with the move it follows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Comment {
    /// How many moves come before it: 0 on the start position, n after move n.
    pub ply: usize,
    /// The line without its `*`.
    pub text: String,
}

/// The time a move (or a line's end, counted as a step) took, as the record's clock measured
/// it: KIF's time column, CSA's `T` lines, a game played on the clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveTime {
    /// The number of the move (or end) it timed, 1 for the game's first.
    pub ply: usize,
    pub ms: u64,
}

/// A line of play that replaces a step of its parent line and carries on from there.
#[derive(Clone, PartialEq, Debug)]
pub struct Variation {
    /// The number of its first move, 1 for the game's first: it replaces the parent line's
    /// move of that number, or the parent's end when that comes there.
    pub ply: usize,
    pub moves: Vec<Move>,
    /// How the game ends on this line, when it says so.
    pub termination: Option<Termination>,
    /// The comments after its moves, in ply order (one before its first move is its parent's).
    pub comments: Vec<Comment>,
    /// The times of its moves and end, in ply order, where the record has them.
    pub times: Vec<MoveTime>,
    /// The alternatives to its steps after the first, in ply order.
    pub variations: Vec<Variation>,
}

/// A game: headers, start position (with its handicap name, if any), the main line's moves,
/// end and comments, and the variations that branch off it (see [`super::variation`]).
#[derive(Clone, PartialEq, Debug)]
pub struct Record {
    /// Header lines in file order, keyed by their KIF names (("先手", "Trent"), ("棋戦", ...)),
    /// which every reader uses so that a header survives conversion between formats.
    pub headers: Vec<(String, String)>,
    /// The handicap name of the start position (`平手`, `香落ち`, ...), if it is a standard one.
    pub handicap: Option<String>,
    pub start: Position,
    pub moves: Vec<Move>,
    pub termination: Option<Termination>,
    /// The main line's, in ply order.
    pub comments: Vec<Comment>,
    /// The main line's moves' and end's times, in ply order, where the record has them.
    pub times: Vec<MoveTime>,
    /// The alternatives to the main line's moves (or its end), in ply order.
    pub variations: Vec<Variation>,
}

impl Record {
    pub fn new(start: Position) -> Record {
        Record {
            headers: Vec::new(),
            handicap: None,
            start,
            moves: Vec::new(),
            termination: None,
            comments: Vec::new(),
            times: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// The texts of the main line's comments after `ply` moves, in order.
    pub fn comments_at(&self, ply: usize) -> impl Iterator<Item = &str> {
        self.main_branch().comments_at(ply)
    }

    /// The value of the first header named `key`.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Sets header `key` to `value`: the first of that name, or a new one after the others.
    pub fn set_header(&mut self, key: &str, value: &str) {
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some((_, old)) => *old = value.to_string(),
            None => self.headers.push((key.to_string(), value.to_string())),
        }
    }

    /// The player of `color` as the record names them: `先手` (`下手` in a handicap game) for
    /// sente, `後手` (`上手`) for gote; CSA's `N+` and `N-` are read into these.
    pub fn player(&self, color: Color) -> Option<&str> {
        let keys = color.fold(["先手", "下手"], ["後手", "上手"]);
        keys.into_iter().find_map(|key| self.header(key)).map(str::trim).filter(|name| !name.is_empty())
    }

    /// The position after all moves of the main line.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }

    /// The side that made the last recorded move, or none before the first.
    pub fn last_mover(&self) -> Option<Color> {
        if self.moves.is_empty() {
            None
        } else {
            Some(self.end_position().turn().opposite())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_are_named_by_their_headers_in_even_and_handicap_games() {
        let mut record = Record::new(Position::startpos());
        assert_eq!(record.player(Color::Sente), None);
        record.headers =
            vec![("下手".into(), " Habu ".into()), ("上手".into(), "".into()), ("棋戦".into(), "Meijin".into())];
        assert_eq!((record.player(Color::Sente), record.player(Color::Gote)), (Some("Habu"), None));
        record.headers.insert(0, ("後手".into(), "Trent".into()));
        assert_eq!(record.player(Color::Gote), Some("Trent"));
    }
}
