//! The game as the app plays it: the rules' [`Game`] (result, repetition,
//! impasse), every position of it for looking back, the moves taken back (for
//! redo), and who sits at each side.

use crate::notation::record::Comment;
use crate::rules::{
    impasse_points, Color, Game, ImpasseError, ImpassePoints, ImpasseRule, Move, Outcome, PlayError, Position, Reason,
};

use crate::ui::text::i18n::{side, Lang, T};

named_enum! {
    /// Which side(s) a person plays (SPEC §4 `side`); the engine plays the others.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub enum Sides {
        #[default]
        Sente = "b",
        Gote = "w",
        /// Two people at one device.
        Both = "both",
        /// The engine plays itself.
        None = "none",
    }
}

impl Sides {
    pub fn person_plays(self, color: Color) -> bool {
        match self {
            Sides::Sente => color == Color::Sente,
            Sides::Gote => color == Color::Gote,
            Sides::Both => true,
            Sides::None => false,
        }
    }

    pub fn label(self) -> T {
        match self {
            Sides::Sente => T::PlaySente,
            Sides::Gote => T::PlayGote,
            Sides::Both => T::TwoPeople,
            Sides::None => T::WatchEngine,
        }
    }
}

/// The words for how a game ended.
pub fn describe(reason: Reason) -> T {
    match reason {
        Reason::Checkmate => T::ByCheckmate,
        Reason::Resignation => T::ByResignation,
        Reason::Repetition => T::ByRepetition,
        Reason::PerpetualCheck => T::ByPerpetualCheck,
        Reason::Impasse => T::ByImpasse,
        Reason::NoLegalMoves => T::ByNoMoves,
        Reason::IllegalMove => T::ByIllegalMove,
    }
}

/// The result in a sentence: who won (told as "you" or "the engine" when one person plays) and why.
pub fn result_sentence(lang: Lang, outcome: Outcome, sides: Sides) -> String {
    let reason = describe(outcome.reason).get(lang);
    match outcome.winner {
        None => T::Draw.with(lang, &[reason]),
        Some(winner) => {
            let side = side(lang, winner);
            let sentence = match sides {
                Sides::Both | Sides::None => T::Wins,
                _ if sides.person_plays(winner) => T::YouWin,
                _ => T::EngineWins,
            };
            sentence.with(lang, &[reason, side])
        }
    }
}

/// SPEC §3 `data-result`: `b`, `w` or `draw`.
pub fn result_name(outcome: Outcome) -> &'static str {
    winner_name(outcome.winner)
}

/// The winner's name in a result: sente, gote, or nobody (a draw).
pub fn winner_name(winner: Option<Color>) -> &'static str {
    match winner {
        Some(c) => c.fold("b", "w"),
        None => "draw",
    }
}

#[derive(Clone, Debug)]
pub struct Table {
    /// The rules' game: moves, repetition, impasse and the result.
    game: Game,
    /// `positions[i]` is the position after `moves[..i]`, to look back at any ply.
    positions: Vec<Position>,
    /// Moves taken back, the next one to redo last.
    redo: Vec<Move>,
    pub sides: Sides,
    pub impasse_rule: ImpasseRule,
    /// A record's comments, each after the move it follows (kept while those moves stay).
    pub comments: Vec<Comment>,
}

impl Table {
    pub fn new(start: Position, sides: Sides, impasse_rule: ImpasseRule) -> Table {
        Table {
            positions: vec![start.clone()],
            game: Game::new(start),
            redo: Vec::new(),
            sides,
            impasse_rule,
            comments: Vec::new(),
        }
    }

    /// Sets up the game after `moves` from `start` and applies `end` when the moves alone
    /// do not end it (a resignation, a declared impasse). Moves must be legal; the first
    /// one that is not (or comes after the end) is refused with its 1-based number.
    pub fn replay(
        start: Position,
        moves: &[Move],
        sides: Sides,
        impasse_rule: ImpasseRule,
        end: Option<Outcome>,
    ) -> Result<Table, usize> {
        let mut table = Table::new(start, sides, impasse_rule);
        for (i, &m) in moves.iter().enumerate() {
            table.play(m).map_err(|_| i + 1)?;
        }
        if let (Some(end), None) = (end, table.outcome()) {
            match (end.reason, end.winner) {
                (Reason::Resignation, Some(winner)) => table.resign(!winner),
                (Reason::Impasse, _) => {
                    // The position decides the count again; a stored claim it refuses leaves the game on.
                    let _ = table.declare_impasse();
                }
                _ => {}
            }
        }
        Ok(table)
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The position after `ply` moves, clamped to the game's length.
    pub fn position_at(&self, ply: usize) -> &Position {
        &self.positions[ply.min(self.ply())]
    }

    pub fn start(&self) -> &Position {
        self.game.start()
    }

    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }

    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// Whether a person moves now (and the game is on).
    pub fn persons_turn(&self) -> bool {
        !self.game.is_over() && self.sides.person_plays(self.position().turn())
    }

    /// Whether the engine should move now.
    pub fn engines_turn(&self) -> bool {
        !self.game.is_over() && !self.sides.person_plays(self.position().turn())
    }

    /// Plays a legal move; a new move forgets what could be redone, unless it is the move redo would play.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.game.play(m)?;
        self.positions.push(self.game.position().clone());
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
            // Another move than the one taken back: the comments on the old line go with it.
            let ply = self.ply();
            self.comments.retain(|c| c.ply < ply);
        }
        Ok(())
    }

    /// The comments on the position after `ply` moves, in order.
    pub fn comments_at(&self, ply: usize) -> impl Iterator<Item = &str> {
        self.comments.iter().filter(move |c| c.ply == ply).map(|c| c.text.as_str())
    }

    pub fn resign(&mut self, loser: Color) {
        // Resigning a finished game changes nothing.
        let _ = self.game.resign(loser);
    }

    /// Whether the side to move may call (24-point rule) or declare (27-point rule) an impasse now.
    pub fn can_declare_impasse(&self) -> bool {
        self.game.can_declare_impasse(self.impasse_rule)
    }

    pub fn declare_impasse(&mut self) -> Result<Outcome, ImpasseError> {
        self.game.declare_impasse(self.impasse_rule)
    }

    /// Both sides' impasse points once both kings have entered the enemy camp.
    pub fn impasse_count(&self) -> Option<[ImpassePoints; 2]> {
        let points = Color::ALL.map(|c| impasse_points(self.position(), c));
        points.iter().all(|p| p.king_in_zone).then_some(points)
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
            self.redo.extend(self.game.undo());
        }
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
            if self.persons_turn() || self.game.is_over() {
                break;
            }
        }
        any
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
    fn comments_stay_with_their_moves() {
        let mut table = Table::new(Position::startpos(), Sides::Both, ImpasseRule::Declaration27);
        play(&mut table, "7g7f 3c3d 2g2f");
        let comment = |ply: usize, text: &str| Comment { ply, text: text.to_string() };
        table.comments = vec![comment(0, "start"), comment(2, "after 3c3d"), comment(3, "after 2g2f")];
        assert_eq!(table.comments_at(2).collect::<Vec<_>>(), ["after 3c3d"]);
        assert!(table.undo() && table.undo());
        play(&mut table, "3c3d");
        assert_eq!(table.comments.len(), 3, "the same move again keeps its comments");
        play(&mut table, "8h2b+");
        assert_eq!(
            table.comments,
            [comment(0, "start"), comment(2, "after 3c3d")],
            "another move drops the old line's"
        );
    }

    #[test]
    fn undo_goes_back_to_the_persons_turn() {
        let mut table = Table::new(Position::startpos(), Sides::Sente, ImpasseRule::Declaration27);
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
        let mut both = Table::new(Position::startpos(), Sides::Both, ImpasseRule::Declaration27);
        play(&mut both, "7g7f 3c3d");
        both.undo();
        assert_eq!(both.ply(), 1);
        let mut gote = Table::new(Position::startpos(), Sides::Gote, ImpasseRule::Declaration27);
        play(&mut gote, "7g7f");
        assert!(gote.persons_turn());
        assert!(!gote.undo(), "nothing of the person's to take back yet");
    }

    #[test]
    fn mate_and_resignation_end_the_game() {
        let start = sfen::parse_position("7nk/9/8G/9/9/9/9/9/4K4 b G 1").unwrap();
        let mut table = Table::new(start, Sides::Both, ImpasseRule::Declaration27);
        play(&mut table, "G*1b");
        assert_eq!(table.outcome(), Some(Outcome { winner: Some(Color::Sente), reason: Reason::Checkmate }));
        assert!(table.play(usi::parse("2a3c").unwrap()).is_err());
        table.undo();
        assert_eq!(table.outcome(), None);
        table.resign(Color::Sente);
        assert_eq!(table.outcome().map(|o| (result_name(o), o.reason.name())), Some(("w", "resign")));
    }

    #[test]
    fn impasse_count_and_declaration() {
        // Both kings have entered; sente (to move) has 10 pieces in the zone and exactly the 28 points it needs.
        let start = sfen::parse_position("K+B+R+P+P+P+P+P+P/+P+P7/9/9/9/9/9/9/8k b BR 1").unwrap();
        let table = Table::new(start.clone(), Sides::Both, ImpasseRule::Declaration27);
        let [sente, gote] = table.impasse_count().expect("both kings are in their zones");
        assert!(sente.king_in_zone && gote.king_in_zone);
        assert_eq!(sente.pieces_in_zone, 10);
        assert!(table.can_declare_impasse());
        let mut table = table;
        let outcome = table.declare_impasse().unwrap();
        assert_eq!((outcome.winner, outcome.reason), (Some(Color::Sente), Reason::Impasse));
        assert!(Table::new(Position::startpos(), Sides::Both, ImpasseRule::Points24).impasse_count().is_none());
    }
}
