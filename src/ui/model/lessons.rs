//! The lessons as the app plays them: the course read from `lessons.txt` (its format is in
//! the README), one level being played (the learner's moves, the scripted replies, the
//! goal and the stars), and the progress kept on the device.
//!
//! Progress is stored (SPEC §5, key `shogi.lessons`) as text a person can read, one line per
//! level passed with its best stars:
//!
//! ```text
//! shogi-lessons 1
//! rook:1 3
//! drops:4 2
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::notation::{sfen, usi};
use crate::rules::{Bitboard, Color, Move, Position, Square};
use crate::ui::model::data_file::{content_lines, LineError};
use crate::ui::model::lesson_id::{LessonId, STAGES};
use crate::ui::model::names::{Kind, Names};
use crate::ui::text::i18n::{Both, Lang, T};

/// The course's file, beside the page.
pub const COURSE_FILE: &str = "lessons.txt";

named_enum! {
    /// What a level asks for (the file's spelling).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Goal {
        /// Land on every target square (a star).
        Stars = "stars",
        /// Take the pieces on the target squares.
        Capture = "capture",
        /// Promote a piece (and land on any target squares).
        Promote = "promote",
        /// Drop pieces from the hand on the target squares.
        Drop = "drop",
        /// Leave every piece on a target square defended.
        Protect = "protect",
        /// Give check.
        Check = "check",
        /// Give checkmate.
        Mate = "mate",
        /// Get out of check.
        Escape = "escape",
        /// Reach the same position four times (sennichite).
        Draw = "draw",
        /// Build the castle the level names (`castle:mino`), as `names.txt` defines it.
        Castle = "castle",
        /// Play the strategy the level names (`strategy:fourth-file`), as `names.txt` defines it.
        Strategy = "strategy",
    }
}

impl Goal {
    /// Whether the opponent lets the learner go on after a move that did not reach the goal
    /// (it passes when no reply is scripted); otherwise such a move fails the level.
    fn goes_on(self) -> bool {
        matches!(self, Goal::Stars | Goal::Capture | Goal::Promote | Goal::Drop | Goal::Castle | Goal::Strategy)
    }

    /// The kind of name a goal asks for, if it asks for one.
    fn named_kind(self) -> Option<Kind> {
        match self {
            Goal::Castle => Some(Kind::Castle),
            Goal::Strategy => Some(Kind::Strategy),
            _ => None,
        }
    }
}

/// A level's goal in words, as the lesson's panel gives it.
pub fn goal_words(level: &Level, lang: Lang) -> String {
    let text = match level.goal {
        Goal::Stars => T::GoalStars,
        Goal::Capture => T::GoalCapture,
        Goal::Promote => T::GoalPromote,
        Goal::Drop => T::GoalDrop,
        Goal::Protect => T::GoalProtect,
        Goal::Check => T::GoalCheck,
        Goal::Mate => T::GoalMate,
        Goal::Escape => T::GoalEscape,
        Goal::Draw => T::GoalDraw,
        Goal::Castle => T::GoalCastle,
        Goal::Strategy => T::GoalStrategy,
    };
    let name = level.named.as_ref().map_or("", |named| named.words(lang));
    text.with(lang, &[name])
}

/// The castle or strategy a level asks for: one of `names.txt`'s definitions, which the
/// names beside the move list would give the learner's side.
#[derive(Clone)]
pub struct Named {
    pub names: Arc<Names>,
    pub index: usize,
    /// Whether the learner has it in a position. Made where the course is read, so that the
    /// names' matcher comes with the course's reader, on first use, not in the first load.
    stands: Arc<dyn Fn(&Position) -> bool + Send + Sync>,
}

impl Named {
    fn new(names: &Arc<Names>, kind: Kind, index: usize) -> Named {
        let matcher = names.clone();
        let stands = move |position: &Position| matcher.standing(kind, LEARNER, position) == Some(index);
        Named { names: names.clone(), index, stands: Arc::new(stands) }
    }

    pub fn words(&self, lang: Lang) -> &str {
        self.names.definitions[self.index].words(lang)
    }
}

impl std::fmt::Debug for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.names.definitions[self.index].id)
    }
}

/// A level's stars in words: "2 of 3 stars", or not passed yet.
pub fn stars_words(lang: Lang, stars: Option<u8>) -> String {
    match stars {
        Some(stars) => T::StarsOf.with(lang, &[&stars.to_string(), "3"]),
        None => T::NotPassed.get(lang).to_string(),
    }
}

#[derive(Clone, Debug)]
pub struct Level {
    pub start: Position,
    pub goal: Goal,
    /// The fewest moves of the learner that reach the goal: three stars.
    pub par: u8,
    pub targets: Bitboard,
    /// The opponent's answer to the learner's first, second, ... move (when legal then).
    pub replies: Vec<Move>,
    /// What a `castle` or `strategy` goal asks for.
    pub named: Option<Named>,
    pub say: Both,
}

#[derive(Clone, Debug)]
pub struct Stage {
    pub id: &'static str,
    pub name: Both,
    pub levels: Vec<Level>,
}

/// Reads `lessons.txt`: its stages must be [`STAGES`], in order; its `castle` and `strategy`
/// goals name definitions of `names` (`names.txt`).
pub fn parse_course(text: &str, names: &Arc<Names>) -> Result<Vec<Stage>, LineError> {
    let mut stages: Vec<Stage> = Vec::new();
    for (line_number, line) in content_lines(text) {
        let fail = |why: String| LineError { file: COURSE_FILE, line: line_number, why };
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "stage" => {
                let expected = STAGES.get(stages.len()).ok_or_else(|| fail("more stages than the app knows".into()))?;
                if rest != *expected {
                    return Err(fail(format!("stage `{rest}` where `{expected}` comes")));
                }
                stages.push(Stage { id: expected, name: Both::default(), levels: Vec::new() });
            }
            "level" => {
                let stage = stages.last_mut().ok_or_else(|| fail("a level before any stage".into()))?;
                stage.levels.push(parse_level(rest, names).map_err(fail)?);
            }
            "en" | "ja" => {
                let stage = stages.last_mut().ok_or_else(|| fail("a text before any stage".into()))?;
                let both = match stage.levels.last_mut() {
                    Some(level) => &mut level.say,
                    None => &mut stage.name,
                };
                let slot = if word == "en" { &mut both.en } else { &mut both.ja };
                if !slot.is_empty() {
                    return Err(fail(format!("a second `{word}` text")));
                }
                *slot = rest.to_string();
            }
            _ => return Err(fail(format!("`{word}` is not stage, level, en or ja"))),
        }
    }
    if stages.len() != STAGES.len() {
        return Err(LineError {
            file: COURSE_FILE,
            line: text.lines().count(),
            why: format!("{} stages of {}", stages.len(), STAGES.len()),
        });
    }
    Ok(stages)
}

/// `<goal> <par> | <sfen> | <targets or -> [| <replies>]`, the goal `castle:<id>` or
/// `strategy:<id>` for a name of `names`.
fn parse_level(text: &str, names: &Arc<Names>) -> Result<Level, String> {
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    let ([head, position, targets] | [head, position, targets, _]) = fields.as_slice() else {
        return Err("a level is `<goal> <par> | <sfen> | <targets> [| <replies>]`".into());
    };
    let (goal, par) = head.split_once(' ').ok_or("no par after the goal")?;
    let (goal, id) = match goal.split_once(':') {
        Some((goal, id)) => (goal, Some(id)),
        None => (goal, None),
    };
    let goal = Goal::from_name(goal).ok_or_else(|| format!("`{goal}` is not a goal"))?;
    let named = match (goal.named_kind(), id) {
        (Some(kind), Some(id)) => {
            let index = names.find(kind, id).ok_or_else(|| format!("no {} `{id}` in the names' file", kind.name()))?;
            Some(Named::new(names, kind, index))
        }
        (None, None) => None,
        _ => return Err("`castle:<id>` and `strategy:<id>`, and only they, name what they ask for".into()),
    };
    let par = par.trim().parse::<u8>().ok().filter(|&p| p >= 1).ok_or("the par is not a number from 1")?;
    let start = sfen::parse_position(position).map_err(|e| e.to_string())?;
    let mut squares = Bitboard::EMPTY;
    for name in targets.split_whitespace().filter(|&t| t != "-") {
        squares = squares.with(Square::from_usi(name).ok_or_else(|| format!("`{name}` is not a square"))?);
    }
    let replies = match fields.get(3) {
        Some(replies) => replies
            .split_whitespace()
            .map(|m| usi::parse(m).map_err(|_| format!("`{m}` is not a USI move")))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    Ok(Level { start, goal, par, targets: squares, replies, named, say: Both::default() })
}

/// Stars for reaching a goal in `moves` where `par` would do: three at par, two within
/// twice par, else one.
pub fn stars(moves: u8, par: u8) -> u8 {
    if moves <= par {
        3
    } else if moves <= par.saturating_mul(2) {
        2
    } else {
        1
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Standing {
    Playing,
    Passed {
        stars: u8,
    },
    /// The move did not reach the goal, and the level does not go on after it.
    Failed,
}

/// One level being played.
#[derive(Clone, PartialEq, Debug)]
pub struct LevelRun {
    pub id: LessonId,
    pub position: Position,
    /// The learner's moves so far.
    pub moves: u8,
    /// The target squares not yet reached.
    pub left: Bitboard,
    pub standing: Standing,
    promoted: bool,
    /// Every position's hash so far, for the repetition.
    seen: Vec<u64>,
}

impl LevelRun {
    pub fn new(id: LessonId, level: &Level) -> LevelRun {
        LevelRun {
            id,
            position: level.start.clone(),
            moves: 0,
            left: level.targets,
            standing: Standing::Playing,
            promoted: false,
            seen: vec![level.start.hash()],
        }
    }

    /// The learner's legal move `m`: the run goes on, passes or fails; the opponent's reply,
    /// if it made one. An illegal move, or one after the end, changes nothing.
    pub fn apply(&mut self, level: &Level, m: Move) -> Option<Move> {
        if self.standing != Standing::Playing || !self.position.is_legal(m) {
            return None;
        }
        self.play(m);
        self.moves = self.moves.saturating_add(1);
        if m.is_drop() || level.goal != Goal::Drop {
            self.left = self.left.without(m.to());
        }
        self.promoted |= m.is_promotion();
        if self.reached(level) {
            self.standing = Standing::Passed { stars: stars(self.moves, level.par) };
            return None;
        }
        let reply = level.replies.get(usize::from(self.moves) - 1).copied().filter(|&r| self.position.is_legal(r));
        match reply {
            Some(reply) => {
                self.play(reply);
                // A repetition is as often completed by the reply as by the learner's move.
                if level.goal == Goal::Draw && self.reached(level) {
                    self.standing = Standing::Passed { stars: stars(self.moves, level.par) };
                } else if !self.position.has_legal_moves() {
                    self.standing = Standing::Failed;
                }
            }
            None => match self.position.null_move().filter(|_| level.goal.goes_on()) {
                Some(passed) => self.position = passed,
                None => self.standing = Standing::Failed,
            },
        }
        reply
    }

    fn play(&mut self, m: Move) {
        self.position = self.position.after(m);
        self.seen.push(self.position.hash());
    }

    /// Whether the goal is reached in the position after the learner's move.
    fn reached(&self, level: &Level) -> bool {
        let pos = &self.position;
        let learner = !pos.turn();
        match level.goal {
            Goal::Stars | Goal::Capture | Goal::Drop => self.left.is_empty(),
            Goal::Promote => self.promoted && self.left.is_empty(),
            Goal::Protect => {
                level.targets.into_iter().all(|sq| !pos.attackers_to(sq, learner, pos.occupied()).is_empty())
            }
            Goal::Check => pos.is_check(),
            Goal::Mate => pos.is_checkmate(),
            Goal::Escape => true,
            Goal::Draw => self.seen.iter().any(|h| self.seen.iter().filter(|&o| o == h).count() >= 4),
            Goal::Castle | Goal::Strategy => level.named.as_ref().is_some_and(|named| (named.stands)(pos)),
        }
    }
}

/// The best stars of each level passed on this device, by [`LessonId::name`].
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct LessonProgress {
    best: BTreeMap<String, u8>,
}

const PROGRESS_HEADER: &str = "shogi-lessons 1";

impl LessonProgress {
    pub fn stars(&self, id: LessonId) -> Option<u8> {
        self.best.get(&id.name()).copied()
    }

    /// Keeps `stars` for `id` if better than what was kept.
    pub fn pass(&mut self, id: LessonId, stars: u8) {
        let best = self.best.entry(id.name()).or_insert(0);
        *best = (*best).max(stars);
    }

    /// Takes in what another tab kept: the better of each level's stars.
    pub fn merge(&mut self, other: &LessonProgress) {
        for (name, &stars) in &other.best {
            let best = self.best.entry(name.clone()).or_insert(0);
            *best = (*best).max(stars);
        }
    }

    /// The stars won in stage `stage` of a course of `levels` levels there.
    pub fn stage_stars(&self, stage: usize, levels: usize) -> u32 {
        (0..levels).filter_map(|level| self.stars(LessonId { stage, level })).map(u32::from).sum()
    }

    pub fn write(&self) -> String {
        let mut text = String::from(PROGRESS_HEADER);
        for (name, stars) in &self.best {
            text.push_str(&format!("\n{name} {stars}"));
        }
        text
    }

    /// Reads [`write`](Self::write)'s text; `None` when any line is not a level and its stars.
    pub fn parse(text: &str) -> Option<LessonProgress> {
        let mut lines = text.lines();
        if lines.next()? != PROGRESS_HEADER {
            return None;
        }
        let mut progress = LessonProgress::default();
        for line in lines.filter(|l| !l.trim().is_empty()) {
            let (name, stars) = line.trim().split_once(' ')?;
            let id = LessonId::parse(name).filter(|id| id.name() == name)?;
            let stars = stars.parse::<u8>().ok().filter(|s| (1..=3).contains(s))?;
            progress.pass(id, stars);
        }
        Some(progress)
    }
}

/// The side the learner plays in every level.
pub const LEARNER: Color = Color::Sente;

#[cfg(test)]
mod tests {
    use super::*;

    const ROOK: &str = "level stars 1 | 9/9/9/9/4R4/9/9/9/9 b - 1 | 5a";

    fn no_names() -> Arc<Names> {
        Arc::new(Names::default())
    }

    fn course_of(levels: &str) -> String {
        let mut text = String::new();
        for id in STAGES {
            text.push_str(&format!("stage {id}\nen {id}\nja {id}\n{levels}\nen Go.\nja 進む。\n"));
        }
        text
    }

    #[test]
    fn a_course_reads_its_stages_levels_and_texts() {
        let course = parse_course(&course_of(ROOK), &no_names()).unwrap();
        assert_eq!(course.len(), STAGES.len());
        let level = &course[6].levels[0];
        assert_eq!((course[6].id, level.goal, level.par), ("rook", Goal::Stars, 1));
        assert_eq!(level.targets, Bitboard::from_square(Square::from_usi("5a").unwrap()));
        assert_eq!((level.say.get(Lang::En), level.say.get(Lang::Ja)), ("Go.", "進む。"));
    }

    #[test]
    fn a_bad_course_names_its_line() {
        let bad = course_of(ROOK).replacen("stars 1", "stars x", 1);
        assert_eq!(parse_course(&bad, &no_names()).unwrap_err().line, 4);
        assert!(parse_course(&course_of(ROOK).replacen("stage gold", "stage rook", 1), &no_names()).is_err());
        for bad in ["fly 1", "castle:boat 1", "castle 1", "stars:boat 1"] {
            let level = format!("level {bad} | 9/9/9/9/9/9/9/9/9 b - 1 | -");
            assert!(parse_course(&course_of(&level), &no_names()).is_err(), "{bad}");
        }
    }

    #[test]
    fn stars_fall_with_the_moves_beyond_par() {
        assert_eq!([1, 2, 3, 9].map(|m| stars(m, 1)), [3, 2, 1, 1]);
        assert_eq!([3, 4, 6, 7].map(|m| stars(m, 3)), [3, 2, 2, 1]);
    }

    #[test]
    fn a_level_passes_at_par_or_the_long_way_round() {
        let level = parse_level(ROOK.trim_start_matches("level "), &no_names()).unwrap();
        let id = LessonId::parse("rook:1").unwrap();
        let mv = |text: &str| usi::parse(text).unwrap();
        let mut run = LevelRun::new(id, &level);
        run.apply(&level, mv("5e5a"));
        assert_eq!(run.standing, Standing::Passed { stars: 3 });
        let mut run = LevelRun::new(id, &level);
        for m in ["5e1e", "1e1a", "1a5a"] {
            assert_eq!(run.standing, Standing::Playing);
            run.apply(&level, mv(m));
        }
        assert_eq!((run.standing, run.moves), (Standing::Passed { stars: 1 }, 3));
    }

    #[test]
    fn a_wrong_mate_fails_and_an_illegal_move_changes_nothing() {
        let level = parse_level("mate 1 | 4k4/9/4P4/9/9/9/9/9/9 b G 1 | -", &no_names()).unwrap();
        let mut run = LevelRun::new(LessonId::default(), &level);
        run.apply(&level, usi::parse("5c5d").unwrap());
        assert_eq!((run.standing, run.moves), (Standing::Playing, 0));
        run.apply(&level, usi::parse("G*4b").unwrap());
        assert_eq!(run.standing, Standing::Failed);
        let mut run = LevelRun::new(LessonId::default(), &level);
        run.apply(&level, usi::parse("G*5b").unwrap());
        assert_eq!(run.standing, Standing::Passed { stars: 3 });
    }

    #[test]
    fn a_castle_is_built_when_the_names_give_it_to_the_learner() {
        let names =
            Arc::new(crate::ui::model::names::parse_names("castle boat | Boat | 舟囲い | K7h G6i G5h").unwrap());
        // Sente's king on 6h, golds on 6i and 4i: the king and a gold make the Boat.
        let level = parse_level("castle:boat 2 | 4k4/9/9/9/9/9/9/3K5/3G1G3 b - 1 | -", &names).unwrap();
        assert_eq!(goal_words(&level, Lang::En), "Goal: build this castle: Boat.");
        let mut run = LevelRun::new(LessonId::default(), &level);
        run.apply(&level, usi::parse("6h7h").unwrap());
        assert_eq!(run.standing, Standing::Playing, "the opponent passes and the learner goes on");
        run.apply(&level, usi::parse("4i5h").unwrap());
        assert_eq!(run.standing, Standing::Passed { stars: 3 });
        assert!(parse_level("castle:mino 2 | 4k4/9/9/9/9/9/9/3K5/3G1G3 b - 1 | -", &names).is_err(), "no such castle");
    }

    #[test]
    fn stars_in_words() {
        assert_eq!(stars_words(Lang::En, Some(2)), "2 of 3 stars");
        assert_eq!(stars_words(Lang::Ja, Some(3)), "星3／3");
        assert_eq!(stars_words(Lang::En, None), "not passed yet");
        let mate = parse_level("mate 1 | 4k4/9/4P4/9/9/9/9/9/9 b G 1 | -", &no_names()).unwrap();
        assert_eq!(goal_words(&mate, Lang::Ja), "目標：詰ませる。");
    }

    #[test]
    fn progress_is_readable_text_and_merges_to_the_best() {
        let mut mine = LessonProgress::default();
        mine.pass(LessonId::parse("rook:1").unwrap(), 2);
        mine.pass(LessonId::parse("rook:1").unwrap(), 1);
        let mut theirs = LessonProgress::default();
        theirs.pass(LessonId::parse("rook:1").unwrap(), 3);
        theirs.pass(LessonId::parse("king:2").unwrap(), 1);
        mine.merge(&theirs);
        assert_eq!(mine.write(), "shogi-lessons 1\nking:2 1\nrook:1 3");
        assert_eq!(LessonProgress::parse(&mine.write()), Some(mine.clone()));
        assert_eq!(mine.stage_stars(6, 3), 3);
        for bad in ["rook:1 3", "shogi-lessons 1\nrook:1 4", "shogi-lessons 1\nbogus:1 3", "shogi-lessons 1\nrook:01 3"]
        {
            assert_eq!(LessonProgress::parse(bad), None, "{bad}");
        }
    }
}
