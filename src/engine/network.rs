//! The learned evaluation's second part: a small network over where the pieces stand,
//! added after the king-relative weights of `learned.rs` (issue 29).
//!
//! Each side sees the board from its own end (turned round for gote): every piece on the
//! board is a feature by whose it is (the viewer's or the other side's), its kind and its
//! square, and every piece in hand one by whose it is, its kind and its count. A view's
//! features add their rows of weights into [`HIDDEN`] units; both views' units, the side to
//! move's first, are clipped to [0, 1] and weighed into centipawns. The clipping lets the
//! network score pieces together (a castle, an attack) where the linear weights score each
//! alone. A move changes a few features, so the search keeps the units from ply to ply
//! ([`Network::units_after`]) instead of adding every row again.
//!
//! Stored after the king-relative weights in `learned.rs`'s file, as [`MAGIC`] and
//! little-endian `i16`s: the first layer's weights and biases in [`FIRST_UNITS`], the output
//! layer's in sixteenths of a centipawn. `train_network` (src/bin/train_network.rs) fits it.

use super::changes::{Changes, Placed};
use crate::rules::{Color, Piece, Position, Role, Square};

/// Hidden units per view.
pub const HIDDEN: usize = 32;
/// How many pieces of each hand kind (pawn..rook) can be held.
const HAND_MAX: [usize; 7] = [18, 4, 4, 4, 4, 2, 2];
/// Where each hand kind's features start among a side's hand features.
const HAND_FIRST: [usize; 7] = [0, 18, 22, 26, 30, 34, 36];
const HAND_SLOTS: usize = 38;
/// Board features: whose (the viewer's, the other's), kind and square.
const BOARD_FEATURES: usize = 2 * 14 * 81;
/// Every feature of a view.
pub const FEATURES: usize = BOARD_FEATURES + 2 * HAND_SLOTS;
/// The network's first bytes in the file.
pub const MAGIC: &[u8; 8] = b"SHOGINN1";
/// The first layer's stored units per unit of activation.
pub const FIRST_UNITS: f32 = 8192.0;
/// The output layer's stored units per centipawn.
pub const OUT_UNITS: f32 = 16.0;
/// The numbers stored after [`MAGIC`].
pub const STORED: usize = FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN + 1;

/// Both views' units before clipping, sente's view first.
pub type Units = [[f32; HIDDEN]; 2];

/// Fitted weights, ready to evaluate with.
#[derive(Clone)]
pub struct Network {
    /// One row of [`HIDDEN`] weights per feature.
    pub first: Box<[f32]>,
    pub first_bias: [f32; HIDDEN],
    /// The side to move's units' weights, then the other side's, in centipawns.
    pub out: [f32; 2 * HIDDEN],
    pub out_bias: f32,
}

/// The feature of `piece` on `sq` as `viewer` sees the board.
#[inline]
fn board_feature(viewer: Color, piece: Piece, sq: Square) -> usize {
    let seen = if viewer == Color::Sente { sq.index() } else { sq.flipped().index() };
    (usize::from(piece.color != viewer) * 14 + piece.role.index()) * 81 + seen
}

/// The feature of `holder`'s piece of kind `role` held beside `nth` others (none beyond the
/// most that can be held), as `viewer` sees it.
#[inline]
fn hand_feature(viewer: Color, holder: Color, role: Role, nth: usize) -> Option<usize> {
    (nth < HAND_MAX[role.index()])
        .then(|| BOARD_FEATURES + usize::from(holder != viewer) * HAND_SLOTS + HAND_FIRST[role.index()] + nth)
}

/// Calls `visit` with every feature of `pos` as `viewer` sees it.
pub fn features(pos: &Position, viewer: Color, visit: &mut impl FnMut(usize)) {
    for sq in pos.occupied() {
        if let Some(piece) = pos.piece_at(sq) {
            visit(board_feature(viewer, piece, sq));
        }
    }
    for holder in Color::ALL {
        for role in Role::ALL.into_iter().take(HAND_MAX.len()) {
            (0..usize::from(pos.hand(holder).count(role)))
                .filter_map(|nth| hand_feature(viewer, holder, role, nth))
                .for_each(&mut *visit);
        }
    }
}

impl Network {
    /// Reads the network's part of the file (from [`MAGIC`] on).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let body = bytes.strip_prefix(MAGIC.as_slice()).ok_or("no network after the weights (bad header)")?;
        if body.len() != STORED * 2 {
            return Err(format!("{} bytes of network, expected {}", body.len(), STORED * 2));
        }
        let numbers: Vec<f32> = body.chunks_exact(2).map(|b| f32::from(i16::from_le_bytes([b[0], b[1]]))).collect();
        let (first, rest) = numbers.split_at(FEATURES * HIDDEN);
        let (first_bias, rest) = rest.split_at(HIDDEN);
        let (out, out_bias) = rest.split_at(2 * HIDDEN);
        Ok(Network {
            first: first.iter().map(|w| w / FIRST_UNITS).collect(),
            first_bias: std::array::from_fn(|h| first_bias[h] / FIRST_UNITS),
            out: std::array::from_fn(|h| out[h] / OUT_UNITS),
            out_bias: out_bias[0] / OUT_UNITS,
        })
    }

    /// The network's part of the file, each weight rounded to its stored units; an error
    /// names a weight too large to store.
    pub fn to_bytes(&self) -> Result<Vec<u8>, String> {
        let first = self.first.iter().chain(&self.first_bias).map(|w| (w, FIRST_UNITS));
        let out = self.out.iter().chain(std::iter::once(&self.out_bias)).map(|w| (w, OUT_UNITS));
        let mut bytes = MAGIC.to_vec();
        for (w, units) in first.chain(out) {
            let stored = (w * units).round();
            if !(f32::from(i16::MIN)..=f32::from(i16::MAX)).contains(&stored) {
                return Err(format!("a weight of {w} does not fit the file"));
            }
            bytes.extend((stored as i16).to_le_bytes());
        }
        Ok(bytes)
    }

    /// Both views' units in `pos`, from every feature.
    #[inline(never)]
    pub fn units(&self, pos: &Position) -> Units {
        Color::ALL.map(|viewer| {
            let mut units = self.first_bias;
            features(pos, viewer, &mut |f| self.add_row(&mut units, f, 1.0));
            units
        })
    }

    /// Out of line: the 32-wide loop is the network's bulk of code, written once in the
    /// worker's wasm (inlined, it cost 5 KB gzip of the page's first load). In wasm it adds
    /// four weights at a time (eight `f32x4` adds instead of 32): 0.4 KB gzip smaller, while
    /// `simd128` for the whole worker made it 3.5 KB larger.
    #[inline(never)]
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    fn add_row(&self, units: &mut [f32; HIDDEN], feature: usize, sign: f32) {
        let row = &self.first[feature * HIDDEN..(feature + 1) * HIDDEN];
        units.iter_mut().zip(row).for_each(|(u, w)| *u += sign * w);
    }

    /// The correction for `turn`, in centipawns. The clamps and products are done array-wide so
    /// that they compile to vector min, max and multiply; in wasm that needs `simd128`, without
    /// which V8 compiles each clamp into branches the units' values mispredict (the correction
    /// then took seven times its native time, issue 29). The sum keeps its order: every target
    /// scores alike.
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    pub fn correction(&self, units: &Units, turn: Color) -> f32 {
        let (out, _) = self.out.as_chunks::<HIDDEN>();
        let weighed = |units: &[f32; HIDDEN], out: &[f32; HIDDEN]| -> [f32; HIDDEN] {
            std::array::from_fn(|h| out[h] * units[h].clamp(0.0, 1.0))
        };
        let ours = weighed(&units[turn.index()], &out[0]);
        let theirs = weighed(&units[(!turn).index()], &out[1]);
        self.out_bias + ours.iter().chain(&theirs).sum::<f32>()
    }

    /// Updates the units before a move to those after it: only the features of the pieces it
    /// moves, takes or drops change.
    pub fn follow(&self, units: &mut Units, changes: &Changes) {
        for viewer in Color::ALL {
            for (placed, sign) in changes.signed() {
                let feature = match placed {
                    Placed::Board(piece, sq) => Some(board_feature(viewer, piece, sq)),
                    Placed::Hand(holder, role, nth) => hand_feature(viewer, holder, role, usize::from(nth)),
                };
                if let Some(feature) = feature {
                    self.add_row(&mut units[viewer.index()], feature, sign as f32);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Position};

    fn random_network(random: &mut impl FnMut() -> u64) -> Network {
        Network {
            first: (0..FEATURES * HIDDEN).map(|_| (random() % 1000) as f32 / 1000.0 - 0.5).collect(),
            first_bias: [0.5; HIDDEN],
            out: std::array::from_fn(|h| h as f32 - 20.0),
            out_bias: 3.0,
        }
    }

    fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    #[test]
    fn units_kept_move_by_move_are_those_of_the_position() {
        let mut random = xorshift(0x2545_f491_4f6c_dd1d);
        let network = random_network(&mut random);
        let (mut drops, mut captures) = (0, 0);
        for _ in 0..20 {
            let mut pos = Position::startpos();
            let mut units = network.units(&pos);
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures and drops, so that hands fill and empty.
                let busy: Vec<Move> =
                    moves.iter().copied().filter(|m| m.from().is_none() || pos.piece_at(m.to()).is_some()).collect();
                let r = random();
                let pool = if !busy.is_empty() && !r.is_multiple_of(3) { &busy[..] } else { moves.as_slice() };
                let mv = pool[(r >> 8) as usize % pool.len()];
                drops += usize::from(mv.from().is_none());
                captures += usize::from(mv.from().is_some() && pos.piece_at(mv.to()).is_some());
                network.follow(&mut units, &Changes::of(&pos, mv));
                pos.play_unchecked(mv);
                let fresh = network.units(&pos);
                for (kept, whole) in units.iter().flatten().zip(fresh.iter().flatten()) {
                    assert!((kept - whole).abs() < 1e-3, "after {mv} in {pos:?}");
                }
            }
        }
        assert!(drops > 300 && captures > 300, "{drops} drops, {captures} captures");
    }

    #[test]
    fn the_file_keeps_the_network_to_its_units() {
        let mut random = xorshift(7);
        let network = random_network(&mut random);
        let read = Network::from_bytes(&network.to_bytes().unwrap()).unwrap();
        let pos = Position::startpos();
        let (a, b) =
            (network.correction(&network.units(&pos), pos.turn()), read.correction(&read.units(&pos), pos.turn()));
        assert!((a - b).abs() < 0.5, "{a} and {b}");
        assert!(Network::from_bytes(&read.to_bytes().unwrap()[..100]).is_err());
    }

    #[test]
    fn each_side_sees_the_same_game_from_its_end() {
        // The start position is the same from both ends: both views' units are equal (but for
        // the order the rows are added in).
        let mut random = xorshift(11);
        let network = random_network(&mut random);
        let [sente, gote] = network.units(&Position::startpos());
        assert!(sente.iter().zip(&gote).all(|(s, g)| (s - g).abs() < 1e-4), "{sente:?} and {gote:?}");
    }
}
