//! The computer at the table: asks the engine service for its moves and for hints, and
//! keeps the search's progress to show. Its answers are applied to the game by `App`
//! (`state.rs`), the game's controller.

use std::cell::Cell;

use leptos::prelude::*;

use crate::notation::usi::PositionCommand;
use crate::rules::Move;
use crate::ui::browser::engine;
use crate::ui::model::levels::strength_for;
use crate::ui::model::table::{Sides, Table};
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
        let state =
            EngineState { think_ms: RwSignal::new(think_ms), thinking: RwSignal::new(None), hint: RwSignal::new(None) };
        note_persons_actions();
        state
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
        engine::send(&Request::Search {
            id,
            game: PositionCommand { start: table.start().clone(), moves: table.moves().to_vec() },
            time_ms: time_ms.saturating_sub(REPLY_MS).max(1),
            // The engine playing itself answers no one's action.
            waiting_since_ms: waiting_since_ms(table.sides != Sides::None),
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

/// What the person still waits for once the worker has answered: the page playing the move
/// and the next frame drawing it (frames come 17 ms apart at 60 Hz; 7-35 ms in all on the
/// project's busy 2-core machine).
const REPLY_MS: u32 = 25;

thread_local! {
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
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
