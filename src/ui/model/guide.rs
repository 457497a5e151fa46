//! The rules the piece guide states besides each piece's moves, each with a position and a
//! move that shows it, so a test holds every sentence to what the rules core does.

use crate::rules::illegal::IllegalReason;
use crate::ui::text::i18n::T;

/// What a rule's example shows.
#[derive(Clone, Copy, Debug)]
pub enum Shows {
    /// The move mates: the game's goal.
    Checkmate,
    /// The move is refused for this reason (checked with `matches!` on the kind).
    Refused(fn(&IllegalReason) -> bool),
}

/// One sentence of the guide and its example.
pub struct GuideRule {
    /// The DOM name (`data-guide-rule`).
    pub name: &'static str,
    pub text: T,
    /// The example: an SFEN and a USI move from it.
    pub sfen: &'static str,
    pub usi: &'static str,
    pub shows: Shows,
    /// The rules listed under this one.
    pub details: &'static [GuideRule],
}

/// In the order the guide lists them: the goal, check, and drops with their bans.
pub const RULES: [GuideRule; 3] = [
    GuideRule {
        name: "checkmate",
        text: T::GuideGoal,
        // The gold drop on 5b mates the king on 5a, the silver on 5c guarding it.
        sfen: "4k4/9/4S4/9/9/9/9/9/4K4 b G 1",
        usi: "G*5b",
        shows: Shows::Checkmate,
        details: &[],
    },
    GuideRule {
        name: "check",
        text: T::GuideCheck,
        // The rook on 5a checks; the king may not step along the file it attacks.
        sfen: "4r4/9/9/9/9/9/9/9/4K4 b - 1",
        usi: "5i5h",
        shows: Shows::Refused(|r| matches!(r, IllegalReason::KingLeftInCheck { .. })),
        details: &[],
    },
    GuideRule {
        name: "drop",
        text: T::GuideDrops,
        sfen: "4k4/9/9/9/9/9/9/9/4K4 b S 1",
        usi: "S*5i",
        shows: Shows::Refused(|r| matches!(r, IllegalReason::Occupied { .. })),
        details: &DROP_BANS,
    },
];

/// The three drops that are not allowed.
const DROP_BANS: [GuideRule; 3] = [
    GuideRule {
        name: "two-pawns",
        text: T::GuideTwoPawns,
        sfen: "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",
        usi: "P*5e",
        shows: Shows::Refused(|r| matches!(r, IllegalReason::TwoPawns { .. })),
        details: &[],
    },
    GuideRule {
        name: "pawn-drop-mate",
        text: T::GuidePawnDropMate,
        // The king on 1a is boxed in by its own knight and lance; a pawn on 1b, guarded by
        // the gold on 1c, would mate.
        sfen: "7nk/7l1/8G/9/9/9/9/9/4K4 b P 1",
        usi: "P*1b",
        shows: Shows::Refused(|r| matches!(r, IllegalReason::PawnDropMate)),
        details: &[],
    },
    GuideRule {
        name: "dead-piece",
        text: T::GuideDeadPiece,
        sfen: "4k4/9/9/9/9/9/9/9/4K4 b N 1",
        usi: "N*3b",
        shows: Shows::Refused(|r| matches!(r, IllegalReason::DeadDrop { .. })),
        details: &[],
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{sfen, usi};
    use crate::rules::illegal;

    #[test]
    fn every_rule_of_the_guide_is_what_the_rules_core_does() {
        for rule in RULES.iter().flat_map(|r| std::iter::once(r).chain(r.details)) {
            let pos = sfen::parse_position(rule.sfen).unwrap_or_else(|e| panic!("{}: {e}", rule.name));
            let m = usi::parse(rule.usi).unwrap_or_else(|e| panic!("{}: {e}", rule.name));
            match rule.shows {
                Shows::Checkmate => assert!(pos.is_legal(m) && pos.after(m).is_checkmate(), "{}", rule.name),
                Shows::Refused(expected) => {
                    let reason = illegal::explain(&pos, m);
                    assert!(reason.as_ref().is_some_and(expected), "{}: {reason:?}", rule.name);
                }
            }
        }
    }

    #[test]
    fn the_guide_never_says_a_piece_drops_anywhere() {
        use crate::ui::text::i18n::Lang;
        for lang in [Lang::En, Lang::Ja] {
            let text = std::iter::once(T::GuideIntro)
                .chain(RULES.iter().flat_map(|r| std::iter::once(r).chain(r.details)).map(|r| r.text))
                .map(|t| t.get(lang));
            for sentence in text {
                assert!(!sentence.contains("any empty square"), "{sentence}");
            }
        }
    }
}
