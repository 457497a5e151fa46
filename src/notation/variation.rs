//! Variations: the other lines of play a game record keeps beside its main line, as a tree,
//! the way KIF editors (Kifu for Windows, ShogiHome) keep them.
//!
//! A variation is the alternative to one step of its parent line (a move, or the end of the
//! game where that line ends) and carries on from there with its own moves, end, comments
//! and variations. A line is named by its path: the indices of the variations to follow from
//! the main line down; the main line's path is empty.
//!
//! Plies count from the start of the game on every line: a variation's `ply` is the number of
//! its first move (as KIF's `変化：N手` says it), a comment's the number of moves before it.
//! The operations here and the readers keep the tree to these rules:
//! - a variation branches at a step of its parent: any of the main line's, or any of a
//!   variation's but its first (an alternative to that one is the variation's sibling);
//! - a line's variations are in ply order, siblings at one ply in the order they came;
//! - a variation has a move or an end; its comments follow its own moves, in ply order.
//!
//! Outside a record file (the app's share links and saved games) a path is written with
//! its indices joined by dots, `0.1` ([`write_path`], [`parse_path`]).

use std::mem;

use super::record::{Comment, MoveTime, Record, Termination, Variation};
use super::usi::{self, MoveListError};
use crate::rules::Move;

/// Why a listed variation (a share link's, a saved game's) cannot join its tree.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum VariationRefused {
    /// Its path is not its parent's next variation, or it cannot branch off its parent at
    /// its ply (see [`Record::add_variation`]).
    Misplaced,
    /// A move that is not legal where it comes; its index counts the game's moves, from 0.
    BadMove(MoveListError),
}

/// One line of a record's tree, borrowed: the main line or a variation, with its path.
#[derive(Clone, PartialEq, Debug)]
pub struct Branch<'a> {
    /// The indices of the variations that lead to it from the main line; empty for the main line.
    pub path: Vec<usize>,
    /// The number of its first move: 1 for the main line.
    pub ply: usize,
    pub moves: &'a [Move],
    pub termination: Option<Termination>,
    pub comments: &'a [Comment],
    pub times: &'a [MoveTime],
    pub variations: &'a [Variation],
}

/// A line played out from the start of the game.
#[derive(Clone, Default, PartialEq, Debug)]
pub struct Line {
    pub moves: Vec<Move>,
    pub termination: Option<Termination>,
    /// In ply order: those of the lines it branches off, up to where it does, then its own.
    pub comments: Vec<Comment>,
    /// Its moves' and end's times where the record has them, gathered as the comments are.
    pub times: Vec<MoveTime>,
}

/// What a line does at a ply: play a move or end the game.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Step {
    Move(Move),
    End(Termination),
}

impl Step {
    /// A new variation at `ply` that takes this step.
    fn variation(self, ply: usize) -> Variation {
        let (moves, termination) = match self {
            Step::Move(m) => (vec![m], None),
            Step::End(termination) => (Vec::new(), Some(termination)),
        };
        Variation { ply, moves, termination, comments: Vec::new(), times: Vec::new(), variations: Vec::new() }
    }

    /// Takes this step after the last of `line`.
    fn carry_on(self, line: &mut Variation) {
        match self {
            Step::Move(m) => line.moves.push(m),
            Step::End(termination) => line.termination = Some(termination),
        }
    }
}

/// A path as the app writes it: its indices joined by dots (`0.1`), empty for the main line.
pub fn write_path(path: &[usize]) -> String {
    path.iter().map(usize::to_string).collect::<Vec<_>>().join(".")
}

/// Reads a path [`write_path`] wrote; None when `text` is not one.
pub fn parse_path(text: &str) -> Option<Vec<usize>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    // Digits only: `+1` would parse too, and a path has one spelling.
    text.split('.').map(|index| index.parse().ok().filter(|_| index.bytes().all(|b| b.is_ascii_digit()))).collect()
}

impl<'a> Branch<'a> {
    fn child(&self, index: usize, variation: &'a Variation) -> Branch<'a> {
        Branch {
            path: [self.path.as_slice(), &[index]].concat(),
            ply: variation.ply,
            moves: &variation.moves,
            termination: variation.termination,
            comments: &variation.comments,
            times: &variation.times,
            variations: &variation.variations,
        }
    }

    /// Its variations, each with its path.
    pub fn children(&self) -> impl DoubleEndedIterator<Item = Branch<'a>> + '_ {
        self.variations.iter().enumerate().map(|(index, variation)| self.child(index, variation))
    }

    /// The texts of its comments after `ply` moves, in order.
    pub fn comments_at(&self, ply: usize) -> impl Iterator<Item = &'a str> {
        let comments: &'a [Comment] = self.comments;
        comments.iter().filter(move |c| c.ply == ply).map(|c| c.text.as_str())
    }

    /// The number of moves that lead to its last position, from the start of the game.
    fn last_position(&self) -> usize {
        (self.ply + self.moves.len()).saturating_sub(1)
    }

    /// What it does at `ply`: its move there, or its end right after its last move.
    fn step(&self, ply: usize) -> Option<Step> {
        let index = ply.checked_sub(self.ply)?;
        match self.moves.get(index) {
            Some(&m) => Some(Step::Move(m)),
            None if index == self.moves.len() => self.termination.map(Step::End),
            None => None,
        }
    }
}

impl Record {
    /// The main line as a branch.
    pub fn main_branch(&self) -> Branch<'_> {
        Branch {
            path: Vec::new(),
            ply: 1,
            moves: &self.moves,
            termination: self.termination,
            comments: &self.comments,
            times: &self.times,
            variations: &self.variations,
        }
    }

    /// Every line of the tree, depth first: the main line, then each of its variations in
    /// ply order, each followed by its own. A branch's depth in the tree is its path's length.
    pub fn branches(&self) -> Vec<Branch<'_>> {
        let mut branches = Vec::new();
        let mut pending = vec![self.main_branch()];
        while let Some(branch) = pending.pop() {
            pending.extend(branch.children().rev());
            branches.push(branch);
        }
        branches
    }

    /// The line at `path` played out from the start of the game; None when `path` names no line.
    pub fn line(&self, path: &[usize]) -> Option<Line> {
        let mut line = Line::default();
        for branch in self.branches_along(path)? {
            line.moves.truncate(branch.ply.saturating_sub(1));
            line.moves.extend_from_slice(branch.moves);
            line.comments.retain(|c| c.ply < branch.ply);
            line.comments.extend_from_slice(branch.comments);
            line.times.retain(|t| t.ply < branch.ply);
            line.times.extend_from_slice(branch.times);
            line.termination = branch.termination;
        }
        Some(line)
    }

    /// Plays `m` as move `ply` of the line at `path`, as a KIF editor does when a move is
    /// made after `ply - 1` moves of that line: it follows the line when the line goes on with
    /// `m`, carries the line on when it ends there without saying how, follows another line
    /// that branches off there with `m`, or else starts a variation with it. Returns the
    /// path of the line it follows; None when the line at `path` has no position `ply - 1`.
    pub fn play_at(&mut self, path: &[usize], ply: usize, m: Move) -> Option<Vec<usize>> {
        self.step_at(path, ply, Step::Move(m))
    }

    /// Ends the line at `path` with `termination` after `ply - 1` moves, as [`Record::play_at`]
    /// plays a move there: an end other than the line's own there starts a variation.
    pub fn end_at(&mut self, path: &[usize], ply: usize, termination: Termination) -> Option<Vec<usize>> {
        self.step_at(path, ply, Step::End(termination))
    }

    /// Adds a comment after `ply` moves of the line at `path`, after those already there; it
    /// goes to the line on that path that plays move `ply` (to the main line before the
    /// first). Returns the path of that line; None when the line at `path` has no position `ply`.
    pub fn add_comment(&mut self, path: &[usize], ply: usize, text: String) -> Option<Vec<usize>> {
        let along = self.branches_along(path)?;
        if ply > along.last()?.last_position() {
            return None;
        }
        let holder = comment_holder(&along, ply).path.clone();
        self.edit_line(&holder, |line| {
            let at = line.comments.partition_point(|c| c.ply <= ply);
            line.comments.insert(at, Comment { ply, text });
        })?;
        Some(holder)
    }

    /// Sets the time move (or end) `ply` of the line at `path` took, on the line along that
    /// path that takes that step, and returns that line's path; None, changing nothing, when
    /// the line has no step `ply`. No time and a time of 0 are the same (a record without a
    /// clock writes its times as 0), so 0 is kept as none.
    pub fn set_time(&mut self, path: &[usize], ply: usize, ms: u64) -> Option<Vec<usize>> {
        let along = self.branches_along(path)?;
        let holder = comment_holder(&along, ply);
        holder.step(ply)?;
        let holder = holder.path.clone();
        self.edit_line(&holder, |line| {
            let at = line.times.partition_point(|t| t.ply < ply);
            if line.times.get(at).is_some_and(|t| t.ply == ply) {
                line.times.remove(at);
            }
            if ms > 0 {
                line.times.insert(at, MoveTime { ply, ms });
            }
        })?;
        Some(holder)
    }

    /// The texts of the comments after `ply` moves of the line at `path`, in order: those its
    /// [`Line`] has there, without playing it out.
    pub fn line_comments_at(&self, path: &[usize], ply: usize) -> impl Iterator<Item = &str> {
        let comments = self.branches_along(path).map_or(&[][..], |along| comment_holder(&along, ply).comments);
        comments.iter().filter(move |c| c.ply == ply).map(|c| c.text.as_str())
    }

    /// Adds `variation` as the variation at `path`, as a reader of a tree listed depth first
    /// (each line after the one it branches off) does: it must be its parent's next variation
    /// (`path`'s last index is how many the parent has), branch at a step of the parent (any
    /// of the main line's, any of a variation's but its first) no earlier than the parent's
    /// last variation, and take a step itself. False, changing nothing, when it does not fit.
    pub fn add_variation(&mut self, path: &[usize], variation: Variation) -> bool {
        let Some((&index, parent)) = path.split_last() else { return false };
        let Some(along) = self.branches_along(parent) else { return false };
        let line = &along[along.len() - 1];
        let first = if parent.is_empty() { 1 } else { line.ply + 1 };
        let fits = index == line.variations.len()
            && variation.ply >= first
            && line.step(variation.ply).is_some()
            && line.variations.last().is_none_or(|last| last.ply <= variation.ply)
            && (!variation.moves.is_empty() || variation.termination.is_some());
        fits && self.edit_line(parent, |line| line.variations.push(variation)).is_some()
    }

    /// Adds the variation at `path` whose first move is move `ply` of the game, with the USI
    /// `moves` (as [`usi::parse_move_list`] reads them) and `termination`, as share links and
    /// saved games list a tree: the lines listed before it (depth first) are in it already.
    pub fn add_listed_variation(
        &mut self,
        path: &[usize],
        ply: usize,
        moves: &str,
        termination: Option<Termination>,
    ) -> Result<(), VariationRefused> {
        let (_, parent) = path.split_last().ok_or(VariationRefused::Misplaced)?;
        let parent = self.line(parent).ok_or(VariationRefused::Misplaced)?;
        let before =
            ply.checked_sub(1).and_then(|before| parent.moves.get(..before)).ok_or(VariationRefused::Misplaced)?;
        let mut position = self.start.clone();
        for &m in before {
            position.play_unchecked(m);
        }
        let moves = usi::parse_move_list(&position, moves)
            .map_err(|bad| VariationRefused::BadMove(MoveListError { index: before.len() + bad.index, ..bad }))?;
        let variation =
            Variation { ply, moves, termination, comments: Vec::new(), times: Vec::new(), variations: Vec::new() };
        if self.add_variation(path, variation) {
            Ok(())
        } else {
            Err(VariationRefused::Misplaced)
        }
    }

    /// Makes the line at `path` the main line, as KIF editors do: at each level up, the
    /// variation takes its parent's place from where it branches, and the parent's own
    /// continuation from there (its moves, end, comments and later variations) becomes a
    /// variation in the place the promoted one had. False when `path` names no variation.
    pub fn promote(&mut self, path: &[usize]) -> bool {
        if path.is_empty() || self.branches_along(path).is_none() {
            return false;
        }
        for depth in (0..path.len()).rev() {
            self.edit_line(&path[..depth], |parent| swap_into(parent, path[depth]));
        }
        true
    }

    /// Removes the variation at `path`, with its own variations, and returns it; None when
    /// `path` names no variation.
    pub fn remove_variation(&mut self, path: &[usize]) -> Option<Variation> {
        let (&index, parent) = path.split_last()?;
        self.edit_line(parent, |line| (index < line.variations.len()).then(|| line.variations.remove(index))).flatten()
    }

    /// The lines along `path`, from the main line to the one it names; None when it names none.
    fn branches_along(&self, path: &[usize]) -> Option<Vec<Branch<'_>>> {
        let mut along = vec![self.main_branch()];
        for &index in path {
            let line = along.last()?;
            let child = line.child(index, line.variations.get(index)?);
            along.push(child);
        }
        Some(along)
    }

    fn step_at(&mut self, path: &[usize], ply: usize, step: Step) -> Option<Vec<usize>> {
        let along = self.branches_along(path)?;
        // The line on the path that takes its step at `ply`.
        let taker = along.iter().rposition(|branch| branch.ply <= ply)?;
        let deepest = along.len() - 1;
        match along[taker].step(ply) {
            Some(taken) if taken == step => return Some(path.to_vec()),
            Some(_) => {}
            None if taker == deepest && ply == along[deepest].last_position() + 1 => {
                self.edit_line(path, |line| step.carry_on(line))?;
                return Some(path.to_vec());
            }
            None => return None,
        }
        // An alternative to a variation's first step is the variation's sibling.
        let parent = &along[if taker > 0 && along[taker].ply == ply { taker - 1 } else { taker }];
        if parent.step(ply) == Some(step) {
            return Some(parent.path.clone());
        }
        if let Some(sibling) = parent.children().find(|child| child.ply == ply && child.step(ply) == Some(step)) {
            return Some(sibling.path);
        }
        let index = parent.variations.partition_point(|v| v.ply <= ply);
        let parent = parent.path.clone();
        self.edit_line(&parent, |line| line.variations.insert(index, step.variation(ply)))?;
        Some([parent, vec![index]].concat())
    }

    /// Runs `edit` on the line at `path`, the main line held as a variation from move 1 for
    /// the while, so that the same code edits every line; None when `path` names no line.
    fn edit_line<T>(&mut self, path: &[usize], edit: impl FnOnce(&mut Variation) -> T) -> Option<T> {
        let mut main = Variation {
            ply: 1,
            moves: mem::take(&mut self.moves),
            termination: self.termination.take(),
            comments: mem::take(&mut self.comments),
            times: mem::take(&mut self.times),
            variations: mem::take(&mut self.variations),
        };
        let result = path.iter().try_fold(&mut main, |line, &index| line.variations.get_mut(index)).map(edit);
        self.moves = main.moves;
        self.termination = main.termination;
        self.comments = main.comments;
        self.times = main.times;
        self.variations = main.variations;
        result
    }
}

/// The line along a path whose comments after `ply` moves are that path's there: the last one
/// that has begun by then (the main line before the first move).
fn comment_holder<'b, 'a>(along: &'b [Branch<'a>], ply: usize) -> &'b Branch<'a> {
    along.iter().rfind(|branch| branch.ply <= ply).unwrap_or(&along[0])
}

/// Puts the variation at `index` of `line` in the place of the line's own steps from where
/// it branches; those, with their comments and variations, become the variation at `index`.
fn swap_into(line: &mut Variation, index: usize) {
    let Some(ply) = line.variations.get(index).map(|v| v.ply) else { return };
    let later = line.variations.partition_point(|v| v.ply <= ply);
    let Some(at) = ply.checked_sub(line.ply).filter(|&at| at <= line.moves.len() && index < later) else { return };
    let kept_comments = line.comments.partition_point(|c| c.ply < ply);
    let kept_times = line.times.partition_point(|t| t.ply < ply);
    let continuation = Variation {
        ply,
        moves: line.moves.split_off(at),
        termination: line.termination.take(),
        comments: line.comments.split_off(kept_comments),
        times: line.times.split_off(kept_times),
        variations: line.variations.split_off(later),
    };
    let promoted = mem::replace(&mut line.variations[index], continuation);
    line.moves.extend(promoted.moves);
    line.termination = promoted.termination;
    line.comments.extend(promoted.comments);
    line.times.extend(promoted.times);
    line.variations.extend(promoted.variations);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::rules::Position;

    fn mv(text: &str) -> Move {
        usi::parse(text).unwrap()
    }

    fn moves(texts: &str) -> Vec<Move> {
        texts.split_whitespace().map(mv).collect()
    }

    fn comment(ply: usize, text: &str) -> Comment {
        Comment { ply, text: text.to_string() }
    }

    /// A record whose main line is `main`, built through `play_at` as the app builds one.
    fn record(main: &str) -> Record {
        let mut record = Record::new(Position::startpos());
        for (index, m) in moves(main).into_iter().enumerate() {
            assert_eq!(record.play_at(&[], index + 1, m), Some(vec![]));
        }
        record
    }

    /// Plays `texts` from move `ply` of the line at `path`, returning the line it ends on.
    fn play_line(record: &mut Record, path: &[usize], ply: usize, texts: &str) -> Vec<usize> {
        moves(texts)
            .into_iter()
            .enumerate()
            .fold(path.to_vec(), |path, (index, m)| record.play_at(&path, ply + index, m).unwrap())
    }

    fn usi(moves: &[Move]) -> String {
        moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" ")
    }

    const MAIN: &str = "7g7f 3c3d 2g2f 8c8d 2f2e";

    #[test]
    fn a_different_move_starts_a_variation_and_the_same_one_follows_it() {
        let mut record = record(MAIN);
        assert_eq!(record.play_at(&[], 3, mv("2g2f")), Some(vec![]), "the main line's own move");
        assert_eq!(play_line(&mut record, &[], 3, "6g6f 8c8d"), [0]);
        assert_eq!(record.play_at(&[], 3, mv("6g6f")), Some(vec![0]), "the variation is reused");
        assert_eq!(record.play_at(&[0], 3, mv("2g2f")), Some(vec![]), "back to the main line from a variation");
        assert_eq!(record.play_at(&[], 3, mv("5g5f")), Some(vec![1]), "a sibling after the first");
        assert_eq!(record.play_at(&[], 2, mv("8c8d")), Some(vec![0]), "sorted by ply: it goes first");
        assert_eq!(record.variations.iter().map(|v| v.ply).collect::<Vec<_>>(), [2, 3, 3]);
        assert_eq!(record.moves, moves(MAIN), "the main line is unchanged");
        assert_eq!(record.variations[1].moves, moves("6g6f 8c8d"));
        // A variation of the variation: move 4 of [1] differs.
        assert_eq!(record.play_at(&[1], 4, mv("3d3e")), Some(vec![1, 0]));
        // An alternative to the variation's first move is its sibling, not its child.
        assert_eq!(record.play_at(&[1, 0], 3, mv("1g1f")), Some(vec![3]));
        // The end of a line, and past it.
        assert_eq!(record.play_at(&[], 6, mv("8d8e")), Some(vec![]), "carries the main line on");
        assert_eq!(record.play_at(&[], 8, mv("8d8e")), None);
        assert_eq!(record.play_at(&[], 0, mv("7g7f")), None);
        assert_eq!(record.play_at(&[7], 1, mv("7g7f")), None);
    }

    #[test]
    fn ends_are_steps_too() {
        let mut record = record("7g7f 3c3d");
        assert_eq!(record.end_at(&[], 3, Termination::Resign), Some(vec![]));
        assert_eq!(record.termination, Some(Termination::Resign));
        assert_eq!(record.end_at(&[], 3, Termination::Resign), Some(vec![]), "the same end follows it");
        // Another move where the main line resigned, and resigning instead of move 2.
        assert_eq!(record.play_at(&[], 3, mv("2g2f")), Some(vec![0]));
        assert_eq!(record.end_at(&[], 2, Termination::Abort), Some(vec![0]));
        assert_eq!(record.variations[0], Step::End(Termination::Abort).variation(2));
        assert_eq!(record.variations[1], Step::Move(mv("2g2f")).variation(3));
        assert_eq!(record.play_at(&[1], 4, mv("8c8d")), Some(vec![1]));
        let line = record.line(&[1]).unwrap();
        assert_eq!((usi(&line.moves).as_str(), line.termination), ("7g7f 3c3d 2g2f 8c8d", None));
        assert_eq!(record.line(&[0]).unwrap().termination, Some(Termination::Abort));
        assert_eq!(record.line(&[0]).unwrap().moves, moves("7g7f"));
    }

    #[test]
    fn lines_play_out_from_the_start_with_their_comments() {
        let mut record = record(MAIN);
        let nested = play_line(&mut record, &[], 3, "6g6f 8c8d 6f6e");
        let nested = play_line(&mut record, &nested, 5, "2g2f");
        assert_eq!(nested, [0, 0]);
        assert_eq!(record.add_comment(&[], 0, "start".into()), Some(vec![]));
        assert_eq!(record.add_comment(&nested, 2, "before the branch".into()), Some(vec![]));
        assert_eq!(record.add_comment(&nested, 4, "on the variation".into()), Some(vec![0]));
        assert_eq!(record.add_comment(&nested, 5, "on the nested one".into()), Some(vec![0, 0]));
        assert_eq!(record.add_comment(&[], 4, "main".into()), Some(vec![]));
        assert_eq!(record.add_comment(&[], 0, "again".into()), Some(vec![]));
        assert_eq!(record.add_comment(&nested, 6, "past the end".into()), None);
        assert_eq!(
            record.comments,
            [comment(0, "start"), comment(0, "again"), comment(2, "before the branch"), comment(4, "main")]
        );
        let line = record.line(&nested).unwrap();
        assert_eq!(usi(&line.moves), "7g7f 3c3d 6g6f 8c8d 2g2f");
        assert_eq!(
            line.comments,
            [
                comment(0, "start"),
                comment(0, "again"),
                comment(2, "before the branch"),
                comment(4, "on the variation"),
                comment(5, "on the nested one")
            ]
        );
        assert_eq!(
            record.line(&[]).unwrap(),
            Line { moves: moves(MAIN), termination: None, comments: record.comments.clone(), times: Vec::new() }
        );
        assert_eq!(record.line(&[0, 1]), None);
        let main = record.main_branch();
        assert_eq!(main.comments_at(0).collect::<Vec<_>>(), ["start", "again"]);
    }

    #[test]
    fn branches_list_the_tree_depth_first() {
        let mut record = record(MAIN);
        play_line(&mut record, &[], 4, "2g2f 3d3e");
        let first = play_line(&mut record, &[], 2, "8c8d 2g2f");
        play_line(&mut record, &first, 3, "6g6f");
        play_line(&mut record, &[], 4, "6g6f");
        let listed: Vec<(Vec<usize>, usize)> = record.branches().into_iter().map(|b| (b.path, b.ply)).collect();
        assert_eq!(listed, [(vec![], 1), (vec![0], 2), (vec![0, 0], 3), (vec![1], 4), (vec![2], 4)]);
        assert_eq!(record.branches()[2].moves, moves("6g6f"));
    }

    #[test]
    fn promoting_swaps_a_variation_with_the_main_line() {
        let mut record = record(MAIN);
        record.termination = Some(Termination::Resign);
        let variation = play_line(&mut record, &[], 3, "6g6f 8c8d");
        play_line(&mut record, &[], 5, "5g5f");
        record.add_comment(&[], 1, "kept".into());
        record.add_comment(&[], 3, "main's".into());
        record.add_comment(&variation, 3, "variation's".into());
        let before = record.clone();
        assert!(record.promote(&variation));
        assert_eq!(record.moves, moves("7g7f 3c3d 6g6f 8c8d"));
        assert_eq!(record.termination, None);
        assert_eq!(record.comments, [comment(1, "kept"), comment(3, "variation's")]);
        // The old continuation is where the variation was, with its end, comment and variation.
        assert_eq!(
            record.variations,
            [Variation {
                ply: 3,
                moves: moves("2g2f 8c8d 2f2e"),
                termination: Some(Termination::Resign),
                comments: vec![comment(3, "main's")],
                times: Vec::new(),
                variations: vec![Step::Move(mv("5g5f")).variation(5)],
            }]
        );
        assert!(record.promote(&[0]));
        assert_eq!(record, before, "promoting back restores the record");
        assert!(!record.promote(&[]));
        assert!(!record.promote(&[5]));
    }

    #[test]
    fn promoting_a_nested_variation_makes_its_whole_line_the_main_line() {
        let mut record = record(MAIN);
        let outer = play_line(&mut record, &[], 2, "8c8d 2g2f");
        play_line(&mut record, &[], 2, "4c4d");
        let nested = play_line(&mut record, &outer, 3, "6g6f 3c3d");
        assert_eq!(nested, [0, 0]);
        let expected = record.line(&nested).unwrap();
        assert!(record.promote(&nested));
        assert_eq!(record.line(&[]).unwrap(), expected);
        // The main line's old continuation took the outer variation's place, before its sibling;
        // the outer one's own continuation follows as a variation of the new main line.
        let listed: Vec<(Vec<usize>, String)> = record.branches().into_iter().map(|b| (b.path, usi(b.moves))).collect();
        assert_eq!(
            listed,
            [
                (vec![], "7g7f 8c8d 6g6f 3c3d".to_string()),
                (vec![0], "3c3d 2g2f 8c8d 2f2e".to_string()),
                (vec![1], "4c4d".to_string()),
                (vec![2], "2g2f".to_string()),
            ]
        );
    }

    #[test]
    fn a_lines_comments_are_read_where_they_are() {
        let mut record = record(MAIN);
        let nested = play_line(&mut record, &[], 3, "6g6f 8c8d 6f6e");
        let nested = play_line(&mut record, &nested, 5, "2g2f");
        for (path, ply, text) in
            [(vec![], 0, "start"), (vec![], 3, "main"), (vec![0], 4, "outer"), (nested, 5, "inner")]
        {
            record.add_comment(&path, ply, text.into());
        }
        for path in [vec![], vec![0], vec![0, 0]] {
            let line = record.line(&path).unwrap();
            for ply in 0..=6 {
                let expected: Vec<&str> =
                    line.comments.iter().filter(|c| c.ply == ply).map(|c| c.text.as_str()).collect();
                assert_eq!(record.line_comments_at(&path, ply).collect::<Vec<_>>(), expected, "{path:?} at {ply}");
            }
        }
        assert_eq!(record.line_comments_at(&[4], 0).count(), 0, "no such line");
    }

    #[test]
    fn a_listed_tree_is_read_back_variation_by_variation() {
        let mut built = record(MAIN);
        let outer = play_line(&mut built, &[], 2, "8c8d 2g2f");
        play_line(&mut built, &outer, 3, "6g6f");
        play_line(&mut built, &[], 4, "6g6f");
        built.end_at(&[1], 5, Termination::Resign);
        let mut read = record(MAIN);
        for branch in built.branches().into_iter().skip(1) {
            let variation = Variation {
                ply: branch.ply,
                moves: branch.moves.to_vec(),
                termination: branch.termination,
                comments: Vec::new(),
                times: Vec::new(),
                variations: Vec::new(),
            };
            assert!(read.add_variation(&branch.path, variation), "{:?}", branch.path);
        }
        assert_eq!(read, built);
        let step = |ply: usize, text: &str| Step::Move(mv(text)).variation(ply);
        assert!(!read.add_variation(&[3], step(5, "1g1f")), "not the next index");
        assert!(!read.add_variation(&[1], step(5, "1g1f")), "an index taken");
        assert!(!read.add_variation(&[2], step(3, "1g1f")), "before the last variation's ply");
        assert!(!read.add_variation(&[2], step(6, "1g1f")), "past the main line's last step");
        assert!(!read.add_variation(&[0, 1], step(2, "1g1f")), "a variation's first step has siblings, not children");
        assert!(!read.add_variation(&[7, 0], step(5, "1g1f")), "no such parent");
        assert!(!read.add_variation(&[], step(5, "1g1f")), "the main line is no variation");
        let empty = Variation { moves: Vec::new(), ..step(5, "1g1f") };
        assert!(!read.add_variation(&[2], empty), "a variation takes a step");
        assert_eq!(read, built, "nothing changed");
        assert!(read.add_variation(&[1, 0], step(5, "1g1f")), "instead of a variation's end");
        assert!(read.add_variation(&[2], step(5, "1g1f")));
    }

    #[test]
    fn times_stay_with_their_moves_when_a_line_is_promoted() {
        let mut record = record(MAIN);
        let variation = play_line(&mut record, &[], 3, "6g6f 8c8d");
        let time = |ply: usize, ms: u64| MoveTime { ply, ms };
        for (path, ply, ms) in [(&[][..], 1, 100), (&[], 3, 300), (&variation[..], 3, 33), (&variation, 4, 44)] {
            assert_eq!(record.set_time(path, ply, ms).as_deref(), Some(path));
        }
        assert_eq!(record.set_time(&variation, 2, 200), Some(vec![]), "held by the main line");
        assert_eq!(record.set_time(&variation, 5, 1), None, "past the line's end");
        assert_eq!(record.set_time(&[], 3, 0), Some(vec![]), "0 is no time");
        assert_eq!(record.times, [time(1, 100), time(2, 200)]);
        assert_eq!(record.line(&variation).unwrap().times, [time(1, 100), time(2, 200), time(3, 33), time(4, 44)]);
        assert!(record.promote(&variation));
        assert_eq!(record.times, [time(1, 100), time(2, 200), time(3, 33), time(4, 44)]);
        assert!(record.variations[0].times.is_empty());
    }

    #[test]
    fn paths_are_written_with_dots() {
        for path in [vec![], vec![0], vec![3, 0, 12]] {
            assert_eq!(parse_path(&write_path(&path)), Some(path.clone()));
        }
        assert_eq!(write_path(&[0, 1]), "0.1");
        for text in ["0.", ".1", "a", "+1", "0..1", "-1"] {
            assert_eq!(parse_path(text), None, "{text}");
        }
    }

    #[test]
    fn removing_a_variation_takes_its_own_with_it() {
        let mut record = record(MAIN);
        let outer = play_line(&mut record, &[], 2, "8c8d 2g2f");
        play_line(&mut record, &outer, 3, "6g6f");
        play_line(&mut record, &[], 4, "6g6f");
        let removed = record.remove_variation(&[0]).unwrap();
        assert_eq!((removed.moves.len(), removed.variations.len()), (2, 1));
        assert_eq!(record.variations, [Step::Move(mv("6g6f")).variation(4)]);
        assert_eq!(record.remove_variation(&[1]), None);
        assert_eq!(record.remove_variation(&[]), None);
        assert_eq!(record.remove_variation(&[0, 0]), None);
        assert!(record.remove_variation(&[0]).is_some());
        assert_eq!(record.moves, moves(MAIN));
    }
}
