//! The board's measures in the SVG's units: the squares, the margins for the coordinates,
//! and the drawn size. The drawing and the drag both work from them.

use crate::rules::Square;

pub const SQUARE_W: f64 = 100.0;
/// Real boards are a little taller than wide (about 33 × 36 mm a square).
pub const SQUARE_H: f64 = 109.0;
/// Where a piece stands in its square: the middle.
pub const PIECE_X: f64 = SQUARE_W / 2.0;
pub const PIECE_Y: f64 = SQUARE_H / 2.0;
/// Wide enough for the evaluation bar: 34 units, 12 px on a 350 px phone board.
pub const LEFT: f64 = 40.0;
pub const TOP: f64 = 46.0;
pub const RIGHT: f64 = 48.0;
pub const BOTTOM: f64 = 12.0;
pub const VIEW_W: f64 = LEFT + 9.0 * SQUARE_W + RIGHT;
pub const VIEW_H: f64 = TOP + 9.0 * SQUARE_H + BOTTOM;
/// A square's width as a share of the board's drawn width.
pub const SQUARE_SHARE: f64 = SQUARE_W / VIEW_W;

/// Column and row (0..9 from the top left, sente at the bottom) of a square.
pub fn cell(sq: Square) -> (f64, f64) {
    ((9 - sq.file()) as f64, sq.rank() as f64)
}
