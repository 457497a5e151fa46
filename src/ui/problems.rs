//! The mating problems at the table: the collection (fetched from `problems.txt` when first
//! wanted), the progress kept on the device, and the problem being solved. The learner's
//! moves are judged by the solver in the engine's worker; its answers come back through
//! `App` (`state.rs`), which hands them to [`Problems::answer`]. Provided through context.

use std::sync::Arc;

use leptos::prelude::*;

use crate::notation::usi::PositionCommand;
use crate::rules::{Color, ImpasseRule, Move, Position};
use crate::tsume::{parse_problems, Judgement, Problem};
use crate::ui::browser::{engine, storage};
use crate::ui::computer::next_id;
use crate::ui::model::mode::Mode;
use crate::ui::model::movetext::move_text;
use crate::ui::model::problems::{
    as_problem, refusal, FoundMate, NoProblem, ProblemRun, Progress, Source, Stage, MAX_FOUND_PLIES, MAX_GIVEN_PLIES,
};
use crate::ui::model::remark::Remark;
use crate::ui::model::saved::SavedGame;
use crate::ui::model::table::{Sides, Table};
use crate::ui::play::Play;
use crate::ui::settings::Settings;
use crate::ui::text::i18n::T;
use crate::worker::{Mate, Reply, Request};

/// What a solver request in flight was asked for.
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
    /// The mates a side missed in a finished game.
    Missed,
}

/// A finished game's side to look through for missed mates.
#[derive(Clone)]
struct Scan {
    game: u64,
    start: Position,
    moves: Vec<Move>,
    side: Color,
}

/// The looking through the finished games for missed mates.
#[derive(Clone, Default)]
pub struct Scanning {
    /// What is left to look through, the next first.
    queue: Vec<Scan>,
    /// The mates found so far in the game being looked through (a game is stored as looked
    /// through once both of a two-person game's sides are).
    found: Vec<FoundMate>,
    pub done: usize,
    pub total: usize,
}

/// How an attempt ended, for a page that embeds the board (`shogi:solved`, `shogi:failed`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ProblemNews {
    Solved,
    Failed,
}

/// The collection as fetched: its problems, or why they could not be had.
pub type Collection = Result<Arc<Vec<Problem>>, String>;

#[derive(Clone, Copy)]
pub struct Problems {
    /// `None` until fetched.
    pub collection: RwSignal<Option<Collection>>,
    pub progress: RwSignal<Progress>,
    /// The problem at the table, if one is.
    pub run: RwSignal<Option<ProblemRun>>,
    /// Each attempt's end, numbered so that two alike are both heard.
    pub news: RwSignal<Option<(u32, ProblemNews)>>,
    /// The looking through the finished games, while it goes on.
    pub scanning: RwSignal<Option<Scanning>>,
    /// The solver request in flight: its id, what it is for, and the request (sent again if
    /// the worker is replaced before it answers).
    asked: RwSignal<Option<(u32, Asked, Request)>>,
    play: Play,
    settings: Settings,
    /// The board's hint arrow (the engine state's).
    hint: RwSignal<Option<Move>>,
}

impl Problems {
    pub fn new(play: Play, settings: Settings, hint: RwSignal<Option<Move>>, progress: Progress) -> Problems {
        Problems {
            collection: RwSignal::new(None),
            progress: RwSignal::new(progress),
            run: RwSignal::new(None),
            news: RwSignal::new(None),
            scanning: RwSignal::new(None),
            asked: RwSignal::new(None),
            play,
            settings,
            hint,
        }
    }

    /// What the page provided (`Root` does, before any view is built).
    pub fn get() -> Problems {
        expect_context::<Problems>()
    }

    /// Fetches the collection, once.
    pub fn load(&self) {
        if self.collection.with_untracked(|c| c.as_ref().is_some_and(Result::is_ok)) {
            return;
        }
        let collection = self.collection;
        collection.set(None);
        leptos::task::spawn_local(async move {
            collection.set(Some(fetch_collection().await));
        });
    }

    /// Puts the collection's problem `index` at the table.
    pub fn open(&self, index: usize) {
        let problem = self.collection.with_untracked(|c| match c {
            Some(Ok(problems)) => problems.get(index).cloned(),
            _ => None,
        });
        if let Some(problem) = problem {
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
            self.ask(Asked::Measure, |id| Request::Solve { id, position: start, max_plies: MAX_GIVEN_PLIES });
        }
    }

    /// Puts the mate missed in a game (`Progress::found[index]`) at the table.
    pub fn open_found(&self, index: usize) {
        if let Some(found) = self.progress.with_untracked(|p| p.found.get(index).cloned()) {
            self.start(ProblemRun::of_found(index, &found));
        }
    }

    /// Looks through the finished games not looked through yet, a side the person played at
    /// a time, for the mates they missed (`tsume::missed_mates` in the worker).
    pub fn look_through(&self, games: Vec<SavedGame>) {
        if self.scanning.with_untracked(Option::is_some) || self.asked.with_untracked(Option::is_some) {
            return;
        }
        let mut queue: Vec<Scan> = Vec::new();
        for game in games.iter().filter(|g| !self.progress.with_untracked(|p| p.is_scanned(g.id))) {
            for side in Color::ALL.into_iter().filter(|&c| game.sides.person_plays(c)) {
                let (start, moves) = (game.start.clone(), game.moves.clone());
                queue.push(Scan { game: game.id, start, moves, side });
            }
        }
        let total = queue.iter().map(|s| s.game).collect::<std::collections::BTreeSet<_>>().len();
        queue.reverse();
        self.scanning.set(Some(Scanning { queue, found: Vec::new(), done: 0, total }));
        self.scan_next();
    }

    /// Asks the worker about the next game's side, or ends the looking through.
    fn scan_next(&self) {
        let Some(next) = self.scanning.with_untracked(|s| s.as_ref().and_then(|s| s.queue.last().cloned())) else {
            self.scanning.set(None);
            return;
        };
        let game = PositionCommand { start: next.start, moves: next.moves };
        self.ask(Asked::Missed, |id| Request::MissedMates { id, game, side: next.side, max_plies: MAX_FOUND_PLIES });
    }

    /// A game's side looked through: its mates are kept, and the game stored as looked
    /// through once its last side is.
    fn scanned(&self, missed: &[crate::tsume::MissedMate]) {
        let mut finished_game = None;
        self.scanning.update(|s| {
            let Some(s) = s else { return };
            let Some(scan) = s.queue.pop() else { return };
            let positions = PositionCommand { start: scan.start.clone(), moves: scan.moves.clone() }.positions();
            s.found.extend(missed.iter().filter_map(|m| {
                let position = positions.get(m.ply)?.clone();
                Some(FoundMate { game: scan.game, ply: m.ply, plies: m.plies, position })
            }));
            if s.queue.last().is_none_or(|next| next.game != scan.game) {
                s.done += 1;
                finished_game = Some((scan.game, std::mem::take(&mut s.found)));
            }
        });
        if let Some((game, found)) = finished_game {
            self.progress.update(|p| p.add_scanned(game, found));
            self.store();
        }
        self.scan_next();
    }

    /// Stops looking through the games (the dialog closed: the engine may need the worker);
    /// what was looked through is kept, the rest waits for the next time.
    pub fn stop_looking_through(&self) {
        if self.scanning.with_untracked(Option::is_some) {
            self.forget_asked();
        }
    }

    /// The worker was replaced before it answered: the request in flight is sent again.
    pub fn ask_again(&self) {
        if let Some((_, _, request)) = self.asked.get_untracked() {
            engine::send(&request);
        }
    }

    /// The problem after this one in the collection, if there is one.
    pub fn next_index(&self) -> Option<usize> {
        let Some(Source::Collection(index)) = self.run.with(|r| r.as_ref().map(|r| r.source)) else { return None };
        let count = self.collection.with(|c| c.as_ref().and_then(|c| c.as_ref().ok()).map_or(0, |p| p.len()));
        (index + 1 < count).then_some(index + 1)
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
        self.ask(Asked::Judge, |id| Request::Judge { id, position: pos, plies_left, attacker_move: m });
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
            self.ask(Asked::Hint, |id| Request::Solve { id, position, max_plies: plies_left });
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
            Source::Collection(index) => self.collection.with_untracked(|c| match c {
                Some(Ok(problems)) => problems.get(index).map(|p| p.solution.clone()),
                _ => None,
            }),
            Source::Given | Source::Found(_) => None,
        };
        let played = self.play.table.with_untracked(|t| t.moves().to_vec());
        match stored.filter(|s| s.starts_with(&played)) {
            Some(solution) => self.play_out(&solution[played.len()..]),
            None => {
                let (position, plies_left) = self.position_and_plies_left();
                self.ask(Asked::Solution, |id| Request::Solve { id, position, max_plies: plies_left });
            }
        }
    }

    /// Uses the worker's reply if it answers this part's request; whether it did.
    pub fn answer(&self, reply: &Reply) -> bool {
        let id = match reply {
            Reply::Judged { id, .. } | Reply::Solved { id, .. } | Reply::Missed { id, .. } => *id,
            _ => return false,
        };
        let Some((asked_id, asked, _)) = self.asked.get_untracked() else { return false };
        if asked_id != id {
            return false;
        }
        self.asked.set(None);
        match (asked, reply) {
            (Asked::Judge, Reply::Judged { judgement, .. }) => self.judged(*judgement),
            (Asked::Measure, Reply::Solved { mate, .. }) => self.measured(mate),
            (Asked::Hint, Reply::Solved { mate: Mate::Line(line), .. }) => self.show_hint(line.first().copied()),
            (Asked::Solution, Reply::Solved { mate: Mate::Line(line), .. }) => self.play_out(line),
            (Asked::Missed, Reply::Missed { found, .. }) => self.scanned(found),
            // The mate the learner's moves kept is always there; a solver that gave up on it says so.
            (Asked::Hint | Asked::Solution, Reply::Solved { .. }) => {
                self.play.message.set(Some(Remark::of(T::ProblemTooLong)))
            }
            _ => {}
        }
        true
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

    /// Sends the request `make` writes under a fresh id.
    fn ask(&self, asked: Asked, make: impl FnOnce(u32) -> Request) {
        let id = next_id();
        let request = make(id);
        engine::send(&request);
        self.asked.set(Some((id, asked, request)));
    }

    /// A request still in flight is of no use now: the worker running it is replaced (and
    /// the looking through the games stops; it goes on where it was when asked again).
    fn forget_asked(&self) {
        if self.asked.get_untracked().is_some() {
            self.asked.set(None);
            self.scanning.set(None);
            engine::restart();
        }
    }
}

/// Fetches and reads `problems.txt` (the service worker keeps it for offline use).
async fn fetch_collection() -> Collection {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let fail = |what: &str| what.to_string();
    let response = JsFuture::from(window().fetch_with_str("problems.txt")).await.map_err(|_| fail("offline"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| fail("no response"))?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|_| fail("no text"))?).await.map_err(|_| fail("no text"))?;
    let text = text.as_string().unwrap_or_default();
    parse_problems(&text).map(Arc::new).map_err(|e| e.to_string())
}
