//! The page's side of the engine worker: starts it, queues requests until it
//! says it is ready, follows its progress, plays its moves, and stops it by
//! terminating it (then starts a fresh one) — so the page never waits on a search.

use std::cell::RefCell;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::notation::{sfen, usi};
use crate::rules::{Color, Move};
use crate::worker::{Reply, Request, ScoreMsg};

use super::i18n::T;
use super::params::randomness_for;
use super::state::App;

/// What a search is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    /// The engine's own move in the game.
    Play,
    /// A suggestion for the person, drawn on the board.
    Hint,
}

/// The search in flight, as the page shows it.
#[derive(Clone, PartialEq, Debug)]
pub struct Thinking {
    pub id: u32,
    pub purpose: Purpose,
    /// The game's length when the search began: a search about another position is stale.
    pub ply: usize,
    pub side: Color,
    pub depth: u32,
    pub score: Option<ScoreMsg>,
    /// The best line so far (first move = the move to play if stopped now).
    pub pv: Vec<String>,
}

struct Bridge {
    worker: Worker,
    ready: bool,
    queue: Vec<String>,
    /// Kept alive with the worker it listens to.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static BRIDGE: RefCell<Option<Bridge>> = const { RefCell::new(None) };
    static NEXT_ID: std::cell::Cell<u32> = const { std::cell::Cell::new(1) };
}

/// Starts a worker (replacing any running one, which is terminated).
fn spawn(app: App) {
    let worker = match Worker::new("./worker_loader.js") {
        Ok(w) => w,
        Err(_) => {
            app.message.set(Some(app.t(T::EngineCannotStart).into()));
            return;
        }
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        match Reply::decode(&ev.data().as_string().unwrap_or_default()) {
            Ok(reply) => received(app, reply),
            Err(e) => app.message.set(Some(T::EngineUnreadable.with(app.lang.get_untracked(), &[&e.to_string()]))),
        }
    });
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        app.thinking.set(None);
        app.message.set(Some(app.t(T::EngineStopped).into()));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let old = BRIDGE.with(|b| {
        b.borrow_mut().replace(Bridge { worker, ready: false, queue: Vec::new(), _on_message: on_message, _on_error: on_error })
    });
    if let Some(old) = old {
        // Messages the old worker already posted may still be queued: unhook the handlers
        // before their closures are dropped with it.
        old.worker.set_onmessage(None);
        old.worker.set_onerror(None);
        old.worker.terminate();
    }
}

/// Starts the engine's worker unless it runs already: the page calls it as it starts, so the
/// worker is ready by the first request; a request starts it if need be.
pub fn connect(app: App) {
    if BRIDGE.with(|b| b.borrow().is_none()) {
        spawn(app);
    }
}

fn send(app: App, request: &Request) {
    let text = request.encode();
    connect(app);
    BRIDGE.with(|b| {
        if let Some(bridge) = b.borrow_mut().as_mut() {
            if bridge.ready {
                let _ = bridge.worker.post_message(&text.into());
            } else {
                bridge.queue.push(text);
            }
        }
    });
}

fn received(app: App, reply: Reply) {
    match reply {
        Reply::Ready => BRIDGE.with(|b| {
            if let Some(bridge) = b.borrow_mut().as_mut() {
                bridge.ready = true;
                for text in bridge.queue.drain(..) {
                    let _ = bridge.worker.post_message(&text.into());
                }
            }
        }),
        Reply::Info { id, depth, score, pv, .. } => app.thinking.update(|t| {
            if let Some(t) = t.as_mut().filter(|t| t.id == id) {
                t.depth = depth;
                t.score = Some(score);
                t.pv = pv;
            }
        }),
        Reply::Done { id, best, declare_win, .. } => {
            let Some(thinking) = app.thinking.get_untracked().filter(|t| t.id == id) else { return };
            finish(app, thinking, best, declare_win);
        }
        Reply::Error { reason, .. } => {
            app.thinking.set(None);
            app.message.set(Some(T::EngineCannotSearch.with(app.lang.get_untracked(), &[&reason])));
        }
    }
}

/// Uses a search's answer: plays the engine's move, or shows the hint.
fn finish(app: App, thinking: Thinking, best: Option<String>, declare_win: bool) {
    app.thinking.set(None);
    let current = app.table.with_untracked(|t| (t.ply(), t.position().clone()));
    if current.0 != thinking.ply {
        return;
    }
    let best: Option<Move> = best.and_then(|text| usi::parse_legal(&current.1, &text).ok());
    match thinking.purpose {
        Purpose::Hint => app.hint.set(best),
        // The engine declares by the 27-point rule; under the table's own rule it plays on if that refuses.
        Purpose::Play if declare_win && app.table.with_untracked(|t| t.can_declare_impasse()) => app.declare_impasse(),
        Purpose::Play => match best {
            Some(m) => app.play(m),
            None => app.engine_resigns(),
        },
    }
}

/// Asks for a search of the game's current position.
pub fn request(app: App, purpose: Purpose, time_ms: u32) {
    let (start, moves, ply, side) = app.table.with_untracked(|t| {
        (sfen::write_position(t.start()), t.moves().iter().map(|m| m.to_string()).collect::<Vec<_>>(), t.ply(), t.position().turn())
    });
    let id = NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    let randomness = if purpose == Purpose::Play { randomness_for(time_ms) } else { 0 };
    app.thinking.set(Some(Thinking { id, purpose, ply, side, depth: 0, score: None, pv: Vec::new() }));
    // The person waits for messages and page work too: the search gets the budget less a
    // margin for them (15 ms and a tenth, at most 40 ms), so the move arrives within the
    // budget. Drawing the reply takes longest the first time, when the browser still compiles
    // that code: a 0.1 s search right after the page loaded arrived after 120 ms with a
    // margin of 20 ms.
    let search_ms = time_ms.saturating_sub((15 + time_ms / 10).min(40)).max(1);
    let asked_at_ms = js_sys::Date::now() as u64;
    send(app, &Request::Search { id, sfen: start, moves, time_ms: search_ms, asked_at_ms, randomness });
}

/// Stops the search now: the best move found so far is used, and a fresh worker takes over.
pub fn stop(app: App) {
    let Some(thinking) = app.thinking.get_untracked() else { return };
    spawn(app);
    match thinking.pv.first().cloned() {
        Some(best) => finish(app, thinking, Some(best), false),
        // Stopped before the first iteration ended: a very short search still finds a legal move.
        None if thinking.purpose == Purpose::Play => request(app, Purpose::Play, 1),
        None => app.thinking.set(None),
    }
}

/// Drops the search in flight without using it (the game changed under it).
pub fn cancel(app: App) {
    if app.thinking.get_untracked().is_some() {
        app.thinking.set(None);
        spawn(app);
    }
}
