//! Whether a position and a line make a problem under the rules of [`super`].

use std::fmt;

use super::line::Lines;
use super::search::Search;
use crate::rules::{Move, Position};

/// The first rule a problem breaks; `ply` counts the line's moves from 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flaw {
    /// The line is empty or has an even number of moves.
    EvenLength,
    Illegal {
        ply: usize,
    },
    NotCheck {
        ply: usize,
    },
    /// A defence escapes the attacker's move: no mate within the plies left.
    NoMate {
        ply: usize,
    },
    /// Another check also mates within the plies left.
    AnotherMate {
        ply: usize,
        alternative: Move,
    },
    /// The defender's move is not the main line's: `better` lasts longer, or as long and
    /// leaves the attacker fewer pieces in hand. `None`: no counted defence lasts the plies
    /// left (the mate is shorter than the line), or the move is a useless interposition.
    NotLongestDefence {
        ply: usize,
        better: Option<Move>,
    },
    /// The attacker still holds pieces when the mate ends.
    PiecesLeft {
        count: u32,
    },
}

impl fmt::Display for Flaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Flaw::EvenLength => write!(f, "the line has no moves or an even number (a mate has an odd number)"),
            Flaw::Illegal { ply } => write!(f, "move {ply} is not legal"),
            Flaw::NotCheck { ply } => write!(f, "move {ply} does not give check"),
            Flaw::NoMate { ply } => write!(f, "move {ply} does not mate within the plies left"),
            Flaw::AnotherMate { ply, alternative } => {
                write!(f, "at move {ply}, {alternative} also mates within the plies left")
            }
            Flaw::NotLongestDefence { ply, better: Some(better) } => {
                write!(f, "move {ply} is not the longest defence: {better} is")
            }
            Flaw::NotLongestDefence { ply, better: None } => {
                write!(f, "move {ply} is not a counted defence lasting the plies left")
            }
            Flaw::PiecesLeft { count } => write!(f, "the attacker has {count} pieces left in hand at the end"),
        }
    }
}

impl std::error::Error for Flaw {}

/// Checks that `line` from `pos` (the attacker to move) is the main line of a problem: the
/// shortest mate, unique at every attacker move, against the longest defence, with
/// nothing left in the attacker's hand.
pub fn verify(pos: &Position, line: &[Move]) -> Result<(), Flaw> {
    verify_with(&mut Search::new(), pos, line)
}

/// [`verify`] with a given search (which may run out of nodes: then the answer means nothing).
pub(crate) fn verify_with(search: &mut Search, pos: &Position, line: &[Move]) -> Result<(), Flaw> {
    if line.len().is_multiple_of(2) {
        return Err(Flaw::EvenLength);
    }
    let attacker = pos.turn();
    let mut pos = pos.clone();
    let mut lines = Lines::new(search);
    for (i, &m) in line.iter().enumerate() {
        let (ply, plies_left) = (i + 1, (line.len() - i) as u8);
        if !pos.is_legal(m) {
            return Err(Flaw::Illegal { ply });
        }
        if pos.turn() == attacker {
            check_attacker_move(lines.search(), &pos, m, plies_left, ply)?;
        } else {
            check_defender_move(&mut lines, &pos, m, plies_left, ply)?;
        }
        pos.play_unchecked(m);
    }
    match pos.hand(attacker).total() {
        0 => Ok(()),
        count => Err(Flaw::PiecesLeft { count }),
    }
}

/// The attacker's move must mate within `plies_left`, and no other check may.
fn check_attacker_move(search: &mut Search, pos: &Position, m: Move, plies_left: u8, ply: usize) -> Result<(), Flaw> {
    if !pos.gives_check(m) {
        return Err(Flaw::NotCheck { ply });
    }
    if !search.mated_within(&pos.after(m), plies_left - 1) {
        return Err(Flaw::NoMate { ply });
    }
    match Search::checks(pos).into_iter().find(|&c| c != m && search.mated_within(&pos.after(c), plies_left - 1)) {
        Some(alternative) => Err(Flaw::AnotherMate { ply, alternative }),
        None => Ok(()),
    }
}

/// The defender's move must last the `plies_left`, and no other that lasts as long may
/// leave the attacker fewer pieces in hand.
fn check_defender_move(lines: &mut Lines, pos: &Position, m: Move, plies_left: u8, ply: usize) -> Result<(), Flaw> {
    let chosen = lines.defender_move(pos, plies_left);
    let as_good = |lines: &mut Lines, chosen: Move| {
        let [left, left_by_chosen] = [m, chosen].map(|r| lines.pieces_left(&pos.after(r), plies_left - 1, true));
        left <= left_by_chosen
    };
    match chosen {
        Some(chosen) if lines.lasts(pos, m, plies_left) && (chosen == m || as_good(lines, chosen)) => Ok(()),
        better => Err(Flaw::NotLongestDefence { ply, better }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi;
    use crate::tsume::tests::problem;

    fn verify_line(text: &str, line: &[&str]) -> Result<(), Flaw> {
        let line: Vec<Move> = line.iter().map(|m| usi::parse(m).expect("a USI move")).collect();
        verify(&problem(text), &line)
    }

    #[test]
    fn a_unique_mate_with_nothing_left_is_a_problem() {
        assert_eq!(verify_line("3k5/9/3S5/9/9/9/9/9/9 b S 1", &["S*6b"]), Ok(()));
        let four_golds = ["G*5e", "5d4c", "G*4d", "4c3b", "G*3c", "3b2a", "G*2b"];
        assert_eq!(verify_line("9/9/9/4k4/9/4P4/9/9/9 b 4G 1", &four_golds), Ok(()));
    }

    #[test]
    fn a_second_mating_move_is_rejected() {
        // A rook dropped on 1b mates, and so does one dropped on 1c (the interposition on 1b
        // being useless).
        let alternative = usi::parse("R*1c").expect("a USI move");
        assert_eq!(
            verify_line("7lk/7p1/9/7N1/9/9/9/9/9 b R 1", &["R*1b"]),
            Err(Flaw::AnotherMate { ply: 1, alternative })
        );
    }

    #[test]
    fn a_piece_left_in_hand_is_rejected() {
        assert_eq!(verify_line("3k5/9/3S5/9/9/9/9/9/9 b SP 1", &["S*6b"]), Err(Flaw::PiecesLeft { count: 1 }));
    }

    #[test]
    fn a_line_that_does_not_mate_in_its_length_is_rejected() {
        let four_golds = "9/9/9/4k4/9/4P4/9/9/9 b 4G 1";
        assert_eq!(verify_line(four_golds, &["G*5c"]), Err(Flaw::NoMate { ply: 1 }));
        assert_eq!(verify_line(four_golds, &["G*9a"]), Err(Flaw::NotCheck { ply: 1 }));
        assert_eq!(verify_line(four_golds, &["G*5e", "5d4c"]), Err(Flaw::EvenLength));
        // The first move mates in 7, not within the 5 plies of this line.
        assert_eq!(verify_line(four_golds, &["G*5e", "5d4c", "G*4d", "4c3b", "G*3c"]), Err(Flaw::NoMate { ply: 1 }));
    }
}
