//! Mating problems as the app plays them: the collection grouped by length, the progress kept
//! on the device, and one problem being solved (a learner's moves, the solver's verdicts).
//! The solver itself runs in the engine's worker (`tsume`, `worker::Request::Judge`); this
//! module only decides what its answers mean for the learner.
//!
//! Progress is stored (SPEC §5, key `shogi.problems`) as small text a person can read:
//!
//! ```text
//! shogi-problems 1
//! solved 2 3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1
//! tried 1 9/9/9/4k4/9/4P4/9/9/9 b 4G2r2b4s4n4l17p 1
//! ```
//!
//! one line per problem tried: `solved` once the learner mated, else `tried`; then how many
//! attempts it took (an attempt ends at a mate, a refused move or a shown solution); then the
//! problem's position as SFEN, which names it.
//!
//! The same text keeps the problems found in the learner's own games ("find the mate"):
//! `scanned <game id>` for each finished game looked through, and `found <game id> <ply>
//! <plies> <sfen>` for each mate missed in it (the position after `ply` moves, mate in `plies`).

use crate::notation::clip;
use crate::notation::sfen;
use crate::rules::{Color, Move, Position, Setup};
use crate::tsume::{defender_holds_the_rest, Problem};

use crate::ui::model::movetext::{move_texts, Notation};
use crate::ui::text::i18n::{side, Lang, T};

const PROGRESS_HEADER: &str = "shogi-problems 1";

/// The longest mate looked for in a problem given by URL.
pub const MAX_GIVEN_PLIES: u8 = 31;

/// The longest mate looked for in a finished game's positions: a player is expected to
/// see mates this short, and longer ones would slow the looking through down.
pub const MAX_FOUND_PLIES: u8 = 7;

/// The collection's problems grouped by the length of their mate, shortest first: each
/// group's plies and its problems' indices in file order.
pub fn groups(problems: &[Problem]) -> Vec<(u8, Vec<usize>)> {
    let mut groups: Vec<(u8, Vec<usize>)> = Vec::new();
    for (index, problem) in problems.iter().enumerate() {
        let plies = problem.solution.len() as u8;
        match groups.iter_mut().find(|(p, _)| *p == plies) {
            Some((_, members)) => members.push(index),
            None => groups.push((plies, vec![index])),
        }
    }
    groups.sort_by_key(|(plies, _)| *plies);
    groups
}

/// A position given as a problem (the attacker to move): the defender holds every piece that is
/// neither on the board nor in the attacker's hand, as the tsume rules have it.
pub fn as_problem(setup: &Setup) -> Setup {
    defender_holds_the_rest(setup)
}

/// What the device remembers of one problem.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Mark {
    pub solved: bool,
    pub attempts: u32,
}

/// A mate the learner missed in a finished game of theirs, as a problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FoundMate {
    /// The finished game's id (`SavedGame::id`).
    pub game: u64,
    /// The moves played before the position.
    pub ply: usize,
    pub plies: u8,
    pub position: Position,
}

/// The learner's progress through the problems, keyed by each problem's SFEN, and the
/// problems found in their games.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Progress {
    marks: Vec<(String, Mark)>,
    /// The finished games already looked through for missed mates.
    scanned: Vec<u64>,
    pub found: Vec<FoundMate>,
}

/// A stored progress line that cannot be read: its 1-based number and the text, clipped.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProgressError {
    pub line: usize,
    pub text: String,
}

impl Progress {
    pub fn mark(&self, position: &Position) -> Mark {
        let key = sfen::write_position(position);
        self.marks.iter().find(|(k, _)| *k == key).map_or_else(Mark::default, |(_, m)| *m)
    }

    fn mark_mut(&mut self, position: &Position) -> &mut Mark {
        let key = sfen::write_position(position);
        let index = match self.marks.iter().position(|(k, _)| *k == key) {
            Some(index) => index,
            None => {
                self.marks.push((key, Mark::default()));
                self.marks.len() - 1
            }
        };
        &mut self.marks[index].1
    }

    /// An attempt at the problem ended without a mate (a refused move, a shown solution).
    pub fn count_attempt(&mut self, position: &Position) {
        self.mark_mut(position).attempts += 1;
    }

    /// The learner mated: the attempt counts, and the problem is solved for good.
    pub fn count_solved(&mut self, position: &Position) {
        let mark = self.mark_mut(position);
        mark.attempts += 1;
        mark.solved = true;
    }

    /// How many of `positions` are solved.
    pub fn solved_among<'a>(&self, positions: impl IntoIterator<Item = &'a Position>) -> usize {
        positions.into_iter().filter(|p| self.mark(p).solved).count()
    }

    pub fn is_scanned(&self, game: u64) -> bool {
        self.scanned.contains(&game)
    }

    /// Game `game` was looked through, and these mates were found missed in it.
    pub fn add_scanned(&mut self, game: u64, found: impl IntoIterator<Item = FoundMate>) {
        if !self.is_scanned(game) {
            self.scanned.push(game);
            self.found.extend(found);
        }
    }

    /// Takes in what another tab stored: a problem solved in either is solved, its attempts
    /// the larger count; the games looked through and the mates found, those of both.
    pub fn merge(&mut self, other: &Progress) {
        for (key, mark) in &other.marks {
            match self.marks.iter_mut().find(|(k, _)| k == key) {
                Some((_, own)) => {
                    *own = Mark { solved: own.solved || mark.solved, attempts: own.attempts.max(mark.attempts) }
                }
                None => self.marks.push((key.clone(), *mark)),
            }
        }
        for &game in &other.scanned {
            if !self.is_scanned(game) {
                self.scanned.push(game);
            }
        }
        for found in &other.found {
            if !self.found.iter().any(|f| f.game == found.game && f.ply == found.ply) {
                self.found.push(found.clone());
            }
        }
    }

    pub fn write(&self) -> String {
        let mut out = format!("{PROGRESS_HEADER}\n");
        for (key, mark) in &self.marks {
            let state = if mark.solved { "solved" } else { "tried" };
            out.push_str(&format!("{state} {} {key}\n", mark.attempts));
        }
        for game in &self.scanned {
            out.push_str(&format!("scanned {game}\n"));
        }
        for f in &self.found {
            out.push_str(&format!("found {} {} {} {}\n", f.game, f.ply, f.plies, sfen::write_position(&f.position)));
        }
        out
    }

    pub fn parse(text: &str) -> Result<Progress, ProgressError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty());
        match lines.next() {
            Some((_, PROGRESS_HEADER)) => {}
            other => {
                let (line, text) = other.unwrap_or((1, ""));
                return Err(ProgressError { line, text: clip(text, 24) });
            }
        }
        let mut progress = Progress::default();
        for (line, text) in lines {
            let bad = || ProgressError { line, text: clip(text, 24) };
            let (key, rest) = text.split_once(' ').ok_or_else(bad)?;
            let mut words = rest.splitn(4, ' ');
            let mut number = || words.next().and_then(|n| n.parse::<u64>().ok()).ok_or_else(bad);
            match key {
                "solved" | "tried" => {
                    let attempts = number()? as u32;
                    let position = rest.split_once(' ').and_then(|(_, s)| sfen::parse_position(s).ok());
                    *progress.mark_mut(&position.ok_or_else(bad)?) = Mark { solved: key == "solved", attempts };
                }
                "scanned" => progress.scanned.push(number()?),
                "found" => {
                    let (game, ply, plies) = (number()?, number()? as usize, number()? as u8);
                    let position = words.next().and_then(|s| sfen::parse_position(s).ok()).ok_or_else(bad)?;
                    progress.found.push(FoundMate { game, ply, plies, position });
                }
                _ => return Err(bad()),
            }
        }
        Ok(progress)
    }
}

/// How an attempt ended, for a page that embeds the board (`shogi:solved`, `shogi:failed`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ProblemNews {
    Solved,
    Failed,
}

/// Where the problem on the board comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    /// The built-in collection's problem at this index.
    Collection(usize),
    /// A position given by the URL (`mode=problem`).
    Given,
    /// The mate missed in one of the learner's games at this index of `Progress::found`.
    Found(usize),
}

/// Where the learner is in the problem.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// The solver measures a given problem's mate before play starts.
    Measuring,
    /// The learner's move.
    Solving,
    /// The solver judges the learner's move (played on the board).
    Judging(Move),
    /// The learner's check `mv` was answered by `reply`, after which there is no mate in the
    /// plies left; both stand on the board until the learner retries.
    Refused { mv: Move, reply: Move },
    /// Mate.
    Solved,
    /// The solution was played out on the board.
    Shown,
    /// A given position that is no problem: no mate in it, or too long a mate to find.
    NotAProblem(NoProblem),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoProblem {
    NoMate,
    TooLong,
    /// The side to move (the attacker) is in check.
    AttackerInCheck,
}

/// One problem being solved.
#[derive(Clone, PartialEq, Debug)]
pub struct ProblemRun {
    pub source: Source,
    pub start: Position,
    /// The mate's length in plies (known once a given problem is measured).
    pub plies: u8,
    pub stage: Stage,
    /// Whether this attempt already counted (a refused move or a shown solution): retries
    /// after it do not count again until the problem is solved.
    pub attempt_counted: bool,
}

impl ProblemRun {
    /// A problem of the collection, whose length is known.
    pub fn of_collection(index: usize, problem: &Problem) -> ProblemRun {
        ProblemRun {
            source: Source::Collection(index),
            start: problem.position.clone(),
            plies: problem.solution.len() as u8,
            stage: Stage::Solving,
            attempt_counted: false,
        }
    }

    /// A mate missed in one of the learner's games.
    pub fn of_found(index: usize, found: &FoundMate) -> ProblemRun {
        ProblemRun {
            source: Source::Found(index),
            start: found.position.clone(),
            plies: found.plies,
            stage: Stage::Solving,
            attempt_counted: false,
        }
    }

    /// A position given as a problem, to be measured by the solver first.
    pub fn given(start: Position) -> ProblemRun {
        let stage = if start.is_check() { Stage::NotAProblem(NoProblem::AttackerInCheck) } else { Stage::Measuring };
        ProblemRun { source: Source::Given, start, plies: 0, stage, attempt_counted: false }
    }

    pub fn attacker(&self) -> Color {
        self.start.turn()
    }

    /// The plies the mate may still take when `played` plies have been played.
    pub fn plies_left(&self, played: usize) -> u8 {
        self.plies.saturating_sub(played as u8)
    }

    /// Whether the learner may move now.
    pub fn awaits_move(&self) -> bool {
        self.stage == Stage::Solving
    }

    /// Whether the run is over (solved or shown): the board is only looked through.
    pub fn is_over(&self) -> bool {
        matches!(self.stage, Stage::Solved | Stage::Shown | Stage::NotAProblem(_))
    }
}

/// Why the learner's check did not keep the mate: "After △同　金 there is no mate in 5 plies."
/// `pos` is the position before the learner's move `mv`, `reply` the defender's answer.
pub fn refusal(lang: Lang, notation: Notation, pos: &Position, mv: Move, reply: Move, plies_left: u8) -> String {
    // The reply as the move list writes it: its side's mark, and `同` after the learner's move.
    let reply_text = move_texts(notation, pos, &[mv, reply]).pop().unwrap_or_default();
    let left = plies_left.saturating_sub(2);
    if left == 0 {
        T::NoMateAfterReplyNoneLeft.with(lang, &[&reply_text])
    } else {
        T::NoMateAfterReply.with(lang, &[&reply_text, &left.to_string()])
    }
}

/// The problem's title: "Mate in 3" and who attacks.
pub fn title(lang: Lang, plies: u8, attacker: Color) -> String {
    T::ProblemTitle.with(lang, &[&plies.to_string(), side(lang, attacker)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::tsume::parse_problems;

    fn position(text: &str) -> Position {
        Position::from_setup(&as_problem(&sfen::parse_setup(text).unwrap())).unwrap()
    }

    #[test]
    fn the_collection_groups_by_length() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/public/problems.txt")).unwrap();
        let problems = parse_problems(&text).unwrap();
        let groups = groups(&problems);
        assert_eq!(groups.iter().map(|(p, _)| *p).collect::<Vec<_>>(), [1, 3, 5, 7, 9, 11]);
        assert_eq!(groups.iter().map(|(_, g)| g.len()).sum::<usize>(), problems.len());
        assert!(groups.iter().all(|(_, g)| g.len() >= 10));
    }

    #[test]
    fn progress_round_trips_and_counts() {
        let one = position("3k5/9/3S5/9/9/9/9/9/9 b S 1");
        let seven = position("9/9/9/4k4/9/4P4/9/9/9 b 4G 1");
        let mut progress = Progress::default();
        progress.count_attempt(&seven);
        progress.count_attempt(&one);
        progress.count_solved(&one);
        assert_eq!(progress.mark(&one), Mark { solved: true, attempts: 2 });
        assert_eq!(progress.mark(&seven), Mark { solved: false, attempts: 1 });
        assert_eq!(progress.solved_among([&one, &seven]), 1);
        let text = progress.write();
        assert!(text.starts_with("shogi-problems 1\ntried 1 9/9/9/4k4/9/4P4/9/9/9 b 4G"), "{text}");
        assert_eq!(Progress::parse(&text), Ok(progress.clone()));
        let found = FoundMate { game: 1763780000000, ply: 41, plies: 3, position: Position::startpos() };
        progress.add_scanned(1763780000000, [found.clone()]);
        progress.add_scanned(1763780000001, []);
        progress.add_scanned(1763780000000, [found.clone()]);
        assert_eq!(progress.found, [found]);
        assert!(progress.is_scanned(1763780000001) && !progress.is_scanned(7));
        let text = progress.write();
        assert!(text.contains("\nscanned 1763780000001\nfound 1763780000000 41 3 lnsgkgsnl/"), "{text}");
        assert_eq!(Progress::parse(&text), Ok(progress));
    }

    #[test]
    fn two_tabs_progress_is_merged() {
        let (one, seven) = (position("3k5/9/3S5/9/9/9/9/9/9 b S 1"), position("9/9/9/4k4/9/4P4/9/9/9 b 4G 1"));
        let mut here = Progress::default();
        here.count_attempt(&seven);
        here.count_attempt(&seven);
        here.add_scanned(1, []);
        let mut there = Progress::default();
        there.count_solved(&one);
        there.count_solved(&seven);
        there.add_scanned(2, [FoundMate { game: 2, ply: 5, plies: 3, position: one.clone() }]);
        here.merge(&there);
        assert_eq!(here.mark(&one), Mark { solved: true, attempts: 1 });
        assert_eq!(here.mark(&seven), Mark { solved: true, attempts: 2 });
        assert!(here.is_scanned(1) && here.is_scanned(2) && here.found.len() == 1);
        let again = here.clone();
        here.merge(&again);
        assert_eq!(here, again, "merging the same progress changes nothing");
    }

    #[test]
    fn unreadable_progress_names_its_line() {
        assert_eq!(Progress::parse("shogi-games 1").unwrap_err().line, 1);
        let bad = Progress::parse("shogi-problems 1\n\nsolved x 9/9 b - 1").unwrap_err();
        assert_eq!(bad.line, 3);
        assert!(Progress::parse("shogi-problems 1\nwon 1 3k5/9/3S5/9/9/9/9/9/9 b S 1").is_err());
        assert!(Progress::parse("shogi-problems 1\nfound 1 2 3").is_err());
        assert!(Progress::parse("shogi-problems 1\nscanned x").is_err());
    }

    #[test]
    fn a_refusal_names_the_reply_in_the_notation() {
        let pos = position("9/9/9/4k4/9/4P4/9/9/9 b 4G 1");
        let mv = usi::parse("G*5c").unwrap();
        let reply = usi::parse("5d5c").unwrap();
        assert_eq!(
            refusal(Lang::Ja, Notation::Japanese, &pos, mv, reply, 7),
            "△同　玉 の後、5手以内の詰みはありません。"
        );
        assert_eq!(
            refusal(Lang::En, Notation::Western, &pos, mv, reply, 7),
            "After ☖Kx5c there is no mate in 5 plies."
        );
        assert_eq!(refusal(Lang::En, Notation::Western, &pos, mv, reply, 1), "After ☖Kx5c there is no mate.");
    }

    #[test]
    fn a_given_position_in_check_is_no_problem() {
        let checked = ProblemRun::given(position("4k4/9/9/9/9/9/9/9/4K3r b G 1"));
        assert_eq!(checked.stage, Stage::NotAProblem(NoProblem::AttackerInCheck));
        assert_eq!(ProblemRun::given(position("3k5/9/3S5/9/9/9/9/9/9 b S 1")).stage, Stage::Measuring);
    }
}
