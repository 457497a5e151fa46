//! The engine's study of the position shown (the analysis board), as the page shows it: the
//! lines it found, sente's winning chance for the evaluation bar, and the verdict in words.

use crate::engine::{Line, Score};
use crate::rules::{Color, Move, Position};
use crate::ui::model::thinking::score_words;
use crate::ui::text::i18n::{marked_side, Lang, T};
use crate::ui::text::markup::Decimal;

/// How many of the best moves the analysis board shows.
pub const ANALYSIS_LINES: usize = 3;

/// The centipawns at which a side's winning chance is about 73 % (1 / (1 + e⁻¹)): the
/// logistic curve shogi engines use to turn scores into winning chances.
const WIN_CHANCE_SCALE: f64 = 600.0;

/// An analysis in progress: what the worker last reported about the position at `ply`.
#[derive(Clone, PartialEq, Debug)]
pub struct Analysis {
    pub id: u32,
    /// The ply of the position studied, in the game at the table.
    pub ply: usize,
    /// The position studied: its lines are read from it, never from another shown meanwhile,
    /// and their scores are from its side to move's point of view.
    pub position: Position,
    /// The last completed depth (0 before the first iteration ends).
    pub depth: u32,
    pub nodes: u64,
    /// Best first.
    pub lines: Vec<Line>,
}

impl Analysis {
    pub fn new(id: u32, ply: usize, position: Position) -> Analysis {
        Analysis { id, ply, position, depth: 0, nodes: 0, lines: Vec::new() }
    }

    /// The best line's score from sente's point of view.
    pub fn sente_score(&self) -> Option<Score> {
        self.lines.first().map(|line| for_sente(line.score, self.position.turn()))
    }

    /// The best move, drawn as an arrow on the board.
    pub fn best(&self) -> Option<Move> {
        self.lines.first().and_then(|line| line.pv.first().copied())
    }
}

/// A score of the side `side` from sente's point of view.
pub fn for_sente(score: Score, side: Color) -> Score {
    match side {
        Color::Sente => score,
        Color::Gote => score.negated(),
    }
}

/// Sente's winning chance, 0 to 1, by a score from sente's point of view; a mate is certain.
pub fn sente_share(score: Score) -> f64 {
    match score {
        Score::Cp(cp) => 1.0 / (1.0 + (-cp as f64 / WIN_CHANCE_SCALE).exp()),
        Score::Mate(plies) if plies > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// The side ahead by a score from sente's point of view (sente when even), and the score
/// from its point of view.
pub fn ahead(score: Score) -> (Color, Score) {
    let leader = if sente_share(score) >= 0.5 { Color::Sente } else { Color::Gote };
    (leader, for_sente(score, leader))
}

/// A score from sente's point of view, saying so: "+1.20 for ☗ Sente". Every score the
/// analysis shows is sente's, as on lishogi.
pub fn score_for(lang: Lang, score: Score) -> String {
    T::ScoreFor.with(lang, &[&score_words(lang, score), &marked_side(lang, Color::Sente)])
}

/// The evaluation bar's number, from sente's point of view like the rest: pawns to one
/// decimal ("+1.2", "-0.4"), or "M" and the plies to mate ("M3", "-M3").
pub fn bar_number(score: Score) -> String {
    match score {
        Score::Cp(cp) => Decimal::signed(cp as f64 / 100.0, 1).to_string(),
        Score::Mate(plies) if plies < 0 => format!("-M{}", -plies),
        Score::Mate(plies) => format!("M{plies}"),
    }
}

/// The position in words, by a score from sente's point of view: who stands better and by
/// how much (by the winning chance), or who mates, then the score, for sente.
pub fn verdict(lang: Lang, score: Score) -> String {
    let (leader, lead_score) = ahead(score);
    let lead = sente_share(lead_score);
    let judgement = match score {
        Score::Mate(plies) => {
            return T::Mates.with(lang, &[&marked_side(lang, leader), &score_words(lang, Score::Mate(plies.abs()))])
        }
        _ if lead < 0.55 => return T::Even.with(lang, &[&score_for(lang, score)]),
        _ if lead < 0.65 => T::SlightlyBetter,
        _ if lead < 0.8 => T::Better,
        _ => T::Winning,
    };
    judgement.with(lang, &[&marked_side(lang, leader), &score_for(lang, score)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_chances_follow_the_score() {
        assert_eq!(sente_share(Score::Cp(0)), 0.5);
        assert!((sente_share(Score::Cp(600)) - 0.731).abs() < 0.001);
        assert!((sente_share(Score::Cp(-600)) - 0.269).abs() < 0.001);
        assert_eq!(sente_share(Score::Mate(3)), 1.0);
        assert_eq!(sente_share(Score::Mate(-2)), 0.0);
        assert_eq!(for_sente(Score::Cp(120), Color::Gote), Score::Cp(-120));
        assert_eq!(for_sente(Score::Mate(-2), Color::Sente), Score::Mate(-2));
    }

    #[test]
    fn verdicts_name_the_side_ahead_and_by_how_much() {
        assert_eq!(verdict(Lang::En, Score::Cp(40)), "Even (+0.40 for ☗ Sente)");
        assert_eq!(verdict(Lang::En, Score::Cp(-40)), "Even (-0.40 for ☗ Sente)");
        assert_eq!(verdict(Lang::En, Score::Cp(-300)), "☖ Gote is slightly better (-3.00 for ☗ Sente)");
        assert_eq!(verdict(Lang::En, Score::Cp(500)), "☗ Sente is better (+5.00 for ☗ Sente)");
        assert_eq!(verdict(Lang::En, Score::Cp(1500)), "☗ Sente is winning (+15.00 for ☗ Sente)");
        assert_eq!(verdict(Lang::En, Score::Mate(3)), "☗ Sente mates: mate in 2");
        assert_eq!(verdict(Lang::En, Score::Mate(-5)), "☖ Gote mates: mate in 3");
        assert_eq!(verdict(Lang::Ja, Score::Mate(-5)), "☖ 後手の勝ち（5手で詰み）");
        assert_eq!(verdict(Lang::Ja, Score::Cp(1500)), "☗ 先手が勝勢（☗ 先手から見て+15.00）");
    }

    #[test]
    fn the_bar_and_the_verdict_tell_scores_for_sente() {
        assert_eq!((bar_number(Score::Cp(123)), bar_number(Score::Cp(-250))), ("+1.2".to_string(), "-2.5".to_string()));
        assert_eq!((bar_number(Score::Mate(-5)), bar_number(Score::Mate(3))), ("-M5".to_string(), "M3".to_string()));
        assert_eq!(score_for(Lang::En, Score::Cp(120)), "+1.20 for ☗ Sente");
        assert_eq!(score_for(Lang::Ja, Score::Cp(-120)), "☗ 先手から見て-1.20");
        assert_eq!(ahead(Score::Cp(-120)), (Color::Gote, Score::Cp(120)));
    }

    #[test]
    fn an_analysis_reads_its_best_line_for_sente() {
        let after_one = Position::startpos().after(crate::notation::usi::parse("7g7f").unwrap());
        let mut analysis = Analysis::new(1, 1, after_one);
        assert_eq!((analysis.sente_score(), analysis.best()), (None, None));
        let best = crate::notation::usi::parse("3c3d").unwrap();
        analysis.lines = vec![Line { score: Score::Cp(90), pv: vec![best] }];
        assert_eq!((analysis.sente_score(), analysis.best()), (Some(Score::Cp(-90)), Some(best)));
    }
}
