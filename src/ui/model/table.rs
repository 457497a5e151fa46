//! The game as the app plays it: the rules' [`Game`] (result, repetition,
//! impasse), every position of it for looking back, who sits at each side, and the game's
//! record as a tree of lines ([`Record`]: the main line, its variations, comments and an
//! imported record's headers) with the line the game follows.
//!
//! The game's moves begin its line; the rest of the line is what redo replays. A move at
//! the live end carries the line on, follows another line that goes that way, or starts a
//! variation; on the main line such a new line becomes the main line, so that the main line
//! stays the game as it was played and the moves taken back stay as a variation. A move
//! made while looking back branches off there without promoting anything. A resignation or
//! declared impasse is recorded as the line's end, as a record says it.

use crate::notation::record::{MoveTime, Record, Termination};
use crate::rules::{
    impasse_points, Color, Game, ImpasseError, ImpassePoints, ImpasseRule, Move, Outcome, PlayError, Position, Reason,
};

use crate::ui::text::i18n::{marked_side, side, Lang, T};

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
        Reason::Timeout => T::ByTimeout,
    }
}

/// The result in a sentence: who won (told as "you" or "the engine" when one person plays) and why.
pub fn result_sentence(lang: Lang, outcome: Outcome, sides: Sides) -> String {
    let reason = describe(outcome.reason).get(lang);
    match outcome.winner {
        None => T::Draw.with(lang, &[reason]),
        Some(winner) => {
            // A Japanese result names the side with its mark, as records and the analysis do.
            let side = match lang {
                Lang::En => side(lang, winner).to_string(),
                Lang::Ja => marked_side(lang, winner),
            };
            let sentence = match sides {
                Sides::Both | Sides::None => T::Wins,
                _ if sides.person_plays(winner) => T::YouWin,
                _ => T::EngineWins,
            };
            sentence.with(lang, &[reason, &side])
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

/// How a record says the game ended, where it can: a record's end is the side to move's
/// (`turn`), so a resignation on the other side's turn, for one, has no words there.
pub fn termination_of(outcome: Outcome, turn: Color) -> Option<Termination> {
    let Outcome { winner, reason } = outcome;
    match reason {
        Reason::Checkmate => Some(Termination::Checkmate),
        Reason::Repetition => Some(Termination::Repetition),
        Reason::Resignation if winner == Some(!turn) => Some(Termination::Resign),
        Reason::Timeout if winner == Some(!turn) => Some(Termination::Timeout),
        Reason::PerpetualCheck if winner == Some(turn) => Some(Termination::OpponentIllegalMove),
        Reason::Impasse if winner == Some(turn) => Some(Termination::ImpasseDeclaration),
        Reason::Impasse => Some(Termination::Impasse),
        _ => None,
    }
}

/// The result a record's end gives where the moves alone do not decide it: the side to move
/// (`turn`) resigned, lost on time, or declared an impasse win. Its other ends follow from the moves, or
/// are no result of the rules (an interruption).
fn outcome_of(termination: Termination, turn: Color) -> Option<Outcome> {
    match termination {
        Termination::Resign => Some(Outcome { winner: Some(!turn), reason: Reason::Resignation }),
        Termination::Timeout => Some(Outcome { winner: Some(!turn), reason: Reason::Timeout }),
        Termination::ImpasseDeclaration => Some(Outcome { winner: Some(turn), reason: Reason::Impasse }),
        _ => None,
    }
}

#[derive(Clone, Debug)]
pub struct Table {
    /// The rules' game: moves, repetition, impasse and the result.
    game: Game,
    /// `positions[i]` is the position after `moves[..i]`, to look back at any ply.
    positions: Vec<Position>,
    /// Every line played, taken back or imported, with their comments; from the game's start.
    tree: Record,
    /// The line of `tree` the game follows: the game's moves begin it.
    path: Vec<usize>,
    pub sides: Sides,
    pub impasse_rule: ImpasseRule,
}

impl Table {
    pub fn new(start: Position, sides: Sides, impasse_rule: ImpasseRule) -> Table {
        Table::of_record(Record::new(start), sides, impasse_rule)
    }

    /// A record at the table, kept whole: the game follows its main line in full (as far as
    /// the rules allow: a record may go on after a repetition) and ends as the line says
    /// where the moves alone do not end it (a resignation, a declared impasse).
    pub fn of_record(tree: Record, sides: Sides, impasse_rule: ImpasseRule) -> Table {
        let start = tree.start.clone();
        let mut table = Table {
            positions: vec![start.clone()],
            game: Game::new(start),
            tree,
            path: Vec::new(),
            sides,
            impasse_rule,
        };
        table.play_line();
        table
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
        if let Some(end) = end.filter(|_| table.outcome().is_none()) {
            table.end_as(end);
            table.record_end();
        }
        Ok(table)
    }

    /// Puts `tree` around the game (a saved game's lines, an imported record's comments and
    /// headers), the game following its line at `path`. False, changing nothing, unless that
    /// line begins, at the game's start, with the game's moves.
    pub fn set_tree(&mut self, tree: Record, path: Vec<usize>) -> bool {
        let fits = tree.start == *self.start()
            && tree.line(&path).is_some_and(|line| line.moves.starts_with(self.game.moves()));
        if fits {
            self.tree = tree;
            self.path = path;
        }
        fits
    }

    /// The game's record: the main line, its variations and comments.
    pub fn tree(&self) -> &Record {
        &self.tree
    }

    /// The path of the line in [`Table::tree`] the game follows (empty: the main line).
    pub fn path(&self) -> &[usize] {
        &self.path
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

    /// Whether the engine has answered and the person playing it moves now: what the tab's
    /// title tells a player who looks at another tab meanwhile.
    pub fn engine_awaits_person(&self) -> bool {
        self.persons_turn() && !self.sides.person_plays(!self.position().turn())
    }

    /// Whether the engine should move now.
    pub fn engines_turn(&self) -> bool {
        !self.game.is_over() && !self.sides.person_plays(self.position().turn())
    }

    /// Plays a legal move at the live end: the same move as the line's next goes on along
    /// it (as redo does); another one branches off, and on the main line its line becomes
    /// the main line.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        self.advance(m)?;
        let path = self.tree.play_at(&self.path, self.ply(), m);
        self.take_step(path);
        Ok(())
    }

    /// Plays `m` while looking back at the position after `ply` moves: the followed line
    /// takes it as move `ply + 1` ([`Record::play_at`]: its own next move, another line that
    /// goes that way, or a new variation), and the game follows that line in full; the move
    /// is then shown at ply `ply + 1`. From the live end on, this is [`Table::play`].
    pub fn branch_at(&mut self, ply: usize, m: Move) -> Result<(), PlayError> {
        if ply >= self.ply() {
            return self.play(m);
        }
        // The game went on from there, so it was not over: the move need only be legal.
        self.positions[ply].clone().play(m).map_err(PlayError::Illegal)?;
        self.path = self.tree.play_at(&self.path, ply + 1, m).expect("the game's line has its positions");
        self.play_line();
        Ok(())
    }

    /// The game follows the line at `path` in full, as [`Table::of_record`] follows the main
    /// line; false, changing nothing, when `path` names no line.
    pub fn follow(&mut self, path: &[usize]) -> bool {
        if self.tree.line(path).is_none() {
            return false;
        }
        self.path = path.to_vec();
        self.play_line();
        true
    }

    /// Makes the followed line the main line (see [`Record::promote`]); the game stays as it
    /// is. False when it is the main line already.
    pub fn promote(&mut self) -> bool {
        let promoted = self.tree.promote(&self.path);
        if promoted {
            self.path.clear();
        }
        promoted
    }

    /// Removes the variation at `path` with its own variations; a game that followed it (or
    /// a line under it) then follows its parent line in full. Returns the ply before the
    /// variation's first move, where it branched off (the ply to show when the game
    /// followed it); None, changing nothing, when `path` names no variation.
    pub fn remove_variation(&mut self, path: &[usize]) -> Option<usize> {
        let removed = self.tree.remove_variation(path)?;
        let (&index, parent) = path.split_last()?;
        if self.path.starts_with(path) {
            self.path = parent.to_vec();
            self.play_line();
        } else if self.path.starts_with(parent) {
            // A later sibling (or a line under it) moves up into the removed one's place.
            if let Some(later) = self.path.get_mut(parent.len()).filter(|i| **i > index) {
                *later -= 1;
            }
        }
        Some(removed.ply - 1)
    }

    /// The comments on the position after `ply` moves of the followed line, in order.
    pub fn comments_at(&self, ply: usize) -> impl Iterator<Item = &str> {
        self.tree.line_comments_at(&self.path, ply)
    }

    /// Notes the time move `ply` of the game (or its end, counted as step `ply() + 1`) took,
    /// as the clock measured it, on the line the game follows, so that the record's writers
    /// and the saved game carry it; false when the game has no such step.
    pub fn set_move_time(&mut self, ply: usize, ms: u64) -> bool {
        (1..=self.ply() + 1).contains(&ply) && self.tree.set_time(&self.path, ply, ms).is_some()
    }

    /// The times of the followed line's moves (and end) where the record has them, in ply order.
    pub fn move_times(&self) -> Vec<MoveTime> {
        self.tree.line(&self.path).map(|line| line.times).unwrap_or_default()
    }

    pub fn resign(&mut self, loser: Color) {
        // Resigning a finished game changes nothing.
        if self.game.resign(loser).is_ok() {
            self.record_end();
        }
    }

    /// `loser`'s time ran out: the game ends, unless it is over already.
    pub fn time_out(&mut self, loser: Color) {
        if self.game.time_out(loser).is_ok() {
            self.record_end();
        }
    }

    /// Whether the side to move may call (24-point rule) or declare (27-point rule) an impasse now.
    pub fn can_declare_impasse(&self) -> bool {
        self.game.can_declare_impasse(self.impasse_rule)
    }

    pub fn declare_impasse(&mut self) -> Result<Outcome, ImpasseError> {
        let outcome = self.game.declare_impasse(self.impasse_rule)?;
        self.record_end();
        Ok(outcome)
    }

    /// Both sides' impasse points once both kings have entered the enemy camp.
    pub fn impasse_count(&self) -> Option<[ImpassePoints; 2]> {
        let points = Color::ALL.map(|c| impasse_points(self.position(), c));
        points.iter().all(|p| p.king_in_zone).then_some(points)
    }

    /// The ply undo goes back to: a person's previous turn (the last one before now). None
    /// after a loss on time, as on lishogi: the flag is final (the side has no time left to
    /// play on with).
    pub fn undo_target(&self) -> Option<usize> {
        if self.outcome().is_some_and(|o| o.reason == Reason::Timeout) {
            return None;
        }
        (0..self.ply()).rev().find(|&p| self.sides.person_plays(self.positions[p].turn()))
    }

    /// Takes moves back to the person's previous turn; the game is on again, and its line
    /// keeps the moves for redo.
    pub fn undo(&mut self) -> bool {
        let Some(target) = self.undo_target() else { return false };
        while self.ply() > target {
            self.positions.pop();
            self.game.undo();
        }
        true
    }

    pub fn can_redo(&self) -> bool {
        !self.game.is_over() && !self.taken_back().is_empty()
    }

    /// Replays the line's moves after the game's up to the next person's turn.
    pub fn redo(&mut self) -> bool {
        let mut any = false;
        for m in self.taken_back() {
            if self.advance(m).is_err() {
                break;
            }
            any = true;
            if self.persons_turn() || self.game.is_over() {
                break;
            }
        }
        any
    }

    /// The followed line's moves after the game's.
    fn taken_back(&self) -> Vec<Move> {
        let line = self.tree.line(&self.path).unwrap_or_default();
        line.moves.get(self.ply()..).unwrap_or_default().to_vec()
    }

    /// Plays `m` in the game only, the tree unchanged.
    fn advance(&mut self, m: Move) -> Result<(), PlayError> {
        self.game.play(m)?;
        self.positions.push(self.game.position().clone());
        Ok(())
    }

    /// Follows the line the game's last step took in the tree (see [`Record::play_at`]); on
    /// the main line a step off it makes its line the main line, so the main line stays the
    /// game as played.
    fn take_step(&mut self, path: Option<Vec<usize>>) {
        let path = path.expect("the game's moves begin its line");
        if self.path.is_empty() && !path.is_empty() {
            self.tree.promote(&path);
        } else {
            self.path = path;
        }
    }

    /// Records how the game ended as the followed line's end after the game's moves, where a
    /// record can say it (see [`termination_of`]), as a move is recorded.
    fn record_end(&mut self) {
        let Some(termination) = self.outcome().and_then(|o| termination_of(o, self.position().turn())) else {
            return;
        };
        let path = self.tree.end_at(&self.path, self.ply() + 1, termination);
        self.take_step(path);
    }

    /// Sets the game to the followed line in full: its moves as far as the rules allow, then
    /// the result its end gives where the moves alone do not (see [`outcome_of`]). The tree
    /// is not changed: the line says how it ends already.
    fn play_line(&mut self) {
        let line = self.tree.line(&self.path).unwrap_or_default();
        self.game = Game::new(self.tree.start.clone());
        self.positions.truncate(1);
        let played = line.moves.iter().take_while(|&&m| self.advance(m).is_ok()).count();
        let end = line.termination.filter(|_| played == line.moves.len());
        if let Some(end) = end.and_then(|t| outcome_of(t, self.position().turn())) {
            self.end_as(end);
        }
    }

    /// Ends the game as `end` says when the moves alone have not ended it: a resignation, or
    /// a declared impasse (the position decides the count again; a claim it refuses leaves
    /// the game on).
    fn end_as(&mut self, end: Outcome) {
        match (end.reason, end.winner) {
            (Reason::Resignation, Some(winner)) => {
                let _ = self.game.resign(!winner);
            }
            (Reason::Timeout, Some(winner)) => {
                let _ = self.game.time_out(!winner);
            }
            (Reason::Impasse, _) => {
                let _ = self.game.declare_impasse(self.impasse_rule);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::record::Comment;
    use crate::notation::{sfen, usi};

    fn play(table: &mut Table, moves: &str) {
        for m in moves.split_whitespace() {
            table.play(usi::parse(m).unwrap()).unwrap();
        }
    }

    fn mv(text: &str) -> Move {
        usi::parse(text).unwrap()
    }

    fn usi(moves: &[Move]) -> String {
        moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
    }

    fn comment(ply: usize, text: &str) -> Comment {
        Comment { ply, text: text.to_string() }
    }

    /// Two people at a table that has played `moves`.
    fn both(moves: &str) -> Table {
        let mut table = Table::new(Position::startpos(), Sides::Both, ImpasseRule::Declaration27);
        play(&mut table, moves);
        table
    }

    #[test]
    fn comments_stay_with_their_moves() {
        let mut record = Record::new(Position::startpos());
        record.moves = "7g7f 3c3d 2g2f".split_whitespace().map(mv).collect();
        record.comments = vec![comment(0, "start"), comment(2, "after 3c3d"), comment(3, "after 2g2f")];
        let mut table = Table::of_record(record, Sides::Both, ImpasseRule::Declaration27);
        assert_eq!(table.comments_at(2).collect::<Vec<_>>(), ["after 3c3d"]);
        assert!(table.undo() && table.undo());
        play(&mut table, "3c3d");
        assert_eq!(table.comments_at(3).collect::<Vec<_>>(), ["after 2g2f"], "the same move again keeps the line");
        play(&mut table, "8h2b+");
        assert_eq!(table.comments_at(3).count(), 0, "another move is another line");
        assert_eq!(table.tree().comments, [comment(0, "start"), comment(2, "after 3c3d")]);
        // The line taken back stays, with its comment, as a variation of the game played.
        assert_eq!(table.path(), []);
        assert_eq!(usi(&table.tree().moves), "7g7f 3c3d 8h2b+");
        let taken_back = &table.tree().variations[0];
        assert_eq!((taken_back.ply, usi(&taken_back.moves)), (3, "2g2f".to_string()));
        assert_eq!(taken_back.comments, [comment(3, "after 2g2f")]);
    }

    #[test]
    fn redo_follows_the_line_and_a_move_in_a_variation_branches_off_it() {
        let mut table = both("7g7f 3c3d 2g2f");
        assert!(!table.can_redo());
        assert!(table.undo() && table.undo());
        assert!(table.can_redo());
        assert!(table.redo() && table.redo());
        assert_eq!((table.ply(), table.can_redo()), (3, false));
        // Into a variation, then another move there after an undo: no promotion.
        table.branch_at(1, mv("8c8d")).unwrap();
        play(&mut table, "2g2f");
        assert_eq!((table.path(), usi(table.moves()).as_str()), (&[0][..], "7g7f 8c8d 2g2f"));
        table.undo();
        play(&mut table, "6g6f");
        assert_eq!(table.path(), [0, 0]);
        assert_eq!(usi(&table.tree().moves), "7g7f 3c3d 2g2f", "the main line stays");
        assert_eq!(usi(&table.tree().line(&[0]).unwrap().moves), "7g7f 8c8d 2g2f");
        assert_eq!(usi(&table.tree().line(&[0, 0]).unwrap().moves), "7g7f 8c8d 6g6f");
    }

    #[test]
    fn a_move_made_looking_back_branches_off_there() {
        let mut table = both("7g7f 3c3d 2g2f 8c8d");
        table.branch_at(1, mv("4c4d")).unwrap();
        assert_eq!((table.path(), usi(table.moves()).as_str()), (&[0][..], "7g7f 4c4d"));
        play(&mut table, "2g2f");
        table.branch_at(1, mv("3c3d")).unwrap();
        assert_eq!((table.path(), table.ply()), (&[][..], 4), "the main line's own move follows it in full");
        table.branch_at(1, mv("4c4d")).unwrap();
        assert_eq!((table.path(), usi(table.moves()).as_str()), (&[0][..], "7g7f 4c4d 2g2f"), "and the variation's");
        let before = table.tree().clone();
        assert!(matches!(table.branch_at(0, mv("3c3d")), Err(PlayError::Illegal(_))));
        assert_eq!((table.tree(), table.path()), (&before, &[0][..]), "an illegal move changes nothing");
        table.branch_at(3, mv("8c8d")).unwrap();
        assert_eq!((table.path(), table.ply()), (&[0][..], 4), "at the live end it is a move played");
        assert_eq!(usi(&table.tree().variations[0].moves), "4c4d 2g2f 8c8d");
    }

    #[test]
    fn lines_are_followed_promoted_and_removed() {
        let mut table = both("7g7f 3c3d 2g2f 8c8d");
        table.branch_at(1, mv("4c4d")).unwrap();
        play(&mut table, "2h4h");
        assert!(table.follow(&[]));
        assert_eq!(table.ply(), 4);
        table.branch_at(2, mv("6g6f")).unwrap();
        assert_eq!(table.path(), [1], "after the one that branches off earlier");
        assert!(table.follow(&[0]));
        assert_eq!((table.ply(), usi(table.moves()).as_str()), (3, "7g7f 4c4d 2h4h"));
        assert!(!table.follow(&[0, 0]));
        assert_eq!(table.path(), [0]);
        // Removing a sibling before it moves the followed line up; removing it goes to its parent.
        assert!(table.follow(&[1]));
        assert_eq!(table.remove_variation(&[0]), Some(1));
        assert_eq!((table.path(), usi(table.moves()).as_str()), (&[0][..], "7g7f 3c3d 6g6f"), "the game stays");
        assert_eq!(table.remove_variation(&[5]), None);
        play(&mut table, "8c8d");
        table.branch_at(3, mv("3a3b")).unwrap();
        assert_eq!(table.path(), [0, 0]);
        assert_eq!(table.remove_variation(&[0]), Some(2));
        assert_eq!((table.path(), table.ply()), (&[][..], 4), "the main line in full");
        assert!(table.tree().variations.is_empty());
        // Promoting the followed line keeps the game.
        table.branch_at(2, mv("6g6f")).unwrap();
        let moves = table.moves().to_vec();
        assert!(table.promote());
        assert_eq!((table.path(), table.moves()), (&[][..], moves.as_slice()));
        assert_eq!(table.tree().moves, moves);
        assert_eq!(usi(&table.tree().variations[0].moves), "2g2f 8c8d");
        assert!(!table.promote(), "the main line already");
    }

    #[test]
    fn a_resignation_is_the_lines_end_and_ends_the_game_it_is_followed_to() {
        let mut table = both("7g7f 3c3d");
        table.resign(Color::Sente);
        assert_eq!(table.tree().termination, Some(Termination::Resign));
        assert!(table.undo());
        assert_eq!((table.outcome(), table.tree().termination), (None, Some(Termination::Resign)));
        play(&mut table, "8c8d");
        assert_eq!(usi(&table.tree().moves), "7g7f 8c8d", "the game played is the main line");
        assert_eq!(table.tree().termination, None);
        let resigned = table.tree().line(&[0]).unwrap();
        assert_eq!((usi(&resigned.moves).as_str(), resigned.termination), ("7g7f 3c3d", Some(Termination::Resign)));
        assert!(table.follow(&[0]));
        assert_eq!(table.outcome(), Some(Outcome { winner: Some(Color::Gote), reason: Reason::Resignation }));
        // Off turn a record cannot say it: nothing is recorded.
        let mut off_turn = Table::new(Position::startpos(), Sides::Sente, ImpasseRule::Declaration27);
        play(&mut off_turn, "7g7f");
        off_turn.resign(Color::Sente);
        assert!(off_turn.outcome().is_some());
        assert_eq!(off_turn.tree().termination, None);
    }

    #[test]
    fn a_tree_is_put_around_a_game_only_if_its_line_begins_with_the_moves() {
        let mut table = both("7g7f 3c3d");
        table.undo();
        let mut other = both("7g7f 3c3d 2g2f");
        other.branch_at(1, mv("8c8d")).unwrap();
        let tree = other.tree().clone();
        assert!(!table.set_tree(tree.clone(), vec![1]));
        let kings = sfen::parse_position("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
        assert!(!table.set_tree(Record::new(kings), vec![]), "another start");
        assert!(table.set_tree(tree.clone(), vec![0]));
        assert_eq!((table.tree(), table.path(), table.ply()), (&tree, &[0][..], 1));
        assert!(table.redo());
        assert_eq!(usi(table.moves()), "7g7f 8c8d");
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
        assert!(!table.can_redo(), "a new move is a new line, which ends there");
    }

    #[test]
    fn only_a_game_against_the_engine_awaits_the_person() {
        let mut table = Table::new(Position::startpos(), Sides::Sente, ImpasseRule::Declaration27);
        assert!(table.engine_awaits_person());
        play(&mut table, "7g7f");
        assert!(!table.engine_awaits_person(), "the engine's turn");
        play(&mut table, "3c3d");
        assert!(table.engine_awaits_person());
        let mut both = Table::new(Position::startpos(), Sides::Both, ImpasseRule::Declaration27);
        assert!(!both.engine_awaits_person(), "two people: no engine to wait for");
        play(&mut both, "7g7f");
        assert!(!both.engine_awaits_person());
        assert!(!Table::new(Position::startpos(), Sides::None, ImpasseRule::Declaration27).engine_awaits_person());
        table.resign(Color::Sente);
        assert!(!table.engine_awaits_person(), "the game is over");
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
    fn a_loss_on_time_cannot_be_taken_back_but_a_resignation_can() {
        let mut table = Table::new(Position::startpos(), Sides::Sente, ImpasseRule::Declaration27);
        play(&mut table, "7g7f 3c3d");
        table.resign(Color::Sente);
        assert_eq!(table.undo_target(), Some(0), "the person's last move goes with the resignation");
        let mut flagged = Table::new(Position::startpos(), Sides::Sente, ImpasseRule::Declaration27);
        play(&mut flagged, "7g7f 3c3d");
        flagged.time_out(Color::Sente);
        assert_eq!(flagged.undo_target(), None);
        assert!(!flagged.undo());
        assert_eq!(flagged.ply(), 2);
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

    #[test]
    fn the_clock_sets_a_moves_time_on_the_followed_line() {
        let mut table = Table::new(Position::startpos(), Sides::Both, ImpasseRule::Declaration27);
        for m in ["7g7f", "3c3d"] {
            table.play(usi::parse(m).unwrap()).unwrap();
        }
        assert!(table.set_move_time(2, 4_500));
        assert!(!table.set_move_time(3, 100), "no such move yet");
        assert!(!table.set_move_time(0, 100));
        assert_eq!(table.move_times(), [MoveTime { ply: 2, ms: 4_500 }]);
        assert!(crate::ui::model::transfer::export(&table, crate::notation::format::Format::Kif)
            .contains("   2 ３四歩(33)   ( 0:04/00:00:04)\n"));
    }

    #[test]
    fn a_resignation_keeps_its_time_and_a_move_played_instead_does_not_inherit_it() {
        use crate::notation::format::Format;
        use crate::ui::model::transfer::export;
        let mut table = Table::new(Position::startpos(), Sides::Both, ImpasseRule::Declaration27);
        table.play(usi::parse("7g7f").unwrap()).unwrap();
        assert!(table.set_move_time(1, 2_000));
        assert!(!table.set_move_time(2, 100), "no end yet");
        table.resign(Color::Gote);
        assert!(table.set_move_time(2, 7_000), "the end is a step");
        assert_eq!(table.move_times(), [MoveTime { ply: 1, ms: 2_000 }, MoveTime { ply: 2, ms: 7_000 }]);
        assert!(
            export(&table, Format::Kif).contains("   2 投了         ( 0:07/00:00:07)\n"),
            "{}",
            export(&table, Format::Kif)
        );
        assert!(export(&table, Format::Csa).contains("%TORYO\nT7\n"), "{}", export(&table, Format::Csa));
        // The resignation taken back (with the move before it) and the game played on along
        // its line: the move played where the end was has no time yet.
        assert!(table.undo());
        for m in ["7g7f", "3c3d"] {
            table.play(usi::parse(m).unwrap()).unwrap();
        }
        assert_eq!(table.move_times(), [MoveTime { ply: 1, ms: 2_000 }]);
    }
}
