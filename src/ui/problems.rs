//! The mating problem at the table, and the progress kept on the device. The learner's moves
//! are judged by the solver in the engine's worker, asked through the engine's broker, which
//! hands each answer back with what it was asked for. Provided through context.

use leptos::prelude::*;

use crate::rules::{ImpasseRule, Move, Position};
use crate::tsume::Judgement;
use crate::ui::browser::engine::{self, Priority};
use crate::ui::browser::storage;
use crate::ui::collection::Collection;
use crate::ui::model::mode::Mode;
use crate::ui::model::movetext::move_text;
use crate::ui::model::problems::{
    as_problem, refusal, FoundMate, NoProblem, ProblemNews, ProblemRun, Progress, Source, Stage, MAX_GIVEN_PLIES,
};
use crate::ui::model::remark::Remark;
use crate::ui::model::table::{Sides, Table};
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::T;
use crate::worker::{Mate, Reply, Request};

/// What a solver request was asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Asked {
    /// The length of a given problem's mate.
    Measure,
    /// The verdict on the learner's move.
    Judge,
    /// The next move of a mate from the position now.
    Hint,
    /// The rest of a mate from the position now, to play out.
    Solution,
}

#[derive(Clone, Copy)]
pub struct Problems {
    pub progress: RwSignal<Progress>,
    /// The problem at the table, if one is.
    pub run: RwSignal<Option<ProblemRun>>,
    /// Each attempt's end, numbered so that two alike are both heard.
    pub news: RwSignal<Option<(u32, ProblemNews)>>,
    /// The id of the solver request in flight, if one is.
    asked: RwSignal<Option<u32>>,
    collection: Collection,
    play: Play,
    settings: Settings,
    /// The board's hint arrow (the engine state's).
    hint: RwSignal<Option<Move>>,
}

impl Problems {
    pub fn new(
        collection: Collection,
        play: Play,
        settings: Settings,
        hint: RwSignal<Option<Move>>,
        progress: Progress,
    ) -> Problems {
        Problems {
            progress: RwSignal::new(progress),
            run: RwSignal::new(None),
            news: RwSignal::new(None),
            asked: RwSignal::new(None),
            collection,
            play,
            settings,
            hint,
        }
    }

    /// What the page provided (`start_page` does, before any view is built).
    pub fn get() -> Problems {
        expect_context::<Problems>()
    }

    /// Puts the collection's problem `index` at the table.
    pub fn open(&self, index: usize) {
        if let Some(problem) = self.collection.problem(index) {
            self.start(ProblemRun::of_collection(index, &problem));
        }
    }

    /// Puts a position given as a problem at the table, the defender holding the pieces the
    /// position leaves over; the solver measures its mate first.
    pub fn open_given(&self, start: Position) {
        let start = Position::from_setup(&as_problem(&start.to_setup())).unwrap_or(start);
        let run = ProblemRun::given(start.clone());
        let measuring = run.stage == Stage::Measuring;
        self.start(run);
        if measuring {
            self.ask(Asked::Measure, move |id| Request::Solve {
                id,
                position: start.clone(),
                max_plies: MAX_GIVEN_PLIES,
            });
        }
    }

    /// Puts the mate missed in a game (`Progress::found[index]`) at the table.
    pub fn open_found(&self, index: usize) {
        if let Some(found) = self.progress.with_untracked(|p| p.found.get(index).cloned()) {
            self.start(ProblemRun::of_found(index, &found));
        }
    }

    /// Keeps the mates found in a game looked through, and that it was.
    pub fn keep_looked_through(&self, game: u64, found: Vec<FoundMate>) {
        self.progress.update(|p| p.add_scanned(game, found));
        self.store();
    }

    /// The problem after this one in the collection, if there is one.
    pub fn next_index(&self) -> Option<usize> {
        let Some(Source::Collection(index)) = self.run.with(|r| r.as_ref().map(|r| r.source)) else { return None };
        (index + 1 < self.collection.count()).then_some(index + 1)
    }

    /// The problem is left for a game: nothing more is asked of the solver.
    pub fn close(&self) {
        self.forget_asked();
        self.run.set(None);
        self.hint.set(None);
    }

    fn start(&self, run: ProblemRun) {
        self.forget_asked();
        self.hint.set(None);
        let sides = if run.attacker() == crate::rules::Color::Sente { Sides::Sente } else { Sides::Gote };
        self.play.put(Table::new(run.start.clone(), sides, ImpasseRule::Declaration27));
        self.play.mode.set(Mode::Problem);
        self.settings.flipped.set(sides == Sides::Gote);
        self.run.set(Some(run));
        self.enter_stage_of_run();
    }

    /// The learner's move: a check is played and judged, anything else is refused at once.
    pub fn attempt(&self, m: Move) {
        let Some(run) = self.run.get_untracked().filter(ProblemRun::awaits_move) else { return };
        let (pos, played) = self.play.table.with_untracked(|t| (t.position().clone(), t.ply()));
        if !pos.gives_check(m) {
            self.play.selected.set(None);
            self.play.message.set(Some(Remark::of(T::ProblemNotCheck)));
            return;
        }
        if !self.play.play(m) {
            return;
        }
        self.hint.set(None);
        self.set_stage(Stage::Judging(m));
        let plies_left = run.plies_left(played);
        self.ask(Asked::Judge, move |id| Request::Judge { id, position: pos.clone(), plies_left, attacker_move: m });
    }

    /// Takes back a refused move (and its reply), or starts a finished problem again.
    pub fn retry(&self) {
        let Some(run) = self.run.get_untracked() else { return };
        match run.stage {
            Stage::Refused { .. } => {
                self.play.undo();
                self.run.update(|r| {
                    if let Some(r) = r {
                        r.attempt_counted = false;
                    }
                });
                self.set_stage(Stage::Solving);
            }
            Stage::Solved | Stage::Shown => {
                self.start(ProblemRun { stage: Stage::Solving, attempt_counted: false, ..run });
            }
            _ => {}
        }
    }

    pub fn ask_hint(&self) {
        if self.run.with_untracked(|r| r.as_ref().is_some_and(ProblemRun::awaits_move)) {
            let (position, plies_left) = self.position_and_plies_left();
            self.ask(Asked::Hint, move |id| Request::Solve { id, position: position.clone(), max_plies: plies_left });
        }
    }

    /// Plays the rest of a mate out: the stored solution while the learner followed it, else
    /// the solver's from the position now (after taking back a refused move).
    pub fn show_solution(&self) {
        let Some(run) = self.run.get_untracked() else { return };
        match run.stage {
            Stage::Refused { .. } => self.play.undo(),
            Stage::Solving => {}
            _ => return,
        }
        let stored = match run.source {
            Source::Collection(index) => self.collection.problem(index).map(|p| p.solution),
            Source::Given | Source::Found(_) => None,
        };
        let played = self.play.table.with_untracked(|t| t.moves().to_vec());
        match stored.filter(|s| s.starts_with(&played)) {
            Some(solution) => self.play_out(&solution[played.len()..]),
            None => {
                let (position, plies_left) = self.position_and_plies_left();
                self.ask(Asked::Solution, move |id| Request::Solve {
                    id,
                    position: position.clone(),
                    max_plies: plies_left,
                });
            }
        }
    }

    /// Uses the solver's answer to what was `asked`.
    fn answer(&self, asked: Asked, reply: Reply) {
        self.asked.set(None);
        match (asked, reply) {
            (Asked::Judge, Reply::Judged { judgement, .. }) => self.judged(judgement),
            (Asked::Measure, Reply::Solved { mate, .. }) => self.measured(&mate),
            (Asked::Hint, Reply::Solved { mate: Mate::Line(line), .. }) => self.show_hint(line.first().copied()),
            (Asked::Solution, Reply::Solved { mate: Mate::Line(line), .. }) => self.play_out(&line),
            // The worker lost the request: as if the solver gave up.
            (Asked::Judge, _) => self.judged(None),
            (Asked::Measure, _) => self.measured(&Mate::Undecided),
            // The mate the learner's moves kept is always there; a solver that gave up on it says so.
            (Asked::Hint | Asked::Solution, _) => self.play.message.set(Some(Remark::of(T::ProblemTooLong))),
        }
    }

    fn judged(&self, judgement: Option<Judgement>) {
        let Some(Stage::Judging(mv)) = self.run.with_untracked(|r| r.as_ref().map(|r| r.stage)) else { return };
        match judgement {
            Some(Judgement::Mates { reply: Some(reply), .. }) => {
                self.play.play(reply);
                self.set_stage(Stage::Solving);
            }
            Some(Judgement::Mates { reply: None, .. }) => {
                self.count(true);
                self.set_stage(Stage::Solved);
                self.tell(ProblemNews::Solved);
            }
            Some(Judgement::Refuted { reply }) => {
                let (before, plies_left) = self.play.table.with_untracked(|t| {
                    let before = t.position_at(t.ply() - 1).clone();
                    let plies = self.run.with_untracked(|r| r.as_ref().map_or(0, |r| r.plies_left(t.ply() - 1)));
                    (before, plies)
                });
                self.play.play(reply);
                self.count(false);
                self.set_stage(Stage::Refused { mv, reply });
                let notation = self.settings.notation.get_untracked();
                self.play
                    .message
                    .set(Some(Remark::new(move |lang| refusal(lang, notation, &before, mv, reply, plies_left))));
                self.tell(ProblemNews::Failed);
            }
            // The page sends only legal checks; a solver that gave up takes the move back unjudged.
            Some(Judgement::NotCheck | Judgement::Illegal) | None => {
                self.play.undo();
                self.set_stage(Stage::Solving);
                self.play.message.set(Some(Remark::of(T::ProblemTooLong)));
            }
        }
    }

    fn measured(&self, mate: &Mate) {
        let stage = match mate {
            Mate::Line(line) => {
                let plies = line.len() as u8;
                self.run.update(|r| {
                    if let Some(r) = r {
                        r.plies = plies;
                    }
                });
                Stage::Solving
            }
            Mate::None => Stage::NotAProblem(NoProblem::NoMate),
            Mate::Undecided => Stage::NotAProblem(NoProblem::TooLong),
        };
        self.set_stage(stage);
    }

    fn show_hint(&self, hint: Option<Move>) {
        let Some(hint) = hint else { return };
        self.hint.set(Some(hint));
        let notation = self.settings.notation.get_untracked();
        let pos = self.play.table.with_untracked(|t| t.position().clone());
        let previous = self.play.table.with_untracked(|t| t.moves().last().map(|m| m.to()));
        let text = move_text(notation, &pos, hint, previous);
        self.play.message.set(Some(Remark::new(move |lang| T::ProblemHintIs.with(lang, &[&text]))));
    }

    /// Plays `moves` (the rest of a mate) on the board: the solution is shown.
    fn play_out(&self, moves: &[Move]) {
        self.hint.set(None);
        for &m in moves {
            if !self.play.play(m) {
                break;
            }
        }
        self.count(false);
        self.set_stage(Stage::Shown);
        self.tell(ProblemNews::Failed);
    }

    /// Counts the attempt in the progress kept on the device (a refused move and then the
    /// solution are one attempt), and stores it.
    fn count(&self, solved: bool) {
        let Some(run) = self.run.get_untracked() else { return };
        if run.attempt_counted && !solved {
            return;
        }
        self.run.update(|r| {
            if let Some(r) = r {
                r.attempt_counted = true;
            }
        });
        if run.source == Source::Given {
            return;
        }
        self.progress.update(|p| {
            if solved {
                p.count_solved(&run.start);
            } else {
                p.count_attempt(&run.start);
            }
        });
        self.store();
    }

    /// Stores the progress, with what another tab stored since taken in first.
    fn store(&self) {
        self.take_in_stored();
        self.progress.with_untracked(storage::save_problems);
    }

    /// Takes in the progress another tab stored since this page read it.
    pub fn take_in_stored(&self) {
        if let Ok(Some(stored)) = storage::problems() {
            self.progress.update(|p| p.merge(&stored));
        }
    }

    fn tell(&self, news: ProblemNews) {
        let number = self.news.with_untracked(|n| n.map_or(0, |(k, _)| k + 1));
        self.news.set(Some((number, news)));
    }

    fn set_stage(&self, stage: Stage) {
        self.run.update(|r| {
            if let Some(r) = r {
                r.stage = stage;
            }
        });
        self.enter_stage_of_run();
    }

    /// The board's lock and the status line as the run's stage has them.
    fn enter_stage_of_run(&self) {
        let Some(stage) = self.run.with_untracked(|r| r.as_ref().map(|r| r.stage)) else { return };
        let (lock, message) = match stage {
            Stage::Measuring => (Some(T::ProblemMeasuring), None),
            Stage::Solving => (None, None),
            Stage::Judging(_) => (Some(T::ProblemChecking), None),
            Stage::Refused { .. } => (Some(T::ProblemRetryOrSolution), None),
            Stage::Solved => (Some(T::ProblemSolved), Some(T::ProblemSolved)),
            Stage::Shown => (Some(T::ProblemShown), Some(T::ProblemShown)),
            Stage::NotAProblem(why) => {
                let text = match why {
                    NoProblem::NoMate => T::ProblemNoMate,
                    NoProblem::TooLong => T::ProblemTooLong,
                    NoProblem::AttackerInCheck => T::ProblemAttackerInCheck,
                };
                (Some(T::ViewOnly), Some(text))
            }
        };
        self.play.lock.set(lock);
        if let Some(text) = message {
            let limit = MAX_GIVEN_PLIES.to_string();
            self.play.message.set(Some(Remark::new(move |lang| text.with(lang, &[&limit]))));
        } else if stage == Stage::Solving {
            self.play.message.set(None);
        }
    }

    fn position_and_plies_left(&self) -> (Position, u8) {
        let (position, played) = self.play.table.with_untracked(|t| (t.position().clone(), t.ply()));
        let plies_left = self.run.with_untracked(|r| r.as_ref().map_or(0, |r| r.plies_left(played)));
        (position, plies_left)
    }

    /// Asks the solver the request `make` writes under its id, in place of any request in flight.
    fn ask(&self, asked: Asked, make: impl Fn(u32) -> Request + 'static) {
        self.forget_asked();
        let problems = *self;
        let id = engine::submit(Priority::Solver, make, move |reply| problems.answer(asked, reply));
        self.asked.set(Some(id));
    }

    /// A request still in flight is of no use now.
    fn forget_asked(&self) {
        if let Some(id) = self.asked.get_untracked() {
            self.asked.set(None);
            engine::cancel(id);
        }
    }
}

/// What the page asks of the problems: all through one entry, so that the code a learner's
/// move needs has come with the problem it is played in.
pub enum ProblemAsk {
    /// The collection's problem `index` (`Problems::open`).
    Collection(usize),
    /// The mate missed in a game (`Problems::open_found`).
    Found(usize),
    /// A position given by the URL (`Problems::open_given`).
    Given(Box<Position>),
    /// The learner's move, judged by the solver (`Problems::attempt`).
    Move(Move),
}

/// The problems' workings (judging, hints, the progress kept) are not in the page's first
/// download (issue 28): they come with the first problem. Each runs untracked, as the event it
/// answers would (it is awaited outside any event's handler).
#[lazy]
pub fn problem_on_demand(problems: Problems, ask: ProblemAsk) {
    untrack(|| match ask {
        ProblemAsk::Collection(index) => problems.open(index),
        ProblemAsk::Found(index) => problems.open_found(index),
        ProblemAsk::Given(start) => problems.open_given(*start),
        ProblemAsk::Move(m) => problems.attempt(m),
    })
}
