//! The engine's search at fixed depths and node counts (never timing): mates found, legal
//! moves always, repetition scored by the rules.

use shogi::engine::{Clock, Engine, HistoryEntry, Limits, MateResult, Score, SearchResult};
use shogi::notation::{sfen, usi};
use shogi::rules::Position;

/// A clock that never moves, so only depth and node limits end a search.
struct FrozenClock;
impl Clock for FrozenClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

fn position(text: &str) -> Position {
    sfen::parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn search_depth(engine: &mut Engine, pos: &Position, history: &[HistoryEntry], depth: u32) -> SearchResult {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    engine.search(pos, history, &limits, &FrozenClock, &|| false, &mut |_| {})
}

#[test]
fn startpos_search_returns_a_legal_move_with_a_pv() {
    let mut engine = Engine::new(8);
    let pos = Position::startpos();
    let result = search_depth(&mut engine, &pos, &[], 4);
    let best = result.best.expect("a move");
    assert!(pos.is_legal(best));
    assert_eq!(result.depth, 4);
    assert_eq!(result.pv[0], best);
    let mut replay = pos.clone();
    for &m in &result.pv {
        replay.play(m).expect("every PV move is legal in turn");
    }
}
