//! The computer at the table: asks the engine's broker for its moves, hints, threats, the
//! analysis and the review, and keeps what they found to show. A search's answer is applied to
//! the game by `App` (`state.rs`), the game's controller, through the callback it gives.

use std::cell::Cell;

use leptos::prelude::*;

use crate::engine::Score;
use crate::notation::usi::PositionCommand;
use crate::rules::{Color, ImpasseRule, Move};
use crate::ui::browser::engine::{self, Priority};
use crate::ui::clock::Clocks;
use crate::ui::model::analysis::{Analysis, ANALYSIS_LINES};
use crate::ui::model::levels::strength_for;
use crate::ui::model::review::{Eval, MoveReport, ReviewRun, DEFAULT_REVIEW_MS};
use crate::ui::model::table::{Sides, Table};
use crate::ui::model::thinking::{Purpose, Thinking};
use crate::worker::{Reply, Request};

/// What the page knows of the engine: the time it gets per move, its search in flight,
/// and its suggestion for the person. Provided through context.
#[derive(Clone, Copy)]
pub struct EngineState {
    pub think_ms: RwSignal<u32>,
    pub thinking: RwSignal<Option<Thinking>>,
    /// The engine's suggestion for the person, drawn on the board.
    pub hint: RwSignal<Option<Move>>,
    /// Whether the analysis board is open: the engine studies the position shown.
    pub analysing: RwSignal<bool>,
    /// What the analysis found so far (while it runs).
    pub analysis: RwSignal<Option<Analysis>>,
    /// What the opponent would play if it were their move in the position shown.
    pub threat: RwSignal<Option<Threat>>,
    /// The engine's review of a game: under way, or done (shown while that game is at the table).
    pub review: RwSignal<Option<ReviewRun>>,
    /// The search time per position a review gets.
    pub review_ms: RwSignal<u32>,
}

/// The answer of a threat search: `side` would play `mv` in the position at `ply`, for
/// `score`; `mv` is None when that move is no threat (`model/threat.rs`).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Threat {
    pub ply: usize,
    /// The side that threatens (not the side to move).
    pub side: Color,
    pub mv: Option<Move>,
    /// From the threatening side's point of view.
    pub score: Score,
}

impl EngineState {
    /// The review of the game in `table`, if the engine has one or makes one (tracked).
    pub fn review_of(&self, table: RwSignal<Table>) -> Option<ReviewRun> {
        let run = self.review.get()?;
        table.with(|t| run.is_of(t.start(), t.moves())).then_some(run)
    }

    /// The judgement of each reviewed move of the game in `table`: the move list's marks, the
    /// review's panel and the board's arrow for the better move.
    pub fn move_reports(&self, table: RwSignal<Table>) -> Memo<Vec<MoveReport>> {
        let engine = *self;
        Memo::new(move |_| engine.review_of(table).map(|r| r.review.judge(&r.start, &r.moves)).unwrap_or_default())
    }

    pub fn new(think_ms: u32, analysing: bool) -> EngineState {
        let state = EngineState {
            think_ms: RwSignal::new(think_ms),
            thinking: RwSignal::new(None),
            hint: RwSignal::new(None),
            analysing: RwSignal::new(analysing),
            analysis: RwSignal::new(None),
            threat: RwSignal::new(None),
            review: RwSignal::new(None),
            review_ms: RwSignal::new(DEFAULT_REVIEW_MS),
        };
        note_persons_actions();
        state
    }

    /// The state the page provided (`start_page` does, before any view is built).
    pub fn get() -> EngineState {
        expect_context::<EngineState>()
    }

    /// The time a hint or a threat search gets: the engine's time per move, held to 0.5-3 s.
    pub fn suggestion_ms(&self) -> u32 {
        self.think_ms.get_untracked().clamp(500, 3000)
    }

    /// Asks for a search of `table`'s current position; `answered` gets the search and its answer.
    /// On `clocks` (the engine's move in a game on the clock), the engine's time is held until
    /// its worker takes the search: a worker still starting is not the engine thinking.
    pub fn request_search(
        &self,
        table: &Table,
        purpose: Purpose,
        time_ms: u32,
        clocks: Option<Clocks>,
        answered: impl Answered,
    ) {
        // A hint is the engine's best, at no level. The level is the one chosen, whatever the
        // time (on the clock, the clock gives the time).
        let level = if purpose == Purpose::Play { strength_for(self.think_ms.get_untracked()) } else { 0 };
        let game = PositionCommand { start: table.start().clone(), moves: table.moves().to_vec() };
        let side = table.position().turn();
        let waiting = match clocks {
            Some(clocks) if clocks.hold() => Waiting::Clock(clocks),
            // The engine playing itself answers no one's action.
            _ if table.sides == Sides::None => Waiting::Nobody,
            _ => Waiting::Person,
        };
        self.send_search(purpose, table.ply(), side, game, time_ms, waiting, level, table.impasse_rule, answered);
    }

    /// Asks what the opponent would play if it were their move in the position at `ply`;
    /// false when the side to move is in check (passing is then no move at all).
    pub fn request_threat(&self, table: &Table, ply: usize, time_ms: u32, answered: impl Answered) -> bool {
        let Some(passed) = table.position_at(ply).null_move() else { return false };
        let side = passed.turn();
        let game = PositionCommand { start: passed, moves: Vec::new() };
        self.send_search(Purpose::Threat, ply, side, game, time_ms, Waiting::Person, 0, table.impasse_rule, answered);
        true
    }

    /// Submits the search of `game` for `purpose`; its reports update `thinking`.
    #[allow(clippy::too_many_arguments)]
    fn send_search(
        &self,
        purpose: Purpose,
        ply: usize,
        side: Color,
        game: PositionCommand,
        time_ms: u32,
        waiting: Waiting,
        level: usize,
        impasse_rule: ImpasseRule,
        answered: impl Answered,
    ) {
        self.cancel_search();
        let time_ms = time_ms.saturating_sub(REPLY_MS).max(1);
        // The person's wait counts from their action, also while the search waits for the worker.
        let person_since_ms = waiting_since_ms(matches!(waiting, Waiting::Person));
        let priority = if purpose == Purpose::Play { Priority::Play } else { Priority::Suggestion };
        let thinking = self.thinking;
        let id = engine::submit(
            priority,
            move |id| {
                let waiting_since_ms = match waiting {
                    // The clock, held until now, gave the budget: it counts from now.
                    Waiting::Clock(clocks) => {
                        clocks.release();
                        js_sys::Date::now() as u64
                    }
                    Waiting::Person | Waiting::Nobody => person_since_ms,
                };
                Request::Search { id, game: game.clone(), time_ms, waiting_since_ms, level, impasse_rule }
            },
            move |reply| match reply {
                Reply::Info { depth, mut lines, .. } => thinking.update(|t| {
                    if let Some(t) = t.as_mut() {
                        let best = lines.swap_remove(0);
                        (t.depth, t.score, t.pv) = (depth, Some(best.score), best.pv);
                    }
                }),
                Reply::Done { best, declare_win, score, .. } => {
                    if let Some(search) = thinking.get_untracked() {
                        answered(search, best, declare_win, Some(score));
                    }
                }
                _ => {
                    thinking.set(None);
                    if let Waiting::Clock(clocks) = waiting {
                        clocks.release();
                    }
                }
            },
        );
        self.thinking.set(Some(Thinking { id, purpose, ply, side, depth: 0, score: None, pv: Vec::new() }));
    }

    /// Starts studying the position at `ply` of `table`, ending whatever the engine did before.
    pub fn start_analysis(&self, table: &Table, ply: usize) {
        self.cancel_search();
        self.stop_analysis();
        let game = PositionCommand { start: table.start().clone(), moves: table.moves()[..ply].to_vec() };
        let impasse_rule = table.impasse_rule;
        let analysis = self.analysis;
        let id = engine::submit(
            Priority::Analysis,
            move |id| Request::Analyse { id, game: game.clone(), lines: ANALYSIS_LINES, impasse_rule },
            move |reply| match reply {
                Reply::Info { depth, nodes, lines, .. } => analysis.update(|a| {
                    if let Some(a) = a.as_mut() {
                        (a.depth, a.nodes, a.lines) = (depth, nodes, lines);
                    }
                }),
                // An analysis ends by itself only at its deepest depth: its lines stay shown.
                Reply::Done { .. } => {}
                _ => analysis.set(None),
            },
        );
        self.analysis.set(Some(Analysis::new(id, ply, table.position_at(ply).clone())));
    }

    /// Whether a review is under way (it holds the worker until it is done).
    pub fn reviewing(&self) -> bool {
        self.review.with_untracked(|r| r.as_ref().is_some_and(|r| !r.is_done()))
    }

    /// Searches the review's next position (`ply`) for its budget; `step_done` goes on once
    /// its evaluation is kept.
    pub fn request_review_search(
        &self,
        run: &ReviewRun,
        ply: usize,
        impasse_rule: ImpasseRule,
        step_done: impl Fn() + 'static,
    ) {
        let game = PositionCommand { start: run.start.clone(), moves: run.moves[..ply].to_vec() };
        let time_ms = run.review.budget_ms;
        let review = self.review;
        let id = engine::submit(
            Priority::Review,
            // Nobody waits on a review's step: its budget counts from when it is sent.
            move |id| {
                let waiting_since_ms = js_sys::Date::now() as u64;
                Request::Search { id, game: game.clone(), time_ms, waiting_since_ms, level: 0, impasse_rule }
            },
            move |reply| match reply {
                Reply::Info { mut lines, .. } => review.update(|r| {
                    if let Some((_, pv)) = r.as_mut().and_then(|r| r.searching.as_mut()) {
                        *pv = lines.swap_remove(0).pv;
                    }
                }),
                Reply::Done { best, score, .. } => {
                    review.update(|r| {
                        if let Some(r) = r.as_mut() {
                            let reported = r.searching.take().map(|(_, pv)| pv).unwrap_or_default();
                            // The line reported, if it begins with the move the search settled on.
                            let pv =
                                if reported.first() == best.as_ref() { reported } else { best.into_iter().collect() };
                            r.review.evals.push(Eval { score, pv });
                        }
                    });
                    step_done();
                }
                _ => review.set(None),
            },
        );
        self.review.update(|r| r.iter_mut().for_each(|r| r.searching = Some((id, Vec::new()))));
    }

    /// Stops a review under way (a finished one stays).
    pub fn cancel_review(&self) {
        if self.reviewing() {
            if let Some((id, _)) = self.review.with_untracked(|r| r.as_ref().and_then(|r| r.searching.clone())) {
                engine::cancel(id);
            }
            self.review.set(None);
        }
    }

    /// Stops the analysis running, if one is.
    pub fn stop_analysis(&self) {
        if let Some(analysis) = self.analysis.get_untracked() {
            self.analysis.set(None);
            engine::cancel(analysis.id);
        }
    }

    /// Drops the search in flight without using it (the game changed under it, or it is stopped).
    pub fn cancel_search(&self) {
        if let Some(thinking) = self.thinking.get_untracked() {
            self.thinking.set(None);
            engine::cancel(thinking.id);
        }
    }
}

/// Who waits while a search waits for the worker to take it (a worker still starting, or
/// replacing one stopped), and so where its budget counts from.
#[derive(Clone, Copy)]
enum Waiting {
    /// The person, since their last action: the budget counts from it.
    Person,
    /// Nobody (the engine playing itself): the budget counts from the asking.
    Nobody,
    /// The engine's clock, held until the worker takes the search: the budget counts from then.
    Clock(Clocks),
}

/// Hears a search's answer: the search as asked, its best move (`None`: no legal move),
/// whether it declares an impasse win, and its score.
pub trait Answered: Fn(Thinking, Option<Move>, bool, Option<Score>) + 'static {}

impl<F: Fn(Thinking, Option<Move>, bool, Option<Score>) + 'static> Answered for F {}

/// What the person still waits for once the worker has answered: the page playing the move
/// and the next frame drawing it (frames come 17 ms apart at 60 Hz; 7-35 ms in all on the
/// project's busy 2-core machine).
const REPLY_MS: u32 = 25;

thread_local! {
    /// When the person last released a pointer or pressed a key, in ms since the Unix epoch.
    static LAST_ACTION_MS: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Notes the person's actions: each move, new game or hint begins with one.
fn note_persons_actions() {
    let note = |_| LAST_ACTION_MS.with(|at| at.set(Some(js_sys::Date::now() as u64)));
    let _ = window_event_listener_untyped("pointerup", note);
    let _ = window_event_listener_untyped("keydown", note);
}

/// When the person's wait for a search asked for now began, in ms since the Unix epoch. In a
/// game they play, every search answers an action of theirs (a move, a new game, a hint),
/// the last one since the previous search was asked for: the page draws their move and saves
/// the game before it asks (10-30 ms, up to 150 ms the first time, when the browser still
/// compiles that code), and the worker takes that off the budget too. Otherwise, or with no
/// action yet (the page just loaded), the wait begins now.
fn waiting_since_ms(answers_persons_action: bool) -> u64 {
    let action = LAST_ACTION_MS.with(Cell::take).filter(|_| answers_persons_action);
    action.unwrap_or_else(|| js_sys::Date::now() as u64)
}
