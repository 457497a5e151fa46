//! Which piece slides on the board when the position shown changes, so a person sees what
//! moved: the engine's move (or another player's, who is no person at this device), and each
//! step forward or back through the moves. A person's own move does not slide: their piece
//! is already where they put it (lishogi animates no drag either). An undo, a game put at the
//! table or a jump of more than one move does not slide either. `board/slide.rs` animates it.

use crate::rules::{MoveKind, Square};

use crate::ui::model::table::Table;

/// The board as it was shown: how many moves the game had, and after how many it was shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shown {
    pub game_ply: usize,
    pub shown_ply: usize,
}

/// How the piece now standing on `at` comes there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Slide {
    /// From the square `from`.
    From { at: Square, from: Square },
    /// Dropped from a hand: it fades in.
    Dropped { at: Square },
}

/// The slide that shows the change from `before` to `now` of `table`, if one does.
pub fn slide(table: &Table, before: Shown, now: Shown) -> Option<Slide> {
    let moves = table.moves();
    let browsing = now.game_ply == before.game_ply;
    let new_move = now.game_ply == before.game_ply + 1 && now.shown_ply == now.game_ply;
    if now.shown_ply == before.shown_ply + 1 && (browsing || new_move) {
        let m = *moves.get(now.shown_ply - 1)?;
        let mover = table.position_at(now.shown_ply - 1).turn();
        if new_move && table.sides.person_plays(mover) {
            return None;
        }
        return Some(match m.kind() {
            MoveKind::Normal { from, .. } => Slide::From { at: m.to(), from },
            MoveKind::Drop { .. } => Slide::Dropped { at: m.to() },
        });
    }
    // A step back: the piece goes home from where it went; a dropped one just leaves.
    if browsing && now.shown_ply + 1 == before.shown_ply {
        let m = *moves.get(now.shown_ply)?;
        return m.from().map(|from| Slide::From { at: from, from: m.to() });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::rules::{ImpasseRule, Position};
    use crate::ui::model::table::Sides;

    fn table(sides: Sides, moves: &str) -> Table {
        let mut table = Table::new(Position::startpos(), sides, ImpasseRule::Declaration27);
        for m in moves.split_whitespace() {
            table.play(usi::parse(m).unwrap()).unwrap();
        }
        table
    }

    fn shown(game_ply: usize, shown_ply: usize) -> Shown {
        Shown { game_ply, shown_ply }
    }

    fn sq(name: &str) -> Square {
        Square::from_usi(name).unwrap()
    }

    #[test]
    fn the_engines_move_slides_and_the_persons_does_not() {
        let game = table(Sides::Sente, "7g7f 3c3d");
        assert_eq!(slide(&game, shown(1, 1), shown(2, 2)), Some(Slide::From { at: sq("3d"), from: sq("3c") }));
        let persons = table(Sides::Sente, "7g7f");
        assert_eq!(slide(&persons, shown(0, 0), shown(1, 1)), None);
        assert_eq!(slide(&table(Sides::Both, "7g7f"), shown(0, 0), shown(1, 1)), None, "two at one device");
        let watched = table(Sides::None, "7g7f");
        assert_eq!(slide(&watched, shown(0, 0), shown(1, 1)), Some(Slide::From { at: sq("7f"), from: sq("7g") }));
    }

    #[test]
    fn stepping_through_the_moves_slides_both_ways() {
        let game = table(Sides::Both, "7g7f 3c3d 8h2b+ 3a2b B*4e");
        assert_eq!(slide(&game, shown(5, 2), shown(5, 3)), Some(Slide::From { at: sq("2b"), from: sq("8h") }));
        assert_eq!(slide(&game, shown(5, 3), shown(5, 2)), Some(Slide::From { at: sq("8h"), from: sq("2b") }));
        assert_eq!(slide(&game, shown(5, 4), shown(5, 5)), Some(Slide::Dropped { at: sq("4e") }));
        assert_eq!(slide(&game, shown(5, 5), shown(5, 4)), None, "a drop taken back leaves the board");
        assert_eq!(slide(&game, shown(5, 0), shown(5, 5)), None, "a jump");
        assert_eq!(slide(&game, shown(6, 6), shown(5, 5)), None, "an undo");
        assert_eq!(slide(&game, shown(0, 0), shown(5, 5)), None, "a game put at the table");
    }
}
