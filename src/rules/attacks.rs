//! Attack sets of every piece, from tables computed at compile time.
//!
//! Sliders use the "obstruction difference" trick on each of the four lines
//! through a square: no magic numbers, no run-time initialisation, and only
//! plain integer arithmetic, so the same code is fast natively and in wasm.

use super::bitboard::Bitboard;
use super::square::Square;
use super::types::{Color, Role};

/// (file step, rank step); rank step -1 is "forward" for sente.
type Step = (i8, i8);

const PAWN_STEPS: &[Step] = &[(0, -1)];
const KNIGHT_STEPS: &[Step] = &[(-1, -2), (1, -2)];
const SILVER_STEPS: &[Step] = &[(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: &[Step] = &[(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: &[Step] = &[(0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (-1, 1), (1, 1)];

/// Index of the step tables.
#[derive(Clone, Copy)]
enum Stepper {
    Pawn = 0,
    Knight = 1,
    Silver = 2,
    Gold = 3,
    King = 4,
}

const fn offset(sq: usize, step: Step, color: usize) -> Option<usize> {
    let file = (sq / 9) as i8 + step.0;
    let rank = (sq % 9) as i8 + if color == 0 { step.1 } else { -step.1 };
    if file < 0 || file > 8 || rank < 0 || rank > 8 {
        None
    } else {
        Some(file as usize * 9 + rank as usize)
    }
}

const fn step_table(steps: &[Step], color: usize) -> [u128; 81] {
    let mut table = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = offset(sq, steps[i], color) {
                table[sq] |= 1 << to;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn step_tables(color: usize) -> [[u128; 81]; 5] {
    [
        step_table(PAWN_STEPS, color),
        step_table(KNIGHT_STEPS, color),
        step_table(SILVER_STEPS, color),
        step_table(GOLD_STEPS, color),
        step_table(KING_STEPS, color),
    ]
}

static STEP_ATTACKS: [[[u128; 81]; 5]; 2] = [step_tables(0), step_tables(1)];

/// The squares on one side of a square along a direction, up to the edge.
const fn ray(sq: usize, step: Step) -> u128 {
    let mut bits = 0u128;
    let mut cur = sq;
    while let Some(next) = offset(cur, step, 0) {
        bits |= 1 << next;
        cur = next;
    }
    bits
}

/// The four lines through a square: 0 = file, 1 = rank, 2 = diagonal,
/// 3 = anti-diagonal, each as its step towards higher square indices. Along a
/// line the squares' indices grow by `STRIDES[line]`.
const LINE_STEPS: [Step; 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
const STRIDES: [usize; 4] = [1, 9, 10, 8];

const fn backwards(step: Step) -> Step {
    (-step.0, -step.1)
}

/// Where one line through a square lies in a bitboard. Positions count along
/// the line from its first (lowest) square, 0.
#[derive(Clone, Copy)]
struct LineGeometry {
    /// The index of the line's first square.
    start: u8,
    /// The square's own position.
    pos: u8,
    /// The line's last position.
    last: u8,
    /// The shift that brings position 1 to bit 0 ...
    shift: u8,
    /// ... after which these bits are the line's positions 1 to 7 (its
    /// possible blockers: the end squares are where a slider stops anyway).
    inner: u64,
}

const fn line_geometry() -> [[LineGeometry; 81]; 4] {
    let blank = LineGeometry { start: 0, pos: 0, last: 0, shift: 0, inner: 0 };
    let mut table = [[blank; 81]; 4];
    let mut line = 0;
    while line < 4 {
        let mut sq = 0;
        while sq < 81 {
            let mut start = sq;
            let mut pos = 0;
            while let Some(prev) = offset(start, backwards(LINE_STEPS[line]), 0) {
                start = prev;
                pos += 1;
            }
            let mut last = pos;
            let mut end = sq;
            while let Some(next) = offset(end, LINE_STEPS[line], 0) {
                end = next;
                last += 1;
            }
            let stride = STRIDES[line];
            let mut inner = 0u64;
            let mut p = 1;
            while p <= 7 && p <= last {
                inner |= 1 << ((p - 1) * stride);
                p += 1;
            }
            let shift = start + stride;
            table[line][sq] =
                LineGeometry { start: start as u8, pos: pos as u8, last: last as u8, shift: shift as u8, inner };
            sq += 1;
        }
        line += 1;
    }
    table
}

static GEOMETRY: [[LineGeometry; 81]; 4] = line_geometry();

/// Multipliers gathering the inner bits of a rank, diagonal or anti-diagonal
/// (every `stride` bits from bit 0) into bits 57..63: bit `stride * j` times
/// `2^(57 + j - stride * j)` lands on bit 57 + j, and as the other partial
/// products (at 57 + j' + stride * (j - j')) all differ, nothing carries.
const fn gather_magic(stride: usize) -> u64 {
    let mut magic = 0u64;
    let mut j = 0;
    while j < 7 {
        magic |= 1 << (57 + j - stride * j);
        j += 1;
    }
    magic
}

const GATHER: [u64; 4] = [0, gather_magic(9), gather_magic(10), gather_magic(8)];

/// For a slider at position `pos` of a nine-square line and the blockers at
/// positions 1..=7 (bit p - 1 of `blockers`), entry `pos * 128 + blockers`: the
/// positions of the nearest blocker or line end below and above it. (A power
/// of two long, so that a masked index needs no bounds check.)
const fn span_table() -> [(u8, u8); 2048] {
    let mut table = [(0u8, 0u8); 2048];
    let mut pos = 0;
    while pos < 9 {
        let mut blockers = 0;
        while blockers < 128 {
            let mut lo = pos;
            while lo > 0 && (lo == pos || blockers >> (lo - 1) & 1 == 0) {
                lo -= 1;
            }
            let mut hi = pos;
            while hi < 8 && (hi == pos || blockers >> (hi - 1) & 1 == 0) {
                hi += 1;
            }
            table[pos * 128 + blockers] = (lo as u8, hi as u8);
            blockers += 1;
        }
        pos += 1;
    }
    table
}

static SPAN: [(u8, u8); 2048] = span_table();

/// For each line, entry `lo * 9 + hi`: the squares from position `lo` to `hi`
/// of a line starting at bit 0.
const fn segment_table() -> [[u128; 128]; 4] {
    let mut table = [[0u128; 128]; 4];
    let mut line = 0;
    while line < 4 {
        let mut lo = 0;
        while lo < 9 {
            let mut hi = lo;
            let mut bits = 0u128;
            while hi < 9 {
                bits |= 1 << (hi * STRIDES[line]);
                table[line][lo * 9 + hi] = bits;
                hi += 1;
            }
            lo += 1;
        }
        line += 1;
    }
    table
}

static SEGMENTS: [[u128; 128]; 4] = segment_table();

/// Which part of a line a slider sees.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    Both,
    Lower,
    Upper,
}

/// What a slider on `sq` attacks along `line`: the blockers' positions come
/// from the line's occupancy gathered into seven bits, then a precomputed
/// segment of the line is shifted into place. Only integer arithmetic on one
/// `u64` and two `u128` shifts, which wasm does well too.
#[inline(always)]
fn line_attacks(line: usize, reach: Reach, sq: Square, occupied: Bitboard) -> u128 {
    let g = &GEOMETRY[line][sq.index()];
    let inner = (occupied.0 >> g.shift) as u64 & g.inner;
    let blockers = if line == 0 { inner & 0x7f } else { inner.wrapping_mul(GATHER[line]) >> 57 };
    let (lo, hi) = SPAN[(g.pos as usize * 128 + blockers as usize) & 2047];
    let (lo, hi, pos) = (lo as usize, hi.min(g.last) as usize, g.pos as usize);
    let segment = |from: usize, to: usize| SEGMENTS[line][(from * 9 + to) & 127];
    let seen = match reach {
        Reach::Both => segment(lo, hi),
        Reach::Lower => segment(lo, pos),
        Reach::Upper => segment(pos, hi),
    };
    (seen ^ segment(pos, pos)) << g.start
}

/// Rook (0) and bishop (1) attacks on an empty board, and the squares ahead
/// on the file for sente (2) and gote (3).
const fn ray_table() -> [[u128; 81]; 4] {
    let mut table = [[0u128; 81]; 4];
    let mut sq = 0;
    while sq < 81 {
        let mut line = 0;
        while line < 4 {
            let both = ray(sq, LINE_STEPS[line]) | ray(sq, backwards(LINE_STEPS[line]));
            table[line / 2][sq] |= both;
            line += 1;
        }
        table[2][sq] = ray(sq, backwards(LINE_STEPS[0]));
        table[3][sq] = ray(sq, LINE_STEPS[0]);
        sq += 1;
    }
    table
}

static RAYS: [[u128; 81]; 4] = ray_table();

/// The squares at most two files and two ranks away (the 5x5 box around a square).
const fn near_table() -> [u128; 81] {
    let mut table = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut df = -2;
        while df <= 2 {
            let mut dr = -2;
            while dr <= 2 {
                if let Some(to) = offset(sq, (df, dr), 0) {
                    table[sq] |= 1 << to;
                }
                dr += 1;
            }
            df += 1;
        }
        sq += 1;
    }
    table
}

static NEAR: [u128; 81] = near_table();

/// Squares strictly between two squares on a common line (empty otherwise),
/// and the whole line through both (empty if they share none).
const fn between_and_line_tables() -> ([[u128; 81]; 81], [[u128; 81]; 81]) {
    let mut between = [[0u128; 81]; 81];
    let mut through = [[0u128; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut line = 0;
        while line < 4 {
            let full = ray(a, LINE_STEPS[line]) | ray(a, backwards(LINE_STEPS[line])) | 1 << a;
            let mut side = 0;
            while side < 2 {
                let step = if side == 0 { LINE_STEPS[line] } else { backwards(LINE_STEPS[line]) };
                let mut gap = 0u128;
                let mut cur = a;
                while let Some(b) = offset(cur, step, 0) {
                    between[a][b] = gap;
                    through[a][b] = full;
                    gap |= 1 << b;
                    cur = b;
                }
                side += 1;
            }
            line += 1;
        }
        a += 1;
    }
    (between, through)
}

static BETWEEN_AND_LINE: ([[u128; 81]; 81], [[u128; 81]; 81]) = between_and_line_tables();

#[inline]
fn step(color: Color, stepper: Stepper, sq: Square) -> Bitboard {
    Bitboard(STEP_ATTACKS[color.index()][stepper as usize][sq.index()])
}

#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    step(color, Stepper::Pawn, sq)
}

#[inline]
pub fn knight_attacks(color: Color, sq: Square) -> Bitboard {
    step(color, Stepper::Knight, sq)
}

#[inline]
pub fn silver_attacks(color: Color, sq: Square) -> Bitboard {
    step(color, Stepper::Silver, sq)
}

/// Also the move of tokin, promoted lance, promoted knight and promoted silver.
#[inline]
pub fn gold_attacks(color: Color, sq: Square) -> Bitboard {
    step(color, Stepper::Gold, sq)
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    step(Color::Sente, Stepper::King, sq)
}

#[inline(always)]
pub fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks(0, Reach::Both, sq, occupied))
}

#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks(0, Reach::Both, sq, occupied) | line_attacks(1, Reach::Both, sq, occupied))
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks(2, Reach::Both, sq, occupied) | line_attacks(3, Reach::Both, sq, occupied))
}

/// The rook's squares from `sq` on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(RAYS[0][sq.index()])
}

/// The bishop's squares from `sq` on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(RAYS[1][sq.index()])
}

/// The squares at most two files and two ranks from `sq` (itself included):
/// where a piece that steps one square can stand to attack a neighbor of `sq`.
#[inline]
pub fn near(sq: Square) -> Bitboard {
    Bitboard(NEAR[sq.index()])
}

/// The squares ahead of `sq` on its file, for `color` (towards rank a for sente).
#[inline]
pub fn forward_ray(color: Color, sq: Square) -> Bitboard {
    Bitboard(RAYS[2 + color.index()][sq.index()])
}

#[inline(always)]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    // Sente's lance looks towards rank a: lower indices of its file.
    let reach = match color {
        Color::Sente => Reach::Lower,
        Color::Gote => Reach::Upper,
    };
    Bitboard(line_attacks(0, reach, sq, occupied))
}

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_AND_LINE.0[a.index()][b.index()])
}

/// The whole line (edge to edge) through `a` and `b`, or empty if none.
#[inline]
pub fn line_through(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_AND_LINE.1[a.index()][b.index()])
}

/// The squares a piece attacks from `sq` one step away (a knight's jump
/// included): all of them for a stepping piece, none for a lance, bishop or
/// rook, the king-like steps of a horse or dragon.
#[inline]
pub fn step_attacks(color: Color, role: Role, sq: Square) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(color, sq),
        Role::Silver => silver_attacks(color, sq),
        Role::Gold | Role::Tokin | Role::PromotedLance | Role::PromotedKnight | Role::PromotedSilver => {
            gold_attacks(color, sq)
        }
        Role::King | Role::Horse | Role::Dragon => king_attacks(sq),
        Role::Lance | Role::Bishop | Role::Rook => Bitboard::EMPTY,
    }
}

/// The squares a piece attacks from `sq` given the occupancy.
#[inline(always)]
pub fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Lance => lance_attacks(color, sq, occupied),
        Role::Knight => knight_attacks(color, sq),
        Role::Silver => silver_attacks(color, sq),
        Role::Gold | Role::Tokin | Role::PromotedLance | Role::PromotedKnight | Role::PromotedSilver => {
            gold_attacks(color, sq)
        }
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::King => king_attacks(sq),
        Role::Horse => bishop_attacks(sq, occupied) | king_attacks(sq),
        Role::Dragon => rook_attacks(sq, occupied) | king_attacks(sq),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::from_usi(s).unwrap()
    }

    fn set(squares: &[&str]) -> Bitboard {
        squares.iter().map(|s| sq(s)).collect()
    }

    #[test]
    fn steppers_point_at_the_opponent() {
        assert_eq!(pawn_attacks(Color::Sente, sq("7g")), set(&["7f"]));
        assert_eq!(pawn_attacks(Color::Gote, sq("3c")), set(&["3d"]));
        assert_eq!(knight_attacks(Color::Sente, sq("2i")), set(&["1g", "3g"]));
        assert_eq!(knight_attacks(Color::Gote, sq("8a")), set(&["7c", "9c"]));
        assert_eq!(silver_attacks(Color::Sente, sq("5e")), set(&["4d", "5d", "6d", "4f", "6f"]));
        assert_eq!(gold_attacks(Color::Gote, sq("5e")), set(&["4f", "5f", "6f", "4e", "6e", "5d"]));
        assert_eq!(king_attacks(sq("1a")), set(&["2a", "1b", "2b"]));
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let occ = set(&["5c", "7e", "5h"]);
        assert_eq!(rook_attacks(sq("5e"), occ), set(&["5d", "5c", "5f", "5g", "5h", "6e", "7e", "4e", "3e", "2e", "1e"]));
        assert_eq!(lance_attacks(Color::Sente, sq("5e"), occ), set(&["5d", "5c"]));
        assert_eq!(lance_attacks(Color::Gote, sq("5e"), occ), set(&["5f", "5g", "5h"]));
        let diag = bishop_attacks(sq("5e"), set(&["3c", "6f"]));
        assert_eq!(diag, set(&["4d", "3c", "6d", "7c", "8b", "9a", "4f", "3g", "2h", "1i", "6f"]));
        assert_eq!(bishop_attacks(sq("1a"), Bitboard::EMPTY).count(), 8);
    }

    #[test]
    fn between_and_lines() {
        assert_eq!(between(sq("5a"), sq("5e")), set(&["5b", "5c", "5d"]));
        assert_eq!(between(sq("1a"), sq("4d")), set(&["2b", "3c"]));
        assert_eq!(between(sq("1a"), sq("2c")), Bitboard::EMPTY);
        assert_eq!(line_through(sq("5e"), sq("5g")), Bitboard::file(5));
        assert_eq!(line_through(sq("5e"), sq("3d")), Bitboard::EMPTY);
    }
}
