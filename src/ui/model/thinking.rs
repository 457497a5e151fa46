//! A search the page has asked for, as the page shows it.

use crate::rules::Color;
use crate::worker::ScoreMsg;

/// What a search is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    /// The engine's own move in the game.
    Play,
    /// A suggestion for the person, drawn on the board.
    Hint,
}

/// The search in flight.
#[derive(Clone, PartialEq, Debug)]
pub struct Thinking {
    pub id: u32,
    pub purpose: Purpose,
    /// The game's length when the search began: a search about another position is stale.
    pub ply: usize,
    pub side: Color,
    pub depth: u32,
    pub score: Option<ScoreMsg>,
    /// The best line so far (first move = the move to play if stopped now).
    pub pv: Vec<String>,
}
