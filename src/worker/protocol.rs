//! The messages between the page and the engine worker. Moves travel as USI
//! text and positions as SFEN plus the moves played since, so the worker can
//! rebuild the game's history for the repetition rules.

use crate::engine::Score;
use crate::notation::{sfen, usi};
use crate::rules::Move;

/// From the page to the worker.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(serde::Serialize, serde::Deserialize))]
pub enum Request {
    Search {
        id: u32,
        /// The game's start position and its moves; the search root is the position after them.
        sfen: String,
        moves: Vec<String>,
        time_ms: u32,
        /// Random bonus per root move in centipawns (weak levels), 0 for best play.
        randomness: i32,
    },
}

/// From the worker to the page.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(target_arch = "wasm32", derive(serde::Serialize, serde::Deserialize))]
pub enum Reply {
    /// Sent once the worker's wasm runs: messages posted before would be lost.
    Ready,
    /// After each completed iteration.
    Info { id: u32, depth: u32, score: ScoreMsg, nodes: f64, time_ms: f64, pv: Vec<String> },
    /// The search's answer; `best` is `None` when there is no legal move.
    Done { id: u32, best: Option<String>, declare_win: bool, score: ScoreMsg, depth: u32 },
    /// A request the worker could not read (names the reason).
    Error { id: u32, reason: String },
}

/// [`Score`] as it crosses to the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(serde::Serialize, serde::Deserialize))]
pub enum ScoreMsg {
    Cp(i32),
    Mate(i32),
}

impl From<Score> for ScoreMsg {
    fn from(score: Score) -> ScoreMsg {
        match score {
            Score::Cp(cp) => ScoreMsg::Cp(cp),
            Score::Mate(plies) => ScoreMsg::Mate(plies),
        }
    }
}

impl ScoreMsg {
    pub fn negated(self) -> ScoreMsg {
        match self {
            ScoreMsg::Cp(cp) => ScoreMsg::Cp(-cp),
            ScoreMsg::Mate(plies) => ScoreMsg::Mate(-plies),
        }
    }

    /// For people: `+0.42` (pawns), or `mate in 3` / `mated in 3` (moves of the side it is for).
    pub fn describe(self) -> String {
        match self {
            ScoreMsg::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
            ScoreMsg::Mate(plies) if plies >= 0 => format!("mate in {}", (plies + 1) / 2),
            ScoreMsg::Mate(plies) => format!("mated in {}", (1 - plies) / 2),
        }
    }
}

/// The search root and the history before it, rebuilt from a request.
pub fn root_of(start: &str, moves: &[String]) -> Result<(crate::rules::Position, Vec<crate::engine::HistoryEntry>), String> {
    let mut pos = sfen::parse_position(start).map_err(|e| e.to_string())?;
    let mut history = Vec::with_capacity(moves.len() + 1);
    for text in moves {
        history.push(crate::engine::HistoryEntry::of(&pos));
        let m: Move = usi::parse_legal(&pos, text).map_err(|e| e.to_string())?;
        pos.play_unchecked(m);
    }
    Ok((pos, history))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_for_people() {
        assert_eq!(ScoreMsg::Cp(42).describe(), "+0.42");
        assert_eq!(ScoreMsg::Cp(-150).describe(), "-1.50");
        assert_eq!(ScoreMsg::Mate(3).describe(), "mate in 2");
        assert_eq!(ScoreMsg::Mate(1).describe(), "mate in 1");
        assert_eq!(ScoreMsg::Mate(-2).describe(), "mated in 1");
        assert_eq!(ScoreMsg::Mate(-4).negated(), ScoreMsg::Mate(4));
    }

    #[test]
    fn root_and_history_from_moves() {
        let moves = ["7g7f", "3c3d"].map(String::from);
        let (root, history) = root_of(sfen::STARTPOS, &moves).unwrap();
        assert_eq!(history.len(), 2);
        assert_eq!(history[0].hash, crate::rules::Position::startpos().hash());
        assert_eq!(root.move_number(), 3);
        assert!(root_of(sfen::STARTPOS, &["7g7e".to_string()]).unwrap_err().contains("7g7e"));
    }
}
