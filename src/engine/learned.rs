//! The learned part of the evaluation: a large linear model of king-relative piece
//! placements (Bonanza's KP), added to the built-in evaluation of `eval.rs`.
//!
//! For each king, every other piece on the board and every piece in hand is a feature
//! keyed by the king's square, whose the piece is (the king's or the enemy's), its role
//! and its square (or, in hand, its count): the value of a rook on 2h is not the same behind
//! a castled king as beside one still in the centre. Everything is seen from the king's
//! owner and mirrored so the king stands on files 1-5: 45 king squares. A side's score is
//! the sum over its king's features; the evaluation adds ours and takes away theirs.
//!
//! The weights are fitted by `train` (src/bin/train.rs) on positions `datagen` makes from the
//! engine's own games, as a correction on top of the built-in evaluation, and stored as
//! [`WEIGHTS_FILE`]: a header and little-endian `i16`s in sixteenths of a centipawn, then the
//! network that `network.rs` adds after these weights, when the file holds one.

use super::changes::{Changes, Placed};
use super::network::Network;
use crate::rules::{Color, Piece, Position, Role, Square};

/// King squares after mirroring: files 1-5 by nine ranks.
const KING_SQUARES: usize = 45;
/// Board features per king square: the piece's side (own, enemy), role and square.
const BOARD_FEATURES: usize = 2 * 14 * 81;
/// How many pieces of each hand kind (pawn..rook) can be held.
const HAND_MAX: [usize; 7] = [18, 4, 4, 4, 4, 2, 2];
const HAND_SLOTS: usize = 38;
/// Where each hand kind's slots start.
const HAND_FIRST: [usize; 7] = [0, 18, 22, 26, 30, 34, 36];
/// Hand features per king square: the holder's side and the n-th piece of a kind.
const HAND_FEATURES: usize = 2 * HAND_SLOTS;
const PER_KING: usize = BOARD_FEATURES + HAND_FEATURES;
/// The number of weights.
pub const FEATURE_COUNT: usize = KING_SQUARES * PER_KING;
/// Weights are stored in these fractions of a centipawn.
pub const UNITS_PER_CP: i32 = 16;

/// The file's name in the repository (`public/`, fetched by the browser's worker).
pub const WEIGHTS_FILE: &str = "public/learned-eval.bin";
/// The file's first bytes: its format and version.
pub const MAGIC: &[u8; 8] = b"SHOGIKP1";

/// Fitted weights, ready to evaluate with.
pub struct LearnedWeights {
    weights: Box<[i16]>,
    /// The network the file may hold after the weights (`network.rs`), added after them.
    pub network: Option<Network>,
}

impl LearnedWeights {
    /// Reads weights in the file format of [`WEIGHTS_FILE`].
    pub fn from_bytes(bytes: &[u8]) -> Result<LearnedWeights, String> {
        let body = bytes.strip_prefix(MAGIC.as_slice()).ok_or("not a learned evaluation file (bad header)")?;
        if body.len() < FEATURE_COUNT * 2 {
            return Err(format!("{} bytes of weights, expected {}", body.len(), FEATURE_COUNT * 2));
        }
        let (body, after) = body.split_at(FEATURE_COUNT * 2);
        let weights = body.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
        let network = (!after.is_empty()).then(|| Network::from_bytes(after)).transpose()?;
        Ok(LearnedWeights { weights, network })
    }

    /// The weights' correction for the side to move, in centipawns (the network's is added by
    /// the search, from the units it keeps).
    pub fn correction(&self, pos: &Position) -> i32 {
        correction_of(self.sums(pos), pos.turn())
    }

    /// Both kings' sums, in one pass over the board.
    pub fn sums(&self, pos: &Position) -> KingSums {
        let views = Color::ALL.map(|owner| KingView::of(pos, owner));
        let mut sums = [0i32; 2];
        for sq in pos.occupied() {
            let Some(piece) = pos.piece_at(sq) else { continue };
            for (sum, view) in sums.iter_mut().zip(&views) {
                if let Some(feature) = view.as_ref().and_then(|v| v.board_feature(piece, sq)) {
                    *sum += i32::from(self.weights[feature]);
                }
            }
        }
        for (sum, view) in sums.iter_mut().zip(&views) {
            if let Some(view) = view {
                view.hand_features(pos, &mut |feature| *sum += i32::from(self.weights[feature]));
            }
        }
        sums
    }

    /// Updates the sums before a move to those after it: only the features of the pieces it
    /// moves, takes or drops change. False, and the sums unchanged, for a king move, which
    /// changes all of that king's features.
    pub fn follow(&self, sums: &mut KingSums, changes: &Changes) -> bool {
        if changes.king_moved {
            return false;
        }
        let views = Color::ALL.map(|owner| changes.kings[owner.index()].map(|king| KingView::at(owner, king)));
        for (placed, sign) in changes.signed() {
            for (sum, view) in sums.iter_mut().zip(&views) {
                if let Some(feature) = view.as_ref().and_then(|view| view.feature(placed)) {
                    *sum += sign * i32::from(self.weights[feature]);
                }
            }
        }
        true
    }
}

/// Both kings' feature sums (sente's king first), in the weights' units: kept from ply to
/// ply by the search with [`LearnedWeights::sums_after`].
pub type KingSums = [i32; 2];

/// The correction for `turn` in centipawns, from both kings' sums.
pub fn correction_of(sums: KingSums, turn: Color) -> i32 {
    let us = turn.index();
    (sums[us] - sums[1 - us]) / UNITS_PER_CP
}

/// The committed weights ([`WEIGHTS_FILE`]). The browser's worker never calls this, so its
/// wasm holds no copy: it fetches the file instead (the page's first load stays small).
pub fn committed() -> LearnedWeights {
    LearnedWeights::from_bytes(include_bytes!("../../public/learned-eval.bin")).expect("the committed weights file")
}

/// The weights a program starts with: the committed ones natively, none in the browser's
/// worker until it is sent the file.
#[cfg(not(target_arch = "wasm32"))]
pub fn built_in() -> Option<LearnedWeights> {
    Some(committed())
}

#[cfg(target_arch = "wasm32")]
pub fn built_in() -> Option<LearnedWeights> {
    None
}

/// Writes weights (in sixteenths of a centipawn) in the file format of [`WEIGHTS_FILE`].
pub fn to_bytes(weights: &[i16]) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend(weights.iter().flat_map(|w| w.to_le_bytes()));
    bytes
}

/// Calls `visit(feature)` for every feature of `king_owner`'s king (none without a king).
pub fn features(pos: &Position, king_owner: Color, visit: &mut impl FnMut(usize)) {
    let Some(view) = KingView::of(pos, king_owner) else { return };
    for sq in pos.occupied() {
        if let Some(feature) = pos.piece_at(sq).and_then(|piece| view.board_feature(piece, sq)) {
            visit(feature);
        }
    }
    view.hand_features(pos, visit);
}

/// The board as one king's owner sees it: turned round for gote, mirrored so that the king
/// stands on files 1-5, with the features of that king square.
struct KingView {
    owner: Color,
    mirrored: bool,
    /// The first feature of the king's square.
    base: usize,
}

impl KingView {
    fn of(pos: &Position, owner: Color) -> Option<KingView> {
        Some(KingView::at(owner, pos.king_square(owner)?))
    }

    /// The view of `owner`'s king on `king`.
    fn at(owner: Color, king: Square) -> KingView {
        let king = seen_by(owner, king);
        let mirrored = king >= KING_SQUARES;
        KingView { owner, mirrored, base: (if mirrored { mirror(king) } else { king }) * PER_KING }
    }

    /// The feature of a piece where it is placed.
    #[inline]
    fn feature(&self, placed: Placed) -> Option<usize> {
        match placed {
            Placed::Board(piece, sq) => self.board_feature(piece, sq),
            Placed::Hand(holder, role, nth) => self.hand_feature(holder, role, usize::from(nth)),
        }
    }

    /// The feature of `piece` on `sq`; none for the king itself.
    #[inline]
    fn board_feature(&self, piece: Piece, sq: Square) -> Option<usize> {
        let own = piece.color == self.owner;
        if own && piece.role == Role::King {
            return None;
        }
        let seen = seen_by(self.owner, sq);
        let place = if self.mirrored { mirror(seen) } else { seen };
        Some(self.base + (usize::from(!own) * 14 + piece.role.index()) * 81 + place)
    }

    /// Calls `visit` for the n-th piece of each kind in either hand, n from 1 to the count.
    fn hand_features(&self, pos: &Position, visit: &mut impl FnMut(usize)) {
        for color in Color::ALL {
            for (role, most) in Role::ALL.into_iter().zip(HAND_MAX) {
                for nth in 0..usize::from(pos.hand(color).count(role)).min(most) {
                    visit(self.base + self.hand_first(color, role) + nth);
                }
            }
        }
    }

    /// The feature of `color`'s piece of kind `role` held beside `nth` others (none beyond
    /// the most that can be held).
    #[inline]
    fn hand_feature(&self, color: Color, role: Role, nth: usize) -> Option<usize> {
        (nth < HAND_MAX[role.index()]).then(|| self.base + self.hand_first(color, role) + nth)
    }

    /// The offset of the first hand feature of `color`'s `role` from the king square's first.
    #[inline]
    fn hand_first(&self, color: Color, role: Role) -> usize {
        BOARD_FEATURES + usize::from(color != self.owner) * HAND_SLOTS + HAND_FIRST[role.index()]
    }
}

/// A square's index as `owner` sees the board (turned round for gote).
#[inline]
fn seen_by(owner: Color, sq: Square) -> usize {
    if owner == Color::Sente {
        sq.index()
    } else {
        sq.flipped().index()
    }
}

/// A square index's mirror image across the middle file.
#[inline]
fn mirror(sq: usize) -> usize {
    (8 - sq / 9) * 9 + sq % 9
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen;
    use crate::rules::Move;

    #[test]
    fn hand_slots_add_up() {
        assert_eq!(HAND_MAX.iter().sum::<usize>(), HAND_SLOTS);
        for role in 1..7 {
            assert_eq!(HAND_FIRST[role], HAND_FIRST[role - 1] + HAND_MAX[role - 1]);
        }
    }

    #[test]
    fn the_bytes_read_back_and_a_wrong_file_is_refused() {
        let weights: Vec<i16> = (0..FEATURE_COUNT).map(|i| (i % 200) as i16 - 100).collect();
        let read = LearnedWeights::from_bytes(&to_bytes(&weights)).unwrap();
        assert_eq!(&*read.weights, &weights[..]);
        assert!(LearnedWeights::from_bytes(b"SHOGIKP1\0\0").is_err());
        assert!(LearnedWeights::from_bytes(&[0; 16]).is_err());
    }

    #[test]
    fn features_are_in_range_and_the_same_with_colours_swapped_and_the_board_turned() {
        let text = "ln1g3nl/1ks1g4/1ppp2+Rpp/p3p4/5P3/2P1P4/PPSP2P1P/1KG1G4/LN5NL b BSPrbs2p 1";
        let pos = sfen::parse_position(text).unwrap();
        let collect = |pos: &Position, color: Color| {
            let mut found = Vec::new();
            features(pos, color, &mut |i| found.push(i));
            found.sort();
            found
        };
        let sente = collect(&pos, Color::Sente);
        assert!(sente.iter().all(|&i| i < FEATURE_COUNT));
        // 31 other pieces on the board; a bishop, silver and pawn in hand, and the enemy's
        // rook, bishop, silver and two pawns.
        assert_eq!(sente.len(), 31 + 3 + 5);
        // The same position with the colours swapped and the board turned round.
        let flipped =
            sfen::parse_position("ln5nl/4g1gk1/p1p2pspp/4p1p2/3p5/4P3P/PP+r2PPP1/4G1SK1/LN3G1NL w RBS2Pbsp 1").unwrap();
        assert_eq!(collect(&flipped, Color::Gote), sente);
    }

    #[test]
    fn the_correction_is_the_sum_of_the_features_weights() {
        let weights: Vec<i16> = (0..FEATURE_COUNT).map(|i| ((i * 7919) % 401) as i16 - 200).collect();
        let learned = LearnedWeights::from_bytes(&to_bytes(&weights)).unwrap();
        let mut pos = Position::startpos();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            let mut sums = [0i32; 2];
            for (sum, color) in sums.iter_mut().zip(Color::ALL) {
                features(&pos, color, &mut |i| *sum += i32::from(weights[i]));
            }
            let us = pos.turn().index();
            assert_eq!(learned.correction(&pos), (sums[us] - sums[1 - us]) / UNITS_PER_CP);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play_unchecked(moves.as_slice()[(state % moves.len() as u64) as usize]);
        }
    }

    #[test]
    fn sums_kept_move_by_move_are_the_sums_of_the_position() {
        let weights: Vec<i16> = (0..FEATURE_COUNT).map(|i| ((i * 104_729) % 997) as i16 - 498).collect();
        let learned = LearnedWeights::from_bytes(&to_bytes(&weights)).unwrap();
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let (mut kept, mut drops, mut captures) = (0, 0, 0);
        for _ in 0..20 {
            let mut pos = Position::startpos();
            let mut sums = learned.sums(&pos);
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Prefer captures and drops, so that hands fill and empty.
                let busy: Vec<Move> =
                    moves.iter().copied().filter(|m| m.from().is_none() || pos.piece_at(m.to()).is_some()).collect();
                let pool = if !busy.is_empty() && !state.is_multiple_of(3) { &busy[..] } else { moves.as_slice() };
                let mv = pool[(state >> 8) as usize % pool.len()];
                let mut after = sums;
                let followed = learned.follow(&mut after, &Changes::of(&pos, mv));
                drops += usize::from(mv.from().is_none());
                captures += usize::from(mv.from().is_some() && pos.piece_at(mv.to()).is_some());
                pos.play_unchecked(mv);
                sums = if followed { after } else { learned.sums(&pos) };
                kept += usize::from(followed);
                assert_eq!(sums, learned.sums(&pos), "after {mv} in {pos:?}");
            }
        }
        assert!(kept > 2000 && drops > 300 && captures > 300, "{kept} kept, {drops} drops, {captures} captures");
    }
}
