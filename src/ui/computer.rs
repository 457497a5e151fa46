//! The computer at the table: asks the engine service for its moves and for hints, and
//! keeps the search's progress to show. Its answers are applied to the game by `App`
//! (`state.rs`), the game's controller.

use leptos::prelude::*;

use crate::notation::usi::PositionCommand;
use crate::rules::Move;
use crate::ui::browser::engine;
use crate::ui::model::levels::strength_for;
use crate::ui::model::table::Table;
use crate::ui::model::thinking::{Purpose, Thinking};
use crate::worker::Request;

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

    /// Asks for a search of `table`'s current position.
    pub fn request_search(&self, table: &Table, purpose: Purpose, time_ms: u32) {
        let id = NEXT_ID.with(|n| {
            let id = n.get();
            n.set(id + 1);
            id
        });
        // A hint is the engine's best, at no level.
        let level = if purpose == Purpose::Play { strength_for(time_ms) } else { 0 };
        let (ply, side) = (table.ply(), table.position().turn());
        self.thinking.set(Some(Thinking { id, purpose, ply, side, depth: 0, score: None, pv: Vec::new() }));
        // The person waits for messages and page work too: the search gets the budget less a
        // margin for them (15 ms and a tenth, at most 40 ms), so the move arrives within the
        // budget. Drawing the reply takes longest the first time, when the browser still compiles
        // that code: a 0.1 s search right after the page loaded arrived after 120 ms with a
        // margin of 20 ms.
        let search_ms = time_ms.saturating_sub((15 + time_ms / 10).min(40)).max(1);
        let asked_at_ms = js_sys::Date::now() as u64;
        engine::send(&Request::Search {
            id,
            game: PositionCommand { start: table.start().clone(), moves: table.moves().to_vec() },
            time_ms: search_ms,
            asked_at_ms,
            level,
            impasse_rule: table.impasse_rule,
        });
    }

    /// Drops the search in flight without using it (the game changed under it).
    pub fn cancel_search(&self) {
        if self.thinking.get_untracked().is_some() {
            self.thinking.set(None);
            engine::restart();
        }
    }
}

thread_local! {
    static NEXT_ID: std::cell::Cell<u32> = const { std::cell::Cell::new(1) };
}
