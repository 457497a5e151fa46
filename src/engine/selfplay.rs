//! Self-play for the trainers (`datagen`): the engine plays both sides of a game
//! to its end, and the caller sees every position searched, with what the search found.

use super::{Engine, Limits, NoClock, SearchResult};
use crate::rules::{Color, Game, Position};

/// What the caller makes of a position the engine has just searched.
pub enum Seen {
    /// Play the search's move.
    Play,
    /// The game is decided: it ends with this winner (`None`: a draw).
    Decided(Option<Color>),
    /// The game is of no use: stop it.
    Abandon,
}

/// How a game played out: its winner (`None`: a draw), or abandoned by the caller.
pub enum Played {
    Ended(Option<Color>),
    Abandoned,
}

/// Plays `game` on with `engine` at `limits` for both sides; a game still going after
/// `max_plies` is a draw. `seen` looks at each position before its move is played.
pub fn play_out(
    engine: &mut Engine,
    game: &mut Game,
    limits: &Limits,
    max_plies: usize,
    mut seen: impl FnMut(&Game, &Position, &SearchResult) -> Seen,
) -> Result<Played, String> {
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(Played::Ended(outcome.winner));
        }
        if game.moves().len() >= max_plies {
            return Ok(Played::Ended(None));
        }
        let pos = game.position().clone();
        let found = engine.search(&pos, game.plies(), limits, &NoClock, &|| false, &mut |_| {});
        if found.declare_win {
            return Ok(Played::Ended(Some(pos.turn())));
        }
        let Some(best) = found.best else { return Ok(Played::Ended(Some(!pos.turn()))) };
        match seen(game, &pos, &found) {
            Seen::Play => {}
            Seen::Decided(winner) => return Ok(Played::Ended(winner)),
            Seen::Abandon => return Ok(Played::Abandoned),
        }
        game.play(best).map_err(|e| format!("the engine played {best}: {e:?}"))?;
    }
}

/// A game's result for `side`: 1 for a win, 0.5 for a draw, 0 for a loss.
pub fn result_for(winner: Option<Color>, side: Color) -> f64 {
    match winner {
        None => 0.5,
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
    }
}

/// Whether `pos`'s searched move is quiet: no check to answer and no capture.
pub fn quiet(pos: &Position, found: &SearchResult) -> bool {
    !pos.is_check() && found.best.is_some_and(|best| best.from().is_none_or(|_| pos.piece_at(best.to()).is_none()))
}
