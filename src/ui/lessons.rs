//! The lesson at the table: the course, fetched from `lessons.txt` when first wanted (the
//! service worker keeps it for offline use), the level being played, and the progress kept on
//! the device. The level's rules are the model's (`model/lessons.rs`); this part puts its
//! position on the board after each move. Provided through context.

use std::sync::Arc;

use leptos::prelude::*;

use crate::rules::{Bitboard, ImpasseRule, Move, Position};
use crate::ui::browser::storage;
use crate::ui::browser::files;
use crate::ui::model::lesson_id::{LessonId, STAGES};
use crate::ui::model::lessons::{parse_course, COURSE_FILE, LessonProgress, Level, LevelRun, Stage, Standing};
use crate::ui::model::mode::Mode;
use crate::ui::model::names::{parse_names, NAMES_FILE};
use crate::ui::model::remark::Remark;
use crate::ui::model::table::{Sides, Table};
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::T;
use crate::ui::text::speech;

/// The course as fetched: its stages, or why they could not be had.
pub type Course = Result<Arc<Vec<Stage>>, String>;

#[derive(Clone, Copy)]
pub struct Lessons {
    /// `None` until fetched.
    pub course: RwSignal<Option<Course>>,
    pub progress: RwSignal<LessonProgress>,
    /// The level at the table, if one is.
    pub run: RwSignal<Option<LevelRun>>,
    /// How many levels were passed here, so that two alike are both heard.
    pub passed: RwSignal<u32>,
    /// The lesson asked for before the course arrived.
    wanted: RwSignal<Option<LessonId>>,
    play: Play,
    settings: Settings,
}

impl Lessons {
    pub fn new(play: Play, settings: Settings, progress: LessonProgress) -> Lessons {
        Lessons {
            course: RwSignal::new(None),
            progress: RwSignal::new(progress),
            run: RwSignal::new(None),
            passed: RwSignal::new(0),
            wanted: RwSignal::new(None),
            play,
            settings,
        }
    }

    /// What the page provided (`start_page` does, before any view is built).
    pub fn get() -> Lessons {
        expect_context::<Lessons>()
    }

    /// Fetches the course, once (again after a failure); a lesson asked for meanwhile then opens.
    pub fn load(&self) {
        if self.course.with_untracked(|c| c.as_ref().is_some_and(Result::is_ok)) {
            return;
        }
        let lessons = *self;
        self.course.set(None);
        leptos::task::spawn_local(async move {
            // The castles' and strategies' goals are the names' file's definitions.
            let course = match (files::text(COURSE_FILE).await, files::text(NAMES_FILE).await) {
                (Ok(text), Ok(names)) => course_on_demand(text, names).await,
                (Err(e), _) | (_, Err(e)) => Err(e),
            };
            lessons.course.set(Some(course));
            if let Some(id) = lessons.wanted.get_untracked() {
                lessons.open(id);
            }
        });
    }

    /// Puts lesson `id` at the table (its stage's first level when the stage has no such
    /// level), once the course is there.
    pub fn open(&self, id: LessonId) {
        let Some(Ok(course)) = self.course.get_untracked() else {
            self.wanted.set(Some(id));
            return self.load();
        };
        self.wanted.set(None);
        let asked = (id.level + 1).to_string();
        let missing = course[id.stage].levels.get(id.level).is_none();
        let id = if missing { LessonId { level: 0, ..id } } else { id };
        let run = LevelRun::new(id, &course[id.stage].levels[id.level]);
        self.play.mode.set(Mode::Lesson);
        self.settings.flipped.set(false);
        self.show(&run, None);
        self.run.set(Some(run));
        if missing {
            self.play.message.set(Some(Remark::new(move |lang| T::NoSuchLevel.with(lang, &[&asked]))));
        }
    }

    /// The level being played, as the course has it.
    pub fn level(&self) -> Option<Level> {
        let id = self.run.with(|r| r.as_ref().map(|r| r.id))?;
        self.course.with(|c| c.as_ref()?.as_ref().ok()?[id.stage].levels.get(id.level).cloned())
    }

    /// The number of levels in `stage` (none until fetched).
    pub fn level_count(&self, stage: usize) -> usize {
        self.course.with(|c| c.as_ref().and_then(|c| c.as_ref().ok()).map_or(0, |c| c[stage].levels.len()))
    }

    /// The lesson after the one at the table: the stage's next level, or the next stage's first.
    pub fn next(&self) -> Option<LessonId> {
        let id = self.run.with(|r| r.as_ref().map(|r| r.id))?;
        if id.level + 1 < self.level_count(id.stage) {
            Some(LessonId { level: id.level + 1, ..id })
        } else {
            (id.stage + 1 < STAGES.len()).then(|| LessonId { stage: id.stage + 1, level: 0 })
        }
    }

    /// The learner's move: the level goes on (after the opponent's reply or pass), passes or fails.
    pub fn attempt(&self, m: Move) {
        let (Some(level), Some(mut run)) = (self.level(), self.run.get_untracked()) else { return };
        if !run.position.is_legal(m) {
            return;
        }
        let before = run.position.clone();
        let reply = run.apply(&level, m);
        self.show(&run, Some((before, m, reply)));
        if let Standing::Passed { stars } = run.standing {
            self.progress.update(|p| p.pass(run.id, stars));
            self.store();
            self.passed.update(|n| *n += 1);
        }
        self.run.set(Some(run));
    }

    /// Plays the level at the table again from its start.
    pub fn retry(&self) {
        if let Some(id) = self.run.with_untracked(|r| r.as_ref().map(|r| r.id)) {
            self.open(id);
        }
    }

    /// The lessons leave the board.
    pub fn close(&self) {
        self.run.set(None);
        self.wanted.set(None);
        self.play.targets.set(Bitboard::EMPTY);
    }

    /// Puts the run's position on the board, its targets marked, with the learner's `played`
    /// move (from the position before it) and the reply said in words.
    fn show(&self, run: &LevelRun, played: Option<(Position, Move, Option<Move>)>) {
        self.play.put(Table::new(run.position.clone(), Sides::Sente, ImpasseRule::Declaration27));
        self.play.targets.set(run.left);
        self.play.lock.set((run.standing != Standing::Playing).then_some(T::LessonOver));
        let Some((before, m, reply)) = played else { return };
        let standing = run.standing;
        self.play.message.set(Some(Remark::new(move |lang| {
            let mut words = vec![speech::move_words(lang, &before, m)];
            if let Some(reply) = reply {
                words.push(speech::move_words(lang, &before.after(m), reply));
            }
            match standing {
                Standing::Passed { stars } => words.push(T::LessonPassed.with(lang, &[&stars.to_string()])),
                Standing::Failed => words.push(T::LessonFailed.get(lang).to_string()),
                Standing::Playing => {}
            }
            words.join(T::SentenceBreak.get(lang))
        })));
    }

    /// Stores the progress, with what another tab stored since taken in first.
    fn store(&self) {
        self.take_in_stored();
        self.progress.with_untracked(storage::save_lessons);
    }

    /// Takes in the progress another tab stored since this page read it.
    pub fn take_in_stored(&self) {
        if let Ok(Some(stored)) = storage::lessons() {
            self.progress.update(|p| p.merge(&stored));
        }
    }
}

/// The course, read from its file and the names' file: the readers' code comes with the
/// files, on first use (`ui/on_demand.rs`).
#[lazy]
fn course_on_demand(text: String, names: String) -> Course {
    let names = parse_names(&names).map(Arc::new).map_err(|e| e.to_string())?;
    parse_course(&text, &names).map(Arc::new).map_err(|e| e.to_string())
}

/// What the page asks of the lessons: both go through one entry, so that the code a learner's
/// move needs has come with the lesson it is played in (a move made while it was still coming
/// was judged on the position before the last one).
pub enum LessonAsk {
    /// Put this lesson at the table once the course is there (`Lessons::open`).
    Open(LessonId),
    /// The learner's move (`Lessons::attempt`).
    Move(Move),
}

/// The lessons' workings are not in the page's first download (issue 28): they come with the
/// first lesson. Each runs untracked, as the event it answers would (it is awaited outside any
/// event's handler).
#[lazy]
pub fn lesson_on_demand(lessons: Lessons, ask: LessonAsk) {
    untrack(|| match ask {
        LessonAsk::Open(id) => lessons.open(id),
        LessonAsk::Move(m) => lessons.attempt(m),
    })
}
