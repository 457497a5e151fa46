//! Whether the opponent's best move with the turn passed is a threat worth naming: the threat
//! display shows it only when it mates, checks, takes a piece without losing by it, or raises
//! their evaluation by at least [`THREAT_MARGIN_CP`]; a king's step never is one.

use crate::engine::Score;
use crate::rules::{Move, Position, Role};

/// How much the passed turn's best move must raise the threatening side's evaluation, in
/// centipawns, to be named although it neither takes nor checks: two pawns' worth.
pub const THREAT_MARGIN_CP: i32 = 200;

/// Whether `mv`, the best move in `passed` (the position with the turn passed) found for
/// `score` from the mover's point of view, is a threat. `before` is the mover's evaluation of
/// the position with the turn not passed, when it is known (the analysis of that position).
pub fn is_threat(passed: &Position, mv: Move, score: Score, before: Option<Score>) -> bool {
    if mv.from().and_then(|from| passed.piece_at(from)).is_some_and(|p| p.role == Role::King) {
        return false;
    }
    let gain = match (before, score) {
        (_, Score::Mate(plies)) => return plies > 0,
        (Some(Score::Cp(before)), Score::Cp(after)) => Some(after - before),
        // Mated anyway, or mating anyway: passing changes nothing worth naming.
        (Some(Score::Mate(_)), _) => return false,
        (None, _) => None,
    };
    let takes = mv.from().is_some() && passed.piece_at(mv.to()).is_some();
    passed.gives_check(mv) || (takes && gain.is_none_or(|g| g >= 0)) || gain.is_some_and(|g| g >= THREAT_MARGIN_CP)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};

    fn threat(sfen_text: &str, m: &str, score: Score, before: Option<Score>) -> bool {
        let passed = sfen::parse_position(sfen_text).unwrap();
        let mv = usi::parse_legal(&passed, m).unwrap();
        is_threat(&passed, mv, score, before)
    }

    /// Gote to move (the turn passed by sente): kings, a gote rook on 2b, a sente silver on 2g
    /// and a gote gold in hand.
    const PASSED: &str = "4k4/7r1/9/9/9/9/7S1/9/4K4 w g 1";

    #[test]
    fn a_kings_step_is_never_a_threat() {
        assert!(!threat(PASSED, "5a4b", Score::Cp(900), Some(Score::Cp(0))));
        assert!(!threat(PASSED, "5a4b", Score::Mate(3), None));
    }

    #[test]
    fn a_mate_or_a_check_is_a_threat_and_being_mated_is_not() {
        assert!(threat(PASSED, "G*5h", Score::Cp(0), Some(Score::Cp(0))), "the gold drop checks");
        assert!(threat(PASSED, "2b2c", Score::Mate(5), Some(Score::Cp(0))));
        assert!(!threat(PASSED, "2b2c", Score::Mate(-4), None));
    }

    #[test]
    fn a_capture_is_a_threat_unless_it_loses() {
        assert!(threat(PASSED, "2b2g+", Score::Cp(300), None));
        assert!(threat(PASSED, "2b2g+", Score::Cp(300), Some(Score::Cp(-200))));
        assert!(!threat(PASSED, "2b2g+", Score::Cp(-500), Some(Score::Cp(-200))), "taking loses 300");
    }

    #[test]
    fn a_quiet_move_is_a_threat_only_by_the_margin() {
        let before = Some(Score::Cp(100));
        assert!(threat(PASSED, "2b2c", Score::Cp(100 + THREAT_MARGIN_CP), before));
        assert!(!threat(PASSED, "2b2c", Score::Cp(100 + THREAT_MARGIN_CP - 1), before));
        assert!(!threat(PASSED, "2b2c", Score::Cp(2000), None), "without the evaluation before, no gain is known");
        assert!(!threat(PASSED, "2b2c", Score::Cp(0), Some(Score::Mate(-3))), "mated anyway");
    }
}
