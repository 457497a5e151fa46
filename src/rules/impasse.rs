//! Impasse (jishōgi): counting the pieces when both kings have entered the
//! enemy camp, under either of two rules.

use std::fmt;

use super::movegen::promotion_zone;
use super::position::Position;
use super::types::{Color, Role};

named_enum! {
    /// Which impasse rule is in force; the name (`27`, `24`) is what saved games and the
    /// engine worker's requests say.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum ImpasseRule {
        /// The rule of the seeds: once both kings are in their promotion zones either
        /// player may call for counting every piece on the board and in hand; a side
        /// under 24 points loses, both at 24 or more is a draw.
        Points24 = "24",
        /// The modern declaration (JSA 27-point rule): the side to move, its king in
        /// the enemy camp with 10 other pieces there and not in check, wins with 28
        /// points (sente) or 27 (gote), counting the pieces in the zone and in hand.
        Declaration27 = "27",
    }
}

/// Points a side needs under [`ImpasseRule::Points24`] not to lose.
pub const POINTS_24_NEEDED: u32 = 24;
/// Pieces besides the king a declarer needs in the enemy camp.
pub const DECLARATION_PIECES_NEEDED: u32 = 10;

/// Points a declarer of `color` needs under [`ImpasseRule::Declaration27`]:
/// sente needs one more, as the first player.
pub fn declaration_points_needed(color: Color) -> u32 {
    color.fold(28, 27)
}

/// Rook and bishop (promoted or not) are worth 5, the king nothing, the rest 1.
pub fn piece_points(role: Role) -> u32 {
    match role.unpromoted() {
        Role::Rook | Role::Bishop => 5,
        Role::King => 0,
        _ => 1,
    }
}

/// One side's count, split the way the two rules need it (and a UI shows it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ImpassePoints {
    /// Points of the pieces in hand.
    pub in_hand: u32,
    /// Points of the pieces (king excluded) standing in the side's promotion zone.
    pub in_zone: u32,
    /// Points of the pieces on the rest of the board.
    pub elsewhere: u32,
    /// How many pieces besides the king stand in the promotion zone.
    pub pieces_in_zone: u32,
    /// Whether the side's king stands in its promotion zone.
    pub king_in_zone: bool,
}

impl ImpassePoints {
    /// The points that count under `rule`: everything for the 24-point rule,
    /// the zone and the hand for the declaration.
    pub fn total(&self, rule: ImpasseRule) -> u32 {
        match rule {
            ImpasseRule::Points24 => self.in_hand + self.in_zone + self.elsewhere,
            ImpasseRule::Declaration27 => self.in_hand + self.in_zone,
        }
    }
}

/// Counts `color`'s pieces in `pos`.
pub fn impasse_points(pos: &Position, color: Color) -> ImpassePoints {
    let zone = promotion_zone(color);
    let mut points = ImpassePoints::default();
    for sq in pos.by_color(color) {
        let Some(piece) = pos.piece_at(sq) else { continue };
        if piece.role == Role::King {
            points.king_in_zone = zone.contains(sq);
        } else if zone.contains(sq) {
            points.in_zone += piece_points(piece.role);
            points.pieces_in_zone += 1;
        } else {
            points.elsewhere += piece_points(piece.role);
        }
    }
    points.in_hand = pos.hand(color).iter().map(|(role, n)| piece_points(role) * u32::from(n)).sum();
    points
}

/// Why an impasse cannot be called or declared now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ImpasseError {
    /// The game has already ended (only from [`Game`](super::game::Game)).
    GameOver,
    /// The 24-point rule: counting may be called only when both kings are in their zones.
    KingsNotBothInZone,
    /// The declarer's king is not in the enemy camp.
    KingNotInZone,
    /// The declarer is in check.
    InCheck,
    TooFewPiecesInZone {
        pieces: u32,
        needed: u32,
    },
    TooFewPoints {
        points: u32,
        needed: u32,
    },
}

impl fmt::Display for ImpasseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImpasseError::GameOver => write!(f, "the game is already over"),
            ImpasseError::KingsNotBothInZone => {
                write!(f, "pieces are counted only when both kings have entered the enemy camp")
            }
            ImpasseError::KingNotInZone => write!(f, "the declaring king has not entered the enemy camp"),
            ImpasseError::InCheck => write!(f, "a king in check cannot declare impasse"),
            ImpasseError::TooFewPiecesInZone { pieces, needed } => {
                write!(f, "{pieces} pieces in the enemy camp besides the king, {needed} needed")
            }
            ImpasseError::TooFewPoints { points, needed } => write!(f, "{points} points, {needed} needed"),
        }
    }
}

impl std::error::Error for ImpasseError {}

/// The result of the 24-point count, or of the side to move declaring under the
/// 27-point rule, if it may be called now: `(winner, None = draw)`.
pub fn impasse_result(pos: &Position, rule: ImpasseRule) -> Result<Option<Color>, ImpasseError> {
    let count = |color| impasse_points(pos, color);
    match rule {
        ImpasseRule::Points24 => {
            let [sente, gote] = Color::ALL.map(count);
            if !(sente.king_in_zone && gote.king_in_zone) {
                return Err(ImpasseError::KingsNotBothInZone);
            }
            let short = |p: ImpassePoints| p.total(rule) < POINTS_24_NEEDED;
            // Both short can happen only in a handicap game (pieces removed from
            // the set); neither has then outscored the other's loss: a draw.
            Ok(match (short(sente), short(gote)) {
                (true, false) => Some(Color::Gote),
                (false, true) => Some(Color::Sente),
                _ => None,
            })
        }
        ImpasseRule::Declaration27 => {
            let us = pos.turn();
            let ours = count(us);
            if !ours.king_in_zone {
                return Err(ImpasseError::KingNotInZone);
            }
            if pos.is_check() {
                return Err(ImpasseError::InCheck);
            }
            if ours.pieces_in_zone < DECLARATION_PIECES_NEEDED {
                return Err(ImpasseError::TooFewPiecesInZone {
                    pieces: ours.pieces_in_zone,
                    needed: DECLARATION_PIECES_NEEDED,
                });
            }
            let needed = declaration_points_needed(us);
            let points = ours.total(rule);
            if points < needed {
                return Err(ImpasseError::TooFewPoints { points, needed });
            }
            Ok(Some(us))
        }
    }
}
