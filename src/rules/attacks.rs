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

/// The two halves of one line through a square: `lower` holds the squares
/// with smaller indices, `upper` the larger.
#[derive(Clone, Copy)]
struct Line {
    lower: u128,
    upper: u128,
}

/// Lines: 0 = file, 1 = rank, 2 = diagonal, 3 = anti-diagonal.
/// Each direction pair lists (step towards lower indices, step towards upper).
const LINE_STEPS: [(Step, Step); 4] = [((0, -1), (0, 1)), ((-1, 0), (1, 0)), ((-1, -1), (1, 1)), ((-1, 1), (1, -1))];

const fn line_table() -> [[Line; 81]; 4] {
    let mut table = [[Line { lower: 0, upper: 0 }; 81]; 4];
    let mut line = 0;
    while line < 4 {
        let mut sq = 0;
        while sq < 81 {
            table[line][sq] = Line { lower: ray(sq, LINE_STEPS[line].0), upper: ray(sq, LINE_STEPS[line].1) };
            sq += 1;
        }
        line += 1;
    }
    table
}

static LINES: [[Line; 81]; 4] = line_table();

/// Rook (0) and bishop (1) attacks on an empty board.
const fn ray_table() -> [[u128; 81]; 2] {
    let lines = line_table();
    let mut table = [[0u128; 81]; 2];
    let mut sq = 0;
    while sq < 81 {
        table[0][sq] = lines[0][sq].lower | lines[0][sq].upper | lines[1][sq].lower | lines[1][sq].upper;
        table[1][sq] = lines[2][sq].lower | lines[2][sq].upper | lines[3][sq].lower | lines[3][sq].upper;
        sq += 1;
    }
    table
}

static RAYS: [[u128; 81]; 2] = ray_table();

/// Squares strictly between two squares on a common line (empty otherwise),
/// and the whole line through both (empty if they share none).
const fn between_and_line_tables() -> ([[u128; 81]; 81], [[u128; 81]; 81]) {
    let mut between = [[0u128; 81]; 81];
    let mut through = [[0u128; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut line = 0;
        while line < 4 {
            let full = ray(a, LINE_STEPS[line].0) | ray(a, LINE_STEPS[line].1) | 1 << a;
            let mut side = 0;
            while side < 2 {
                let step = if side == 0 { LINE_STEPS[line].0 } else { LINE_STEPS[line].1 };
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
fn line_attacks(line: &Line, occupied: u128) -> u128 {
    let lower = line.lower & occupied;
    let upper = line.upper & occupied;
    // All bits from the nearest lower blocker (or bit 0) upwards ...
    let from_lower_blocker = !0u128 << (127 - (lower | 1).leading_zeros());
    // ... up to and including the nearest upper blocker (or to the top).
    let nearest_upper = upper & upper.wrapping_neg();
    let span = from_lower_blocker.wrapping_add(nearest_upper << 1);
    span & (line.lower | line.upper)
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

#[inline]
pub fn file_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks(&LINES[0][sq.index()], occupied.0))
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks(&LINES[0][sq.index()], occupied.0) | line_attacks(&LINES[1][sq.index()], occupied.0))
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(line_attacks(&LINES[2][sq.index()], occupied.0) | line_attacks(&LINES[3][sq.index()], occupied.0))
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

/// The squares ahead of `sq` on its file, for `color` (towards rank a for sente).
#[inline]
pub fn forward_ray(color: Color, sq: Square) -> Bitboard {
    let line = &LINES[0][sq.index()];
    Bitboard(match color {
        Color::Sente => line.lower,
        Color::Gote => line.upper,
    })
}

#[inline]
pub fn lance_attacks(color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
    file_attacks(sq, occupied) & forward_ray(color, sq)
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

/// The squares a piece attacks from `sq` given the occupancy.
#[inline]
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
