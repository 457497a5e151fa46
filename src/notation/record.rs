//! A game record as the record formats (KIF, CSA) read and write it.

use crate::rules::{Color, Move, Position};

/// How a recorded game ended, when the record says so.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Termination {
    /// The side to move resigned (投了, %TORYO).
    Resign,
    /// The side to move was checkmated (詰み, %TSUMI).
    Checkmate,
    /// Fourfold repetition (千日手, %SENNICHITE).
    Repetition,
    /// The side to move declared an impasse win (入玉勝ち, %KACHI).
    ImpasseDeclaration,
    /// Jishogi counting ended the game (持将棋, %JISHOGI).
    Impasse,
    /// Interrupted (中断, %CHUDAN).
    Abort,
    /// The side to move lost on time (切れ負け, %TIME_UP).
    Timeout,
    /// The side to move lost by an illegal move or action (反則負け, %ILLEGAL_MOVE).
    IllegalMove,
    /// The side to move won because the opponent's last move was illegal
    /// (反則勝ち, %+ILLEGAL_ACTION / %-ILLEGAL_ACTION naming the opponent).
    OpponentIllegalMove,
}

/// A game: headers, start position (with its handicap name, if any), moves, end.
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
}

impl Record {
    pub fn new(start: Position) -> Record {
        Record { headers: Vec::new(), handicap: None, start, moves: Vec::new(), termination: None }
    }

    /// The value of the first header named `key`.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The position after all moves.
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
