//! The worker's loop: answers each search request with info messages and a final move, and
//! each mating-problem request with the solver's verdict.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_split_helpers::wasm_split;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use super::protocol::{root_of, Mate, Reply, Request};
use crate::engine::clock::searching_ms;
use crate::engine::learned::LearnedWeights;
use crate::engine::{Clock, Engine, Info, Limits, Strength};
use crate::tsume;

/// How often an analysis reports between iterations, so its display moves at least four
/// times a second.
const ANALYSIS_REPORT_MS: u64 = 200;

/// Transposition table size: small enough for phones.
const HASH_MB: usize = 16;

/// The positions the mate solver may visit for one request: the problems of the collection
/// need far fewer, and a problem given by URL that needs more is said to be undecided rather
/// than keeping the learner waiting (about 10 s in a phone's browser).
const SOLVER_NODES: u64 = 4_000_000;

/// The positions the solver may visit for each position of a game looked through for missed
/// mates: a game's forty positions then take a second or two, even where no mate is.
const MISSED_MATE_NODES: u64 = 100_000;

/// `performance.now()` of the worker.
struct PerformanceClock(web_sys::Performance);

impl Clock for PerformanceClock {
    fn now_ms(&self) -> f64 {
        self.0.now()
    }
}

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    // Posting only fails when the page has gone away.
    let _ = scope.post_message(&reply.encode().into());
}

/// Posts each report of the search as an `Info` reply to request `id`.
fn reporter(scope: &DedicatedWorkerGlobalScope, id: u32) -> impl FnMut(&Info) + '_ {
    move |info: &Info| {
        let reply =
            Reply::Info { id, depth: info.depth, nodes: info.nodes, time_ms: info.time_ms, lines: info.lines.clone() };
        post(scope, &reply);
    }
}

fn answer(engine: &mut Engine, scope: &DedicatedWorkerGlobalScope, clock: &PerformanceClock, request: Request) {
    let (id, result) = match request {
        solver @ (Request::Judge { .. } | Request::Solve { .. } | Request::MissedMates { .. }) => {
            let scope = scope.clone();
            return wasm_bindgen_futures::spawn_local(async move { post(&scope, &solver_on_demand(solver).await) });
        }
        Request::Search { id, game, time_ms, waiting_since_ms, level, impasse_rule } => {
            let waited_ms = (js_sys::Date::now() as u64).saturating_sub(waiting_since_ms);
            let time_ms = u64::from(time_ms).saturating_sub(waited_ms).max(1);
            // The engine's clock starts once it has set its search up, which takes 20-30 ms more
            // the first time, when the browser still compiles that code: the search's end is set
            // now, by the engine's rule.
            let deadline_ms = clock.now_ms() + searching_ms(time_ms);
            let (root, history) = root_of(&game);
            engine.set_strength(Strength::level(level));
            engine.set_impasse_rule(impasse_rule);
            engine.set_multipv(1);
            let limits = Limits { time_ms: Some(time_ms), ..Limits::default() };
            // The page stops a search by terminating the worker; from inside, the deadline does.
            let stop = || clock.now_ms() >= deadline_ms;
            (id, engine.search(&root, &history, &limits, clock, &stop, &mut reporter(scope, id)))
        }
        Request::Analyse { id, game, lines, impasse_rule } => {
            let (root, history) = root_of(&game);
            engine.set_strength(Strength::FULL);
            engine.set_impasse_rule(impasse_rule);
            engine.set_multipv(lines);
            let limits = Limits { infinite: true, report_ms: Some(ANALYSIS_REPORT_MS), ..Limits::default() };
            // Only the page stops an analysis, by terminating the worker; one that reaches the
            // deepest depth (a settled mate) ends as a search does.
            (id, engine.search(&root, &history, &limits, clock, &|| false, &mut reporter(scope, id)))
        }
    };
    let (best, declare_win, score, depth) = (result.best, result.declare_win, result.score, result.depth);
    post(scope, &Reply::Done { id, best, declare_win, score, depth });
}

/// The mating problems' solver (`tsume`) answering `request`: a file of its own, which the
/// worker fetches on the first problem, since a game never asks it (9 KB gzip of the page's
/// first load, issue 28).
#[wasm_split(solver)]
fn solver_on_demand(request: Request) -> Reply {
    match request {
        Request::Judge { id, position, plies_left, attacker_move } => {
            Reply::Judged { id, judgement: tsume::judge_within(&position, plies_left, attacker_move, SOLVER_NODES) }
        }
        Request::Solve { id, position, max_plies } => {
            let mate = match tsume::solve_within(&position, max_plies, SOLVER_NODES) {
                Some(Some(solution)) => Mate::Line(solution.moves),
                Some(None) => Mate::None,
                None => Mate::Undecided,
            };
            Reply::Solved { id, mate }
        }
        Request::MissedMates { id, game, side, max_plies } => Reply::Missed {
            id,
            found: tsume::missed_mates(&game.start, &game.moves, side, max_plies, MISSED_MATE_NODES),
        },
        Request::Search { id, .. } | Request::Analyse { id, .. } => {
            Reply::Error { id, reason: "a search is not a question for the solver".into() }
        }
    }
}

/// The worker's entry point: listens for requests, then says it is ready.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let Some(performance) = scope.performance() else { return };
    let clock = PerformanceClock(performance);
    let mut engine = Engine::new(HASH_MB);
    // A new seed for each worker, so the levels' random choices differ from game to game.
    engine.set_seed((js_sys::Math::random() * u32::MAX as f64) as u64);
    let engine = RefCell::new(engine);
    let listener_scope = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        // Requests are text; the one binary message is the learned evaluation's weights
        // (`browser/engine.rs` sends them to each new worker before any request).
        if let Some(bytes) = ev.data().dyn_ref::<js_sys::ArrayBuffer>() {
            match LearnedWeights::from_bytes(&js_sys::Uint8Array::new(bytes).to_vec()) {
                Ok(weights) => engine.borrow_mut().set_learned_weights(Some(weights)),
                Err(reason) => post(&listener_scope, &Reply::WeightsRefused { reason }),
            }
            return;
        }
        let text = ev.data().as_string().unwrap_or_default();
        match Request::decode(&text) {
            Ok(request) => answer(&mut engine.borrow_mut(), &listener_scope, &clock, request),
            Err(e) => post(&listener_scope, &Reply::Error { id: 0, reason: e.to_string() }),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as the page keeps it: the handler must too.
    on_message.forget();
    post(&scope, &Reply::Ready);
}
