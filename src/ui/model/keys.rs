//! Moving the keyboard focus over the board with the arrow keys. The arrows
//! follow the screen, so on a flipped board "up" walks towards sente's side.

use crate::rules::Square;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Arrow {
    Up,
    Down,
    Left,
    Right,
}

impl Arrow {
    /// The arrow named by a `KeyboardEvent.key`.
    pub fn from_key(key: &str) -> Option<Arrow> {
        match key {
            "ArrowUp" => Some(Arrow::Up),
            "ArrowDown" => Some(Arrow::Down),
            "ArrowLeft" => Some(Arrow::Left),
            "ArrowRight" => Some(Arrow::Right),
            _ => None,
        }
    }
}

/// The square next to `sq` in the arrow's direction on the screen; `None` at the board's edge.
pub fn step(sq: Square, arrow: Arrow, flipped: bool) -> Option<Square> {
    // Screen column 0..9 from the left and row 0..9 from the top, as sente sees the board.
    let (mut col, mut row) = (9 - sq.file() as i32, sq.rank() as i32);
    let (dc, dr) = match arrow {
        Arrow::Up => (0, -1),
        Arrow::Down => (0, 1),
        Arrow::Left => (-1, 0),
        Arrow::Right => (1, 0),
    };
    let sign = if flipped { -1 } else { 1 };
    col += dc * sign;
    row += dr * sign;
    if !(0..9).contains(&col) || !(0..9).contains(&row) {
        return None;
    }
    Square::new((9 - col) as u8, row as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::from_usi(name).unwrap()
    }

    #[test]
    fn arrows_follow_the_screen() {
        assert_eq!(step(sq("7g"), Arrow::Up, false), Some(sq("7f")));
        assert_eq!(step(sq("7g"), Arrow::Left, false), Some(sq("8g")));
        assert_eq!(step(sq("7g"), Arrow::Right, false), Some(sq("6g")));
        assert_eq!(step(sq("7g"), Arrow::Down, false), Some(sq("7h")));
        // Flipped, gote's side is at the bottom: up goes towards rank i, left towards file 1.
        assert_eq!(step(sq("7g"), Arrow::Up, true), Some(sq("7h")));
        assert_eq!(step(sq("7g"), Arrow::Left, true), Some(sq("6g")));
    }

    #[test]
    fn edges_stop() {
        assert_eq!(step(sq("9a"), Arrow::Left, false), None);
        assert_eq!(step(sq("9a"), Arrow::Up, false), None);
        assert_eq!(step(sq("1i"), Arrow::Right, false), None);
        assert_eq!(step(sq("1i"), Arrow::Down, false), None);
        assert_eq!(step(sq("1i"), Arrow::Left, true), None);
        assert_eq!(step(sq("9a"), Arrow::Right, true), None);
        assert_eq!(Arrow::from_key("ArrowUp"), Some(Arrow::Up));
        assert_eq!(Arrow::from_key("Enter"), None);
    }
}
