//! A game: a start position, the moves played from it, and how it ended.
//!
//! Each ply keeps only what the rules look back at (the position's Zobrist hash
//! and whether the move into it gave check), and a count of each hash, so that
//! repetition is found without replaying the game.

use std::collections::HashMap;
use std::fmt;

use super::impasse::{impasse_result, ImpasseError, ImpasseRule};
use super::moves::Move;
use super::position::{IllegalMove, Position};
use super::types::Color;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

named_enum! {
    /// Why a game ended; the name is the page's `data-reason` attribute (SPEC §3).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum Reason {
        Checkmate = "checkmate",
        /// Not in check and no legal move: the side that cannot move loses (the seeds:
        /// "a stalemate counts as a win for the stalemater").
        NoLegalMoves = "no-moves",
        /// The same position (board, hands, side to move) for the fourth time: a draw.
        Repetition = "repetition",
        /// A fourth repetition during which one side's every move gave check: that side loses.
        PerpetualCheck = "perpetual-check",
        /// Counted or declared under an [`ImpasseRule`].
        Impasse = "impasse",
        Resignation = "resign",
        /// A player attempted an illegal move and forfeits.
        IllegalMove = "illegal",
        /// A player's time ran out.
        Timeout = "timeout",
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(winner) => write!(f, "{winner} wins by {}", self.reason.name()),
            None => write!(f, "draw by {}", self.reason.name()),
        }
    }
}

/// What the rules remember of one position of the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ply {
    /// Zobrist hash of board, hands and side to move.
    pub hash: u64,
    /// Whether the side to move is in check, i.e. the move into this position gave check.
    pub check: bool,
}

impl Ply {
    pub fn of(pos: &Position) -> Ply {
        Ply { hash: pos.hash(), check: pos.is_check() }
    }
}

/// Why a move was not played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    GameOver { outcome: Outcome },
    Illegal(IllegalMove),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver { outcome } => write!(f, "the game is over ({outcome})"),
            PlayError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game ended already; nothing more can end it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameOver {
    pub outcome: Outcome,
}

impl fmt::Display for GameOver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the game is over ({})", self.outcome)
    }
}

impl std::error::Error for GameOver {}

#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// One entry per position: `plies[0]` is the start, `plies[i]` follows `moves[i - 1]`.
    plies: Vec<Ply>,
    /// How many times each hash occurs in `plies`.
    occurrences: HashMap<u64, u8>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from `start`; if the side to move there has no legal move, it is already over.
    pub fn new(start: Position) -> Game {
        let ply = Ply::of(&start);
        let mut game = Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            plies: vec![ply],
            occurrences: HashMap::from([(ply.hash, 1)]),
            outcome: None,
        };
        game.outcome = game.outcome_by_position();
        game
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Hash and check of every position so far, the start first (for a search's
    /// own repetition detection).
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> u8 {
        self.occurrences.get(&self.position.hash()).copied().unwrap_or(0)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Plays a legal move, unless the game is over.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver { outcome });
        }
        self.position.play(m).map_err(PlayError::Illegal)?;
        let ply = Ply::of(&self.position);
        self.moves.push(m);
        self.plies.push(ply);
        *self.occurrences.entry(ply.hash).or_insert(0) += 1;
        self.outcome = self.outcome_by_position().or_else(|| self.outcome_by_repetition());
        Ok(())
    }

    /// Takes back the last move and, with it, any ending (a resignation or
    /// declaration made after it). Returns the move, or `None` (changing
    /// nothing) at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        if let Some(ply) = self.plies.pop() {
            if let Some(n) = self.occurrences.get_mut(&ply.hash) {
                *n -= 1;
                if *n == 0 {
                    self.occurrences.remove(&ply.hash);
                }
            }
        }
        // Replaying the moves (known legal) is cheap next to keeping every position.
        self.position = self.start.clone();
        for &played in &self.moves {
            self.position.play_unchecked(played);
        }
        // Moves are refused once a game is over, so the position before the last
        // move had not ended the game.
        self.outcome = None;
        Some(m)
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameOver> {
        self.end(Outcome { winner: Some(!color), reason: Reason::Resignation })
    }

    /// `color`'s time ran out.
    pub fn time_out(&mut self, color: Color) -> Result<Outcome, GameOver> {
        self.end(Outcome { winner: Some(!color), reason: Reason::Timeout })
    }

    /// Whether calling for an impasse now would be accepted: under
    /// [`ImpasseRule::Points24`] when both kings are in their zones (the count may
    /// still make the caller lose), under [`ImpasseRule::Declaration27`] when the
    /// side to move's declaration would win.
    pub fn can_declare_impasse(&self, rule: ImpasseRule) -> bool {
        !self.is_over() && impasse_result(&self.position, rule).is_ok()
    }

    /// Calls for the impasse count, or declares for the side to move, ending the game.
    /// A declaration that would not succeed is refused and the game goes on.
    pub fn declare_impasse(&mut self, rule: ImpasseRule) -> Result<Outcome, ImpasseError> {
        if self.is_over() {
            return Err(ImpasseError::GameOver);
        }
        let winner = impasse_result(&self.position, rule)?;
        let outcome = Outcome { winner, reason: Reason::Impasse };
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    fn end(&mut self, outcome: Outcome) -> Result<Outcome, GameOver> {
        if let Some(outcome) = self.outcome {
            return Err(GameOver { outcome });
        }
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Checkmate or no legal move: the side to move loses.
    fn outcome_by_position(&self) -> Option<Outcome> {
        if self.position.has_legal_moves() {
            return None;
        }
        let reason = if self.position.is_check() { Reason::Checkmate } else { Reason::NoLegalMoves };
        Some(Outcome { winner: Some(!self.position.turn()), reason })
    }

    /// The fourth occurrence of the current position: a draw, unless one side
    /// gave check with every one of its moves in the repeated cycle.
    fn outcome_by_repetition(&self) -> Option<Outcome> {
        if self.repetitions() < 4 {
            return None;
        }
        // The cycle runs from the position's first occurrence to now: the JSA rule
        // speaks of one side's moves being all checks "in the sequence in which the
        // same position appeared four times", so a side that stopped checking at any
        // point since the first occurrence has not given perpetual check.
        let hash = self.position.hash();
        let first = self.plies.iter().position(|p| p.hash == hash)?;
        let last = self.plies.len() - 1;
        // The move into position i gave check if plies[i].check; the side to move
        // alternates, so its mover follows from the distance to the end.
        let turn = self.position.turn();
        let mover = |i: usize| if (last - i).is_multiple_of(2) { !turn } else { turn };
        let checked_throughout =
            |checker: Color| (first + 1..=last).filter(|&i| mover(i) == checker).all(|i| self.plies[i].check);
        let checkers: Vec<Color> = Color::ALL.into_iter().filter(|&c| checked_throughout(c)).collect();
        Some(match checkers.as_slice() {
            [checker] => Outcome { winner: Some(!*checker), reason: Reason::PerpetualCheck },
            // Neither side, or (checks answered by checks) both: a plain repetition.
            _ => Outcome { winner: None, reason: Reason::Repetition },
        })
    }
}
