//! A search the page has asked for, as the page shows it.

use crate::engine::Score;
use crate::rules::{Color, Move};
use crate::ui::text::i18n::{Lang, T};
use crate::ui::text::markup::Decimal;

/// What a search is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    /// The engine's own move in the game.
    Play,
    /// A suggestion for the person, drawn on the board.
    Hint,
    /// The opponent's best move if it were their move (a null-move search), drawn on the board.
    Threat,
}

/// The search in flight.
#[derive(Clone, PartialEq, Debug)]
pub struct Thinking {
    pub id: u32,
    pub purpose: Purpose,
    /// The game's length when the search began (for a threat: the ply shown): a search about
    /// another position is stale.
    pub ply: usize,
    /// The side to move in the position searched.
    pub side: Color,
    pub depth: u32,
    pub score: Option<Score>,
    /// The best line so far (first move = the move to play if stopped now).
    pub pv: Vec<Move>,
}

/// A score for people: `+0.42` (pawns), or mate in so many moves: in English, moves of the
/// side it is for; in Japanese, 手 (plies), as tsume are counted.
pub fn score_words(lang: Lang, score: Score) -> String {
    let count = |plies: i32| match lang {
        Lang::En => (plies + 1) / 2,
        Lang::Ja => plies,
    };
    match score {
        Score::Cp(cp) => Decimal::signed(cp as f64 / 100.0, 2).to_string(),
        Score::Mate(plies) if plies >= 0 => T::MateIn.with(lang, &[&count(plies).to_string()]),
        Score::Mate(plies) => T::MatedIn.with(lang, &[&count(-plies).to_string()]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_for_people() {
        assert_eq!(score_words(Lang::En, Score::Cp(42)), "+0.42");
        assert_eq!(score_words(Lang::Ja, Score::Cp(-150)), "-1.50");
        assert_eq!(score_words(Lang::En, Score::Mate(3)), "mate in 2");
        assert_eq!(score_words(Lang::Ja, Score::Mate(3)), "3手で詰み");
        assert_eq!(score_words(Lang::En, Score::Mate(1)), "mate in 1");
        assert_eq!(score_words(Lang::En, Score::Mate(-2)), "mated in 1");
        assert_eq!(score_words(Lang::Ja, Score::Mate(-2)), "2手で詰まされる");
        assert_eq!(Score::Mate(-4).negated(), Score::Mate(4));
    }
}
