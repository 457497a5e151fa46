//! The other lines of a record beside the one the board follows, as the move list shows them:
//! at each move of the followed line, the lines that play another move there.

use crate::notation::record::Record;
use crate::rules::Move;

/// A line that leaves the followed one at move `ply` (1-based): its path in the record's tree
/// and its moves from that one on.
#[derive(Clone, PartialEq, Debug)]
pub struct Alternative {
    pub ply: usize,
    pub path: Vec<usize>,
    pub moves: Vec<Move>,
}

/// The alternatives to the line at `followed`, in ply order: one for each other move played
/// after a position of the followed line, by the first line of the tree (depth first, the main
/// line first) that plays it.
pub fn alternatives(tree: &Record, followed: &[usize]) -> Vec<Alternative> {
    let Some(line) = tree.line(followed) else { return Vec::new() };
    let mut found: Vec<Alternative> = Vec::new();
    for branch in tree.branches() {
        if branch.path == followed {
            continue;
        }
        let Some(other) = tree.line(&branch.path) else { continue };
        let common = line.moves.iter().zip(&other.moves).take_while(|(a, b)| a == b).count();
        // A line that goes no further than the followed one's moves shows nothing new.
        let Some(&first) = other.moves.get(common) else { continue };
        if !found.iter().any(|a| a.ply == common + 1 && a.moves[0] == first) {
            found.push(Alternative { ply: common + 1, path: branch.path, moves: other.moves[common..].to_vec() });
        }
    }
    found.sort_by_key(|a| a.ply);
    found
}

/// The lines that play each different move as move `ply` (1-based) after the followed line's
/// moves before it, one a move, in the tree's order (depth first, the main line first); the
/// followed line stands for its own move. Empty when the followed line has no move `ply`.
pub fn moves_at(tree: &Record, followed: &[usize], ply: usize) -> Vec<(Move, Vec<usize>)> {
    let Some(line) = tree.line(followed) else { return Vec::new() };
    let Some(&own) = ply.checked_sub(1).and_then(|i| line.moves.get(i)) else { return Vec::new() };
    let before = &line.moves[..ply - 1];
    let mut found: Vec<(Move, Vec<usize>)> = Vec::new();
    for branch in tree.branches() {
        let Some(other) = tree.line(&branch.path) else { continue };
        let Some(&m) = other.moves.get(ply - 1).filter(|_| other.moves.starts_with(before)) else { continue };
        if !found.iter().any(|(seen, _)| *seen == m) {
            found.push((m, if m == own { followed.to_vec() } else { branch.path }));
        }
    }
    found
}

/// The line `delta` places after (or before, negative) the followed one among those that play
/// another move as move `ply`, stopping at the first and the last: the ↑ and ↓ keys. None when
/// no other line plays another move there, or the followed one is already the first or last.
pub fn neighbour_at(tree: &Record, followed: &[usize], ply: usize, delta: isize) -> Option<Vec<usize>> {
    let lines = moves_at(tree, followed, ply);
    let here = lines.iter().position(|(_, path)| path == followed)?;
    let there = (here as isize + delta).clamp(0, lines.len() as isize - 1) as usize;
    (there != here).then(|| lines[there].1.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::rules::Position;

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace().map(|m| usi::parse(m).unwrap()).collect()
    }

    /// Main line 7g7f 3c3d 2g2f 8c8d; at move 3, 6g6f 8c8d; under it, at move 4, 4c4d;
    /// at move 2, 8c8d.
    fn tree() -> Record {
        let mut record = Record::new(Position::startpos());
        record.moves = moves("7g7f 3c3d 2g2f 8c8d");
        let at3 = record.play_at(&[], 3, moves("6g6f")[0]).unwrap();
        let at3 = record.play_at(&at3, 4, moves("8c8d")[0]).unwrap();
        record.play_at(&at3, 4, moves("4c4d")[0]).unwrap();
        record.play_at(&[], 2, moves("8c8d")[0]).unwrap();
        record
    }

    #[test]
    fn the_main_line_shows_each_first_move_of_its_variations() {
        let record = tree();
        let found = alternatives(&record, &[]);
        let summary: Vec<(usize, String)> =
            found.iter().map(|a| (a.ply, a.moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" "))).collect();
        assert_eq!(summary, [(2, "8c8d".to_string()), (3, "6g6f 8c8d".to_string())]);
    }

    #[test]
    fn a_variation_shows_its_parent_and_its_own_variations() {
        let record = tree();
        let followed = record.branches().into_iter().find(|b| b.ply == 3).unwrap().path;
        let found = alternatives(&record, &followed);
        let summary: Vec<(usize, String)> =
            found.iter().map(|a| (a.ply, a.moves.first().unwrap().to_string())).collect();
        assert_eq!(summary, [(2, "8c8d".to_string()), (3, "2g2f".to_string()), (4, "4c4d".to_string())]);
        assert_eq!(found[1].path, Vec::<usize>::new(), "the main line plays 2g2f");
    }

    #[test]
    fn the_moves_at_a_ply_are_one_a_move_in_the_trees_order() {
        let record = tree();
        let firsts = |found: Vec<(Move, Vec<usize>)>| found.iter().map(|(m, _)| m.to_string()).collect::<Vec<_>>();
        assert_eq!(firsts(moves_at(&record, &[], 3)), ["2g2f", "6g6f"]);
        assert_eq!(firsts(moves_at(&record, &[], 2)), ["3c3d", "8c8d"]);
        assert_eq!(firsts(moves_at(&record, &[], 1)), ["7g7f"]);
        assert!(moves_at(&record, &[], 5).is_empty(), "the main line has four moves");
        assert!(moves_at(&record, &[], 0).is_empty(), "the start is no move");
    }

    #[test]
    fn up_and_down_go_to_the_line_before_or_after_and_stop_at_the_ends() {
        let record = tree();
        let at3 = neighbour_at(&record, &[], 3, 1).expect("6g6f is after 2g2f");
        assert_eq!(record.line(&at3).unwrap().moves[2].to_string(), "6g6f");
        assert_eq!(neighbour_at(&record, &at3, 3, -1), Some(vec![]), "back up to the main line");
        assert_eq!(neighbour_at(&record, &at3, 3, 1), None, "6g6f is the last");
        assert_eq!(neighbour_at(&record, &[], 3, -1), None, "2g2f is the first");
        assert_eq!(neighbour_at(&record, &[], 1, 1), None, "no other first move");
        // Under 6g6f, at move 4: 8c8d then 4c4d.
        let at4 = neighbour_at(&record, &at3, 4, 1).expect("4c4d is after 8c8d");
        assert_eq!(record.line(&at4).unwrap().moves[3].to_string(), "4c4d");
    }
}
