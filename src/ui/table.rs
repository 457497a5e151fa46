//! The game as the app plays it: the line of moves with its positions, the
//! moves taken back (for redo), who sits at each side, and the result.

use crate::rules::{Color, IllegalMove, Move, Position};

/// Which side(s) a person plays (SPEC §4 `side`); the engine plays the others.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Sides {
    #[default]
    Sente,
    Gote,
    /// Two people at one device.
    Both,
    /// The engine plays itself.
    None,
}

impl Sides {
    pub const ALL: [Sides; 4] = [Sides::Sente, Sides::Gote, Sides::Both, Sides::None];

    pub fn person_plays(self, color: Color) -> bool {
        match self {
            Sides::Sente => color == Color::Sente,
            Sides::Gote => color == Color::Gote,
            Sides::Both => true,
            Sides::None => false,
        }
    }

    /// The URL spelling.
    pub fn name(self) -> &'static str {
        match self {
            Sides::Sente => "b",
            Sides::Gote => "w",
            Sides::Both => "both",
            Sides::None => "none",
        }
    }

    pub fn from_name(name: &str) -> Option<Sides> {
        Sides::ALL.into_iter().find(|s| s.name() == name)
    }

    pub fn label(self) -> &'static str {
        match self {
            Sides::Sente => "Play sente (first)",
            Sides::Gote => "Play gote (second)",
            Sides::Both => "Two people, one device",
            Sides::None => "Watch the engine play itself",
        }
    }
}

/// Why a game ended (SPEC §3 `data-reason`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    Checkmate,
    Resign,
    Repetition,
    PerpetualCheck,
    Impasse,
    NoMoves,
    Illegal,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Resign => "resign",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::Impasse => "impasse",
            Reason::NoMoves => "no-moves",
            Reason::Illegal => "illegal",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Reason::Checkmate => "by checkmate",
            Reason::Resign => "by resignation",
            Reason::Repetition => "by fourfold repetition",
            Reason::PerpetualCheck => "by perpetual check (the checking side loses)",
            Reason::Impasse => "by impasse",
            Reason::NoMoves => "because the loser had no legal move",
            Reason::Illegal => "by an illegal move",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Outcome {
    /// SPEC §3 `data-result`: `b`, `w` or `draw`.
    pub fn result_name(self) -> &'static str {
        match self.winner {
            Some(c) => c.fold("b", "w"),
            None => "draw",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Table {
    /// `positions[i]` is the position after `moves[..i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Moves taken back, the next one to redo last.
    redo: Vec<Move>,
    outcome: Option<Outcome>,
    pub sides: Sides,
}

impl Table {
    pub fn new(start: Position, sides: Sides) -> Table {
        let mut table = Table { positions: vec![start], moves: Vec::new(), redo: Vec::new(), outcome: None, sides };
        table.outcome = table.decide();
        table
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("the start position is always there")
    }

    /// The position after `ply` moves, clamped to the game's length.
    pub fn position_at(&self, ply: usize) -> &Position {
        &self.positions[ply.min(self.moves.len())]
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether a person moves now (and the game is on).
    pub fn persons_turn(&self) -> bool {
        self.outcome.is_none() && self.sides.person_plays(self.position().turn())
    }

    /// Whether the engine should move now.
    pub fn engines_turn(&self) -> bool {
        self.outcome.is_none() && !self.sides.person_plays(self.position().turn())
    }

    /// Plays a legal move; a new move forgets what could be redone, unless it is the move redo would play.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove { mv: m });
        }
        let mut next = self.position().clone();
        next.play(m)?;
        self.positions.push(next);
        self.moves.push(m);
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.outcome = self.decide();
        Ok(())
    }

    pub fn resign(&mut self, loser: Color) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome { winner: Some(!loser), reason: Reason::Resign });
        }
    }

    /// The ply undo goes back to: a person's previous turn (the last one before now).
    pub fn undo_target(&self) -> Option<usize> {
        (0..self.ply()).rev().find(|&p| self.sides.person_plays(self.positions[p].turn()))
    }

    /// Takes moves back to the person's previous turn; the game is on again.
    pub fn undo(&mut self) -> bool {
        let Some(target) = self.undo_target() else { return false };
        while self.ply() > target {
            self.positions.pop();
            self.redo.extend(self.moves.pop());
        }
        self.outcome = self.decide();
        true
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Replays taken-back moves up to the next person's turn.
    pub fn redo(&mut self) -> bool {
        let mut any = false;
        while let Some(&m) = self.redo.last() {
            if self.play(m).is_err() {
                self.redo.clear();
                break;
            }
            any = true;
            if self.persons_turn() || self.outcome.is_some() {
                break;
            }
        }
        any
    }

    /// The result the position itself decides: the side to move has no legal move.
    fn decide(&self) -> Option<Outcome> {
        let pos = self.position();
        if pos.has_legal_moves() {
            return None;
        }
        let reason = if pos.is_check() { Reason::Checkmate } else { Reason::NoMoves };
        Some(Outcome { winner: Some(!pos.turn()), reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};

    fn play(table: &mut Table, moves: &str) {
        for m in moves.split_whitespace() {
            table.play(usi::parse(m).unwrap()).unwrap();
        }
    }

    #[test]
    fn undo_goes_back_to_the_persons_turn() {
        let mut table = Table::new(Position::startpos(), Sides::Sente);
        play(&mut table, "7g7f 3c3d 2g2f");
        assert!(table.engines_turn());
        assert!(table.undo());
        assert_eq!(table.ply(), 2, "the engine had not answered: only the person's move goes");
        assert!(table.undo());
        assert_eq!(table.ply(), 0);
        assert!(!table.undo());
        assert!(table.redo());
        assert_eq!(table.ply(), 2, "redo replays the engine's answer too");
        play(&mut table, "6g6f");
        assert!(!table.can_redo(), "a new move forgets the taken-back line");
    }

    #[test]
    fn two_people_undo_one_move_and_gote_starts_after_the_engine() {
        let mut both = Table::new(Position::startpos(), Sides::Both);
        play(&mut both, "7g7f 3c3d");
        both.undo();
        assert_eq!(both.ply(), 1);
        let mut gote = Table::new(Position::startpos(), Sides::Gote);
        play(&mut gote, "7g7f");
        assert!(gote.persons_turn());
        assert!(!gote.undo(), "nothing of the person's to take back yet");
    }

    #[test]
    fn mate_and_resignation_end_the_game() {
        let mut table = Table::new(sfen::parse_position("7nk/9/8G/9/9/9/9/9/4K4 b G 1").unwrap(), Sides::Both);
        play(&mut table, "G*1b");
        assert_eq!(table.outcome(), Some(Outcome { winner: Some(Color::Sente), reason: Reason::Checkmate }));
        assert!(table.play(usi::parse("2a3c").unwrap()).is_err());
        table.undo();
        assert_eq!(table.outcome(), None);
        table.resign(Color::Sente);
        assert_eq!(table.outcome().map(|o| (o.result_name(), o.reason.name())), Some(("w", "resign")));
    }
}
