//! Attack sets of every piece, from tables computed at compile time (the page's wasm
//! computes them on first use instead: see `table!`).
//!
//! Sliders find the nearest blocker on each ray with a lowest-bit or
//! highest-bit trick: no magic numbers, and only plain integer arithmetic, so
//! the same code is fast natively and in wasm.

use super::bitboard::{shl, shr, Bitboard};
use super::square::Square;
use super::types::{Color, Role};

/// A table of attack sets, made by const functions. The engine (native, and the worker's wasm)
/// carries it in its binary, built at compile time, for speed. The page's wasm, whose moves are
/// few, builds it on first use instead: the tables are 35 KB, 6 KB gzip, of its first load
/// (issue 28). Either way `NAME[i]` reads it.
macro_rules! table {
    ($(#[$doc:meta])* static $name:ident: $ty:ty = $init:expr;) => {
        $(#[$doc])*
        #[cfg(not(all(target_arch = "wasm32", feature = "app")))]
        static $name: $ty = $init;
        $(#[$doc])*
        #[cfg(all(target_arch = "wasm32", feature = "app"))]
        static $name: std::sync::LazyLock<$ty> = std::sync::LazyLock::new(|| $init);
    };
}

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
    /// Lance, bishop and rook: no step at all.
    Nothing = 5,
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

const fn step_tables(color: usize) -> [[u128; 81]; 6] {
    [
        step_table(PAWN_STEPS, color),
        step_table(KNIGHT_STEPS, color),
        step_table(SILVER_STEPS, color),
        step_table(GOLD_STEPS, color),
        step_table(KING_STEPS, color),
        [0; 81],
    ]
}

table! {
    static STEP_ATTACKS: [[[u128; 81]; 6]; 2] = [step_tables(0), step_tables(1)];
}

/// How each role steps, by `Role` index.
const ROLE_STEPPERS: [Stepper; 14] = [
    Stepper::Pawn,
    Stepper::Nothing,
    Stepper::Knight,
    Stepper::Silver,
    Stepper::Gold,
    Stepper::Nothing,
    Stepper::Nothing,
    Stepper::King,
    Stepper::Gold,
    Stepper::Gold,
    Stepper::Gold,
    Stepper::Gold,
    Stepper::King,
    Stepper::King,
];

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

/// The four lines through a square, each as its step towards higher square
/// indices: 0 = file (towards rank i), 1 = rank, 2 = diagonal, 3 = anti-diagonal.
const LINE_STEPS: [Step; 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

const fn backwards(step: Step) -> Step {
    (-step.0, -step.1)
}

/// The rays from each square along each line: 0..4 towards higher indices,
/// 4..8 towards lower ones.
const fn directional_rays() -> [[u128; 81]; 8] {
    let mut table = [[0u128; 81]; 8];
    let mut line = 0;
    while line < 4 {
        let mut sq = 0;
        while sq < 81 {
            table[line][sq] = ray(sq, LINE_STEPS[line]);
            table[4 + line][sq] = ray(sq, backwards(LINE_STEPS[line]));
            sq += 1;
        }
        line += 1;
    }
    table
}

table! {
    static DIRECTIONAL: [[u128; 81]; 8] = directional_rays();
}

/// What a slider on `sq` attacks along `line` towards higher indices: the ray
/// up to and including its lowest blocker (`b ^ (b - 1)` keeps the bits up to
/// the lowest set one, all of them when there is none).
#[inline(always)]
fn upward(line: usize, sq: Square, occupied: Bitboard) -> u128 {
    let ray = DIRECTIONAL[line][sq.index()];
    let blockers = ray & occupied.0;
    ray & (blockers ^ blockers.wrapping_sub(1))
}

/// What a slider on `sq` attacks along `line` towards lower indices: the ray
/// but what lies beyond its highest blocker (beyond bit 0, nothing, when there
/// is none).
#[inline(always)]
fn downward(line: usize, sq: Square, occupied: Bitboard) -> u128 {
    let rays = &DIRECTIONAL[4 + line];
    let blockers = rays[sq.index()] & occupied.0;
    let highest = (127 - (blockers | 1).leading_zeros()).min(80) as usize;
    rays[sq.index()] & !rays[highest]
}

/// Rook (0) and bishop (1) attacks on an empty board.
const fn ray_table() -> [[u128; 81]; 2] {
    let mut table = [[0u128; 81]; 2];
    let mut sq = 0;
    while sq < 81 {
        let mut line = 0;
        while line < 4 {
            let both = ray(sq, LINE_STEPS[line]) | ray(sq, backwards(LINE_STEPS[line]));
            table[line / 2][sq] |= both;
            line += 1;
        }
        sq += 1;
    }
    table
}

table! {
    static RAYS: [[u128; 81]; 2] = ray_table();
}

/// For a slider at position `pos` (0..9) of a nine-square line, entry
/// `pos * 128 + blockers` (bit p - 1 of `blockers`: position p, 1..=7, is
/// occupied): the positions it attacks, as bits 0..9. (Padded to a power of
/// two, so that a masked index needs no bounds check.)
const fn line_pattern_table() -> [u16; 2048] {
    let mut table = [0u16; 2048];
    let mut pos = 0;
    while pos < 9 {
        let mut blockers = 0;
        while blockers < 128 {
            // Positions 1..=7 of the line are bits 0..=6 of `blockers`; the ends stop a slider anyway.
            let occupied = (blockers as u16) << 1 | 1 | 1 << 8;
            let mut pattern = 0u16;
            let mut p = pos;
            while p > 0 {
                p -= 1;
                pattern |= 1 << p;
                if occupied >> p & 1 != 0 {
                    break;
                }
            }
            let mut p = pos + 1;
            while p < 9 {
                pattern |= 1 << p;
                if occupied >> p & 1 != 0 {
                    break;
                }
                p += 1;
            }
            table[pos * 128 + blockers] = pattern;
            blockers += 1;
        }
        pos += 1;
    }
    table
}

table! {
    static LINE_PATTERNS: [u16; 2048] = line_pattern_table();
}

/// Nine bits of a pattern (below 512) spread over rank a: bit f to bit 9 f. The
/// low eight by one multiply (bit f times 2^(8 j) lands on bit f + 8 j: the partial
/// products all fall on different bits, so nothing carries, and on a multiple of
/// nine only where j = f), the ninth by a shift to bit 72. Worked out rather than
/// looked up: a table of the 512 spreads was 1.7 KB gzip-compressed in each wasm file.
#[inline(always)]
fn rank_spread(pattern: usize) -> u128 {
    const BYTES: u64 = 0x0101_0101_0101_0101;
    let low = (pattern & 0xff) as u64 * BYTES;
    (low as u128 | (pattern as u128) << 64) & Bitboard::rank(0).0
}

/// Gathers the inner squares of rank a (files 2..8: bits 9 j, j = 1..=7) into
/// bits 57..63: bit 9 j times 2^(56 - 8 j) lands on bit 56 + j, and as the
/// other partial products (bit 9 i times 2^(56 - 8 j), at 56 + i + 8 (i - j))
/// all differ, nothing carries.
const RANK_GATHER: u64 = {
    let mut magic = 0u64;
    let mut j = 1;
    while j <= 7 {
        magic |= 1 << (56 - 8 * j);
        j += 1;
    }
    magic
};

/// Rook attacks as two table lookups: the file's nine bits are contiguous in a
/// bitboard, and the rank's inner seven gather into an index with one multiply.
#[inline(always)]
fn rook_lines(sq: Square, occupied: Bitboard) -> u128 {
    let (file, rank) = ((sq.index() / 9) as u32, (sq.index() % 9) as u32);
    let base = file * 9;
    let file_blockers = shr(occupied.0, base + 1) as usize & 0x7f;
    let file_pattern = LINE_PATTERNS[(rank as usize * 128 + file_blockers) & 2047] as u128;
    let rank_bits = shr(occupied.0, rank & 63) as u64 & INNER_RANK_A;
    let rank_blockers = (rank_bits.wrapping_mul(RANK_GATHER) >> 57) as usize;
    let rank_pattern = LINE_PATTERNS[(file as usize * 128 + rank_blockers) & 2047] as usize;
    shl(file_pattern, base) | shl(rank_spread(rank_pattern), rank & 63)
}

/// Files 2..8 of rank a.
const INNER_RANK_A: u64 = {
    let mut bits = 0u64;
    let mut file = 1;
    while file <= 7 {
        bits |= 1 << (9 * file);
        file += 1;
    }
    bits
};

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

table! {
    static NEAR: [u128; 81] = near_table();
}

/// Which of the lines along `LINE_STEPS[line]` holds square index `sq`: its file (0..9),
/// its rank (0..9), its diagonal or its anti-diagonal (0..17).
const fn line_number(line: usize, sq: usize) -> usize {
    let (file, rank) = (sq / 9, sq % 9);
    match line {
        0 => file,
        1 => rank,
        2 => file + 8 - rank,
        _ => file + rank,
    }
}

/// For each line along each of `LINE_STEPS` (by [`line_number`]): the squares on it and on
/// the lines beside it that a neighbour of one of its squares can stand on, one to either
/// side for files and ranks, two for diagonals (a king step changes those numbers by up to two).
const fn band_table() -> [[u128; 17]; 4] {
    let mut table = [[0u128; 17]; 4];
    let mut line = 0;
    while line < 4 {
        let width = if line < 2 { 1 } else { 2 };
        let mut sq = 0;
        while sq < 81 {
            let on = line_number(line, sq);
            let mut number = on.saturating_sub(width);
            while number <= on + width && number < 17 {
                table[line][number] |= 1 << sq;
                number += 1;
            }
            sq += 1;
        }
        line += 1;
    }
    table
}

table! {
    /// A slider attacking a king's neighbour stands on a line through that neighbour: these
    /// bands of lines hold every such square (and a few more), for about a sixth of the bytes
    /// of an exact table per square.
    static BANDS: [[u128; 17]; 4] = band_table();
}

table! {
    /// [`line_number`] of each square along each line, looked up (faster than dividing by nine).
    static LINE_NUMBERS: [[u8; 4]; 81] = {
        let mut table = [[0u8; 4]; 81];
        let mut sq = 0;
        while sq < 81 {
            let mut line = 0;
            while line < 4 {
                table[sq][line] = line_number(line, sq) as u8;
                line += 1;
            }
            sq += 1;
        }
        table
    };
}

#[inline(always)]
fn band(line: usize, sq: Square) -> u128 {
    BANDS[line][LINE_NUMBERS[sq.index()][line] as usize]
}

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
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(rook_lines(sq, occupied))
}

#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(upward(2, sq, occupied) | downward(2, sq, occupied) | upward(3, sq, occupied) | downward(3, sq, occupied))
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
pub(crate) fn near(sq: Square) -> Bitboard {
    Bitboard(NEAR[sq.index()])
}

/// Every square a rook could stand on to attack a neighbour of `sq` on an empty board
/// (and a few more): the three files and three ranks through `sq` and its neighbours.
#[inline]
pub(crate) fn rook_reach_around(sq: Square) -> Bitboard {
    Bitboard(band(0, sq) | band(1, sq))
}

/// Every square a bishop could stand on to attack a neighbour of `sq` on an empty board
/// (and a few more): the five diagonals each way through `sq` and its neighbours.
#[inline]
pub(crate) fn bishop_reach_around(sq: Square) -> Bitboard {
    Bitboard(band(2, sq) | band(3, sq))
}

/// Every square a lance could stand on to attack a neighbour of `sq` on an empty board
/// (and more: either colour's, either side): the three files through `sq` and its neighbours.
#[inline]
pub(crate) fn lance_reach_around(sq: Square) -> Bitboard {
    Bitboard(band(0, sq))
}

/// The squares ahead of `sq` on its file, for `color` (towards rank a for sente:
/// lower indices).
#[inline]
pub fn forward_ray(color: Color, sq: Square) -> Bitboard {
    Bitboard(DIRECTIONAL[[4, 0][color.index()]][sq.index()])
}

#[inline(always)]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    // Sente's lance looks towards rank a: lower indices of its file.
    Bitboard(match color {
        Color::Sente => downward(0, sq, occupied),
        Color::Gote => upward(0, sq, occupied),
    })
}

/// The line (an index of `LINE_STEPS`) that two different squares share, if any.
/// Worked out rather than looked up: 81 × 81 tables of lines and gaps would be
/// 210 KB, about 7 KB gzip-compressed in each of the web app's wasm files.
#[inline]
fn shared_line(a: Square, b: Square) -> Option<usize> {
    let (a, b) = (a.index() as i32, b.index() as i32);
    let (files, ranks) = (b / 9 - a / 9, b % 9 - a % 9);
    match () {
        _ if a == b => None,
        _ if files == 0 => Some(0),
        _ if ranks == 0 => Some(1),
        _ if files == ranks => Some(2),
        _ if files == -ranks => Some(3),
        _ => None,
    }
}

/// Squares strictly between `a` and `b` if they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let Some(line) = shared_line(a, b) else { return Bitboard::EMPTY };
    // The ray from the lower square towards the higher meets the ray back from the higher.
    let (low, high) = if a.index() < b.index() { (a, b) } else { (b, a) };
    Bitboard(DIRECTIONAL[line][low.index()] & DIRECTIONAL[4 + line][high.index()])
}

/// The whole line (edge to edge) through `a` and `b`, or empty if none.
#[inline]
pub fn line_through(a: Square, b: Square) -> Bitboard {
    let Some(line) = shared_line(a, b) else { return Bitboard::EMPTY };
    Bitboard(DIRECTIONAL[line][a.index()] | DIRECTIONAL[4 + line][a.index()]).with(a)
}

/// The squares a piece attacks from `sq` one step away (a knight's jump
/// included): all of them for a stepping piece, none for a lance, bishop or
/// rook, the king-like steps of a horse or dragon.
#[inline]
pub fn step_attacks(color: Color, role: Role, sq: Square) -> Bitboard {
    // A table rather than a match: no jump through a table of addresses.
    step(color, ROLE_STEPPERS[role.index()], sq)
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
        assert_eq!(
            rook_attacks(sq("5e"), occ),
            set(&["5d", "5c", "5f", "5g", "5h", "6e", "7e", "4e", "3e", "2e", "1e"])
        );
        assert_eq!(lance_attacks(Color::Sente, sq("5e"), occ), set(&["5d", "5c"]));
        assert_eq!(lance_attacks(Color::Gote, sq("5e"), occ), set(&["5f", "5g", "5h"]));
        let diag = bishop_attacks(sq("5e"), set(&["3c", "6f"]));
        assert_eq!(diag, set(&["4d", "3c", "6d", "7c", "8b", "9a", "4f", "3g", "2h", "1i", "6f"]));
        assert_eq!(bishop_attacks(sq("1a"), Bitboard::EMPTY).count(), 8);
    }

    #[test]
    fn reach_around_holds_every_slider_that_attacks_a_neighbour() {
        for king in Square::all() {
            for neighbour in king_attacks(king) {
                for from in Square::all() {
                    let attacks_it = |seen: Bitboard| seen.contains(neighbour);
                    if attacks_it(rook_attacks(from, Bitboard::EMPTY)) {
                        assert!(rook_reach_around(king).contains(from), "rook {from} king {king}");
                    }
                    if attacks_it(bishop_attacks(from, Bitboard::EMPTY)) {
                        assert!(bishop_reach_around(king).contains(from), "bishop {from} king {king}");
                    }
                    if Color::ALL.into_iter().any(|c| attacks_it(lance_attacks(c, from, Bitboard::EMPTY))) {
                        assert!(lance_reach_around(king).contains(from), "lance {from} king {king}");
                    }
                }
            }
        }
        // A band, not the whole board: a bishop two diagonals off 5e's neighbours is left out.
        assert!(!bishop_reach_around(sq("5e")).contains(sq("2e")));
        assert!(!rook_reach_around(sq("5e")).contains(sq("3c")));
    }

    #[test]
    fn between_and_lines() {
        assert_eq!(between(sq("5a"), sq("5e")), set(&["5b", "5c", "5d"]));
        assert_eq!(between(sq("1a"), sq("4d")), set(&["2b", "3c"]));
        assert_eq!(between(sq("1a"), sq("2c")), Bitboard::EMPTY);
        assert_eq!(line_through(sq("5e"), sq("5g")), Bitboard::file(5));
        assert_eq!(line_through(sq("5e"), sq("3d")), Bitboard::EMPTY);
        assert_eq!(forward_ray(Color::Sente, sq("5c")), set(&["5b", "5a"]));
        assert_eq!(forward_ray(Color::Gote, sq("5g")), set(&["5h", "5i"]));
    }

    /// What a slider sees stepping square by square from `from` until it
    /// leaves the board or meets a piece.
    fn walk(from: Square, steps: &[(i8, i8)], occupied: Bitboard) -> Bitboard {
        let mut seen = Bitboard::EMPTY;
        for &(df, dr) in steps {
            let (mut f, mut r) = (from.file() as i8, from.rank() as i8);
            loop {
                (f, r) = (f + df, r + dr);
                // Off the board, `as u8` wraps to a file or rank that `Square::new` refuses.
                let Some(to) = Square::new(f as u8, r as u8) else { break };
                seen = seen.with(to);
                if occupied.contains(to) {
                    break;
                }
            }
        }
        seen
    }

    #[test]
    fn sliders_agree_with_stepping_on_random_boards() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..2000 {
            // Sparse and dense boards alike: each of three words has a quarter of its bits set.
            let mut word = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let bits = ((word() & word()) as u128) | ((word() & word()) as u128) << 64;
            let occupied = Bitboard(bits) & Bitboard::FULL;
            for from in Square::all() {
                let rook = walk(from, &[(0, 1), (0, -1), (1, 0), (-1, 0)], occupied);
                let bishop = walk(from, &[(1, 1), (1, -1), (-1, 1), (-1, -1)], occupied);
                assert_eq!(rook_attacks(from, occupied), rook, "rook {from}\n{occupied:?}");
                assert_eq!(bishop_attacks(from, occupied), bishop, "bishop {from}\n{occupied:?}");
                assert_eq!(lance_attacks(Color::Sente, from, occupied), walk(from, &[(0, -1)], occupied));
                assert_eq!(lance_attacks(Color::Gote, from, occupied), walk(from, &[(0, 1)], occupied));
            }
        }
    }
}

#[cfg(test)]
mod between_and_line_tests {
    use super::*;

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

    #[test]
    fn between_and_line_through_match_the_tables_walked_square_by_square() {
        let (gaps, lines) = between_and_line_tables();
        for a in Square::all() {
            for b in Square::all() {
                assert_eq!(between(a, b).0, gaps[a.index()][b.index()], "between {a} {b}");
                assert_eq!(line_through(a, b).0, lines[a.index()][b.index()], "line {a} {b}");
            }
        }
    }
}
