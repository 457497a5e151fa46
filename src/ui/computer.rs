//! The computer at the table: asks the engine service for its moves and for hints, shows
//! the search's progress, and applies the answer to the game.

use leptos::prelude::*;

use crate::notation::{sfen, usi};
use crate::rules::Move;
use crate::ui::browser::engine::{self, EngineEvent};
use crate::ui::model::levels::randomness_for;
use crate::ui::model::remark::Remark;
use crate::ui::model::thinking::{Purpose, Thinking};
use crate::ui::state::App;
use crate::ui::text::i18n::T;
use crate::worker::{Reply, Request};

/// What the page knows of the engine: the time it gets per move, its search in flight,
/// and its suggestion for the person. Provided through context.
#[derive(Clone, Copy)]
pub struct EngineState {
    pub think_ms: RwSignal<u32>,
    pub thinking: RwSignal<Option<Thinking>>,
    /// The engine's suggestion for the person, drawn on the board.
    pub hint: RwSignal<Option<Move>>,
}

impl EngineState {
    pub fn new(think_ms: u32) -> EngineState {
        EngineState { think_ms: RwSignal::new(think_ms), thinking: RwSignal::new(None), hint: RwSignal::new(None) }
    }

    /// The state the page provided (`Root` does, before any view is built).
    pub fn get() -> EngineState {
        expect_context::<EngineState>()
    }
}

thread_local! {
    static NEXT_ID: std::cell::Cell<u32> = const { std::cell::Cell::new(1) };
}

impl App {
    /// Starts the engine as the page starts, so it is ready by the first request.
    pub fn connect_engine(self) {
        engine::connect(move |event| self.engine_event(event));
    }

    fn engine_event(self, event: EngineEvent) {
        match event {
            EngineEvent::Reply(Reply::Info { id, depth, score, pv, .. }) => self.engine.thinking.update(|t| {
                if let Some(t) = t.as_mut().filter(|t| t.id == id) {
                    t.depth = depth;
                    t.score = Some(score);
                    t.pv = pv;
                }
            }),
            EngineEvent::Reply(Reply::Done { id, best, declare_win, .. }) => {
                let Some(thinking) = self.engine.thinking.get_untracked().filter(|t| t.id == id) else { return };
                self.finish_search(thinking, best, declare_win);
            }
            EngineEvent::Reply(Reply::Error { reason, .. }) => {
                self.engine.thinking.set(None);
                self.message.set(Some(Remark::new(move |lang| T::EngineCannotSearch.with(lang, &[&reason]))));
            }
            EngineEvent::Reply(Reply::Ready) => {}
            EngineEvent::Unreadable(reason) => {
                self.message.set(Some(Remark::new(move |lang| T::EngineUnreadable.with(lang, &[&reason]))))
            }
            EngineEvent::CannotStart => self.message.set(Some(Remark::of(T::EngineCannotStart))),
            EngineEvent::Failed => {
                self.engine.thinking.set(None);
                self.message.set(Some(Remark::of(T::EngineStopped)));
            }
        }
    }

    /// Uses a search's answer: plays the engine's move, or shows the hint.
    fn finish_search(self, thinking: Thinking, best: Option<String>, declare_win: bool) {
        self.engine.thinking.set(None);
        let current = self.table.with_untracked(|t| (t.ply(), t.position().clone()));
        if current.0 != thinking.ply {
            return;
        }
        let best: Option<Move> = best.and_then(|text| usi::parse_legal(&current.1, &text).ok());
        match thinking.purpose {
            Purpose::Hint => self.engine.hint.set(best),
            // The engine declares under the table's impasse rule; the table checks again before it ends the game.
            Purpose::Play if declare_win && self.table.with_untracked(|t| t.can_declare_impasse()) => {
                self.declare_impasse()
            }
            Purpose::Play => match best {
                Some(m) => self.play(m),
                None => self.engine_resigns(),
            },
        }
    }

    /// Asks for a search of the game's current position.
    pub fn request_search(self, purpose: Purpose, time_ms: u32) {
        let (start, moves, ply, side, impasse_rule) = self.table.with_untracked(|t| {
            (
                sfen::write_position(t.start()),
                t.moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                t.ply(),
                t.position().turn(),
                t.impasse_rule,
            )
        });
        let id = NEXT_ID.with(|n| {
            let id = n.get();
            n.set(id + 1);
            id
        });
        let randomness = if purpose == Purpose::Play { randomness_for(time_ms) } else { 0 };
        self.engine.thinking.set(Some(Thinking { id, purpose, ply, side, depth: 0, score: None, pv: Vec::new() }));
        // The person waits for messages and page work too: the search gets the budget less a
        // margin for them (15 ms and a tenth, at most 40 ms), so the move arrives within the
        // budget. Drawing the reply takes longest the first time, when the browser still compiles
        // that code: a 0.1 s search right after the page loaded arrived after 120 ms with a
        // margin of 20 ms.
        let search_ms = time_ms.saturating_sub((15 + time_ms / 10).min(40)).max(1);
        let asked_at_ms = js_sys::Date::now() as u64;
        engine::send(&Request::Search {
            id,
            sfen: start,
            moves,
            time_ms: search_ms,
            asked_at_ms,
            randomness,
            impasse_rule,
        });
    }

    /// Stops the search now: the best move found so far is used, and a fresh worker takes over.
    pub fn stop_search(self) {
        let Some(thinking) = self.engine.thinking.get_untracked() else { return };
        engine::restart();
        match thinking.pv.first().cloned() {
            Some(best) => self.finish_search(thinking, Some(best), false),
            // Stopped before the first iteration ended: a very short search still finds a legal move.
            None if thinking.purpose == Purpose::Play => self.request_search(Purpose::Play, 1),
            None => self.engine.thinking.set(None),
        }
    }

    /// Drops the search in flight without using it (the game changed under it).
    pub fn cancel_search(self) {
        if self.engine.thinking.get_untracked().is_some() {
            self.engine.thinking.set(None);
            engine::restart();
        }
    }
}
